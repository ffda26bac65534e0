"""What every card drawing shares: the palette, supersampled shapes and crisp text.

Shapes are drawn on a surface :data:`SUPERSAMPLE` times larger and shrunk once with
``smoothscale`` (antialiased edges); text is rendered by the default pygame font
directly at the final size.
"""

from __future__ import annotations

import math
from typing import Callable

import pygame

# --------------------------------------------------------------------------- colours

WHITE = (255, 255, 255)
FACE = (253, 253, 250)
EDGE = (140, 140, 148)
INK = (28, 28, 34)
RED = (204, 22, 40)
GREEN = (18, 128, 52)
BLUE = (22, 82, 200)
GOLD = (226, 176, 48)
GOLD_DARK = (150, 108, 20)
GOLD_LIGHT = (252, 226, 140)
BONUS_TEXT = (92, 60, 0)
STOP = (44, 44, 52)
MUTED = (120, 120, 128)
COURT_PANEL = (251, 245, 226)

TWO_COLOUR = (INK, RED, RED, INK)
FOUR_COLOUR = (GREEN, BLUE, RED, INK)

# Supersampling factor for the shape layer of faces and backs.
SUPERSAMPLE = 4


def bezier(p0, p1, p2, steps: int = 10) -> list[tuple[float, float]]:
    """Points of the quadratic Bezier curve p0 -> p2 pulled towards p1 (p0 excluded)."""
    out = []
    for i in range(1, steps + 1):
        t = i / steps
        a, b, c = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        out.append((a * p0[0] + b * p1[0] + c * p2[0], a * p0[1] + b * p1[1] + c * p2[1]))
    return out


def supersampled(size: tuple[int, int], paint: Callable[[pygame.Surface, int], None],
                  background=(0, 0, 0), scale: int = SUPERSAMPLE) -> pygame.Surface:
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


def rounded_rect(surface, colour, rect, radius: float, width: int = 0) -> None:
    """pygame.draw.rect with a float rect and corner radius, rounded to pixels."""
    x, y, w, h = rect
    r = pygame.Rect(round(x), round(y), round(x + w) - round(x), round(y + h) - round(y))
    pygame.draw.rect(surface, colour, r, width, border_radius=max(0, round(radius)))


def star_points(cx: float, cy: float, outer: float, inner: float, points: int = 5,
                 turn: float = -math.pi / 2) -> list[tuple[float, float]]:
    """Vertices of a star polygon, the first point straight up."""
    pts = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        a = turn + math.pi * i / points
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def mix(c1, c2, t: float) -> tuple[int, int, int]:
    """Blend two RGB colours: t=0 gives c1, t=1 gives c2."""
    return tuple(round(a + (b - a) * t) for a, b in zip(c1[:3], c2[:3]))


# --------------------------------------------------------------------------- text

_FONTS: dict[int, pygame.font.Font] = {}


def card_font(size: int) -> pygame.font.Font:
    """The default pygame font at ``size`` (cached)."""
    size = max(6, int(size))
    font = _FONTS.get(size)
    if font is None:
        if not pygame.font.get_init():
            pygame.font.init()
        font = _FONTS[size] = pygame.font.Font(None, size)
    return font


# The default font's capital letters are about this fraction of its size.
CAP_RATIO = 0.7


def ink_text(text: str, cap_height: float, colour, max_width: float | None = None) -> pygame.Surface:
    """Render ``text`` so its capitals are ``cap_height`` pixels tall, cropped tight.

    If it would be wider than ``max_width`` the font size is reduced until it
    fits. The result is cropped to the ink, so callers can place it exactly.
    """
    size = max(6, round(cap_height / CAP_RATIO))
    while True:
        surf = card_font(size).render(text, True, colour)
        ink = surf.get_bounding_rect()
        if max_width is None or ink.width <= max_width or size <= 6:
            break
        size -= 1
    if ink.width == 0 or ink.height == 0:
        return pygame.Surface((1, 1), pygame.SRCALPHA)
    return surf.subsurface(ink).copy()


def rank_text(rank: int, cap_height: float, colour) -> pygame.Surface:
    """The rank of an index. "10" is set from two glyphs with tight spacing."""
    label = {11: "J", 12: "Q", 13: "K", 14: "A"}.get(rank, str(rank))
    if label != "10":
        return ink_text(label, cap_height, colour)
    one = ink_text("1", cap_height, colour)
    zero = ink_text("0", cap_height, colour)
    gap = max(1, round(cap_height * 0.06))
    out = pygame.Surface((one.get_width() + gap + zero.get_width(),
                          max(one.get_height(), zero.get_height())), pygame.SRCALPHA)
    out.blit(one, (0, out.get_height() - one.get_height()))
    out.blit(zero, (one.get_width() + gap, out.get_height() - zero.get_height()))
    return out


def blit_centred(dest: pygame.Surface, src: pygame.Surface, cx: float, cy: float) -> None:
    dest.blit(src, (round(cx - src.get_width() / 2), round(cy - src.get_height() / 2)))
