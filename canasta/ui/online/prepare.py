"""A move from the table, made ready for the window on the network thread as it arrives.

An update from the server is a finished position (the observation, a state that agrees
with it, the events): nothing in it waits for the window. So the network thread, idle
between messages, works out as it decodes each update what the window would otherwise
work out in the frame that shows it: the backs' ids after the move (:mod:`.facedown`,
kept in step with the window's own), the table's layout for the options the window last
laid out with, and the move log's line for the names it last showed. The frame then
only checks that its own options, backs and names are still those (a card picked, a
window resized or a seat's name changed meanwhile) and takes them, or works them out as
ever. The result is the same either way; the frame that applies a move costs less.

The window makes one :class:`Preparer` for each link (:func:`new_link`) so that it sees
every update from the first; the controller takes its backs at each opening update
(:attr:`Prepared.down`), after which both follow the same moves in the same order.
Layout and narration are pure (no pygame surface, no font): safe on another thread.
"""

from __future__ import annotations

import sys
import traceback
from typing import Any, NamedTuple, Optional

from ...engine.narrate import Line, narrate
from ...net.link import NetLink, Update
from ..table.layout import FaceDown, LayoutOptions, TableLayout, lay_out
from .facedown import FaceDownIds


class Prepared(NamedTuple):
    """What the network thread worked out for one update."""

    face_down: FaceDown                  # the backs after the move
    opts: Optional[LayoutOptions]        # the options it was laid out with (None: not laid out)
    layout: Optional[TableLayout]
    names: Optional[tuple]               # the names it was narrated with (None: not narrated)
    line: Optional[Line]
    down: Optional[FaceDownIds]          # at an opening: the backs, for the window to take


def _no_pose(_back: int) -> None:
    return None


class Preparer:
    """Called by the link on the network thread for each update (see the module docs).
    ``opts`` and ``names`` are set by the window's thread (a reference swapped whole)."""

    def __init__(self) -> None:
        self.down = FaceDownIds()
        self.opts: Optional[LayoutOptions] = None
        self.names: Optional[tuple] = None

    def __call__(self, u: Update) -> None:
        try:
            u.prepared = self._prepare(u)
        except Exception:        # the window works it out itself: never lose a move
            print("canasta: an update could not be made ready ahead; the window does it", file=sys.stderr)
            traceback.print_exc()
            u.prepared = None

    def _prepare(self, u: Update) -> Prepared:
        down = None
        if u.opening:
            self.down.reset(u.obs)
            down = self.down.copy()
        elif any(e.kind == "deal_started" for e in u.events):
            self.down.reset(u.obs)
        else:
            self.down.follow(u.events, u.obs, _no_pose)
        face_down = self.down.face_down()
        opts, names = self.opts, self.names
        layout = lay_out(u.obs, face_down, opts) if opts is not None else None
        line = None
        if names is not None and not u.opening:
            line = narrate(u.mirror, u.seat, u.action, u.events, list(names))
        return Prepared(face_down, opts, layout, names, line, down)


def new_link(name: str) -> NetLink:
    """A link whose updates come ready for the window (see the module docs)."""
    link = NetLink(name)
    link.prepare = Preparer()
    return link


def take_layout(prepared: Optional[Prepared], opts: LayoutOptions, face_down: FaceDown) -> Optional[TableLayout]:
    """The prepared layout when it was laid out for these very options and backs."""
    if prepared is None or prepared.layout is None or prepared.opts != opts or prepared.face_down != face_down:
        return None
    return prepared.layout


def take_line(prepared: Optional[Prepared], names: Any) -> Optional[Line]:
    """The prepared log line when it was narrated with these very names."""
    if prepared is None or prepared.line is None or prepared.names != tuple(names):
        return None
    return prepared.line


__all__ = ["Prepared", "Preparer", "new_link", "take_layout", "take_line"]
