"""Samba and Bolivia as game modules: their defaults, meld shapes, the moves that
legal_actions offers (sequences, additions at either end, groups), scoring, and
random play through whole deals with the invariants."""

from __future__ import annotations

import random

import pytest

from canasta.engine import Discard, Group, Meld, Rules, RulesError, TakePile, apply_in_place, legal_actions, new_game
from canasta.engine.cards import CODE_OF
from canasta.engine.core import check
from canasta.engine.going_out import going_out_plan
from canasta.engine.options import melds_accepting
from canasta.engine.setup import position
from canasta.engine.state import DEAL_OVER, GAME_OVER
from canasta.engine.variants import get, names
from canasta.soak import invariants, soak


def codes(cards):
    return sorted(CODE_OF[c] for c in cards)


def test_games_registered():
    assert names()[:3] == ("classic", "samba", "bolivia")
    assert get("samba").TITLE == "Samba" and get("bolivia").TITLE == "Bolivia"
    assert "sequence" in get("samba").MELD_KINDS and "wild" not in get("samba").MELD_KINDS
    assert "wild" in get("bolivia").MELD_KINDS


@pytest.mark.parametrize("players,hand,teams", [(2, 15, 2), (3, 15, 3), (4, 15, 2), (6, 13, 3)])
def test_samba_defaults(players, hand, teams):
    r = Rules(variant="samba", players=players).resolved()
    assert (r.decks, r.hand_size, r.draw_count, r.teams, r.canastas_to_go_out) == (3, hand, 2, teams, 2)
    assert r.target_score == 10000 and r.wild_limit == 2 and r.sequence_canasta_bonus == 1500
    assert r.minimum_for(7000) == 150 and r.minimum_for(6995) == 120 and r.minimum_for(-5) == 15
    assert r.going_out_bonus == 200 and r.concealed_bonus == 0 and r.all_red_threes == 1000
    assert r.ask_to_go_out == (players in (4, 6))
    b = Rules(variant="bolivia", players=players).resolved()
    assert b.target_score == 15000 and b.wild_melds and b.out_needs_escalera and b.black_three_in_hand == 100


def test_options_and_errors():
    r = Rules(variant="samba", minimum_7000=160, wild_limit=3).resolved()
    assert r.minimum_for(9000) == 160 and r.wild_limit == 3
    assert Rules().resolved().wild_limit == 3
    with pytest.raises(RulesError):
        Rules(variant="samba", players=5).resolved()
    with pytest.raises(RulesError):
        Rules(variant="samba", players=6, teams=2).resolved()
    d = Rules.from_dict({"variant": "bolivia", "out_needs_escalera": False, "take_onto_sequence": False})
    assert d.resolved().out_needs_escalera is False
    with pytest.raises(RulesError):
        Rules.from_dict({"variant": "samba", "twice_naturals": 1})


def _pos(hand, melds, variant="samba", phase="play", discard=("8S", "5C")):
    data = {"scores": [0, 0], "dealer": 3, "turn": 0, "phase": phase, "hands": [hand, ["5H"], ["5D"], ["6S"]],
            "stock": 40, "discard": list(discard),
            "melds": [[{"cards": m, "by": 2} for m in melds], []], "red_threes": [[], []]}
    return position(Rules(variant=variant), data)


def test_legal_actions_offer_sequences_and_both_ends():
    st = _pos(["4H", "8H", "9H", "TS", "JS", "QS", "KD", "KC", "KH", "2C"], [["5H", "6H", "7H"]])
    melds = [a for a in legal_actions(st) if isinstance(a, Meld)]
    seq_id = st.melds[0][0].id
    onto = {tuple(codes(g.cards)) for a in melds for g in a.groups if g.onto == seq_id}
    assert ("4H",) in onto                      # the low end
    assert ("8H",) in onto and ("8H", "9H") in onto   # the high end
    assert ("4H", "8H", "9H") in onto           # both ends at once
    new = {tuple(codes(g.cards)) for a in melds for g in a.groups if g.onto is None}
    assert ("JS", "QS", "TS") in new            # a new sequence
    assert ("KC", "KD", "KH") in new            # a group
    assert ("2C", "KC", "KD", "KH") in new
    for a in legal_actions(st):
        check(st, a)


def test_two_groups_of_a_rank_are_targeted_by_id():
    st = _pos(["KS", "QD", "TD"], [["KH", "KC", "KD"], ["KH", "KC", "2C"]])
    ids = [m.id for m in st.melds[0]]
    targets = {g.onto for a in legal_actions(st) if isinstance(a, Meld) for g in a.groups}
    assert set(ids) <= targets
    assert melds_accepting(st, 0, [st.hands[0][0]]) == ids


def test_take_options_onto_sequence_end():
    st = _pos(["TD", "QC", "KS"], [["5H", "6H", "7H"]], phase="draw", discard=("5C", "JS", "8H"))
    takes = [a for a in legal_actions(st) if isinstance(a, TakePile)]
    assert takes == [TakePile((), (), st.melds[0][0].id)]


def test_wild_card_never_onto_a_sequence_nor_canasta():
    st = _pos(["2C", "JK", "9S", "TD"], [["5H", "6H", "7H"], ["8C", "8D", "8H", "8S", "8C", "8D", "8H"]])
    for a in legal_actions(st):
        if isinstance(a, Meld):
            for g in a.groups:
                assert g.onto is None
    assert melds_accepting(st, 0, [st.hands[0][0]]) == []


def test_going_out_plan_uses_sequences():
    st = _pos(["8H", "9H", "TH", "4C", "4D", "4S", "QD"],
              [["5H", "6H", "7H", "8H", "9H", "TH", "JH"], ["KH", "KC", "KD", "KS", "KH", "KC", "KD"]])
    plan = going_out_plan(st, 0)
    assert plan is not None
    groups, discard = plan
    assert CODE_OF[discard] == "QD"
    apply_in_place(st, Meld(groups))
    apply_in_place(st, Discard(discard))
    assert st.went_out == 0


def test_score_lines_name_sambas_and_black_threes():
    data = {"scores": [0, 0], "dealer": 3, "turn": 0, "phase": "play",
            "hands": [["9S", "9C", "9D", "4C"], ["3S"], ["5D"], ["6S"]], "stock": 40, "discard": ["8S"],
            "melds": [[{"cards": ["5H", "6H", "7H", "8H", "9H", "TH", "JH"], "by": 2},
                       {"cards": ["KH", "KC", "KD", "KS", "KH", "KC", "KD"], "by": 2}], []],
            "red_threes": [[], []], "played": [True] * 4}
    st = position(Rules(variant="bolivia"), data)
    g = [c for c in st.hands[0] if CODE_OF[c] == "9S" or CODE_OF[c] == "9C" or CODE_OF[c] == "9D"]
    apply_in_place(st, Meld((Group(tuple(g)),)))
    apply_in_place(st, Discard(st.hands[0][0]))
    res = st.result
    labels = [line[0] for line in res.items[0].lines()]
    assert "Escaleras" in labels[1] or "Escaleras" in " ".join(labels)
    other = [line for line in res.items[1].lines() if "Black three" in line[0]]
    assert other and other[0][1] == -100
    assert res.scores[1] == -105


@pytest.mark.parametrize("variant", ["samba", "bolivia"])
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_random_deals_keep_the_invariants(variant, players):
    done, actions, violations = soak(3, players, seed=players, variant=variant)
    assert violations == [] and done == 3 and actions > 50


def test_a_random_samba_game_reaches_its_end():
    rng = random.Random(3)
    st = new_game(Rules(variant="samba", players=2, target_score=1500), seed=5)
    steps = 0
    while st.phase != GAME_OVER:
        a = rng.choice(legal_actions(st))
        apply_in_place(st, a)
        steps += 1
        assert not invariants(st)
        assert steps < 20000
    assert st.winners and max(st.totals) >= 1500
    assert st.phase == GAME_OVER or st.phase == DEAL_OVER


def test_merge_groups_option():
    from canasta.engine.core import action_table, is_legal
    from canasta.engine.record import Game
    from canasta.engine.variants.samba import MergeGroups
    data = {"scores": [0, 0], "dealer": 3, "turn": 0, "phase": "play",
            "hands": [["9S", "TD", "JD"], ["5H"], ["5D"], ["6S"]], "stock": 40, "discard": ["8S"],
            "melds": [[{"cards": ["KH", "KC", "KD", "KS"], "by": 2}, {"cards": ["KH", "KC", "2C"], "by": 2},
                       {"cards": ["QH", "QC", "QD"], "by": 0}], []], "red_threes": [[], []]}
    plain = position(Rules(variant="samba"), data)
    a, b, q = (m.id for m in plain.melds[0])
    assert not is_legal(plain, MergeGroups(a, b))          # off by default
    st = position(Rules(variant="samba", merge_groups=True), data)
    assert MergeGroups(a, b) in legal_actions(st)
    assert not is_legal(st, MergeGroups(a, q))             # kings and queens
    before = st.snapshot()
    apply_in_place(st, MergeGroups(a, b))
    assert st.snapshot() != before
    assert [len(m.cards) for m in st.melds[0]] == [7, 3] and st.melds[0][0].canasta == "mixed"
    assert not invariants(st)
    spec = action_table(st.rules)[MergeGroups]
    assert spec.from_json(spec.to_json(MergeGroups(a, b)), 162, "test") == MergeGroups(a, b)
    assert Game is not None
