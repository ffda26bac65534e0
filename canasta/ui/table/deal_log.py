"""The move log of the deal at the table, kept by the controller (this is its
:class:`DealLog` part): the engine's narration of each move, after how many actions
each line was written (undo cuts the log back), the cards of each player's last move
marked for a few seconds, and what a hot-seat player missed since their last turn.
Rebuilt from the game's record when a game is continued, with the undo points the
record implies.
"""

from __future__ import annotations

from ...engine import Draw, NextDeal, TakePile
from ...engine.narrate import deal_lines, narrate, opening_line
from ...engine.state import DRAW, PLAY
from ...vocab import shown_name

MARK_SECONDS = 3.0            # how long a player's last move stays marked on the table
SUMMARY_LINES = 14            # the most lines the hot-seat privacy screen shows


def reveals_hidden_card(action, events) -> bool:
    """Whether playing ``action`` showed a card that was hidden: a draw from the stock
    (and any red-three replacement), taking the pile."""
    if isinstance(action, (Draw, TakePile)):
        return True
    return any(e.kind == "move" and e.src[:1] == ("stock",) for e in events)


class DealLog:
    """The move log's part of :class:`~.controller.TableController` (its ``log``,
    ``log_at``, ``marks``, ``seen_upto`` and ``reveal_point`` are the controller's)."""

    def names(self) -> list[str]:
        return [shown_name(s.name) for s in self.seats]

    def _rebuild_log(self) -> None:
        """The log of the deal in progress, from the game's record (a game continued from
        its save has one too), with the undo points the record implies: undo survives a
        quit and Continue within the same turn, never past a card that was revealed."""
        turns: list[int] = []
        reveal = 0

        def note(i, seat, turn, action, events):
            nonlocal reveal
            turns.append(-1 if isinstance(action, NextDeal) else turn)
            if reveals_hidden_card(action, events) or any(e.kind == "deal_started" for e in events):
                reveal = i + 1

        game = self.game
        if game.actions:
            lines = deal_lines(game, self.names(), on_action=note)
        else:
            lines = [opening_line(game.state, self.names())]
        n = len(game.actions)
        self.log = lines
        self.log_at = [n - len(lines) + 1 + k for k in range(len(lines))]
        if self.log_at:
            self.log_at[0] = min(self.log_at[0], n)
        self.reveal_point = reveal
        st = self.state
        if st.phase in (DRAW, PLAY) and self.seats[st.turn].human and not st.deal_over:
            start = n
            while start > 0 and turns[start - 1] == st.turn:
                start -= 1
            self.turn_start = start

    def _log_action(self, actor: int, action, events, line=None) -> None:
        """The move's line in the log (``line``: narrated ahead, with these names)."""
        if line is None:
            line = narrate(self.state, actor, action, events, self.names())
        if any(e.kind == "deal_started" for e in events):
            self.log, self.log_at = [], []
            self.seen_upto = {}
            self.marks = {}
        self.log.append(line)
        self.log_at.append(len(self.game.actions))
        if line.shown and line.seat >= 0:
            # a turn's melds and its discard are marked together
            prev = self.marks.get(line.seat)
            same_turn = len(self.log) >= 2 and self.log[-2].seat == line.seat and prev is not None
            cards = (prev[0] if same_turn else ()) + line.shown
            self.marks[line.seat] = (cards, MARK_SECONDS)

    def marked_cards(self) -> set[int]:
        """The cards of each player's last move, while they are marked."""
        out: set[int] = set()
        for cards, left in self.marks.values():
            if left > 0:
                out.update(cards)
        return out

    def summary_for(self, seat: int) -> list[str]:
        """Hot-seat: what the others did since ``seat`` last looked at the table."""
        if seat not in self.seen_upto:
            # not seen at this sitting (a game continued, say): the whole deal so far,
            # the player's own moves too
            return [ln.text for ln in self.log][-SUMMARY_LINES:]
        since = self.seen_upto[seat]
        lines = [ln.text for ln in self.log[since:] if ln.seat != seat]
        return lines[-SUMMARY_LINES:]
