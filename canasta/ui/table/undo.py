"""Undo at the table: the :class:`Undo` part of :class:`~.controller.TableController`.

**Undo never goes back past a card that was revealed.** A draw from the stock (with
its red-three replacements) or taking the pile shows cards that were hidden; undo goes
back at most to just after the last such action, and never before the start of the
person's turn.
"""

from __future__ import annotations

from typing import Optional

from ...engine import Draw, TakePile
from ...i18n import N_

UNDO_TURN = N_("Back to the start of your turn.")


class Undo:
    """The undo's part of the controller (its ``game``, ``turn_start`` and
    ``reveal_point`` are the controller's)."""

    def undo_point(self) -> Optional[int]:
        """How many actions an undo keeps, or None when there is nothing to undo: never
        fewer than the start of the turn or the last action that revealed a card."""
        if self.turn_start is None:
            return None
        point = max(self.turn_start, self.reveal_point)
        return point if len(self.game.actions) > point else None

    def undo_target(self) -> str:
        """Where Undo goes back to, in words (the button's tip and the note after it)."""
        point = max(self.turn_start or 0, self.reveal_point)
        if self.turn_start is not None and point == self.turn_start:
            return UNDO_TURN
        last = self.game.actions[point - 1] if point else None
        if isinstance(last, Draw):
            return N_("Back to just after your draw.")
        if isinstance(last, TakePile):
            return N_("Back to just after you took the pile.")
        return N_("Back to just after the last card shown.")

    def undo_refusal(self) -> str:
        """Why Undo cannot be used now."""
        if self.turn_start is not None and len(self.game.actions) > self.turn_start:
            return N_("A card you have seen cannot be taken back: nothing to undo since.")
        return N_("Nothing to undo.")

    def undo(self) -> None:
        point = self.undo_point()
        if point is None:
            return
        target = self.undo_target()
        self.cancel_hint()
        self.game.replay_to(point)
        keep = sum(1 for at in self.log_at if at <= point)
        del self.log[keep:], self.log_at[keep:]
        self.marks = {}
        self.hint_zones = ()
        self.hinted = None
        self.selected.clear()
        self.staged = []
        self.relayout()
        self.toast.show(target, 2)
        if self.on_change:
            self.on_change(self.owner, [])
