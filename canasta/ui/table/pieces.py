"""A game's own pieces at the table (Modern American's talons, threes and special
hands; Hand and Foot's feet and stacked books): the ``table`` part the game registered
(:mod:`canasta.ui.plugins`). The table calls it through a few small hooks, each of them
optional (:class:`TablePart` gives what a hook the part leaves out means):

``buttons(ctl) -> list[Button]``
    extra buttons beside the table's own (shown and enabled by ``place``).
``place(scene, buttons)``
    each frame: which of them are visible and usable.
``draw(painter, surf, view)``
    after the cards and the table's labels: the game's own things (talons, what a side
    risks, a foot's count).
``sheet_subtitle(ctl, result) -> str | None``
    the score sheet's line under its title, when the game says more (a special hand).
``gesture(st, cards, zone) -> action | None``
    what releasing ``cards`` on ``zone`` means in this game before the usual reading
    (threes dropped on the side's area are laid). A proposal: the engine judges it.
``lay_out(ob, down, viewer, out)``
    the game's own cards into the layout ``out`` (a foot face down beside its hand),
    from the observation ``ob`` and the face-down ids ``down``.
``stack_melds(ob, team_melds, order) -> (order, under)``
    which of a side's melds lie stacked under another one's column (Hand and Foot's
    books of one rank): ``order`` without them, and for each the index of the meld it
    lies under.
``meld_words(m, team_melds) -> (marks, size) | None``
    the label of a canasta the game names its own way: the choices for its mark
    (longest first) and for the line with its size.
``status_note(st, seat) -> str``
    a few words the status line starts with on ``seat``'s turn ("Your foot waits").
``canasta_word``
    what the game calls a canasta ("book"), in the toast that one was completed.

The pure parts of the table (the gesture function) read the registry without loading
the list of the games (:mod:`canasta.ui.parts`), so this module imports no pygame.
"""

from __future__ import annotations

from types import ModuleType
from typing import Optional

from ..plugins import part


class TablePart:
    """A game's table part with every hook: the part's own where it has one, else the
    shared table's (nothing more to show or say)."""

    def __init__(self, module: Optional[ModuleType] = None):
        self.module = module
        self.canasta_word = getattr(module, "canasta_word", "canasta")

    def __bool__(self) -> bool:
        return self.module is not None

    def __getattr__(self, name: str):
        # a hook the part has, or anything else it offers (a test's key for its own action)
        if name == "module" or self.module is None:
            raise AttributeError(name)
        return getattr(self.module, name)

    def _own(self, name: str):
        return getattr(self.module, name, None) if self.module is not None else None

    def buttons(self, ctl) -> list:
        hook = self._own("buttons")
        return hook(ctl) if hook else []

    def place(self, scene, buttons: list) -> None:
        hook = self._own("place")
        if hook:
            hook(scene, buttons)

    def draw(self, painter, surf, v) -> None:
        hook = self._own("draw")
        if hook:
            hook(painter, surf, v)

    def sheet_subtitle(self, ctl, result) -> Optional[str]:
        hook = self._own("sheet_subtitle")
        return hook(ctl, result) if hook else None

    def gesture(self, st, cards, zone):
        hook = self._own("gesture")
        return hook(st, cards, zone) if hook else None

    def lay_out(self, ob, down, viewer, out) -> None:
        hook = self._own("lay_out")
        if hook:
            hook(ob, down, viewer, out)

    def stack_melds(self, ob, team_melds, order: list[int]) -> tuple[list[int], dict[int, int]]:
        hook = self._own("stack_melds")
        return hook(ob, team_melds, order) if hook else (order, {})

    def meld_words(self, m, team_melds):
        hook = self._own("meld_words")
        return hook(m, team_melds) if hook else None

    def status_note(self, st, seat: int) -> str:
        hook = self._own("status_note")
        return hook(st, seat) if hook else ""


NO_PART = TablePart()


def table_part(rules) -> TablePart:
    """The table part of the game ``rules`` play (every hook answering as the shared
    table does when the game registered none)."""
    module = part(rules, "table")
    return TablePart(module) if module is not None else NO_PART


def game_pieces(rules) -> Optional[TablePart]:
    """The game's table part, or None when it registered none (the table then draws
    nothing of its own for it)."""
    own = table_part(rules)
    return own if own else None
