"""Keyboard focus over a set of controls: the one focus framework of the window.

A :class:`FocusGroup` holds controls in their Tab order. Tab and Shift+Tab go to the
next and previous control that can take the focus (visible, enabled, placed); the
arrow keys go to the nearest such control in that direction; Enter or Space presses
the focused control, and with nothing focused Enter presses the group's default.
A key that names a button (its ``key``, a letter say) presses that button.

The group does not care which coordinates the controls' rectangles are in, only
that they share them: the forms use the logical 1280 x 800 table, the table may use
window pixels. A control is anything with ``rect``, ``can_focus()``,
``activate()`` and ``on_key(event)`` (see :class:`~canasta.ui.controls.Control`).
"""

from __future__ import annotations

from typing import Callable, Optional, Protocol, Sequence

import pygame

ARROWS = (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT)
PRESS_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class Focusable(Protocol):
    rect: pygame.Rect
    #: a key that presses this control from anywhere on its screen (or None)
    key: Optional[int]
    #: Enter moves the focus on instead of pressing (a text field)
    enter_moves_on: bool

    def can_focus(self) -> bool: ...

    def can_press(self) -> bool: ...

    def activate(self) -> None: ...

    def on_key(self, event: pygame.event.Event) -> bool: ...


class FocusGroup:
    """Which control has the keyboard focus, and how keys move it (module docs)."""

    def __init__(self, controls: Sequence[Focusable] = (), default: Optional[Focusable] = None,
                 on_focus: Optional[Callable[[Optional[Focusable]], None]] = None):
        self.controls: list = list(controls)
        self.focused: Optional[Focusable] = None
        #: what Enter presses when nothing has the focus
        self.default: Optional[Focusable] = default
        #: called after the focus moved (a scrolling screen brings the control into view)
        self.on_focus = on_focus

    # -- which
    def focusables(self) -> list:
        """The controls that can take the focus now, in Tab order."""
        return [c for c in self.controls if c.can_focus()]

    def current(self) -> Optional[Focusable]:
        """The focused control, if it can still hold the focus (it may have been hidden)."""
        f = self.focused
        return f if (f is not None and f.can_focus()) else None

    # -- moving
    def focus(self, control: Optional[Focusable]) -> None:
        self.focused = control
        if self.on_focus is not None:
            self.on_focus(control)

    def move(self, d: int) -> None:
        """Tab (``d`` = 1) or Shift+Tab (``d`` = -1), wrapping round, skipping what cannot take the focus."""
        items = self.focusables()
        if not items:
            return
        if self.focused not in items:
            self.focus(items[0] if d > 0 else items[-1])
            return
        i = items.index(self.focused)
        self.focus(items[(i + d) % len(items)])

    def move_spatial(self, key: int) -> None:
        """An arrow key: the nearest control in that direction (Up and Down fall back to
        the previous and next control when there is none)."""
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
            self.move(1 if key == pygame.K_DOWN else -1)

    # -- pressing
    def press(self, key: int = pygame.K_RETURN) -> bool:
        """Enter or Space: press the focused control (a text field moves on instead).

        With nothing focused, the default control takes the focus, and Enter (not
        Space) presses it. True when the key was used.
        """
        f = self.current()
        if f is not None:
            if f.enter_moves_on:
                self.move(1)
            else:
                f.activate()
            return True
        d = self.default
        if d is not None and d.can_focus():
            self.focus(d)
            if key != pygame.K_SPACE:
                d.activate()
            return True
        return False

    def press_shortcut(self, key: int) -> bool:
        """Press the first control whose ``key`` is ``key`` and that can be pressed now."""
        for c in self.controls:
            if c.key is not None and c.key == key and c.can_press():
                c.activate()
                return True
        return False

    def handle_key(self, event: pygame.event.Event) -> bool:
        """A KEYDOWN: Tab, the focused control's own keys, arrows, Enter/Space, then
        shortcuts, in that order. True when the key was used."""
        k = event.key
        if k == pygame.K_TAB:
            self.move(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        f = self.current()
        if f is not None and f.on_key(event):
            return True
        if k in ARROWS:
            self.move_spatial(k)
            return True
        if k in PRESS_KEYS:
            return self.press(k)
        return self.press_shortcut(k)


__all__ = ["ARROWS", "PRESS_KEYS", "Focusable", "FocusGroup"]
