"""The state of a game: the deal in progress plus the game's running totals.

A ``State`` is mutable for speed (the computer players simulate thousands of
deals), but nothing outside the engine should change it: :func:`apply` returns a
changed copy, :func:`apply_in_place` changes it, and both refuse an illegal action
before touching anything.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, NamedTuple, Optional, Sequence

from ..i18n import N_
from .cards import KIND_COUNT, KIND_OF, POINTS_OF, RANK_OF, SUIT_OF, WILD_OF, deck_ids
from .rules import Grouped, Rules  # noqa: F401  (Grouped: the games' modules import it from here)

DRAW, PLAY, ANSWER, DEAL_OVER, GAME_OVER = "draw", "play", "answer", "deal_over", "game_over"


class TableMeld:
    """One meld on the table.

    ``id`` names it for the rest of the deal (actions that add to it say ``onto=id``;
    ids are unique within a deal and never reused); ``kind`` is ``"group"`` (naturals
    of one rank and wild cards), ``"black3"``, and in other games ``"sequence"`` or
    ``"wild"``; ``rank`` is the rank of a group's naturals (0 for a sequence or a wild
    meld; a sequence's ``suit``, ``low`` and ``high`` follow from its cards); ``cards`` in the order
    played; ``by`` the seat that started it. ``canasta`` names its canasta kind
    (``"natural"``/``"mixed"`` in Classic) or is None, and ``closed`` says that nothing
    more may be added; the game module decides both (see ``variants``).
    """

    __slots__ = ("id", "kind", "rank", "cards", "naturals", "wilds", "by", "canasta", "closed")

    def __init__(self, rank: int, cards: list[int], by: int, kind: str = "group", id: int = 0,
                 canasta: Optional[str] = None, closed: bool = False):
        self.id = id
        self.kind = kind
        self.rank = rank
        self.cards = cards
        self.by = by
        self.canasta = canasta
        self.closed = closed
        w = 0
        for c in cards:
            if WILD_OF[c]:
                w += 1
        self.wilds = w
        self.naturals = len(cards) - w

    def copy(self) -> "TableMeld":
        m = TableMeld.__new__(TableMeld)
        m.id, m.kind, m.rank, m.cards, m.naturals, m.wilds, m.by, m.canasta, m.closed = (
            self.id, self.kind, self.rank, self.cards[:], self.naturals, self.wilds, self.by,
            self.canasta, self.closed)
        return m

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def suit(self) -> int:
        """A sequence's suit (0-3, as in ``cards.SUITS``); -1 for other kinds."""
        if self.kind != "sequence" or not self.cards:
            return -1
        return SUIT_OF[self.cards[0]]

    @property
    def low(self) -> int:
        """A sequence's lowest rank (4..14); 0 for other kinds."""
        if self.kind != "sequence" or not self.cards:
            return 0
        return min(RANK_OF[c] for c in self.cards)

    @property
    def high(self) -> int:
        """A sequence's highest rank (4..14, ace 14); 0 for other kinds."""
        if self.kind != "sequence" or not self.cards:
            return 0
        return max(RANK_OF[c] for c in self.cards)

    @property
    def is_canasta(self) -> bool:
        return self.canasta is not None

    @property
    def natural(self) -> bool:
        return self.wilds == 0

    @property
    def points(self) -> int:
        return sum(POINTS_OF[c] for c in self.cards)

    def __repr__(self) -> str:
        return (f"TableMeld(rank={self.rank}, cards={self.cards!r}, by={self.by}, kind={self.kind!r}, "
                f"id={self.id}, canasta={self.canasta!r}, closed={self.closed})")


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

    def lines(self) -> list["ScoreLine"]:
        """Classic's score lines for the score sheet: the label, the points, and how many
        (canastas, red threes) as the detail. They add up to :attr:`total`."""
        rows = [ScoreLine(N_("Melded cards"), self.melded)]
        if self.natural_canastas:
            rows.append(ScoreLine(N_("Natural canastas"), self.natural_bonus, str(self.natural_canastas)))
        if self.mixed_canastas:
            rows.append(ScoreLine(N_("Mixed canastas"), self.mixed_bonus, str(self.mixed_canastas)))
        if self.red_threes:
            rows.append(ScoreLine(N_("Red threes"), self.red_three_score, str(self.red_threes)))
        if self.going_out:
            rows.append(ScoreLine(N_("Going out"), self.going_out))
        if self.concealed:
            rows.append(ScoreLine(N_("Concealed"), self.concealed))
        rows.append(ScoreLine(N_("Cards left in hand"), self.in_hand))
        return rows


class ScoreLine(NamedTuple):
    """One line of a team's result for a deal: what it is for, its points (negative
    for a cost), and an optional detail such as how many. The label is a message key
    (English, as the score sheet and the network carry it), rendered with ``tr`` where
    it is shown; the detail is a count in figures or a :class:`~canasta.i18n.Text`."""

    label: str
    points: int
    detail: Optional[str] = None


@dataclass
class DealResult:
    number: int
    dealer: int
    went_out: Optional[int]
    concealed: bool
    items: list[TeamItems]
    totals: list[int]                      # cumulative after this deal
    canastas: list[dict[str, int]] = field(default_factory=list)  # per team: count by canasta kind
    lines: list[list[ScoreLine]] = field(default_factory=list)    # per team, from the game's scoring

    @property
    def scores(self) -> list[int]:
        """Each team's result for the deal: the sum of its score lines."""
        if self.lines:
            return [sum(line.points for line in team) for team in self.lines]
        return [it.total for it in self.items]


# ---------------------------------------------------------------------------
# where cards lie, and who sees them: declared once
# ---------------------------------------------------------------------------

#: who sees a zone's cards
OWNER = "owner"      # the seat it belongs to sees the cards; everyone sees how many
PUBLIC = "public"    # face up: everyone sees every card, in order
COUNT = "count"      # face down: everyone sees how many, nobody the cards or their order

#: whose a zone is (the State attribute is a list of zones for SEAT and TEAM; for
#: PACKETS a list of a fixed number of packets on the table, such as Modern American's
#: two talons)
SEAT, TEAM, TABLE, PACKETS = "seat", "team", "table", "packets"

#: what a zone holds
CARDS, MELDS = "cards", "melds"   # card ids, or TableMeld objects


class Zone(NamedTuple):
    """A place cards lie, as the State holds it (``name``) and as an Observation shows
    it: its cards under ``shown`` (the seat's own for OWNER, everyone's for PUBLIC),
    how many under ``sizes``."""

    name: str
    per: str
    visibility: str
    shown: str = ""
    sizes: str = ""
    ordered: bool = True      # False: the order of its cards means nothing (a hand)
    holds: str = CARDS


#: every place a card can lie in a deal. Copying, comparing and observing a state,
#: and sampling one from an observation, go through this list; a game that adds a
#: place (a foot, talons) adds a line here and the field its Observation shows.
ZONES: tuple[Zone, ...] = (
    Zone("hands", SEAT, OWNER, shown="hand", sizes="hand_sizes", ordered=False),
    Zone("stock", TABLE, COUNT, sizes="stock_size"),
    Zone("pile", TABLE, PUBLIC, shown="pile"),
    Zone("melds", TEAM, PUBLIC, shown="melds", holds=MELDS),
    Zone("red3", TEAM, PUBLIC, shown="red3"),
    # a hand dealt face down for later (Hand and Foot); empty in other games, and once
    # picked up (the seat is then "in its foot")
    Zone("feet", SEAT, COUNT, sizes="foot_sizes"),
    Zone("talons", PACKETS, COUNT, sizes="talon_sizes"),   # Modern American's two talons (4 and 3)
)

#: the rest of the state, by how ``clone`` copies it
_SHARED = ("rules", "seed", "deal_number", "dealer", "turn", "phase", "frozen", "asked",
           "permission", "melded_this_turn", "partner_added", "took_pile", "played_before_turn",
           "went_out", "concealed", "result", "outside", "total_cards", "reshuffled")   # never changed in place
_FLAT = ("scores", "history", "sideways", "played", "turns_taken", "winners", "public_history")
_NESTED = ("counts", "known")   # per seat: the hand's count of each kind, cards seen taken


def _copy_plan() -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    flat, nested, melds = list(_FLAT), list(_NESTED), []
    for z in ZONES:
        if z.holds == MELDS:
            melds.append(z.name)
        elif z.per == TABLE:
            flat.append(z.name)
        else:
            nested.append(z.name)
    return _SHARED, tuple(flat), tuple(nested), tuple(melds)


class TableFacts:
    """What the table shows, asked the same way of a State and of an Observation
    (both hold ``rules``, ``melds`` per team and ``frozen``)."""

    __slots__ = ()
    rules: Rules
    melds: Sequence[Sequence[Any]]
    frozen: bool

    def team_of(self, seat: int) -> int:
        return seat % self.rules.teams  # type: ignore[operator]

    def foot_waiting(self, seat: int) -> bool:
        """Whether ``seat`` has a foot still to pick up (then an empty hand picks it up
        rather than going out)."""
        return bool(self._foot_size(seat))

    def in_foot(self, seat: int) -> bool:
        """Whether ``seat`` plays from its foot (it was dealt one and has picked it up)."""
        return bool(self.rules.foot_size) and not self._foot_size(seat)

    def _foot_size(self, seat: int) -> int:
        raise NotImplementedError

    def _stock_size(self) -> int:
        raise NotImplementedError

    def pile_becomes_stock(self) -> bool:
        """With ``stock_exhausted = "reshuffle"`` (RULES.md 9.1): the stock is empty, the
        pile has not been turned into a stock yet this deal, and it holds a card below its
        top, so a player who does not take the pile draws from the pile turned over."""
        return (self.rules.stock_exhausted == "reshuffle" and not self.reshuffled  # type: ignore[attr-defined]
                and len(self.pile) > 1 and not self._stock_size())  # type: ignore[attr-defined]

    def opened(self, team: int) -> bool:
        return bool(self.melds[team])

    def canasta_count(self, team: int) -> int:
        n = 0
        for m in self.melds[team]:
            if m.canasta is not None:
                n += 1
        return n

    def meld_by_id(self, team: int, meld_id: int) -> Any:
        """The team's meld with this id (None when the team has none)."""
        for m in self.melds[team]:
            if m.id == meld_id:
                return m
        return None

    def meld_of(self, team: int, rank: int) -> Any:
        """The team's open group of naturals of ``rank`` (a convenience for games, such as
        Classic, with at most one group of a rank open at a time)."""
        for m in self.melds[team]:
            if m.rank == rank and m.kind == "group" and not m.closed:
                return m
        return None

    def pile_frozen_for(self, team: int) -> bool:
        return self.frozen or self.rules.pile_always_frozen or not self.melds[team]


class State(TableFacts):
    __slots__ = tuple(z.name for z in ZONES) + _SHARED + _FLAT + _NESTED

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
        self.feet: list[list[int]] = [[] for _ in range(n)]
        self.talons: list[list[int]] = [[], []]   # empty in the games without talons
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
        self.total_cards = len(deck_ids(r.decks, r.jokers))   # type: ignore[arg-type]
        self.reshuffled = False           # the pile was turned into the stock (RULES.md 9.1)
        self.public_history: list = []    # what this deal showed the table (history.py)

    # -- copying and comparing -------------------------------------------------------
    #: ``clone()``: an independent copy, written out line by line from the declarations
    #: above (see ``_compiled_clone`` below), which keeps it fast for the search
    clone: Callable[["State"], "State"]

    def snapshot(self) -> tuple:
        """A comparable summary of everything that matters (for equality tests)."""
        zones = []
        for z in ZONES:
            value = getattr(self, z.name)
            if z.per != TABLE:
                zones.append(tuple(_zone_key(z, part) for part in value))
            else:
                zones.append(_zone_key(z, value))
        return (
            tuple(zones), self.deal_number, self.dealer, tuple(self.scores),
            tuple(self.sideways), self.frozen, tuple(self.played), self.turn, self.phase,
            self.asked, self.permission, self.melded_this_turn, self.partner_added,
            self.took_pile, self.played_before_turn, self.went_out, self.concealed,
            tuple(tuple(sorted(k)) for k in self.known), tuple(self.turns_taken),
            len(self.history), tuple(self.winners), tuple(self.public_history),
        ) + ((True,) if self.reshuffled else ())   # (so a state without it compares as before)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.snapshot() == other.snapshot()

    __hash__ = None  # type: ignore[assignment]

    # -- derived -------------------------------------------------------------------
    @property
    def to_act(self) -> int:
        """The seat whose decision the game waits for (the partner, while an answer is due)."""
        if self.phase == ANSWER:
            return partner_of(self, self.turn)
        return self.turn

    def minimum(self, team: int) -> int:
        return self.rules.minimum_in(self.scores[team], self.deal_number)

    def _foot_size(self, seat: int) -> int:
        return len(self.feet[seat])

    def _stock_size(self) -> int:
        return len(self.stock)

    def canastas(self, team: int) -> Counter:
        """The team's canastas counted by kind name (``Counter({"natural": 1, "mixed": 2})``)."""
        return Counter(m.canasta for m in self.melds[team] if m.canasta is not None)

    @property
    def card_limit(self) -> int:
        """One more than the highest card id of this game's deck (the ids a file may name;
        a deck with extra jokers has ids beyond its packs)."""
        return max(deck_ids(self.rules.decks, self.rules.jokers)) + 1   # type: ignore[arg-type]

    def next_meld_id(self) -> int:
        """The id the next meld made in this deal gets (ids start at 1)."""
        top = 0
        for team in self.melds:
            for m in team:
                if m.id > top:
                    top = m.id
        return top + 1

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
        for z in ZONES:
            for part in zone_parts(self, z):
                out.extend(part)
        out.extend(self.outside)
        return out

    def __repr__(self) -> str:
        return (f"<State deal {self.deal_number + 1} dealer {self.dealer} turn {self.turn} "
                f"{self.phase} hands {[len(h) for h in self.hands]} stock {len(self.stock)} "
                f"pile {len(self.pile)}{' frozen' if self.frozen else ''}>")


def _compiled_clone():
    """``State.clone`` as straight-line code generated from ZONES and the field lists
    (as dataclasses writes ``__init__``): a loop of getattr/setattr over the names
    costs the search about a third more per copy."""
    shared, flat, nested, melds = _copy_plan()
    body = ["def clone(self):", "    s = new(State)"]
    body += [f"    s.{n} = self.{n}" for n in shared]
    body += [f"    s.{n} = self.{n}[:]" for n in flat]
    body += [f"    s.{n} = [x[:] for x in self.{n}]" for n in nested]
    body += [f"    s.{n} = [[m.copy() for m in team] for team in self.{n}]" for n in melds]
    body.append("    return s")
    namespace = {"new": object.__new__, "State": State}
    exec("\n".join(body), namespace)  # noqa: S102 - names come from the declarations above
    clone = namespace["clone"]
    clone.__doc__ = "An independent copy of the state."
    clone.__qualname__ = "State.clone"
    return clone


State.clone = _compiled_clone()  # type: ignore[method-assign]


def zone_parts(st: State, zone: Zone) -> list[list[int]]:
    """The card ids of ``zone``, one list per owner (seat or team; one for the table),
    melds' cards together per team."""
    value = getattr(st, zone.name)
    if zone.per == TABLE:
        return [value]
    if zone.holds == MELDS:
        return [[c for m in team for c in m.cards] for team in value]
    return value


def _zone_key(zone: Zone, cards: list) -> tuple:
    """One zone's content, comparable (a hand as a set, melds by what shows)."""
    if zone.holds == MELDS:
        return tuple((m.id, m.kind, m.rank, tuple(m.cards), m.by, m.canasta, m.closed) for m in cards)
    return tuple(cards) if zone.ordered else tuple(sorted(cards))


def partner_of(state: State, seat: int) -> int:
    """The teammate who answers 'may I go out?': the next teammate clockwise."""
    n = state.rules.players
    teams = state.rules.teams
    return (seat + teams) % n  # type: ignore[operator]
