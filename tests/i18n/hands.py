"""What the language tests share: the refusal the engine gives an action, and the ids of
cards named by their codes in seat 0's hand (each test sets its own position up)."""

from __future__ import annotations

import pytest

from canasta.engine import IllegalAction, check
from canasta.engine.cards import CODE_OF


def refusal(st, action):
    """The sentence the engine refuses ``action`` with (it must refuse it)."""
    with pytest.raises(IllegalAction) as e:
        check(st, action)
    return e.value.args[0]


def hand_cards(st, *codes):
    """The ids of seat 0's cards with these codes, each card once ("KH", "KH": two kings)."""
    hand = list(st.hands[0])
    out = []
    for code in codes:
        c = next(c for c in hand if CODE_OF[c] == code)
        hand.remove(c)
        out.append(c)
    return tuple(out)
