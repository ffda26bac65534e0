"""What one seat may know (RULES.md section 11), and states consistent with it.

An :class:`Observation` holds the seat's own hand, every melded card and red three,
the top of the pile (the whole pile only during the seat's first turn), the sizes
of the stock, the pile and every hand, the cards each player took with the pile and
still holds (everyone saw them), the scores and minimum counts. Never another hand
or the order of the stock.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Optional

from .cards import BLACK3, KIND_OF, RED3, WILD_OF
from .rules import Rules
from .state import DealResult, State, TableMeld


@dataclass(frozen=True)
class MeldView:
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


@dataclass(frozen=True)
class Observation:
    seat: int
    rules: Rules
    deal_number: int
    dealer: int
    turn: int
    to_act: int
    phase: str
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    known: tuple[tuple[int, ...], ...]          # per seat: cards taken with the pile, still held
    melds: tuple[tuple[MeldView, ...], ...]      # per team
    red3: tuple[tuple[int, ...], ...]            # per team
    pile_top: Optional[int]
    pile_size: int
    pile_cards: tuple[int, ...]                  # the whole pile, on the seat's first turn only
    frozen: bool
    sideways: tuple[int, ...]                    # visible freezing cards
    stock_size: int
    scores: tuple[int, ...]                      # per team, before this deal
    minimums: tuple[int, ...]
    played: tuple[bool, ...]
    asked: bool
    permission: Optional[bool]
    melded_this_turn: bool
    took_pile: bool
    played_before_turn: bool
    partner_added: bool
    turns_taken: tuple[int, ...]
    history: tuple[DealResult, ...]
    result: Optional[DealResult]
    winners: tuple[int, ...]

    @property
    def team(self) -> int:
        return self.seat % self.rules.teams  # type: ignore[operator]

    def team_of(self, seat: int) -> int:
        return seat % self.rules.teams  # type: ignore[operator]


def observe(st: State, seat: int) -> Observation:
    r = st.rules
    first_turn = st.turn == seat and st.turns_taken[seat] == 0
    visible_sideways = tuple(c for c in st.sideways if st.pile and c in st.pile)
    return Observation(
        seat=seat, rules=r, deal_number=st.deal_number, dealer=st.dealer, turn=st.turn,
        to_act=st.to_act, phase=st.phase, hand=tuple(st.hands[seat]),
        hand_sizes=tuple(len(h) for h in st.hands),
        known=tuple(tuple(k) for k in st.known),
        melds=tuple(tuple(MeldView(m.rank, tuple(m.cards), m.by, m.kind, m.naturals, m.wilds,
                                   m.id, m.canasta, m.closed)
                          for m in team) for team in st.melds),
        red3=tuple(tuple(x) for x in st.red3),
        pile_top=st.pile[-1] if st.pile else None, pile_size=len(st.pile),
        pile_cards=tuple(st.pile) if first_turn else (),
        frozen=st.frozen, sideways=visible_sideways, stock_size=len(st.stock),
        scores=tuple(st.scores), minimums=tuple(st.minimum(t) for t in range(r.teams)),  # type: ignore[arg-type]
        played=tuple(st.played), asked=st.asked, permission=st.permission,
        melded_this_turn=st.melded_this_turn, took_pile=st.took_pile,
        played_before_turn=st.played_before_turn, partner_added=st.partner_added,
        turns_taken=tuple(st.turns_taken), history=tuple(st.history), result=st.result,
        winners=tuple(st.winners),
    )


def unseen_cards(ob: Observation) -> list[int]:
    """Cards whose place this seat does not know (other hands, the stock, the pile's
    hidden part)."""
    r = ob.rules
    seen: set[int] = set(ob.hand)
    for team in ob.melds:
        for m in team:
            seen.update(m.cards)
    for reds in ob.red3:
        seen.update(reds)
    for s, k in enumerate(ob.known):
        if s != ob.seat:
            seen.update(k)
    if ob.pile_cards:
        seen.update(ob.pile_cards)
    elif ob.pile_top is not None:
        seen.add(ob.pile_top)
    seen.update(ob.sideways)
    return [c for c in range(r.decks * 54) if c not in seen]  # type: ignore[operator]


def sample_state(ob: Observation, rng: random.Random) -> State:
    """A full state that agrees with everything ``ob`` shows: the unseen cards are
    dealt at random to the other hands, the hidden part of the pile and the stock."""
    st = State(ob.rules, seed=rng.random())
    n = ob.rules.players
    st.deal_number, st.dealer, st.turn, st.phase = ob.deal_number, ob.dealer, ob.turn, ob.phase
    st.scores = list(ob.scores)
    st.history = list(ob.history)
    st.played = list(ob.played)
    st.asked, st.permission = ob.asked, ob.permission
    st.melded_this_turn, st.took_pile = ob.melded_this_turn, ob.took_pile
    st.played_before_turn, st.partner_added = ob.played_before_turn, ob.partner_added
    st.turns_taken = list(ob.turns_taken)
    st.result, st.winners = ob.result, list(ob.winners)
    st.melds = [[TableMeld(m.rank, list(m.cards), m.by, m.kind, m.id, m.canasta, m.closed) for m in team] for team in ob.melds]
    st.red3 = [list(x) for x in ob.red3]
    st.frozen = ob.frozen
    unseen = unseen_cards(ob)
    rng.shuffle(unseen)
    reds = [c for c in unseen if KIND_OF[c] == RED3]
    others = [c for c in unseen if KIND_OF[c] != RED3]
    # every wild card (and red three, and a freezing black three) in the pile lies
    # sideways and so is seen: the hidden part of the pile holds none of them
    rules = ob.rules
    def shows_sideways(c: int) -> bool:
        return WILD_OF[c] or (KIND_OF[c] == BLACK3 and rules.black_three_freezes)
    # the hidden part of the pile first: it may need most of the plain unseen cards
    if ob.pile_cards:
        st.pile = list(ob.pile_cards)
    else:
        hidden = max(ob.pile_size - 1, 0)
        side_below = [c for c in ob.sideways if c != ob.pile_top]
        need = max(hidden - len(side_below), 0)
        plain = [c for c in others if not shows_sideways(c)][:need]
        chosen = set(plain)
        others = [c for c in others if c not in chosen]
        st.pile = side_below + plain + ([ob.pile_top] if ob.pile_top is not None else [])
    for c in ob.hand:
        st._add_to_hand(ob.seat, c)
    st.known = [list(k) for k in ob.known]
    pos = 0
    for s in range(n):
        if s == ob.seat:
            continue
        for c in ob.known[s]:
            st._add_to_hand(s, c)
        need = ob.hand_sizes[s] - len(ob.known[s])
        for c in others[pos:pos + need]:
            st._add_to_hand(s, c)
        pos += need
    rest = others[pos:]
    st.sideways = [c for c in st.pile if c in ob.sideways]
    stock = rest + reds
    rng.shuffle(stock)
    st.stock = stock[:ob.stock_size]
    st.outside = stock[ob.stock_size:]
    st.total_cards = ob.rules.decks * 54  # type: ignore[operator]
    return st
