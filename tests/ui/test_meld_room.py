"""Melds that breathe: every meld of 3 to 12 cards (fanned, squared up as a canasta,
a sequence, a wild meld) lies inside its own area of its side's band, with its label
in the lines under that area and never on a card, at 2, 3, 4 and 6 players in
Classic, Samba, Bolivia and Hand and Foot; drawn at 1024x640, 1280x800 and 1920x1080 the labels
stay in their boxes and no text is smaller than about 12 px.

The melds are laid on the table by hand (the layout is tested apart from the rules
that make them)."""

from __future__ import annotations

import itertools

import pygame
import pytest

from canasta.engine import Rules
from canasta.engine.cards import KIND_OF, SUIT_OF, TWO, JOKER, WILD_OF
from canasta.engine import RulesError
from canasta.engine.observe import observe
from canasta.engine.record import Game
from canasta.engine.state import TableMeld
from canasta.ui.table.layout import LayoutOptions, card_rect, face_down_ids, lay_out

SIZES = [(1024, 640), (1280, 800), (1920, 1080)]
GAMES = ["classic", "samba", "bolivia", "hand_and_foot"]


def game_state(variant: str, players: int):
    try:
        packs = 10 if variant == "hand_and_foot" else 6      # packs enough for the crowded tables
        rules = Rules(variant=variant, players=players, decks=packs)
        return Game(rules, 3).state
    except (RulesError, ValueError) as e:
        pytest.skip(f"{variant} at {players}: {e}")


class Pool:
    """Card ids taken out of the stock and the hands, each once."""

    def __init__(self, st):
        self.st = st
        self.free = list(st.stock) + [c for h in st.hands for c in h]

    def take(self, pred, n: int) -> list[int]:
        out = [c for c in self.free if pred(c)][:n]
        assert len(out) == n
        for c in out:
            self.free.remove(c)
            for place in [self.st.stock] + list(self.st.hands):
                if c in place:
                    place.remove(c)
        return out


def make_meld(pool: Pool, shape: str, n: int, ident: int, kind_rank: int = 9) -> TableMeld:
    """A meld of ``n`` cards: "fan" (a group, not a canasta), "natural" and "mixed"
    canastas, "run" (a sequence: a samba from 7), "wild" (a bolivia from 7)."""
    if shape == "fan":
        cards = pool.take(lambda c: KIND_OF[c] == kind_rank, n)
        return TableMeld(kind_rank, cards, 0, kind="group", id=ident)
    if shape in ("natural", "mixed"):
        w = 0 if shape == "natural" else min(3, n - 4)
        cards = pool.take(lambda c: KIND_OF[c] == kind_rank, n - w) + pool.take(lambda c: WILD_OF[c], w)
        return TableMeld(kind_rank, cards, 0, kind="group", id=ident, canasta=shape)
    if shape == "run":
        n = min(n, 11)
        cards = []
        suit = max(range(4), key=lambda s: min(sum(KIND_OF[c] == r and SUIT_OF[c] == s for c in pool.free)
                                               for r in range(4, 4 + n)))
        for r in range(4, 4 + n):
            cards += pool.take(lambda c, r=r: KIND_OF[c] == r and SUIT_OF[c] == suit, 1)
        return TableMeld(0, cards, 0, kind="sequence", id=ident, canasta="samba" if n >= 7 else None,
                         closed=n >= 7)
    cards = pool.take(lambda c: KIND_OF[c] in (TWO, JOKER), n)
    return TableMeld(0, cards, 0, kind="wild", id=ident, canasta="bolivia" if n >= 7 else None, closed=n >= 7)


def richest(pool: Pool) -> int:
    """The natural rank with the most cards left in the pool."""
    return max(range(5, 15), key=lambda r: sum(KIND_OF[c] == r for c in pool.free))


def table(variant: str, players: int, sides):
    """``sides``: per team, a list of (shape, n)."""
    st = game_state(variant, players)
    pool = Pool(st)
    ident = itertools.count(100)
    for team in range(st.rules.teams):
        st.melds[team] = [make_meld(pool, shape, n, next(ident), richest(pool))
                          for shape, n in (sides[team] if team < len(sides) else [])]
    return st


def check_room(st, lay) -> None:
    """Each meld's cards inside its area, the area and its label inside the band, the
    label on no card, no two areas overlapping."""
    for team, melds in enumerate(st.melds):
        band = lay.bands[team]
        cards = {c: card_rect(lay.targets[c]) for m in melds for c in m.cards}
        labels = {(i.team, i.index): i for i in lay.labels if hasattr(i, "lines")}
        areas = []
        for idx, m in enumerate(melds):
            area = lay.meld_areas[(team, idx)]
            assert band.contains(area), (team, idx, area, band)
            for c in m.cards:
                assert area.contains(cards[c]), (team, idx, len(m.cards), m.canasta, cards[c], area)
            box = labels[(team, idx)].box
            assert band.contains(box), (team, idx, box, band)
            assert box.h >= 15 * labels[(team, idx)].lines
            for c, r in cards.items():
                assert not box.colliderect(r), (team, idx, box, r)
            for other in areas:
                assert not area.colliderect(other)
            areas.append(area)


SHAPES = ["fan", "natural", "mixed", "run", "wild"]


@pytest.mark.parametrize("variant", GAMES)
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_every_meld_of_3_to_12_cards_stays_in_its_area(variant, players):
    for n in range(3, 13):
        for shape in SHAPES:
            if shape in ("natural", "mixed") and n < 7:
                continue
            longest = [(shape, n), ("fan", 3), ("natural", 7), ("run", 5)]
            st = table(variant, players, [longest, [("run", 5), (shape if shape != "wild" else "fan", n), ("fan", 4)],
                                          [("fan", 5), ("natural", 7)]])
            for viewer in range(players):
                lay = lay_out(observe(st, viewer), face_down_ids(st, viewer), LayoutOptions(viewer, True))
                check_room(st, lay)


@pytest.mark.parametrize("variant", GAMES)
@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_crowded_side_of_long_melds_stays_in_its_areas(variant, players):
    crowded = [("fan", 6), ("fan", 5), ("mixed", 9), ("natural", 12), ("run", 6), ("run", 11), ("wild", 9),
               ("fan", 4), ("mixed", 7), ("fan", 3), ("natural", 8), ("fan", 12), ("run", 3)]
    tame = [m for m in crowded if m[0] != "wild"]     # the packs hold 36 wild cards
    st = table(variant, players, [crowded, tame[:8], tame[6:]])
    lay = lay_out(observe(st, 0), face_down_ids(st, 0), LayoutOptions(0, True))
    check_room(st, lay)


def test_a_fan_uses_the_room_it_has():
    """A short meld keeps its full fan; a six-card meld closes up only as far as it must."""
    st = table("classic", 4, [[("fan", 3), ("fan", 6)]])
    lay = lay_out(observe(st, 0), face_down_ids(st, 0), LayoutOptions(0, True))
    three, six = st.melds[0]
    ys3 = sorted(lay.targets[c].y for c in three.cards)
    ys6 = sorted(lay.targets[c].y for c in six.cards)
    assert ys3[1] - ys3[0] == pytest.approx(15, abs=0.01)
    area = lay.meld_areas[(0, 1)]
    assert area.bottom - card_rect(lay.targets[six.cards[0]]).bottom >= 0
    assert area.bottom - max(card_rect(lay.targets[c]).bottom for c in six.cards) <= 3   # it used the room
    assert ys6[1] - ys6[0] >= 8


# --------------------------------------------------------------------------- drawn


def drawn_table(st, size):
    from canasta.store.settings import Settings
    from canasta.ui.app import App
    from canasta.ui.main import default_seats
    from canasta.ui.table import TableScene
    from helpers import SyncAI

    settings = Settings()
    settings.animation_speed = "instant"
    app = App(settings, size=size, ai=SyncAI())
    game = Game(st.rules, 3)
    game.state = st
    scene = TableScene(app, game, default_seats(st.rules.players, 1, "easy"))
    app.set_scene(scene)
    app.step(1 / 60, [])
    return app, scene


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("variant,players", [("classic", 4), ("samba", 2), ("bolivia", 6), ("classic", 6)])
def test_drawn_labels_stay_in_their_boxes_and_off_the_cards(size, variant, players, monkeypatch):
    from canasta.ui.table.view import TableView
    long_side = [("fan", 6), ("mixed", 9), ("natural", 12), ("run", 6), ("run", 10), ("wild", 5), ("fan", 3),
                 ("natural", 7)]
    st = table(variant, players, [long_side, long_side[::-1][:6], long_side[:4]])
    drawn = []
    real = TableView._meld_label

    def recording(self, surf, v, m, item):
        rects = real(self, surf, v, m, item)
        drawn.append((item, rects, v))
        return rects

    monkeypatch.setattr(TableView, "_meld_label", recording)
    app, scene = drawn_table(st, size)
    try:
        for _ in range(3):
            app.step(1 / 60, [])
        drawn.clear()
        scene.ctl.dirty = True
        app.step(1 / 60, [])
        lay = scene.ctl.layout
        v = scene.view
        cards = [v.rect(card_rect(p)) for c, p in lay.targets.items()
                 if any(c in m.cards for team in st.melds for m in team)]
        assert drawn
        for item, rects, _ in drawn:
            box = v.rect(item.box).inflate(4, 4)
            for r in rects:
                assert box.contains(r), (size, item, r, box)
                ink = r.inflate(-2, -2)
                assert not any(ink.colliderect(c) for c in cards), (size, item, r)
    finally:
        app.close()


def test_no_text_is_smaller_than_about_12_px_at_1024x640(monkeypatch):
    """Every text drawn on the table at 1024x640 (labels, counts, melds, the score box,
    the buttons) is at least the size whose capitals are 8-9 px (12 px type)."""
    from canasta.ui import draw
    from canasta.ui.table import view as table_view
    sizes = []
    real = draw.text

    def recording(s, size, *a, **k):
        if s.strip():
            sizes.append((int(size), s))
        return real(s, size, *a, **k)

    monkeypatch.setattr(draw, "text", recording)
    from canasta.ui.table import labels, panels
    for drawing in (labels, panels):    # the table's labels and panels
        monkeypatch.setattr(drawing, "text", recording)
    long_side = [("fan", 6), ("mixed", 9), ("natural", 12), ("run", 6), ("run", 10), ("wild", 5), ("fan", 3)]
    st = table("samba", 4, [long_side, long_side[::-1]])
    app, scene = drawn_table(st, (1024, 640))
    try:
        app.step(1 / 60, [])
        assert sizes
        small = [(n, s) for n, s in sizes if n < table_view.MIN_TEXT]
        assert not small, small
        f = pygame.font.Font(None, table_view.MIN_TEXT)
        assert f.render("H", True, (0, 0, 0)).get_bounding_rect().h >= 8
    finally:
        app.close()
