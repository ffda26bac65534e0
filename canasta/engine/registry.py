"""The games the engine plays, by name: a registry that imports no game.

A game is registered as its *definition* module (names, options, meld rules, scoring:
see :mod:`canasta.engine.variants` for what it holds) and, when its play differs from
Classic's, its *rules* module: the ``BOOK`` of hooks the core asks (``plan_groups``,
``take_error``, ``play_options``...) and the ``ACTIONS`` it adds to the shared action
table. The rules module imports the definition and the core; neither imports the
other's registration, so the engine has no import loop. The one list of the games
that ship is :mod:`canasta.engine.variants`; a game from elsewhere (a test's, a house
game) calls :func:`register` the same way.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any, Callable, Optional

_GAMES: dict[str, ModuleType] = {}
_RULES: dict[str, Optional[ModuleType]] = {}


def register(game: ModuleType, rules: Optional[ModuleType] = None) -> ModuleType:
    """Make ``game`` playable under its ``NAME``; ``rules``: its rules module (its
    ``BOOK`` of hooks and its own ``ACTIONS``), None when Classic's code plays it."""
    name = game.NAME
    _GAMES[name] = game
    _RULES[name] = rules
    _BOOKS.pop(name, None)
    return game


def unregister(name: str) -> None:
    """Forget the game called ``name`` (a game registered for a while, as by a test)."""
    _GAMES.pop(name, None)
    _RULES.pop(name, None)
    _BOOKS.pop(name, None)


def get(name: str) -> Optional[ModuleType]:
    """The definition module of the game called ``name``, or None."""
    return _GAMES.get(name)


def names() -> tuple[str, ...]:
    """The names ``Rules.variant`` accepts, in the order they were registered."""
    return tuple(_GAMES)


def default_name() -> str:
    """The game played when none is named (``Rules()``, a command line or a message
    without one): the first of the registration list."""
    return next(iter(_GAMES))


def game_of(rules) -> ModuleType:
    """The definition module of the game ``rules`` (resolved) play."""
    return _GAMES[rules.variant]


def refresh_meld(meld, rules) -> None:
    """Set ``meld.canasta`` and ``meld.closed`` from its cards, as the game decides."""
    game = _GAMES[rules.variant]
    meld.canasta = game.canasta_kind(meld, rules)
    meld.closed = game.is_closed(meld, rules)


_BOOKS: dict[str, dict[str, Callable]] = {}


def rulebook(rules) -> dict[str, Callable]:
    """The parts of the rules the game of ``rules`` decides itself, by name. A game
    whose melds are not Classic's groups (sequences, wild melds, several groups of one
    rank) gives, in its rules module's ``BOOK``: ``plan_groups`` (which meld kinds a set
    of cards starts or extends: the melding validator), ``take_error`` (how the pile is
    taken), ``out_error`` (which canastas let a side go out), ``accepting`` (the side's
    melds some cards may join), and the enumerators ``take_options``, ``play_options``,
    ``going_out_plan``, ``must_take`` and ``draw_options`` (every choice before the
    draw); ``deal(state, first seat, events)`` deals a new deal from ``state.stock`` its
    own way (hands, talons, upcard or none). What a game leaves out is Classic's code
    in the core."""
    book = _BOOKS.get(rules.variant)
    if book is None:
        module = _RULES.get(rules.variant)
        book = _BOOKS[rules.variant] = dict(getattr(module, "BOOK", {})) if module is not None else {}
    return book


#: the items of a deal's result that count canastas, for a game that names none
CLASSIC_CANASTA_ITEMS = ("natural_canastas", "mixed_canastas")


def counted_items() -> frozenset[str]:
    """The keys of a deal's items (``TeamItems`` as a dictionary) that count finished
    melds of seven, in any registered game: each game's ``CANASTA_ITEMS`` (Classic's
    natural and mixed canastas when it names none). The score history counts these."""
    out: set[str] = set()
    for game in _GAMES.values():
        out.update(getattr(game, "CANASTA_ITEMS", CLASSIC_CANASTA_ITEMS))
    return frozenset(out)


def own_actions(rules) -> dict[type, Any]:
    """The game's own action types beyond the shared ones, ``{type: ActionSpec}``; a
    game may also replace a shared action's row (Modern American's discard and draw)."""
    module = _RULES.get(rules.variant)
    return dict(getattr(module, "ACTIONS", {})) if module is not None else {}
