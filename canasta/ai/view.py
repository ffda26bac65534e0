"""What one seat knows, in one shape for both an Observation and a sampled State.

The computer players reason over a :class:`View`. At the table it is built from an
:class:`~canasta.engine.observe.Observation` (the only thing a player receives);
inside the hard player's simulations it is built from a sampled state, reading only
the fields that the same seat could see in an observation (its own hand, the
table, the top of the pile, sizes, the cards others took with the pile). Both
builders fill exactly the same fields, so a policy cannot tell them apart.
"""

from __future__ import annotations

from typing import Optional, Sequence

from ..engine.cards import KIND_COUNT, KIND_OF, RED3
from ..engine.observe import Observation
from ..engine.state import State

#: copies of each kind in one pack (index by kind)
PER_PACK = [0] * KIND_COUNT
for _k in range(4, 15):
    PER_PACK[_k] = 4
PER_PACK[2] = 4       # twos
PER_PACK[15] = 2      # jokers
PER_PACK[1] = 2       # red threes
PER_PACK[3] = 2       # black threes


class View:
    """The knowledge of ``seat`` at one moment of a deal."""

    __slots__ = ("seat", "rules", "n", "teams", "team", "phase", "turn", "hand", "counts",
                 "hand_sizes", "known", "melds", "red3", "pile_top", "pile_size", "pile_cards",
                 "frozen", "sideways", "stock_size", "scores", "minimums", "played", "asked",
                 "permission", "melded_this_turn", "took_pile", "played_before_turn",
                 "turns_taken", "_unseen", "_threat")

    def __init__(self):
        self._unseen: Optional[list[int]] = None
        self._threat: Optional[float] = None

    # -- derived facts ------------------------------------------------------------
    def team_of(self, seat: int) -> int:
        return seat % self.teams

    def partners(self, seat: Optional[int] = None) -> list[int]:
        s = self.seat if seat is None else seat
        t = s % self.teams
        return [p for p in range(self.n) if p != s and p % self.teams == t]

    def opponents(self) -> list[int]:
        return [p for p in range(self.n) if p % self.teams != self.team]

    def meld_of(self, team: int, rank: int):
        for m in self.melds[team]:
            if m.rank == rank and m.kind == "group":
                return m
        return None

    def opened(self, team: int) -> bool:
        return bool(self.melds[team])

    def frozen_for(self, team: int) -> bool:
        return self.frozen or self.rules.pile_always_frozen or not self.melds[team]

    def canastas(self, team: int) -> int:
        return sum(1 for m in self.melds[team] if m.canasta is not None)

    def unseen_by_kind(self) -> list[int]:
        """How many cards of each kind this seat cannot place (other hands' unknown
        part, the stock, the hidden part of the pile)."""
        if self._unseen is None:
            decks = self.rules.decks
            left = [c * decks for c in PER_PACK]
            for c in self.hand:
                left[KIND_OF[c]] -= 1
            for team in self.melds:
                for m in team:
                    for c in m.cards:
                        left[KIND_OF[c]] -= 1
            for reds in self.red3:
                left[RED3] -= len(reds)
            for s, k in enumerate(self.known):
                if s != self.seat:
                    for c in k:
                        left[KIND_OF[c]] -= 1
            if self.pile_cards:
                for c in self.pile_cards:
                    left[KIND_OF[c]] -= 1
            else:
                seen_pile = set(self.sideways)
                if self.pile_top is not None:
                    seen_pile.add(self.pile_top)
                for c in seen_pile:
                    left[KIND_OF[c]] -= 1
            self._unseen = [max(0, x) for x in left]
        return self._unseen

    def unseen_total(self) -> int:
        return sum(self.unseen_by_kind())

    def hidden_hand(self, seat: int) -> int:
        """Cards in ``seat``'s hand that this seat has not seen."""
        return self.hand_sizes[seat] - len(self.known[seat])

    def known_count(self, seat: int, kind: int) -> int:
        return sum(1 for c in self.known[seat] if KIND_OF[c] == kind)


def view_from_observation(ob: Observation) -> View:
    v = View()
    r = ob.rules
    v.seat = ob.seat
    v.rules = r
    v.n = r.players
    v.teams = r.teams
    v.team = ob.seat % r.teams
    v.phase = ob.phase
    v.turn = ob.turn
    v.hand = list(ob.hand)
    cnt = [0] * KIND_COUNT
    for c in ob.hand:
        cnt[KIND_OF[c]] += 1
    v.counts = cnt
    v.hand_sizes = list(ob.hand_sizes)
    v.known = [list(k) for k in ob.known]
    v.melds = [list(team) for team in ob.melds]
    v.red3 = [list(x) for x in ob.red3]
    v.pile_top = ob.pile_top
    v.pile_size = ob.pile_size
    v.pile_cards = tuple(ob.pile_cards)
    v.frozen = ob.frozen
    v.sideways = tuple(ob.sideways)
    v.stock_size = ob.stock_size
    v.scores = list(ob.scores)
    v.minimums = list(ob.minimums)
    v.played = list(ob.played)
    v.asked = ob.asked
    v.permission = ob.permission
    v.melded_this_turn = ob.melded_this_turn
    v.took_pile = ob.took_pile
    v.played_before_turn = ob.played_before_turn
    v.turns_taken = list(ob.turns_taken)
    return v


def view_from_state(st: State, seat: int) -> View:
    """The same fields as :func:`view_from_observation` would give for ``observe(st, seat)``
    (the whole pile is shown only on the seat's first turn, as there)."""
    v = View()
    r = st.rules
    v.seat = seat
    v.rules = r
    v.n = r.players
    v.teams = r.teams
    v.team = seat % r.teams
    v.phase = st.phase
    v.turn = st.turn
    v.hand = st.hands[seat]
    v.counts = st.counts[seat]
    v.hand_sizes = [len(h) for h in st.hands]
    v.known = st.known
    v.melds = st.melds
    v.red3 = st.red3
    pile = st.pile
    v.pile_top = pile[-1] if pile else None
    v.pile_size = len(pile)
    first_turn = st.turn == seat and st.turns_taken[seat] == 0
    v.pile_cards = tuple(pile) if first_turn else ()
    v.frozen = st.frozen
    v.sideways = tuple(c for c in st.sideways if c in pile) if st.sideways else ()
    v.stock_size = len(st.stock)
    v.scores = st.scores
    v.minimums = [r.minimum_for(s) for s in st.scores]
    v.played = st.played
    v.asked = st.asked
    v.permission = st.permission
    v.melded_this_turn = st.melded_this_turn
    v.took_pile = st.took_pile
    v.played_before_turn = st.played_before_turn
    v.turns_taken = st.turns_taken
    return v


def hand_points(cards: Sequence[int]) -> int:
    from ..engine.cards import POINTS_OF
    return sum(POINTS_OF[c] for c in cards)
