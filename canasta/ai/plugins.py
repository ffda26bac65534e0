"""The computer players' own play of a game, by the game's name: a registry that
imports no game's policy (so no module of ``canasta.ai`` imports another in a loop).

A *game policy* is a module with any of these, each for the game's observations:

``medium_scores(v, legal) -> list[float]`` and ``easy_scores(v, legal)``
    a score per legal action (the higher the better);
``medium_choose(v, legal)`` and ``easy_choose(v, legal)``
    the move itself, when the game chooses otherwise than the best score;
``explain(v, action, legal) -> str | None``
    the hint's sentence (None: the shared sentence);
``evaluate(state) -> list[float]``
    each side's expected points from a position, for the hard player's search.
``WORLD_SHARE``
    the share of the hard player's worlds a decision searches, when the game's deals
    cost more to simulate than Classic's (Hand and Foot's: 0.5).

What a policy leaves out, :mod:`canasta.ai.policy` plays (Classic, Samba, Bolivia and
any game that registers none). The games' policies are registered in
``canasta/ai/__init__.py``; a game from elsewhere calls :func:`register` the same way.
"""

from __future__ import annotations

from types import ModuleType
from typing import Optional

_POLICIES: dict[str, ModuleType] = {}


def register(game: str, policy: ModuleType) -> None:
    """The computer players play the game called ``game`` with ``policy``."""
    _POLICIES[game] = policy


def unregister(game: str) -> None:
    _POLICIES.pop(game, None)


def policy_for(rules) -> Optional[ModuleType]:
    """The policy module of the game ``rules`` play, or None (the shared play)."""
    return _POLICIES.get(rules.variant)
