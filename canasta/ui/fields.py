"""Controls that hold more than a value: a one-line text field and a scrolling list.

They follow the rules of :mod:`canasta.ui.controls` (rectangles, states, focus).
"""

from __future__ import annotations

from typing import Any, Callable, Optional

import pygame

from . import draw as theme
from .controls import Control
from ..i18n import tr
from .draw import FIELD_BG, FIELD_BORDER, GOLD, GOLD_DEEP, INK, MUTED, blit_text, draw_fitted, font, text_scale
from .layout import View


def clipboard_text() -> str:
    """The clipboard's text ("" when there is none, or no clipboard: a screen without a
    window system)."""
    try:
        return pygame.scrap.get_text() or ""
    except (pygame.error, AttributeError):
        return ""


class TextField(Control):
    """One line of text: typed characters arrive as TEXTINPUT events.

    Text is added and removed at its end: Backspace removes the last character,
    Ctrl+Backspace the last word, Delete clears the field, Ctrl+V (or Shift+Insert)
    adds the clipboard's first line. ``allowed`` filters characters (e.g. digits only);
    ``max_length`` caps the text; ``on_enter`` runs on Enter; ``on_paste`` is offered the
    clipboard's text first and takes it by answering True.
    """

    enter_moves_on = True     # Enter goes on to the next control
    shows_focus_always = True  # the caret shows where typing goes

    def __init__(self, get: Callable[[], str], set: Callable[[str], None], name: str = "", tip: str = "",
                 max_length: int = 24, allowed: Callable[[str], bool] | None = None, placeholder: str = "",
                 on_enter: Callable[[], None] | None = None, size: int = 20,
                 on_paste: Callable[[str], bool] | None = None):
        super().__init__(name, tip)
        self.get = get
        self.set = set
        self.max_length = max_length
        self.allowed = allowed or (lambda ch: ch.isprintable())
        self.placeholder = placeholder
        self.on_enter = on_enter
        self.on_paste = on_paste
        self.size = size
        self.blink = 0.0

    def text_input(self, s: str) -> bool:
        if not self.enabled:
            return False
        add = "".join(ch for ch in s if self.allowed(ch))
        if add:
            current = self.get()
            self.set((current + add)[: self.max_length])
        self.blink = 0.0
        return True

    def paste(self, text: str) -> None:
        if text and not (self.on_paste and self.on_paste(text)):
            self.text_input(text.strip().splitlines()[0] if text.strip() else "")

    def on_key(self, event) -> bool:
        if not self.enabled:
            return False
        k = event.key
        if k == pygame.K_BACKSPACE:
            current = self.get()
            if event.mod & pygame.KMOD_CTRL:
                self.set(current.rstrip().rpartition(" ")[0] + (" " if " " in current.rstrip() else ""))
                if not self.get().strip():
                    self.set("")
            else:
                self.set(current[:-1])
            self.blink = 0.0
            return True
        if (k == pygame.K_v and event.mod & pygame.KMOD_CTRL) or (k == pygame.K_INSERT and event.mod & pygame.KMOD_SHIFT):
            self.paste(clipboard_text())
            return True
        if k == pygame.K_DELETE:
            self.set("")
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.on_enter:
                self.on_enter()
                return True
            return False
        # printable keys arrive as TEXTINPUT; keep them from reaching the screen's shortcuts
        if event.unicode and event.unicode.isprintable() and not (event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT)):
            return True
        return k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END)

    def draw(self, dest: pygame.Surface, v: View, focused: bool) -> None:
        if not self.visible:
            return
        r = v.rect(self.rect)
        radius = v.size(8)
        pygame.draw.rect(dest, theme.fill(FIELD_BG if self.enabled else (26, 36, 30)), r, border_radius=radius)
        border = GOLD if focused else (FIELD_BORDER if self.enabled else (64, 76, 68))
        pygame.draw.rect(dest, border, r, width=max(1, v.size(2)), border_radius=radius)
        inner = r.inflate(-v.size(20), 0)
        value = self.get()
        fs = v.size(self.size)
        if value:
            f = font(fs)
            shown = value
            # keep the end of a long text (where the caret is) in view
            while shown and f.size(shown)[0] > inner.w - v.size(4):
                shown = shown[1:]
            drawn = blit_text(dest, shown, fs, (inner.x, inner.centery), INK if self.enabled else MUTED,
                           anchor="midleft")
            caret_x = drawn.right + v.size(2)
        else:
            if self.placeholder:
                draw_fitted(dest, tr(self.placeholder), fs, inner, MUTED)
            caret_x = inner.x
        if focused and self.enabled and (pygame.time.get_ticks() // 530) % 2 == 0:
            h = int(fs * 0.8)
            pygame.draw.line(dest, GOLD, (caret_x, r.centery - h // 2), (caret_x, r.centery + h // 2),
                             max(1, v.size(2)))


class ListView(Control):
    """A scrolling, selectable list of rows drawn by ``draw_row``.

    ``items`` is a list; ``selected`` the chosen index (or None); ``on_select`` runs
    when the selection changes; Up/Down move it while the list has the focus.
    """

    def __init__(self, items: list, draw_row: Callable[[pygame.Surface, View, pygame.Rect, Any, bool], None],
                 row_height: int = 34, name: str = "", on_select: Callable[[int], None] | None = None):
        super().__init__(name)
        self.items = items
        self.draw_row = draw_row
        self.base_row_height = row_height
        self.selected: Optional[int] = 0 if items else None
        self.scroll = 0
        self.on_select = on_select

    @property
    def row_height(self) -> int:
        """A row's height (logical): taller with the Text size, so its words keep their size."""
        return int(round(self.base_row_height * (1 + (text_scale() - 1) * 0.6)))

    @property
    def visible_rows(self) -> int:
        return max(1, self.rect.h // self.row_height)

    def max_scroll(self) -> int:
        return max(0, len(self.items) - self.visible_rows)

    def select(self, index: int) -> None:
        if not self.items:
            return
        index = min(len(self.items) - 1, max(0, index))
        changed = index != self.selected
        self.selected = index
        if index < self.scroll:
            self.scroll = index
        elif index >= self.scroll + self.visible_rows:
            self.scroll = index - self.visible_rows + 1
        if changed and self.on_select:
            self.on_select(index)

    def row_rect(self, index: int) -> pygame.Rect:
        """The logical rect of row ``index`` as drawn now (it may lie outside the list)."""
        return pygame.Rect(self.rect.x, self.rect.y + (index - self.scroll) * self.row_height, self.rect.w,
                           self.row_height)

    def mouse_up(self, lpos) -> None:
        if not self.contains(lpos):
            return
        index = self.scroll + int((lpos[1] - self.rect.y) // self.row_height)
        if 0 <= index < len(self.items):
            self.select(index)

    def wheel(self, dy: int) -> bool:
        self.scroll = min(self.max_scroll(), max(0, self.scroll - dy))
        return True

    def paste(self, text: str) -> None:
        if text and not (self.on_paste and self.on_paste(text)):
            self.text_input(text.strip().splitlines()[0] if text.strip() else "")

    def on_key(self, event) -> bool:
        if not self.items:
            return False
        k = event.key
        if k == pygame.K_UP and (self.selected or 0) > 0:
            self.select((self.selected or 0) - 1)
            return True
        if k == pygame.K_DOWN and (self.selected if self.selected is not None else -1) < len(self.items) - 1:
            self.select((self.selected if self.selected is not None else -1) + 1)
            return True
        if k == pygame.K_PAGEUP:
            self.select((self.selected or 0) - self.visible_rows)
            return True
        if k == pygame.K_PAGEDOWN:
            self.select((self.selected or 0) + self.visible_rows)
            return True
        return False

    def draw(self, dest: pygame.Surface, v: View, focused: bool) -> None:
        if not self.visible:
            return
        r = v.rect(self.rect)
        clip = dest.get_clip()
        dest.set_clip(r)
        for i in range(self.scroll, min(len(self.items), self.scroll + self.visible_rows + 1)):
            rr = v.rect(self.row_rect(i))
            if i == self.selected:
                pygame.draw.rect(dest, theme.fill((58, 104, 70)), rr, border_radius=v.size(6))
                pygame.draw.rect(dest, GOLD_DEEP, rr, width=max(1, v.size(1)), border_radius=v.size(6))
            elif (i - self.scroll) % 2 == 1:
                band = pygame.Surface(rr.size, pygame.SRCALPHA)
                band.fill((255, 255, 255, 10))
                dest.blit(band, rr)
            self.draw_row(dest, v, rr, self.items[i], i == self.selected)
        dest.set_clip(clip)
        # a scroll bar when the list is longer than its box
        if self.max_scroll() > 0:
            n = len(self.items)
            bar_h = max(v.size(20), int(r.h * self.visible_rows / n))
            y = r.y + int((r.h - bar_h) * self.scroll / self.max_scroll())
            bar = pygame.Rect(r.right + v.size(4), y, max(3, v.size(5)), bar_h)
            pygame.draw.rect(dest, (120, 150, 126), bar, border_radius=v.size(3))
        if focused:
            self._ring(dest, v, r, radius=6)


__all__ = ["TextField", "ListView"]
