"""The gesture function, without a window: cards picked up + the zone they are
released on -> an action, a staging step, or the engine's refusal."""

import subprocess
import sys

import pytest

from canasta.engine import Discard, Meld, Rules, TakePile, apply, check, is_legal
from canasta.engine.cards import card_code
from canasta.engine.setup import position
from canasta.engine.state import DRAW
from canasta.ui.table.gestures import (STAGING_BLOCKS, Play, Refuse, Stage, after_staging, drop_targets,
                                       interpret, meld_zone, staged_meld)

OPENED = {
    "scores": [0, 0], "dealer": 3, "turn": 0, "phase": "play",
    "hands": [["9H", "9C", "9D", "TD", "JS", "QH", "KS", "2C", "5H", "5D", "JK"], ["5S", "6S"], ["6D", "7D"],
              ["6S", "7S"]],
    "stock": 30, "discard": ["4C", "7H", "8D", "9S"],
    "melds": [[{"cards": ["KH", "KC", "KD"], "by": 0}, {"cards": ["4H", "4C", "4D", "2H", "2D", "2S"], "by": 2}], []],
    "red_threes": [[], []],
}

UNOPENED = {
    "scores": [0, 0], "dealer": 3, "turn": 0, "phase": "play",
    "hands": [["5H", "5C", "5D", "AH", "AC", "AD", "QS", "QH", "8C", "JS"], ["5S", "6S"], ["6D", "7D"],
              ["6S", "7S"]],
    "stock": 30, "discard": ["4C", "7H"],
    "melds": [[], []], "red_threes": [[], []],
}


def state(data, **changes):
    return position(Rules(), dict(data, **changes))


def cards(st, *codes, seat=0):
    """Card ids in ``seat``'s hand for the given codes (each code used once)."""
    hand = list(st.hands[seat])
    out = []
    for code in codes:
        c = next(c for c in hand if card_code(c) == code)
        hand.remove(c)
        out.append(c)
    return out


def key_of_rank(st, rank, team=0):
    """The id of the side's meld of ``rank``."""
    return next(m.id for m in st.melds[team] if m.rank == rank)


def test_a_new_meld_on_the_meld_area():
    st = state(OPENED)
    nines = cards(st, "9H", "9C", "9D")
    out = interpret(st, nines, "meld_area")
    assert isinstance(out, Play) and isinstance(out.action, Meld)
    after = apply(st, out.action)[0]
    assert any(m.rank == 9 and sorted(m.cards) == sorted(nines) for m in after.melds[0])


def test_cards_added_to_a_meld_named_by_its_key():
    st = state(OPENED)
    king = cards(st, "KS")
    key = key_of_rank(st, 13)
    out = interpret(st, king, f"meld:{key}")
    assert isinstance(out, Play)
    after = apply(st, out.action)[0]
    kings = next(m for m in after.melds[0] if m.rank == 13)
    assert king[0] in kings.cards and len(kings.cards) == 4
    assert len(after.melds[0]) == 2


def test_a_meld_is_named_by_its_id_not_its_place():
    st = state(OPENED)
    kings, fours = sorted(st.melds[0], key=lambda m: m.rank != 13)
    kings.id, fours.id = 41, 7                      # ids that are not places in the list
    king = cards(st, "KS")
    out = interpret(st, king, "meld:41")
    assert isinstance(out, Play) and out.action.groups[0].onto == 41
    assert king[0] in apply(st, out.action)[0].meld_by_id(0, 41).cards
    assert interpret(st, king, "meld:0") is None    # no meld has that id: the cards slide back
    top = [st.pile[-1]]
    take = interpret(dict_state_draw(st), top, "meld:41", from_pile=True)
    assert isinstance(take, (Play, Refuse)) and take.action.onto == 41


def dict_state_draw(st):
    st = st.clone()
    st.phase = DRAW
    return st


def test_a_wild_card_dropped_on_a_meld_joins_that_meld():
    st = state(OPENED)
    joker = cards(st, "JK")
    out = interpret(st, joker, f"meld:{key_of_rank(st, 13)}")
    assert isinstance(out, Play)
    kings = next(m for m in apply(st, out.action)[0].melds[0] if m.rank == 13)
    assert joker[0] in kings.cards


def test_a_wild_card_too_many_is_refused_with_the_engines_sentence():
    st = state(OPENED)
    joker = cards(st, "JK")
    out = interpret(st, joker, f"meld:{key_of_rank(st, 4)}")   # fours: 3 naturals, 3 wilds already
    assert isinstance(out, Refuse)
    with pytest.raises(Exception) as exc:
        check(st, out.action)
    assert out.sentence == str(exc.value)


def test_cards_of_a_melded_rank_dropped_on_the_meld_area_join_their_meld():
    st = state(OPENED)
    king = cards(st, "KS")
    out = interpret(st, king, "meld_area")
    assert isinstance(out, Play)
    assert len(apply(st, out.action)[0].melds[0]) == 2


def test_discard_one_card_on_the_pile():
    st = state(OPENED)
    c = cards(st, "QH")
    assert interpret(st, c, "pile") == Play(Discard(c[0]))
    assert interpret(st, cards(st, "QH", "JS"), "pile") is None     # two cards: no meaning


def test_an_illegal_drop_gets_the_engines_sentence():
    st = state(OPENED)
    single = cards(st, "TD")
    out = interpret(st, single, "meld_area")
    assert isinstance(out, Refuse) and out.sentence
    with pytest.raises(Exception) as exc:
        check(st, Meld(out.action.groups))
    assert out.sentence == str(exc.value)
    assert interpret(st, single, None) is None
    assert interpret(st, single, "hand") is None


def test_melding_before_drawing_is_refused():
    st = state(OPENED, phase=DRAW)
    out = interpret(st, cards(st, "KS"), f"meld:{key_of_rank(st, 13)}")
    assert isinstance(out, Refuse) and out.sentence


def test_take_the_pile_with_a_pair_dropped_on_it():
    st = state(OPENED, phase=DRAW)
    pair = cards(st, "9H", "9C")
    out = interpret(st, pair, "pile")
    assert out == Play(TakePile(tuple(pair), ()))
    assert st.pile[-1] in apply(st, out.action)[0].hands[0] or any(
        st.pile[-1] in m.cards for m in apply(st, out.action)[0].melds[0])


def test_take_the_pile_by_dragging_its_top_card():
    st = state(OPENED, phase=DRAW)
    pair = cards(st, "9H", "9C")
    top = [st.pile[-1]]
    for zone in ("meld_area", "hand", f"meld:{key_of_rank(st, 13)}"):
        out = interpret(st, top, zone, from_pile=True, selected=pair)
        assert out == Play(TakePile(tuple(pair), ())), zone
    assert interpret(st, top, "pile", from_pile=True, selected=pair) is None
    # without a pair in hand the engine says why
    out = interpret(st, top, "hand", from_pile=True, selected=())
    assert isinstance(out, Refuse) and out.sentence


def test_take_the_pile_onto_a_meld():
    st = state(OPENED, phase=DRAW, discard=["4C", "7H", "8D", "KD"])
    top = [st.pile[-1]]
    out = interpret(st, top, f"meld:{key_of_rank(st, 13)}", from_pile=True)
    assert out == Play(TakePile((), (), st.meld_of(0, 13).id))
    after = apply(st, out.action)[0]
    assert top[0] in next(m for m in after.melds[0] if m.rank == 13).cards


def test_staging_for_the_first_meld():
    st = state(UNOPENED)
    fives = cards(st, "5H", "5C", "5D")
    out = interpret(st, fives, "meld_area")
    assert out == Stage(tuple(fives))                # 15 points: not enough alone
    staged = [out.cards]
    assert "15 of the 50" in after_staging(st, staged)
    aces = cards(st, "AH", "AC", "AD")
    out = interpret(st, aces, "meld_area", staged=staged)
    assert out == Stage(tuple(aces))                 # staged too, not played, while staging
    staged.append(out.cards)
    assert "Lay down" in after_staging(st, staged)
    assert is_legal(st, staged_meld(staged))
    # a staged meld blocks dropping on a meld until it is laid down
    opened = state(OPENED)
    assert interpret(opened, cards(opened, "KS"), f"meld:{key_of_rank(opened, 13)}",
                     staged=[tuple(cards(opened, "9H", "9C", "9D"))]) == Refuse(
        STAGING_BLOCKS, interpret(opened, cards(opened, "KS"), f"meld:{key_of_rank(opened, 13)}").action)


def test_staging_refuses_what_can_never_be_a_meld():
    st = state(UNOPENED)
    out = interpret(st, cards(st, "QS", "8C"), "meld_area")
    assert isinstance(out, Refuse) and out.sentence


def test_drop_targets_agree_with_interpret():
    st = state(OPENED)
    zones = [meld_zone(m) for m in st.melds[0]] + ["pile", "meld_area", "hand"]
    for picked in (cards(st, "KS"), cards(st, "QH"), cards(st, "9H", "9C", "9D"), cards(st, "JK")):
        targets = drop_targets(st, picked, zones)
        for zone in zones:
            out = interpret(st, picked, zone)
            verdict = targets.get(zone)
            if out is None:
                assert verdict is None
            else:
                assert verdict[0] == {Play: "do", Stage: "stage", Refuse: "no"}[type(out)]


def test_the_gesture_function_needs_no_pygame():
    code = ("import sys; sys.modules['pygame'] = None\n"
            "from canasta.ui.table.gestures import interpret\n"
            "print('ok')")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"

