"""Small drawing helpers and widgets shared by the scenes (text, buttons, panels)."""

from __future__ import annotations

from typing import Callable, Optional

import pygame

_FONTS: dict[tuple[int, bool], pygame.font.Font] = {}

INK = (245, 245, 235)
DIM = (190, 205, 190)
GOLD = (240, 200, 90)
RED = (220, 80, 70)
PANEL = (18, 40, 28)
BUTTON = (40, 92, 62)
BUTTON_HOVER = (58, 122, 84)
BUTTON_OFF = (48, 64, 54)


def font(size: int, bold: bool = False) -> pygame.font.Font:
    size = max(8, int(size))
    key = (size, bold)
    f = _FONTS.get(key)
    if f is None:
        f = pygame.font.Font(None, size)
        f.set_bold(bold)
        _FONTS[key] = f
    return f


_TEXT_CACHE: dict[tuple, pygame.Surface] = {}


def text(s: str, size: int, colour=INK, bold: bool = False) -> pygame.Surface:
    """A rendered line of text (cached: labels repeat every frame)."""
    key = (s, int(size), colour, bold)
    surf = _TEXT_CACHE.get(key)
    if surf is None:
        if len(_TEXT_CACHE) > 800:
            _TEXT_CACHE.clear()
        surf = font(size, bold).render(s, True, colour)
        _TEXT_CACHE[key] = surf
    return surf


def blit_text(dest: pygame.Surface, s: str, size: int, pos, colour=INK, bold=False,
              anchor: str = "topleft") -> pygame.Rect:
    surf = text(s, size, colour, bold)
    r = surf.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
    dest.blit(surf, r)
    return r


def wrap(s: str, size: int, width: int, bold: bool = False) -> list[str]:
    """``s`` broken into lines no wider than ``width`` pixels at ``size`` (each ``\n``
    starts a new paragraph)."""
    f = font(size, bold)
    lines: list[str] = []
    for paragraph in s.split("\n"):
        line = ""
        for word in paragraph.split():
            trial = (line + " " + word).strip()
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines

def panel(dest: pygame.Surface, rect: pygame.Rect, colour=PANEL, alpha: int = 225, radius: int = 12,
          border=(90, 140, 100)) -> None:
    surf = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(surf, (*colour, alpha), surf.get_rect(), border_radius=radius)
    if border:
        pygame.draw.rect(surf, (*border, 255), surf.get_rect(), width=2, border_radius=radius)
    dest.blit(surf, rect)


class Button:
    """A clickable label; ``rect`` is in screen pixels (the scene lays it out each frame)."""

    def __init__(self, label: str, action: Callable[[], None], key: Optional[int] = None,
                 tip: str = ""):
        self.label = label
        self.action = action
        self.key = key
        self.tip = tip
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.enabled = True
        self.visible = True
        self.hover = False

    def handle(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.enabled):
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.rect.collidepoint(event.pos):
            self.action()
            return True
        return False

    def contains(self, pos) -> bool:
        return self.visible and self.rect.collidepoint(pos)

    def draw(self, dest: pygame.Surface, size: int) -> None:
        if not self.visible:
            return
        colour = BUTTON_OFF if not self.enabled else (BUTTON_HOVER if self.hover else BUTTON)
        pygame.draw.rect(dest, colour, self.rect, border_radius=8)
        pygame.draw.rect(dest, (120, 170, 130) if self.enabled else (80, 95, 85), self.rect,
                         width=2, border_radius=8)
        blit_text(dest, self.label, size, self.rect.center, INK if self.enabled else (140, 150, 140),
                  anchor="center")


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

    def draw(self, dest: pygame.Surface, centre, size: int, width: int) -> None:
        if not self.visible:
            return
        lines = wrap(self.message, size, width)
        h = len(lines) * int(size * 1.05) + 16
        w = min(width, max(font(size).size(line)[0] for line in lines)) + 28
        rect = pygame.Rect(0, 0, w, h)
        rect.center = (int(centre[0]), int(centre[1]))
        panel(dest, rect, (70, 24, 20) if self.error else (20, 50, 34), 235,
              border=(200, 90, 80) if self.error else (110, 170, 120))
        y = rect.top + 8
        for line in lines:
            blit_text(dest, line, size, (rect.centerx, y), anchor="midtop")
            y += int(size * 1.05)
