"""The medium and hard players remember the table (RULES.md section 11): the whole
pile card by card, who threw what and who let what go by, the cards taken with the
pile. These tests set a position, then give the same position with and without its
public history and check that the history changes what the player thinks and does."""

from __future__ import annotations

import random
from dataclasses import fields, replace

from canasta.ai.policy import medium_choose
from canasta.ai.valuation import denied_kinds, keep_value, pile_value, take_chance
from canasta.ai.search import refine_world
from canasta.engine import Discard, Rules, legal_actions
from canasta.engine.cards import CODE_OF, KIND_OF
from canasta.engine.history import Shown
from canasta.engine.observe import observe, sample_state
from canasta.engine.setup import position

from .conftest import positions

KING, QUEEN = 13, 12

DATA = {
    "turn": 0, "phase": "play", "stock": 40,
    "hands": [["KH", "QC", "JS", "JH", "6D", "6S", "5H", "5S"],
              ["4C", "4D", "7H", "8C", "8D", "TC", "TD", "3C"],
              ["AS", "9S", "9H", "8S", "8H", "2C", "JC"],
              ["AH", "9C", "TH", "TS", "4S", "5C", "6C", "QS"]],
    "melds": [[{"cards": ["AC", "AD", "AD"], "by": 0}],
              [{"cards": ["7C", "7D", "7S"], "by": 1}]],
    "discard": ["4D", "5H", "6D", "TD", "KD", "JH", "6S", "9D", "TS", "4H", "9C"],
}


def _history(pile, first_seat):
    """The pile as a history: its bottom card the upcard, then one discard a seat, round
    the table from ``first_seat``."""
    out = [Shown("upcard", -1, (pile[0],))]
    seat = first_seat
    for c in pile[1:]:
        out.append(Shown("discard", seat, (c,)))
        seat = (seat + 1) % 4
    return tuple(out)


def _position():
    st = position(Rules(players=4), DATA)
    ob = observe(st, 0)
    # seat 3 threw last, so seat 0 plays; the king was thrown by seat 1, the next opponent
    return st, ob, replace(ob, public_history=_history(st.pile, 2))


def test_a_kind_a_player_threw_or_let_go_by_is_one_it_holds_no_pair_of():
    _, _, ob = _position()
    denied = denied_kinds(ob)
    assert KING in denied[1]                 # seat 1 threw the king of diamonds
    assert KING in denied[2]                 # and seat 2 did not take the pile with it on top
    assert QUEEN not in denied[1]
    # once a player takes the pile, what it showed before no longer holds
    took = ob.public_history + (Shown("take", 1, (ob.pile[-1],)),)
    assert denied_kinds(replace(ob, public_history=took))[1] == set()


def test_medium_throws_the_kind_the_next_opponent_showed_it_lacks():
    st, plain, remembered = _position()
    legal = legal_actions(st)
    # the lone king and the lone queen are alike in hand; the history tells them apart
    assert take_chance(remembered, 1, KING) < 0.5 * take_chance(plain, 1, KING)
    assert take_chance(remembered, 1, QUEEN) == take_chance(plain, 1, QUEEN)
    with_memory = medium_choose(remembered, legal)
    without = medium_choose(plain, legal)
    assert type(with_memory) is Discard and KIND_OF[with_memory.card] == KING, CODE_OF[with_memory.card]
    assert with_memory != without           # the check can fail: without the history it throws another card


def test_the_pile_is_valued_card_by_card():
    _, ob, _ = _position()
    base = pile_value(ob)
    joker = 107
    wild_pile = replace(ob, pile=ob.pile[:-1] + (joker,))
    black_three = next(c for c in range(108) if CODE_OF[c] in ("3C", "3S"))
    stopper_pile = replace(ob, pile=ob.pile[:-1] + (black_three,))
    assert pile_value(wild_pile) > base > pile_value(stopper_pile)


def test_a_lone_card_the_partner_took_with_the_pile_is_kept_dearer():
    _, ob, _ = _position()
    king = next(c for c in ob.hand if KIND_OF[c] == KING)
    partner_took = replace(ob, known=(ob.known[0], ob.known[1], (ob.pile[4],), ob.known[3]))
    assert KIND_OF[ob.pile[4]] == KING
    assert keep_value(partner_took, king) > keep_value(ob, king)
    partner_threw = replace(ob, public_history=_history(ob.pile, 3))   # now seat 2 threw the king
    assert KING in denied_kinds(partner_threw)[2]
    assert keep_value(partner_threw, king) < keep_value(ob, king)


def test_the_hard_players_worlds_follow_what_the_players_showed():
    """Sampled worlds keep the observation, and give nobody a pair of a kind it showed it
    lacks (the cards it was seen to take excepted)."""
    rng = random.Random(5)
    checked = 0
    for st, seat, ob, legal in positions(Rules(players=4), "memory-worlds", every=5):
        for _ in range(3):
            world = sample_state(ob, rng)
            refine_world(world, ob, rng)
            again = observe(world, seat)
            assert all(getattr(again, f.name) == getattr(ob, f.name) for f in fields(ob) if f.name != "memo")
            for s, kinds in enumerate(denied_kinds(ob)):
                if s == seat:
                    continue
                for k in kinds:
                    unseen = [c for c in world.hands[s] if KIND_OF[c] == k and c not in ob.known[s]]
                    held = sum(1 for c in ob.known[s] if KIND_OF[c] == k)
                    assert len(unseen) <= max(0, 1 - held) or not world.stock, (s, k)
            checked += 1
    assert checked >= 30
