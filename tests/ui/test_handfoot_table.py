"""Hand and Foot at the table: a deal played with posted mouse events up to the moment
the player picks up the foot, by discarding and by melding the last card (the hand then
holds the foot's cards, which glide there, the foot's place is empty, the status line
says so), feet and stacked books laid out without overlap in a crowded late deal at
four and six players, and the window's demonstration through a four-deal game."""

from __future__ import annotations

import os
import subprocess
import sys

import pygame
import pytest

from canasta.ai import make_player
from canasta.engine import Discard, Meld, Rules, TakePile, apply, legal_actions
from canasta.engine.observe import observe
from canasta.ui.bench import crowded_hand_and_foot
from canasta.ui.layout import HAND_Y
from canasta.ui.table.game_hand_and_foot import VIEWER_FOOT, FootLabel
from canasta.ui.table.layout import HAND_LIFT, LayoutOptions, MeldLabel, card_rect, face_down_ids, lay_out
from canasta.ui.table.lettering import meld_points
from canasta.ui.table.view import status_line

from helpers import settle
from test_table import gesture, make_table

HF = "hand_and_foot"


@pytest.mark.parametrize("seed, way", [(31, "discard"), (2, "meld")])
def test_a_deal_played_with_the_mouse_until_the_foot_is_picked_up(seed, way):
    """The player's moves are the easy player's choices (with ``way == "meld"`` a meld
    of the whole hand when one is legal), each made with posted mouse events, up to the
    move that empties the hand: by discarding (the foot is picked up, the turn passes)
    or by melding (the foot is picked up and the turn goes on)."""
    app, scene = make_table(Rules(variant=HF), seed=seed)
    human = make_player("easy")
    settle(app, scene)
    # the foot lies face down beside the hand with its count
    feet = [item for item in scene.ctl.layout.labels if isinstance(item, FootLabel)]
    assert [f.seat for f in feet] == [0, 1, 2, 3] and all(f.count == 11 for f in feet)
    assert "Your foot waits: 11 cards." in status_line(scene.ctl)
    by_mouse = 0
    foot = list(scene.state.feet[0])
    before = {c: scene.ctl.layout.targets[c] for c in foot}
    assert all(abs(p.x - VIEWER_FOOT[0]) <= 6 and not p.face_up for p in before.values())
    last = None
    while not scene.state.in_foot(0):
        st = scene.state
        assert not st.deal_over and st.to_act == 0
        legal = legal_actions(st)
        action = human.choose(observe(st, 0), legal)
        whole = [a for a in legal if isinstance(a, Meld) and len(a.groups) == 1
                 and len(a.groups[0].cards) == len(st.hands[0])]
        if way == "meld" and whole:
            action = whole[0]
        expected = apply(st, action)[0]
        multi = isinstance(action, TakePile) and action.onto is not None or (
            isinstance(action, Meld) and len(action.groups) > 1 and any(g.onto is not None for g in action.groups))
        if multi:
            scene.perform(action)
        else:
            gesture(app, scene, action)
            by_mouse += 1
        last = (action, multi)
        assert sorted(scene.state.hands[0]) == sorted(expected.hands[0])
        if not scene.state.in_foot(0):
            settle(app, scene)
    assert by_mouse >= 5
    # the move that picked the foot up was made with the mouse, and the way asked for
    action, multi = last
    assert not multi and isinstance(action, Discard if way == "discard" else Meld), action
    # picked up: the hand holds exactly the foot's cards (red threes laid), the foot is gone
    st = scene.state
    assert st.feet[0] == [] and sorted(st.hands[0]) == sorted(c for c in foot if c not in st.red3[0])
    assert all(c in st.hands[0] or c in st.red3[0] for c in foot)
    # the same sprites that lay in the foot now belong in the hand: they glide there
    # (the table animates a card from its old pose to its new one, by its id)
    kept = [c for c in foot if c in st.hands[0]]
    assert kept and all(abs(scene.ctl.layout.targets[c].y - HAND_Y) <= HAND_LIFT for c in kept)
    assert all(before[c].y == pytest.approx(VIEWER_FOOT[1], abs=6) for c in kept)
    # the foot's place is empty: no label, no card lies there any more
    labels = [item for item in scene.ctl.layout.labels if isinstance(item, FootLabel)]
    assert sorted(f.seat for f in labels) == [seat for seat in (1, 2, 3) if st.feet[seat]]
    assert not [c for c, p in scene.ctl.layout.targets.items()
                if abs(p.x - VIEWER_FOOT[0]) <= 6 and abs(p.y - VIEWER_FOOT[1]) <= 6]
    if way == "meld":   # the turn goes on from the foot
        assert st.turn == 0 and st.phase == "play" and not st.deal_over
    else:               # the turn passed; the next one is played from the foot
        assert st.turn != 0
        settle(app, scene)
        st = scene.state
        assert not st.deal_over and st.turn == 0 and st.feet[0] == []
    assert "You are in your foot." in status_line(scene.ctl)


def _overlaps(lay, ids_a, ids_b) -> bool:
    ra = [card_rect(lay.targets[c]) for c in ids_a if c in lay.targets]
    rb = [card_rect(lay.targets[c]) for c in ids_b if c in lay.targets]
    return any(a.colliderect(b) for a in ra for b in rb)


@pytest.mark.parametrize("players", [4, 6])
def test_a_crowded_late_deal_fits_without_overlap(players):
    st = crowded_hand_and_foot(players)
    ob = observe(st, 0)
    lay = lay_out(ob, face_down_ids(st, 0), LayoutOptions(0, True))
    assert sum(len(t) for t in st.melds) >= 20
    # every meld column apart from every other; books of a rank and kind may share one
    columns = {}
    for item in lay.labels:
        if isinstance(item, MeldLabel):
            columns.setdefault(item.team, []).append(st.melds[item.team][item.index])
    for team, melds in columns.items():
        for i, a in enumerate(melds):
            for b in melds[i + 1:]:
                assert not _overlaps(lay, a.cards, b.cards), (a, b)
        shown = {m.id for m in melds}
        for m in st.melds[team]:
            if m.id not in shown:   # stacked under a book of its rank and kind
                assert m.closed and any(x.rank == m.rank and x.canasta == m.canasta for x in melds)
    # the feet lie apart from the hands, the melds and each other
    feet = [c for f in st.feet for c in f]
    hands = [c for h in st.hands for c in h]
    melded = [c for t in st.melds for m in t for c in m.cards]
    assert not _overlaps(lay, feet, hands) and not _overlaps(lay, feet, melded)
    for i, f in enumerate(st.feet):
        for g in st.feet[i + 1:]:
            assert not _overlaps(lay, f, g)
    # every card on the table inside the logical table
    area = pygame.Rect(0, 0, 1280, 800)
    for c in feet + melded:
        assert area.contains(card_rect(lay.targets[c])), c


def test_autoplay_through_a_four_deal_game(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", CANASTA_HOME=str(tmp_path),
               PYTHONPATH=os.pathsep.join(p for p in (os.environ.get("PYTHONPATH"), ".") if p))
    shot = tmp_path / "deal-{deal}.png"
    out = subprocess.run([sys.executable, "-m", "canasta", "--autoplay", "--variant", HF, "--players", "4",
                          "--seed", "9", "--speed", "instant", "--level", "easy", "--screenshot", str(shot)],
                         env=env, capture_output=True, text=True, timeout=900)
    assert out.returncode == 0, out.stderr[-2000:]
    shots = sorted(tmp_path.glob("deal-*.png"))
    assert len(shots) == 4   # a game is four deals


def test_the_game_sheet_lists_every_deal_and_the_totals():
    from canasta.engine import NextDeal, new_game
    from canasta.ui.table.game_sheet import deal_rows
    st = new_game(Rules(variant=HF), seed=4)
    player = make_player("easy")
    while not st.game_over:
        from canasta.engine import apply_in_place
        apply_in_place(st, NextDeal() if st.deal_over else player.choose(observe(st, st.to_act), legal_actions(st)))
    rows = deal_rows(st.history)
    assert [label for label, _ in rows] == ["Deal 1", "Deal 2", "Deal 3", "Deal 4", "Total"]
    assert [sum(values[t] for _, values in rows[:-1]) for t in range(2)] == rows[-1][1] == st.totals


def test_the_form_steps_through_the_books_to_go_out():
    from canasta.ui import games
    current = Rules(variant=HF).resolved().to_dict(resolved_only=True)["books_to_go_out"]
    values = [v for v, _ in games.option_choices("books_to_go_out", current)]
    assert current in values and len(values) == 5
    for v in values:
        r = Rules.from_dict({"variant": HF, "books_to_go_out": v}).resolved()
        assert dict(r.books_to_go_out) == v


def test_the_still_layer_draws_the_same_pixels_as_every_card_in_turn(monkeypatch):
    """The table keeps the felt and the cards lying still in a layer of its own (a late
    deal's two hundred cards are not drawn again each frame). A frame drawn over the
    layer is the frame drawn card by card, pixel for pixel: lying still, with a card
    flying over the melds, with a meld's cards marked as a partner's last move, with a
    hint's zones and with the keyboard's ring."""
    from canasta.ui.anim import Pose
    from canasta.ui.table.view import TableView
    from test_table import make_table
    app, scene = make_table(state=crowded_hand_and_foot(4), size=(1920, 1080))
    scene.animator.set_speed("normal")
    painter, ctl = scene.painter, scene.ctl
    plain = TableView._still_layer
    layered, used = [True], []

    def spy(self, surf, v, order, dragging):
        if not layered[0]:                      # every card in turn, as without the layer
            return None, order
        layer, over = plain(self, surf, v, order, dragging)
        used.append((layer is not None, len(over), len(order)))
        return layer, over

    monkeypatch.setattr(TableView, "_still_layer", spy)

    def frame(with_layer: bool) -> bytes:
        layered[0] = with_layer
        used.clear()
        for _ in range(3):                      # the layer is built the second time, then kept
            painter.draw(app.screen)
        return pygame.image.tobytes(app.screen, "RGB")

    def same(most: bool = True) -> None:
        drawn = frame(True)
        over_layer, over, cards = used[-1]
        assert over_layer and over < cards, used
        if most:   # the layer holds most of the cards
            assert over * 4 < cards, used
        assert drawn == frame(False)

    settle(app, scene)
    same()
    # a card in the middle of an open meld's fan about to move (it waits in the layer),
    # then setting off: it and the cards lying over it are drawn in turn over the layer,
    # which is mended where they lay
    fan = next(m for team in scene.state.melds for m in team if m.canasta is None and len(m.cards) >= 3)
    sp = ctl.animator.sprites[fan.cards[1]]
    sp.start = sp.target
    sp.delay, sp.elapsed, sp.duration = 0.5, 0.1, 0.3
    same()
    patched = painter.patches
    sp.elapsed = 0.6
    same()
    assert painter.patches > patched
    sp.delay = sp.elapsed = sp.duration = 0.0
    same()
    # a meld's card flies back over the other melds, half-way
    melds = [c for team in scene.state.melds for m in team for c in m.cards]
    sp = ctl.animator.sprites[melds[0]]
    sp.start = Pose(1100, 700, True, 30, 1.0, 900)
    sp.elapsed, sp.delay, sp.duration = 0.2, 0.0, 0.5
    same(most=False)
    sp.elapsed = 1.0
    same()
    ctl.marks = {2: (tuple(melds[3:6]), 5.0)}
    same()
    ctl.marks = {}
    same()
    ctl.hint_zones = ("stock", "pile")
    same()
    ctl.hint_zones = ()
    same()
    app.keyboard_used = True
    same()
    assert painter._ring_card in scene.hand_order
    app.keyboard_used = False
    # the viewer lays a card off on one of their side's melds: the side's meld points in
    # its band's header change, and the layer is mended there (and where the card goes)
    # rather than put together again, still drawing the same pixels
    lay_off = next(a for a in legal_actions(scene.state) if isinstance(a, Meld) and len(a.groups) == 1
                   and a.groups[0].onto is not None and len(a.groups[0].cards) == 1)
    team = ctl.layout.viewer_team

    def points() -> int:
        return sum(meld_points(m) for m in ctl.layout.seen.melds[team])
    header = points()
    patched = painter.patches
    assert ctl.perform(lay_off)
    same()
    assert points() != header
    assert painter.patches > patched
    # the turn passes to the next seat: its outline moves, the layer is mended in place
    # (where the outline was and where it is), and still draws the same pixels
    patched = painter.patches
    scene.state.turn = (scene.state.turn + 1) % 4
    ctl.relayout()
    same()
    assert painter.patches > patched


def test_a_crowded_band_labels_books_by_kind_not_by_a_cut_word(monkeypatch):
    """At six players a side's band can hold some seventeen columns: a book's label then
    shortens to its kind's letter and count (D7, C7) under "BK", and no meld label is
    cut to a letter and an ellipsis ("B..."), which told nothing."""
    from canasta.ui.table import labels as labels_module
    from test_table import make_table

    picked = []
    real = labels_module.fit_first

    def spy(choices, size, width, bold=False):
        line, lsize = real(choices, size, width, bold)
        picked.append((tuple(choices), line))
        return line, lsize

    monkeypatch.setattr(labels_module, "fit_first", spy)
    app, scene = make_table(state=crowded_hand_and_foot(6, seed=56), size=(1280, 800))
    settle(app, scene)
    scene.painter.draw(app.screen)
    books = [(c, line) for c, line in picked if c[0] in ("BOOK",) or c[0].split(" ")[0] in ("clean", "dirty", "wild")]
    assert books, "no book label drawn"
    assert not any(line.endswith("...") for _, line in picked), [p for p in picked if p[1].endswith("...")]
    kinds = [line for c, line in books if c[0] != "BOOK"]
    assert kinds and all(line[0] in "CDWcdw" for line in kinds), kinds
    assert any(line[0] in "CDW" for line in kinds), "the band was not crowded enough to need the short form"
