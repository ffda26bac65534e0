"""The computer players' common interface and the simple levels.

A :class:`Player` is handed ``observe(state, seat)`` (its hand and the public history
of the deal, see :class:`~canasta.engine.observe.Observation`) and the legal actions
of that seat, never the state, and returns one of the legal actions. Players keep no
memory between decisions: the same observation always gets the same answer (for
the hard player: for the same seed), which is what makes fairness testable.
"""

from __future__ import annotations

import random
from typing import Callable, Optional, Sequence

from ..engine.actions import Action
from ..engine.observe import Observation
from .policy import easy_choose, medium_choose, trivial

StopCheck = Optional[Callable[[], bool]]


class Player:
    """A computer player. Subclasses implement :meth:`choose`."""

    level = "player"

    def choose(self, obs: Observation, legal: Sequence[Action], should_stop: StopCheck = None) -> Action:
        """One element of ``legal`` for the seat of ``obs``. ``should_stop`` (optional)
        returns True when the answer is no longer wanted; a searching player then
        answers at once with its quick choice."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


def observation_key(obs: Observation) -> str:
    """A text that differs between observations that differ (seeds the hard player's
    random numbers, so a decision depends on the seed and the observation alone)."""
    melds = tuple(tuple((m.rank, m.cards) for m in team) for team in obs.melds)
    return repr((obs.seat, obs.deal_number, obs.dealer, obs.turn, obs.phase, tuple(sorted(obs.hand)),
                 obs.hand_sizes, obs.known, melds, obs.red3, obs.pile, obs.frozen, obs.sideways,
                 obs.stock_size, obs.scores, obs.asked, obs.permission, obs.melded_this_turn,
                 obs.took_pile, obs.turns_taken, obs.public_history))


class RandomPlayer(Player):
    """Plays a legal action uniformly at random (a yardstick for the arena)."""

    level = "random"

    def __init__(self, seed: int = 0):
        self.seed = seed

    def choose(self, obs, legal, should_stop: StopCheck = None):
        rng = random.Random(f"random|{self.seed}|{observation_key(obs)}")
        return legal[rng.randrange(len(legal))]


class HeuristicPlayer(Player):
    """A level that plays the highest-scoring action of one policy function."""

    policy: Callable[[Observation, Sequence[Action]], Action]

    def choose(self, obs, legal, should_stop: StopCheck = None):
        t = trivial(legal)
        if t is not None:
            return t
        return type(self).policy(obs, legal)


class EasyPlayer(HeuristicPlayer):
    """Melds what it can, goes out as soon as it can, throws its least useful card."""

    level = "easy"
    policy = easy_choose


class MediumPlayer(HeuristicPlayer):
    """The solid heuristic player of :mod:`canasta.ai.policy`."""

    level = "medium"
    policy = medium_choose
