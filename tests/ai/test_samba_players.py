"""The computer players in Samba and Bolivia: every level plays whole games to their
end at 2, 3, 4 and 6 players, choosing only legal actions; they build sequences and
make sambas; the hint explains Samba moves in a sentence."""

from __future__ import annotations

import pytest

from canasta.ai import make_player
from canasta.ai.search import HardPlayer
from canasta.ai.explain import explain
from canasta.engine import Meld, Rules, TakePile, apply_in_place, legal_actions, new_game
from canasta.engine.observe import observe
from canasta.engine.setup import position
from canasta.engine.state import GAME_OVER


def _play_game(variant: str, players: int, level: str, target: int, seed: int = 1):
    st = new_game(Rules(variant=variant, players=players, target_score=target), seed=f"{variant}-{players}-{level}")
    if level == "hard":
        # the hard search itself, kept small for the test's time
        bots = [HardPlayer(seed=seed + s, worlds=2, candidates=2, depth=2) for s in range(players)]
    else:
        bots = [make_player(level, seed=seed + s) for s in range(players)]
    steps = 0
    while st.phase != GAME_OVER:
        legal = legal_actions(st)
        seat = st.to_act
        a = bots[seat].choose(observe(st, seat), legal)
        assert a in legal
        apply_in_place(st, a)
        steps += 1
        assert steps < 30000
    return st


@pytest.mark.parametrize("variant", ["samba", "bolivia"])
@pytest.mark.parametrize("players", [2, 3, 4, 6])
@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_every_level_plays_a_whole_game(variant, players, level):
    st = _play_game(variant, players, level, target=500 if level == "hard" else 2000)
    assert st.winners
    assert max(st.totals) >= st.rules.target_score


def test_medium_makes_and_extends_sequences():
    made = 0
    longest = 0
    for i in range(3):
        st = new_game(Rules(variant="samba"), seed=f"seq-{i}")
        bots = [make_player("medium", seed=s) for s in range(4)]
        while not st.deal_over:
            seat = st.to_act
            apply_in_place(st, bots[seat].choose(observe(st, seat), legal_actions(st)))
        for team in st.melds:
            made += sum(1 for m in team if m.kind == "sequence")
            longest = max([longest] + [len(m.cards) for m in team if m.kind == "sequence"])
    assert made >= 3
    assert longest >= 5


@pytest.mark.parametrize("variant,kind", [("samba", "samba"), ("bolivia", "escalera")])
def test_medium_players_make_sambas(variant, kind):
    # 20 deals of four medium players (0.3 sambas a deal in Samba, 0.75 escaleras in
    # Bolivia over 40 deals, see docs/ai.md)
    made = 0
    for i in range(20):
        st = new_game(Rules(variant=variant), seed=f"samba-made-{i}", dealer=i % 4)
        bots = [make_player("medium", seed=s) for s in range(4)]
        while not st.deal_over:
            seat = st.to_act
            apply_in_place(st, bots[seat].choose(observe(st, seat), legal_actions(st)))
        made += sum(1 for team in st.melds for m in team if m.canasta == kind)
    assert made >= 2


def _pos(hand, melds, phase="play", discard=("8S", "5C")):
    data = {"scores": [0, 0], "dealer": 3, "turn": 0, "phase": phase,
            "hands": [hand, ["5H", "6D"], ["5D", "9C"], ["6S", "KD"]], "stock": 40, "discard": list(discard),
            "melds": [[{"cards": m, "by": 2} for m in melds], []], "red_threes": [[], []]}
    return position(Rules(variant="samba"), data)


def test_medium_extends_a_sequence_toward_a_samba():
    st = _pos(["8H", "9H", "TH", "4C", "KS", "QD"], [["4H", "5H", "6H", "7H"]])
    legal = legal_actions(st)
    a = make_player("medium").choose(observe(st, 0), legal)
    assert isinstance(a, Meld) and a.groups[0].onto == st.melds[0][0].id
    assert len(a.groups[0].cards) == 3
    text = explain(observe(st, 0), a, legal)
    assert "samba" in text and "hearts" in text and text.endswith(".")


def test_hints_for_samba_moves_are_sentences():
    st = _pos(["5S", "6S", "7S", "KC", "KD", "KH", "QD", "9C"], [["KS", "KH", "KC"], ["5H", "6H", "7H"]])
    ob = observe(st, 0)
    legal = legal_actions(st)
    seen = set()
    for a in legal:
        text = explain(ob, a, legal)
        assert text and text[0].isupper() and text.endswith("."), text
        seen.add(text.split(":")[0])
    assert any(t.startswith("Start a sequence") for t in seen)
    assert any(t.startswith("Start another group of kings") for t in seen)
    st2 = _pos(["TD", "QC", "KS"], [["5H", "6H", "7H"]], phase="draw", discard=("5C", "JS", "8H"))
    take = next(a for a in legal_actions(st2) if isinstance(a, TakePile))
    assert "extends the 5-7 of hearts" in explain(observe(st2, 0), take)


def test_players_never_feed_an_unfrozen_pile_onto_a_sequence_end():
    # the next opponent (seat 1) has 5-7 of spades; medium keeps the 8 of spades
    data = {"scores": [0, 0], "dealer": 3, "turn": 0, "phase": "play",
            "hands": [["8S", "KD", "4C", "9H"], ["5H", "6D", "TC"], ["5D", "9C"], ["6S", "KD"]],
            "stock": 40, "discard": ["9S", "QC", "JD", "TD", "4H", "4D", "QS"],
            "melds": [[{"cards": ["AH", "AD", "AC"], "by": 2}], [{"cards": ["5S", "6S", "7S"], "by": 1}]],
            "red_threes": [[], []]}
    st = position(Rules(variant="samba"), data)
    a = make_player("medium").choose(observe(st, 0), legal_actions(st))
    assert not (hasattr(a, "card") and a.card == st.hands[0][0])
