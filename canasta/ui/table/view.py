"""Drawing the table: what the layout and the controller say, and nothing else.

Every function here reads the controller (:mod:`.controller`), its last layout
(:mod:`.layout`) and the scene's buttons, and draws; none changes any of them.
"""

from __future__ import annotations

import math
from typing import Optional

import pygame

from ...engine.cards import POINTS_OF, RANK_CHARS, RANK_OF, SUIT_OF
from ..cardart.suits import draw_suit
from ..anim import Pose
from ..layout import CARD_H, CARD_W, View
from .. import draw as theme
from ..draw import PANEL, draw_fitted_centre, fit_text, font, note, overlay
from .frame import SIDE_LABEL_W, hud_box  # noqa: F401  (imported from here too)
from ..widgets import DIM, GOLD, INK, blit_text, draw_lines_in, panel, text, wrap
from .feet import BOOK_MARKS, books_in_stack, draw_foot_labels
from .game_sheet import draw_game_sheet
from .words import frozen_reason, sheet_rows, status_line, stock_label, team_lines  # noqa: F401  (imported from here too)
from .layout import (CENTRE_X, COUNT_LABEL_DY, DIALOG_BOX, LOG_MARGIN, SHEET_COLUMN_W,
                     SHEET_H, SHEET_LABEL_W, SHEET_Y, MeldLabel, SeatLabel, StagedLabel,
                     backs_half_width, zone_at, zone_rect)
from ..layout import OTHER_SCALE

FOCUS = (120, 200, 255)
RED_SUIT, BLACK_SUIT = (242, 112, 100), (236, 236, 228)   # a sequence's suit under it, on the felt
OWN_MARKS = ("samba", "escalera", "bolivia", "sevens", "aces", "wild")   # canastas marked by their own name
FROZEN_INK = (140, 200, 255)
DROP_OK = (110, 230, 130)
DROP_STAGE = GOLD
BAND_SHADE = (0, 0, 0, 38)
SHADOW = (0, 0, 0, 70)
LABEL_SIZE, SMALL_SIZE, COUNT_SIZE = 18, 16, 15
DRAG_FAN = 16                 # dragged cards gather in a fan under the pointer
TIP_SIZE = 17
MIN_TEXT = 17                 # the smallest text on the table (pygame's default font: capitals 8-9 px, as 12 px type)


def drag_pose(lx: float, ly: float, i: int, n: int, scale: float = 1.0) -> Pose:
    """Where the ``i``-th of ``n`` dragged cards is drawn, the pointer at (``lx``, ``ly``)
    (logical): in a fan under it, face up, above everything."""
    return Pose(lx + (i - (n - 1) / 2) * DRAG_FAN, ly + 12, True, 0, scale, 999)


def side_label_top(item: SeatLabel, text: float = 1.0) -> float:
    """The top of the name of a seat at the side (above its upright fan of cards);
    ``text``: the frame's text factor."""
    return item.y - backs_half_width(item.count, item.orient) - 42 * text



def fs(v: View, n: float) -> int:
    """The pixel size of text ``n`` logical units high, never under :data:`MIN_TEXT` (the
    Text size then makes it larger: at 200%, twice what 100% draws in this window)."""
    return max(MIN_TEXT, v.size(n))


def cards(n: int) -> str:
    """"1 card", "5 cards"."""
    return f"{n} card" if n == 1 else f"{n} cards"


def meld_points(m) -> int:
    """The points of a meld's cards."""
    return sum(POINTS_OF[c] for c in m.cards)


def fit_first(choices, size: int, width: int, bold: bool = False) -> tuple[str, int]:
    """The first of ``choices`` (longest wording first) that fits ``width`` at ``size``;
    failing all, the last one made to fit (smaller, down to MIN_TEXT, then cut)."""
    for s in choices:
        if font(size, bold).size(s)[0] <= width:
            return s, size
    return fit_text(choices[-1], size, width, bold=bold, shrink=min(0.999, MIN_TEXT / max(size, 1)))
MARK_INK = (255, 150, 70)     # the ring round the cards of a player's last move
HINT_INK = (255, 214, 90)     # the zone a hint's cards go to
TURN_INK = (255, 214, 90)     # the seat whose turn it is
#: messages take the status line's place, between the viewer's melds and the hand, for
#: as long as they show: they cover no meld, no card of the hand and no label (its place
#: at 100% in an 800-high table; the frame moves it: ``layout.frame.message_box``)
MESSAGE_BOX = pygame.Rect(150, 605, 930, 46)
LOG_SIZE = 15
LOG_PANEL, LOG_BORDER = PANEL, (90, 140, 100)   # the log's panel, as the table's panels
PRIVACY_SUMMARY_BOX = pygame.Rect(290, 110, 700, 560)
PRIVACY_SUMMARY_BUTTON = pygame.Rect(560, 604, 160, 44)
SCORES_BOX = pygame.Rect(290, 90, 700, 560)


class _Same:
    """A key part equal only to another for the very same object (kept alive meanwhile,
    so that its id is never another's)."""

    __slots__ = ("obj",)

    def __init__(self, obj):
        self.obj = obj

    def __eq__(self, other) -> bool:
        return isinstance(other, _Same) and other.obj is self.obj

    __hash__ = None  # type: ignore[assignment]


def log_rect(ctl):
    """Where the move log is drawn (the layout keeps its place), or None when closed."""
    r = ctl.layout.log
    return pygame.Rect(r) if r is not None else None

class TableView:
    """Draws a :class:`~canasta.ui.table.TableScene` (see the module documentation)."""

    def __init__(self, scene):
        self.scene = scene
        self.app = scene.app
        self._bg_key, self._bg = None, None               # the felt with the bands shaded (drawn once)
        self._ring_card: Optional[int] = None             # the card with the keyboard focus ring
        self._marked: set[int] = set()                    # the cards of the players' last moves
        self._log_cache: tuple = (None, None)             # (key, surface) of the drawn move log
        self._labels_drawn: dict[tuple, tuple] = {}       # meld labels, drawn once each
        self._glows: dict[tuple, pygame.Surface] = {}      # the active seat's light, by size
        self._wrapped: dict[tuple, list[str]] = {}         # a log line's rows, by (text, size, width)
        self._layer: Optional[pygame.Surface] = None      # the felt and the cards lying still
        self._layer_key: Optional[tuple] = None
        self._layer_wanted: Optional[tuple] = None       # the last frame's key (built when it holds)
        self._bounds: dict = {}                           # card -> (pose, what it covers at that pose)
        self._under_keys: Optional[tuple] = None          # (layout, what lies under the cards in it)

    # -- the frame
    def draw(self, surf: pygame.Surface) -> None:
        scene, ctl = self.scene, self.scene.ctl
        v = scene.view
        if ctl.privacy is not None:
            surf.blit(self.app.felt(surf.get_size()), (0, 0))
            self._privacy(surf, v)
            return
        st = ctl.state
        self._ring_card = scene.focused_card() if (self.app.keyboard_used and ctl.my_turn()) else None
        self._marked = ctl.marked_cards() if ctl.marks else set()
        drag = scene.drag
        dragged = set(drag.cards) if (drag and drag.active) else set()
        layer, order = self._still_layer(surf, v, ctl.animator.in_draw_order(), bool(dragged))
        if layer is not None:
            surf.blit(layer, (0, 0))
        else:
            surf.blit(self._background(surf, v), (0, 0))
            self._under_cards(surf, v)
        for card, pose, _moving in order:
            if card not in dragged:
                self._card(surf, v, card, pose)
        self._labels(surf, v)
        pieces = getattr(scene, "pieces", None)
        if pieces:
            pieces.draw(self, surf, v)   # the game's own pieces (talons, risks)
        if dragged:
            lx, ly = v.logical(*drag.pos)
            n = len(drag.cards)
            for i, c in enumerate(drag.cards):
                sp = ctl.animator.sprites.get(c)
                scale = sp.pose().scale if sp else 1.0
                self._card(surf, v, c, drag_pose(lx, ly, i, n, scale), shadow=True)
        self._hud(surf, v)
        self._log(surf, v)
        log_button = getattr(scene, "log_button", None)     # a review's table has none
        for b in scene.buttons + ([log_button] if log_button else []) + [scene.menu_button]:
            b.draw(surf, fs(v, 19))
        self._focus_and_tip(surf, v)
        if ctl.answering():
            self._dialog(surf, v, f"{ctl.seat_name(st.turn)} asks: \"Partner, may I go out?\"",
                         scene.yes_button, scene.no_button)
        if ctl.confirm:
            self._dialog(surf, v, ctl.confirm[0], scene.confirm_yes, scene.confirm_no)
        if st.deal_over:
            self._sheet(surf, v)
        elif getattr(scene, "scores_open", False):
            self._scores(surf, v)
        # a message over the table; under the score sheet while it is open ("South went
        # out!" lay across its title and headings)
        if st.deal_over and st.result is not None:
            size = v.size(24)       # under the sheet, however tall its lines
            ctl.toast.draw(surf, (v.pt(CENTRE_X, 0)[0], v.pt(0, SHEET_Y + SHEET_H)[1] + v.size(8) + 8
                                  + int(size * 1.05 * theme.text_scale()) // 2 * len(wrap(ctl.toast.message, size, v.size(620)))),
                           size, v.size(620))
        else:
            ctl.toast.draw_in(surf, v.rect(ctl.layout.frame.message_box), v.size(22))

    def _under_cards(self, surf, v: View) -> None:
        """What lies under the cards: the seat whose turn it is, the sides' headers (and
        the drop zones of a drag), a hint's zones, the stock's edges. Everything this
        reads, but a drag, is in :meth:`_under_key`."""
        ctl = self.scene.ctl
        self._turn(surf, v)
        self._zones(surf, v)
        if ctl.hint_zones:
            self._hint_zones(surf, v)
        stock_size = ctl.layout.seen.stock_size
        if stock_size:
            r = v.rect(ctl.layout.zones["stock"])
            back = self.app.art.back(r.w, r.h)
            for i in range(min(4, stock_size // 12 + 1)):
                note("card", surf, surf.blit(back, (r.x - i * 2, r.y - i * 2)))

    def _still_layer(self, surf, v: View, order: list, dragging: bool) -> tuple[Optional[pygame.Surface], list]:
        """The felt, what lies under the cards and the cards that keep still, drawn once
        into a surface of their own and kept while none of it changes (a crowded late
        deal has some two hundred cards on the table, most of them lying still in melds
        and feet): returns it, or None, and the cards still to draw over it, in order.

        A card is drawn over the layer, in its turn, when it moves or is about to, lies in
        the viewer's hand or has the keyboard's ring, and so does every card overlapping
        one of these (and so on), so that each card drawn over the layer meets none in
        it: the frame is the same, pixel for pixel, as drawing every card in order. The
        layer is put together when the same cards have kept still for two frames (a
        change each frame costs no more than before); never during a drag, whose drop
        zones follow the pointer."""
        if dragging:
            self._layer_wanted = None
            return None, order
        scene, ctl = self.scene, self.scene.ctl
        if self._layer is None or self._layer.get_size() != surf.get_size():
            # made at the first frame (or a new window size), a frame that costs more anyway:
            # a window-sized surface takes a few milliseconds to make
            self._layer = pygame.Surface(surf.get_size(), 0, surf)
            self._layer_key = None
        sprites = ctl.animator.sprites
        volatile = set(getattr(scene, "hand_order", ()) or ())
        if self._ring_card is not None:
            volatile.add(self._ring_card)
        rects = []
        live = []
        bounds = self._bounds
        if bounds.get(None) != (v.scale, v.offset):
            bounds.clear()
            bounds[None] = (v.scale, v.offset)
        ringed = ctl.selected | self._marked
        for card, pose, moving in order:
            hit = bounds.get(card)
            if hit is None or hit[0] is not pose:     # a card lying still keeps its pose
                hit = bounds[card] = (pose, self._card_bounds(v, pose))
            rects.append(hit[1].inflate(8, 8) if card in ringed or card == self._ring_card else hit[1])
            sp = sprites.get(card)
            live.append(moving or card in volatile or (sp is not None and sp.moving))
        queue = [i for i, x in enumerate(live) if x]
        still = [i for i, x in enumerate(live) if not x]
        still_rects = [rects[i] for i in still]
        while queue and still:                  # every card overlapping a live one is live
            hits = rects[queue.pop()].collidelistall(still_rects)
            if hits:
                for k in hits:
                    live[still[k]] = True
                    queue.append(still[k])
                still = [i for i in still if not live[i]]
                still_rects = [rects[i] for i in still]
        selected, marked = ctl.selected, self._marked
        kept = tuple((card, pose, card in selected, card in marked)
                     for (card, pose, _), x in zip(order, live) if not x)
        self._background(surf, v)
        key = (surf.get_size(), self._bg_key, self._under_key(), kept)
        over = [item for item, x in zip(order, live) if x]
        if key == self._layer_key:
            return self._layer, over
        if key != self._layer_wanted:           # changed since the last frame: drawn as ever
            self._layer_wanted = key
            return None, order
        layer = self._layer
        layer.blit(self._bg, (0, 0))
        self._under_cards(layer, v)
        for card, pose, _selected, _marked in kept:
            self._card(layer, v, card, pose)
        self._layer_key = key
        return layer, over

    def _under_key(self) -> tuple:
        """What :meth:`_under_cards` draws from (the still layer is kept while it holds):
        the seats' labels and whose turn it is, each side's band, name, meld points and
        first-meld need, the hint's zones and the stock, and the window's look."""
        ctl = self.scene.ctl
        lay, st = ctl.layout, ctl.state
        hit = self._under_keys
        if hit is None or hit[0] is not lay:
            seen = lay.seen
            sides = tuple((team, tuple(band), ctl.team_name(team), sum(meld_points(m) for m in seen.melds[team]),
                           bool(seen.melds[team]), seen.minimums[team]) for team, band in lay.bands.items())
            seats = tuple(item for item in lay.labels if isinstance(item, SeatLabel))
            stock = (seen.stock_size, tuple(lay.zones["stock"]) if seen.stock_size else None)
            hit = self._under_keys = (lay, (sides, seats, stock, lay.viewer_team, bool(ctl.humans)))
        hints = tuple((name, tuple(r) if r is not None else None)
                      for name in (ctl.hint_zones or ()) for r in (zone_rect(lay, name),))
        art = self.app.art
        return hit[1] + (hints, st.turn, st.deal_over, ctl.viewer, ctl.show_hand(), _Same(art), art.back_theme,
                         art.four_colour, art.show_points)

    @staticmethod
    def _card_bounds(v: View, pose: Pose) -> pygame.Rect:
        """The pixels :meth:`_card` covers with a card at ``pose`` (a card turned by other
        than quarter turns: the whole square it may turn in), rings apart."""
        w, h = v.size(CARD_W * pose.scale), v.size(CARD_H * pose.scale)
        if abs(pose.angle) > 0.5:
            if int(round(pose.angle)) % 90 == 0:
                if int(round(pose.angle)) % 180:
                    w, h = h, w
            else:
                w = h = int(math.hypot(w, h)) + 4
        r = pygame.Rect(0, 0, w, h)
        r.center = v.pt(pose.x, pose.y)
        return r

    # -- cards
    def _card(self, surf, v: View, card: int, pose: Pose, shadow: bool = False) -> None:
        ctl = self.scene.ctl
        art = self.app.art
        w, h = v.size(CARD_W * pose.scale), v.size(CARD_H * pose.scale)
        img = art.face(card, w, h) if pose.face_up else art.back(w, h)
        if abs(pose.angle) > 0.5:
            img = self.app.rotated(img, pose.angle)
        r = img.get_rect(center=v.pt(pose.x, pose.y))
        if shadow:
            sh = pygame.Surface(r.size, pygame.SRCALPHA)
            sh.fill(SHADOW)
            surf.blit(sh, r.move(4, 5))
        surf.blit(img, r)
        note("card", surf, r)
        heavy = 2 if theme.HIGH_CONTRAST else 1       # high contrast: white-edged cards, heavier rings
        if heavy > 1 and abs(pose.angle) <= 0.5:
            pygame.draw.rect(surf, theme.HC_EDGE, r, width=max(1, v.size(2)), border_radius=v.size(6))
        if card in ctl.selected and pose.face_up and not shadow:
            pygame.draw.rect(surf, GOLD, r.inflate(2 * heavy, 2 * heavy), width=heavy * max(2, v.size(3)),
                             border_radius=v.size(6))
        if card == self._ring_card:
            pygame.draw.rect(surf, FOCUS, r.inflate(6 * heavy, 6 * heavy), width=2 * heavy, border_radius=v.size(7))
        if card in self._marked and pose.face_up and not shadow:
            pygame.draw.rect(surf, MARK_INK, r.inflate(6, 6), width=max(2, v.size(3)), border_radius=v.size(7))

    # -- the meld areas and drop highlights
    def _background(self, surf, v: View) -> pygame.Surface:
        """The felt with the sides' bands shaded on it, put together once per window size
        and band layout (a frame then blits one opaque surface, not three alpha ones)."""
        lay = self.scene.ctl.layout
        felt = self.app.felt(surf.get_size())
        bands = tuple(tuple(v.rect(b)) for b in lay.bands.values())
        key = (surf.get_size(), id(felt), bands, v.size(14))
        if self._bg_key != key:
            bg = felt.copy()
            for r in bands:
                shade = pygame.Surface(r[2:], pygame.SRCALPHA)
                pygame.draw.rect(shade, BAND_SHADE, shade.get_rect(), border_radius=v.size(14))
                bg.blit(shade, r[:2])
            self._bg_key, self._bg = key, bg
        return self._bg

    def _zones(self, surf, v: View) -> None:
        ctl = self.scene.ctl
        st, lay = ctl.state, ctl.layout
        for team, band in lay.bands.items():
            self._band_header(surf, v, team, v.rect(band))
        d = self.scene.drag
        if d and d.active and d.targets:
            hover = zone_at(lay, d.pos, d.from_pile, v.rect)
            for name, (what, _) in d.targets.items():
                rect = zone_rect(lay, name) if what in ("do", "stage") else None
                if rect is None:
                    continue
                width = (v.size(4) if name == hover else v.size(2)) * (2 if theme.HIGH_CONTRAST else 1)
                pygame.draw.rect(surf, DROP_OK if what == "do" else DROP_STAGE, v.rect(rect).inflate(6, 6),
                                 width=width, border_radius=v.size(10))

    def _band_header(self, surf, v: View, team: int, r: pygame.Rect) -> list[pygame.Rect]:
        """Above a side's band: its name at the left; at the right the points of its
        melds and, until it has melded, what its first meld needs."""
        ctl = self.scene.ctl
        lay = ctl.layout
        melds = lay.seen.melds[team]
        size = fs(v, LABEL_SIZE)
        y = r.y - v.size(4)
        total = sum(meld_points(m) for m in melds)
        sums = [f"melds {total} points", f"melds {total}"]
        if not melds:
            need = lay.seen.minimums[team]
            sums = [f"first meld needs {need}  -  melds {total}", f"first meld needs {need}", f"needs {need}"]
        right_x = r.right - v.size(10)
        covers = getattr(self.scene, "covers", None)
        for c in (covers() if covers else ()):   # a review's turn list lies over the band's right end
            c = v.rect(c)
            if c.top <= y <= c.bottom + v.size(4) and c.left < right_x:
                right_x = min(right_x, c.left - v.size(10))
        right, rsize = fit_first(sums, size, max(1, min(r.w * 0.55, right_x - r.x - v.size(60))))
        drawn = [blit_text(surf, right, rsize, (right_x, y), GOLD if not melds else DIM, anchor="bottomright")]
        name = ctl.team_name(team)
        names = [name + ("  (your side)" if team == lay.viewer_team and ctl.humans else ""), name]
        left, lsize = fit_first(names, size, max(1, drawn[0].x - r.x - v.size(30)))
        drawn.append(blit_text(surf, left, lsize, (r.x + v.size(10), y), DIM, anchor="bottomleft"))
        return drawn

    def _labels(self, surf, v: View) -> None:
        ctl = self.scene.ctl
        st = ctl.state
        size = fs(v, LABEL_SIZE)
        for item in ctl.layout.labels:
            if isinstance(item, SeatLabel):
                self._seat_label(surf, v, item, size)
            elif isinstance(item, MeldLabel):
                self._meld_label(surf, v, st.melds[item.team][item.index], item)
            elif isinstance(item, StagedLabel):
                box = v.rect(item.box)
                line, ssize = fit_first(["staged", "st."], fs(v, COUNT_SIZE), box.w)
                blit_text(surf, line, ssize, box.center, GOLD, anchor="center")
        draw_foot_labels(surf, v, ctl.layout, fs(v, SMALL_SIZE), DIM)
        seen = ctl.layout.seen    # the counts as the viewer knows them
        fr = ctl.layout.frame
        (sx, sy), (px, py) = fr.stock_pos, fr.pile_pos
        why = frozen_reason(seen, ctl.layout.viewer_team)
        label = f"Pile {seen.pile_size}" + ("  FROZEN" if why else "")
        if fr.counts_beside:
            # larger sizes: the counts beside the cards (the stock's left, the pile's right)
            stock = ctl.layout.zones["stock"]
            blit_text(surf, stock_label(seen), size, v.pt(stock.x - 14, sy), INK, anchor="midright")
            x = ctl.layout.zones["pile"].right + 12
            top = blit_text(surf, label, size, v.pt(x, sy), FROZEN_INK if why else INK,
                            anchor="bottomleft" if why else "midleft")
            if why:
                blit_text(surf, why, fs(v, COUNT_SIZE), (top.x, top.bottom + v.size(2)), FROZEN_INK)
            return
        blit_text(surf, stock_label(seen), size, v.pt(sx, sy + COUNT_LABEL_DY), INK, anchor="midtop")
        blit_text(surf, label, size, v.pt(px, py + COUNT_LABEL_DY), FROZEN_INK if why else INK, anchor="midtop")
        if why:
            blit_text(surf, why, fs(v, COUNT_SIZE), v.pt(px, py + COUNT_LABEL_DY + 19), FROZEN_INK,
                      anchor="midtop")

    def _meld_label(self, surf, v: View, m, item: MeldLabel) -> list[pygame.Rect]:
        """Under each meld, in the lines the layout keeps for it: the mark of a canasta's
        kind, its size (a sequence's run and suit), its points. Returns what it drew.
        Drawn once into a surface of its own and kept while the meld and the box stay."""
        box = v.rect(item.box)
        size = fs(v, COUNT_SIZE)
        key = (tuple(m.cards), m.kind, m.canasta, m.wilds, item.lines, box.size, size)
        hit = self._labels_drawn.get(key)
        if hit is None:
            if len(self._labels_drawn) > 256:
                self._labels_drawn.clear()
            pad = 2
            img = pygame.Surface((box.w + 2 * pad, box.h + 2 * pad), pygame.SRCALPHA)
            local = pygame.Rect(pad, pad, box.w, box.h)
            rects = self._paint_meld_label(img, v, m, item, local, size)
            hit = self._labels_drawn[key] = (img, [r.move(-pad, -pad) for r in rects])
        img, rects = hit
        surf.blit(img, (box.x - 2, box.y - 2))
        drawn = [r.move(box.x, box.y) for r in rects]
        for r in drawn:
            note("text", surf, r, "a meld's label")
        return drawn

    def _paint_meld_label(self, surf, v: View, m, item: MeldLabel, box: pygame.Rect, size: int) -> list[pygame.Rect]:
        colour = GOLD if (m.canasta is not None) else DIM
        n = len(m.cards)
        rows: list[tuple] = []
        if m.canasta is not None:
            mark = m.canasta.upper() if m.canasta in OWN_MARKS else "BOOK" if m.canasta in BOOK_MARKS else "CANASTA"
            short = "BK" if mark == "BOOK" else mark[:3] + "."
            rows.append(([mark, short], GOLD, True))
        if m.kind == "sequence" and m.cards:
            rows.append((None, colour, False))
        pts = meld_points(m)
        if item.lines == 1:      # a short meld: its size and points on one line
            kind = "wild " if m.kind == "wild" else ""
            rows.append(([f"{kind}{n} cards \u00b7 {pts} pts", f"{kind}{n} \u00b7 {pts} pts", f"{n} \u00b7 {pts} pts",
                          f"{n} \u00b7 {pts}", f"{n}"], INK, False))
        else:
            if m.canasta in BOOK_MARKS:   # Hand and Foot: clean, dirty or wild; books of a rank stacked
                stack = books_in_stack(self.scene.ctl.state.melds[item.team], m)
                more = f" x{stack}" if stack > 1 else ""
                # narrow: its kind's letter (C, D, W) before the count, never the count alone
                letter = m.canasta[0].upper()
                rows.append(([f"{m.canasta} {n}{more}", f"{m.canasta[:3]}. {n}{more}", f"{letter}{n}{more}",
                              f"{letter}{n}"], colour, False))
            elif m.kind == "wild":
                rows.append(([f"wild {n}", f"w{n}"], colour, False))
            elif m.canasta is not None and m.kind != "sequence":
                word = "natural" if m.wilds == 0 else "mixed"
                rows.append(([f"{word} {n}", f"{word[:3]}. {n}", f"{n}"], colour, False))
            rows.append(([f"{pts} pts", f"{pts}"], INK if m.canasta is None else GOLD, False))
        rows = rows[-item.lines:] if item.lines else rows
        line_h = box.h / max(len(rows), 1)
        drawn = []
        for i, (choices, ink, bold) in enumerate(rows):
            cy = int(box.y + line_h * (i + 0.5))
            if choices is None:
                drawn += self._run_line(surf, v, m, box, cy, size, ink)
                continue
            line, lsize = fit_first(choices, size, box.w, bold)
            drawn.append(blit_text(surf, line, lsize, (box.centerx, cy), ink, bold=bold, anchor="center"))
        return drawn

    def _run_line(self, surf, v: View, m, box: pygame.Rect, cy: int, size: int, ink) -> list[pygame.Rect]:
        """A sequence's run (5-Q) with its suit drawn before it."""
        ranks = sorted(RANK_OF[c] for c in m.cards)
        run = f"{RANK_CHARS[ranks[0]]}-{RANK_CHARS[ranks[-1]]}".replace("T", "10")
        side = max(v.size(11), 9)
        gap = v.size(2)
        line, lsize = fit_first([run], size, box.w - side - gap)
        img = text(line, lsize, ink)
        r = img.get_rect(center=(box.centerx + (side + gap) // 2, cy))
        surf.blit(img, r)
        suit = SUIT_OF[m.cards[0]]
        glyph = pygame.Rect(r.x - side - gap, cy - side // 2, side, side)
        draw_suit(surf, suit, tuple(glyph), RED_SUIT if suit in (1, 2) else BLACK_SUIT)
        return [r, glyph]

    def _seat_label(self, surf, v: View, item: SeatLabel, size: int) -> None:
        ctl = self.scene.ctl
        st = ctl.state
        seat, n = item.seat, item.count
        name = ctl.seat_name(seat)
        turn = seat == st.turn and not st.deal_over
        mark = ""
        colour = GOLD if turn else INK
        if item.own:
            blit_text(surf, f"{name}: {cards(n)}{mark}", size, v.pt(CENTRE_X, ctl.layout.frame.hand_label_y), colour,
                      anchor="midbottom")
            return
        detail = f"{ctl.seats[seat].level}, {cards(n)}" if not ctl.seats[seat].human else cards(n)
        half = backs_half_width(n, item.orient)
        t = ctl.layout.frame.text
        if item.orient == "h":
            x, y = item.x + half + 14, item.y - 18 * t
            blit_text(surf, name + mark, size, v.pt(x, y), colour)
            blit_text(surf, detail, fs(v, SMALL_SIZE), v.pt(x, y + 19 * t), DIM)
        else:
            y = side_label_top(item, t)
            left = item.x < CENTRE_X
            x = 8 if left else 2 * CENTRE_X - 8
            anchor = "topleft" if left else "topright"
            width = v.size(SIDE_LABEL_W)       # clear of the bands beside it (larger text: smaller, or cut with a tip)
            line, lsize = fit_first([name + mark], size, width)
            blit_text(surf, line, lsize, v.pt(x, y), colour, anchor=anchor)
            line, lsize = fit_first([detail], fs(v, SMALL_SIZE), width)
            blit_text(surf, line, lsize, v.pt(x, y + 19 * t), DIM, anchor=anchor)

    # -- panels
    def _hud(self, surf, v: View) -> None:
        ctl = self.scene.ctl
        st = ctl.state
        r = st.rules
        t = ctl.layout.frame.text
        row = (22 if r.teams <= 2 else 19) * t
        box = v.rect(hud_box(r.teams, t))
        panel(surf, box, alpha=200)
        size = fs(v, LABEL_SIZE)
        length = f"of {r.deals}" if r.deals else f" -  to {r.target_score}"
        blit_text(surf, f"Deal {st.deal_number + 1} {length}", size, (box.x + 10, box.y + 5), DIM)
        for team in range(r.teams):
            y = box.y + v.size(24 * t + row * team)
            blit_text(surf, ctl.team_name(team), size, (box.x + 10, y))
            blit_text(surf, str(st.totals[team]), size, (box.right - 10, y), GOLD, anchor="topright")
        if (ctl.toast.visible and not st.deal_over) or getattr(self.scene, "status_hidden", False):
            return                # a message (a review: the coach) has the status line's place
        words = ctl.answer_note or status_line(ctl)
        fr = ctl.layout.frame
        if font(v.size(22)).size(words)[0] > v.size(fr.message_box.w):
            # a long line (the engine's reason a first meld is not yet made) wraps in its place
            draw_lines_in(surf, words, v.rect(fr.message_box), v.size(22))
            return
        status = blit_text(surf, words, v.size(22), v.pt(CENTRE_X, fr.status_y), INK, anchor="midtop")
        if not st.deal_over and ctl.privacy is None and not ctl.seats[st.to_act].human and not ctl.skipping:
            blit_text(surf, "S skips ahead", fs(v, 15), (status.right + v.size(14), status.y + v.size(5)), DIM)

    def _focus_and_tip(self, surf, v: View) -> None:
        """The keyboard focus ring, and what the button under the pointer (or with the
        focus) does, or why it cannot be used now."""
        scene = self.scene
        b = scene.focused_button()
        keyboard = self.app.keyboard_used
        if b is not None and keyboard:
            pygame.draw.rect(surf, FOCUS, b.rect.inflate(6, 6), width=4 if theme.HIGH_CONTRAST else 2,
                             border_radius=v.size(9))
        melds = getattr(scene, "meld_focus", None)      # the meld Enter would drop on (not in a review)
        if keyboard and melds is not None and scene.focus.current() is melds:
            pygame.draw.rect(surf, FOCUS, melds.rect.inflate(6, 6), width=3, border_radius=v.size(9))
        tip_of = next((x for x in scene.buttons if x.visible and x.hover and x.explanation()), None)
        if tip_of is None and b is not None and keyboard and b.explanation():
            tip_of = b
        if tip_of is not None:
            img = text(tip_of.explanation(), fs(v, TIP_SIZE), INK)
            box = img.get_rect()
            top = min(x.rect.top for x in scene.buttons if x.visible)
            box.bottomright = (min(tip_of.rect.right, surf.get_width() - v.size(12)), top - v.size(10))
            note("tip", surf, box, tip_of.explanation())
            overlay()           # a tip lies over what it explains (larger text: over a meld's label too)
            panel(surf, box.inflate(v.size(14), v.size(8)), alpha=235)
            surf.blit(img, box)

    def _privacy(self, surf, v: View) -> None:
        """The screen passed to the next person: every hand hidden, and what happened
        since that person's last turn."""
        ctl = self.scene.ctl
        box = v.rect(PRIVACY_SUMMARY_BOX)
        panel(surf, box)
        room = box.w - v.size(40)
        line, size = fit_text(f"Pass to {ctl.seat_name(ctl.privacy)}, then click", theme.title_size(fs(v, 38)), room)
        drawn = blit_text(surf, line, size, (box.centerx, box.y + v.size(26)), GOLD, anchor="midtop")
        drawn = draw_fitted_centre(surf, "Every hand is hidden until the next player is at the screen.", fs(v, 20),
                                   box.centerx, max(box.y + v.size(76), drawn.bottom + v.size(4)), room, DIM)
        lines = ctl.summary_for(ctl.privacy)
        x, y = box.x + v.size(36), max(box.y + v.size(122), drawn.bottom + v.size(12))
        first = ctl.privacy not in ctl.seen_upto
        head = ("So far in this deal:" if first else "Since your last turn:") if lines else \
            "Nothing has happened since your last turn."
        y = max(y + v.size(34), blit_text(surf, head, fs(v, 21), (x, y), INK, bold=True).bottom + v.size(6))
        bottom = v.rect(PRIVACY_SUMMARY_BUTTON).y - v.size(14)
        size = fs(v, 18)
        rows = []
        for line in lines:
            rows.extend(wrap(line, size, box.w - v.size(72)))
        step = int(size * 1.25 * theme.text_scale())
        rows = rows[-max(1, (bottom - y) // step):]
        for row in rows:
            blit_text(surf, row, size, (x, y), INK)
            y += step
        self.scene.privacy_button.draw(surf, fs(v, 22))

    # -- what happened, and whose turn it is
    def _turn(self, surf, v: View) -> None:
        """The seat whose turn it is: its hand's area outlined and its label lit."""
        ctl = self.scene.ctl
        st = ctl.state
        if st.deal_over:
            return
        for item in ctl.layout.labels:
            if not isinstance(item, SeatLabel) or item.seat != st.turn:
                continue
            if item.own or item.seat == ctl.viewer and ctl.show_hand():
                r = pygame.Rect(ctl.layout.frame.hand_zone)
                r.height = min(r.bottom, int(ctl.layout.height)) - r.y
                r.width = min(r.right, ctl.layout.frame.button_area.left - 8) - r.x   # clear of the button column
            else:
                half = backs_half_width(item.count, item.orient)
                thick = CARD_H * OTHER_SCALE / 2
                if item.orient == "h":
                    r = pygame.Rect(item.x - half, item.y - thick, 2 * half, 2 * thick)
                else:
                    r = pygame.Rect(item.x - thick, item.y - half, 2 * thick, 2 * half)
                r = r.inflate(16, 16)
            rr = v.rect(r)
            glow = self._glows.get(rr.size)
            if glow is None:
                if len(self._glows) > 8:
                    self._glows.clear()
                glow = pygame.Surface(rr.size, pygame.SRCALPHA)
                pygame.draw.rect(glow, (*TURN_INK, 34), glow.get_rect(), border_radius=v.size(12))
                self._glows[rr.size] = glow
            surf.blit(glow, rr)
            pygame.draw.rect(surf, TURN_INK, rr, width=max(2, v.size(2)), border_radius=v.size(12))

    def _hint_zones(self, surf, v: View) -> None:
        """Where the hint's cards go: the melds, the meld area, the pile or the stock."""
        lay = self.scene.ctl.layout
        for name in self.scene.ctl.hint_zones:
            r = zone_rect(lay, name)
            if r is None:
                continue
            pygame.draw.rect(surf, HINT_INK, v.rect(r).inflate(8, 8), width=max(3, v.size(3)),
                             border_radius=v.size(10))

    def _log(self, surf, v: View) -> None:
        """The move log of the deal, newest at the bottom (drawn once per change)."""
        ctl = self.scene.ctl
        r = log_rect(ctl)
        if r is None:
            return
        if ctl.log_mode == "open":
            # opened over the table, it ends above any button in its way (Modern American's
            # Lay threes and Lay special hand stand above the table's buttons)
            tops = [b.rect.top for b in self.scene.buttons if b.visible and b.rect.colliderect(v.rect(r))]
            if tops:
                r = pygame.Rect(r.x, r.y, r.w, max(60, int(v.logical(0, min(tops))[1]) - 12 - r.y))
        box = v.rect(r)
        if ctl.log_mode == "pinned":
            # the column runs the window's whole height (the table above and below it is
            # letterboxed when the window is not wide enough for both)
            margin = v.size(LOG_MARGIN)
            box = pygame.Rect(box.x, margin, box.w, surf.get_height() - 2 * margin)
        last = ctl.log[-1].text if ctl.log else ""
        key = (box.size, len(ctl.log), last, ctl.state.deal_number, ctl.log_mode)
        cached_key, img = self._log_cache
        if cached_key != key or img is None:
            img = self._render_log(ctl, box.size, v)
            self._log_cache = (key, img)
        surf.blit(img, box.topleft)
        # open, the log lies over the right of the table like a drawer (it may cover cards
        # and labels, never a control); pinned, it is a column of its own
        note("drawer" if ctl.log_mode == "open" else "panel", surf, box, "the move log")

    def _render_log(self, ctl, size, v: View) -> pygame.Surface:
        """The log's panel: its title, and as many of the newest lines as fit. Opaque
        with square corners, so that showing it every frame is a plain copy; each
        line is wrapped once (a new line does not wrap the others again)."""
        w, h = size
        img = pygame.Surface(size)
        if pygame.display.get_surface() is not None:
            img = img.convert()
        img.fill(LOG_PANEL)
        pygame.draw.rect(img, LOG_BORDER, img.get_rect(), width=2)
        pad = v.size(10)
        n = ctl.state.deal_number + 1
        title, tsize = fit_first([f"Deal {n}: the moves", f"Deal {n}"], fs(v, 18), w - 2 * pad, bold=True)
        drawn = blit_text(img, title, tsize, (pad, pad), GOLD, bold=True)
        hint = "G closes  ·  Shift+G pins" if ctl.log_mode == "open" else "Shift+G unpins"
        hsize = fs(v, 13)
        top = drawn.bottom + v.size(10)
        if drawn.right + v.size(12) + font(hsize).size(hint)[0] <= w - pad:
            blit_text(img, hint, hsize, (w - pad, pad + v.size(3)), DIM, anchor="topright")
        else:                                   # a narrow log: the keys go under the title
            shown = blit_text(img, hint, hsize, (pad, drawn.bottom + v.size(2)), DIM)
            top = shown.bottom + v.size(8)
        tsize = fs(v, LOG_SIZE)
        step = int(tsize * 1.22 * theme.text_scale())
        gap = max(2, step // 2)                 # between two moves
        room = h - top - pad
        width = w - 2 * pad - v.size(8)
        if len(self._wrapped) > 2000:
            self._wrapped.clear()
        rows: list = []                          # (text, colour), None for the gap between two moves
        used = 0
        last = len(ctl.log) - 1
        for k in range(last, -1, -1):            # newest first, until the panel is full
            line = ctl.log[k]
            colour = GOLD if line.seat < 0 else (INK if k == last else (208, 214, 204))
            key = (line.text, tsize, width)
            wrapped = self._wrapped.get(key)
            if wrapped is None:
                wrapped = self._wrapped[key] = wrap(line.text, tsize, width)
            block = [((" " * 3 if j else "") + row, colour) for j, row in enumerate(wrapped)]
            if rows and used + len(block) * step + gap > room:
                break
            rows[:0] = block + ([None] if rows else [])
            used += len(block) * step + (gap if len(rows) > len(block) else 0)
        y = top
        for row in rows:
            if row is None:
                y += gap
                continue
            blit_text(img, row[0], tsize, (pad, y), row[1])
            y += step
        return img

    # -- the scores of every deal so far
    def hud_rect(self, v: View) -> pygame.Rect:
        ctl = self.scene.ctl
        return v.rect(hud_box(ctl.state.rules.teams, ctl.layout.frame.text))

    def _scores(self, surf, v: View) -> None:
        """The score sheet of the game so far: each deal's result and the running totals."""
        ctl = self.scene.ctl
        st = ctl.state
        teams = st.rules.teams
        box = v.rect(SCORES_BOX)
        overlay()
        panel(surf, box, alpha=244)
        blit_text(surf, "The scores so far", fs(v, 30), (box.centerx, box.y + v.size(14)), GOLD, anchor="midtop")
        tsize = fs(v, 19)
        x0 = box.x + v.size(24)
        col_w = (box.w - v.size(200)) // max(teams, 1)
        colx = [box.x + v.size(170) + col_w * (t + 1) - v.size(10) for t in range(teams)]
        y = box.y + v.size(62)
        blit_text(surf, "Deal", tsize, (x0, y), DIM)
        for t in range(teams):
            blit_text(surf, ctl.team_name(t), tsize, (colx[t], y), GOLD, anchor="topright")
        y += v.size(30)
        step = max(v.size(26), font(tsize).get_linesize() + 1)     # larger text: taller rows
        history = list(st.history)
        room = max(1, (box.bottom - v.size(110) - y) // step)
        if len(history) > room:
            history = history[-room:]
        if not history:
            blit_text(surf, "No deal has been scored yet.", tsize, (x0, y), DIM)
            y += step
        for res in history:
            who = f"  {ctl.seat_name(res.went_out)} out" if res.went_out is not None else ""
            blit_text(surf, f"{res.number + 1}{who}", tsize, (x0, y), INK)
            for t in range(teams):
                blit_text(surf, f"{res.scores[t]:+,}  = {res.totals[t]:,}", tsize, (colx[t], y), INK,
                          anchor="topright")
            y += step
        pygame.draw.line(surf, DIM, (x0, y + 2), (box.right - v.size(24), y + 2), 1)
        y += v.size(10)
        blit_text(surf, f"Now (deal {st.deal_number + 1})", tsize, (x0, y), GOLD, bold=True)
        for t in range(teams):
            blit_text(surf, f"{st.totals[t]:,}", tsize, (colx[t], y), GOLD, bold=True, anchor="topright")
        y += step
        r = st.rules
        goal = (f"A game of {r.deals} deals: the higher total after the last one wins." if r.deals
                else f"To win: {r.target_score:,}")
        blit_text(surf, goal, tsize, (x0, y), DIM)
        blit_text(surf, "Click or press any key to close.", fs(v, 16), (box.centerx, box.bottom - v.size(30)), DIM,
                  anchor="midtop")

    def _dialog(self, surf, v: View, message: str, yes, no) -> None:
        box = v.rect(DIALOG_BOX)
        overlay()
        panel(surf, box)
        if font(v.size(24)).size(message)[0] <= box.w - v.size(24):
            blit_text(surf, message, v.size(24), (box.centerx, box.y + v.size(24)), INK, anchor="midtop")
        else:       # larger text: wrapped above the answers, in smaller type if it must
            draw_lines_in(surf, message, pygame.Rect(box.x + v.size(12), box.y + v.size(8), box.w - v.size(24),
                                                     min(yes.rect.top, no.rect.top) - box.y - v.size(14)), v.size(24))
        yes.draw(surf, v.size(21))
        no.draw(surf, v.size(21))

    def _sheet(self, surf, v: View) -> None:
        """The score sheet: each side's score lines as the engine gives them."""
        scene, ctl = self.scene, self.scene.ctl
        st = ctl.state
        res = st.result
        if res is None:
            return
        overlay()
        r = st.rules
        teams = r.teams
        width = SHEET_LABEL_W + SHEET_COLUMN_W * teams
        box = v.rect((CENTRE_X - width // 2, SHEET_Y, width, SHEET_H))
        panel(surf, box, alpha=242)
        title = "Game over" if st.game_over else f"Deal {res.number + 1} is over"
        drawn = blit_text(surf, title, v.size(34), (box.centerx, box.y + v.size(14)), GOLD, anchor="midtop")
        if res.went_out is not None:
            sub = f"{ctl.seat_name(res.went_out)} went out{' concealed' if res.concealed else ''}."
        else:
            sub = "Nobody went out: the stock ran out."
        pieces = getattr(scene, "pieces", None)
        if pieces:
            sub = pieces.sheet_subtitle(ctl, res) or sub
        # the rows as the engine gives them, each line as high as its text (larger text: the
        # rows' type shrinks, down to what 100% shows, until they fit above the buttons)
        drawn = blit_text(surf, sub, v.size(21), (box.centerx, max(box.y + v.size(50), drawn.bottom + v.size(2))), DIM,
                          anchor="midtop")
        x0 = box.x + v.size(20)
        colx = [box.x + v.size(SHEET_LABEL_W + SHEET_COLUMN_W * t + 150) for t in range(teams)]
        top = max(box.y + v.size(86), drawn.bottom + v.size(6))
        rows, cells = sheet_rows([team_lines(res, t) for t in range(teams)])
        bottom = scene.sheet_button.rect.top - v.size(6)
        fsz = fs(v, 20)
        while True:
            h = font(fsz).get_linesize()
            head = max(v.size(30), font(fs(v, 19)).get_linesize() + v.size(4))
            step, total_step = max(v.size(27), h + 1), max(v.size(28), h + 2)
            if top + head + step * len(rows) + v.size(10) + total_step * 3 <= bottom or fsz <= fs(v, 20) / theme.text_scale():
                break
            fsz -= 1
        y = top
        for t in range(teams):
            blit_text(surf, ctl.team_name(t), fs(v, 19), (colx[t], y), GOLD, anchor="topright")
        y += head
        for label in rows:
            blit_text(surf, label, fsz, (x0, y), INK)
            for t in range(teams):       # within its column (larger text: smaller type if it must)
                cell, csize = fit_text(cells.get((label, t), "-"), fsz, v.size(SHEET_COLUMN_W - 12))
                blit_text(surf, cell, csize, (colx[t], y), INK, anchor="topright")
            y += step
        pygame.draw.line(surf, DIM, (x0, y + 2), (box.right - v.size(20), y + 2), 1)
        y += v.size(10)
        for label, values in (("This deal", res.scores), ("Total", res.totals)):
            blit_text(surf, label, fsz, (x0, y), GOLD, bold=True)
            for t in range(teams):
                blit_text(surf, str(values[t]), fsz, (colx[t], y), GOLD, bold=True, anchor="topright")
            y += total_step
        if not st.game_over:
            blit_text(surf, "Next first meld", fsz, (x0, y), DIM)
            for t in range(teams):
                blit_text(surf, str(r.minimum_in(res.totals[t], st.deal_number + 1)), fsz, (colx[t], y), DIM,
                          anchor="topright")
        else:
            names = " and ".join(ctl.team_name(t) for t in st.winners)
            verb = "win" if len(st.winners) > 1 or "&" in names else "wins"
            blit_text(surf, f"{names} {verb}!", v.size(28), (box.centerx, y), GOLD, anchor="midtop")
        scene.sheet_button.draw(surf, v.size(21))
        scene.leave_button.draw(surf, v.size(21))
        scene.review_button.draw(surf, v.size(21))
        # a game of a fixed number of deals: each deal's result beside the sheet
        draw_game_sheet(surf, v, st, [ctl.team_name(t) for t in range(teams)],
                        pygame.Rect(CENTRE_X - width // 2, SHEET_Y, width, SHEET_H), ctl.layout.width,
                        lambda n: fs(v, n))

