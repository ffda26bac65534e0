"""The screen base for everything around the table, built from the window's controls.

Menus, the new-game form, settings, statistics and the rules screen are
:class:`Screen` subclasses made of the controls of :mod:`canasta.ui.controls` and
:mod:`canasta.ui.fields`. Each control keeps its place as a rectangle in the table's
logical coordinates (1280 x 800, :class:`~canasta.ui.layout.View`), so a screen lays
itself out once in those coordinates and scales with the window. They are drawn in
the table's style (dark green panels, gold accents, :mod:`canasta.ui.draw`).

:class:`Screen` routes the mouse to the control under the pointer and the keyboard
to its :class:`~canasta.ui.focus.FocusGroup`: Tab, Shift+Tab and the arrow keys move
the focus, Enter or Space presses the focused control, a button's own key presses
it, and Escape calls :meth:`Screen.back`. Pointing at a control for a moment (or
focusing it from the keyboard) shows what it does, or why it cannot be used.

The names the screens import (controls and drawing helpers) are all offered here too.
"""

from __future__ import annotations

from typing import Optional

import pygame

from ..i18n import N_, t, tr  # noqa: F401
from .controls import Button, Control, PushButton, Slider, Stepper, Toggle
from .draw import (DARK_INK, FIELD_BG, FIELD_BORDER, FOCUS_RING, GOLD_BUTTON, GOLD_BUTTON_HOVER, GOLD_DEEP, MUTED,
                   TRACK_OFF, TRACK_ON, dim, draw_fitted, draw_heading, draw_tip, draw_title, fit_text,
                   note, section_panel, wrap)
from .fields import ListView, TextField
from .focus import FocusGroup
from .layout import View
from .scene import Scene
from .widgets import Toast

wrap_lines = wrap  # the one word-wrapper, from draw

#: seconds the pointer rests on a control before its explanation shows
TIP_DELAY = 0.6


def control_words(c: Optional[Control]) -> str:
    """A control as *Read the game aloud* says it: its name, its value, what it does."""
    if c is None:
        return ""
    label = getattr(c, "label", "")
    label = label() if callable(label) else label
    parts = [p for p in (getattr(c, "spoken", ""), label) if p]
    if isinstance(c, Toggle):
        parts.append("on" if c.value else "off")
    elif isinstance(c, Slider):
        parts.append(c.fmt(c.get()))
    elif isinstance(c, Button):
        parts.append("button")
    tip = c.explanation()
    return ", ".join(parts) + "." + (f" {tip}" if tip and tip not in parts else "")


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
        self.focus_group = FocusGroup(on_focus=lambda c: self.on_focus(c))
        self.pressed: Optional[Control] = None
        self.mouse: tuple[float, float] = (-1.0, -1.0)
        self.toast = Toast()
        self.quit_requested = False
        self._rest = 0.0   # how long the pointer has rested on the control under it

    # the controls, the focused one and the default (Enter with nothing focused) live
    # in the focus group
    @property
    def controls(self) -> list[Control]:
        return self.focus_group.controls

    @controls.setter
    def controls(self, value: list[Control]) -> None:
        self.focus_group.controls = list(value)

    @property
    def focused(self) -> Optional[Control]:
        return self.focus_group.focused

    @focused.setter
    def focused(self, control: Optional[Control]) -> None:
        self.focus_group.focused = control

    @property
    def default_focus(self) -> Optional[Control]:
        return self.focus_group.default

    @default_focus.setter
    def default_focus(self, control: Optional[Control]) -> None:
        self.focus_group.default = control

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
        return self.focus_group.focusables()

    # -- navigation
    def back(self) -> None:
        """Escape: leave the screen (subclasses decide where to)."""

    def focus(self, control: Optional[Control]) -> None:
        self.focus_group.focus(control)

    def on_focus(self, control: Optional[Control]) -> None:
        """The focus moved (a screen with a scrolling part brings it into view)."""

    def move_focus(self, d: int) -> None:
        self.focus_group.move(d)

    def move_spatial(self, key: int) -> None:
        self.focus_group.move_spatial(key)

    # -- the scene interface
    def handle(self, event: pygame.event.Event) -> None:
        self.layout()
        v = self.view
        t = event.type
        if t == pygame.KEYDOWN:
            self._key(event)
        elif t == pygame.TEXTINPUT:
            f = self.focus_group.current()
            if f is not None:
                f.text_input(event.text)
        elif t == pygame.MOUSEMOTION:
            lpos = v.logical(*event.pos)
            self.mouse = lpos
            for c in self.controls:
                c.hover = c.enabled and c.contains(lpos)
            self._rest = 0.0
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
        """A key nothing else used (Page Down, say); True if used."""
        return False

    def _key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE:
            self.back()
            return
        if not self.focus_group.handle_key(event):
            self.shortcut(event)
        self.speak_focus()

    def speak_focus(self) -> None:
        """Read the game aloud: the focused control, when it or its value changed."""
        speech = getattr(self.app, "speech", None)
        if speech is None or not speech.on or self.app.scene is not self:
            return
        words = control_words(self.focus_group.current())
        if words and words != getattr(self, "_spoken", ""):
            self._spoken = words
            speech.say(words, interrupt=True)

    def update(self, dt: float) -> None:
        self.toast.update(dt)
        self._rest += dt

    def draw_background(self, surf: pygame.Surface) -> None:
        surf.blit(self.app.felt(surf.get_size()), (0, 0))

    def draw_content(self, surf: pygame.Surface, v: View) -> None:
        """The screen's own drawing, under the controls."""

    def draw_overlay(self, surf: pygame.Surface, v: View) -> None:
        """Drawing above the controls."""

    def tip_control(self) -> Optional[Control]:
        """The control whose explanation shows: the one the pointer rests on, or the
        one focused from the keyboard."""
        if self.app.keyboard_used:
            f = self.focus_group.current()
            return f if (f is not None and f.explanation()) else None
        if self._rest < TIP_DELAY or self.pressed is not None:
            return None
        c = self.control_at(self.mouse)
        return c if (c is not None and c.explanation()) else None

    def draw(self, surf: pygame.Surface) -> None:
        self.layout()
        v = self.view
        self.draw_background(surf)
        if self.title:
            draw_title(surf, v, tr(self.title), tr(self.subtitle))
        self.draw_content(surf, v)
        show_focus = self.app.keyboard_used
        for c in self.controls:
            focused = c is self.focused and c.can_focus()
            c.draw(surf, v, focused and (show_focus or c.shows_focus_always))
            if c.visible and c.rect.w > 0:
                note("control", surf, v.rect(c.rect), c.name)
        self.draw_overlay(surf, v)
        tipped = self.tip_control()
        if tipped is not None:
            draw_tip(surf, v, tipped.rect, tipped.explanation())
        self.toast.draw(surf, v.pt(640, 700), v.size(22), v.size(760))

    def close(self) -> None:
        """Leaving the screen."""

    def notice(self, message: str, seconds: float = 6.0, error: bool = True) -> None:
        self.toast.show(message, seconds, error=error)


__all__ = ["Control", "Button", "PushButton", "Toggle", "Stepper", "Slider", "TextField", "ListView", "Screen",
           "FocusGroup", "fit_text", "draw_fitted", "wrap_lines", "draw_heading", "draw_title", "section_panel",
           "dim", "MUTED", "GOLD_DEEP", "FOCUS_RING", "FIELD_BG", "FIELD_BORDER", "TRACK_OFF", "TRACK_ON",
           "GOLD_BUTTON", "GOLD_BUTTON_HOVER", "DARK_INK"]
