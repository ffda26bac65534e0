"""Cards dropped on the table, played: the :class:`Drops` part of
:class:`~.controller.TableController`.

The gesture proposes (:func:`.gestures.propose`: the move the drop means, or staging,
or the table's own refusal); the engine decides once, as the game plays the move
(:meth:`~.controller.TableController.attempt`), and the sentence the player sees is
that decision's. Only the drop zones lit while cards are dragged ask the engine
beforehand, and that is a preview (:func:`.gestures.interpret`).
"""

from __future__ import annotations

from typing import Optional, Sequence

from ...engine import Meld, is_legal
from .gestures import Play, Refuse, Stage, after_staging, propose
from ...i18n import t


class Drops:
    """The drops' part of the controller (its ``game``, ``state``, ``staged``,
    ``selected``, ``vet``, ``say``, ``attempt``, ``perform`` and ``relayout`` are the
    controller's)."""

    def release(self, cards: Sequence[int], zone: Optional[str], from_pile: bool = False,
                from_meld: Optional[int] = None) -> None:
        """Cards dragged and released on ``zone``: play, stage, or slide back with the reason
        (``from_meld``: the side's meld with this id was dragged, see gestures.merge_onto).
        The gesture proposes (:func:`.gestures.propose`); the engine decides once."""
        outcome = propose(self.state, cards, zone, from_pile=from_pile, staged=self.staged,
                          selected=self.selected, from_meld=from_meld)
        if isinstance(outcome, Play):
            self.play_drop(outcome)
        elif isinstance(outcome, Stage):
            self.stage(outcome.cards)
        elif isinstance(outcome, Refuse):
            self.refuse_drop(outcome.sentence)
        else:
            self.relayout()

    def play_drop(self, drop: Play) -> bool:
        """A drop's move played: the engine judges each reading of the drop once, as the
        game plays it, in their order; refused every way, the cards are staged when the
        drop allows it, else they slide back with the engine's sentence. A lesson's guide
        that would keep a reading back has the engine asked instead (nothing is played),
        so that its words or the refusal's are said, as for any drop. (An online table,
        whose game the server plays, overrides this: see ``OnlineController.play_drop``.)"""
        st = self.state
        team = st.team_of(st.to_act)
        opened = st.opened(team)
        need = st.minimum(team)
        refusals: dict[int, str] = {}
        for k, action in enumerate(drop.moves()):
            why = self.vet(action) if self.guided() else None
            if why:
                if is_legal(st, action):
                    self.say(why, 5.0)
                    self.relayout()
                    return False
                refusals[k] = ""
                continue
            refusal = self.attempt(action)
            if refusal is None:
                if isinstance(action, Meld) and not opened and self.state.opened(team) and not self.toast.visible:
                    # a group that meets the minimum alone goes straight down: say so (Lay down
                    # is for melds staged together)
                    self.say(t("Your side's first meld is down: it met the {need} on its own, "
                               "so it went straight down.", need=need), 4.0)
                return True
            refusals[k] = refusal
        if drop.instead is not None:
            self.stage(drop.instead.cards)
            return False
        self.refuse_drop(drop.refused or refusals.get(drop.told) or drop.fallback)
        return False

    def perform_previewed(self, outcome) -> bool:
        """The drop's move as the engine previews it: performed, staged or refused."""
        if isinstance(outcome, Play):
            return self.perform(outcome.action)
        if isinstance(outcome, Stage):
            self.stage(outcome.cards)
        else:
            self.refuse_drop(outcome.sentence)
        return False

    def refuse_drop(self, sentence: str) -> None:
        """A drop not played: the reason (a lesson's guide says it gently), and the cards
        slide back."""
        guide = self.vet(None) if self.vet is not None else None
        self.say(guide or sentence, error=not guide)
        self.relayout()

    def stage(self, cards: tuple[int, ...]) -> None:
        self.staged.append(tuple(cards))
        self.selected -= set(cards)
        self.say(after_staging(self.state, self.staged), 3.5)
        self.relayout()

    def unstage(self, index: int) -> None:
        self.staged.pop(index)
        self.relayout()
