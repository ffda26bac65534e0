"""The medium player's judgement in set positions."""

from __future__ import annotations

from canasta.ai import make_player
from canasta.engine import Discard, Rules, apply_in_place, legal_actions
from canasta.engine.cards import CODE_OF, KIND_OF
from canasta.engine.observe import observe
from canasta.engine.setup import position


def _discard_of(st, player):
    """Let ``player`` play its turn until it discards; the card it throws."""
    seat = st.turn
    for _ in range(20):
        legal = legal_actions(st)
        a = player.choose(observe(st, seat), legal)
        if type(a) is Discard:
            return a.card
        apply_in_place(st, a)
    raise AssertionError("no discard")


def _big_pile(n=12):
    codes = ["4C", "5H", "8D", "9S", "TC", "JH", "6D", "7S", "8C", "TD", "4D", "5S", "9H", "6S"]
    return codes[:n]


def test_medium_does_not_feed_a_big_pile_to_the_next_opponent():
    # Team 1 (seat 1 plays next) has kings on the table and the pile is not frozen.
    # The lone king is otherwise the natural card to throw: every other card is paired.
    data = {
        "turn": 0, "phase": "play", "stock": 40,
        "hands": [["KS", "QC", "QD", "JC", "JD", "6C", "6H", "5C", "5D"],
                  ["4S", "4H", "7C", "7D", "8H", "8S", "TH", "TS"],
                  ["AC", "AD", "AH", "9C", "9D", "QH", "QS"],
                  ["AS", "7H", "JS", "8S", "TC", "9C", "4C", "5C"]],
        "melds": [[{"cards": ["7H", "7S", "7C"], "by": 0}],
                  [{"cards": ["KC", "KD", "KH"], "by": 1}]],
        "discard": _big_pile(12),
    }
    st = position(Rules(players=4), data)
    assert not st.pile_frozen_for(1)
    easy_st = position(Rules(players=4), data)
    medium = make_player("medium")
    card = _discard_of(st, medium)
    assert KIND_OF[card] != 13, "medium threw a king onto a 13-card pile the next opponent can take"
    # the check can fail: a player that only looks at its own hand throws the king
    legal = [a for a in legal_actions(easy_st) if type(a) is Discard]
    v = observe(easy_st, 0)
    v_hand_only = [-(30.0 * (v.counts[KIND_OF[a.card]] - 1)) for a in legal]
    naive = legal[max(range(len(legal)), key=lambda i: v_hand_only[i])].card
    assert KIND_OF[naive] == 13


def test_medium_throws_a_card_whose_rank_is_used_up():
    # The pile is frozen, so the next player needs a natural pair of the top card. Seven
    # queens are on the table and the eighth is in hand: nobody can hold a pair of
    # queens, so the queen is safe even on a big pile; the lone king is not.
    data = {
        "turn": 0, "phase": "play", "stock": 40,
        "hands": [["KS", "QH", "JC", "JD", "6C", "6H", "5C", "5D"],
                  ["4S", "4H", "7C", "7D", "8H", "8S", "TH", "TS"],
                  ["AC", "AD", "AH", "9C", "9D", "8C", "8D"],
                  ["AS", "7H", "JS", "9H", "TC", "9S", "4C", "5S"]],
        "melds": [[{"cards": ["AC", "AD", "AH"], "by": 0}],
                  [{"cards": ["QC", "QC", "QD", "QD", "QS", "QS", "QH"], "by": 1}]],
        "discard": ["4D", "5H", "6D", "TD", "2H", "JH", "6S", "7H", "TS", "4H", "9C"],
    }
    st = position(Rules(players=4), data)
    assert st.frozen
    card = _discard_of(st, make_player("medium"))
    assert KIND_OF[card] == 12, f"expected the dead queen, got {CODE_OF[card]}"


def test_medium_keeps_wild_cards_off_melds_it_cannot_finish():
    data = {
        "turn": 0, "phase": "play", "stock": 50,
        "hands": [["2C", "JK", "9C", "9D", "4S", "6H", "TD", "TC"],
                  ["4H", "7C", "7D", "8H", "8S", "TH", "TS", "5H"],
                  ["AC", "AD", "AH", "9H", "9S", "QH", "QS"],
                  ["AS", "7H", "JS", "8C", "5C", "9C", "4C", "5S"]],
        "melds": [[{"cards": ["KC", "KD", "KH"], "by": 2}], []],
        "discard": ["5D"],
    }
    st = position(Rules(players=4), data)
    medium = make_player("medium")
    seat = 0
    while True:
        legal = legal_actions(st)
        a = medium.choose(observe(st, seat), legal)
        if type(a) is Discard:
            break
        apply_in_place(st, a)
    wild_on_table = sum(1 for m in st.melds[0] for c in m.cards if KIND_OF[c] in (2, 15))
    assert wild_on_table == 0
    assert KIND_OF[a.card] not in (2, 15)


def test_medium_completes_a_canasta_with_a_wild_card():
    data = {
        "turn": 0, "phase": "play", "stock": 50,
        "hands": [["2C", "9C", "4S", "6H", "TD", "JC"],
                  ["4H", "7C", "7D", "8H", "8S", "TH", "TS", "5H"],
                  ["AC", "AD", "AH", "9H", "9S", "QH", "QS"],
                  ["AS", "7H", "JS", "8C", "5C", "9C", "4C", "5S"]],
        "melds": [[{"cards": ["KC", "KD", "KH", "KS", "KC", "KD"], "by": 2}], []],
        "discard": ["5D"],
    }
    st = position(Rules(players=4), data)
    legal = legal_actions(st)
    a = make_player("medium").choose(observe(st, 0), legal)
    apply_in_place(st, a)
    assert st.canasta_count(0) == 1


def test_medium_answers_no_when_far_behind_and_yes_when_ahead():
    base = {
        "turn": 0, "phase": "play", "stock": 50,
        "hands": [["9C", "9D", "9H"],
                  ["4H", "7C", "7D", "8H", "8S", "TH", "TS", "5H"],
                  ["AC", "AD", "4C", "9S", "5S", "QH", "QS"],
                  ["AS", "7H", "JS", "8C", "5C", "9C", "4C", "5S"]],
        "discard": ["5D"],
    }
    rules = Rules(players=4, ask_to_go_out=True)
    from canasta.engine import Answer, Ask

    def answer(melds):
        st = position(rules, dict(base, melds=melds))
        apply_in_place(st, Ask())
        legal = legal_actions(st)
        assert set(legal) == {Answer(True), Answer(False)}
        return make_player("medium").choose(observe(st, st.to_act), legal)

    ours = [{"cards": ["KC", "KD", "KH", "KS", "KC", "KD", "KH"], "by": 0}]
    behind = answer([ours, [{"cards": ["JC", "JD", "JH", "JS", "JC", "JD", "JH"], "by": 1},
                            {"cards": ["6C", "6D", "6H", "6S", "6C", "6D", "6H"], "by": 1},
                            {"cards": ["TC", "TD", "TH", "TS", "TC"], "by": 3}]])
    ahead = answer([ours + [{"cards": ["JC", "JD", "JH", "JS", "JC", "JD", "JH"], "by": 2}],
                    [{"cards": ["6C", "6D", "6H"], "by": 1}]])
    assert behind == Answer(False)
    assert ahead == Answer(True)
