"""A page of headed sentences in two columns that scroll: the rules screen, and the
help's pages it opens (*Why it is fair*, *Playing online*).

:class:`PageScreen` draws whatever :meth:`PageScreen.sections` gives, flowing the
sections from the first column into the second, with a *Back* button; the mouse
wheel and Page Up/Page Down scroll a page taller than the window. It knows none of
the pages: each is a subclass in its own module, so the rules screen can open the
help's pages without them importing it back.
"""

from __future__ import annotations

from typing import Callable

import pygame

from ..draw import font
from ..forms import MUTED, Button, Screen, draw_heading, section_panel, wrap_lines
from ..layout import View
from ..widgets import INK, blit_text
from ...i18n import N_, tr


def _within(lines: list[str], size: int, width: int) -> list[str]:
    """Wrapped lines, a word longer than the column (a long compound word) broken across
    lines so that nothing runs into the next column."""
    f = font(size)
    out = []
    for line in lines:
        while len(line) > 1 and f.size(line)[0] > width:
            cut = len(line) - 1
            while cut > 1 and f.size(line[:cut])[0] > width:
                cut -= 1
            out.append(line[:cut])
            line = line[cut:]
        out.append(line)
    return out


class PageScreen(Screen):
    """Sections of sentences in two columns, and Back (see the module documentation)."""

    title = ""

    def __init__(self, app, back: Callable[[], None]):
        super().__init__(app)
        self._back = back
        self.scroll = 0
        self.back_button = Button(N_("Back"), back, name="back")
        self.controls = [self.back_button]
        self.default_focus = self.back_button
        self._content_h = 0

    def back(self) -> None:
        self._back()

    def sections(self) -> list[tuple[str, list[str]]]:
        """What the two columns say, as (heading, sentences)."""
        return []

    def area(self) -> pygame.Rect:
        """Where the sections are drawn (logical coordinates)."""
        return pygame.Rect(40, 106, 1200, 610)

    def layout(self) -> None:
        self.back_button.rect = pygame.Rect(560, 730, 160, 46)

    def wheel(self, dy: int) -> None:
        self.scroll = max(0, min(self.max_scroll(), self.scroll - dy * 40))

    def shortcut(self, event) -> bool:
        step = {pygame.K_PAGEDOWN: 300, pygame.K_PAGEUP: -300}.get(event.key)
        if step is None:
            return False
        self.scroll = max(0, min(self.max_scroll(), self.scroll + step))
        return True

    def max_scroll(self) -> int:
        return max(0, self._content_h - self.area().h)

    def draw_content(self, surf: pygame.Surface, v: View) -> None:
        area = self.area()
        section_panel(surf, v, area)
        # two columns, sections flowing from the first into the second
        col_w = (area.w - 3 * 28) // 2
        fs = 17
        # as high as a line of text is drawn (larger with the Text size: the page scrolls further)
        line_h = max(21, font(v.size(fs)).get_linesize() / v.scale + 1)
        head_h = max(28, font(v.size(17), True).get_linesize() / v.scale + 8)
        blocks = []
        for heading, sentences in self.sections():
            lines = []
            for s in sentences:
                wrapped = _within(wrap_lines(tr(s), v.size(fs), v.size(col_w - 18)), v.size(fs), v.size(col_w - 18))
                lines.append(wrapped)
            h = head_h + sum(len(w) * line_h + 3 for w in lines) + 10
            blocks.append((heading, lines, h))
        total = sum(b[2] for b in blocks)
        half = total / 2
        columns: list[list] = [[], []]
        acc = 0
        for b in blocks:
            col = 0 if acc + b[2] / 2 <= half or not columns[0] else 1
            columns[col].append(b)
            acc += b[2]
        self._content_h = max(sum(b[2] for b in c) for c in columns) + 24
        clip = surf.get_clip()
        surf.set_clip(v.rect(area.inflate(-4, -4)))
        for ci, col in enumerate(columns):
            x = area.x + 28 + ci * (col_w + 28)
            y = area.y + 18 - self.scroll
            for heading, lines, h in col:
                draw_heading(surf, v, tr(heading), x, y, col_w)
                yy = y + head_h
                for wrapped in lines:
                    bullet = v.pt(x + 4, yy + line_h * 0.43)
                    pygame.draw.circle(surf, (200, 160, 70), bullet, max(2, v.size(3)))
                    for line in wrapped:
                        blit_text(surf, line, v.size(fs), v.pt(x + 18, yy), INK)
                        yy += line_h
                    yy += 3
                y += h
        surf.set_clip(clip)
        if self.max_scroll() > 0:
            track = pygame.Rect(area.right - 12, area.y + 12, 5, area.h - 24)
            bar_h = max(30, int(track.h * area.h / self._content_h))
            y = track.y + int((track.h - bar_h) * self.scroll / self.max_scroll())
            pygame.draw.rect(surf, (120, 150, 126), v.rect((track.x, y, track.w, bar_h)), border_radius=v.size(3))
            blit_text(surf, tr("Scroll for more: mouse wheel or Page Down"), v.size(16), v.pt(1236, 722), MUTED,
                      anchor="topright")
