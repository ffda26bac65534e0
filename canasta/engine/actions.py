"""Actions a seat can take, as small frozen values.

Card ids (see :mod:`canasta.engine.cards`) name the physical cards, and meld ids
(``TableMeld.id``) the melds on the table. A meld group is a tuple of card ids that
starts a new meld, or, with ``onto=meld_id``, is added to that meld of the side.
The ``repr`` of every action can be pasted back.
"""

from __future__ import annotations

from typing import NamedTuple, Optional, Union


class Group(NamedTuple):
    """Cards going into one meld: a new one (``onto`` None) or the side's meld whose id
    is ``onto``."""

    cards: tuple[int, ...]
    onto: Optional[int] = None


class Draw(NamedTuple):
    """Draw from the stock (``draw_count`` cards; red threes are laid down and replaced)."""

    def __repr__(self) -> str:
        return "Draw()"


class TakePile(NamedTuple):
    """Take the discard pile: meld its top card with ``with_cards`` from the hand, as a
    new meld or (``onto=meld_id``) onto the side's meld with that id (``with_cards``
    may then be empty), and put down ``melds`` from the hand in the same action (for
    the initial meld)."""

    with_cards: tuple[int, ...] = ()
    melds: tuple[Group, ...] = ()
    onto: Optional[int] = None


class Meld(NamedTuple):
    """One melding action: new melds and additions to the team's melds, together."""

    groups: tuple[Group, ...]


class Discard(NamedTuple):
    card: int


class Ask(NamedTuple):
    """"Partner, may I go out?" """

    def __repr__(self) -> str:
        return "Ask()"


class Answer(NamedTuple):
    yes: bool


class Pass(NamedTuple):
    """With an empty stock, decline to take the pile (ends the deal)."""

    def __repr__(self) -> str:
        return "Pass()"


class NextDeal(NamedTuple):
    """After the score sheet: shuffle and deal the next deal."""

    def __repr__(self) -> str:
        return "NextDeal()"


Action = Union[Draw, TakePile, Meld, Discard, Ask, Answer, Pass, NextDeal]


def group(*cards: int, onto: Optional[int] = None) -> Group:
    return Group(tuple(cards), onto)


def meld(*groups) -> Meld:
    """``meld((1, 2, 3), (4, 5, 6))``: a Meld of plain card-id tuples or Groups."""
    return Meld(tuple(g if isinstance(g, Group) else Group(tuple(g)) for g in groups))
