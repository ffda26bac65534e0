"""The hint: the move the coach's search rates best in the viewer's seat
(:mod:`canasta.ai.advice`), with the fact behind it and its worth in points.

It is asked of the app's :class:`~canasta.ai.worker.AIWorker` like any computer
decision (level ``"hint"``), so the window never waits for it (it searches up to two
seconds, its progress shown), and it can be cancelled: when the position changes
before it answers, or the table closes. The hint sees only the seat's observation,
as a computer player does.
"""

from __future__ import annotations

from typing import Optional

from ...engine import Discard, Meld, TakePile, legal_actions
from ...engine.observe import observe
from ...i18n import N_, Text, t

HINT_LEVEL = "hint"


def cards_of(action) -> list[int]:
    """The hand cards an action would play (to pick them up for the player)."""
    cards: list[int] = []
    if isinstance(action, Meld):
        for g in action.groups:
            cards.extend(g.cards)
    elif isinstance(action, TakePile):
        cards.extend(action.with_cards)
        for g in action.melds:
            cards.extend(g.cards)
    elif isinstance(action, Discard):
        cards.append(action.card)
    elif isinstance(getattr(action, "cards", None), tuple):   # a game's own (Modern American's threes)
        cards.extend(action.cards)
    return cards


def follows_hint(hinted, kind, selected, staged) -> bool:
    """Take pile or Meld (``kind``) pressed with the hint's cards still picked and nothing
    staged: the hinted move is played as it is (a take with melds, a meld of several
    groups or onto a chosen meld, which the picked cards alone would not say)."""
    return (hinted is not None and type(hinted) is kind and not staged
            and set(selected) == set(cards_of(hinted)))


def hint_zones(action) -> tuple[str, ...]:
    """The table zones an action's cards go to, as the layout names them: the side's
    melds it adds to ("meld:<id>"), the meld area for a new meld, the pile for a
    discard or a take, the stock for a draw."""
    from ...engine import Draw, Pass
    zones: list[str] = []

    def add(z: str) -> None:
        if z not in zones:
            zones.append(z)

    if isinstance(action, Draw):
        add("stock")
    elif isinstance(action, (Discard, Pass)):
        add("pile")
    elif isinstance(action, TakePile):
        add("pile")
        if action.onto is not None:
            add(f"meld:{action.onto}")
        elif action.with_cards:
            add("meld_area")
        for g in action.melds:
            add(f"meld:{g.onto}" if g.onto is not None else "meld_area")
    elif isinstance(action, Meld):
        for g in action.groups:
            add(f"meld:{g.onto}" if g.onto is not None else "meld_area")
    return tuple(zones)


class Hint:
    """One hint at a time, asked of ``app.ai`` (see the module documentation)."""

    def __init__(self, app):
        self.app = app
        self.ticket: Optional[int] = None
        self._asked = None          # (observation, legal actions) it was asked for

    @property
    def pending(self) -> bool:
        return self.ticket is not None

    def ask(self, st) -> None:
        if self.ticket is not None:
            return
        obs = observe(st, st.to_act)
        legal = legal_actions(st)
        self._asked = (obs, legal)
        self.ticket = self.app.ai.request(st.to_act, obs, legal, HINT_LEVEL)

    def cancel(self) -> None:
        """Drop the hint being thought about (nothing else is pending on a player's turn)."""
        if self.ticket is not None:
            self.app.ai.cancel()
            self.forget()

    def forget(self) -> None:
        self.ticket = None
        self._asked = None

    def progress_text(self) -> str:
        """'Thinking about a hint... 40%' while the search runs."""
        from ...ai.advice import progress
        done = progress()
        return (t("Thinking about a hint... {percent}%", percent=int(done * 100)) if done > 0
                else Text(N_("Thinking about a hint...")))

    def answer(self, action) -> str:
        """The hint's answer came: the sentence that explains it."""
        obs, legal = self._asked
        self.forget()
        if action is None:
            return Text(N_("No hint."))
        try:
            from ...ai.advice import reason_for
            return reason_for(obs, action, legal) or Text(N_("No hint."))
        except Exception as e:  # a hint must never break the game
            return t("No hint available ({error}).", error=str(e))
