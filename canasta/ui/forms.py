"""Form controls and the screen base for everything around the table.

Menus, the new-game form, settings, statistics and the rules screen are built from
the controls here: push buttons, on/off switches, choice steppers, a slider, a text
field and a scrolling list. Each control keeps its place as a rectangle in the
table's logical coordinates (1280 x 800, :class:`~canasta.ui.layout.View`), so a
screen lays itself out once in those coordinates and scales with the window. They
are drawn in the table's style (dark green panels, gold accents, :mod:`.widgets`).

:class:`Screen` is the scene base: it routes the mouse to the control under the
pointer and the keyboard to the focused control, and moves the focus with Tab,
Shift+Tab and the arrow keys (to the nearest control in that direction). Enter or
Space activates the focused control and Escape calls :meth:`Screen.back`.
"""

from __future__ import annotations

from typing import Any, Callable, Optional, Sequence

import pygame

from .layout import View
from .scene import Scene
from .widgets import (BUTTON, BUTTON_HOVER, BUTTON_OFF, DIM, GOLD, INK, PANEL, Toast, blit_text, font,
                      panel, wrap)

FOCUS_RING = (250, 214, 110)
FIELD_BG = (10, 28, 19)
FIELD_BORDER = (96, 140, 106)
TRACK_OFF = (64, 78, 70)
TRACK_ON = (62, 150, 92)
GOLD_DEEP = (176, 128, 36)
GOLD_BUTTON = (196, 150, 52)
GOLD_BUTTON_HOVER = (222, 176, 70)
DARK_INK = (28, 22, 8)
MUTED = (140, 154, 142)


# --------------------------------------------------------------------------- text


def fit_text(s: str, size: int, width: int, bold: bool = False, shrink: float = 0.72) -> tuple[str, int]:
    """``s`` and a font size at most ``size`` at which it fits ``width`` pixels.

    The size shrinks down to ``shrink`` of itself; if the text is still too wide, it
    is cut with an ellipsis. Every label on the screens goes through this, so text
    stays inside its box at any window size.
    """
    width = max(1, int(width))
    low = max(8, int(size * shrink))
    for candidate in range(int(size), low - 1, -1):
        if font(candidate, bold).size(s)[0] <= width:
            return s, candidate
    f = font(low, bold)
    cut = s
    while cut and f.size(cut + "...")[0] > width:
        cut = cut[:-1]
    return (cut.rstrip() + "...") if cut else "", low


def draw_fitted(dest: pygame.Surface, s: str, size: int, rect: pygame.Rect, colour=INK, bold: bool = False,
                align: str = "left") -> pygame.Rect:
    """Draw one line of text inside ``rect`` (pixels), vertically centred."""
    line, fs = fit_text(s, size, rect.w, bold)
    if align == "center":
        return blit_text(dest, line, fs, rect.center, colour, bold, anchor="center")
    if align == "right":
        return blit_text(dest, line, fs, (rect.right, rect.centery), colour, bold, anchor="midright")
    return blit_text(dest, line, fs, (rect.x, rect.centery), colour, bold, anchor="midleft")


wrap_lines = wrap  # the one word-wrapper, from widgets

def draw_heading(dest: pygame.Surface, v: View, label: str, x: float, y: float, width: float) -> None:
    """A section heading: gold small capitals with a thin rule to the right."""
    r = blit_text(dest, label.upper(), v.size(17), v.pt(x, y), GOLD, bold=True)
    x0 = r.right + v.size(10)
    x1 = v.pt(x + width, y)[0]
    if x1 > x0:
        yy = r.centery
        pygame.draw.line(dest, (120, 110, 60), (x0, yy), (x1, yy), 1)


def draw_title(dest: pygame.Surface, v: View, title: str, subtitle: str = "") -> None:
    """The title of a screen, centred at the top, with a gold ornament under it."""
    r = blit_text(dest, title, v.size(50), v.pt(640, 22), GOLD, bold=True, anchor="midtop")
    y = r.bottom + v.size(6)
    cx = r.centerx
    half = max(r.w // 2 + v.size(30), v.size(120))
    pygame.draw.line(dest, GOLD_DEEP, (cx - half, y), (cx - v.size(10), y), max(1, v.size(2)))
    pygame.draw.line(dest, GOLD_DEEP, (cx + v.size(10), y), (cx + half, y), max(1, v.size(2)))
    d = v.size(5)
    pygame.draw.polygon(dest, GOLD, [(cx, y - d), (cx + d, y), (cx, y + d), (cx - d, y)])
    if subtitle:
        blit_text(dest, subtitle, v.size(20), (cx, y + v.size(10)), DIM, anchor="midtop")


def dim(dest: pygame.Surface, alpha: int = 150) -> None:
    """Darken the whole surface (under a menu that overlays the table)."""
    shade = pygame.Surface(dest.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, alpha))
    dest.blit(shade, (0, 0))


def section_panel(dest: pygame.Surface, v: View, rect, title: str = "") -> pygame.Rect:
    """A panel in logical coordinates, optionally titled; returns its pixel rect."""
    r = v.rect(rect)
    panel(dest, r, PANEL, 215, radius=v.size(14), border=(84, 128, 94))
    if title:
        lr = pygame.Rect(rect)
        draw_heading(dest, v, title, lr.x + 18, lr.y + 14, lr.w - 36)
    return r


# --------------------------------------------------------------------------- controls


class Control:
    """Something on a screen the player can point at or focus.

    ``rect`` is in logical coordinates; the screen sets it in ``layout()``.
    ``name`` identifies the control (tests find controls by it).
    """

    focusable = True

    def __init__(self, name: str = "", tip: str = ""):
        self.name = name
        self.tip = tip
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.visible = True
        self.enabled = True
        self.hover = False

    def can_focus(self) -> bool:
        return self.focusable and self.visible and self.enabled and self.rect.w > 0

    def contains(self, lpos) -> bool:
        return self.visible and self.rect.collidepoint(lpos)

    # input: positions are logical
    def mouse_down(self, lpos) -> None:
        pass

    def mouse_up(self, lpos) -> None:
        pass

    def mouse_drag(self, lpos) -> None:
        pass

    def wheel(self, dy: int) -> bool:
        return False

    def key(self, event: pygame.event.Event) -> bool:
        """A key while focused; True if the control used it."""
        return False

    def text_input(self, s: str) -> bool:
        return False

    def activate(self) -> None:
        pass

    def draw(self, dest: pygame.Surface, v: View, focused: bool) -> None:
        pass

    # helpers
    def _ring(self, dest: pygame.Surface, v: View, r: pygame.Rect, radius: int = 9) -> None:
        pygame.draw.rect(dest, FOCUS_RING, r.inflate(v.size(8), v.size(8)), width=max(2, v.size(2)),
                         border_radius=v.size(radius + 3))


class PushButton(Control):
    """A button: click, Enter or Space runs ``action``.

    ``style`` is ``"normal"``, ``"primary"`` (gold, for the main choice) or ``"tab"``
    (``selected`` marks the current tab).
    """

    def __init__(self, label: str, action: Callable[[], None], name: str = "", style: str = "normal",
                 size: int = 22, tip: str = ""):
        super().__init__(name or label, tip)
        self.label = label
        self.action = action
        self.style = style
        self.size = size
        self.selected = False
        self._down = False

    def mouse_down(self, lpos) -> None:
        self._down = True

    def mouse_up(self, lpos) -> None:
        was = self._down
        self._down = False
        if was and self.enabled and self.contains(lpos):
            self.action()

    def activate(self) -> None:
        if self.enabled and self.visible:
            self.action()

    def draw(self, dest: pygame.Surface, v: View, focused: bool) -> None:
        if not self.visible:
            return
        r = v.rect(self.rect)
        radius = v.size(10)
        if self.style == "primary":
            fill = GOLD_BUTTON_HOVER if (self.hover and self.enabled) else GOLD_BUTTON
            if not self.enabled:
                fill = (110, 98, 70)
            ink = DARK_INK if self.enabled else (60, 54, 40)
            border = (255, 226, 140) if self.enabled else (130, 118, 90)
        elif self.style == "tab":
            fill = (30, 66, 44) if not self.selected else (52, 112, 74)
            if self.hover and not self.selected:
                fill = (40, 84, 56)
            ink = GOLD if self.selected else INK
            border = GOLD if self.selected else (96, 140, 106)
        else:
            fill = BUTTON_OFF if not self.enabled else (BUTTON_HOVER if self.hover else BUTTON)
            ink = INK if self.enabled else (140, 150, 140)
            border = (130, 180, 140) if self.enabled else (80, 95, 85)
        if self._down and self.enabled:
            r = r.move(0, v.size(1))
        shadow = r.move(0, v.size(3))
        pygame.draw.rect(dest, (6, 20, 12), shadow, border_radius=radius)
        pygame.draw.rect(dest, fill, r, border_radius=radius)
        # a soft highlight on the upper half
        hi = pygame.Surface((r.w, max(1, r.h * 9 // 20)), pygame.SRCALPHA)
        pygame.draw.rect(hi, (255, 255, 255, 16), hi.get_rect(), border_top_left_radius=radius,
                         border_top_right_radius=radius)
        dest.blit(hi, r.topleft)
        pygame.draw.rect(dest, border, r, width=max(1, v.size(2)), border_radius=radius)
        draw_fitted(dest, self.label, v.size(self.size), r.inflate(-v.size(16), 0), ink,
                    bold=self.style == "primary", align="center")
        if focused:
            self._ring(dest, v, r)


class Toggle(Control):
    """An on/off switch bound to a getter and a setter."""

    def __init__(self, get: Callable[[], bool], set: Callable[[bool], None], name: str = "", tip: str = "",
                 on_text: str = "On", off_text: str = "Off"):
        super().__init__(name, tip)
        self.get = get
        self.set = set
        self.on_text = on_text
        self.off_text = off_text

    @property
    def value(self) -> bool:
        return bool(self.get())

    def mouse_up(self, lpos) -> None:
        if self.enabled and self.contains(lpos):
            self.set(not self.value)

    def activate(self) -> None:
        if self.enabled:
            self.set(not self.value)

    def key(self, event) -> bool:
        if not self.enabled:
            return False
        if event.key == pygame.K_LEFT and self.value:
            self.set(False)
            return True
        if event.key == pygame.K_RIGHT and not self.value:
            self.set(True)
            return True
        return event.key in (pygame.K_LEFT, pygame.K_RIGHT)

    def draw(self, dest: pygame.Surface, v: View, focused: bool) -> None:
        if not self.visible:
            return
        r = v.rect(self.rect)
        on = self.value
        tw = min(r.w, v.size(58))
        th = min(r.h, v.size(28))
        track = pygame.Rect(r.right - tw, r.centery - th // 2, tw, th)
        colour = TRACK_ON if on else TRACK_OFF
        if not self.enabled:
            colour = (52, 60, 56)
        pygame.draw.rect(dest, colour, track, border_radius=th // 2)
        pygame.draw.rect(dest, GOLD if on and self.enabled else (110, 124, 114), track, width=max(1, v.size(2)),
                         border_radius=th // 2)
        knob_r = th // 2 - v.size(4)
        kx = track.right - th // 2 if on else track.x + th // 2
        pygame.draw.circle(dest, (250, 246, 232) if self.enabled else (150, 150, 140), (kx, track.centery),
                           max(2, knob_r))
        label = self.on_text if on else self.off_text
        box = pygame.Rect(r.x, r.y, max(1, track.x - r.x - v.size(10)), r.h)
        draw_fitted(dest, label, v.size(19), box, INK if self.enabled else MUTED, align="right")
        if focused:
            self._ring(dest, v, track, radius=14)


class Stepper(Control):
    """A choice among a few values: arrows at both ends, the chosen label between.

    ``choices`` is a list of ``(value, label)``; the getter returns the current value
    (one not in the list shows as its ``str`` and steps to its neighbours).
    """

    def __init__(self, choices: Sequence[tuple[Any, str]] | Callable[[], Sequence[tuple[Any, str]]],
                 get: Callable[[], Any], set: Callable[[Any], None], name: str = "", tip: str = "",
                 wrap: bool = False, size: int = 20):
        super().__init__(name, tip)
        self._choices = choices
        self.get = get
        self.set = set
        self.wrap = wrap
        self.size = size

    @property
    def choices(self) -> list[tuple[Any, str]]:
        c = self._choices() if callable(self._choices) else self._choices
        return list(c)

    def index(self) -> int:
        value = self.get()
        for i, (v, _) in enumerate(self.choices):
            if v == value:
                return i
        return -1

    def label(self) -> str:
        value = self.get()
        for v, lab in self.choices:
            if v == value:
                return lab
        return str(value)

    def step(self, d: int) -> None:
        if not self.enabled:
            return
        choices = self.choices
        if not choices:
            return
        i = self.index()
        if i < 0:
            value = self.get()
            try:
                # a value off the list: go to the nearest listed one in that direction
                ordered = [k for k, (v, _) in enumerate(choices) if (v > value if d > 0 else v < value)]
                j = (ordered[0] if d > 0 else ordered[-1]) if ordered else None
            except TypeError:
                j = 0
            if j is None:
                return
        else:
            j = i + d
            if self.wrap:
                j %= len(choices)
            elif not 0 <= j < len(choices):
                return
        self.set(choices[j][0])

    def can_step(self, d: int) -> bool:
        if self.wrap:
            return len(self.choices) > 1
        i = self.index()
        n = len(self.choices)
        if i < 0:
            return n > 0
        return 0 <= i + d < n

    def _arrow_rects(self, r: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
        w = min(r.h, r.w // 4)
        return pygame.Rect(r.x, r.y, w, r.h), pygame.Rect(r.right - w, r.y, w, r.h)

    def mouse_up(self, lpos) -> None:
        if not (self.enabled and self.contains(lpos)):
            return
        left, right = self._arrow_rects(self.rect)
        if left.collidepoint(lpos):
            self.step(-1)
        else:
            # the right arrow, or the label itself: forward
            self.step(1)

    def key(self, event) -> bool:
        if event.key == pygame.K_LEFT:
            self.step(-1)
            return True
        if event.key == pygame.K_RIGHT:
            self.step(1)
            return True
        return False

    def activate(self) -> None:
        if self.enabled:
            self.wrap, was = True, self.wrap
            try:
                self.step(1)
            finally:
                self.wrap = was

    def draw(self, dest: pygame.Surface, v: View, focused: bool) -> None:
        if not self.visible:
            return
        r = v.rect(self.rect)
        radius = v.size(8)
        pygame.draw.rect(dest, FIELD_BG if self.enabled else (26, 36, 30), r, border_radius=radius)
        pygame.draw.rect(dest, FIELD_BORDER if self.enabled else (64, 76, 68), r, width=max(1, v.size(2)),
                         border_radius=radius)
        left, right = self._arrow_rects(r)
        for rect, d in ((left, -1), (right, 1)):
            active = self.enabled and self.can_step(d)
            colour = GOLD if active else (86, 100, 90)
            cx, cy = rect.center
            s = max(3, rect.h // 5)
            pts = [(cx - s // 2 * d - (s // 3) * d, cy - s), (cx + s // 2 * d + (s // 3) * d, cy),
                   (cx - s // 2 * d - (s // 3) * d, cy + s)]
            pygame.draw.polygon(dest, colour, pts)
        mid = pygame.Rect(left.right, r.y, max(1, right.x - left.right), r.h)
        draw_fitted(dest, self.label(), v.size(self.size), mid.inflate(-v.size(4), 0),
                    INK if self.enabled else MUTED, align="center")
        if focused:
            self._ring(dest, v, r)


class Slider(Control):
    """A value between ``lo`` and ``hi`` (a percentage is shown)."""

    def __init__(self, get: Callable[[], float], set: Callable[[float], None], lo: float = 0.0, hi: float = 1.0,
                 step: float = 0.05, name: str = "", tip: str = "", fmt: Callable[[float], str] | None = None):
        super().__init__(name, tip)
        self.get = get
        self.set = set
        self.lo, self.hi, self.step_size = lo, hi, step
        self.fmt = fmt or (lambda x: f"{round(100 * (x - lo) / (hi - lo))}%")
        self.dragging = False

    def _track(self, r: pygame.Rect) -> pygame.Rect:
        label_w = r.w // 5
        return pygame.Rect(r.x + r.h // 2, r.centery - max(2, r.h // 10), max(1, r.w - label_w - r.h), max(4, r.h // 5))

    def _set_from(self, lpos) -> None:
        t = self._track(self.rect)
        f = (lpos[0] - t.x) / max(1, t.w)
        f = min(1.0, max(0.0, f))
        value = self.lo + f * (self.hi - self.lo)
        value = round(value / self.step_size) * self.step_size
        self.set(round(min(self.hi, max(self.lo, value)), 4))

    def mouse_down(self, lpos) -> None:
        if self.enabled:
            self.dragging = True
            self._set_from(lpos)

    def mouse_drag(self, lpos) -> None:
        if self.dragging:
            self._set_from(lpos)

    def mouse_up(self, lpos) -> None:
        if self.dragging:
            self._set_from(lpos)
        self.dragging = False

    def key(self, event) -> bool:
        if not self.enabled:
            return False
        d = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}.get(event.key)
        if d is None:
            return False
        value = round(self.get() + d * self.step_size, 4)
        self.set(min(self.hi, max(self.lo, value)))
        return True

    def draw(self, dest: pygame.Surface, v: View, focused: bool) -> None:
        if not self.visible:
            return
        r = v.rect(self.rect)
        t = self._track(r)
        f = (self.get() - self.lo) / (self.hi - self.lo)
        f = min(1.0, max(0.0, f))
        pygame.draw.rect(dest, TRACK_OFF, t, border_radius=t.h // 2)
        fill = pygame.Rect(t.x, t.y, int(t.w * f), t.h)
        if fill.w > 0:
            pygame.draw.rect(dest, GOLD_BUTTON if self.enabled else (110, 100, 80), fill, border_radius=t.h // 2)
        kx = t.x + int(t.w * f)
        rad = max(5, r.h // 3)
        pygame.draw.circle(dest, (6, 20, 12), (kx, t.centery + v.size(2)), rad)
        pygame.draw.circle(dest, (250, 246, 232) if self.enabled else (150, 150, 140), (kx, t.centery), rad)
        pygame.draw.circle(dest, GOLD_DEEP, (kx, t.centery), rad, width=max(1, v.size(2)))
        box = pygame.Rect(t.right + r.h // 2 + v.size(6), r.y, max(1, r.right - t.right - r.h // 2 - v.size(6)), r.h)
        draw_fitted(dest, self.fmt(self.get()), v.size(19), box, INK if self.enabled else MUTED, align="right")
        if focused:
            self._ring(dest, v, r)


class TextField(Control):
    """One line of text: typed characters arrive as TEXTINPUT events.

    Text is added and removed at its end: Backspace removes the last character,
    Ctrl+Backspace the last word, Delete clears the field. ``allowed`` filters
    characters (e.g. digits only); ``max_length`` caps the text; ``on_enter`` runs on
    Enter.
    """

    def __init__(self, get: Callable[[], str], set: Callable[[str], None], name: str = "", tip: str = "",
                 max_length: int = 24, allowed: Callable[[str], bool] | None = None, placeholder: str = "",
                 on_enter: Callable[[], None] | None = None, size: int = 20):
        super().__init__(name, tip)
        self.get = get
        self.set = set
        self.max_length = max_length
        self.allowed = allowed or (lambda ch: ch.isprintable())
        self.placeholder = placeholder
        self.on_enter = on_enter
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

    def key(self, event) -> bool:
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
        pygame.draw.rect(dest, FIELD_BG if self.enabled else (26, 36, 30), r, border_radius=radius)
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
            tr = blit_text(dest, shown, fs, (inner.x, inner.centery), INK if self.enabled else MUTED,
                           anchor="midleft")
            caret_x = tr.right + v.size(2)
        else:
            if self.placeholder:
                draw_fitted(dest, self.placeholder, fs, inner, MUTED)
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
        self.row_height = row_height
        self.selected: Optional[int] = 0 if items else None
        self.scroll = 0
        self.on_select = on_select

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

    def key(self, event) -> bool:
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
                pygame.draw.rect(dest, (58, 104, 70), rr, border_radius=v.size(6))
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


# --------------------------------------------------------------------------- screens


class Screen(Scene):
    """A scene made of controls: see the module documentation for the input rules.

    Subclasses fill ``self.controls`` (in Tab order), place them in :meth:`layout`
    (logical coordinates; called before every event and every frame, so a screen may
    show or hide controls as its state changes), draw their own labels in
    :meth:`draw_content`, and say where Escape goes in :meth:`back`.
    """

    title = ""
    subtitle = ""

    def __init__(self, app):
        self.app = app
        self.controls: list[Control] = []
        self.focused: Optional[Control] = None
        self.pressed: Optional[Control] = None
        self.mouse: tuple[float, float] = (-1.0, -1.0)
        self.toast = Toast()
        self.quit_requested = False
        self.default_focus: Optional[Control] = None

    # -- geometry
    @property
    def view(self) -> View:
        return View(*self.app.screen.get_size())

    def layout(self) -> None:
        """Place the controls (logical rects)."""

    def control(self, name: str) -> Control:
        """The control called ``name`` (for tests and keyboard shortcuts)."""
        for c in self.controls:
            if c.name == name:
                return c
        raise KeyError(name)

    def control_at(self, lpos) -> Optional[Control]:
        for c in reversed(self.controls):
            if c.contains(lpos):
                return c
        return None

    def focusables(self) -> list[Control]:
        return [c for c in self.controls if c.can_focus()]

    # -- navigation
    def back(self) -> None:
        """Escape: leave the screen (subclasses decide where to)."""

    def focus(self, control: Optional[Control]) -> None:
        self.focused = control
        self.on_focus(control)

    def on_focus(self, control: Optional[Control]) -> None:
        """The focus moved (a screen with a scrolling part brings it into view)."""

    def move_focus(self, d: int) -> None:
        items = self.focusables()
        if not items:
            return
        if self.focused not in items:
            self.focus(items[0] if d > 0 else items[-1])
            return
        i = items.index(self.focused)
        self.focus(items[(i + d) % len(items)])

    def move_spatial(self, key: int) -> None:
        items = self.focusables()
        if not items:
            return
        cur = self.focused
        if cur not in items:
            self.focus(items[0])
            return
        cx, cy = cur.rect.center
        best, best_score = None, None
        for c in items:
            if c is cur:
                continue
            x, y = c.rect.center
            dx, dy = x - cx, y - cy
            if key == pygame.K_DOWN and c.rect.top >= cur.rect.centery:
                score = dy + 3 * abs(dx)
            elif key == pygame.K_UP and c.rect.bottom <= cur.rect.centery:
                score = -dy + 3 * abs(dx)
            elif key == pygame.K_RIGHT and c.rect.left >= cur.rect.centerx and abs(dy) < max(cur.rect.h, 40):
                score = dx + 3 * abs(dy)
            elif key == pygame.K_LEFT and c.rect.right <= cur.rect.centerx and abs(dy) < max(cur.rect.h, 40):
                score = -dx + 3 * abs(dy)
            else:
                continue
            if best_score is None or score < best_score:
                best, best_score = c, score
        if best is not None:
            self.focus(best)
        elif key in (pygame.K_DOWN, pygame.K_UP):
            self.move_focus(1 if key == pygame.K_DOWN else -1)

    # -- the scene interface
    def handle(self, event: pygame.event.Event) -> None:
        self.layout()
        v = self.view
        t = event.type
        if t == pygame.KEYDOWN:
            self._key(event)
        elif t == pygame.TEXTINPUT:
            if self.focused is not None and self.focused.can_focus():
                self.focused.text_input(event.text)
        elif t == pygame.MOUSEMOTION:
            lpos = v.logical(*event.pos)
            self.mouse = lpos
            for c in self.controls:
                c.hover = c.enabled and c.contains(lpos)
            if self.pressed is not None:
                self.pressed.mouse_drag(lpos)
        elif t == pygame.MOUSEBUTTONDOWN and event.button == 1:
            lpos = v.logical(*event.pos)
            self.mouse = lpos
            c = self.control_at(lpos)
            self.pressed = c if (c is not None and c.enabled) else None
            if self.pressed is not None:
                if c.focusable:
                    self.focus(c)
                c.mouse_down(lpos)
            else:
                self.click_empty(lpos)
        elif t == pygame.MOUSEBUTTONUP and event.button == 1:
            lpos = v.logical(*event.pos)
            c, self.pressed = self.pressed, None
            if c is not None:
                c.mouse_up(lpos)
        elif t == pygame.MOUSEWHEEL:
            c = self.control_at(self.mouse)
            if c is None or not c.wheel(event.y):
                self.wheel(event.y)

    def click_empty(self, lpos) -> None:
        """A click on no control."""

    def wheel(self, dy: int) -> None:
        """The mouse wheel over no scrolling control."""

    def shortcut(self, event: pygame.event.Event) -> bool:
        """A key no control used (letters for buttons, say); True if used."""
        return False

    def _key(self, event: pygame.event.Event) -> None:
        k = event.key
        f = self.focused if (self.focused is not None and self.focused.can_focus()) else None
        if k == pygame.K_ESCAPE:
            self.back()
            return
        if k == pygame.K_TAB:
            self.move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return
        if f is not None and f.key(event):
            return
        if k in (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT):
            self.move_spatial(k)
            return
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if isinstance(f, TextField):
                self.move_focus(1)  # Enter in a text field: on to the next control
            elif f is not None:
                f.activate()
            elif self.default_focus is not None and self.default_focus.can_focus():
                self.focus(self.default_focus)
                if k != pygame.K_SPACE:
                    self.default_focus.activate()
            return
        self.shortcut(event)

    def update(self, dt: float) -> None:
        self.toast.update(dt)

    def draw_background(self, surf: pygame.Surface) -> None:
        surf.blit(self.app.felt(surf.get_size()), (0, 0))

    def draw_content(self, surf: pygame.Surface, v: View) -> None:
        """The screen's own drawing, under the controls."""

    def draw_overlay(self, surf: pygame.Surface, v: View) -> None:
        """Drawing above the controls."""

    def draw(self, surf: pygame.Surface) -> None:
        self.layout()
        v = self.view
        self.draw_background(surf)
        if self.title:
            draw_title(surf, v, self.title, self.subtitle)
        self.draw_content(surf, v)
        show_focus = self.app.keyboard_used
        for c in self.controls:
            c.draw(surf, v, show_focus and c is self.focused and c.can_focus()
                   or (isinstance(c, TextField) and c is self.focused))
        self.draw_overlay(surf, v)
        self.toast.draw(surf, v.pt(640, 700), v.size(22), v.size(760))

    def close(self) -> None:
        """Leaving the screen."""

    def notice(self, message: str, seconds: float = 6.0, error: bool = True) -> None:
        self.toast.show(message, seconds, error=error)


__all__ = ["Control", "PushButton", "Toggle", "Stepper", "Slider", "TextField", "ListView", "Screen",
           "fit_text", "draw_fitted", "wrap_lines", "draw_heading", "draw_title", "section_panel", "dim",
           "MUTED"]
