"""Visible blunders (canasta.ai.blunders): what counts as one, the hard player and the
hint avoiding them, and the bench that counts them.

``blunder_positions.json`` holds three positions of Classic self-play (records of
``python -m canasta.bench blunders``-style deals) where the hard player before this
change (the same seed, ``avoids_blunders`` off) threw the next player a card it could
take the pile with onto its side's open meld, while a safe discard was legal."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from canasta.ai import hint
from canasta.ai.blunders import KINDS, blunder_kinds, visible_blunders
from canasta.ai.search import HardPlayer
from canasta.engine import Discard, TakePile, legal_actions
from canasta.engine.core import apply
from canasta.engine.observe import observe
from canasta.engine.record import Game

CASES = json.loads(Path(__file__).with_name("blunder_positions.json").read_text())


def _position(case):
    game = Game.from_json(case["record"])
    st = game.state
    assert st.to_act == case["seat"]
    return st, observe(st, st.to_act), legal_actions(st)


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"seed{c['hard_seed']}")
def test_a_gift_is_a_discard_the_next_player_takes_the_pile_with_onto_its_meld(case):
    st, ob, legal = _position(case)
    marks = visible_blunders(ob, legal)
    gifts = [legal[i] for i, k in marks.items() if "gift" in k]
    assert gifts and all(type(a) is Discard for a in gifts)
    nxt = (st.to_act + 1) % st.rules.players
    for a in gifts:
        after, _ = apply(st, a)
        assert after.to_act == nxt
        takes = [t for t in legal_actions(after) if type(t) is TakePile and not t.with_cards and not t.melds]
        assert takes, f"{a} is called a gift but the next player cannot take the pile onto a meld"
        assert len(after.pile) >= 4
    # a safe discard was legal
    assert any(type(a) is Discard and i not in marks for i, a in enumerate(legal))


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"seed{c['hard_seed']}")
def test_hard_no_longer_gives_the_pile_away(case):
    st, ob, legal = _position(case)
    old = HardPlayer(seed=case["hard_seed"])
    old.avoids_blunders = False
    before = old.choose(ob, legal)
    assert "gift" in blunder_kinds(ob, legal, before)          # what the old player did
    now = HardPlayer(seed=case["hard_seed"]).choose(ob, legal)
    assert blunder_kinds(ob, legal, now) == ()


@pytest.mark.parametrize("case", CASES[:1], ids=lambda c: f"seed{c['hard_seed']}")
def test_the_hint_avoids_the_gift_and_says_why_with_points(case):
    st, ob, legal = _position(case)
    action, reason = hint(ob, legal, budget_ms=125)
    assert blunder_kinds(ob, legal, action) == ()
    assert "points" in reason and "deals played out" in reason


def test_no_discard_is_a_blunder_when_every_discard_feeds_the_next_player():
    st, ob, legal = _position(CASES[0])
    only_gifts = [a for i, a in enumerate(legal) if "gift" in visible_blunders(ob, legal).get(i, ())]
    assert only_gifts
    assert visible_blunders(ob, only_gifts) == {}


def test_the_bench_prints_every_kind_per_thousand_decisions(capsys):
    from canasta.bench import main
    assert main(["blunders", "--level", "medium", "--variant", "classic", "--deals", "2"]) == 0
    out = capsys.readouterr().out
    assert "decisions:" in out
    for k in KINDS:
        assert k in out and "per 1,000 decisions" in out
    assert main(["blunders", "--level", "grandmaster", "--deals", "1"]) == 2


def test_hard_gives_way_even_when_the_blunder_wins_by_the_same_amount_in_every_world():
    """A blunder ahead by exactly 50 in every world has a standard error of 0: the hard
    player (no bar at all) still plays the best other move; the hint's bar (the coach's
    two standard errors and 40 points) keeps it."""
    import math
    from canasta.ai.search import clear_of_blunders
    results = [[100.0, 80.0, 120.0], [50.0, 30.0, 70.0], [40.0, 20.0, 60.0]]
    marked = [True, False, False]
    assert clear_of_blunders(results, marked, 0, math.inf) == 1
    assert clear_of_blunders(results, marked, 0, 2.0) == 0
