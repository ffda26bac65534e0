"""Property tests: random action sequences, legal or not, for 2, 3, 4 and 6 players.

After every step: every card is in exactly one place, a rejected action changed
nothing, deal scores equal the sum of their items, and no seat's observation shows
another seat's hand (beyond the cards it took from the pile) or the stock.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from canasta.engine import (Answer, Ask, Discard, Draw, Group, IllegalAction, Meld, NextDeal, Pass, Rules,
                            TakePile, apply, apply_in_place, legal_actions, new_game)
from canasta.engine.observe import observe
from canasta.engine.state import GAME_OVER

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

OPTION_SETS = [
    {},
    {"pile_always_frozen": True},
    {"black_three_freezes": True, "more_naturals_than_wilds": True},
    {"stock_exhausted": "end", "wild_limit": 2},
    {"negative_minimum": 0, "ask_to_go_out": True},
]


def _warm_up(st, rng: random.Random, steps: int):
    """Random legal play to reach later positions of a deal (or later deals)."""
    for _ in range(steps):
        if st.phase == GAME_OVER:
            break
        acts = legal_actions(st)
        rich = [a for a in acts if not isinstance(a, (Draw, Discard))]
        a = rng.choice(rich) if rich and rng.random() < 0.5 else rng.choice(acts)
        apply_in_place(st, a)
    return st


def _card_ids(data, st, seat):
    """A card id: mostly from the hand of the seat to act or the pile, sometimes any card."""
    pools = [st.hands[seat], st.hands[seat], st.pile, list(range(st.total_cards))]
    pool = data.draw(hs.sampled_from([p for p in pools if p] or [list(range(st.total_cards))]))
    return data.draw(hs.sampled_from(pool))


def _junk_group(data, st, seat):
    cards = tuple(_card_ids(data, st, seat) for _ in range(data.draw(hs.integers(0, 5))))
    ids = [m.id for team in st.melds for m in team]
    onto = data.draw(hs.sampled_from([None, None, None, 0, 99] + ids))
    return Group(cards, onto)


def _junk_action(data, st, seat):
    kind = data.draw(hs.sampled_from(["draw", "take", "meld", "discard", "ask", "answer", "pass", "next"]))
    if kind == "draw":
        return Draw()
    if kind == "take":
        with_cards = tuple(_card_ids(data, st, seat) for _ in range(data.draw(hs.integers(0, 4))))
        melds = tuple(_junk_group(data, st, seat) for _ in range(data.draw(hs.integers(0, 2))))
        onto = data.draw(hs.sampled_from([None, None, 0] + [m.id for team in st.melds for m in team]))
        return TakePile(with_cards, melds, onto)
    if kind == "meld":
        return Meld(tuple(_junk_group(data, st, seat) for _ in range(data.draw(hs.integers(0, 3)))))
    if kind == "discard":
        return Discard(_card_ids(data, st, seat))
    if kind == "ask":
        return Ask()
    if kind == "answer":
        return Answer(data.draw(hs.booleans()))
    if kind == "pass":
        return Pass()
    return NextDeal()


def _check_cards(st):
    locs = st.all_card_locations()
    assert len(locs) == st.total_cards
    assert sorted(locs) == list(range(st.total_cards))
    assert [len(h) for h in st.hands] == [sum(st.counts[s]) for s in range(st.rules.players)]


def _check_scores(st):
    if st.result is None:
        return
    for it in st.result.items:
        if type(it).__name__ == "TeamItems":
            assert it.total == (it.melded + it.canasta_bonus + it.red_three_score + it.going_out
                                + it.concealed + it.in_hand)
        # every game's score sheet adds up to the team's total
        lines = it.lines()
        assert sum(line[1] for line in lines) == it.total, lines
    assert st.result.scores == [it.total for it in st.result.items]


def _check_observations(st):
    stock = set(st.stock)
    hidden_pile = set(st.pile[:-1]) - set(st.sideways)
    for seat in range(st.rules.players):
        ob = observe(st, seat)
        assert list(ob.hand) == st.hands[seat]
        assert ob.stock_size == len(st.stock) and ob.pile_size == len(st.pile)
        assert list(ob.hand_sizes) == [len(h) for h in st.hands]
        shown = set(ob.hand)
        for k in ob.known:
            shown.update(k)
        for team in ob.melds:
            for mv in team:
                shown.update(mv.cards)
        for reds in ob.red3:
            shown.update(reds)
        shown.update(ob.pile_cards)
        shown.update(ob.sideways)
        if ob.pile_top is not None:
            shown.add(ob.pile_top)
        assert not (shown & stock), "the observation shows stock cards"
        for other in range(st.rules.players):
            if other == seat:
                continue
            leaked = (shown & set(st.hands[other])) - set(st.known[other])
            assert not leaked, f"seat {seat} sees cards of seat {other}'s hand"
        if not ob.pile_cards:
            assert not (shown & hidden_pile) - set(ob.hand) - {c for k in ob.known for c in k}


def _run(data, players, variant="classic"):
    options = data.draw(hs.sampled_from(OPTION_SETS)) if variant == "classic" else {"variant": variant}
    seed = data.draw(hs.integers(0, 10 ** 6))
    st = new_game(Rules(players=players, **options), seed=seed)
    _warm_up(st, random.Random(seed), data.draw(hs.sampled_from([0, 0, 40, 150, 400, 900])))
    _check_cards(st)
    for _ in range(data.draw(hs.integers(5, 60))):
        if st.phase == GAME_OVER:
            break
        actor = st.to_act
        if data.draw(hs.integers(0, 9)) < 6:
            acts = legal_actions(st)
            action = data.draw(hs.sampled_from(acts))
            seat = None
        else:
            action = _junk_action(data, st, actor)
            seat = data.draw(hs.sampled_from([None, actor, actor, (actor + 1) % players]))
        before = st.snapshot()
        try:
            new, _events = apply(st, action, seat)
        except IllegalAction as e:
            assert str(e).strip()
            assert st.snapshot() == before, f"rejected {action!r} changed the state"
            continue
        assert st.snapshot() == before, "apply changed its input"
        st = new
        _check_cards(st)
        _check_scores(st)
        _check_observations(st)


@SETTINGS
@given(hs.data())
def test_random_play_two_players(data):
    _run(data, 2)


@SETTINGS
@given(hs.data())
def test_random_play_three_players(data):
    _run(data, 3)


@SETTINGS
@given(hs.data())
def test_random_play_four_players(data):
    _run(data, 4)


@SETTINGS
@given(hs.data())
def test_random_play_six_players(data):
    _run(data, 6)


def _tables():
    """(game, players) for every table every game of the family has."""
    from canasta.engine.rules import RulesError
    from canasta.engine.variants import names
    out = []
    for game in names():
        for players in (2, 3, 4, 6):
            try:
                Rules(variant=game, players=players).resolved()
            except RulesError:
                continue
            out.append((game, players))
    return out


TABLES = _tables()
OTHER_TABLES = [t for t in TABLES if t[0] != "classic"]


@pytest.mark.parametrize("game, players", OTHER_TABLES)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hs.data())
def test_random_play_every_other_game(game, players, data):
    """The same properties as Classic's (cards, scores, observations, junk actions
    refused without a change) in Samba, Bolivia, Modern American and Hand and Foot."""
    _run(data, players, game)


@settings(max_examples=60, deadline=None)
@given(hs.integers(0, 10 ** 6), hs.sampled_from(TABLES))
def test_whole_deals_keep_invariants(seed, table):
    """Legal random play to the end of a deal, checking every position on the way, in
    every game at every table it has."""
    game, players = table
    rng = random.Random(seed)
    st = new_game(Rules(variant=game, players=players), seed=seed)
    for _ in range(3000):
        if st.deal_over:
            break
        acts = legal_actions(st)
        assert acts
        st, _ = apply(st, rng.choice(acts))
        _check_cards(st)
    assert st.deal_over
    _check_scores(st)
    _check_observations(st)
    assert st.result.totals == [a + b for a, b in zip(st.scores, st.result.scores)]
