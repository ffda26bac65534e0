"""The computer players in Hand and Foot: every level plays deals to their end at 4 and
6 players choosing only legal actions; Medium keeps wild cards off melds that can still
be clean books, goes out only with the books, and the hint explains books and feet."""

from __future__ import annotations

import pytest

from canasta.ai import make_player
from canasta.ai.explain import explain
from canasta.ai.handfoot import books_short, medium_scores
from canasta.ai.search import HardPlayer
from canasta.engine import Discard, Group, Meld, Rules, TakePile, apply_in_place, legal_actions, new_game
from canasta.engine.observe import observe
from canasta.engine.setup import position
from canasta.engine.state import DEAL_OVER, GAME_OVER

HF = "hand_and_foot"
FEET = [[r + s for r in "456789TJQKA"] for s in "CDHS"]


def _play_deal(players: int, level: str, seed: int = 1):
    st = new_game(Rules(variant=HF, players=players), seed=f"hf-{players}-{level}")
    if level == "hard":
        bots = [HardPlayer(seed=seed + s, worlds=2, candidates=2, depth=2) for s in range(players)]
    else:
        bots = [make_player(level, seed=seed + s) for s in range(players)]
    steps = 0
    while st.phase not in (DEAL_OVER, GAME_OVER):
        legal = legal_actions(st)
        seat = st.to_act
        a = bots[seat].choose(observe(st, seat), legal)
        assert a in legal
        apply_in_place(st, a)
        steps += 1
        assert steps < 20000
    return st


@pytest.mark.parametrize("players", [4, 6])
@pytest.mark.parametrize("level", ["easy", "medium", "hard", "random"])
def test_every_level_plays_a_deal_to_its_end(players, level):
    st = _play_deal(players, level)
    assert st.result is not None
    if st.went_out is not None:
        # going out needed the books and the foot
        team = st.team_of(st.went_out)
        assert st.in_foot(st.went_out)
        kinds = [m.canasta for m in st.melds[team]]
        assert kinds.count("clean") >= 2 and kinds.count("dirty") >= 2


def _pos(**kw):
    base = {"scores": [0, 0], "deal_number": 1, "dealer": 3, "turn": 0, "phase": "play", "stock": 100,
            "discard": ["5C"], "melds": [[], []], "red_threes": [[], []], "feet": FEET, "hands": [[], ["TS"], ["JD"], ["QD"]]}
    base.update(kw)
    return position(Rules(variant=HF), base)


def _codes(st, seat, codes):
    from canasta.engine.cards import CODE_OF
    out, pool = [], list(st.hands[seat])
    for code in codes:
        c = next(c for c in pool if CODE_OF[c] == code)
        pool.remove(c)
        out.append(c)
    return tuple(out)


def test_medium_keeps_the_wild_card_off_a_meld_that_can_be_clean():
    st = _pos(melds=[[{"cards": ["KH", "KC", "KD", "KS"], "by": 2}], []],
              hands=[["KH", "2C", "5S", "6S", "9D", "9H", "9C"], ["TS"], ["JD"], ["QD"]])
    ob = observe(st, 0)
    kings = st.melds[0][0].id
    natural = Meld((Group(_codes(st, 0, ["KH"]), kings),))
    wild = Meld((Group(_codes(st, 0, ["2C"]), kings),))
    s = dict(zip((natural, wild), medium_scores(ob, [natural, wild])))
    assert s[natural] > s[wild]
    assert books_short(ob, 0) == {"clean": 2, "dirty": 2, "wild": 0}


def test_hint_sentences_speak_of_books_and_feet():
    st = _pos(melds=[[{"cards": ["KH", "KC", "KD", "KS", "KH", "KC"], "by": 2}], []],
              hands=[["KD", "5S"], ["TS"], ["JD"], ["QD"]])
    ob = observe(st, 0)
    kings = st.melds[0][0].id
    said = explain(ob, Meld((Group(_codes(st, 0, ["KD"]), kings),)))
    assert "clean book" in said and "+500" in said
    said = explain(ob, Discard(_codes(st, 0, ["5S"])[0]))
    assert "5" in said or "five" in said
    st = _pos(hands=[["5S"], ["TS"], ["JD"], ["QD"]])
    said = explain(observe(st, 0), Discard(_codes(st, 0, ["5S"])[0]))
    assert "foot" in said
    st = _pos(phase="draw", melds=[[{"cards": ["KH", "KC", "KD"], "by": 2}], []],
              discard=["4C", "4D", "JH", "JC", "QS", "TD", "8H", "7S", "6C", "9D"],
              hands=[["9H", "9C", "5D", "6S"], ["TS"], ["JD"], ["QD"]])
    take = next(a for a in legal_actions(st) if isinstance(a, TakePile))
    said = explain(observe(st, 0), take)
    assert "Take the pile" in said and "6 more cards" in said
