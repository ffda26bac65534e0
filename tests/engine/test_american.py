"""Modern American Canasta (RULES-variants.md 10.1): the deal, the rules the vectors
leave out, random play with the invariants, records, and what a seat sees."""

from __future__ import annotations

import random

import pytest

from canasta.engine import IllegalAction, Rules, apply_in_place, check, is_legal, legal_actions, new_game
from canasta.engine.actions import Discard, Draw, Meld
from canasta.engine.cards import BLACK3, KIND_OF, RED3, ids_of_code
from canasta.engine.observe import observe, sample_state
from canasta.engine.record import Game
from canasta.engine.rules import RulesError
from canasta.engine.state import DEAL_OVER, GAME_OVER
from canasta.engine.variants import american as A
from canasta.soak import invariants, soak

RULES = Rules(variant="american")


def _ids(codes: str) -> list[int]:
    out, used = [], set()
    for code in codes.split():
        c = next(i for i in ids_of_code(code, 2) if i not in used)
        used.add(c)
        out.append(c)
    return out


def test_defaults_and_seating():
    r = RULES.resolved()
    assert (r.players, r.teams, r.decks, r.hand_size, r.draw_count) == (4, 2, 2, 13, 1)
    assert (r.canastas_to_go_out, r.target_score, r.wild_limit) == (2, 8500, 2)
    assert r.pile_always_frozen and r.melds_close and r.special_hands and r.threes_optional
    assert r.initial_meld_with_pile == "meld_first" and not r.talon_bonus
    assert [r.minimum_for(s) for s in (-50, 0, 2995, 3000, 4995, 5000)] == [125, 125, 125, 155, 155, 180]
    for players in (2, 3, 6):
        with pytest.raises(RulesError):
            Rules(variant="american", players=players).resolved()
    with pytest.raises(RulesError):
        Rules(variant="american", initial_meld_with_pile="sometimes").resolved()


def test_every_option_has_a_line_of_help():
    names = {f for f in Rules.__dataclass_fields__}
    for key in A.OPTIONS:
        assert key in names
        assert A.OPTION_HELP[key].endswith(".")


def test_a_new_deal_has_talons_no_upcard_and_threes_in_hands():
    for seed in range(30):
        st = new_game(RULES, seed=seed)
        assert [len(h) for h in st.hands] == [13] * 4
        assert [len(t) for t in st.talons] == [4, 3]
        assert st.pile == [] and len(st.stock) == 108 - 52 - 7
        assert st.red3 == [[], []]
        assert st.phase == "draw"
    # threes stay in hands: over 30 deals some hand holds one
    assert any(KIND_OF[c] in (RED3, BLACK3) for seed in range(30)
               for h in new_game(RULES, seed=seed).hands for c in h)


def test_talons_are_hidden_but_counted():
    st = new_game(RULES, seed=4)
    ob = observe(st, 0)
    assert ob.talon_sizes == (4, 3)
    shown = set(ob.hand) | {c for e in ob.public_history for c in e.cards}
    assert not shown & set(st.talons[0] + st.talons[1])
    world = sample_state(ob, random.Random(1))
    assert [len(t) for t in world.talons] == [4, 3]
    assert observe(world, 0).hand == ob.hand
    assert sorted(world.all_card_locations()) == list(range(108))


@pytest.mark.parametrize("codes,name", [
    ("AH KC QD JS TH 9C 8D 7S 6H 5C 4D 3S 2H JK", "straight"),
    ("4H 4C 5H 5C 6H 6C 8H 8C 9H 9C TH TC AH AS", "pairs"),
    ("2H 2C 7H 7C AH AC 4D 4S 9H 9C JH JC KD KS", "pairs_wild"),
    ("4H 4C 4D 4S 7H 7C 7D 9H 9C 9D 9S JH JC JD", "garbage"),
    ("4H 4C 5H 5C 6H 6C 8H 8C 9H 9C TH TC 2H 2S", None),     # pairs with wilds need sevens and aces
    ("4H 4C 4D 4S 7H 7C 7D 9H 9C 9D 9S JH JC 2D", None),     # garbage has no wild card
    ("AH KC QD JS TH 9C 8D 7S 6H 5C 4D 3S 2H 2C", None),     # a straight's fourteenth card is a joker
    ("4H 4C 5H 5C 6H 6C 8H 8C 9H 9C TH TC AH", None),        # 13 cards
])
def test_special_hand_patterns(codes, name):
    assert A.special_hand(_ids(codes)) == name


def test_discard_sentences():
    from canasta.engine.setup import position
    st = position(RULES, {"turn": 0, "phase": "play", "stock": 30, "discard": ["4C"],
                          "melds": [[{"cards": ["KH", "KC", "KD"], "by": 2}], []], "threes": [[], []],
                          "hands": [["2C", "9H", "3S", "5D"], ["5H"], ["5C"], ["6H"]]})
    wild, three = st.hands[0][0], st.hands[0][2]
    with pytest.raises(IllegalAction, match="A wild card may be discarded only when going out or when nothing else is left"):
        check(st, Discard(wild))
    with pytest.raises(IllegalAction, match="A three is never discarded"):
        check(st, Discard(three))
    assert is_legal(st, Discard(st.hands[0][1]))


def test_random_play_keeps_the_invariants():
    done, actions, violations = soak(120, seed=3, variant="american")
    assert violations == []
    assert done == 120 and actions > 5000


def test_random_play_with_every_option_changed():
    rules = Rules(variant="american", talon_bonus=True, threes_optional=False, canastas_to_go_out=1,
                  initial_meld_with_pile="forbidden", second_meld_after_canasta=True,
                  more_naturals_than_wilds=True, initial_canasta_meets_minimum=False,
                  no_canasta_melds_negative=False, special_hands=False, ask_to_go_out=False, wild_limit=1)
    done, actions, violations = soak(60, seed=5, rules=rules)
    assert violations == []


def test_a_record_with_threes_and_talons_replays():
    rng = random.Random(2)
    game = Game(Rules(variant="american", talon_bonus=True), seed=11)
    kinds = set()
    while not game.state.deal_over and len(game.actions) < 400:
        legal = legal_actions(game.state)
        threes = [a for a in legal if isinstance(a, A.LayThrees)]
        a = threes[0] if threes else rng.choice(legal)
        kinds.add(type(a).__name__)
        game.play(a)
    assert "LayThrees" in kinds
    again = Game.loads(game.dumps())
    assert again.state == game.state


def test_special_hand_through_the_record():
    from canasta.engine.setup import position
    st = position(RULES, {"turn": 0, "phase": "draw", "stock": ["9D", "JK"], "discard": ["4S"],
                          "threes": [[], []],
                          "hands": [["AH", "KC", "QD", "JS", "TH", "9C", "8D", "7S", "6H", "5C", "4D", "3S", "2H"],
                                    ["5H"], ["5C"], ["6S"]]})
    apply_in_place(st, Draw())
    assert A.LaySpecial() in legal_actions(st)
    apply_in_place(st, A.LaySpecial())
    assert st.deal_over
    lines = st.result.lines[0]
    assert [(x.label, x.points) for x in lines] == [("Special hand: straight", 3000)]
    from canasta.engine.record import action_from_json, action_to_json
    for a in (A.LaySpecial(), A.LayThrees((3, 57))):
        assert action_from_json(action_to_json(a, st.rules), 108, rules=st.rules) == a


def test_score_rules_name_every_line_the_scoring_uses():
    labels = {x.label for x in A.score_rules(RULES)}
    rng = random.Random(9)
    seen = set()
    for g in range(25):
        st = new_game(RULES, seed=g)
        while st.phase not in (DEAL_OVER, GAME_OVER):
            apply_in_place(st, rng.choice(legal_actions(st)))
        for team in st.result.lines:
            for line in team:
                seen.add(line.label.split(":")[0])
    assert seen <= labels, seen - labels


def test_rejected_actions_change_nothing():
    st = new_game(RULES, seed=8)
    before = st.snapshot()
    for a in (Discard(st.hands[0][0]), Meld(((st.hands[1][0],),)), A.LayThrees((st.hands[1][0],)),
              A.LaySpecial()):
        with pytest.raises(IllegalAction):
            apply_in_place(st, a)
        assert st.snapshot() == before
    assert invariants(st) == []


def test_every_level_plays_and_the_hint_has_a_sentence():
    from canasta.ai import make_player
    from canasta.ai.explain import explain
    rng = random.Random(4)
    players = [make_player(level, seed=s) for s, level in enumerate(("easy", "medium", "random", "medium"))]
    st = new_game(RULES, seed=21)
    said = set()
    while not st.deal_over:
        ob = observe(st, st.to_act)
        legal = legal_actions(st)
        a = players[st.to_act].choose(ob, legal)
        assert a in legal
        sentence = explain(ob, a, legal)
        assert sentence and sentence.endswith((".", "!")), (a, sentence)
        said.add(type(a).__name__)
        apply_in_place(st, a)
    assert {"Draw", "Discard"} <= said
    _ = rng
