"""The games of the Canasta family this engine plays, one module each.

A game module is a plain Python module registered here under its ``NAME`` (the value
of ``Rules.variant``). The core (turn order, drawing, the pile, going out, the record)
asks it for what differs from game to game:

``NAME``, ``TITLE``
    ``"classic"``, ``"Classic Canasta"``.
``resolve(rules) -> Rules``
    ``rules`` with every ``None`` option replaced by this game's default (they may
    depend on the player count), checked for sense (raises ``RulesError``).
``MELD_KINDS``
    the kinds of meld this game has (``"group"``, ``"black3"``; others add
    ``"sequence"``, ``"wild"``).
``meld_error(rules, kind, rank, naturals, wilds, new) -> str | None``
    whether a meld of that kind may hold that many naturals and wild cards (``new``:
    it is being started now), as a sentence for the player.
``new_meld_error(state, team, kind, rank, targets) -> str | None``
    whether the side may start another meld of that kind and rank (Classic: one group
    of a rank at a time; Samba allows a second); ``targets`` are the ids of the melds
    the same action adds to.
``canasta_kind(meld, rules) -> str | None`` and ``is_closed(meld, rules) -> bool``
    what the meld counts as once it is this big, and whether more may be added.
``ACTIONS``
    the game's own action types beyond the shared ones, ``{type: ActionSpec}`` (see
    :mod:`canasta.engine.dispatch`); Classic has none.
``score(state, went_out, concealed) -> (items, lines)``
    each team's itemised result of the deal, and its score lines (label, points,
    detail), which add up to the team's score for the deal.
``score_rules(rules) -> list[ScoreLine]``
    every line a deal's score may have, labelled as ``score`` labels them, with how it
    is counted as the detail (the rules screen writes these out).

Optional, for the window (``canasta/ui/games.py``): ``OPTIONS`` (the option names the
New game screen shows), ``OPTION_HELP``, ``SHORT_TITLE``.

See ``docs/engine.md`` ("How a game plugs in").
"""

from __future__ import annotations

from types import ModuleType
from typing import Optional

_GAMES: dict[str, ModuleType] = {}


def register(module: ModuleType) -> ModuleType:
    """Make a game module playable under its ``NAME``."""
    _GAMES[module.NAME] = module
    return module


def get(name: str) -> Optional[ModuleType]:
    """The module of the game called ``name``, or None."""
    return _GAMES.get(name)


def names() -> tuple[str, ...]:
    """The names ``Rules.variant`` accepts, in the order they were registered."""
    return tuple(_GAMES)


def game_of(rules) -> ModuleType:
    """The module of the game ``rules`` (resolved) play."""
    return _GAMES[rules.variant]


def refresh_meld(meld, rules) -> None:
    """Set ``meld.canasta`` and ``meld.closed`` from its cards, as the game decides."""
    game = _GAMES[rules.variant]
    meld.canasta = game.canasta_kind(meld, rules)
    meld.closed = game.is_closed(meld, rules)


from . import american, bolivia, classic, hand_and_foot, samba  # noqa: E402

register(classic)
register(samba)
register(bolivia)
register(hand_and_foot)
register(american)
