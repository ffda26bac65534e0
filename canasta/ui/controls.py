"""The controls every screen is built from: buttons, switches, steppers and a slider.

One framework for the whole window. Every control has a ``rect`` (where its owner
placed it), ``visible`` and ``enabled`` states, a ``tip`` that explains it (and
``why_disabled``, that explains why it cannot be used now), and takes part in the
keyboard focus of :mod:`canasta.ui.focus` (Tab order, arrows, Enter or Space to
press). A :class:`Button` may also carry a ``key`` that presses it from anywhere on
its screen.

Inside a :class:`~canasta.ui.forms.Screen` the rectangles are logical (1280 x 800,
:class:`~canasta.ui.layout.View`) and the screen routes the mouse and the keyboard;
a scene that places buttons itself may call :meth:`Control.handle` with each event
instead. Text fields and lists are in :mod:`canasta.ui.fields`.
"""

from __future__ import annotations

from typing import Any, Callable, Optional, Sequence

import pygame

from .draw import (BUTTON, BUTTON_HOVER, BUTTON_OFF, DARK_INK, FIELD_BG, FIELD_BORDER, FOCUS_RING, GOLD,
                   GOLD_BUTTON, GOLD_BUTTON_HOVER, GOLD_DEEP, INK, MUTED, TRACK_OFF, TRACK_ON, draw_fitted, fit_text)
from . import draw as theme
from .layout import View
from ..i18n import t, tr


class Control:
    """Something on a screen the player can point at, focus and use.

    ``rect`` is set by the owner (logical coordinates in a screen); ``name``
    identifies the control (tests and shortcuts find controls by it); ``tip`` says
    what it does; ``why_disabled`` says why it cannot be used while disabled (it may
    be given as a function without arguments, asked only when the sentence is read:
    a table places its buttons every frame, and the reasons are read far less often).
    """

    focusable = True
    #: Enter moves the focus to the next control instead of pressing this one
    enter_moves_on = False
    #: the focus is drawn even when the mouse was used last (a text field's caret)
    shows_focus_always = False

    def __init__(self, name: str = "", tip: str = "", key: Optional[int] = None):
        self.name = name
        self.tip = tip
        self.why_disabled = ""
        #: a key that presses the control from anywhere on its screen
        self.key = key
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.visible = True
        self.enabled = True
        self.hover = False
        self._down = False

    @property
    def why_disabled(self) -> str:
        why = self._why
        return why() if callable(why) else why

    @why_disabled.setter
    def why_disabled(self, why) -> None:
        self._why = why

    def can_focus(self) -> bool:
        return self.focusable and self.visible and self.enabled and self.rect.w > 0

    def can_press(self) -> bool:
        """Whether pressing it (a click, its key) does anything now."""
        return self.visible and self.enabled

    def contains(self, lpos) -> bool:
        return self.visible and self.rect.collidepoint(lpos)

    def explanation(self) -> str:
        """What to show beside the control: why it is disabled, or what it does."""
        why = "" if self.enabled else self.why_disabled
        if why:
            return tr(why)
        if isinstance(self.tip, tuple):     # sentences shown one after the other
            return " ".join(tr(part) for part in self.tip if part)
        return tr(self.tip)

    # input: positions are in the coordinates of ``rect``
    def mouse_down(self, lpos) -> None:
        self._down = True

    def mouse_up(self, lpos) -> None:
        self._down = False

    def mouse_drag(self, lpos) -> None:
        pass

    def wheel(self, dy: int) -> bool:
        return False

    def on_key(self, event: pygame.event.Event) -> bool:
        """A key while focused; True if the control used it."""
        return False

    def text_input(self, s: str) -> bool:
        return False

    def activate(self) -> None:
        pass

    def handle(self, event: pygame.event.Event, view: Optional[View] = None) -> bool:
        """One event for a control that its scene places itself (not inside a
        :class:`~canasta.ui.forms.Screen`): the pointer hovers it, a click presses it.
        ``view`` turns window pixels into the coordinates of ``rect`` (None: the same).
        True when the event was used."""
        if not self.visible:
            return False
        t = event.type
        if t not in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return False
        pos = view.logical(*event.pos) if view is not None else event.pos
        inside = self.rect.collidepoint(pos)
        if t == pygame.MOUSEMOTION:
            self.hover = self.enabled and inside
            return False
        if getattr(event, "button", 1) != 1 or not self.enabled:
            return False
        if t == pygame.MOUSEBUTTONDOWN:
            if inside:
                self.mouse_down(pos)
            return inside
        was = self._down
        self.mouse_up(pos)
        return was and inside

    def draw(self, dest: pygame.Surface, v: View, focused: bool) -> None:
        pass

    # helpers
    def _ring(self, dest: pygame.Surface, v: View, r: pygame.Rect, radius: int = 9) -> None:
        pygame.draw.rect(dest, FOCUS_RING, r.inflate(v.size(8), v.size(8)),
                         width=max(2, v.size(2)) * (2 if theme.HIGH_CONTRAST else 1),
                         border_radius=v.size(radius + 3))


class Button(Control):
    """A button: a click, Enter or Space (while focused) or its ``key`` runs ``action``.

    ``style`` is ``"normal"``, ``"primary"`` (gold, for the main choice) or ``"tab"``
    (``selected`` marks the current tab); ``size`` is the label's logical font size.
    """

    def __init__(self, label: str, action: Callable[[], None], key: Optional[int] = None, tip: str = "", *,
                 name: str = "", style: str = "normal", size: int = 22):
        super().__init__(name or label, tip, key)
        self.label = label
        self.action = action
        self.style = style
        self.size = size
        self.selected = False

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
        if theme.HIGH_CONTRAST:
            fill, border = theme.fill(fill), (theme.HC_EDGE if self.enabled else (150, 150, 150))
        pygame.draw.rect(dest, (6, 20, 12), shadow, border_radius=radius)
        pygame.draw.rect(dest, fill, r, border_radius=radius)
        # a soft highlight on the upper half
        hi = pygame.Surface((r.w, max(1, r.h * 9 // 20)), pygame.SRCALPHA)
        pygame.draw.rect(hi, (255, 255, 255, 16), hi.get_rect(), border_top_left_radius=radius,
                         border_top_right_radius=radius)
        dest.blit(hi, r.topleft)
        pygame.draw.rect(dest, border, r, width=max(1, v.size(2)), border_radius=radius)
        draw_fitted(dest, tr(self.label), v.size(self.size), r.inflate(-v.size(16), 0), ink,
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

    def on_key(self, event) -> bool:
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
        draw_fitted(dest, tr(label), v.size(19), box, INK if self.enabled else MUTED, align="right")
        if focused:
            self._ring(dest, v, track, radius=14)


class Verbatim(str):
    """A label shown as it is in every language (a language's own name)."""


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
        """The chosen label in the language in use (a :class:`Verbatim` one as it is)."""
        value = self.get()
        for v, lab in self.choices:
            if v == value:
                return lab if isinstance(lab, Verbatim) else tr(lab)
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

    def on_key(self, event) -> bool:
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
        pygame.draw.rect(dest, theme.fill(FIELD_BG if self.enabled else (26, 36, 30)), r, border_radius=radius)
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
        label = self.label()
        line, _size = fit_text(label, v.size(self.size), mid.inflate(-v.size(4), 0).w)
        self._cut = label if line != label else ""     # its tip then says it whole
        draw_fitted(dest, label, v.size(self.size), mid.inflate(-v.size(4), 0),
                    INK if self.enabled else MUTED, align="center")
        if focused:
            self._ring(dest, v, r)

    def explanation(self) -> str:
        """As any control's, after the chosen value's whole words when they were cut."""
        said = super().explanation()
        cut = getattr(self, "_cut", "")
        return tr(t("{value}. {tip}", value=cut, tip=said)) if cut and said else (cut or said)


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

    def on_key(self, event) -> bool:
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


#: The name the forms knew their button by.
PushButton = Button

__all__ = ["Control", "Button", "PushButton", "Toggle", "Stepper", "Slider"]
