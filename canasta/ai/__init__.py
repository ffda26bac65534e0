"""Computer players: they see only an Observation and choose a legal Action.

    from canasta.ai import make_player, hint
    player = make_player("medium", seed=7)
    action = player.choose(observe(state, seat), legal_actions(state))
    action, reason = hint(observe(state, seat), legal_actions(state))

Levels: ``"easy"``, ``"medium"``, ``"hard"`` and ``"random"`` (a yardstick). Run them
off the window's thread with :class:`canasta.ai.worker.AIWorker`.
"""

from __future__ import annotations

from typing import Sequence

from ..engine.actions import Action
from ..engine.observe import Observation
from ..vocab import AI_LEVELS
from .players import EasyPlayer, MediumPlayer, Player, RandomPlayer
from .search import DEFAULT_BUDGET_MS, HardPlayer
from . import american, handfoot, plugins

# the games that bring their own play (the others are played by canasta.ai.policy)
plugins.register("american", american)
plugins.register("hand_and_foot", handfoot)

#: every level a computer player can be made at (see canasta.vocab)
LEVELS = AI_LEVELS
#: the previous release of the medium and hard players (before issue #15), for the
#: arena only: ``python -m canasta.arena --team0 hard --team1 hard-r1``
PREVIOUS_RELEASE = ("medium-r1", "hard-r1")
ARENA_LEVELS = (*LEVELS, *PREVIOUS_RELEASE)


def make_player(level: str, seed: int = 0, budget_ms: float | None = None,
                cap_ms: float | None = None) -> Player:
    """A computer player of ``level``. ``seed`` fixes the hard and random players'
    choices; ``budget_ms`` is the hard player's time per decision (it sets its number
    of worlds), ``cap_ms`` its clock cap (default: 2.5 budgets, one in Samba and Bolivia)."""
    level = level.lower()
    if level == "easy":
        return EasyPlayer()
    if level == "medium":
        return MediumPlayer()
    if level == "hard":
        return HardPlayer(seed=seed, budget_ms=budget_ms, cap_ms=cap_ms)
    if level == "random":
        return RandomPlayer(seed=seed)
    if level == "hint":   # what the Hint button asks the AI worker (not a level to play against)
        from .advice import HINT_SECONDS, HINT_WORLDS, HintPlayer
        scale = 1.0 if budget_ms is None else budget_ms / DEFAULT_BUDGET_MS
        seconds = HINT_SECONDS if cap_ms is None else cap_ms / 1000.0
        return HintPlayer(worlds=max(2, int(round(HINT_WORLDS * scale))), seconds=seconds)   # the coach's worlds
    if level in PREVIOUS_RELEASE:
        from .r1 import HardR1, MediumR1
        if level == "hard-r1":
            return HardR1(seed=seed, budget_ms=budget_ms, cap_ms=cap_ms)
        return MediumR1()
    raise ValueError(f"Unknown level {level!r}: choose one of {', '.join(LEVELS)}.")


def hint(obs: Observation, legal: Sequence[Action], seed: int = 0,
         budget_ms: float | None = None) -> tuple[Action, str]:
    """The hint for the seat of ``obs`` (:func:`canasta.ai.advice.advise`: the move the
    coach's search rates best, never a visible blunder unless clearly better) with its
    one-line reason. ``budget_ms`` scales its worlds as it scales the hard player's;
    the worlds are the coach's own whatever ``seed`` (kept for callers)."""
    from .advice import HINT_WORLDS, advise
    scale = 1.0 if budget_ms is None else budget_ms / DEFAULT_BUDGET_MS
    a = advise(obs, legal, worlds=max(2, int(round(HINT_WORLDS * scale))))
    return a.action, a.reason


__all__ = ["LEVELS", "ARENA_LEVELS", "PREVIOUS_RELEASE", "DEFAULT_BUDGET_MS", "Player", "EasyPlayer", "MediumPlayer", "HardPlayer",
           "RandomPlayer", "make_player", "hint"]
