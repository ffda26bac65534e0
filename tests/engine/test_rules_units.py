"""Unit tests of the engine's Python API: messages, purity of apply, events, scoring
items, legal_actions against check, seeded deals and card conservation."""

from __future__ import annotations

import copy
import random

import pytest

from canasta.engine import (Answer, Ask, Discard, Draw, Group, IllegalAction, Meld, NextDeal, Pass, Rules,
                            TakePile, apply, apply_in_place, check, is_legal, legal_actions, new_game,
                            score_items)
from canasta.engine.cards import CODE_OF, KIND_OF, RED3, WILD_OF, BLACK3
from canasta.engine.setup import action_from, position
from canasta.engine.variants.classic import natural_mixed
from canasta.engine.state import DEAL_OVER, DRAW, GAME_OVER, PLAY

K3 = {"cards": ["KH", "KC", "KD"], "by": 2}
K6 = {"cards": ["KH", "KC", "KD", "KS", "KH", "KC"], "by": 2}
K7 = {"cards": ["KH", "KC", "KD", "KS", "KH", "KC", "KD"], "by": 2}


def pos(hand0, melds0=None, melds1=None, rules=None, **kw):
    data = {"scores": [0, 0], "dealer": 3, "turn": 0, "phase": "play",
            "hands": [hand0, ["4H", "4S"], ["6D"], ["6S", "7S"]], "stock": 40, "discard": ["8S", "5C"],
            "melds": [melds0 if melds0 is not None else [K3], melds1 or []], "red_threes": [[], []]}
    data.update(kw)
    return position(rules or Rules(), data)


def action(st, **data):
    data.setdefault("seat", st.to_act)
    return action_from(st, data)


def message(st, **data) -> str:
    seat, a = action(st, **data)
    with pytest.raises(IllegalAction) as info:
        check(st, a, seat)
    return str(info.value)


def codes(cards):
    return sorted(CODE_OF[c] for c in cards)


def random_states(players, seeds, max_steps=400, rules_kw=None):
    """States met while playing random legal actions from seeded new games."""
    for seed in seeds:
        rng = random.Random(seed * 7919 + players)
        st = new_game(Rules(players=players, **(rules_kw or {})), seed=seed)
        for _ in range(max_steps):
            yield st
            if st.phase == GAME_OVER:
                break
            acts = legal_actions(st)
            assert acts, f"no legal action in {st!r}"
            # favour melding and taking so that deals also end by going out
            rich = [a for a in acts if not isinstance(a, (Discard, Draw))]
            a = rng.choice(rich) if rich and rng.random() < 0.6 else rng.choice(acts)
            st, _ = apply(st, a)


# ---------------------------------------------------------------------------
# messages
# ---------------------------------------------------------------------------

def test_frozen_pile_message_names_natural_pair_and_rank():
    st = pos(["9H", "2C", "9C", "TD"], phase="draw", discard=["5C", "2S", "7S", "9D"])
    text = message(st, type="take", **{"with": ["9H", "2C"]})
    assert "natural pair" in text
    assert "nine" in text
    assert "frozen" in text


def test_minimum_message_names_need_and_count():
    st = pos(["KH", "KC", "KD", "9S", "TD"], [])
    text = message(st, type="meld", melds=[["KH", "KC", "KD"]])
    assert "50" in text and "30" in text


def test_wild_limit_message():
    st = pos(["2S", "9D", "TD"], [{"cards": ["9H", "9C", "2C", "2D", "JK"], "by": 2}])
    text = message(st, type="meld", melds=[{"rank": "9", "cards": ["2S"]}])
    assert "3 wild" in text


def test_black_three_on_top_message():
    st = pos(["9H", "9C", "TD"], phase="draw", discard=["5C", "9D", "3S"])
    assert "black three" in message(st, type="take", **{"with": ["9H", "9C"]})


def test_single_card_message():
    st = pos(["9H"], [{"cards": ["9S", "9C", "9H"], "by": 2}], phase="draw", discard=["9D"])
    assert "single card" in message(st, type="take", **{"with": []})


def test_going_out_without_canasta_message_names_canastas():
    st = pos(["8H", "8C", "8D", "9S"])
    assert "canasta" in message(st, type="meld", melds=[["8H", "8C", "8D"]])


def test_every_message_is_a_readable_sentence():
    cases = [
        (pos(["9S", "TD"], phase="draw"), dict(type="discard", card="9S")),
        (pos(["9S", "TD"], phase="draw"), dict(type="draw", seat=1)),
        (pos(["9S", "TD"]), dict(type="draw")),
        (pos(["9S", "TD"]), dict(type="pass")),
        (pos(["9S", "TD"]), dict(type="ask")),
        (pos(["9S", "TD"]), dict(type="answer", yes=True)),
        (pos(["9S", "TD"]), dict(type="discard", card="QH")),
        (pos(["9H", "9C", "TD", "JD"]), dict(type="meld", melds=[["9H", "9C", "TD"]])),
        (pos(["9H", "2C", "2D", "JD"]), dict(type="meld", melds=[["9H", "2C", "2D"]])),
        (pos(["2C", "2D", "JK", "JD"]), dict(type="meld", melds=[{"rank": "9", "cards": ["2C", "2D", "JK"]}])),
        (pos(["3C", "3S", "3C", "9H", "TD"], [K7]), dict(type="meld", melds=[["3C", "3S", "3C"]])),
        (pos(["9H", "TD", "JD"], phase="draw", discard=["9D"]), dict(type="take", **{"with": ["9H"]})),
        (pos(["9H", "TD", "JD"], phase="draw", discard=["9D", "2C"]), dict(type="take", **{"with": ["9H"]})),
        (pos(["9H", "TD", "JD"], phase="draw", discard=[]), dict(type="take", **{"with": []})),
        (pos(["9H", "9C", "TD"], [], phase="draw", discard=["9D"]), dict(type="take", **{"with": ["9H", "9C"]})),
        (pos(["9S", "TD"], phase="draw"), dict(type="meld", melds=[["9S"]])),
    ]
    for st, data in cases:
        text = message(st, **data)
        assert isinstance(text, str) and len(text) > 15, text
        assert text[0].isupper(), text
        assert text.rstrip()[-1] in ".!?", text
        for junk in ("Traceback", "None", "object at", "Card(", "Group(", "{", "["):
            assert junk not in text, text


# ---------------------------------------------------------------------------
# apply is pure; illegal actions change nothing
# ---------------------------------------------------------------------------

def test_apply_returns_new_state_and_leaves_original_unchanged():
    st = new_game(Rules(), seed=5)
    before = st.snapshot()
    seat = st.turn
    size = len(st.hands[seat])
    new, events = apply(st, Draw())
    assert new is not st
    assert st.snapshot() == before
    assert st.phase == DRAW and new.phase == PLAY
    assert len(new.hands[seat]) == size + 1
    assert len(new.stock) == len(st.stock) - 1 - sum(1 for e in events if e.dst and e.dst[0] == "red3")


def test_apply_take_and_meld_leave_original_melds_alone():
    st = pos(["9H", "9C", "KS", "TD"], [{"cards": ["9S", "9D", "9H"], "by": 2}, K6], phase="draw",
             discard=["5C", "7S", "9D"])
    before = st.snapshot()
    seat, take = action(st, type="take", **{"with": []})
    st2, _ = apply(st, take, seat)
    assert st.snapshot() == before
    assert [len(m.cards) for m in st.melds[0]] == [3, 6]
    assert [len(m.cards) for m in st2.melds[0]] == [4, 6]
    seat, meld = action(st2, type="meld", melds=[["KS"], ["9H", "9C"]])
    before2 = st2.snapshot()
    st3, _ = apply(st2, meld, seat)
    assert st2.snapshot() == before2
    assert [len(m.cards) for m in st2.melds[0]] == [4, 6]
    assert [len(m.cards) for m in st3.melds[0]] == [6, 7]


@pytest.mark.parametrize("data", [
    dict(type="take", **{"with": ["9H", "2C"]}),
    dict(type="take", **{"with": ["9H"]}),
    dict(type="meld", melds=[["9H", "9C", "2C"]]),
    dict(type="discard", card="9H"),
    dict(type="pass"),
    dict(type="ask"),
    dict(type="draw", seat=2),
])
def test_illegal_apply_raises_and_leaves_state_equal(data):
    st = pos(["9H", "2C", "9C", "TD"], phase="draw", discard=["5C", "2S", "7S", "9D"])
    before = st.snapshot()
    twin = st.clone()
    seat, a = action(st, **data)
    assert not is_legal(st, a, seat)
    with pytest.raises(IllegalAction):
        apply(st, a, seat)
    assert st.snapshot() == before
    with pytest.raises(IllegalAction):
        apply_in_place(st, a, seat)
    assert st.snapshot() == before
    assert st == twin


# ---------------------------------------------------------------------------
# events
# ---------------------------------------------------------------------------

def test_take_events_move_every_pile_card():
    st = pos(["9H", "9C", "TD", "JS"], phase="draw", discard=["5C", "3H", "7S", "9D"])
    pile = list(st.pile)
    top = pile[-1]
    seat, a = action(st, type="take", **{"with": ["9H", "9C"]})
    with_ids = set(a.with_cards)
    new, events = apply(st, a, seat)
    moves = [e for e in events if e.kind == "move"]
    from_pile = {e.card: e for e in moves if e.src == ("pile",)}
    assert set(from_pile) == set(pile)
    index = len(new.melds[0]) - 1
    assert from_pile[top].dst == ("meld", 0, index)
    for c in pile[:-1]:
        want = ("red3", 0) if KIND_OF[c] == RED3 else ("hand", 0)
        assert from_pile[c].dst == want, CODE_OF[c]
    from_hand = {e.card: e.dst for e in moves if e.src == ("hand", 0)}
    assert from_hand == {c: ("meld", 0, index) for c in with_ids}
    assert any(e.kind == "unfrozen" for e in events)
    assert codes(new.hands[0]) == ["5C", "7S", "JS", "TD"]


def test_canasta_events():
    st = pos(["KS", "2C", "9S", "TD"], [K6], played=[True, False, True, False])
    seat, a = action(st, type="meld", melds=[["KS"]])
    st, events = apply(st, a, seat)
    can = [e for e in events if e.kind == "canasta"]
    assert len(can) == 1 and can[0].info == "natural" and can[0].dst == ("meld", 0, 0) and can[0].team == 0
    seat, a = action(st, type="meld", melds=[{"rank": "K", "cards": ["2C"]}])
    st, events = apply(st, a, seat)
    can = [e for e in events if e.kind == "canasta"]
    assert len(can) == 1 and can[0].info == "mixed"
    assert natural_mixed(st.canastas(0)) == (0, 1)


def test_no_canasta_event_below_seven():
    st = pos(["KS", "9S", "TD"], [K3])
    seat, a = action(st, type="meld", melds=[["KS"]])
    _, events = apply(st, a, seat)
    assert not [e for e in events if e.kind == "canasta"]


def test_draw_events_red_three_and_replacement():
    st = pos(["9S", "TD"], phase="draw", stock=["5C", "4C", "3H"])
    red, four = st.stock[-1], st.stock[-2]
    new, events = apply(st, Draw())
    moves = [(e.card, e.src, e.dst) for e in events if e.kind == "move"]
    assert moves == [(red, ("stock",), ("red3", 0)), (four, ("stock",), ("hand", 0))]


def test_discarding_a_wild_card_freezes():
    st = pos(["2C", "9S", "TD"])
    seat, a = action(st, type="discard", card="2C")
    new, events = apply(st, a, seat)
    move = [e for e in events if e.kind == "move"][0]
    assert move.src == ("hand", 0) and move.dst == ("pile",) and move.info is True
    assert any(e.kind == "frozen" for e in events)
    assert new.frozen and events[-1].kind == "turn" and events[-1].seat == 1


def test_going_out_events_and_result():
    st = pos(["8H", "8C", "8D", "9S"], [K7], played=[True, False, True, False])
    seat, a = action(st, type="meld", melds=[["8H", "8C", "8D"]])
    st, _ = apply(st, a, seat)
    seat, a = action(st, type="discard", card="9S")
    st, events = apply(st, a, seat)
    kinds = [e.kind for e in events]
    assert "went_out" in kinds and "deal_over" in kinds
    out = [e for e in events if e.kind == "went_out"][0]
    assert out.seat == 0 and out.info is False
    over = [e for e in events if e.kind == "deal_over"][0]
    assert over.info is st.result and st.result.scores == [695, -20]
    assert st.phase == DEAL_OVER


# ---------------------------------------------------------------------------
# scoring items
# ---------------------------------------------------------------------------

def _check_items(items, result=None):
    for it in items:
        parts = (it.melded + it.canasta_bonus + it.red_three_score + it.going_out + it.concealed + it.in_hand)
        assert it.total == parts
        assert sum(line.points for line in it.lines()) == it.total
        assert it.canasta_bonus == 500 * it.natural_canastas + 300 * it.mixed_canastas
        assert it.in_hand <= 0 and it.melded >= 0
    if result is not None:
        assert result.scores == [it.total for it in items]


def test_score_items_encyclopedia_example():
    data = {
        "scores": [0, 0], "dealer": 3, "turn": 0, "phase": "play",
        "hands": [["3C", "3S", "3S", "8D"], ["2H", "5D", "6D", "TC", "JC", "JD"],
                  ["4D", "5S", "5C", "QH", "KH", "AC", "AD"], ["4S", "4D", "TD", "QC", "QD", "KC", "KD"]],
        "stock": 40, "discard": ["8S", "5C"],
        "melds": [[{"cards": ["6H", "6C", "6D", "6S", "6H", "6C", "2C"], "by": 2},
                   {"cards": ["9H", "9C", "9D", "9S", "9H", "9C", "9D", "9S"], "by": 2},
                   {"cards": ["TH", "TC", "TD"], "by": 2},
                   {"cards": ["JH", "JC", "JD", "JS", "2D", "2H", "JK"], "by": 0}],
                  [{"cards": ["4H", "4C", "2S"], "by": 1}, {"cards": ["7H", "7C", "7D", "7S", "7H", "2C", "JK"], "by": 3},
                   {"cards": ["TS", "TH", "JK"], "by": 1}, {"cards": ["AH", "AC", "AD", "AS", "AH"], "by": 3}]],
        "red_threes": [["3H", "3D"], ["3H"]]}
    st = position(Rules(), data)
    st, _ = apply(st, *reversed(action(st, type="meld", melds=[["3C", "3S", "3S"]])))
    st, _ = apply(st, *reversed(action(st, type="discard", card="8D")))
    ns, ew = st.result.items
    assert (ns.melded, ns.in_hand, ns.canasta_bonus, ns.red_three_score, ns.going_out, ns.concealed) == \
        (305, -75, 1100, 200, 100, 0)
    assert (ew.melded, ew.in_hand, ew.canasta_bonus, ew.red_three_score, ew.going_out) == (295, -120, 300, 100, 0)
    assert st.result.scores == [1630, 575]
    _check_items(st.result.items, st.result)
    assert score_items(st, 0, False)[0].total == 1630


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_score_items_add_up_in_random_deals(players):
    seen = 0
    for st in random_states(players, range(6), max_steps=2000):
        if st.phase in (DEAL_OVER, GAME_OVER) and st.result is not None:
            _check_items(st.result.items, st.result)
            assert st.result.totals == [s + t for s, t in zip(st.scores, st.result.scores)]
            seen += 1
    assert seen >= 3


# ---------------------------------------------------------------------------
# legal_actions against check
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_legal_actions_are_all_accepted_by_check(players):
    count = 0
    for st in random_states(players, range(4), max_steps=600):
        acts = legal_actions(st)
        if st.phase != GAME_OVER:
            assert acts
        for a in acts:
            check(st, a)  # raises if legal_actions offered something illegal
            count += 1
        # never two entries for the same action
        assert len(set(map(repr, acts))) == len(acts)
    assert count > 1000


def test_legal_actions_with_options():
    opts = dict(pile_always_frozen=True, black_three_freezes=True, more_naturals_than_wilds=True,
                stock_exhausted="end", wild_limit=2)
    for st in random_states(4, range(3), max_steps=500, rules_kw=opts):
        for a in legal_actions(st):
            check(st, a)


def test_pass_offered_only_with_empty_stock():
    for st in random_states(4, range(3), max_steps=800):
        acts = legal_actions(st)
        if any(isinstance(a, Pass) for a in acts):
            assert not st.stock and st.phase == DRAW
        if st.phase == DRAW and st.stock:
            assert Draw() in acts


def test_legal_actions_offer_a_take_whenever_one_is_legal():
    st = pos(["JC", "JK", "5D", "5C", "5S"], [], phase="draw", discard=["5H"])
    seat, a = action(st, type="take", **{"with": ["5C", "5S", "JK"]})
    check(st, a, seat)  # legal: 5-5-5-JK counts 65
    assert any(isinstance(x, TakePile) for x in legal_actions(st))


def test_last_card_only_discard():
    st = pos(["KS", "QS"], [dict(K6), {"cards": ["QH", "QC", "QD"], "by": 2}], played=[True, False, True, False])
    st, _ = apply(st, *reversed(action(st, type="meld", melds=[["KS"]])))
    acts = legal_actions(st)
    assert acts and all(isinstance(a, Discard) for a in acts)


@pytest.mark.parametrize("a", [TakePile((10 ** 6,)), Meld((Group((10 ** 6,)),))], ids=["take", "meld"])
def test_unknown_card_id_is_illegal_not_a_crash(a):
    st = pos(["9H", "9C", "TD"], phase="draw", discard=["9D"])
    if isinstance(a, Meld):
        st, _ = apply(st, Draw())
    with pytest.raises(IllegalAction):
        check(st, a)


# ---------------------------------------------------------------------------
# seeded games, dealing and card conservation
# ---------------------------------------------------------------------------

def test_seeded_new_game_is_reproducible():
    a = new_game(Rules(), seed=5)
    b = new_game(Rules(), seed=5)
    c = new_game(Rules(), seed=6)
    assert a.snapshot() == b.snapshot()
    assert a.hands == b.hands and a.stock == b.stock and a.dealer == b.dealer
    assert a.hands != c.hands or a.stock != c.stock


def test_seeded_next_deal_is_reproducible_and_dealer_moves_left():
    def finish(st):
        rng = random.Random(1)
        while st.phase not in (DEAL_OVER, GAME_OVER):
            st, _ = apply(st, rng.choice(legal_actions(st)))
        return st
    a, b = finish(new_game(Rules(), seed=5)), finish(new_game(Rules(), seed=5))
    assert a.snapshot() == b.snapshot()
    assert a.phase == DEAL_OVER
    a2, _ = apply(a, NextDeal())
    b2, _ = apply(b, NextDeal())
    assert a2.snapshot() == b2.snapshot()
    assert a2.dealer == (a.dealer + 1) % 4
    assert a2.turn == (a2.dealer + 1) % 4
    assert a2.scores == a.result.totals
    assert sorted(a2.all_card_locations()) == list(range(108))
    assert a2.hands != a.hands


@pytest.mark.parametrize("players,total,hand", [(2, 108, 15), (3, 108, 13), (4, 108, 11), (6, 162, 13)])
def test_every_card_once_after_dealing(players, total, hand):
    for seed in range(25):
        st = new_game(Rules(players=players), seed=seed)
        assert st.total_cards == total
        assert sorted(st.all_card_locations()) == list(range(total))
        assert [len(h) for h in st.hands] == [hand] * players
        assert st.turn == (st.dealer + 1) % players and st.phase == DRAW
        for h in st.hands:
            assert not any(KIND_OF[c] == RED3 for c in h)
        top = st.pile[-1]
        assert not WILD_OF[top] and KIND_OF[top] not in (RED3, BLACK3)
        assert st.frozen == any(WILD_OF[c] or KIND_OF[c] == RED3 for c in st.pile)
        for team, reds in enumerate(st.red3):
            assert all(KIND_OF[c] == RED3 for c in reds)


def test_rules_defaults_by_player_count():
    r2 = Rules(players=2).resolved()
    assert (r2.hand_size, r2.draw_count, r2.canastas_to_go_out, r2.decks, r2.ask_to_go_out) == (15, 2, 2, 2, False)
    r3 = Rules(players=3).resolved()
    assert (r3.hand_size, r3.draw_count, r3.canastas_to_go_out, r3.teams, r3.ask_to_go_out) == (13, 1, 1, 3, False)
    r4 = Rules().resolved()
    assert (r4.hand_size, r4.draw_count, r4.canastas_to_go_out, r4.target_score, r4.ask_to_go_out) == \
        (11, 1, 1, 5000, True)
    r6 = Rules(players=6).resolved()
    assert (r6.hand_size, r6.decks, r6.canastas_to_go_out, r6.target_score, r6.teams) == (13, 3, 2, 7500, 3)
    r62 = Rules(players=6, teams=2).resolved()
    assert (r62.target_score, r62.teams) == (10000, 2)
    assert Rules(players=2, draw_count=1).resolved().draw_count == 1


@pytest.mark.parametrize("score,need", [(-5, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120),
                                        (7500, 120)])
def test_minimum_table(score, need):
    assert Rules().resolved().minimum_for(score) == need


def test_minimum_table_six_players_teams_of_three_and_negative_option():
    r = Rules(players=6, teams=2).resolved()
    assert [r.minimum_for(s) for s in (7495, 7500, 12000)] == [120, 150, 150]
    assert Rules(negative_minimum=0).resolved().minimum_for(-20) == 0


def test_red_three_values():
    r = Rules().resolved()
    assert [r.red_three_score(n) for n in (1, 2, 3, 4)] == [100, 200, 300, 800]
    r6 = Rules(players=6).resolved()
    assert [r6.red_three_score(n) for n in (1, 4, 5, 6)] == [100, 400, 1000, 1200]


def test_team_and_partner_mapping():
    from canasta.engine.state import partner_of
    st4 = new_game(Rules(), seed=1)
    assert [st4.team_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert [partner_of(st4, s) for s in range(4)] == [2, 3, 0, 1]
    st6 = new_game(Rules(players=6), seed=1)
    assert [st6.team_of(s) for s in range(6)] == [0, 1, 2, 0, 1, 2]
    assert [partner_of(st6, s) for s in range(6)] == [3, 4, 5, 0, 1, 2]
    st62 = new_game(Rules(players=6, teams=2), seed=1)
    assert [st62.team_of(s) for s in range(6)] == [0, 1, 0, 1, 0, 1]
    st3 = new_game(Rules(players=3), seed=1)
    assert [st3.team_of(s) for s in range(3)] == [0, 1, 2]


def test_ask_answer_flow_binds_to_to_act():
    st = pos(["8H", "8C", "8D", "9S"], [K7], played=[True, False, True, False])
    st, _ = apply(st, Ask())
    assert st.to_act == 2 and st.turn == 0
    assert not is_legal(st, Answer(True), 0)
    st2, events = apply(st, Answer(False), 2)
    assert any(e.kind == "answered" and e.info is False for e in events)
    acts = legal_actions(st2)
    assert not any(isinstance(a, Meld) and sum(len(g.cards) for g in a.groups) >= 3 for a in acts)
    st3, _ = apply(st, Answer(True), 2)
    assert all(not isinstance(a, Discard) for a in legal_actions(st3))


def test_vectors_state_copies_are_independent():
    st = pos(["9H", "9C", "TD"], phase="draw", discard=["5C", "9D"])
    twin = copy.copy(st.snapshot())
    clone = st.clone()
    clone.hands[0].append(99)
    clone.melds[0][0].cards.append(98)
    assert st.snapshot() == twin
