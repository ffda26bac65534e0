"""Release 1 (before issue #15) of the medium player, for the arena's ``medium-r1``
(and the rollouts of ``hard-r1``). Not offered at the table.

Only what #15 changed is kept here as it was released (the weight of feeding the pile,
the keep value of a card, the discard and action scores); everything else is the
current :mod:`canasta.ai.policy`, unchanged since. ``tests/ai/test_previous_release.py``
holds fingerprints of this player's play taken at 6506fad, so a later change to a
shared helper that would alter it fails there.
"""

from __future__ import annotations

from typing import Optional, Sequence

from ...engine.actions import Action, Discard
from ...engine.cards import WILD_OF
from ...engine.observe import Observation
from .. import policy as current
from ..valuation import W_PILE_CARD

W_DANGER = 1.0          # release 1's weight of the danger of feeding the pile


def take_chance(v: Observation, seat: int, kind: int, pile_frozen: Optional[bool] = None,
                card: Optional[int] = None) -> float:
    """The current chance, without what the seat showed it lacks."""
    return current.take_chance(v, seat, kind, pile_frozen, card, memory=False)


def pile_value(v: Observation, extra: int = 0) -> float:
    """What the discard pile is worth to whoever takes it (in points of table value)."""
    size = v.pile_size + extra
    wild = sum(1 for c in v.sideways if WILD_OF[c])
    return W_PILE_CARD * size + 30.0 * wild


def keep_value(v: Observation, card: int) -> float:
    """The current keep value, without what the partner showed."""
    return current.keep_value(v, card, memory=False)


def discard_scores(v: Observation, options: Sequence[Discard]) -> list[float]:
    """The current discard scoring with release 1's weight, pile worth, chances and keep values."""
    return current.discard_scores(v, options, danger=W_DANGER, chance=take_chance, keep=keep_value,
                                  pile=pile_value)


def medium_scores(v: Observation, legal: Sequence[Action], best_only: bool = False) -> list[float]:
    """The current medium scoring, with release 1's judgement of the discards and the pile."""
    return current.medium_scores(v, legal, best_only, discards=discard_scores, pile=pile_value)


def medium_choose(v: Observation, legal: Sequence[Action]) -> Action:
    return current.medium_choose(v, legal, medium_scores)
