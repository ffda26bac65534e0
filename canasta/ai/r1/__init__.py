"""The computer players as they were released before issue #15 (memory of the table,
a stronger hard player): ``medium-r1`` and ``hard-r1``. They exist only so that the arena
can measure the current levels against their previous release
(``python -m canasta.arena --team0 hard --team1 hard-r1 ...``); the table never offers them."""

from __future__ import annotations

from ..players import HeuristicPlayer
from . import policy as r1_policy
from .search import HardPlayer as HardR1


class MediumR1(HeuristicPlayer):
    level = "medium-r1"
    policy = r1_policy.medium_choose


__all__ = ["MediumR1", "HardR1"]
