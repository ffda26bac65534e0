"""Widgets the table uses: the toast that shows a sentence for a few seconds, and its
buttons.

:class:`Button` here is the window's one :class:`~canasta.ui.controls.Button` (enabled
and visible states, a tip, a ``key``, keyboard focus through
:class:`~canasta.ui.focus.FocusGroup`) with the table's placement and look: its
``rect`` is in window pixels, set by the table every frame, it takes events through
``handle(event)`` and draws flat with ``draw(dest, size)``. It goes once the table
places :class:`~canasta.ui.controls.Button` in logical coordinates like the forms do.

The drawing helpers the table imports from here live in :mod:`canasta.ui.draw`.
"""

from __future__ import annotations

from typing import Callable, Optional

import pygame

from . import controls
from ..i18n import tr
from . import draw as theme
from .draw import (BUTTON, BUTTON_HOVER, BUTTON_OFF, DIM, FOCUS_RING, GOLD, INK, PANEL, RED, blit_text, fit_text, font, note,
                   panel, text, wrap)


class Button(controls.Button):
    """A :class:`~canasta.ui.controls.Button` placed in window pixels (see the module docs)."""

    def __init__(self, label: str, action: Callable[[], None], key: Optional[int] = None, tip: str = ""):
        super().__init__(label, action, key, tip)

    #: shorter labels, tried in turn when the label is wider than the button (a small
    #: window with the log pinned): "Ask" for "Ask partner"
    short: tuple[str, ...] = ()

    def fitted_label(self, size: int) -> tuple[str, int]:
        """The label as drawn at ``size``: whole, else its first short form that fits, else
        the shortest one in smaller type."""
        room = self.rect.w - 4
        for label in (self.label, *self.short):
            if font(size).size(label)[0] <= room:
                return label, size
        return fit_text((self.label, *self.short)[-1], size, room)

    def handle(self, event: pygame.event.Event, view=None) -> bool:
        """The pointer hovers it; releasing the left button over it presses it."""
        if not (self.visible and self.enabled):
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.rect.collidepoint(event.pos):
            self.action()
            return True
        return False

    def draw(self, dest: pygame.Surface, size, focused: bool = False) -> None:  # type: ignore[override]
        if not self.visible:
            return
        note("control", dest, self.rect, self.label)
        colour = BUTTON_OFF if not self.enabled else (BUTTON_HOVER if self.hover else BUTTON)
        edge = (120, 170, 130) if self.enabled else (80, 95, 85)
        if theme.HIGH_CONTRAST:
            colour, edge = theme.fill(colour), (theme.HC_EDGE if self.enabled else (150, 150, 150))
        pygame.draw.rect(dest, colour, self.rect, border_radius=8)
        pygame.draw.rect(dest, edge, self.rect, width=2 if not theme.HIGH_CONTRAST or not self.enabled else 3,
                         border_radius=8)
        label, fs = self.fitted_label(size)
        blit_text(dest, label, fs, self.rect.center, INK if self.enabled else (140, 150, 140), anchor="center")
        if focused:
            pygame.draw.rect(dest, FOCUS_RING, self.rect.inflate(6, 6), width=2, border_radius=10)


def fit_lines(s: str, size: int, width: int, height: int) -> tuple[list[str], int, int]:
    """``s`` wrapped to ``width`` pixels in the largest type from ``size`` down to three
    quarters of it whose lines fit ``height``: (lines, type size, line step)."""
    low = max(4, int(size * 0.75 / theme.text_scale()))   # larger text may shrink back to 100%
    for fs in range(int(size), low - 1, -1):
        lines = wrap(s, fs, width)
        step = int(fs * 1.05 * theme.text_scale())
        if len(lines) * step <= height:
            break
    return lines, fs, step


def draw_lines_in(dest: pygame.Surface, s: str, box: pygame.Rect, size: int, colour=INK) -> None:
    """``s`` centred in ``box`` (pixels), wrapped and in smaller type as it needs to fit."""
    lines, fs, step = fit_lines(s, size, box.w, box.h)
    y = box.centery - len(lines) * step // 2
    for line in lines:
        blit_text(dest, line, fs, (box.centerx, y), colour, anchor="midtop")
        y += step


class Toast:
    """A message that shows for a few seconds (the engine's sentence after an illegal move)."""

    def __init__(self):
        self.message = ""
        self.left = 0.0
        self.error = False

    def show(self, message: str, seconds: float = 4.0, error: bool = False) -> None:
        self.message = message
        self.left = seconds
        self.error = error

    def update(self, dt: float) -> None:
        if self.left > 0:
            self.left = max(0.0, self.left - dt)

    @property
    def visible(self) -> bool:
        return self.left > 0 and bool(self.message)

    def draw_in(self, dest: pygame.Surface, box: pygame.Rect, size: int) -> None:
        """The message in its panel, centred in ``box`` (pixels) and kept inside it: the
        type shrinks (to three quarters of ``size`` at most) until the lines fit."""
        if not self.visible:
            return
        lines, fs, step = fit_lines(tr(self.message), size, box.w - 28, box.h - 10)
        h = min(box.h, len(lines) * step + 10)
        w = min(box.w, max(font(fs).size(line)[0] for line in lines) + 28)
        rect = pygame.Rect(0, 0, w, h)
        rect.center = box.center
        panel(dest, rect, (70, 24, 20) if self.error else (20, 50, 34), 235,
              border=(200, 90, 80) if self.error else (110, 170, 120))
        y = rect.top + (h - len(lines) * step) // 2
        for line in lines:
            blit_text(dest, line, fs, (rect.centerx, y), anchor="midtop")
            y += step

    def draw(self, dest: pygame.Surface, centre, size: int, width: int) -> None:
        if not self.visible:
            return
        lines = wrap(tr(self.message), size, width)
        h = len(lines) * int(size * 1.05 * theme.text_scale()) + 16
        w = min(width, max(font(size).size(line)[0] for line in lines)) + 28
        rect = pygame.Rect(0, 0, w, h)
        rect.center = (int(centre[0]), int(centre[1]))
        panel(dest, rect, (70, 24, 20) if self.error else (20, 50, 34), 235,
              border=(200, 90, 80) if self.error else (110, 170, 120))
        y = rect.top + 8
        for line in lines:
            blit_text(dest, line, size, (rect.centerx, y), anchor="midtop")
            y += int(size * 1.05 * theme.text_scale())


__all__ = ["Button", "Toast", "fit_lines", "draw_lines_in", "BUTTON", "BUTTON_HOVER", "BUTTON_OFF", "DIM", "GOLD", "INK", "PANEL", "RED",
           "blit_text", "font", "panel", "text", "wrap"]
