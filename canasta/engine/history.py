"""The public history of a deal (RULES.md section 11), read off the engine's events.

Everything a player at the table sees happen face up, in order: the upcards, every
discard and who made it, every red three laid and by whom, every pile taken (by
whom, with every card in it) and every meld made or extended (by whom, with which
cards). With it a seat knows the whole discard pile card by card, and which of the
cards a player took with the pile it still holds.

:func:`record` is the one place that writes it: ``apply`` and ``apply_in_place`` hand
it the events of every action (and a new deal the events of its dealing), so no
executor has to remember to note what it showed. Cards that move face down (dealt,
drawn) leave no entry.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, NamedTuple, Sequence

from .events import Event

if TYPE_CHECKING:
    from .state import State

UPCARD = "upcard"      # turned from the stock onto the pile when the deal starts
DISCARD = "discard"
TAKE = "take"          # the whole pile, bottom card first, taken by ``seat``
MELD = "meld"          # cards put on one meld (made or extended) by ``seat``
RED3 = "red3"          # a red three laid by ``seat``
RESTOCK = "restock"    # the pile but its top card turned over into a new stock (RULES.md 9.1),
                       # its cards in the order they lay, bottom first


class Shown(NamedTuple):
    """One thing the table saw: ``what`` (see the names above), ``seat`` who did it
    (-1 for an upcard), the ``cards`` shown, and for a meld the id of the meld (0 for
    anything else; the meld is on the team of ``seat``)."""

    what: str
    seat: int
    cards: tuple[int, ...]
    meld: int = 0


_new = tuple.__new__


def record(st: "State", seat: int, events: Iterable[Event]) -> None:
    """Append to ``st.public_history`` what ``events``, the outcome of one action by
    ``seat``, showed the table (a new deal starts a new history)."""
    public = st.public_history
    taken: list[int] = []          # the pile's cards, as they left it
    take_at = -1                   # where this action's TAKE entry goes
    top = -1                       # the pile's top card (it goes onto a meld)
    meld_at = -1                   # the entry that the next card onto the same meld joins
    for e in events:
        kind = e.kind
        if kind != "move":
            if kind == "deal_started":
                public = st.public_history = []
                meld_at = take_at = -1
            elif kind == "pile_to_stock":
                public.append(Shown(RESTOCK, seat, tuple(e.info)))
                meld_at = -1
            continue
        src = e.src
        where = src[0]
        if where == "stock" and e.dst[0] == "hand":
            continue  # face down
        card = e.card
        dst = e.dst
        to = dst[0]
        if where == "pile":
            if take_at < 0:
                take_at = len(public)
                public.append(None)  # filled in below, once every card is known
            if to == "meld":
                top = card
            else:
                taken.append(card)
        who = src[1] if where == "hand" else seat
        if to == "meld":
            at = st.melds[dst[1]][dst[2]].id
            prev = public[meld_at] if meld_at >= 0 else None
            if prev is not None and prev.meld == at and prev.seat == who:
                public[meld_at] = _new(Shown, (MELD, who, prev.cards + (card,), at))
            else:
                meld_at = len(public)
                public.append(_new(Shown, (MELD, who, (card,), at)))
            continue
        meld_at = -1
        if to == "pile":
            public.append(_new(Shown, (DISCARD, who, (card,), 0)) if where == "hand"
                          else Shown(UPCARD, -1, (card,)))
        elif to == "red3":
            public.append(Shown(RED3, who, (card,)))
    if take_at >= 0:
        if top >= 0:
            taken.append(top)
        public[take_at] = Shown(TAKE, seat, tuple(taken))


def pile_from(public: Sequence[Shown]) -> list[int]:
    """The discard pile as the history leaves it, bottom card first."""
    pile: list[int] = []
    for s in public:
        if s.what == DISCARD or s.what == UPCARD:
            pile.extend(s.cards)
        elif s.what == TAKE:
            del pile[max(len(pile) - len(s.cards), 0):]   # the top cards (all, in most games)
        elif s.what == RESTOCK:
            del pile[:len(s.cards)]                        # all but the top card
    return pile


def held_from(public: Sequence[Shown], players: int) -> list[list[int]]:
    """Per seat: the cards it took with the pile and has not shown since (melded,
    discarded or laid), in the order taken."""
    held: list[list[int]] = [[] for _ in range(players)]
    for s in public:
        if s.what == TAKE:
            held[s.seat].extend(s.cards)
        elif s.seat >= 0 and held[s.seat]:
            mine = held[s.seat]
            for c in s.cards:
                if c in mine:
                    mine.remove(c)
    return held
