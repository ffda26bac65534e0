"""The one interface every screen of the window implements.

The app's frame loop (:class:`~canasta.ui.app.App`) and the session talk to the
current screen only through these members; they never ask a screen whether it
has some method. A screen subclasses :class:`Scene` and overrides what it needs:

- ``handle(event)``: one pygame event (the app has already dealt with quitting,
  resizing and F11);
- ``update(dt)``: the frame's time step, in seconds;
- ``draw(surface)``: draw the whole window; drawing changes nothing else;
- ``resize()``: the window changed size (caches of drawn pixels are stale);
- ``close()``: the screen is left (stop whatever works in the background);
- ``is_idle()``: True when drawing again now would show the same picture, so the
  app may skip the frame;
- ``notice(message, seconds, error)``: show a sentence from outside the screen
  (a file that could not be written, say);
- ``quit_requested``: set when the screen wants the window closed;
- ``title``: the screen's name ("" for the table), said aloud when it opens.
"""

from __future__ import annotations

import pygame


class Scene:
    """Base of every screen: see the module documentation."""

    #: the screen asks the app to close the window after this frame
    quit_requested: bool = False
    #: the screen's name, said when it opens with Read the game aloud on ("" for none)
    title: str = ""

    def handle(self, event: pygame.event.Event) -> None:
        raise NotImplementedError

    def update(self, dt: float) -> None:
        raise NotImplementedError

    def draw(self, surface: pygame.Surface) -> None:
        raise NotImplementedError

    def resize(self) -> None:
        """The window has a new size."""

    def close(self) -> None:
        """The screen is left."""

    def is_idle(self) -> bool:
        """Whether the app may skip drawing this frame (by default it never does)."""
        return False

    def notice(self, message: str, seconds: float = 6.0, error: bool = True) -> None:
        """Show ``message`` for a few seconds (a screen without a place for it ignores it)."""


__all__ = ["Scene"]
