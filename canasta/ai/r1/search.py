"""Release 1 (before issue #15) of the hard player, for the arena's ``hard-r1``: the
current search with its #15 additions switched off (``remembers``: no refined worlds,
no extra candidates), ranking and simulating with the release-1
medium of :mod:`.policy`. ``tests/ai/test_previous_release.py`` holds a fingerprint of
its decisions taken at 6506fad."""

from __future__ import annotations

from .. import search
from . import policy


class HardPlayer(search.HardPlayer):
    level = "hard-r1"
    policy_scores = staticmethod(policy.medium_scores)
    policy_choose = staticmethod(policy.medium_choose)
    remembers = False
