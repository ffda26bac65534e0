"""The table's layout draws what the viewer knows: every face-up card is in the
viewer's Observation, and the hidden cards (other hands, the stock's order) change
nothing face up. Pure: no window, no pygame display."""

from __future__ import annotations

import random

import pytest

from canasta.ai import make_player
from canasta.engine import NextDeal, Rules, legal_actions
from canasta.engine.core import apply_in_place
from canasta.engine.moves import new_game
from canasta.engine.observe import observe, sample_state
from canasta.ui.table.layout import FaceDown, LayoutOptions, SeatLabel, face_down_ids, lay_out


def positions(players: int, seed: int, count: int):
    """``count`` positions of one game, taken along a game the easy player plays
    (with a random legal move now and then)."""
    rng = random.Random(seed)
    st = new_game(Rules(players=players), seed=seed)
    bot = make_player("easy")
    out = []
    for step in range(2000):
        if len(out) >= count:
            break
        if st.game_over:
            break
        if st.deal_over:
            out.append(st.clone())
            apply_in_place(st, NextDeal())
            continue
        legal = legal_actions(st)
        if rng.random() < 0.15:
            action = rng.choice(legal)
        else:
            action = bot.choose(observe(st, st.to_act), legal)
        apply_in_place(st, action)
        if rng.random() < 0.2:
            out.append(st.clone())
    return out


def options(ob, rng: random.Random, show_hand: bool) -> LayoutOptions:
    hand = list(ob.hand)
    picked = frozenset(rng.sample(hand, min(len(hand), rng.randint(0, 2))))
    return LayoutOptions(ob.seat, show_hand, picked, (), rng.choice(["rank", "suit", "none"]), rng.choice([1.0, 1.5, 2.0]))


def face_up(lay) -> dict:
    return {c: p for c, p in lay.targets.items() if p.face_up}


def knowable(ob) -> set[int]:
    """The cards whose faces the viewer may see: its hand and the public zones."""
    cards = set(ob.hand) | set(ob.pile)
    cards.update(c for team in ob.melds for m in team for c in m.cards)
    cards.update(c for team in ob.red3 for c in team)
    return cards


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_the_layout_shows_only_what_the_viewer_knows(players):
    rng = random.Random(players)
    seen_melds = False
    for st in positions(players, seed=100 + players, count=25):
        seat = rng.randrange(players)
        ob = observe(st, seat)
        seen_melds = seen_melds or any(ob.melds)
        for show_hand in (True, False):
            opts = options(ob, rng, show_hand)
            lay = lay_out(ob, face_down_ids(st, seat), opts)
            up = face_up(lay)
            assert set(up) <= knowable(ob)
            if not show_hand:
                assert not set(up) & set(ob.hand)
            # every card of the hands and the stock has a sprite identity (a back
            # where it is not the viewer's own, face-up hand)
            for s in range(players):
                assert all(c in lay.targets for c in st.hands[s])
            assert [label.count for label in lay.labels if isinstance(label, SeatLabel)] == list(ob.hand_sizes)
            # the same observation with the hidden cards dealt otherwise: the same face
            for k in range(2):
                other = sample_state(ob, random.Random(rng.random()))
                assert observe(other, seat) == ob
                alt = lay_out(ob, face_down_ids(other, seat), opts)
                assert face_up(alt) == up
                assert alt.labels == lay.labels
                assert alt.zones == lay.zones and alt.meld_zones == lay.meld_zones
                assert alt.hand_order == lay.hand_order
            # and the stock in another order, another hand shuffled, by hand
            down = face_down_ids(st, seat)
            stock = list(down.stock)
            rng.shuffle(stock)
            hands = [list(h) for h in down.hands]
            for h in hands:
                rng.shuffle(h)
            shuffled = FaceDown(tuple(tuple(h) for h in hands), tuple(stock))
            assert face_up(lay_out(ob, shuffled, opts)) == up
    assert seen_melds, "the positions should include melds on the table"


def test_face_down_ids_hold_no_card_of_the_viewer_or_the_table():
    st = positions(4, seed=7, count=3)[-1]
    down = face_down_ids(st, 2)
    assert down.hands[2] == ()
    ob = observe(st, 2)
    ids = {c for h in down.hands for c in h} | set(down.stock)
    assert not ids & knowable(ob)
