"""The window's own parts of a game, by the game's name: a registry that imports no
game's part (the list of them is in :mod:`canasta.ui.parts`; a game from elsewhere
calls :func:`register` the same way).

A game registers the parts it has, each a module:

``table``
    its own pieces at the table (Modern American's talons, threes and special hands;
    Hand and Foot's feet and stacked books): ``buttons``, ``place``, ``draw``,
    ``sheet_subtitle``, ``gesture``, ``lay_out``, ``stack_melds``, ``meld_words``,
    ``status_note``, ``canasta_word``, each optional (see :mod:`canasta.ui.table.pieces`);
``rules``
    ``sections(rules) -> [(heading, [sentences])]``: the rules screen's text, when the
    game's is its own rather than the shared text that reads the game's meld kinds.

A game that registers nothing is drawn and written out by the shared code.
"""

from __future__ import annotations

from types import ModuleType
from typing import Optional

_PARTS: dict[str, dict[str, ModuleType]] = {}


def register(game: str, **parts: ModuleType) -> None:
    """The window draws ``game`` with these parts (``table=``, ``rules=``)."""
    _PARTS.setdefault(game, {}).update(parts)


def unregister(game: str) -> None:
    _PARTS.pop(game, None)


def part(rules, name: str) -> Optional[ModuleType]:
    """The ``name`` part of the game ``rules`` play, or None."""
    return _PARTS.get(rules.variant, {}).get(name)
