"""Why a control of the table cannot be used now, in one sentence, and what the engine
allows at this point (asked once per change of position or staging): the
:class:`Refusals` part of :class:`~.controller.TableController`. The sentences are the
engine's where it has one (a button's reason is a preview: nothing is played).
"""

from __future__ import annotations

from ...engine import Ask, Draw, Meld, Pass, TakePile, is_legal, legal_actions
from ...engine.state import ANSWER, DRAW, PLAY
from ...i18n import N_, t, tr
from .gestures import DRAW_FIRST, LowerFirst, Refuse, interpret, sentence_for, staged_meld


class Refusals:
    """The controls' reasons (the controller's ``state``, ``staged``, ``selected`` and
    ``_verdict`` cache are read)."""

    def verdicts(self) -> dict:
        """What the engine allows now, asked once per change of position or staging."""
        st = self.state
        key = (len(self.game.actions), id(st), st.phase, tuple(self.staged))
        if self._verdict_key != key:
            legal = legal_actions(st) if st.phase in (DRAW, PLAY) else []
            self._verdict_key = key
            self._verdict = {
                "draw": any(isinstance(a, Draw) for a in legal),
                "pass": any(isinstance(a, Pass) for a in legal),
                "take": any(isinstance(a, TakePile) for a in legal) or (st.phase == DRAW and bool(self.staged)),
                "ask": any(isinstance(a, Ask) for a in legal),
                "lay": bool(self.staged) and st.phase == PLAY and is_legal(st, staged_meld(self.staged)),
            }
        return self._verdict

    def button_why(self, name: str) -> str:
        """Why the table's button ``name`` does nothing now, rendered (asked when the
        reason is shown or spoken): the controller's sentence, or a plain one."""
        why = self.why_not(name)
        if why:
            return tr(why)
        if self.animator.busy and self.my_turn():
            why = N_("A moment: the cards are still moving.")
        else:
            why = {"hint": N_("A hint is offered on your own turn."),
                   "undo": self.undo_refusal()}.get(name, N_("Not now: it is not your move."))
        return tr(why)

    def why_not(self, what: str) -> str:
        """Why the control ``what`` ("draw", "take", "meld", "discard", "lay", "ask",
        "hint", "undo") cannot be used now, in one sentence ("" when it can)."""
        st = self.state
        if st.deal_over:
            return N_("The deal is over: see the score sheet.")
        if self.privacy is not None:
            return t("Pass the screen to {name} first.", name=self.seat_name(self.privacy))
        if self.confirm:
            return N_("Answer the question on the table first.")
        if st.phase == ANSWER:
            if self.answering():
                return N_("Answer your partner first: may they go out?")
            return t("{name} is deciding whether {asker} may go out.", name=self.seat_name(st.to_act),
                     asker=self.seat_name(st.turn))
        if not self.seats[st.to_act].human:
            return t("Wait for your turn: {name} is playing.", name=self.seat_name(st.to_act))
        if not self.my_turn():
            return t("It is {name}'s turn.", name=self.seat_name(st.to_act))
        ok = self.verdicts()
        if what == "draw":
            if st.phase == PLAY:
                return N_("You have drawn already: meld what you can, then discard one card.")
            return "" if (ok["draw"] or ok["pass"]) else self._engine_says(Pass())
        if what == "take":
            if st.phase == PLAY:
                return N_("You have drawn already: the pile can be taken only instead of drawing.")
            if ok["take"]:
                return ""
            if not st.pile:
                return N_("The discard pile is empty.")
            outcome = interpret(st, [st.pile[-1]], "hand", from_pile=True, staged=self.staged,
                                selected=self.selected)
            if isinstance(outcome, Refuse) and outcome.sentence:
                return outcome.sentence
            return N_("You cannot take the pile now: pick the cards from your hand that go with its top card.")
        if what in ("meld", "discard") and st.phase == DRAW:
            return DRAW_FIRST
        if what == "meld":
            return "" if self.selected else N_("Pick the cards to meld first: click them in your hand.")
        if what == "discard":
            if len(self.selected) == 1:
                return ""
            return N_("Pick one card to discard.") if not self.selected else N_("Pick just one card to discard.")
        if what == "lay":
            if not self.staged:
                if self._melded_this_turn():
                    return N_("Nothing is staged: your meld is already down (a meld that is enough on "
                              "its own goes down as you drop it).")
                return N_("Nothing is staged: drag cards to your meld area to put melds together, "
                          "then Lay down.")
            if st.phase == DRAW:
                return N_("Take the pile with the staged melds, or draw first.")
            return "" if ok["lay"] else self._engine_says(staged_meld(self.staged))
        if what == "ask":
            if ok["ask"]:
                return ""
            said = self._engine_says(Ask())
            if said.startswith("You cannot go out"):
                why = self._going_out_why()
                if why:
                    return t("You cannot go out yet: {why}", why=LowerFirst(why))
            return said
        if what == "hint":
            return N_("Thinking about a hint...") if self.hint_ticket is not None else ""
        if what == "undo":
            return "" if self.undo_point() is not None else self.undo_refusal()
        return ""

    def _melded_this_turn(self) -> bool:
        start = self.turn_start if self.turn_start is not None else len(self.game.actions)
        return any(isinstance(a, Meld) for a in self.game.actions[start:])

    def _engine_says(self, action) -> str:
        return sentence_for(self.state, action)

    def _going_out_why(self) -> str:
        """Why the side cannot go out (its canastas), in the engine's words."""
        try:
            from ...engine.melding import going_out_error
            return going_out_error(self.state, self.state.to_act, None, 0) or ""
        except Exception:  # a game without the usual check: the plainer sentence stands
            return ""
