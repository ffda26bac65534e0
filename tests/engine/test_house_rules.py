"""The house rules of RULES.md section 9.1 (Classic): the jokers in the deck, the pile
turned over into a new stock once, natural canastas to go out, and the concealed
bonus as an option. Each is off by default, reaches the engine, survives a record,
and works at every player count."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from canasta.engine import (Discard, Draw, Group, IllegalAction, Meld, Pass, Rules, RulesError, apply_in_place,
                            going_out_plan, is_legal, legal_actions, new_game)
from canasta.engine.cards import JOKER, KIND_OF, deck_ids
from canasta.engine.going_out import going_out_plan_reference
from canasta.engine.options import legal_actions_reference
from canasta.engine.history import pile_from
from canasta.engine.observe import observe, sample_state
from canasta.engine.record import Game
from canasta.engine.setup import position
from canasta.engine.state import DEAL_OVER, GAME_OVER
from canasta.soak import soak


def _types(actions):
    """The action types, by name (Draw() and Pass() are equal empty tuples)."""
    return [type(a).__name__ for a in actions]


def _ids(st, *codes):
    """The card ids of these codes in ``st``'s hands, melds and pile (first unused copy)."""
    from canasta.engine.cards import CODE_OF
    places = [c for h in st.hands for c in h]
    out = []
    for code in codes:
        c = next(c for c in places if CODE_OF[c] == code and c not in out)
        out.append(c)
    return out


# -- jokers ------------------------------------------------------------------------------

@pytest.mark.parametrize("jokers", [0, 1, 2, 6, 9])
def test_the_deck_holds_the_jokers_asked_for_and_nothing_else_changes(jokers):
    r = Rules(jokers=jokers).resolved()
    st = new_game(Rules(jokers=jokers), seed=11)
    cards = st.all_card_locations()
    assert len(cards) == len(set(cards)) == st.total_cards == 104 + jokers
    kinds = Counter(KIND_OF[c] for c in cards)
    assert kinds[JOKER] == jokers
    assert all(kinds[k] == 8 for k in range(4, 15)) and kinds[2] == 8
    assert sorted(cards) == deck_ids(r.decks, r.jokers)
    # every card id a record may name is below the limit the codec checks
    assert max(cards) < st.card_limit


def test_the_usual_deck_is_unchanged():
    assert deck_ids(2, None) == deck_ids(2, 4) == list(range(108))
    assert new_game(Rules(), seed=3).snapshot() == new_game(Rules(jokers=4), seed=3).snapshot()


@pytest.mark.parametrize("bad", [-1, 21, True, "six"])
def test_an_impossible_joker_count_is_refused_with_a_sentence(bad):
    with pytest.raises(RulesError) as e:
        Rules.from_dict({"jokers": bad}).resolved()
    assert str(e.value).endswith(".")


def test_a_deck_too_small_for_the_deal_is_refused():
    # one pack without jokers holds 52 cards: four hands of 13 and no upcard do not fit
    with pytest.raises(RulesError, match="do not fit"):
        Rules(decks=1, hand_size=13, jokers=0).resolved()
    Rules(decks=1, hand_size=12, jokers=0).resolved()


@pytest.mark.parametrize("game", ["samba", "bolivia", "american", "hand_and_foot"])
def test_other_games_refuse_the_classic_house_rules(game):
    for options in ({"jokers": 6}, {"natural_canastas_to_go_out": 1}, {"stock_exhausted": "reshuffle"}):
        with pytest.raises(RulesError):
            Rules.from_dict({"variant": game, **options}).resolved()


def test_six_jokers_play_through_a_record_and_an_observation():
    """Extra jokers are ids beyond the two packs: a record naming them reads back, and a
    seat's view counts six jokers among the cards it cannot see."""
    rules = Rules(jokers=6)
    game = Game(rules, seed=5, dealer=0)
    rng = random.Random(5)
    while not game.state.deal_over:
        game.play(rng.choice(legal_actions(game.state)))
    back = Game.loads(game.dumps())
    assert back.state == game.state
    st = new_game(rules, seed=8)
    ob = observe(st, 0)
    unseen = ob.unseen_by_kind()
    held = sum(1 for c in st.hands[0] if KIND_OF[c] == JOKER) + sum(1 for c in st.pile if KIND_OF[c] == JOKER)
    assert unseen[JOKER] == 6 - held
    world = sample_state(ob, random.Random(1))
    assert sorted(world.all_card_locations()) == sorted(st.all_card_locations())


# -- the pile turned over into a new stock ---------------------------------------------------

RESHUFFLE = Rules(stock_exhausted="reshuffle")


def _empty_stock(discard, hands=None, melds=None, rules=RESHUFFLE, turn=0):
    return position(rules, {
        "scores": [0, 0], "dealer": 3, "turn": turn, "phase": "draw", "stock": [],
        "hands": hands or [["9H", "6D", "4C"], ["5D", "8H"], ["6C", "9C"], ["7C", "TD"]],
        "discard": discard,
        "melds": melds or [[{"cards": ["KS", "KD", "KC"], "by": 0}], [{"cards": ["QS", "QD", "QC"], "by": 1}]],
    })


def test_the_pile_becomes_the_stock_bottom_card_first_and_its_top_stays():
    st = _empty_stock(["7D", "9S", "KH", "5S"])
    assert _types(legal_actions(st)) == ["Draw"]  # nothing to take, and no passing
    assert not is_legal(st, Pass())
    bottom, second, third, top = st.pile
    events = apply_in_place(st, Draw())
    assert events[0].kind == "pile_to_stock" and events[0].info == (bottom, second, third)
    assert st.hands[0][-1] == bottom                # the pile's bottom card is drawn first
    assert st.stock == [third, second]              # the next draw takes the second card
    assert st.pile == [top] and st.reshuffled and not st.frozen
    # the public history tells the table which cards became the stock
    assert [(s.what, s.cards) for s in st.public_history] == [("restock", (bottom, second, third))]


def test_the_player_may_still_take_the_pile_instead():
    st = _empty_stock(["7D", "9S", "KH"], hands=[["9H", "6D", "4C"], ["5D", "8H"], ["6C", "9C"], ["7C", "TD"]])
    legal = legal_actions(st)
    assert "Draw" in _types(legal) and "TakePile" in _types(legal) and "Pass" not in _types(legal)
    take = next(a for a in legal if type(a).__name__ == "TakePile")
    apply_in_place(st, take)
    assert not st.reshuffled and not st.stock      # the pile was taken: nothing turned over


def test_a_wild_card_on_top_keeps_the_pile_frozen_and_a_lower_one_thaws_it():
    st = _empty_stock(["7D", "2C", "KH", "5S"])
    assert st.frozen
    events = apply_in_place(st, Draw())
    assert not st.frozen and "unfrozen" in [e.kind for e in events]
    st = _empty_stock(["7D", "9S", "KH", "JK"])
    apply_in_place(st, Draw())
    assert st.frozen and st.sideways == st.pile


def test_the_second_time_the_stock_runs_out_play_goes_on_as_section_6_says():
    st = _empty_stock(["7D", "9S", "5S"])
    apply_in_place(st, Draw())                      # 7D drawn, 9S left in the new stock
    apply_in_place(st, Discard(st.hands[0][0]))     # 9H on the pile
    apply_in_place(st, Draw())                      # seat 1 draws the last card
    apply_in_place(st, Discard(st.hands[1][0]))
    # seat 2 faces an empty stock again and cannot take the pile: the pile is never turned
    # over twice, so the deal ends with nobody out
    assert not st.stock and st.reshuffled and len(st.pile) == 3
    assert st.deal_over and st.went_out is None
    # the same with a pair of the top card: a take, never a draw
    st = _empty_stock(["7D", "9S", "5S"], hands=[["9H", "6D", "4C"], ["5D", "8H"], ["6C", "8C", "8D"], ["7C", "TD"]])
    apply_in_place(st, Draw())
    apply_in_place(st, Discard(st.hands[0][0]))
    apply_in_place(st, Draw())
    apply_in_place(st, Discard(_ids(st, "8H")[0]))
    legal = legal_actions(st)
    assert "TakePile" in _types(legal) and "Draw" not in _types(legal)
    with pytest.raises(IllegalAction):
        apply_in_place(st, Draw())


def test_a_single_card_pile_is_not_turned_over():
    st = _empty_stock(["5S"])
    assert st.phase in (DEAL_OVER, GAME_OVER) or "Draw" not in _types(legal_actions(st))


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_random_deals_with_the_pile_turned_over_keep_every_card(players):
    deals, actions, violations = soak(12, players=players, seed=players,
                                      rules=Rules(players=players, stock_exhausted="reshuffle"))
    assert not violations, violations[:3]
    assert deals == 12


def test_random_play_reaches_the_new_stock_and_a_record_replays_it():
    """Play seeded random games until a deal turns the pile over; its record reads back
    to the same position, and the narration says so."""
    from canasta.engine.narrate import narrate
    for seed in range(40):
        game = Game(RESHUFFLE, seed=seed, dealer=0)
        rng = random.Random(seed)
        said = ""
        while not game.state.deal_over:
            st = game.state
            legal = legal_actions(st)
            # a passive player: draw and discard, so the stock runs out
            choice = next((a for a in legal if isinstance(a, (Draw, Discard))), None)
            choice = choice or rng.choice(legal)
            seat = st.to_act
            events = game.play(choice)
            if not game.state.deal_over:
                # the public history rebuilds the pile card by card, across the turning over
                assert pile_from(game.state.public_history) == game.state.pile
            if any(e.kind == "pile_to_stock" for e in events):
                said = narrate(game.state, seat, choice, events, ["A", "B", "C", "D"]).text
        if said:
            assert "turned the pile over into a new stock" in said
            assert Game.loads(game.dumps()).state == game.state
            return
    pytest.fail("no random deal turned the pile over")


# -- natural canastas to go out --------------------------------------------------------------

NATURAL = Rules(natural_canastas_to_go_out=1)


def _out_position(hand, melds, rules=NATURAL):
    return position(rules, {
        "scores": [0, 0], "dealer": 3, "turn": 0, "phase": "play", "stock": 30,
        "hands": [hand, ["5D", "8H"], ["6C", "9C"], ["7C", "TD"]],
        "discard": ["4D"],
        "melds": [melds, [{"cards": ["QS", "QD", "QC"], "by": 1}]],
    })


def test_going_out_needs_the_natural_canasta():
    mixed = [{"cards": ["8S", "8D", "8C", "8H", "8S", "8D", "2H"], "by": 0}]
    st = _out_position(["KH", "KS", "KD", "5C"], mixed)
    kings = Group(tuple(_ids(st, "KH", "KS", "KD")))
    with pytest.raises(IllegalAction, match="natural canasta"):
        apply_in_place(st, Meld((kings,)))
    assert going_out_plan(st, 0) is None
    assert all(len(st.hands[0]) - sum(len(g.cards) for g in a.groups) > 1
               for a in legal_actions(st) if isinstance(a, Meld))
    # without the option the same meld goes out
    st = _out_position(["KH", "KS", "KD", "5C"], mixed, Rules())
    apply_in_place(st, Meld((Group(tuple(_ids(st, "KH", "KS", "KD"))),)))
    apply_in_place(st, Discard(st.hands[0][0]))
    assert st.went_out == 0


def test_a_wild_card_on_the_natural_canasta_spoils_it_and_the_search_keeps_it_off():
    """The only way out puts the wild card on the kings, not on the natural sevens: the
    going-out search must find it (complete), and melding the two on the sevens must
    be refused when it leaves the side without a natural canasta."""
    sevens = [{"cards": ["7S", "7D", "7C", "7H", "7S", "7D"], "by": 0}]
    st = _out_position(["7H", "2C", "KH", "KS", "KD", "5C"], sevens)
    plan = going_out_plan(st, 0)
    assert plan is not None and plan == going_out_plan_reference(st, 0)
    groups, left = plan
    seven_meld = st.melds[0][0].id
    onto_sevens = [g for g in groups if g.onto == seven_meld]
    assert all(KIND_OF[c] == 7 for g in onto_sevens for c in g.cards)
    apply_in_place(st, Meld(groups))
    apply_in_place(st, Discard(left))
    assert st.went_out == 0
    # the wild card on the sevens instead: a mixed canasta, and going out refused
    st = _out_position(["7H", "2C", "KH", "KS", "KD", "5C"], sevens)
    h = _ids(st, "7H", "2C", "KH", "KS", "KD")
    spoiled = Meld((Group((h[0], h[1]), seven_meld), Group(tuple(h[2:]))))
    with pytest.raises(IllegalAction, match="natural canasta"):
        apply_in_place(st, spoiled)


def test_natural_canastas_cannot_exceed_the_canastas_needed():
    with pytest.raises(RulesError):
        Rules(natural_canastas_to_go_out=2).resolved()           # four players need one canasta
    assert Rules(canastas_to_go_out=2, natural_canastas_to_go_out=2).resolved().natural_canastas_to_go_out == 2


@pytest.mark.parametrize("players", [2, 4, 6])
def test_random_deals_with_natural_canastas_to_go_out(players):
    rules = Rules(players=players, natural_canastas_to_go_out=1)
    deals, actions, violations = soak(10, players=players, seed=players, rules=rules)
    assert not violations, violations[:3]
    # and the enumerator agrees with the reference at every position of a few games
    rng = random.Random(players)
    for g in range(3):
        st = new_game(rules, seed=g)
        while not st.deal_over:
            legal = legal_actions(st)
            assert legal == legal_actions_reference(st)
            apply_in_place(st, rng.choice(legal))
        if st.went_out is not None:
            team = st.team_of(st.went_out)
            assert st.canastas(team).get("natural", 0) >= 1


# -- the concealed bonus ---------------------------------------------------------------------

def test_the_concealed_bonus_is_an_option_and_scores():
    assert Rules().resolved().scoring.concealed_extra == 100
    r = Rules(concealed_bonus=500).resolved()
    assert r.scoring.concealed_extra == 500 and r.concealed_bonus == 500
    st = position(Rules(concealed_bonus=500), {
        "scores": [0, 0], "dealer": 3, "turn": 0, "phase": "play", "stock": 30,
        "hands": [["KH", "KS", "KD", "KC", "KH", "KS", "KD", "5C"], ["5D"], ["6C"], ["7C"]],
        "discard": ["4D"], "melds": [[], []]})
    kings = Group(tuple(_ids(st, "KH", "KS", "KD", "KC", "KH", "KS", "KD")))
    apply_in_place(st, Meld((kings,)))
    apply_in_place(st, Discard(st.hands[0][0]))
    assert st.went_out == 0 and st.concealed
    items = st.result.items[0]
    assert items.going_out == 100 and items.concealed == 500


def test_house_rules_are_kept_in_a_record():
    rules = Rules(jokers=2, stock_exhausted="reshuffle", canastas_to_go_out=2, natural_canastas_to_go_out=1,
                  concealed_bonus=250)
    game = Game(rules, seed=4, dealer=1)
    back = Game.loads(game.dumps())
    assert back.rules == rules and back.state == game.state
