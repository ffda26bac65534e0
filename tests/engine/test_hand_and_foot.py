"""Hand and Foot as a game module: its defaults and options, the deal with feet, the
foot picked up, books, going out, scoring over four deals, the observation of feet,
records, and random play through whole deals with the invariants."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from canasta.engine import Discard, Group, Meld, Rules, RulesError, apply_in_place, legal_actions, new_game
from canasta.engine.cards import CODE_OF, KIND_OF, RED3
from canasta.engine.core import check, is_legal
from canasta.engine.going_out import going_out_plan
from canasta.engine.history import pile_from
from canasta.engine.observe import observe, sample_state
from canasta.engine.record import Game
from canasta.engine.state import DEAL_OVER, GAME_OVER
from canasta.engine.variants import get, names
from canasta.soak import invariants, soak

HF = "hand_and_foot"


def test_registered_with_its_options_explained():
    game = get(HF)
    assert HF in names() and game.TITLE == "Hand and Foot"
    for key in game.OPTIONS:
        assert game.OPTION_HELP[key].endswith("."), key
        assert key in {f for f in Rules.__dataclass_fields__}, key
    labels = [line.label for line in game.score_rules(Rules(variant=HF).resolved())]
    assert labels[:3] == ["Melded cards", "Clean books", "Dirty books"]
    assert "Feet not picked up" in labels and "Red threes in a foot" in labels


@pytest.mark.parametrize("players,teams,decks", [(4, 2, 5), (6, 3, 7)])
def test_defaults(players, teams, decks):
    r = Rules(variant=HF, players=players).resolved()
    assert (r.teams, r.decks, r.hand_size, r.foot_size, r.draw_count, r.pile_take) == (teams, decks, 11, 11, 2, 7)
    assert r.wild_rule == "more_naturals" and r.book_closes and not r.wild_books and r.deals == 4
    assert dict(r.books_to_go_out) == {"clean": 2, "dirty": 2, "wild": 0}
    assert [r.minimum_in(5000, d) for d in range(5)] == [50, 90, 120, 150, 150]
    assert r.ask_to_go_out and not r.must_ask and not r.partner_in_foot
    assert r.black_three_value == 5 and r.red_three_held == -100 and r.stock_exhausted == "end"


def test_options_checked_and_round_trip():
    r = Rules(variant=HF, players=6, teams=2, pile_take="all", wild_rule="twice", hand_size=13, foot_size=13,
              books_to_go_out=(("clean", 1), ("dirty", 1), ("wild", 1)), minimum_by="score")
    d = r.to_dict()
    assert d["books_to_go_out"] == {"clean": 1, "dirty": 1, "wild": 1} and d["pile_take"] == "all"
    back = Rules.from_dict(json.loads(json.dumps(d)))
    assert back == r
    rr = back.resolved()
    assert rr.teams == 2 and rr.minimum_in(1500, 0) == 90 and rr.wild_limit == 2
    for bad in (dict(players=2), dict(players=4, teams=3), dict(wild_rule="lots"), dict(minimum_by="moon"),
                dict(pile_take=0), dict(deals=0)):
        with pytest.raises(RulesError):
            Rules(variant=HF, **bad).resolved()
    with pytest.raises(RulesError):
        Rules.from_dict({"variant": HF, "books_to_go_out": {"purple": 2}})


@pytest.mark.parametrize("players", [4, 6])
def test_deal_hands_feet_and_every_card_once(players):
    st = new_game(Rules(variant=HF, players=players), seed=11)
    r = st.rules
    total = 54 * (players + 1)
    assert st.total_cards == total and len(st.all_card_locations()) == total
    assert Counter(st.all_card_locations()) == Counter(range(total))
    assert all(len(f) == 11 for f in st.feet)
    assert all(not any(KIND_OF[c] == RED3 for c in h) for h in st.hands)
    assert all(len(h) == 11 for h in st.hands)
    # the foot is hidden: its count shows, never its cards
    for seat in range(players):
        ob = observe(st, seat)
        assert ob.foot_sizes == tuple(len(f) for f in st.feet)
        feet = {c for f in st.feet for c in f}
        assert not feet & set(ob.hand)
        assert not ob.in_foot(seat) and ob.foot_waiting(seat)
        world = sample_state(ob, random.Random(seat))
        assert [len(f) for f in world.feet] == [len(f) for f in st.feet]
        assert observe(world, seat) == ob
        assert len(world.all_card_locations()) == total
    assert r.players == players


def _play_until(st, rng, stop, limit=5000):
    for _ in range(limit):
        if stop(st):
            return True
        legal = legal_actions(st)
        assert legal, st
        melds = [a for a in legal if isinstance(a, Meld)]
        apply_in_place(st, rng.choice(melds) if melds and rng.random() < 0.7 else rng.choice(legal))
        assert invariants(st) == []
    return False


def test_foot_picked_up_and_the_history_rebuilds_the_pile():
    rng = random.Random(4)
    st = new_game(Rules(variant=HF), seed=5)
    assert _play_until(st, rng, lambda s: any(s.in_foot(p) for p in range(4)) or s.deal_over)
    if not st.deal_over:
        seat = next(p for p in range(4) if st.in_foot(p))
        assert st.feet[seat] == [] and observe(st, (seat + 1) % 4).foot_sizes[seat] == 0
    assert pile_from(st.public_history) == st.pile


def test_partial_take_rebuilds_from_the_history():
    rng = random.Random(9)
    for seed in range(6):
        st = new_game(Rules(variant=HF), seed=seed)
        while not st.deal_over:
            legal = legal_actions(st)
            takes = [a for a in legal if type(a).__name__ == "TakePile"]
            apply_in_place(st, takes[0] if takes else rng.choice(legal))
            if not st.deal_over:
                assert pile_from(st.public_history) == st.pile


def test_going_out_plan_is_legal_when_found():
    rng = random.Random(2)
    found = 0
    for seed in range(25):
        st = new_game(Rules(variant=HF), seed=seed)
        for _ in range(3000):
            if st.deal_over:
                break
            if st.phase == "play":
                plan = going_out_plan(st, st.turn)
                if plan is not None and st.permission is None:
                    groups, discard = plan
                    found += 1
                    if groups:
                        assert is_legal(st, Meld(groups)), (groups, st)
                    else:
                        assert is_legal(st, Discard(discard))
            legal = legal_actions(st)
            melds = [a for a in legal if isinstance(a, Meld)]
            apply_in_place(st, rng.choice(melds) if melds and rng.random() < 0.85 else rng.choice(legal))
    assert found > 0


def test_four_deals_make_a_game_and_the_record_replays():
    rng = random.Random(1)
    st = new_game(Rules(variant=HF), seed=3)
    deals = 0
    while st.phase != GAME_OVER:
        legal = legal_actions(st)
        if st.phase == DEAL_OVER:
            deals += 1
        apply_in_place(st, rng.choice(legal))
    assert deals == 3 and len(st.history) == 4 and st.deal_number == 3
    best = max(st.totals)
    assert st.winners == [t for t, v in enumerate(st.totals) if v == best]
    for res in st.history:
        for team, lines in enumerate(res.lines):
            assert sum(line.points for line in lines) == res.scores[team]


def test_record_round_trip():
    rng = random.Random(7)
    g = Game(Rules(variant=HF), seed=12, dealer=0)
    for _ in range(150):
        if g.state.deal_over:
            break
        g.play(rng.choice(legal_actions(g.state)))
    again = Game.loads(g.dumps())
    assert again.state == g.state and again.state.feet == g.state.feet


@pytest.mark.parametrize("players", [4, 6])
def test_soak(players):
    done, actions, violations = soak(6, players=players, seed=3, variant=HF)
    assert violations == [] and done == 6 and actions > 0


def test_an_enumerated_action_is_accepted():
    rng = random.Random(5)
    st = new_game(Rules(variant=HF, wild_books=True, book_closes=False, pile_take=1), seed=8)
    for _ in range(1500):
        if st.deal_over:
            break
        legal = legal_actions(st)
        for a in legal:
            check(st, a)
        apply_in_place(st, rng.choice(legal))
        assert invariants(st) == []
    assert CODE_OF and Group


@pytest.mark.parametrize("options", [{}, {"draw_count": 1}, {"partner_in_foot": True}])
def test_a_no_under_must_ask_never_strands_the_asker(options):
    """With ``must_ask`` going out needs the partner's yes, and a meld that leaves one
    card is a going-out play: so after a "no" the asker always has a legal move, and
    never goes out in that turn. Every ask offered is made and every answer is no."""
    from canasta.engine import Answer, Ask

    rng = random.Random(5)
    refused = 0
    for seed in range(12):
        st = new_game(Rules(variant=HF, must_ask=True, **options), seed=seed)
        for _ in range(6000):
            if st.phase in (DEAL_OVER, GAME_OVER):
                break
            legal = legal_actions(st)
            assert legal, "a seat was left without a legal move"
            if st.permission is False:
                asker = st.turn
                for a in legal:
                    s = st.clone()
                    apply_in_place(s, a)
                    assert s.went_out != asker, f"{a!r} went out after a no"
            asks = [a for a in legal if isinstance(a, Ask)]
            if asks:
                a = asks[0]
            elif any(isinstance(a, Answer) for a in legal):
                a = Answer(False)
                refused += 1
            else:
                melds = [a for a in legal if isinstance(a, Meld)]
                a = rng.choice(melds) if melds and rng.random() < 0.8 else rng.choice(legal)
            before = st.permission
            apply_in_place(st, a)
            if before is False:
                # the refused player did not go out this turn
                assert st.went_out != asker
    assert refused > 0
