"""Card faces and backs drawn by code, at whatever pixel size the table needs.

Nothing here is loaded from an image file. Every face is painted at the size
asked for, so a card is as crisp at 48x67 as it is at 140x196:

* shapes (the card body, pips, court panels, badges, the joker's cap) are drawn
  on a surface ``_SS`` times larger and shrunk once with ``smoothscale``, which
  antialiases every edge;
* text (indices, court letters, "WILD", "BONUS", ...) is rendered by the
  default pygame font directly at the final size, so it stays sharp;
* the bottom-right index is the top-left one turned by 180 degrees with an
  exact pixel flip, never a resampling rotation.

pygame's default font has no suit symbols, so suits are polygons and circles
(see :func:`draw_suit`, which the rest of the window may use for labels).

The module needs only ``pygame.init()`` (or ``pygame.font.init()``); it never
calls ``convert()``/``convert_alpha()`` and works with the dummy video driver.

Typical use::

    art = CardArt(back_theme="blue", four_colour=False, show_points=False)
    surf = art.face(card_id, 100, 140)   # cached: same code and size, same surface
    back = art.back(100, 140)
"""

from __future__ import annotations

import math
from typing import Callable, Sequence

import pygame

from canasta.engine.cards import CODE_OF, JOKER, KIND_OF, POINTS_OF, RANK_OF, SUIT_OF, BLACK3, RED3, TWO

__all__ = [
    "BACK_THEMES",
    "CARD_ASPECT",
    "CardArt",
    "draw_suit",
    "suit_colour",
    "card_height_for_width",
]

# Width / height of a card: the common poker-size proportion 2.5 x 3.5 inches.
CARD_ASPECT = 5 / 7

# Supersampling factor for the shape layer of faces and backs.
_SS = 4

# --------------------------------------------------------------------------- colours

_WHITE = (255, 255, 255)
_FACE = (253, 253, 250)
_EDGE = (140, 140, 148)
_INK = (28, 28, 34)
_RED = (204, 22, 40)
_GREEN = (18, 128, 52)
_BLUE = (22, 82, 200)
_GOLD = (226, 176, 48)
_GOLD_DARK = (150, 108, 20)
_GOLD_LIGHT = (252, 226, 140)
_BONUS_TEXT = (92, 60, 0)
_STOP = (44, 44, 52)
_MUTED = (120, 120, 128)
_COURT_PANEL = (251, 245, 226)

_TWO_COLOUR = (_INK, _RED, _RED, _INK)
_FOUR_COLOUR = (_GREEN, _BLUE, _RED, _INK)

# Back themes: (base, light pattern, dark accent).
_BACK_PALETTES = {
    "blue": ((32, 74, 156), (104, 150, 220), (18, 42, 100)),
    "red": ((164, 30, 44), (228, 112, 112), (100, 14, 24)),
    "green": ((24, 112, 64), (104, 186, 130), (12, 66, 36)),
    "purple": ((92, 48, 134), (170, 128, 210), (52, 24, 84)),
}
BACK_THEMES: tuple[str, ...] = tuple(_BACK_PALETTES)


def suit_colour(suit: int, four_colour: bool = False) -> tuple[int, int, int]:
    """The ink colour of a suit (0 clubs, 1 diamonds, 2 hearts, 3 spades).

    Two-colour decks print diamonds and hearts red, clubs and spades black; the
    four-colour deck prints clubs green, diamonds blue, hearts red, spades black.
    Jokers (suit -1) get the black ink.
    """
    if suit < 0:
        return _INK
    return (_FOUR_COLOUR if four_colour else _TWO_COLOUR)[suit]


def card_height_for_width(width: int) -> int:
    """The card height, in pixels, that keeps the 5:7 proportion for ``width``."""
    return max(1, round(width / CARD_ASPECT))


# --------------------------------------------------------------------------- geometry


def _bezier(p0, p1, p2, steps: int = 10) -> list[tuple[float, float]]:
    """Points of the quadratic Bezier curve p0 -> p2 pulled towards p1 (p0 excluded)."""
    out = []
    for i in range(1, steps + 1):
        t = i / steps
        a, b, c = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        out.append((a * p0[0] + b * p1[0] + c * p2[0], a * p0[1] + b * p1[1] + c * p2[1]))
    return out


def _heart_outline(steps: int = 72) -> list[tuple[float, float]]:
    """A heart in the unit box, point down, from the classic parametric curve."""
    raw = []
    for i in range(steps):
        t = 2 * math.pi * i / steps
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        raw.append((x, y))
    return _normalise(raw)


def _normalise(points: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    """Scale points so that they exactly fill the unit box."""
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    x0, y0 = min(xs), min(ys)
    sx, sy = max(xs) - x0, max(ys) - y0
    return [((x - x0) / sx, (y - y0) / sy) for x, y in points]


def _stem(top_half_width: float, top_y: float, foot_half_width: float) -> list[tuple[float, float]]:
    """The flared foot of a spade or club, from (0.5, top_y) to the bottom edge."""
    left_top = (0.5 - top_half_width, top_y)
    right_top = (0.5 + top_half_width, top_y)
    left_foot = (0.5 - foot_half_width, 1.0)
    right_foot = (0.5 + foot_half_width, 1.0)
    pts = [left_top]
    pts += _bezier(left_top, (0.5 - top_half_width * 0.6, 0.93), left_foot, 8)
    pts.append(right_foot)
    pts += _bezier(right_foot, (0.5 + top_half_width * 0.6, 0.93), right_top, 8)
    return pts


# Suit outlines in a unit box (x right, y down), built once. Each entry is a
# list of polygons and a list of circles (cx, cy, r), plus the width/height
# ratio the glyph should be drawn at.
def _build_suit_shapes():
    heart = _heart_outline()
    # Diamond with gently concave sides.
    top, right, bottom, left = (0.5, 0.0), (1.0, 0.5), (0.5, 1.0), (0.0, 0.5)
    diamond = [top]
    diamond += _bezier(top, (0.78, 0.3), right, 8)
    diamond += _bezier(right, (0.78, 0.7), bottom, 8)
    diamond += _bezier(bottom, (0.22, 0.7), left, 8)
    diamond += _bezier(left, (0.22, 0.3), top, 8)[:-1]
    # Spade: a heart turned upside down, squeezed into the top 78%, and a stem.
    spade_body = [(x, (1.0 - y) * 0.78) for x, y in heart]
    spade_stem = _stem(0.05, 0.6, 0.2)
    # Club: three leaves, a filler in the middle and the same stem.
    club_circles = [(0.5, 0.255, 0.235), (0.245, 0.575, 0.235), (0.755, 0.575, 0.235), (0.5, 0.5, 0.16)]
    club_stem = _stem(0.05, 0.62, 0.2)
    return {
        0: ([club_stem], club_circles, 1.0),
        1: ([diamond], [], 0.76),
        2: ([heart], [], 1.08),
        3: ([spade_body, spade_stem], [], 0.9),
    }


_SUIT_SHAPES = _build_suit_shapes()


def _fit_box(suit: int, x: float, y: float, w: float, h: float) -> tuple[float, float, float, float]:
    """The largest box of the suit's proportions centred in (x, y, w, h)."""
    ratio = _SUIT_SHAPES[suit][2]
    if w / h > ratio:
        bw, bh = h * ratio, h
    else:
        bw, bh = w, w / ratio
    return x + (w - bw) / 2, y + (h - bh) / 2, bw, bh


def _suit_geometry(suit: int, box, flip: bool = False):
    """The polygons and circles (cx, cy, r) of a suit fitted into box=(x, y, w, h).

    ``flip`` turns it upside down; suits are left-right symmetric, so this is
    the same as a half-turn, which is how the lower pips of a card are printed.
    """
    polygons, circles, _ratio = _SUIT_SHAPES[suit]
    bx, by, bw, bh = _fit_box(suit, *box)

    def tx(px: float, py: float) -> tuple[float, float]:
        if flip:
            py = 1.0 - py
        return bx + px * bw, by + py * bh

    return ([[tx(px, py) for px, py in poly] for poly in polygons],
            [(*tx(cx, cy), r * bw) for cx, cy, r in circles])


def _paint_suit(surface: pygame.Surface, suit: int, box, colour, flip: bool = False) -> None:
    """Draw a suit shape (no antialiasing) fitted into box=(x, y, w, h) of floats."""
    polygons, circles = _suit_geometry(suit, box, flip)
    for poly in polygons:
        pygame.draw.polygon(surface, colour, poly)
    for cx, cy, r in circles:
        pygame.draw.circle(surface, colour, (cx, cy), r)


def _supersampled(size: tuple[int, int], paint: Callable[[pygame.Surface, int], None],
                  background=(0, 0, 0), scale: int = _SS) -> pygame.Surface:
    """Paint on a ``scale``-times larger transparent surface and shrink it.

    ``paint(surface, scale)`` draws in the large coordinates. ``background``
    is the colour given to fully transparent pixels; choosing the colour of
    the outermost shape avoids dark fringes where edges are averaged.
    """
    w, h = max(1, size[0]), max(1, size[1])
    big = pygame.Surface((w * scale, h * scale), pygame.SRCALPHA)
    big.fill((*background[:3], 0))
    paint(big, scale)
    if scale == 1:
        return big
    return pygame.transform.smoothscale(big, (w, h))


def draw_suit(surface: pygame.Surface, suit: int, rect, colour, flip: bool = False) -> None:
    """Draw an antialiased suit symbol centred in ``rect`` on ``surface``.

    ``suit`` is 0..3 (clubs, diamonds, hearts, spades); ``rect`` is anything
    ``pygame.Rect`` accepts; the symbol keeps its own proportions and fills the
    rect as far as they allow. ``colour`` is an RGB(A) tuple. ``flip`` draws it
    upside down.
    """
    rect = pygame.Rect(rect)
    if rect.width <= 0 or rect.height <= 0:
        return
    if suit not in _SUIT_SHAPES:
        raise ValueError(f"suit must be 0..3, not {suit!r}")
    # smoothscale shrinks exactly only by powers of two (3x or 6x leave opaque
    # pixels at alpha 253), so the factors are 8 and 4.
    scale = 8 if max(rect.size) < 24 else 4

    def paint(big: pygame.Surface, s: int) -> None:
        _paint_suit(big, suit, (0, 0, rect.width * s, rect.height * s), colour, flip)

    surface.blit(_supersampled(rect.size, paint, colour, scale), rect.topleft)


def _rounded_rect(surface, colour, rect, radius: float, width: int = 0) -> None:
    """pygame.draw.rect with a float rect and corner radius, rounded to pixels."""
    x, y, w, h = rect
    r = pygame.Rect(round(x), round(y), round(x + w) - round(x), round(y + h) - round(y))
    pygame.draw.rect(surface, colour, r, width, border_radius=max(0, round(radius)))


def _star_points(cx: float, cy: float, outer: float, inner: float, points: int = 5,
                 turn: float = -math.pi / 2) -> list[tuple[float, float]]:
    """Vertices of a star polygon, the first point straight up."""
    pts = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        a = turn + math.pi * i / points
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def _mix(c1, c2, t: float) -> tuple[int, int, int]:
    """Blend two RGB colours: t=0 gives c1, t=1 gives c2."""
    return tuple(round(a + (b - a) * t) for a, b in zip(c1[:3], c2[:3]))


# --------------------------------------------------------------------------- text

_FONTS: dict[int, pygame.font.Font] = {}


def _font(size: int) -> pygame.font.Font:
    """The default pygame font at ``size`` (cached)."""
    size = max(6, int(size))
    font = _FONTS.get(size)
    if font is None:
        if not pygame.font.get_init():
            pygame.font.init()
        font = _FONTS[size] = pygame.font.Font(None, size)
    return font


# The default font's capital letters are about this fraction of its size.
_CAP_RATIO = 0.7


def _text(text: str, cap_height: float, colour, max_width: float | None = None) -> pygame.Surface:
    """Render ``text`` so its capitals are ``cap_height`` pixels tall, cropped tight.

    If it would be wider than ``max_width`` the font size is reduced until it
    fits. The result is cropped to the ink, so callers can place it exactly.
    """
    size = max(6, round(cap_height / _CAP_RATIO))
    while True:
        surf = _font(size).render(text, True, colour)
        ink = surf.get_bounding_rect()
        if max_width is None or ink.width <= max_width or size <= 6:
            break
        size -= 1
    if ink.width == 0 or ink.height == 0:
        return pygame.Surface((1, 1), pygame.SRCALPHA)
    return surf.subsurface(ink).copy()


def _rank_text(rank: int, cap_height: float, colour) -> pygame.Surface:
    """The rank of an index. "10" is set from two glyphs with tight spacing."""
    label = {11: "J", 12: "Q", 13: "K", 14: "A"}.get(rank, str(rank))
    if label != "10":
        return _text(label, cap_height, colour)
    one = _text("1", cap_height, colour)
    zero = _text("0", cap_height, colour)
    gap = max(1, round(cap_height * 0.06))
    out = pygame.Surface((one.get_width() + gap + zero.get_width(),
                          max(one.get_height(), zero.get_height())), pygame.SRCALPHA)
    out.blit(one, (0, out.get_height() - one.get_height()))
    out.blit(zero, (one.get_width() + gap, out.get_height() - zero.get_height()))
    return out


def _blit_centred(dest: pygame.Surface, src: pygame.Surface, cx: float, cy: float) -> None:
    dest.blit(src, (round(cx - src.get_width() / 2), round(cy - src.get_height() / 2)))


# --------------------------------------------------------------------------- pips

_L, _C, _R = 0.335, 0.5, 0.665
_PIPS = {
    2: [(_C, 0), (_C, 1)],
    3: [(_C, 0), (_C, 0.5), (_C, 1)],
    4: [(_L, 0), (_R, 0), (_L, 1), (_R, 1)],
    5: [(_L, 0), (_R, 0), (_C, 0.5), (_L, 1), (_R, 1)],
    6: [(_L, 0), (_R, 0), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)],
    7: [(_L, 0), (_R, 0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)],
    8: [(_L, 0), (_R, 0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_C, 0.75), (_L, 1), (_R, 1)],
    9: [(_L, 0), (_R, 0), (_L, 1 / 3), (_R, 1 / 3), (_C, 0.5),
        (_L, 2 / 3), (_R, 2 / 3), (_L, 1), (_R, 1)],
    10: [(_L, 0), (_R, 0), (_C, 1 / 6), (_L, 1 / 3), (_R, 1 / 3),
         (_L, 2 / 3), (_R, 2 / 3), (_C, 5 / 6), (_L, 1), (_R, 1)],
}


# --------------------------------------------------------------------------- the art


class CardArt:
    """Draws and caches card faces and backs.

    ``back_theme`` is one of :data:`BACK_THEMES`; ``four_colour`` prints clubs
    green and diamonds blue; ``show_points`` adds the card's point value (from
    ``POINTS_OF``) in the top-right corner. Faces are cached by (card code,
    width, height, options), so the two king of hearts of a double pack share
    one surface. Treat returned surfaces as read-only: copy before drawing on
    them. A "large cards" setting is only a bigger ``w`` and ``h`` from the
    caller (keep ``h = card_height_for_width(w)``); faces are drawn afresh at
    every size, never scaled up.
    """

    def __init__(self, back_theme: str = "blue", four_colour: bool = False,
                 show_points: bool = False) -> None:
        self._check_theme(back_theme)
        self.back_theme = back_theme
        self.four_colour = bool(four_colour)
        self.show_points = bool(show_points)
        self._faces: dict[tuple, pygame.Surface] = {}
        self._backs: dict[tuple, pygame.Surface] = {}

    # -- options

    @staticmethod
    def _check_theme(theme: str) -> None:
        if theme not in _BACK_PALETTES:
            raise ValueError(f"unknown back theme {theme!r}; choose one of {', '.join(BACK_THEMES)}")

    def set_options(self, back_theme: str | None = None, four_colour: bool | None = None,
                    show_points: bool | None = None) -> None:
        """Change any of the options (None leaves one as it is) and empty the caches."""
        if back_theme is not None:
            self._check_theme(back_theme)
            self.back_theme = back_theme
        if four_colour is not None:
            self.four_colour = bool(four_colour)
        if show_points is not None:
            self.show_points = bool(show_points)
        self.clear_cache()

    def clear_cache(self) -> None:
        """Forget every cached face and back (they are redrawn on demand)."""
        self._faces.clear()
        self._backs.clear()

    def colour_of(self, suit: int) -> tuple[int, int, int]:
        """The ink of ``suit`` under this art's colour option."""
        return suit_colour(suit, self.four_colour)

    # -- public drawing

    def face(self, card_id: int, w: int, h: int) -> pygame.Surface:
        """The face of ``card_id`` as a ``w`` x ``h`` SRCALPHA surface (cached)."""
        if not 0 <= card_id < len(CODE_OF):
            raise ValueError(f"no card with id {card_id!r}")
        w, h = self._check_size(w, h)
        key = (CODE_OF[card_id], w, h, self.four_colour, self.show_points)
        surf = self._faces.get(key)
        if surf is None:
            surf = self._faces[key] = self._draw_face(card_id, w, h)
        return surf

    def back(self, w: int, h: int) -> pygame.Surface:
        """The back of a card in the current theme, ``w`` x ``h``, SRCALPHA (cached)."""
        w, h = self._check_size(w, h)
        key = (self.back_theme, w, h)
        surf = self._backs.get(key)
        if surf is None:
            surf = self._backs[key] = self._draw_back(self.back_theme, w, h)
        return surf

    @staticmethod
    def _check_size(w: int, h: int) -> tuple[int, int]:
        w, h = int(w), int(h)
        if w < 12 or h < 16:
            raise ValueError(f"a card must be at least 12x16 pixels, not {w}x{h}")
        return w, h

    # -- faces

    def _draw_face(self, card_id: int, w: int, h: int) -> pygame.Surface:
        rank, suit, kind = RANK_OF[card_id], SUIT_OF[card_id], KIND_OF[card_id]
        ink = self.colour_of(suit)
        radius = 0.07 * w
        shapes: list[Callable[[pygame.Surface, int], None]] = []
        texts: list[Callable[[pygame.Surface], None]] = []

        def body(big: pygame.Surface, s: int) -> None:
            edge = max(1.0, 0.012 * w) * s
            _rounded_rect(big, _EDGE, (0, 0, w * s, h * s), radius * s)
            _rounded_rect(big, _FACE, (edge, edge, w * s - 2 * edge, h * s - 2 * edge), radius * s - edge)

        shapes.append(body)
        if kind == JOKER:
            self._joker(w, h, shapes, texts)
        else:
            self._index(rank, suit, ink, w, h, texts)
            if rank == 14:
                self._ace(suit, ink, w, h, shapes)
            elif rank >= 11:
                self._court(rank, suit, ink, w, h, shapes, texts)
            else:
                self._pips(rank, suit, kind, ink, w, h, shapes, texts)
        if self.show_points:
            self._points(POINTS_OF[card_id], w, h, texts)

        def paint(big: pygame.Surface, s: int) -> None:
            for step in shapes:
                step(big, s)

        surf = _supersampled((w, h), paint, _EDGE)
        for step in texts:
            step(surf)
        return surf

    @staticmethod
    def _index_metrics(w: int, h: int) -> tuple[float, float, float, float]:
        """Centre x, top y, rank cap height and suit height of a corner index."""
        # Small cards get a relatively larger index, which is what a fanned
        # hand shows; from 100 px high on the proportion is constant.
        boost = max(0.0, (100 - h) * 0.03)
        cap = max(6.0, 0.125 * h + boost)
        return 0.115 * w, 0.045 * h, cap, max(5.0, 0.085 * h + boost * 0.5)

    def _index(self, rank: int, suit: int, ink, w: int, h: int, texts: list) -> None:
        """Rank and small suit in the top-left corner, turned round in the bottom-right."""
        cx, top, cap, suit_h = self._index_metrics(w, h)

        def paint(surf: pygame.Surface) -> None:
            label = _rank_text(rank, cap, ink)
            gap = max(1, round(0.018 * h))
            bw = max(label.get_width(), round(suit_h * 1.1)) + 2
            block = pygame.Surface((bw, label.get_height() + gap + round(suit_h)), pygame.SRCALPHA)
            block.blit(label, ((bw - label.get_width()) // 2, 0))
            sw = round(suit_h * 1.1)
            draw_suit(block, suit, ((bw - sw) // 2, label.get_height() + gap, sw, round(suit_h)), ink)
            x = round(cx - bw / 2)
            y = round(top)
            surf.blit(block, (x, y))
            surf.blit(pygame.transform.flip(block, True, True),
                      (w - x - bw, h - y - block.get_height()))

        texts.append(paint)

    def _ace(self, suit: int, ink, w: int, h: int, shapes: list) -> None:
        """One large suit, with a thin ring for the ace of spades as on real packs."""
        size = 0.5 * w

        def paint(big: pygame.Surface, s: int) -> None:
            box = ((w - size) / 2 * s, (h - size) / 2 * s, size * s, size * s)
            if suit == 3:
                r = size * 0.72 * s
                pygame.draw.circle(big, ink, (w / 2 * s, h / 2 * s), r, max(1, round(0.012 * w * s)))
            _paint_suit(big, suit, box, ink)

        shapes.append(paint)

    def _pip_area(self, w: int, h: int) -> tuple[float, float, float]:
        """Top y, bottom y and pip size of the pip layout."""
        pip = 0.17 * w
        return 0.19 * h, 0.81 * h, pip

    def _pips(self, rank: int, suit: int, kind: int, ink, w: int, h: int,
              shapes: list, texts: list) -> None:
        """Number cards 2..10: the classic pip layout, plus the ribbon of a two
        or the badge of a three (whose middle pip moves up to make room)."""
        top, bottom, pip = self._pip_area(w, h)
        if kind in (RED3, BLACK3):
            # Two pips above the badge, one turned pip below it.
            positions = [(0.5 * w, top, False), (0.5 * w, top + 0.26 * (bottom - top), False),
                         (0.5 * w, bottom, True)]
        else:
            positions = [(fx * w, top + fy * (bottom - top), fy > 0.5) for fx, fy in _PIPS[rank]]

        def paint(big: pygame.Surface, s: int) -> None:
            for x, y, flip in positions:
                box = ((x - pip / 2) * s, (y - pip / 2) * s, pip * s, pip * s)
                _paint_suit(big, suit, box, ink, flip)

        shapes.append(paint)
        if kind == TWO:
            self._banner("WILD", w, h, h / 2, shapes, texts)
        elif kind == RED3:
            self._badge("BONUS", w, h, shapes, texts, stop=False)
        elif kind == BLACK3:
            self._badge("STOP", w, h, shapes, texts, stop=True)

    def _banner(self, word: str, w: int, h: int, cy: float, shapes: list, texts: list) -> None:
        """A gold ribbon across the card with ``word`` on it (the wild cards)."""
        bw, bh = 0.62 * w, max(11.0, 0.12 * h)
        x0, y0 = (w - bw) / 2, cy - bh / 2

        def paint(big: pygame.Surface, s: int) -> None:
            notch = bh * 0.35
            # Swallow-tailed ends behind the band.
            for side in (-1, 1):
                ex = (w / 2 + side * bw / 2) * s
                tail = [(ex - side * notch * s, (y0 + bh * 0.2) * s),
                        (ex + side * notch * 1.4 * s, (y0 + bh * 0.2) * s),
                        (ex + side * notch * 0.6 * s, (y0 + bh * 0.6) * s),
                        (ex + side * notch * 1.4 * s, (y0 + bh * 1.0 + 0.1 * bh) * s),
                        (ex - side * notch * s, (y0 + bh * 1.1) * s)]
                pygame.draw.polygon(big, _GOLD_DARK, tail)
            _rounded_rect(big, _GOLD_DARK, (x0 * s, y0 * s, bw * s, bh * s), bh * 0.2 * s)
            inset = max(1.0, 0.012 * w) * s
            _rounded_rect(big, _GOLD, (x0 * s + inset, y0 * s + inset, bw * s - 2 * inset,
                                       bh * s - 2 * inset), bh * 0.2 * s - inset)

        def text(surf: pygame.Surface) -> None:
            label = _text(word, bh * 0.58, _INK, bw * 0.82)
            _blit_centred(surf, label, w / 2, cy)

        shapes.append(paint)
        texts.append(text)

    def _badge(self, word: str, w: int, h: int, shapes: list, texts: list, stop: bool) -> None:
        """The red three's gold "BONUS" badge or the black three's "STOP" sign."""
        top, bottom, pip = self._pip_area(w, h)
        cy = top + 0.62 * (bottom - top)
        if stop:
            r = max(9.0, 0.15 * w)
        else:
            bw, bh = 0.64 * w, max(12.0, 0.13 * h)
            stars = w >= 70

        def paint(big: pygame.Surface, s: int) -> None:
            cx = w / 2
            if stop:
                # An octagonal stop sign with a white keyline.
                def octagon(radius: float) -> list[tuple[float, float]]:
                    return [((cx + radius * math.cos(math.pi / 8 + i * math.pi / 4)) * s,
                             (cy + radius * math.sin(math.pi / 8 + i * math.pi / 4)) * s)
                            for i in range(8)]
                pygame.draw.polygon(big, _STOP, octagon(r))
                pygame.draw.polygon(big, _WHITE, octagon(r * 0.88))
                pygame.draw.polygon(big, _STOP, octagon(r * 0.8))
            else:
                x0, y0 = cx - bw / 2, cy - bh / 2
                _rounded_rect(big, _GOLD_DARK, (x0 * s, y0 * s, bw * s, bh * s), bh / 2 * s)
                inset = max(1.0, 0.014 * w) * s
                _rounded_rect(big, _GOLD, (x0 * s + inset, y0 * s + inset, bw * s - 2 * inset,
                                           bh * s - 2 * inset), bh / 2 * s - inset)
                # A small star at each end of the pill, when there is room.
                for side in ((-1, 1) if stars else ()):
                    sx = (cx + side * (bw / 2 - bh * 0.42)) * s
                    pygame.draw.polygon(big, _WHITE, _star_points(sx, cy * s, bh * 0.26 * s, bh * 0.11 * s))

        def text(surf: pygame.Surface) -> None:
            if stop:
                label = _text(word, r * 0.5, _WHITE, r * 1.55)
            else:
                label = _text(word, bh * 0.5, _BONUS_TEXT, bw - (1.5 if stars else 0.6) * bh)
            _blit_centred(surf, label, w / 2, cy)

        shapes.append(paint)
        texts.append(text)

    def _court(self, rank: int, suit: int, ink, w: int, h: int, shapes: list, texts: list) -> None:
        """Jack, queen and king: a framed panel with a motif, the letter and the suit."""
        px0, py0, px1, py1 = 0.24 * w, 0.1 * h, 0.76 * w, 0.9 * h
        pw, ph = px1 - px0, py1 - py0
        tint = _COURT_PANEL
        motif_cy = py0 + ph * 0.19
        letter_cy = py0 + ph * 0.535
        suit_cy = py0 + ph * 0.835

        def paint(big: pygame.Surface, s: int) -> None:
            line = max(1.0, 0.012 * w) * s
            _rounded_rect(big, ink, (px0 * s, py0 * s, pw * s, ph * s), 0.04 * w * s)
            _rounded_rect(big, _GOLD, (px0 * s + line, py0 * s + line, pw * s - 2 * line, ph * s - 2 * line),
                          0.04 * w * s - line)
            inner = line * 2.2
            _rounded_rect(big, tint, (px0 * s + inner, py0 * s + inner, pw * s - 2 * inner, ph * s - 2 * inner),
                          max(0.0, 0.04 * w * s - inner))
            # A thin rule under the motif and above the suit.
            for ry in (py0 + ph * 0.355, py0 + ph * 0.715):
                pygame.draw.line(big, _mix(ink, _WHITE, 0.55), ((px0 + pw * 0.18) * s, ry * s),
                                 ((px1 - pw * 0.18) * s, ry * s), max(1, round(0.008 * w * s)))
            motif_w = pw * 0.7
            motif_h = ph * 0.24
            box = ((w / 2 - motif_w / 2) * s, (motif_cy - motif_h / 2) * s, motif_w * s, motif_h * s)
            {13: _crown, 12: _flower, 11: _sword}[rank](big, box, ink)
            sh = ph * 0.15
            _paint_suit(big, suit, ((w / 2 - sh / 2) * s, (suit_cy - sh / 2) * s, sh * s, sh * s), ink)

        def text(surf: pygame.Surface) -> None:
            letter = _text({11: "J", 12: "Q", 13: "K"}[rank], ph * 0.25, ink, pw * 0.8)
            _blit_centred(surf, letter, w / 2, letter_cy)

        shapes.append(paint)
        texts.append(text)

    def _joker(self, w: int, h: int, shapes: list, texts: list) -> None:
        """The joker: JOKER stacked in the corners, a jester's cap, WILD and a star."""
        cx = w / 2
        cap_box = (0.26 * w, 0.12 * h, 0.48 * w, 0.3 * h)

        def paint(big: pygame.Surface, s: int) -> None:
            _jester_cap(big, tuple(v * s for v in cap_box))
            star_cy = 0.73 * h
            pygame.draw.polygon(big, _GOLD_DARK, _star_points(cx * s, star_cy * s, 0.15 * w * s, 0.065 * w * s))
            pygame.draw.polygon(big, _GOLD, _star_points(cx * s, star_cy * s, 0.125 * w * s, 0.052 * w * s))

        def corners(surf: pygame.Surface) -> None:
            cap = max(5.0, 0.068 * h)
            letters = [_text(ch, cap, _RED if i % 2 == 0 else _INK) for i, ch in enumerate("JOKER")]
            gap = max(1, round(0.01 * h))
            bw = max(letter.get_width() for letter in letters)
            bh = sum(letter.get_height() for letter in letters) + gap * (len(letters) - 1)
            block = pygame.Surface((bw, bh), pygame.SRCALPHA)
            y = 0
            for letter in letters:
                block.blit(letter, ((bw - letter.get_width()) // 2, y))
                y += letter.get_height() + gap
            x0 = round(0.115 * w - block.get_width() / 2)
            y0 = round(0.045 * h)
            surf.blit(block, (x0, y0))
            surf.blit(pygame.transform.flip(block, True, True),
                      (w - x0 - block.get_width(), h - y0 - block.get_height()))

        shapes.append(paint)
        texts.append(corners)
        self._banner("WILD", w, h, 0.51 * h, shapes, texts)

    def _points(self, points: int, w: int, h: int, texts: list) -> None:
        """The card's point value, small, in the top-right corner."""

        def paint(surf: pygame.Surface) -> None:
            label = _text(str(points), max(6.0, 0.065 * h), _MUTED)
            surf.blit(label, (round(w - 0.06 * w - label.get_width()), round(0.045 * h)))

        texts.append(paint)

    # -- backs

    @staticmethod
    def _draw_back(theme: str, w: int, h: int) -> pygame.Surface:
        base, light, dark = _BACK_PALETTES[theme]
        radius = 0.07 * w

        def paint(big: pygame.Surface, s: int) -> None:
            W, H = w * s, h * s
            edge = max(1.0, 0.012 * w) * s
            margin = 0.06 * w * s
            _rounded_rect(big, _EDGE, (0, 0, W, H), radius * s)
            _rounded_rect(big, _FACE, (edge, edge, W - 2 * edge, H - 2 * edge), radius * s - edge)
            inner = pygame.Rect(round(margin), round(margin), round(W - 2 * margin), round(H - 2 * margin))
            inner_r = max(1, round(radius * s - margin * 0.6))
            # Pattern on its own layer, clipped to the rounded panel by a mask.
            panel = pygame.Surface(inner.size, pygame.SRCALPHA)
            panel.fill(base)
            step = max(4.0, 0.11 * w) * s
            lw = max(1, round(0.014 * w * s))
            span = inner.width + inner.height
            k = -span
            while k < span:
                pygame.draw.line(panel, light, (k, 0), (k + inner.height, inner.height), lw)
                pygame.draw.line(panel, light, (k + inner.height, 0), (k, inner.height), lw)
                k += step
            # Small dots in the middle of every lattice cell.
            dot = max(1.0, 0.018 * w * s)
            ny = int(inner.height / step) + 2
            nx = int(inner.width / step) + 2
            for j in range(-1, ny * 2):
                for i in range(-1, nx):
                    x = i * step + (step / 2 if j % 2 else 0)
                    y = j * step / 2
                    pygame.draw.circle(panel, dark, (x, y), dot)
            mask = pygame.Surface(inner.size, pygame.SRCALPHA)
            pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=inner_r)
            panel.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
            big.blit(panel, inner.topleft)
            # A keyline inside the panel.
            key = inner.inflate(-round(0.05 * w * s), -round(0.05 * w * s))
            pygame.draw.rect(big, _WHITE, key, lw, border_radius=max(1, inner_r - round(0.025 * w * s)))
            # Central medallion: an oval with the four suits.
            cx, cy = W / 2, H / 2
            ow, oh = 0.5 * W, 0.36 * H
            oval = pygame.Rect(0, 0, round(ow), round(oh))
            oval.center = (round(cx), round(cy))
            pygame.draw.ellipse(big, _WHITE, oval)
            pygame.draw.ellipse(big, base, oval.inflate(-2 * lw, -2 * lw))
            pygame.draw.ellipse(big, light, oval.inflate(-5 * lw, -5 * lw), lw)
            sz = 0.13 * W
            offs = 0.085 * W
            for suit, (dx, dy) in zip((3, 2, 1, 0), ((-1, -1), (1, -1), (-1, 1), (1, 1))):
                _paint_suit(big, suit, (cx + dx * offs - sz / 2, cy + dy * offs - sz / 2, sz, sz), _WHITE)

        return _supersampled((w, h), paint, _EDGE)


# --------------------------------------------------------------------------- motifs


def _crown(surface: pygame.Surface, box, jewel) -> None:
    """A king's crown: five points with pearls over a jewelled band."""
    x, y, w, h = box
    band_top = y + h * 0.62
    pts = [(x + w * 0.08, y + h), (x + w * 0.92, y + h), (x + w * 0.96, y + h * 0.28),
           (x + w * 0.74, band_top - h * 0.1), (x + w * 0.5, y + h * 0.12),
           (x + w * 0.26, band_top - h * 0.1), (x + w * 0.04, y + h * 0.28)]
    pygame.draw.polygon(surface, _GOLD_DARK, pts)
    inset = [(px + (x + w / 2 - px) * 0.08, py + (y + h * 0.6 - py) * 0.1) for px, py in pts]
    pygame.draw.polygon(surface, _GOLD, inset)
    pygame.draw.rect(surface, _GOLD_DARK, pygame.Rect(round(x + w * 0.08), round(band_top),
                                                       round(w * 0.84), round(h * 0.38)))
    pygame.draw.rect(surface, _GOLD_LIGHT, pygame.Rect(round(x + w * 0.11), round(band_top + h * 0.07),
                                                        round(w * 0.78), round(h * 0.24)))
    r = h * 0.1
    for px, py in ((x + w * 0.04, y + h * 0.28), (x + w * 0.5, y + h * 0.12), (x + w * 0.96, y + h * 0.28)):
        pygame.draw.circle(surface, _GOLD_DARK, (px, py), r)
        pygame.draw.circle(surface, _WHITE, (px, py), r * 0.6)
    for fx in (0.3, 0.5, 0.7):
        pygame.draw.circle(surface, jewel, (x + w * fx, band_top + h * 0.19), h * 0.09)


def _flower(surface: pygame.Surface, box, ink) -> None:
    """A queen's rose: five petals round a gold heart, on a stem with two leaves."""
    x, y, w, h = box
    cx, cy = x + w / 2, y + h * 0.42
    r = h * 0.42
    petal = _mix(ink, _WHITE, 0.35)
    leaf = (46, 132, 66)
    # The stem and its leaves, behind the bloom.
    pygame.draw.line(surface, leaf, (cx, cy), (cx, y + h), max(1, round(h * 0.08)))
    for side in (-1, 1):
        base = (cx, y + h * 0.86)
        tip = (cx + side * w * 0.34, y + h * 0.7)
        pts = [base] + _bezier(base, (cx + side * w * 0.18, y + h * 1.0), tip, 6) + \
            _bezier(tip, (cx + side * w * 0.14, y + h * 0.6), base, 6)
        pygame.draw.polygon(surface, leaf, pts)
    for i in range(5):
        a = -math.pi / 2 + i * 2 * math.pi / 5
        px, py = cx + math.cos(a) * r * 0.55, cy + math.sin(a) * r * 0.55
        pygame.draw.circle(surface, ink, (px, py), r * 0.5)
        pygame.draw.circle(surface, petal, (px, py), r * 0.36)
    pygame.draw.circle(surface, _GOLD_DARK, (cx, cy), r * 0.36)
    pygame.draw.circle(surface, _GOLD, (cx, cy), r * 0.27)


def _sword(surface: pygame.Surface, box, ink) -> None:
    """A jack's pair of crossed swords with gold hilts."""
    x, y, w, h = box
    cx, cy = x + w / 2, y + h / 2
    length = min(w, h * 1.9) * 0.55
    steel = (196, 200, 210)
    steel_dark = (96, 100, 112)
    for side in (-1, 1):
        a = math.radians(-90 + side * 38)
        ux, uy = math.cos(a), math.sin(a)          # along the blade, towards the tip
        nx, ny = -uy, ux                           # across the blade
        tip = (cx + ux * length, cy + uy * length)
        hilt = (cx - ux * length * 0.55, cy - uy * length * 0.55)
        def blade(half: float, tip_back: float) -> list[tuple[float, float]]:
            """The blade outline: parallel edges ``half`` apart, a point at the tip."""
            px, py = tip[0] - ux * tip_back, tip[1] - uy * tip_back
            shoulder = half * 2
            return [(hilt[0] + nx * half, hilt[1] + ny * half),
                    (px - ux * shoulder + nx * half, py - uy * shoulder + ny * half),
                    (px, py),
                    (px - ux * shoulder - nx * half, py - uy * shoulder - ny * half),
                    (hilt[0] - nx * half, hilt[1] - ny * half)]

        pygame.draw.polygon(surface, steel_dark, blade(h * 0.075, 0.0))
        pygame.draw.polygon(surface, steel, blade(h * 0.04, h * 0.05))
        # Cross-guard and grip.
        gx, gy = hilt
        g = h * 0.22
        pygame.draw.line(surface, _GOLD_DARK, (gx + nx * g, gy + ny * g), (gx - nx * g, gy - ny * g),
                         max(1, round(h * 0.1)))
        grip_end = (gx - ux * h * 0.26, gy - uy * h * 0.26)
        pygame.draw.line(surface, ink, hilt, grip_end, max(1, round(h * 0.1)))
        pygame.draw.circle(surface, _GOLD, grip_end, h * 0.08)


def _jester_cap(surface: pygame.Surface, box) -> None:
    """A jester's three-horned cap with bells, in red, black and gold."""
    x, y, w, h = box
    band_y = y + h * 0.78
    band_h = h * 0.18
    base_l, base_r = x + w * 0.14, x + w * 0.86
    horns = (
        (_RED, (x + w * 0.02, y + h * 0.36), (x + w * 0.1, y + h * 0.2), x + w * 0.14, x + w * 0.5),
        (_RED, (x + w * 0.98, y + h * 0.36), (x + w * 0.9, y + h * 0.2), x + w * 0.5, x + w * 0.86),
        (_INK, (x + w * 0.5, y + h * 0.06), (x + w * 0.42, y + h * 0.4), x + w * 0.3, x + w * 0.7),
    )
    bells = []
    for colour, tip, pull, left, right in horns:
        pts = [(left, band_y)] + _bezier((left, band_y), pull, tip, 10)
        back_pull = ((tip[0] + right) / 2 + (pull[0] - (left + tip[0]) / 2) * 0.2, (tip[1] + band_y) / 2 + h * 0.12)
        pts += _bezier(tip, back_pull, (right, band_y), 10)
        pygame.draw.polygon(surface, colour, pts)
        bells.append(tip)
    pygame.draw.rect(surface, _GOLD_DARK, pygame.Rect(round(base_l), round(band_y - band_h * 0.2),
                                                       round(base_r - base_l), round(band_h)),
                     border_radius=max(1, round(band_h / 3)))
    pygame.draw.rect(surface, _GOLD, pygame.Rect(round(base_l + band_h * 0.15), round(band_y - band_h * 0.05),
                                                  round(base_r - base_l - band_h * 0.3), round(band_h * 0.7)),
                     border_radius=max(1, round(band_h / 4)))
    for bx, by in bells:
        pygame.draw.circle(surface, _GOLD_DARK, (bx, by), h * 0.075)
        pygame.draw.circle(surface, _GOLD, (bx, by), h * 0.055)
