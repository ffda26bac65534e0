"""Where everything sits on the table, in logical coordinates (1280 x 800).

``View`` maps logical coordinates to the window's pixels (uniform scale, centred),
so the table keeps its proportions at any window size or aspect.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

LOGICAL_W, LOGICAL_H = 1280, 800
CARD_W, CARD_H = 70, 98


@dataclass
class View:
    """The window (``width`` x ``height`` pixels) showing a logical table ``logical_w``
    wide (wider than 1280 when the table has a column beside it: the pinned move log)
    and ``logical_h`` high (higher than 800 when the table uses a taller window's height:
    see :func:`canasta.ui.table.frame.table_height`)."""

    width: int
    height: int
    logical_w: int = LOGICAL_W
    logical_h: int = LOGICAL_H

    def __post_init__(self) -> None:
        # worked out once: a frame asks for them thousands of times
        s = min(self.width / self.logical_w, self.height / self.logical_h)
        self._s = s
        self._ox, self._oy = (self.width - self.logical_w * s) / 2, (self.height - self.logical_h * s) / 2

    @property
    def scale(self) -> float:
        return self._s

    @property
    def offset(self) -> tuple[float, float]:
        return self._ox, self._oy

    def pt(self, x: float, y: float) -> tuple[int, int]:
        s = self._s
        return int(round(self._ox + x * s)), int(round(self._oy + y * s))

    def rect(self, r: pygame.Rect | tuple) -> pygame.Rect:
        r = pygame.Rect(r)
        s = self._s
        ox, oy = self._ox, self._oy
        return pygame.Rect(int(round(ox + r.x * s)), int(round(oy + r.y * s)),
                           max(1, int(round(r.w * s))), max(1, int(round(r.h * s))))

    def logical(self, px: float, py: float) -> tuple[float, float]:
        s = self._s
        return (px - self._ox) / s, (py - self._oy) / s

    def size(self, n: float) -> int:
        return max(1, int(round(n * self._s)))


# Seat places around the table, relative to the viewer (index 0 = the viewer).
# Each: (centre x, centre y, orientation) with orientation "h" (a horizontal fan) or "v".
SEAT_PLACES = {
    2: [(640, 725, "h"), (640, 52, "h")],
    3: [(640, 725, "h"), (48, 330, "v"), (1232, 330, "v")],
    4: [(640, 725, "h"), (48, 380, "v"), (640, 52, "h"), (1232, 380, "v")],
    6: [(640, 725, "h"), (48, 560, "v"), (48, 250, "v"), (640, 52, "h"), (1232, 250, "v"), (1232, 560, "v")],
}

STOCK_POS = (560, 352)
PILE_POS = (700, 352)
HAND_Y = 725
MELD_SCALE = 0.78
OTHER_SCALE = 0.55
RED3_SCALE = 0.55


def team_bands(players: int, teams: int, viewer_team: int) -> dict[int, pygame.Rect]:
    """The meld area of each team: the viewer's team along the bottom, the others on top."""
    bands = {viewer_team: pygame.Rect(150, 448, 900, 160)}
    others = [(viewer_team + k) % teams for k in range(1, teams)]
    if len(others) == 1:
        bands[others[0]] = pygame.Rect(150, 112, 980, 160)
    else:
        bands[others[0]] = pygame.Rect(150, 112, 480, 160)
        bands[others[1]] = pygame.Rect(650, 112, 480, 160)
    return bands


BUTTON_AREA = pygame.Rect(1086, 612, 188, 182)
