"""The table: a game of Canasta played with the mouse and the keyboard.

Three parts and the wiring between them:

- :mod:`.layout`: a pure function from the state and the view options to card
  poses, drop zones and labels, in the logical 1280 x 800 table;
- :mod:`.controller` (with the pure gesture function in :mod:`.gestures`):
  selection, staging, privacy, undo and the flow of turns;
- :mod:`.view`: draws what the layout and the controller say, and changes nothing;
- :mod:`.scene`: :class:`TableScene`, the window's input turned into the
  controller's calls.

The table never decides a rule itself: every highlight, drop target and button
asks the engine (``is_legal``, ``check``, ``legal_actions``, ``preview_groups``).
"""

from typing import Any

__all__ = ["SEAT_NAMES", "Drag", "SeatConfig", "TableScene"]


def __getattr__(name: str) -> Any:
    # the scene (and pygame with it) is imported on first use, so that the pure parts
    # (gestures, and the controller's rules of play) load without a window
    if name in __all__:
        from . import scene
        return getattr(scene, name)
    raise AttributeError(name)
