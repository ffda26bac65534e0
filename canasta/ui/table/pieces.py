"""A game's own pieces at the table (Modern American's talons, threes and special
hands): the ``table`` part the game registered (:mod:`canasta.ui.plugins`). The table
calls it through a few small hooks:

``buttons(ctl) -> list[Button]``
    extra buttons beside the table's own (shown and enabled by ``place``).
``place(ctl, buttons)``
    each frame: which of them are visible and usable.
``draw(painter, surf, view)``
    after the cards: the game's own things (talons, what a side risks).
``sheet_subtitle(ctl, result) -> str | None``
    the score sheet's line under its title, when the game says more (a special hand).
``gesture(st, cards, zone) -> action | None``
    what releasing ``cards`` on ``zone`` means in this game before the usual reading
    (threes dropped on the side's area are laid).
"""

from __future__ import annotations

from types import ModuleType
from typing import Optional

from ..plugins import part


def game_pieces(rules) -> Optional[ModuleType]:
    return part(rules, "table")
