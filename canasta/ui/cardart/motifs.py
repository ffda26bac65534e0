"""The motifs of the court cards and the joker: crown, rose, crossed swords, jester's cap.

Each paints into a box (x, y, w, h) of an already supersampled surface.
"""

from __future__ import annotations

import math

import pygame

from .paint import GOLD, GOLD_DARK, GOLD_LIGHT, INK, RED, WHITE, bezier, mix

def crown(surface: pygame.Surface, box, jewel) -> None:
    """A king's crown: five points with pearls over a jewelled band."""
    x, y, w, h = box
    band_top = y + h * 0.62
    pts = [(x + w * 0.08, y + h), (x + w * 0.92, y + h), (x + w * 0.96, y + h * 0.28),
           (x + w * 0.74, band_top - h * 0.1), (x + w * 0.5, y + h * 0.12),
           (x + w * 0.26, band_top - h * 0.1), (x + w * 0.04, y + h * 0.28)]
    pygame.draw.polygon(surface, GOLD_DARK, pts)
    inset = [(px + (x + w / 2 - px) * 0.08, py + (y + h * 0.6 - py) * 0.1) for px, py in pts]
    pygame.draw.polygon(surface, GOLD, inset)
    pygame.draw.rect(surface, GOLD_DARK, pygame.Rect(round(x + w * 0.08), round(band_top),
                                                       round(w * 0.84), round(h * 0.38)))
    pygame.draw.rect(surface, GOLD_LIGHT, pygame.Rect(round(x + w * 0.11), round(band_top + h * 0.07),
                                                        round(w * 0.78), round(h * 0.24)))
    r = h * 0.1
    for px, py in ((x + w * 0.04, y + h * 0.28), (x + w * 0.5, y + h * 0.12), (x + w * 0.96, y + h * 0.28)):
        pygame.draw.circle(surface, GOLD_DARK, (px, py), r)
        pygame.draw.circle(surface, WHITE, (px, py), r * 0.6)
    for fx in (0.3, 0.5, 0.7):
        pygame.draw.circle(surface, jewel, (x + w * fx, band_top + h * 0.19), h * 0.09)


def flower(surface: pygame.Surface, box, ink) -> None:
    """A queen's rose: five petals round a gold heart, on a stem with two leaves."""
    x, y, w, h = box
    cx, cy = x + w / 2, y + h * 0.42
    r = h * 0.42
    petal = mix(ink, WHITE, 0.35)
    leaf = (46, 132, 66)
    # The stem and its leaves, behind the bloom.
    pygame.draw.line(surface, leaf, (cx, cy), (cx, y + h), max(1, round(h * 0.08)))
    for side in (-1, 1):
        base = (cx, y + h * 0.86)
        tip = (cx + side * w * 0.34, y + h * 0.7)
        pts = [base] + bezier(base, (cx + side * w * 0.18, y + h * 1.0), tip, 6) + \
            bezier(tip, (cx + side * w * 0.14, y + h * 0.6), base, 6)
        pygame.draw.polygon(surface, leaf, pts)
    for i in range(5):
        a = -math.pi / 2 + i * 2 * math.pi / 5
        px, py = cx + math.cos(a) * r * 0.55, cy + math.sin(a) * r * 0.55
        pygame.draw.circle(surface, ink, (px, py), r * 0.5)
        pygame.draw.circle(surface, petal, (px, py), r * 0.36)
    pygame.draw.circle(surface, GOLD_DARK, (cx, cy), r * 0.36)
    pygame.draw.circle(surface, GOLD, (cx, cy), r * 0.27)


def sword(surface: pygame.Surface, box, ink) -> None:
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
        pygame.draw.line(surface, GOLD_DARK, (gx + nx * g, gy + ny * g), (gx - nx * g, gy - ny * g),
                         max(1, round(h * 0.1)))
        grip_end = (gx - ux * h * 0.26, gy - uy * h * 0.26)
        pygame.draw.line(surface, ink, hilt, grip_end, max(1, round(h * 0.1)))
        pygame.draw.circle(surface, GOLD, grip_end, h * 0.08)


def jester_cap(surface: pygame.Surface, box) -> None:
    """A jester's three-horned cap with bells, in red, black and gold."""
    x, y, w, h = box
    band_y = y + h * 0.78
    band_h = h * 0.18
    base_l, base_r = x + w * 0.14, x + w * 0.86
    horns = (
        (RED, (x + w * 0.02, y + h * 0.36), (x + w * 0.1, y + h * 0.2), x + w * 0.14, x + w * 0.5),
        (RED, (x + w * 0.98, y + h * 0.36), (x + w * 0.9, y + h * 0.2), x + w * 0.5, x + w * 0.86),
        (INK, (x + w * 0.5, y + h * 0.06), (x + w * 0.42, y + h * 0.4), x + w * 0.3, x + w * 0.7),
    )
    bells = []
    for colour, tip, pull, left, right in horns:
        pts = [(left, band_y)] + bezier((left, band_y), pull, tip, 10)
        back_pull = ((tip[0] + right) / 2 + (pull[0] - (left + tip[0]) / 2) * 0.2, (tip[1] + band_y) / 2 + h * 0.12)
        pts += bezier(tip, back_pull, (right, band_y), 10)
        pygame.draw.polygon(surface, colour, pts)
        bells.append(tip)
    pygame.draw.rect(surface, GOLD_DARK, pygame.Rect(round(base_l), round(band_y - band_h * 0.2),
                                                       round(base_r - base_l), round(band_h)),
                     border_radius=max(1, round(band_h / 3)))
    pygame.draw.rect(surface, GOLD, pygame.Rect(round(base_l + band_h * 0.15), round(band_y - band_h * 0.05),
                                                  round(base_r - base_l - band_h * 0.3), round(band_h * 0.7)),
                     border_radius=max(1, round(band_h / 4)))
    for bx, by in bells:
        pygame.draw.circle(surface, GOLD_DARK, (bx, by), h * 0.075)
        pygame.draw.circle(surface, GOLD, (bx, by), h * 0.055)
