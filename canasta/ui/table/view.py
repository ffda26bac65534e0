"""Drawing the table: what the layout and the controller say, and nothing else.

Every function here reads the controller (:mod:`.controller`), its last layout
(:mod:`.layout`) and the scene's buttons, and draws; none changes any of them.
:class:`TableView` draws the felt, the cards (the ones lying still kept in a layer of
their own), the drop zones, a hint's zones and whose turn it is; its labels
(:mod:`.labels`), panels (:mod:`.panels`) and move log (:mod:`.movelog`) are parts of
it, each in its own module, and the sizes of its text are in :mod:`.lettering`.
"""

from __future__ import annotations

import math
from typing import Optional

import pygame

from ..anim import Pose
from ..layout import CARD_H, CARD_W, View
from .. import draw as theme
from ..draw import note
from .frame import SIDE_LABEL_W, hud_box  # noqa: F401  (imported from here too)
from ..widgets import GOLD, wrap
from ...i18n import t
from .labels import TableLabels, side_label_top  # noqa: F401  (imported from here too)
from .lettering import LABEL_SIZE, MIN_TEXT, SMALL_SIZE, cards, fit_first, fs, meld_points  # noqa: F401  (imported from here too)
from .movelog import MoveLogPanel, log_rect  # noqa: F401  (imported from here too)
from .panels import FOCUS, PRIVACY_SUMMARY_BUTTON, TablePanels  # noqa: F401  (imported from here too)
from .words import frozen_reason, sheet_rows, status_line, stock_label, team_lines  # noqa: F401  (imported from here too)
from .layout import CENTRE_X, SHEET_H, SHEET_Y, SeatLabel, backs_half_width, zone_at, zone_rect
from ..layout import OTHER_SCALE

DROP_OK = (110, 230, 130)
DROP_STAGE = GOLD
BAND_SHADE = (0, 0, 0, 38)
#: the still layer is mended in place (not put together again) when at most this many
#: of its cards came or went, over at most this share of the window
PATCH_MOST_CARDS = 16
PATCH_MOST_AREA = 0.25
SHADOW = (0, 0, 0, 70)
DRAG_FAN = 16                 # dragged cards gather in a fan under the pointer
MARK_INK = (255, 150, 70)     # the ring round the cards of a player's last move
HINT_INK = (255, 214, 90)     # the zone a hint's cards go to
TURN_INK = (255, 214, 90)     # the seat whose turn it is
#: messages take the status line's place, between the viewer's melds and the hand, for
#: as long as they show: they cover no meld, no card of the hand and no label (its place
#: at 100% in an 800-high table; the frame moves it: ``layout.frame.message_box``)
MESSAGE_BOX = pygame.Rect(150, 605, 930, 46)


def drag_pose(lx: float, ly: float, i: int, n: int, scale: float = 1.0) -> Pose:
    """Where the ``i``-th of ``n`` dragged cards is drawn, the pointer at (``lx``, ``ly``)
    (logical): in a fan under it, face up, above everything."""
    return Pose(lx + (i - (n - 1) / 2) * DRAG_FAN, ly + 12, True, 0, scale, 999)


class _Same:
    """A key part equal only to another for the very same object (kept alive meanwhile,
    so that its id is never another's)."""

    __slots__ = ("obj",)

    def __init__(self, obj):
        self.obj = obj

    def __eq__(self, other) -> bool:
        return isinstance(other, _Same) and other.obj is self.obj

    __hash__ = None  # type: ignore[assignment]


class TableView(TableLabels, TablePanels, MoveLogPanel):
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
        self.patches = 0                                  # times the layer was mended in place
        self._changing = False                            # the last drawn frame changed the layer

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
            self._dialog(surf, v, t("{name} asks: \"Partner, may I go out?\"", name=ctl.seat_name(st.turn)),
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

        A card is drawn over the layer, in its turn, when it moves (not while it waits to
        set off), lies in the viewer's hand or has the keyboard's ring, and so does every card overlapping
        one of these (and so on), so that each card drawn over the layer meets none in
        it: the frame is the same, pixel for pixel, as drawing every card in order.

        When what the layer holds changes, it is mended in place where only a few still
        cards came or went (:meth:`_patch_layer`), or else put together again at once;
        but if it was put together on the frame before as well (a change each frame),
        the frame is drawn as ever until the same cards keep still for two frames. No
        layer during a drag, whose drop zones follow the pointer."""
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
            # a card waiting for its turn to set off lies still where it is, in the layer
            # (when it sets off the layer is mended where it lay)
            live.append(moving or card in volatile or (sp is not None and sp.elapsed > sp.delay and sp.moving))
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
        key = (surf.get_size(), self._bg_key) + self._under_key(v) + (kept,)
        over = [item for item, x in zip(order, live) if x]
        if key == self._layer_key or self._patch_layer(v, key, [r for r, x in zip(rects, live) if not x]):
            self._changing = False
            return self._layer, over
        if self._changing and key != self._layer_wanted:
            # changed again right after a change: drawn as ever, until it holds
            self._layer_wanted = key
            return None, order
        self._changing = True
        layer = self._layer
        layer.blit(self._bg, (0, 0))
        self._under_cards(layer, v)
        for card, pose, _selected, _marked in kept:
            self._card(layer, v, card, pose)
        self._layer_key = key
        return layer, over

    def forget_layer(self) -> None:
        """Put the still layer together anew at the next frame (its words may have
        changed: another language, another text size)."""
        self._layer_key = self._layer_wanted = None
        self._changing = False

    def _patch_layer(self, v: View, key: tuple, kept_rects: list) -> bool:
        """Bring the layer up to ``key`` by drawing again only where still cards came or
        went (a card laid on the pile, a meld's cards setting off), the turn's outline
        moved or the stock's edges changed, when nothing else in it changed: the felt,
        what lies under the cards and the cards crossing those places are drawn there
        again, in their order, clipped to each place, so the layer is the very one a
        rebuild would make. False when a rebuild is wanted (another window size, look,
        band header or hint, or too much changed)."""
        old = self._layer_key
        if old is None or old[:3] != key[:3]:
            return False
        kept = key[6]

        def flat(item):        # a pose is not hashable: its values are
            card, p, selected, marked = item
            return (card, p.x, p.y, p.face_up, p.angle, p.scale, p.z, selected, marked)

        before, after = {flat(i): i for i in old[6]}, {flat(i): i for i in kept}
        changed = [before.get(k) or after[k] for k in before.keys() ^ after.keys()]
        if len(changed) > PATCH_MOST_CARDS:
            return False
        places = []
        for card, pose, selected, marked in changed:
            r = self._card_bounds(v, pose)
            places.append(r.inflate(8, 8) if selected or marked else r)
        if old[3] != key[3]:                   # a side's header: its meld points, its first meld's need
            places += [self._header_rect(v, band) for (band, *said), (_, *was) in zip(key[3], old[3]) if said != was]
        if old[4] != key[4]:                   # the turn's outline
            places += [pygame.Rect(r) for r in (old[4], key[4]) if r]
        if old[5] != key[5]:                   # the stock's edges (drawn up to 6 px up and left)
            places += [pygame.Rect(r).inflate(8, 8).move(-3, -3) for r in (old[5][1], key[5][1]) if r]
        places = merged(places)
        layer = self._layer
        if not places or sum(r.w * r.h for r in places) > layer.get_width() * layer.get_height() * PATCH_MOST_AREA:
            return False
        for place in places:
            layer.set_clip(place)
            layer.blit(self._bg, place, place)
            self._under_cards(layer, v)
            for (card, pose, _selected, _marked), r in zip(kept, kept_rects):
                if r.colliderect(place):
                    self._card(layer, v, card, pose)
        layer.set_clip(None)
        self._layer_key = key
        self.patches += 1
        return True

    def _under_key(self, v: View) -> tuple:
        """What :meth:`_under_cards` draws from (the still layer is kept while it holds),
        in four parts: (everything but the three below: each side's band and name, the
        hint's zones, the window's look...; each side's header figures, with its band in
        pixels: its meld points and whether it has melded, its first meld's need; the
        outline of the seat whose turn it is; the stock's edges). The last three may
        change with the layer mended in place (:meth:`_patch_layer`)."""
        ctl = self.scene.ctl
        lay, st = ctl.layout, ctl.state
        hit = self._under_keys
        if hit is None or hit[0] is not lay:
            seen = lay.seen
            sides = tuple((team, tuple(band), ctl.team_name(team)) for team, band in lay.bands.items())
            heads = tuple((tuple(v.rect(band)), sum(meld_points(m) for m in seen.melds[team]),
                           bool(seen.melds[team]), seen.minimums[team]) for team, band in lay.bands.items())
            backs = min(4, seen.stock_size // 12 + 1) if seen.stock_size else 0
            stock = (backs, tuple(v.rect(lay.zones["stock"])) if backs else None)
            hit = self._under_keys = (lay, (sides, lay.viewer_team, bool(ctl.humans)), heads, stock)
        hints = tuple((name, tuple(r) if r is not None else None)
                      for name in (ctl.hint_zones or ()) for r in (zone_rect(lay, name),))
        art = self.app.art
        turn = self._turn_rect(v)
        rest = hit[1] + (hints, st.deal_over, ctl.viewer, ctl.show_hand(), _Same(art), art.back_theme,
                         art.four_colour, art.show_points)
        return rest, hit[2], tuple(turn) if turn else None, hit[3]

    @staticmethod
    def _header_rect(v: View, band: tuple) -> pygame.Rect:
        """The row above a band (pixels) where :meth:`_band_header` writes the side's name
        and figures: their lines stand on the band's top, less a small gap."""
        line = theme.font(fs(v, LABEL_SIZE)).get_linesize()
        x, y, w, _h = band
        return pygame.Rect(x, y - v.size(4) - line - 4, w, line + 6)

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
                if what == "do":
                    pygame.draw.rect(surf, DROP_OK, v.rect(rect).inflate(6, 6), width=width,
                                     border_radius=v.size(10))
                else:
                    # staging is told by its shape as well as its colour: corners only
                    corner_brackets(surf, DROP_STAGE, v.rect(rect).inflate(6, 6), width, v.size(22))

    # -- what happened, and whose turn it is
    def _turn_rect(self, v: View) -> Optional[pygame.Rect]:
        """Where the seat whose turn it is is outlined (window pixels), or None."""
        ctl = self.scene.ctl
        st = ctl.state
        if st.deal_over:
            return None
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
            return v.rect(r)
        return None

    def _turn(self, surf, v: View) -> None:
        """The seat whose turn it is: its hand's area outlined and its label lit."""
        rr = self._turn_rect(v)
        if rr is None:
            return
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


def corner_brackets(surf, colour, rect: pygame.Rect, width: int, arm: int) -> None:
    """The four corners of ``rect`` drawn as brackets (a target that stages cards, told
    apart from one that plays them, outlined whole, without relying on colour)."""
    arm = max(4, min(arm, rect.width // 3, rect.height // 3))
    for (x, y), (dx, dy) in (((rect.left, rect.top), (1, 1)), ((rect.right - 1, rect.top), (-1, 1)),
                             ((rect.left, rect.bottom - 1), (1, -1)), ((rect.right - 1, rect.bottom - 1), (-1, -1))):
        pygame.draw.line(surf, colour, (x, y), (x + dx * arm, y), width)
        pygame.draw.line(surf, colour, (x, y), (x, y + dy * arm), width)


def merged(rects: list) -> list:
    """The rectangles with every two that overlap joined into one (until none do)."""
    out: list = []
    for r in rects:
        r = pygame.Rect(r)
        while True:
            hit = r.collidelist(out)
            if hit < 0:
                break
            r = r.union(out.pop(hit))
        out.append(r)
    return out
