"""What one seat knows (RULES.md section 11), and states consistent with it.

An :class:`Observation` is the one model of a seat's knowledge, for the computer
players and the window alike. :func:`observe` builds it from a state by going over
the declared zones (:data:`canasta.engine.state.ZONES`): an OWNER zone shows the
seat its own cards and everyone's sizes, a PUBLIC zone shows its cards, a COUNT
zone its size only. To that it adds the public bookkeeping of the deal (turn,
phase, scores, who has melded...) and the deal's public history
(:mod:`canasta.engine.history`), from which the seat knows the whole discard pile
and the cards each player took with the pile and still holds. Never another hand,
the order of the stock, or anything else face down.

:func:`sample_state` goes the other way: a full state that shows the seat exactly
the same observation, the cards it cannot place dealt at random.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, fields
from typing import NamedTuple, Optional

from .cards import JOKER, KIND_COUNT, KIND_OF, RED3, deck_ids, pack_ids
from .history import Shown
from .registry import game_of
from .rules import Rules
from .state import (COUNT, MELDS, OWNER, PUBLIC, SEAT, TABLE, ZONES, DealResult, State, TableFacts,
                    TableMeld, Zone)

#: copies of each kind of card in one pack (index by kind)
PER_PACK = [0] * KIND_COUNT
for _c in pack_ids(1):
    PER_PACK[KIND_OF[_c]] += 1


class MeldView(NamedTuple):
    """A meld as everyone sees it (the fields of :class:`~canasta.engine.state.TableMeld`)."""

    rank: int
    cards: tuple[int, ...]
    by: int
    kind: str
    naturals: int
    wilds: int
    id: int = 0                       # TableMeld.id: actions that add to it name it
    canasta: Optional[str] = None     # its canasta kind, None while it is not one
    closed: bool = False              # nothing more may be added

    @property
    def is_canasta(self) -> bool:
        return self.canasta is not None

    # a sequence's suit, lowest and highest rank (as TableMeld)
    suit = TableMeld.suit
    low = TableMeld.low
    high = TableMeld.high


def _meld_view(m: TableMeld, _new=tuple.__new__) -> MeldView:
    # tuple.__new__ straight: the named tuple's own __new__ costs the search twice as much
    return _new(MeldView, (m.rank, tuple(m.cards), m.by, m.kind, m.naturals, m.wilds, m.id,
                           m.canasta, m.closed))


#: the public bookkeeping of a game, shown as the state holds it (lists as tuples)
AS_IS = ("deal_number", "dealer", "turn", "phase", "frozen", "asked", "permission",
         "melded_this_turn", "took_pile", "played_before_turn", "partner_added", "result", "reshuffled")
AS_TUPLE = ("scores", "played", "turns_taken", "history", "winners", "public_history")


@dataclass(slots=True)
class Observation(TableFacts):
    """Everything ``seat`` may know at one moment, and the questions a player asks of
    it (those about the table, such as ``meld_of`` and ``pile_frozen_for``, it shares
    with State through TableFacts).

    Read-only by convention (every container in it is a tuple): it is not frozen
    because a frozen dataclass costs the search's simulations, which observe at every
    step, several times as much to build. Its fields come in the order
    :func:`observe` fills them: the zones' in the order of ZONES (a zone's cards, then
    its sizes), then the rest as listed.
    """

    seat: int
    rules: Rules
    to_act: int
    # the zones (see ZONES): own or public cards, sizes
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    pile: tuple[int, ...]                        # the whole pile, bottom card first
    melds: tuple[tuple[MeldView, ...], ...]      # per team
    red3: tuple[tuple[int, ...], ...]            # per team
    foot_sizes: tuple[int, ...]                  # per seat: its foot's cards (0 once picked up)
    talon_sizes: tuple[int, ...]                 # the two talons' sizes (Modern American)
    # what the public history tells about the zones
    known: tuple[tuple[int, ...], ...]           # per seat: cards taken with the pile, still held
    sideways: tuple[int, ...]                    # the pile's freezing cards
    counts: tuple[int, ...]                      # the own hand's cards of each kind
    minimums: tuple[int, ...]                    # per team
    # AS_IS
    deal_number: int
    dealer: int
    turn: int
    phase: str
    frozen: bool
    asked: bool
    permission: Optional[bool]
    melded_this_turn: bool
    took_pile: bool
    played_before_turn: bool
    partner_added: bool
    result: Optional[DealResult]
    reshuffled: bool                             # the pile was turned into the stock (RULES.md 9.1)
    # AS_TUPLE
    scores: tuple[int, ...]                      # per team, before this deal
    played: tuple[bool, ...]
    turns_taken: tuple[int, ...]
    history: tuple[DealResult, ...]              # the results of the deals before
    winners: tuple[int, ...]
    public_history: tuple[Shown, ...]            # this deal's, see canasta.engine.history
    #: values a player derives from the observation, computed once (not compared)
    memo: dict = field(default_factory=dict, init=False, compare=False, repr=False)

    # -- seats and teams -------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.rules.players  # type: ignore[return-value]

    @property
    def teams(self) -> int:
        return self.rules.teams  # type: ignore[return-value]

    @property
    def team(self) -> int:
        return self.seat % self.rules.teams  # type: ignore[operator]

    def partners(self, seat: Optional[int] = None) -> list[int]:
        s = self.seat if seat is None else seat
        t = self.team_of(s)
        return [p for p in range(self.players) if p != s and self.team_of(p) == t]

    def opponents(self) -> list[int]:
        return [p for p in range(self.players) if self.team_of(p) != self.team]

    # -- the pile --------------------------------------------------------------------
    @property
    def pile_top(self) -> Optional[int]:
        return self.pile[-1] if self.pile else None

    @property
    def pile_size(self) -> int:
        return len(self.pile)

    @property
    def pile_cards(self) -> tuple[int, ...]:
        """The whole pile (everyone remembers every discard)."""
        return self.pile

    # -- what this seat cannot see ---------------------------------------------------
    def unseen_by_kind(self) -> list[int]:
        """How many cards of each kind this seat cannot place (the other hands but for
        the cards seen taken with the pile, and the stock)."""
        left = self.memo.get("unseen")
        if left is None:
            decks = self.rules.decks
            left = [n * decks - h for n, h in zip(PER_PACK, self.counts)]  # type: ignore[operator]
            if self.rules.jokers is not None:
                left[JOKER] += self.rules.jokers - PER_PACK[JOKER] * decks  # type: ignore[operator]
            kind_of = KIND_OF
            for z in ZONES:
                if z.visibility == PUBLIC:
                    for c in _cards_of(z, getattr(self, z.shown)):
                        left[kind_of[c]] -= 1
            for s, k in enumerate(self.known):
                if s != self.seat:
                    for c in k:
                        left[kind_of[c]] -= 1
            left = self.memo["unseen"] = [x if x > 0 else 0 for x in left]
        return left

    def unseen_total(self) -> int:
        return sum(self.unseen_by_kind())

    def _foot_size(self, seat: int) -> int:
        return self.foot_sizes[seat]

    def _stock_size(self) -> int:
        return self.stock_size

    def hidden_hand(self, seat: int) -> int:
        """Cards in ``seat``'s hand that this seat has not seen."""
        return self.hand_sizes[seat] - len(self.known[seat])

    def known_count(self, seat: int, kind: int) -> int:
        return sum(1 for c in self.known[seat] if KIND_OF[c] == kind)


def _owner(zone: Zone, st: State, seat: int) -> int:
    return seat if zone.per == SEAT else st.team_of(seat)


def _shown(zone: Zone, value):
    if zone.holds == MELDS:
        return tuple([tuple([_meld_view(m) for m in team]) for team in value])
    if zone.per == TABLE:
        return tuple(value)
    return tuple([tuple(part) for part in value])


def observe(st: State, seat: int) -> Observation:
    """What ``seat`` may know of ``st``."""
    values: list = [seat, st.rules, st.to_act]
    for z in ZONES:
        value = getattr(st, z.name)
        if z.visibility == PUBLIC:
            values.append(_shown(z, value))
        elif z.visibility == OWNER:
            values.append(tuple(value[_owner(z, st, seat)]))
        if z.sizes:
            values.append(len(value) if z.per == TABLE else tuple([len(part) for part in value]))
    pile = st.pile
    values += (tuple([tuple(k) for k in st.known]),
               tuple([c for c in st.sideways if c in pile]) if st.sideways else (),
               tuple(st.counts[seat]),
               tuple([st.rules.minimum_in(s, st.deal_number) for s in st.scores]))
    for name in AS_IS:
        values.append(getattr(st, name))
    for name in AS_TUPLE:
        values.append(tuple(getattr(st, name)))
    return Observation(*values)


def _check_field_order() -> None:
    """observe() fills the Observation by position: its fields must follow ZONES."""
    names = ["seat", "rules", "to_act"]
    for z in ZONES:
        names += [n for n in (z.shown, z.sizes) if n]
    names += ["known", "sideways", "counts", "minimums", *AS_IS, *AS_TUPLE, "memo"]
    declared = [f.name for f in fields(Observation)]
    if names != declared:
        raise TypeError(f"Observation's fields {declared} do not follow ZONES: {names}")


_check_field_order()


def _seen(ob: Observation) -> list[int]:
    """Every card whose place ``ob`` shows: its own, the public zones', the cards seen
    taken with the pile."""
    out = list(ob.hand)
    for z in ZONES:
        if z.visibility == PUBLIC:
            out.extend(_cards_of(z, getattr(ob, z.shown)))
    for s, k in enumerate(ob.known):
        if s != ob.seat:
            out.extend(k)
    return out


def _cards_of(zone: Zone, shown) -> list[int]:
    """The card ids of a zone as an Observation shows it."""
    if zone.holds == MELDS:
        return [c for team in shown for m in team for c in m.cards]
    if zone.per == TABLE:
        return shown
    return [c for part in shown for c in part]


def unseen_cards(ob: Observation) -> list[int]:
    """Cards whose place this seat does not know (the other hands but for the cards
    seen taken with the pile, and the stock)."""
    seen = set(_seen(ob))
    return [c for c in deck_ids(ob.rules.decks, ob.rules.jokers) if c not in seen]  # type: ignore[arg-type]


def sample_state(ob: Observation, rng: random.Random) -> State:
    """A full state that agrees with everything ``ob`` shows, its public history
    included: the public zones as shown, the cards seen taken with the pile (and not
    shown since) in their holders' hands, and the unseen cards dealt at random to the
    rest of the other hands and to the stock (a red three never stays in a hand)."""
    st = State(ob.rules, seed=rng.random())
    for name in AS_IS:
        setattr(st, name, getattr(ob, name))
    for name in AS_TUPLE:
        setattr(st, name, list(getattr(ob, name)))
    st.known = [list(k) for k in ob.known]
    unseen = unseen_cards(ob)
    rng.shuffle(unseen)
    threes_held = getattr(game_of(ob.rules), "THREES_IN_HAND", False)   # Modern American keeps them
    holdable = [c for c in unseen if threes_held or KIND_OF[c] != RED3]
    placed: set[int] = set()
    for z in ZONES:
        if z.visibility == PUBLIC:
            value = getattr(ob, z.shown)
            if z.holds == MELDS:
                value = [[TableMeld(m.rank, list(m.cards), m.by, m.kind, m.id, m.canasta, m.closed)
                          for m in team] for team in value]
            elif z.per == TABLE:
                value = list(value)
            else:
                value = [list(part) for part in value]
            setattr(st, z.name, value)
        elif z.visibility == OWNER:
            # a seat's own part as it sees it; another's: what it was seen to take, and
            # unseen cards to its size
            parts = getattr(st, z.name)
            for s in range(ob.players):
                mine = s == ob.seat
                part = list(getattr(ob, z.shown) if mine else ob.known[s])
                if not mine:
                    need = getattr(ob, z.sizes)[s] - len(part)
                    part.extend(holdable[:need])
                    del holdable[:need]
                placed.update(part)
                parts[s] = part
    face_down = [c for c in unseen if c not in placed]   # already in random order
    for z in ZONES:
        if z.visibility == COUNT:
            sizes = getattr(ob, z.sizes)
            if z.per == TABLE:
                setattr(st, z.name, face_down[:sizes])
                del face_down[:sizes]
            else:
                parts = getattr(st, z.name)
                for s, size in enumerate(sizes):
                    parts[s] = face_down[:size]
                    del face_down[:size]
    st.outside = face_down
    for s, hand in enumerate(st.hands):
        counts = st.counts[s]
        for c in hand:
            counts[KIND_OF[c]] += 1
    st.sideways = [c for c in st.pile if c in ob.sideways]
    st.total_cards = len(deck_ids(ob.rules.decks, ob.rules.jokers))  # type: ignore[arg-type]
    return st
