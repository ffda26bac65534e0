"""What a seat knows: an observation names no hidden card, at 2, 3, 4 and 6 players,
and does not change when only hidden cards do."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from canasta.engine.observe import observe
from canasta.engine.state import COUNT, OWNER, TABLE, ZONES

from .test_history import OPTIONS, _positions


def _shown_cards(ob) -> set[int]:
    """Every card id an observation names, anywhere."""
    out = set(ob.hand) | set(ob.pile) | set(ob.sideways)
    out.update(c for part in ob.known for c in part)
    out.update(c for team in ob.melds for m in team for c in m.cards)
    out.update(c for reds in ob.red3 for c in reds)
    out.update(c for e in ob.public_history for c in e.cards)
    return out


def _check_no_leak(st) -> None:
    stock = set(st.stock)
    for seat in range(st.rules.players):
        ob = observe(st, seat)
        shown = _shown_cards(ob)
        assert not (shown & stock), "the observation names a stock card"
        for other in range(st.rules.players):
            if other != seat:
                hidden = set(st.hands[other]) - set(st.known[other])
                assert not (shown & hidden), f"seat {seat} sees seat {other}'s hidden cards"
        # the zones: the own hand as held, the others' sizes only, the public ones whole
        for z in ZONES:
            if z.visibility == OWNER:
                assert sorted(getattr(ob, z.shown)) == sorted(getattr(st, z.name)[seat])
            if z.visibility == COUNT:
                assert not hasattr(ob, z.name) and not z.shown
                value = getattr(st, z.name)
                sizes = len(value) if z.per == TABLE else tuple(len(part) for part in value)
                assert getattr(ob, z.sizes) == sizes


SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _run(players: int, seed: int, steps: int, option: int) -> None:
    for st in _positions(players, seed, steps, OPTIONS[option]):
        _check_no_leak(st)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
@SETTINGS
@given(seed=hs.integers(0, 10 ** 6), steps=hs.integers(1, 400), option=hs.integers(0, len(OPTIONS) - 1))
def test_no_hidden_card_in_an_observation(players, seed, steps, option):
    _run(players, seed, steps, option)


@pytest.mark.parametrize("game", ["samba", "bolivia", "american", "hand_and_foot"])
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=hs.integers(0, 10 ** 6), steps=hs.integers(1, 400))
def test_no_hidden_card_in_an_observation_in_every_game(game, seed, steps):
    for st in _positions(4, seed, steps, {"variant": game}):
        _check_no_leak(st)


def test_an_observation_does_not_change_when_hidden_cards_are_swapped():
    """Swap cards between two hidden hands, and the stock's order: every other seat
    sees exactly the same observation (so nothing in it depends on hidden cards)."""
    rng = random.Random(5)
    swapped = 0
    for st in _positions(4, 11, 300):
        if st.deal_over:
            continue
        for seat in range(4):
            a, b = [s for s in range(4) if s != seat][:2]
            ha = [c for c in st.hands[a] if c not in st.known[a]]
            hb = [c for c in st.hands[b] if c not in st.known[b]]
            if not ha or not hb:
                continue
            before = observe(st, seat)
            alt = st.clone()
            ca, cb = rng.choice(ha), rng.choice(hb)
            alt._remove_from_hand(a, ca)
            alt._remove_from_hand(b, cb)
            alt._add_to_hand(a, cb)
            alt._add_to_hand(b, ca)
            rng.shuffle(alt.stock)
            assert observe(alt, seat) == before
            swapped += 1
    assert swapped > 100
