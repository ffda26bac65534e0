"""The state of a game: the deal in progress plus the game's running totals.

A ``State`` is mutable for speed (the computer players simulate thousands of
deals), but nothing outside the engine should change it: :func:`apply` returns a
changed copy, :func:`apply_in_place` changes it, and both refuse an illegal action
before touching anything.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from .cards import KIND_COUNT, KIND_OF, POINTS_OF, WILD_OF
from .rules import Rules

DRAW, PLAY, ANSWER, DEAL_OVER, GAME_OVER = "draw", "play", "answer", "deal_over", "game_over"


class TableMeld:
    """One meld on the table: its rank, its cards in the order played, who started it."""

    __slots__ = ("rank", "cards", "naturals", "wilds", "by", "kind")

    def __init__(self, rank: int, cards: list[int], by: int, kind: str = "group"):
        self.rank = rank
        self.cards = cards
        self.by = by
        self.kind = kind  # "group" | "black3"; later variants add "sequence", "wild"
        w = 0
        for c in cards:
            if WILD_OF[c]:
                w += 1
        self.wilds = w
        self.naturals = len(cards) - w

    def copy(self) -> "TableMeld":
        m = TableMeld.__new__(TableMeld)
        m.rank, m.cards, m.naturals, m.wilds, m.by, m.kind = (
            self.rank, self.cards[:], self.naturals, self.wilds, self.by, self.kind)
        return m

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def is_canasta(self) -> bool:
        return len(self.cards) >= 7

    @property
    def natural(self) -> bool:
        return self.wilds == 0

    @property
    def points(self) -> int:
        return sum(POINTS_OF[c] for c in self.cards)

    def __repr__(self) -> str:
        return f"TableMeld(rank={self.rank}, cards={self.cards!r}, by={self.by}, kind={self.kind!r})"


@dataclass
class TeamItems:
    """One team's itemised result of a deal, for the score sheet."""

    melded: int = 0                 # card points of every melded card
    natural_canastas: int = 0       # how many
    mixed_canastas: int = 0
    canasta_bonus: int = 0          # their bonuses together
    natural_bonus: int = 0          # of which for natural canastas
    mixed_bonus: int = 0            # and for mixed ones
    red_threes: int = 0             # how many
    red_three_score: int = 0        # may be negative
    going_out: int = 0              # 100 for the side that went out
    concealed: int = 0              # 100 more when concealed
    in_hand: int = 0                # minus the points left in hands (a negative number)

    @property
    def total(self) -> int:
        return (self.melded + self.canasta_bonus + self.red_three_score + self.going_out
                + self.concealed + self.in_hand)

    def lines(self) -> list[tuple[str, int]]:
        """(label, points) rows for the score sheet."""
        rows = [("Melded cards", self.melded)]
        if self.natural_canastas:
            rows.append((f"Natural canastas x{self.natural_canastas}", self.natural_bonus))
        if self.mixed_canastas:
            rows.append((f"Mixed canastas x{self.mixed_canastas}", self.mixed_bonus))
        if self.red_threes:
            rows.append((f"Red threes x{self.red_threes}", self.red_three_score))
        if self.going_out:
            rows.append(("Going out", self.going_out))
        if self.concealed:
            rows.append(("Concealed", self.concealed))
        rows.append(("Cards left in hand", self.in_hand))
        return rows


@dataclass
class DealResult:
    number: int
    dealer: int
    went_out: Optional[int]
    concealed: bool
    items: list[TeamItems]
    totals: list[int]                      # cumulative after this deal
    canastas: list[tuple[int, int]] = field(default_factory=list)  # per team (natural, mixed)

    @property
    def scores(self) -> list[int]:
        return [it.total for it in self.items]


class State:
    __slots__ = (
        "rules", "seed", "deal_number", "dealer", "scores", "history",
        "hands", "counts", "stock", "pile", "sideways", "frozen",
        "melds", "red3", "played", "turn", "phase",
        "asked", "permission", "melded_this_turn", "partner_added", "took_pile",
        "played_before_turn", "went_out", "concealed", "result",
        "known", "turns_taken", "winners", "outside", "total_cards",
    )

    def __init__(self, rules: Rules, seed: object = 0):
        r = rules.resolved()
        self.rules = r
        self.seed = seed
        n, t = r.players, r.teams
        self.deal_number = 0
        self.dealer = 0
        self.scores = [0] * t
        self.history: list[DealResult] = []
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.counts: list[list[int]] = [[0] * KIND_COUNT for _ in range(n)]
        self.stock: list[int] = []
        self.pile: list[int] = []
        self.sideways: list[int] = []
        self.frozen = False
        self.melds: list[list[TableMeld]] = [[] for _ in range(t)]
        self.red3: list[list[int]] = [[] for _ in range(t)]
        self.played = [False] * n
        self.turn = 0
        self.phase = DRAW
        self.asked = False
        self.permission: Optional[bool] = None
        self.melded_this_turn = False
        self.partner_added = False
        self.took_pile = False
        self.played_before_turn = False
        self.went_out: Optional[int] = None
        self.concealed = False
        self.result: Optional[DealResult] = None
        self.known: list[list[int]] = [[] for _ in range(n)]
        self.turns_taken = [0] * n
        self.winners: list[int] = []
        self.outside: list[int] = []      # cards out of this position (conformance only)
        self.total_cards = r.decks * 54   # type: ignore[operator]

    # -- copying -------------------------------------------------------------------
    def clone(self) -> "State":
        s = State.__new__(State)
        s.rules = self.rules
        s.seed = self.seed
        s.deal_number = self.deal_number
        s.dealer = self.dealer
        s.scores = self.scores[:]
        s.history = self.history[:]
        s.hands = [h[:] for h in self.hands]
        s.counts = [c[:] for c in self.counts]
        s.stock = self.stock[:]
        s.pile = self.pile[:]
        s.sideways = self.sideways[:]
        s.frozen = self.frozen
        s.melds = [[m.copy() for m in team] for team in self.melds]
        s.red3 = [r[:] for r in self.red3]
        s.played = self.played[:]
        s.turn = self.turn
        s.phase = self.phase
        s.asked = self.asked
        s.permission = self.permission
        s.melded_this_turn = self.melded_this_turn
        s.partner_added = self.partner_added
        s.took_pile = self.took_pile
        s.played_before_turn = self.played_before_turn
        s.went_out = self.went_out
        s.concealed = self.concealed
        s.result = self.result
        s.known = [k[:] for k in self.known]
        s.turns_taken = self.turns_taken[:]
        s.winners = self.winners[:]
        s.outside = self.outside
        s.total_cards = self.total_cards
        return s

    def snapshot(self) -> tuple:
        """A comparable summary of everything that matters (for equality tests)."""
        return (
            self.deal_number, self.dealer, tuple(self.scores),
            tuple(tuple(sorted(h)) for h in self.hands), tuple(self.stock), tuple(self.pile),
            tuple(self.sideways), self.frozen,
            tuple(tuple((m.rank, tuple(m.cards), m.by, m.kind) for m in team) for team in self.melds),
            tuple(tuple(r) for r in self.red3), tuple(self.played), self.turn, self.phase,
            self.asked, self.permission, self.melded_this_turn, self.partner_added,
            self.took_pile, self.played_before_turn, self.went_out, self.concealed,
            tuple(tuple(sorted(k)) for k in self.known), tuple(self.turns_taken),
            len(self.history), tuple(self.winners),
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.snapshot() == other.snapshot()

    __hash__ = None  # type: ignore[assignment]

    # -- derived -------------------------------------------------------------------
    def team_of(self, seat: int) -> int:
        return seat % self.rules.teams  # type: ignore[operator]

    @property
    def to_act(self) -> int:
        """The seat whose decision the game waits for (the partner, while an answer is due)."""
        if self.phase == ANSWER:
            return partner_of(self, self.turn)
        return self.turn

    def minimum(self, team: int) -> int:
        return self.rules.minimum_for(self.scores[team])

    def opened(self, team: int) -> bool:
        return bool(self.melds[team])

    def canastas(self, team: int) -> tuple[int, int]:
        nat = mixed = 0
        for m in self.melds[team]:
            if len(m.cards) >= 7:
                if m.wilds:
                    mixed += 1
                else:
                    nat += 1
        return nat, mixed

    def canasta_count(self, team: int) -> int:
        return sum(1 for m in self.melds[team] if len(m.cards) >= 7)

    def meld_of(self, team: int, rank: int) -> Optional[TableMeld]:
        for m in self.melds[team]:
            if m.rank == rank and m.kind == "group":
                return m
        return None

    def pile_frozen_for(self, team: int) -> bool:
        return self.frozen or self.rules.pile_always_frozen or not self.melds[team]

    @property
    def deal_over(self) -> bool:
        return self.phase in (DEAL_OVER, GAME_OVER)

    @property
    def game_over(self) -> bool:
        return self.phase == GAME_OVER

    @property
    def totals(self) -> list[int]:
        if self.result is not None:
            return self.result.totals[:]
        return self.scores[:]

    # -- hand bookkeeping -----------------------------------------------------------
    def _add_to_hand(self, seat: int, card: int) -> None:
        self.hands[seat].append(card)
        self.counts[seat][KIND_OF[card]] += 1

    def _remove_from_hand(self, seat: int, card: int) -> None:
        self.hands[seat].remove(card)
        self.counts[seat][KIND_OF[card]] -= 1
        k = self.known[seat]
        if card in k:
            k.remove(card)

    def all_card_locations(self) -> list[int]:
        """Every card id in play, one entry per place it is (for invariant checks)."""
        out: list[int] = []
        for h in self.hands:
            out.extend(h)
        out.extend(self.stock)
        out.extend(self.pile)
        for team in self.melds:
            for m in team:
                out.extend(m.cards)
        for r in self.red3:
            out.extend(r)
        out.extend(self.outside)
        return out

    def __repr__(self) -> str:
        return (f"<State deal {self.deal_number + 1} dealer {self.dealer} turn {self.turn} "
                f"{self.phase} hands {[len(h) for h in self.hands]} stock {len(self.stock)} "
                f"pile {len(self.pile)}{' frozen' if self.frozen else ''}>")


def partner_of(state: State, seat: int) -> int:
    """The teammate who answers 'may I go out?': the next teammate clockwise."""
    n = state.rules.players
    teams = state.rules.teams
    return (seat + teams) % n  # type: ignore[operator]
