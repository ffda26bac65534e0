"""The application icon, drawn by code at any size.

A green felt tile with rounded corners holds a fan of three cards; the front
card carries a large red heart. Everything is drawn on a supersampled surface
and shrunk once, so the icon is crisp from 16 px (where the fan is reduced to
two cards and a bigger heart, since three would blur together) up to 512 px.

``save_icon_png`` writes one size to a PNG; the packaging script turns a set
of them into ``.ico`` / ``.icns`` files.
"""

from __future__ import annotations

import math
import os

import pygame

from canasta.ui.cardart.suits import paint_suit, suit_geometry

__all__ = ["ICON_SIZES", "draw_icon", "save_icon_png"]

ICON_SIZES = (16, 32, 48, 64, 128, 256, 512)

_FELT = (24, 110, 62)
_FELT_LIGHT = (44, 146, 86)
_FELT_EDGE = (12, 66, 36)
_CARD = (253, 253, 250)
_CARD_EDGE = (120, 124, 130)
_RED = (204, 22, 40)
_INK = (28, 28, 34)
_SHADOW = (0, 0, 0, 70)


def _rounded_rect_points(cx: float, cy: float, w: float, h: float, r: float,
                         angle: float, steps: int = 8) -> list[tuple[float, float]]:
    """Outline of a rounded rectangle centred at (cx, cy), turned by ``angle`` radians."""
    r = min(r, w / 2, h / 2)
    corners = ((w / 2 - r, -h / 2 + r, -math.pi / 2), (w / 2 - r, h / 2 - r, 0.0),
               (-w / 2 + r, h / 2 - r, math.pi / 2), (-w / 2 + r, -h / 2 + r, math.pi))
    local = []
    for ox, oy, start in corners:
        for i in range(steps + 1):
            a = start + (math.pi / 2) * i / steps
            local.append((ox + r * math.cos(a), oy + r * math.sin(a)))
    ca, sa = math.cos(angle), math.sin(angle)
    return [(cx + x * ca - y * sa, cy + x * sa + y * ca) for x, y in local]


def _rotate(point: tuple[float, float], centre: tuple[float, float], angle: float) -> tuple[float, float]:
    x, y = point[0] - centre[0], point[1] - centre[1]
    ca, sa = math.cos(angle), math.sin(angle)
    return centre[0] + x * ca - y * sa, centre[1] + x * sa + y * ca


def _paint(big: pygame.Surface, tiny: bool) -> None:
    """Draw the icon on the (supersampled, square) surface ``big``.

    ``tiny`` selects the simplified two-card drawing meant for targets under 24 px.
    """
    s = big.get_width()
    # The felt tile: dark rim, body, and a lighter sheen in the upper half.
    margin = s * 0.03
    radius = s * 0.2
    tile = pygame.Rect(round(margin), round(margin), round(s - 2 * margin), round(s - 2 * margin))
    pygame.draw.rect(big, _FELT_EDGE, tile, border_radius=round(radius))
    body = tile.inflate(-round(s * 0.04), -round(s * 0.04))
    # A soft top-to-bottom gradient, clipped to the tile's rounded body.
    sheen = pygame.Surface(body.size, pygame.SRCALPHA)
    for y in range(body.height):
        t = y / max(1, body.height - 1)
        colour = tuple(round(hi + (lo - hi) * t) for hi, lo in zip(_FELT_LIGHT, _FELT))
        pygame.draw.line(sheen, colour, (0, y), (body.width, y))
    mask = pygame.Surface(body.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=round(radius - s * 0.02))
    sheen.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    big.blit(sheen, body.topleft)

    # The fan: cards pivot about a point below the tile's centre.
    cw, ch = s * (0.4 if not tiny else 0.5), s * (0.56 if not tiny else 0.68)
    pivot = (s * 0.5, s * 0.9)
    angles = (-0.44, 0.0, 0.44) if not tiny else (-0.22, 0.22)
    edge = max(1.0, s * 0.012)
    for i, angle in enumerate(angles):
        front = i == len(angles) - 1
        centre = _rotate((s * 0.5, s * 0.9 - ch * 0.62 - s * 0.02), pivot, angle)
        shadow = pygame.Surface(big.get_size(), pygame.SRCALPHA)
        pygame.draw.polygon(shadow, _SHADOW, _rounded_rect_points(centre[0] + s * 0.015, centre[1] + s * 0.02,
                                                                  cw, ch, cw * 0.12, angle))
        big.blit(shadow, (0, 0))
        pygame.draw.polygon(big, _CARD_EDGE, _rounded_rect_points(*centre, cw, ch, cw * 0.12, angle))
        pygame.draw.polygon(big, _CARD, _rounded_rect_points(*centre, cw - 2 * edge, ch - 2 * edge,
                                                             cw * 0.12 - edge, angle))
        if front:
            _front_face(big, centre, cw, ch, angle, tiny)
        elif not tiny:
            # The cards behind show a corner pip: a spade, then a diamond.
            suit = 3 if i == 0 else 1
            colour = _INK if suit == 3 else _RED
            corner = _rotate((centre[0] - cw * 0.3, centre[1] - ch * 0.33), centre, angle)
            pip = cw * 0.2
            paint_suit(big, suit, (corner[0] - pip / 2, corner[1] - pip / 2, pip, pip), colour)


def _front_face(big: pygame.Surface, centre, cw: float, ch: float, angle: float, tiny: bool) -> None:
    """The front card: a big red heart, and a small corner heart when there is room."""
    heart_w = cw * (0.8 if tiny else 0.66)
    hearts = [((centre[0] - heart_w / 2, centre[1] - heart_w / 2 + (0 if tiny else ch * 0.04),
                heart_w, heart_w))]
    if not tiny:
        pip = cw * 0.2
        hearts.append((centre[0] - cw * 0.3 - pip / 2, centre[1] - ch * 0.33 - pip / 2, pip, pip))
    for box in hearts:
        polygons, _circles = suit_geometry(2, box)
        for poly in polygons:
            pygame.draw.polygon(big, _RED, [_rotate(p, centre, angle) for p in poly])


def draw_icon(size: int) -> pygame.Surface:
    """The application icon as a ``size`` x ``size`` SRCALPHA surface.

    Works with only ``pygame.init()`` done (no display mode needed).
    """
    size = int(size)
    if size < 8:
        raise ValueError(f"an icon must be at least 8 px, not {size}")
    # Powers of two only: smoothscale shrinks by them exactly.
    scale = 8 if size <= 64 else (4 if size <= 256 else 2)
    big = pygame.Surface((size * scale, size * scale), pygame.SRCALPHA)
    big.fill((*_FELT_EDGE, 0))
    _paint(big, tiny=size < 24)
    return pygame.transform.smoothscale(big, (size, size))


def save_icon_png(path: str | os.PathLike, size: int) -> None:
    """Draw the icon at ``size`` and write it to ``path`` as a PNG."""
    pygame.image.save(draw_icon(size), os.fspath(path))
