"""The four suits as shapes (pygame's default font has no suit symbols).

Each suit is a list of polygons and circles in a unit box, built once;
:func:`draw_suit` paints one antialiased at any size, :func:`paint_suit` paints one
on a surface that is itself supersampled (a card face, the window icon).
"""

from __future__ import annotations

import math
from typing import Sequence

import pygame

from .paint import FOUR_COLOUR, INK, TWO_COLOUR, bezier, supersampled


def suit_colour(suit: int, four_colour: bool = False) -> tuple[int, int, int]:
    """The ink colour of a suit (0 clubs, 1 diamonds, 2 hearts, 3 spades).

    Two-colour decks print diamonds and hearts red, clubs and spades black; the
    four-colour deck prints clubs green, diamonds blue, hearts red, spades black.
    Jokers (suit -1) get the black ink.
    """
    if suit < 0:
        return INK
    return (FOUR_COLOUR if four_colour else TWO_COLOUR)[suit]


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
    pts += bezier(left_top, (0.5 - top_half_width * 0.6, 0.93), left_foot, 8)
    pts.append(right_foot)
    pts += bezier(right_foot, (0.5 + top_half_width * 0.6, 0.93), right_top, 8)
    return pts


# Suit outlines in a unit box (x right, y down), built once. Each entry is a
# list of polygons and a list of circles (cx, cy, r), plus the width/height
# ratio the glyph should be drawn at.
def _build_suit_shapes():
    heart = _heart_outline()
    # Diamond with gently concave sides.
    top, right, bottom, left = (0.5, 0.0), (1.0, 0.5), (0.5, 1.0), (0.0, 0.5)
    diamond = [top]
    diamond += bezier(top, (0.78, 0.3), right, 8)
    diamond += bezier(right, (0.78, 0.7), bottom, 8)
    diamond += bezier(bottom, (0.22, 0.7), left, 8)
    diamond += bezier(left, (0.22, 0.3), top, 8)[:-1]
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


SUIT_SHAPES = _build_suit_shapes()


def _fit_box(suit: int, x: float, y: float, w: float, h: float) -> tuple[float, float, float, float]:
    """The largest box of the suit's proportions centred in (x, y, w, h)."""
    ratio = SUIT_SHAPES[suit][2]
    if w / h > ratio:
        bw, bh = h * ratio, h
    else:
        bw, bh = w, w / ratio
    return x + (w - bw) / 2, y + (h - bh) / 2, bw, bh


def suit_geometry(suit: int, box, flip: bool = False):
    """The polygons and circles (cx, cy, r) of a suit fitted into box=(x, y, w, h).

    ``flip`` turns it upside down; suits are left-right symmetric, so this is
    the same as a half-turn, which is how the lower pips of a card are printed.
    """
    polygons, circles, _ratio = SUIT_SHAPES[suit]
    bx, by, bw, bh = _fit_box(suit, *box)

    def tx(px: float, py: float) -> tuple[float, float]:
        if flip:
            py = 1.0 - py
        return bx + px * bw, by + py * bh

    return ([[tx(px, py) for px, py in poly] for poly in polygons],
            [(*tx(cx, cy), r * bw) for cx, cy, r in circles])


def paint_suit(surface: pygame.Surface, suit: int, box, colour, flip: bool = False) -> None:
    """Draw a suit shape (no antialiasing) fitted into box=(x, y, w, h) of floats."""
    polygons, circles = suit_geometry(suit, box, flip)
    for poly in polygons:
        pygame.draw.polygon(surface, colour, poly)
    for cx, cy, r in circles:
        pygame.draw.circle(surface, colour, (cx, cy), r)


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
    if suit not in SUIT_SHAPES:
        raise ValueError(f"suit must be 0..3, not {suit!r}")
    # smoothscale shrinks exactly only by powers of two (3x or 6x leave opaque
    # pixels at alpha 253), so the factors are 8 and 4.
    scale = 8 if max(rect.size) < 24 else 4

    def paint(big: pygame.Surface, s: int) -> None:
        paint_suit(big, suit, (0, 0, rect.width * s, rect.height * s), colour, flip)

    surface.blit(supersampled(rect.size, paint, colour, scale), rect.topleft)
