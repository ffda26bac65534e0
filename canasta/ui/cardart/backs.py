"""Card backs: a lattice in the theme's colours round a medallion of the four suits."""

from __future__ import annotations

import pygame

from canasta.vocab import CARD_BACKS

from .paint import EDGE, FACE, WHITE, rounded_rect, supersampled
from .suits import paint_suit

# Back themes: (base, light pattern, dark accent).
BACK_PALETTES = {
    "blue": ((32, 74, 156), (104, 150, 220), (18, 42, 100)),
    "red": ((164, 30, 44), (228, 112, 112), (100, 14, 24)),
    "green": ((24, 112, 64), (104, 186, 130), (12, 66, 36)),
    "purple": ((92, 48, 134), (170, 128, 210), (52, 24, 84)),
}
#: the themes are the vocabulary's card backs, each drawn from its palette above
BACK_THEMES = CARD_BACKS


def draw_back(theme: str, w: int, h: int) -> pygame.Surface:
    """The back of a card in ``theme``, ``w`` x ``h``, as a new SRCALPHA surface."""
    base, light, dark = BACK_PALETTES[theme]
    radius = 0.07 * w

    def paint(big: pygame.Surface, s: int) -> None:
        W, H = w * s, h * s
        edge = max(1.0, 0.012 * w) * s
        margin = 0.06 * w * s
        rounded_rect(big, EDGE, (0, 0, W, H), radius * s)
        rounded_rect(big, FACE, (edge, edge, W - 2 * edge, H - 2 * edge), radius * s - edge)
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
        pygame.draw.rect(big, WHITE, key, lw, border_radius=max(1, inner_r - round(0.025 * w * s)))
        # Central medallion: an oval with the four suits.
        cx, cy = W / 2, H / 2
        ow, oh = 0.5 * W, 0.36 * H
        oval = pygame.Rect(0, 0, round(ow), round(oh))
        oval.center = (round(cx), round(cy))
        pygame.draw.ellipse(big, WHITE, oval)
        pygame.draw.ellipse(big, base, oval.inflate(-2 * lw, -2 * lw))
        pygame.draw.ellipse(big, light, oval.inflate(-5 * lw, -5 * lw), lw)
        sz = 0.13 * W
        offs = 0.085 * W
        for suit, (dx, dy) in zip((3, 2, 1, 0), ((-1, -1), (1, -1), (-1, 1), (1, 1))):
            paint_suit(big, suit, (cx + dx * offs - sz / 2, cy + dy * offs - sz / 2, sz, sz), WHITE)

    return supersampled((w, h), paint, EDGE)
