"""Games as modules: the registry, Classic through the seams, the action table, score
lines, and the canasta options that used to be literals."""

from __future__ import annotations

import json
import random

import pytest

from canasta.engine import (Answer, Ask, Discard, Draw, Group, IllegalAction, Meld, NextDeal, Pass, Rules,
                            RulesError, TakePile, apply, legal_actions, new_game)
from canasta.engine.cards import KIND_OF
from canasta.engine.core import ACTIONS, action_table
from canasta.engine.record import RecordError, action_from_json, action_to_json
from canasta.engine.setup import position
from canasta.engine.state import DealResult, ScoreLine
from canasta.engine.variants import classic, get, names

KINGS6 = ["KH", "KC", "KD", "KS", "KH", "KC"]


def test_registry_and_defaults():
    assert names()[:3] == ("classic", "samba", "bolivia") and "american" in names()
    assert get("classic") is classic and get("nosuchgame") is None
    r = Rules(players=2).resolved()
    assert (r.variant, r.hand_size, r.draw_count, r.canasta_size, r.melds_close) == ("classic", 15, 2, 7, False)
    with pytest.raises(RulesError, match="Unknown game 'nosuchgame'"):
        Rules(variant="nosuchgame").resolved()
    assert "canasta_size" not in Rules().to_dict()     # defaults stay out of files
    assert Rules.from_dict({"canasta_size": 6}).resolved().canasta_size == 6
    with pytest.raises(RulesError):
        Rules(canasta_size=2).resolved()


def test_every_action_type_has_one_row_and_its_codec_round_trips():
    samples = [Draw(), TakePile((1, 2), (Group((3, 4, 5)),), 7), TakePile(), Meld((Group((1,), 2), Group((3, 4, 5)))),
               Discard(9), Ask(), Answer(True), Answer(False), Pass(), NextDeal()]
    assert set(ACTIONS) == {type(a) for a in samples}
    assert len({spec.name for spec in ACTIONS.values()}) == len(ACTIONS)
    for a in samples:
        d = json.loads(json.dumps(action_to_json(a)))
        assert d["type"] == ACTIONS[type(a)].name
        assert action_from_json(d, 108) == a
    assert action_table(Rules()) == ACTIONS   # Classic adds no action of its own
    with pytest.raises(RecordError):
        action_from_json({"type": "meld", "groups": [{"cards": [1], "onto": True}]}, 108)
    with pytest.raises(RecordError):
        action_from_json({"type": "shuffle"}, 108)


def test_meld_ids_are_unique_in_a_deal_and_start_again_next_deal():
    rng = random.Random(3)
    st = new_game(Rules(), seed=11)
    seen_deal = 0
    for _ in range(3000):
        if st.game_over:
            break
        ids = [m.id for team in st.melds for m in team]
        assert len(ids) == len(set(ids)) and all(i >= 1 for i in ids)
        if st.deal_number != seen_deal:
            seen_deal = st.deal_number
            assert ids == []
        legal = legal_actions(st)
        for a in legal:   # every action that adds to a meld names one of the side's melds
            team = st.team_of(st.to_act)
            named = [g.onto for g in getattr(a, "groups", ()) + getattr(a, "melds", ())] + [getattr(a, "onto", None)]
            assert all(o is None or st.meld_by_id(team, o) is not None for o in named)
        rich = [a for a in legal if isinstance(a, (Meld, TakePile))]
        st = apply(st, rng.choice(rich) if rich and rng.random() < 0.7 else rng.choice(legal))[0]


def test_a_group_without_onto_is_a_new_meld_and_classic_refuses_a_second_of_a_rank():
    st = position(Rules(), {"turn": 0, "phase": "play", "hands": [["KS", "KH", "KD", "5C", "6D"], ["4C"], ["5D"], ["6S"]],
                            "stock": 20, "discard": ["8S"], "melds": [[{"cards": ["KC", "KC", "KD"], "by": 2}], []]})
    kings = st.meld_of(0, 13)
    ks = [c for c in st.hands[0] if KIND_OF[c] == 13]
    with pytest.raises(IllegalAction, match="already has a meld of kings"):
        apply(st, Meld((Group(tuple(ks)),)))
    after = apply(st, Meld((Group(tuple(ks), kings.id),)))[0]
    assert len(after.meld_by_id(0, kings.id).cards) == 6
    with pytest.raises(IllegalAction, match="no meld 99"):
        apply(st, Meld((Group(tuple(ks), 99),)))


def test_canasta_size_and_closing_are_options():
    data = {"turn": 0, "phase": "play", "hands": [["KS", "2C", "9H", "9C", "5D"], ["4C"], ["5D"], ["6S"]],
            "stock": 20, "discard": ["8S"], "melds": [[{"cards": KINGS6, "by": 0}], []]}
    six = position(Rules(canasta_size=6), data)
    kings = six.meld_of(0, 13)
    assert kings.canasta == "natural" and kings.is_canasta and six.canasta_count(0) == 1
    seven = position(Rules(), data)
    assert seven.meld_of(0, 13).canasta is None
    closing = position(Rules(canasta_size=6, melds_close=True), data)
    m = closing.melds[0][0]
    assert m.closed and closing.meld_of(0, 13) is None
    ks = [c for c in closing.hands[0] if KIND_OF[c] == 13]
    with pytest.raises(IllegalAction, match="closed"):
        apply(closing, Meld((Group(tuple(ks), m.id),)))
    assert not any(getattr(g, "onto", None) == m.id for a in legal_actions(closing) for g in getattr(a, "groups", ()))


def test_deal_result_carries_score_lines_that_add_up():
    rng = random.Random(1)
    for seed in range(4):
        st = new_game(Rules(), seed=seed)
        while not st.deal_over:
            legal = legal_actions(st)
            rich = [a for a in legal if isinstance(a, (Meld, TakePile))]
            st = apply(st, rng.choice(rich) if rich and rng.random() < 0.7 else rng.choice(legal))[0]
        res: DealResult = st.result
        assert len(res.lines) == st.rules.teams
        for team, lines in enumerate(res.lines):
            assert all(isinstance(x, ScoreLine) for x in lines)
            assert lines[0].label == "Melded cards" and lines[-1].label == "Cards left in hand"
            assert sum(x.points for x in lines) == res.scores[team] == res.items[team].total
            assert res.totals[team] == st.scores[team] + res.scores[team]
            counted = {x.label: x.detail for x in lines}
            kinds = res.canastas[team]
            if kinds.get("natural"):
                assert counted["Natural canastas"] == str(kinds["natural"])
            if kinds.get("mixed"):
                assert counted["Mixed canastas"] == str(kinds["mixed"])
