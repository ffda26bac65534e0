"""The public history of a deal is complete: the pile, the cards taken with it, and
every meld can be rebuilt from it, at 2, 3, 4 and 6 players."""

from __future__ import annotations

import random

from canasta.engine import Rules, apply_in_place, legal_actions, new_game
from canasta.engine.history import DISCARD, MELD, TAKE, UPCARD, held_from, pile_from
from canasta.engine.state import GAME_OVER

OPTIONS = [{}, {"black_three_freezes": True}, {"pile_always_frozen": True}, {"ask_to_go_out": True}]


def _positions(players: int, seed: int, steps: int, options: dict | None = None):
    """Every position of random legal play (deals run on to the next)."""
    rng = random.Random(seed)
    st = new_game(Rules(players=players, **(options or {})), seed=seed)
    for _ in range(steps):
        yield st
        if st.phase == GAME_OVER:
            return
        acts = legal_actions(st)
        # favour taking and melding, so that the history has every kind of entry
        rich = [a for a in acts if type(a).__name__ not in ("Draw", "Discard")]
        apply_in_place(st, rng.choice(rich) if rich and rng.random() < 0.7 else rng.choice(acts))


def _check_history(st) -> None:
    public = st.public_history
    assert pile_from(public) == st.pile, "the pile rebuilt from the history is not the pile"
    held = held_from(public, st.rules.players)
    assert [sorted(h) for h in held] == [sorted(k) for k in st.known]
    for s, cards in enumerate(held):
        assert set(cards) <= set(st.hands[s])
    # every meld: the history says who made it and which cards went on it, in order
    by_meld: dict = {}
    for e in public:
        if e.what == MELD:
            by_meld.setdefault(e.meld, []).append(e)
    for team, melds in enumerate(st.melds):
        for m in melds:
            entries = by_meld.get(m.id)
            assert entries, f"no history for meld {m.id} of team {team}"
            assert entries[0].seat == m.by
            assert [c for e in entries for c in e.cards] == m.cards
            assert all(st.team_of(e.seat) == team for e in entries)


def test_the_history_is_complete_at_every_table_size():
    kinds = set()
    checked = 0
    for players in (2, 3, 4, 6):
        for g in range(4):
            for st in _positions(players, 1000 * players + g, 700, OPTIONS[g]):
                _check_history(st)
                kinds.update(e.what for e in st.public_history)
                checked += 1
    assert checked > 2000
    assert {UPCARD, DISCARD, TAKE, MELD} <= kinds


def test_a_take_records_the_whole_pile_and_who_took_it():
    seen = 0
    for st in _positions(4, 7, 2000):
        before = list(st.pile)
        acts = [a for a in legal_actions(st) if type(a).__name__ == "TakePile"]
        if not acts or st.phase == GAME_OVER:
            continue
        seat = st.to_act
        s2 = st.clone()
        apply_in_place(s2, acts[0])
        takes = [e for e in s2.public_history[len(st.public_history):] if e.what == TAKE]
        assert len(takes) == 1 and takes[0].seat == seat
        assert sorted(takes[0].cards) == sorted(before)
        seen += 1
    assert seen > 5
