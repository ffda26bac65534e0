"""Samba and Bolivia at the table, played with posted mouse events: sequences made
and extended at either end by drag, the pile taken onto a sequence, drops that
light only the melds where the engine allows them, a whole deal, and the window's
demonstration to the end of a game in each game."""

from __future__ import annotations

import os
import subprocess
import sys

import pygame
import pytest

from canasta.ai import make_player
from canasta.engine import Discard, Draw, Meld, Pass, Rules, TakePile, apply, legal_actions, variants
from canasta.engine.actions import Group
from canasta.engine.cards import RANK_OF, card_code
from canasta.engine.observe import observe
from canasta.engine.setup import position

from helpers import drag, settle
from test_table import empty_spot, gesture, make_table, select

pytestmark = pytest.mark.skipif("samba" not in variants.names(), reason="Samba is not registered yet")


def ids(st, seat, *codes):
    hand = list(st.hands[seat])
    out = []
    for code in codes:
        c = next(c for c in hand if card_code(c) == code)
        hand.remove(c)
        out.append(c)
    return out


def meld_by(st, team, kind, pred=lambda m: True):
    return [m for m in st.melds[team] if m.kind == kind and pred(m)]


def hover_targets(app, scene, cards, over):
    """Pick ``cards`` up and hold them over ``over``: the zones lit while dragging."""
    select(app, scene, cards)
    start = scene.click_point(cards[0])
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=start)])
    for i in range(1, 5):
        pos = (start[0] + (over[0] - start[0]) * i // 4, start[1] + (over[1] - start[1]) * i // 4)
        app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))])
    lit = {name for name, (what, _) in (scene.drag.targets or {}).items() if what in ("do", "stage")}
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=start)])   # back where it came from
    settle(app, scene)
    for c in list(scene.selected):
        select_off(app, scene, c)
    return lit


def select_off(app, scene, card):
    from helpers import click
    click(app, scene.click_point(card))


START = {
    # seat 0 has a negative total (first meld 15) and a heart run in hand
    "scores": [-200, 0], "dealer": 1, "turn": 0, "phase": "draw",
    "hands": [["6H", "7H", "8H", "5H", "4H", "KS", "KD", "KC", "9S", "9D", "QC", "JC", "2C", "TS", "AD"],
              ["5S", "6S", "7C", "8C", "9C", "TC", "JD", "QD", "KH", "AH", "4C", "4D", "5D", "6D", "7D"]],
    "stock": 60, "discard": ["QS", "8D", "9H"],
}


def test_a_sequence_made_by_drag_and_extended_at_the_low_end():
    st = position(Rules(variant="samba", players=2), START)
    app, scene = make_table(Rules(variant="samba", players=2), state=st)
    settle(app, scene)
    # take the pile? no: draw two from the stock by clicking it
    from helpers import click
    click(app, scene.zone_centre("stock"))
    settle(app, scene)
    st = scene.state
    assert st.phase == "play" and len(st.hands[0]) == 17
    # the run 6-7-8 of hearts dragged to the side's empty meld area
    run = ids(st, 0, "6H", "7H", "8H")
    select(app, scene, run)
    drag(app, scene.click_point(run[0]), empty_spot(scene))
    settle(app, scene)
    seqs = meld_by(scene.state, 0, "sequence")
    assert len(seqs) == 1 and sorted(RANK_OF[c] for c in seqs[0].cards) == [6, 7, 8]
    seq = seqs[0]
    # the five of hearts: only the sequence lights up; dropped on it, it joins the low end
    five = ids(scene.state, 0, "5H")
    lit = hover_targets(app, scene, five, scene.meld_centre(seq.id))
    assert f"meld:{seq.id}" in lit
    select(app, scene, five)
    drag(app, scene.click_point(five[0]), scene.meld_centre(seq.id))
    settle(app, scene)
    seq = meld_by(scene.state, 0, "sequence")[0]
    assert sorted(RANK_OF[c] for c in seq.cards) == [5, 6, 7, 8]
    # ... and the four below it, the high end untouched
    four = ids(scene.state, 0, "4H")
    drag(app, scene.click_point(four[0]), scene.meld_centre(seq.id))
    settle(app, scene)
    seq = meld_by(scene.state, 0, "sequence")[0]
    assert sorted(RANK_OF[c] for c in seq.cards) == [4, 5, 6, 7, 8]
    # drawn in rank order, the four at the top of the fan
    poses = scene.ctl.layout.targets
    ys = [poses[c].y for c in sorted(seq.cards, key=lambda c: RANK_OF[c])]
    assert ys == sorted(ys)
    # a wild card never lights a sequence
    wild = ids(scene.state, 0, "2C")
    lit = hover_targets(app, scene, wild, scene.meld_centre(seq.id))
    assert f"meld:{seq.id}" not in lit
    # discard by drag to the pile
    ten = ids(scene.state, 0, "TS")
    drag(app, scene.click_point(ten[0]), scene.zone_centre("pile"))
    settle(app, scene)
    assert ten[0] in scene.state.pile or scene.state.deal_over
    # ... and the rest of the deal, to its score sheet, with the mouse
    by_mouse, by_table = play_out_deal(app, scene)
    assert scene.state.result is not None and by_mouse >= 3 * by_table


OPENED = {
    "scores": [0, 0], "dealer": 1, "turn": 0, "phase": "play",
    "hands": [["KS", "KD", "KC", "KH", "KS", "KD", "KC", "KH", "KS", "KD", "5H", "6H", "7H", "8H", "9H",
               "4H", "2C", "QC", "JD", "AS"],
              ["5S", "6S", "7C", "8C", "9C", "TC", "JC", "QD", "KH", "AH", "4C", "4D", "5D", "6D", "7D"]],
    "stock": 60, "discard": ["QS", "8D", "9S"],
}


def test_two_groups_of_a_rank_and_a_sequence_light_only_where_the_drop_is_legal():
    rules = Rules(variant="samba", players=2)
    st = position(rules, OPENED)
    kings = ids(st, 0, "KS", "KD", "KC", "KH", "KS", "KD", "KC", "KH", "KS", "KD")
    run = ids(st, 0, "5H", "6H", "7H", "8H", "9H")
    # the side's first meld: a canasta of seven kings, three more kings, the 5-9 of hearts
    st = apply(st, Meld((Group(tuple(kings[:7])), Group(tuple(kings[7:])), Group(tuple(run)))))[0]
    app, scene = make_table(rules, state=st)
    settle(app, scene)
    st = scene.state
    canasta = meld_by(st, 0, "group", lambda m: m.is_canasta)[0]
    small = meld_by(st, 0, "group", lambda m: not m.is_canasta)[0]
    seq = meld_by(st, 0, "sequence")[0]
    zones = {f"meld:{m.id}" for m in (canasta, small, seq)}
    assert zones <= {f"meld:{k}" for k in scene.ctl.layout.meld_zones}
    # a wild card: only the group of three kings (no wild card joins a canasta or a sequence)
    two = ids(st, 0, "2C")
    assert hover_targets(app, scene, two, scene.meld_centre(small.id)) & zones == {f"meld:{small.id}"}
    # the four of hearts: only the sequence (its low end)
    four = ids(scene.state, 0, "4H")
    assert hover_targets(app, scene, four, scene.meld_centre(seq.id)) & zones == {f"meld:{seq.id}"}
    # dropped on the canasta of kings, the wild card is refused with the engine's sentence
    drag(app, scene.click_point(two[0]), scene.meld_centre(canasta.id))
    settle(app, scene)
    assert two[0] in scene.state.hands[0] and scene.toast.error
    # dropped on the three kings, it joins them
    drag(app, scene.click_point(two[0]), scene.meld_centre(small.id))
    settle(app, scene)
    small = next(m for m in scene.state.melds[0] if m.id == small.id)
    assert two[0] in small.cards and len(small.cards) == 4


TAKE = {
    "scores": [0, 0], "dealer": 1, "turn": 0, "phase": "play",
    "hands": [["6H", "7H", "8H", "9H", "KS", "KD", "KC", "QC", "JD", "AS", "4S", "7C", "8C", "2C"],
              ["TH", "5S", "6S", "7C", "8C", "9C", "JC", "QD", "KH", "AH", "4C", "4D", "5D", "6D", "7D"]],
    "stock": 60, "discard": ["QS", "8D"],
}


def test_the_pile_taken_onto_a_sequence_by_drag():
    rules = Rules(variant="samba", players=2)
    st = position(rules, TAKE)
    # the side's first meld (6-9 of hearts and three kings), a discard; the other player
    # draws and throws the ten of hearts
    st = apply(st, Meld((Group(tuple(ids(st, 0, "6H", "7H", "8H", "9H"))),
                         Group(tuple(ids(st, 0, "KS", "KD", "KC"))))))[0]
    st = apply(st, Discard(ids(st, 0, "4S")[0]))[0]
    st = apply(st, Draw())[0]
    st = apply(st, Discard(ids(st, 1, "TH")[0]))[0]
    app, scene = make_table(rules, state=st)
    settle(app, scene)
    seq = meld_by(scene.state, 0, "sequence")[0]
    top = scene.state.pile[-1]
    assert card_code(top) == "TH" and not scene.state.pile_frozen_for(0)
    # drag the pile's top card onto the 6-9 of hearts
    drag(app, scene.zone_centre("pile"), scene.meld_centre(seq.id))
    settle(app, scene)
    seq = next(m for m in scene.state.melds[0] if m.id == seq.id)
    assert top in seq.cards and sorted(RANK_OF[c] for c in seq.cards) == [6, 7, 8, 9, 10]
    assert not scene.state.pile and scene.state.phase == "play"


def samba_gesture(app, scene, action) -> bool:
    """Make ``action`` with the mouse when one gesture makes it; False when it is a
    multi-part meld that adds to melds already down (made through the table instead)."""
    st = scene.state
    team = st.team_of(st.to_act)
    if isinstance(action, TakePile) and action.onto is not None and not action.with_cards and not action.melds:
        drag(app, scene.zone_centre("pile"), scene.meld_centre(action.onto))
        return True
    if isinstance(action, Meld) and len(action.groups) > 1 and any(g.onto is not None for g in action.groups):
        return False
    if isinstance(action, TakePile) and (action.onto is not None or action.melds):
        return False
    gesture(app, scene, action)
    return True


def play_out_deal(app, scene, kinds=None):
    """The human seat plays the deal to its end: moves chosen by the easy player, made
    with the mouse (see samba_gesture). Returns (moves by mouse, moves through the table)."""
    human = make_player("easy")
    settle(app, scene)
    by_mouse = by_table = 0
    while not scene.state.deal_over:
        st = scene.state
        assert st.to_act == 0
        action = human.choose(observe(st, 0), legal_actions(st))
        expected = apply(st, action)[0]
        if samba_gesture(app, scene, action):
            by_mouse += 1
        else:
            scene.perform(action)
            by_table += 1
        if kinds is not None:
            kinds.add(type(action).__name__)
        after = scene.state
        assert sorted(after.hands[0]) == sorted(expected.hands[0]) or after.deal_over
        settle(app, scene)
    return by_mouse, by_table


@pytest.mark.parametrize("variant", ["samba", "bolivia"])
def test_a_whole_samba_deal_played_with_the_mouse(variant):
    rules = Rules(variant=variant, players=2)
    app, scene = make_table(rules, seed=21)
    kinds = set()
    by_mouse, by_table = play_out_deal(app, scene, kinds)
    res = scene.state.result
    assert res is not None
    assert by_mouse > 5 and by_mouse > 3 * by_table
    assert {"Draw", "Meld", "Discard"} <= kinds
    # the score sheet shows the game's own score lines, and they add up to the deal
    from canasta.ui.table.view import sheet_rows, team_lines
    rows, cells = sheet_rows([team_lines(res, t) for t in range(2)])
    assert set(rows) == {line.label for t in range(2) for line in res.lines[t]}
    assert [sum(line.points for line in res.lines[t]) for t in range(2)] == list(res.scores)
    app.step(1 / 60, [])
    assert scene.ctl.sheet_shown
    app.step(1 / 60, [])
    # the score sheet shows the game's own lines
    lines = [line[0] for t in range(2) for line in scene.state.result.items[t].lines()]
    assert lines


@pytest.mark.parametrize("variant", ["samba", "bolivia"])
def test_autoplay_variant_to_the_end_of_the_game(tmp_path, variant):
    if variant not in variants.names():
        pytest.skip(f"{variant} is not registered yet")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", CANASTA_HOME=str(tmp_path),
               PYTHONPATH=os.pathsep.join(p for p in (os.environ.get("PYTHONPATH"), ".") if p))
    shot = tmp_path / "deal-{deal}.png"
    out = subprocess.run([sys.executable, "-m", "canasta", "--autoplay", "--variant", variant, "--players", "4",
                          "--seed", "9", "--speed", "instant", "--level", "easy", "--screenshot", str(shot)],
                         env=env, capture_output=True, text=True, timeout=900)
    assert out.returncode == 0, out.stderr[-2000:]
    shots = sorted(tmp_path.glob("deal-*.png"))
    assert len(shots) >= 2


MERGE = {
    "scores": [0, 0], "dealer": 1, "turn": 0, "phase": "play",
    "hands": [["9S", "TD", "JD", "4C", "7S", "8D"], ["5H", "6S", "7C", "8C", "9C", "TC"]],
    "stock": 40, "discard": ["8S"],
    "melds": [[{"cards": ["KH", "KC", "KD", "KS"], "by": 0}, {"cards": ["KH", "KC", "2C"], "by": 0},
               {"cards": ["QH", "QC", "QD"], "by": 0}], []],
    "red_threes": [[], []],
}


def test_two_groups_of_a_rank_merged_by_dragging_one_onto_the_other():
    from canasta.engine.variants.samba import MergeGroups
    rules = Rules(variant="samba", players=2, merge_groups=True)
    app, scene = make_table(rules, state=position(rules, MERGE))
    settle(app, scene)
    st = scene.state
    four, three, queens = st.melds[0]
    assert MergeGroups(four.id, three.id) in legal_actions(st)
    # the three kings picked up: only the four kings light (not the queens, not itself)
    start, over = scene.meld_centre(three.id), scene.meld_centre(four.id)
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=start)])
    for i in range(1, 5):
        pos = (start[0] + (over[0] - start[0]) * i // 4, start[1] + (over[1] - start[1]) * i // 4)
        app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))])
    assert scene.drag is not None and scene.drag.from_meld == three.id
    lit = {name for name, (what, _) in (scene.drag.targets or {}).items() if what == "do"}
    assert lit == {f"meld:{four.id}"}
    # dropped on the queens: refused in the engine's words, nothing changes
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=scene.meld_centre(queens.id))])
    settle(app, scene)
    assert [len(m.cards) for m in scene.state.melds[0]] == [4, 3, 3] and scene.toast.error
    # dropped on the four kings: one group of seven, a mixed canasta
    drag(app, scene.meld_centre(three.id), scene.meld_centre(four.id))
    settle(app, scene)
    melds = scene.state.melds[0]
    assert [len(m.cards) for m in melds] == [7, 3] and melds[0].canasta == "mixed"
    assert scene.ctl.game.actions[-1] == MergeGroups(four.id, three.id)


def test_a_meld_cannot_be_picked_up_without_the_option():
    rules = Rules(variant="samba", players=2)
    app, scene = make_table(rules, state=position(rules, MERGE))
    settle(app, scene)
    four, three, _queens = scene.state.melds[0]
    drag(app, scene.meld_centre(three.id), scene.meld_centre(four.id))
    settle(app, scene)
    assert [len(m.cards) for m in scene.state.melds[0]] == [4, 3, 3]


def test_two_groups_of_a_rank_merged_with_the_keyboard():
    from canasta.engine.variants.samba import MergeGroups
    rules = Rules(variant="samba", players=2, merge_groups=True)
    app, scene = make_table(rules, state=position(rules, MERGE))
    settle(app, scene)
    four, three, queens = scene.state.melds[0]

    def key(k):
        app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")])

    for _ in range(10):
        if scene.focus.current() is scene.meld_focus:
            break
        key(pygame.K_TAB)
    while scene.meld_focus.meld().id != three.id:
        key(pygame.K_RIGHT)
    key(pygame.K_RETURN)                      # the three kings picked up
    assert scene.meld_focus.carrying == three.id
    while scene.meld_focus.meld().id != four.id:
        key(pygame.K_RIGHT)
    key(pygame.K_RETURN)                      # joined to the four kings
    settle(app, scene)
    melds = scene.state.melds[0]
    assert [len(m.cards) for m in melds] == [7, 3] and melds[0].canasta == "mixed"
    assert scene.ctl.game.actions[-1] == MergeGroups(four.id, three.id)
