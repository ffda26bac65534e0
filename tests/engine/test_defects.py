"""Regression tests of two engine defects found in review (issue 10, item 7).

1. ``legal_actions`` left out going out and ``Ask`` when the hand held more than 12
   cards, though ``check`` accepted them.
2. A malformed action (None groups, a float or bool card id, wrong types anywhere)
   raised TypeError or was accepted; ``Discard(float)`` even took the card out of
   the hand before failing. Each must be ``IllegalAction`` and change nothing.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from canasta.engine import (Answer, Ask, Discard, Draw, Group, IllegalAction, Meld, Rules, TakePile,
                            apply, apply_in_place, check, legal_actions)
from canasta.engine.setup import position

KINGS = ["KH", "KC", "KD", "KS", "KH", "KC", "KD"]
QUEENS = ["QH", "QC", "QD", "QS", "QH", "QC", "QD"]
# 17 cards: five natural triples, a king for the canasta of kings, a jack to discard
BIG_HAND = ["4H", "4C", "4D", "5H", "5C", "5D", "6H", "6C", "6D", "7H", "7C", "7D",
            "8H", "8C", "8D", "KS", "JH"]


def two_player_17():
    return position(Rules(players=2), {
        "scores": [0, 0], "dealer": 1, "turn": 0, "phase": "play",
        "hands": [BIG_HAND, ["9H", "9C"]], "stock": 30, "discard": ["TS"],
        "melds": [[{"cards": KINGS[:6], "by": 0}, {"cards": QUEENS, "by": 0}], []],
    })


def goes_out(st, a):
    return isinstance(a, Meld) and len(st.hands[st.to_act]) - sum(len(g.cards) for g in a.groups) <= 1


def test_going_out_with_seventeen_cards_is_offered():
    st = two_player_17()
    assert len(st.hands[0]) == 17
    outs = [a for a in legal_actions(st) if goes_out(st, a)]
    assert outs, "legal_actions offers no way out"
    for a in outs:
        check(st, a)
    after = apply(st, outs[0])[0]
    if not after.deal_over:
        discards = [a for a in legal_actions(after) if isinstance(a, Discard)]
        assert discards
        assert apply(after, discards[0])[0].went_out == 0


def test_ask_is_offered_with_a_thirteen_card_hand():
    hand = BIG_HAND[:12] + ["KS"]  # four triples and a king: melds out whole
    st = position(Rules(players=4), {
        "scores": [0, 0], "dealer": 3, "turn": 0, "phase": "play",
        "hands": [hand, ["9H"], ["9C"], ["9D"]], "stock": 30, "discard": ["TS"],
        "melds": [[{"cards": KINGS[:6], "by": 2}, {"cards": QUEENS, "by": 2}], []],
    })
    assert len(st.hands[0]) == 13
    legal = legal_actions(st)
    assert Ask() in legal
    check(st, Ask())
    assert any(goes_out(st, a) for a in legal)


# -- malformed actions -----------------------------------------------------------

def play_state():
    st = two_player_17()
    return st


MALFORMED = [
    Discard(3.0), Discard(True), Discard(None), Discard("4H"), Discard(-1), Discard(10**9),
    Meld(None), Meld((None,)), Meld(((1.0, 2.0, 3.0),)), Meld((Group((True, 1, 2)),)),
    Meld((Group(None),)), Meld((Group((1, 2, 3), None),)), Meld((Group((1, 2, 3), 4.0),)),
    Meld("abc"), Meld(({1, 2, 3},)),
    TakePile(None, ()), TakePile((1.5,), ()), TakePile((), None), TakePile((), (None,)),
    Answer(None), Answer(1), Answer("yes"),
]


@pytest.mark.parametrize("action", MALFORMED, ids=repr)
def test_malformed_action_is_illegal_and_changes_nothing(action):
    st = play_state()
    before = st.snapshot()
    with pytest.raises(IllegalAction) as info:
        check(st, action)
    assert str(info.value).strip().endswith(".")
    with pytest.raises(IllegalAction):
        apply_in_place(st, action)
    assert st.snapshot() == before


def test_discard_of_a_float_card_keeps_the_card():
    st = play_state()
    card = st.hands[0][0]
    with pytest.raises(IllegalAction):
        apply_in_place(st, Discard(float(card)))
    assert card in st.hands[0]


def test_bad_seat_is_illegal():
    st = play_state()
    for seat in (1.0, True, -1, 7, "0"):
        with pytest.raises(IllegalAction):
            check(st, Discard(st.hands[0][0]), seat)


junk_scalar = hs.one_of(hs.none(), hs.floats(allow_nan=True), hs.booleans(), hs.text(max_size=3),
                        hs.integers(max_value=-1), hs.integers(min_value=6 * 54),
                        hs.dictionaries(hs.text(max_size=2), hs.integers(), max_size=2))
junk = hs.recursive(junk_scalar, lambda inner: hs.one_of(hs.lists(inner, max_size=3),
                                                         hs.tuples(inner, inner)), max_leaves=6)
junk_group = hs.one_of(junk, hs.builds(Group, junk), hs.builds(Group, hs.just((1, 2, 3)), junk_scalar))
junk_action = hs.one_of(
    hs.builds(Discard, junk),
    hs.builds(Meld, junk),
    hs.builds(Meld, hs.lists(junk_group, min_size=1, max_size=3).map(tuple)),
    hs.builds(TakePile, junk, hs.just(())),
    hs.builds(TakePile, hs.just(()), hs.lists(junk_group, min_size=1, max_size=2).map(tuple)),
    hs.builds(Answer, junk),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(action=junk_action)
def test_junk_actions_are_illegal_and_change_nothing(action):
    for st in (play_state(), position(Rules(), {"turn": 0, "phase": "draw", "hands": [["4H", "4C"], ["5D"], ["6D"], ["7D"]],
                                                 "stock": 10, "discard": ["4D"]})):
        before = st.snapshot()
        with pytest.raises(IllegalAction):
            apply_in_place(st, action)
        assert st.snapshot() == before
        assert Draw() in legal_actions(st) or legal_actions(st)


# -- the same in every game ----------------------------------------------------------

GAMES = ["classic", "samba", "bolivia", "american", "hand_and_foot"]


def game_states(game: str):
    """A position of ``game`` to draw from and, after the draw, one to meld in."""
    from canasta.engine import new_game
    st = new_game(Rules(variant=game), seed=26)
    draw = next(a for a in legal_actions(st) if isinstance(a, Draw))
    return [st, _after(st, draw)]


def _after(st, action):
    nxt = st.clone()
    apply_in_place(nxt, action)
    return nxt


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("action", MALFORMED, ids=repr)
def test_malformed_action_is_illegal_in_every_game(game, action):
    for st in game_states(game):
        before = st.snapshot()
        with pytest.raises(IllegalAction) as info:
            check(st, action)
        assert str(info.value).strip()
        with pytest.raises(IllegalAction):
            apply_in_place(st, action)
        assert st.snapshot() == before


@pytest.mark.parametrize("game", GAMES[1:])
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(action=junk_action)
def test_junk_actions_are_illegal_in_every_game(game, action):
    for st in game_states(game):
        before = st.snapshot()
        with pytest.raises(IllegalAction):
            apply_in_place(st, action)
        assert st.snapshot() == before
        assert legal_actions(st)
