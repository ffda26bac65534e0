"""Modern American Canasta (RULES-variants.md section 10.1): four players in two
partnerships, 13 cards, two talons, no upcard, a pile that is always frozen, melds
that close at seven, sevens and aces worth 2,500, wild canastas, threes laid by
choice, and four special hands.

What the game decides lives here: its defaults and options, its meld kinds and
canasta kinds, the special hands, and the scoring. The rulebook the core asks
(melding, taking the pile, going out, the enumerators) and the game's own actions
(laying threes, a special hand, and its own rows for drawing, melding and
discarding) are in ``american_rules.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, NamedTuple, Optional, Sequence

from ...i18n import N_
from ..cards import BLACK3, CODE_OF, JOKER, KIND_OF, PLURAL_NAMES, POINTS_OF, RANK_NAMES, RED3, TWO, WILD_OF
from ..rules import STOCK_EXHAUSTED, Rules, RulesError, check_table
from ..state import TeamItems
from ..state import ScoreLine

if TYPE_CHECKING:
    from ..state import State, TableMeld

NAME = "american"
TITLE = N_("Modern American Canasta")
SHORT_TITLE = N_("Modern American")

MELD_KINDS = ("group", "wild")
#: a special hand laid down lies on the table as one closed meld of this kind (it ends
#: the deal; nothing is ever melded onto it)
LAID_KINDS = ("special",)
CANASTA_KINDS = ("natural", "mixed", "sevens", "aces", "wild")
#: the game keeps threes in hands (they are laid by choice)
THREES_IN_HAND = True
CANASTA_SIZE = 7
MELD_MAX = 7
TALON_SIZES = (4, 3)
MINIMUMS = ((0, 125), (3000, 155), (5000, 180))

#: canasta bonuses of 10.1.9
SEVENS_BONUS = 2500
ACES_BONUS = 2500
WILD_TWOS = 3000
WILD_JOKERS = 2500
WILD_OTHER = 2000
UNFINISHED_SEVENS = -2500
UNFINISHED_WILD = -2000
HELD_SEVENS_ACES = -1500
THREES_TABLE = {0: 0, 1: 100, 2: 300, 3: 500, 4: 1000}

#: the special hands (10.1.10): name -> (words, points)
SPECIAL_HANDS = {
    "straight": ("Straight", 3000),
    "pairs": ("Seven pairs", 2500),
    "pairs_wild": ("Pairs with wilds", 2000),
    "garbage": ("Garbage", 2000),
}

#: the options the New game screen shows, in order, with a line each
OPTIONS = ("target_score", "talon_bonus", "wild_limit", "more_naturals_than_wilds",
           "second_meld_after_canasta", "initial_canasta_meets_minimum", "initial_meld_with_pile",
           "canastas_to_go_out", "threes_optional", "no_canasta_melds_negative", "special_hands",
           "ask_to_go_out")
OPTION_HELP = {
    "target_score": N_("The game ends after the deal in which a side reaches this total (8,500)."),
    "talon_bonus": N_("The two talons go to the first players to meld from the hand (4 cards, then 3)."),
    "wild_limit": N_("The most wild cards a group may hold (two)."),
    "more_naturals_than_wilds": N_("A group must always hold more natural cards than wild cards."),
    "second_meld_after_canasta": N_("Once a side's meld of a rank is a canasta, it may start another of that rank."),
    "initial_canasta_meets_minimum": N_("A complete canasta in the first meld meets the count and the natural trio."),
    "initial_meld_with_pile": N_("Taking the pile for the first meld: after melding enough from the hand, or never."),
    "canastas_to_go_out": N_("Canastas a side needs before a player may go out (two)."),
    "threes_optional": N_("Threes are laid whenever you like; off: every three is laid at the start of your turn."),
    "no_canasta_melds_negative": N_("A side without a canasta counts its melded cards as minus."),
    "special_hands": N_("A 14-card straight, seven pairs, pairs with wilds or garbage may be laid as a special hand."),
    "ask_to_go_out": N_("A player may ask 'Partner, may I go out?' and must follow the answer."),
}
PILE_RULES = ("meld_first", "forbidden")


class LayThrees(NamedTuple):
    """Lay these threes (red or black) from the hand in the side's area; a replacement
    is drawn from the stock for each."""

    cards: tuple[int, ...]


class LaySpecial(NamedTuple):
    """Lay the whole hand down as a special hand (it ends the deal)."""

    def __repr__(self) -> str:
        return "LaySpecial()"




# ---------------------------------------------------------------------------
# options
# ---------------------------------------------------------------------------

def _pick(value, default):
    return default if value is None else value


def resolve(r: Rules) -> Rules:
    """Modern American's defaults (10.1.12) for every option left as None, checked."""
    if r.players != 4:
        raise RulesError(f"Modern American Canasta is played by four players in two partnerships, not {r.players}.")
    teams = _pick(r.teams, 2)
    if teams != 2:
        raise RulesError("Modern American Canasta is played by two partnerships.")
    decks = _pick(r.decks, 2)
    hand = _pick(r.hand_size, 13)
    draw = _pick(r.draw_count, 1)
    out = _pick(r.canastas_to_go_out, 2)
    target = _pick(r.target_score, 8500)
    wild_limit = _pick(r.wild_limit, 2)
    table = r.minimum_table if r.minimum_table is not None else MINIMUMS
    table = tuple(sorted((int(a), int(b)) for a, b in table))
    pile_rule = _pick(r.initial_meld_with_pile, "meld_first")
    check_table(decks, hand, 4, draw, out)
    if hand * 4 + sum(TALON_SIZES) >= decks * 54:
        raise RulesError(f"{hand} cards each and the talons do not fit in {decks} packs.")
    if isinstance(target, bool) or not isinstance(target, int) or target < 100:
        raise RulesError("The target score must be at least 100.")
    if isinstance(wild_limit, bool) or not isinstance(wild_limit, int) or not 0 <= wild_limit <= 6:
        raise RulesError("The wild-card limit must be between 0 and 6.")
    if pile_rule not in PILE_RULES:
        raise RulesError(f"initial_meld_with_pile must be one of {', '.join(PILE_RULES)}.")
    if r.stock_exhausted not in STOCK_EXHAUSTED:
        raise RulesError(f"stock_exhausted must be one of {', '.join(STOCK_EXHAUSTED)}.")
    negative = r.negative_minimum if r.negative_minimum != Rules.negative_minimum else table[0][1]
    return replace(r, teams=2, decks=decks, hand_size=hand, draw_count=draw, canastas_to_go_out=out,
                   target_score=target, minimum_table=table, negative_minimum=negative,
                   ask_to_go_out=_pick(r.ask_to_go_out, True), red_three_table=(),
                   canasta_size=CANASTA_SIZE, melds_close=True, wild_limit=wild_limit,
                   pile_always_frozen=True,
                   talon_bonus=_pick(r.talon_bonus, False),
                   second_meld_after_canasta=_pick(r.second_meld_after_canasta, False),
                   initial_canasta_meets_minimum=_pick(r.initial_canasta_meets_minimum, True),
                   initial_meld_with_pile=pile_rule,
                   threes_optional=_pick(r.threes_optional, True),
                   no_canasta_melds_negative=_pick(r.no_canasta_melds_negative, True),
                   special_hands=_pick(r.special_hands, True))


# ---------------------------------------------------------------------------
# cards and melds
# ---------------------------------------------------------------------------

def is_three(card: int) -> bool:
    k = KIND_OF[card]
    return k == RED3 or k == BLACK3


#: every card's points in this game, by id: threes have none
VALUE_OF = tuple(0 if k == RED3 or k == BLACK3 else p for k, p in zip(KIND_OF, POINTS_OF))


def value(card: int) -> int:
    """A card's points in this game: threes have none."""
    return VALUE_OF[card]


def group_error(rules: Rules, rank: int, naturals: int, wilds: int, new: bool,
                aces_wild_ok: bool = False) -> Optional[str]:
    """Whether a group of ``rank`` with this many naturals and wild cards may exist
    (``new``: being started now; ``aces_wild_ok``: aces being opened in the initial
    meld, or an aces meld that was opened with wild cards)."""
    plural = PLURAL_NAMES[rank]
    if new:
        if naturals < 2:
            if naturals == 1:
                return (f"A new meld needs at least two natural {plural}; a single {RANK_NAMES[rank]} "
                        f"can only go on your side's meld of {plural}.")
            return "Wild cards alone make a wild meld of three or more."
        if naturals + wilds < 3:
            return "A meld needs at least three cards."
    if naturals + wilds > MELD_MAX:
        return "A meld holds at most seven cards: a canasta is complete and closed."
    if wilds:
        if rank == 7:
            return "Sevens never take a wild card."
        if rank == 14 and not aces_wild_ok:
            if new:
                return "Aces take wild cards only in your side's first meld."
            return "These aces were melded without wild cards: no wild card may ever join them."
        if wilds > rules.wild_limit:  # type: ignore[operator]
            return f"A meld may hold at most {rules.wild_limit} wild cards."
        if rules.more_naturals_than_wilds and naturals <= wilds:
            return "A meld must hold more natural cards than wild cards."
    return None


def meld_error(rules: Rules, kind: str, rank: int, naturals: int, wilds: int, new: bool) -> Optional[str]:
    """The shape check the core's ``meld_error`` seam asks (aces judged as pure)."""
    if kind == "wild":
        if naturals:
            return "A wild meld holds wild cards only."
        if new and wilds < 3:
            return "A wild meld needs at least three wild cards."
        if wilds > MELD_MAX:
            return "A meld holds at most seven cards: a canasta is complete and closed."
        return None
    return group_error(rules, rank, naturals, wilds, new)


def classify(cards: Sequence[int], rules: Rules) -> tuple[Optional[str], str, int]:
    """(error, kind, rank) of cards lying as one meld (conformance positions)."""
    ranks = set()
    wilds = 0
    for c in cards:
        if WILD_OF[c]:
            wilds += 1
        elif is_three(c):
            return "Threes are never melded.", "", 0
        else:
            ranks.add(KIND_OF[c])
    if not ranks:
        return meld_error(rules, "wild", 0, 0, wilds, True), "wild", 0
    if len(ranks) > 1:
        return "A meld holds cards of one rank.", "", 0
    rank = ranks.pop()
    return group_error(rules, rank, len(cards) - wilds, wilds, True, aces_wild_ok=True), "group", rank


def canasta_kind(m: "TableMeld", rules: Rules) -> Optional[str]:
    """Seven cards make a canasta: sevens, pure aces, wild, natural or mixed."""
    if len(m.cards) < CANASTA_SIZE or m.kind == "special":
        return None
    if m.kind == "wild":
        return "wild"
    if m.rank == 7:
        return "sevens"
    if m.wilds == 0:
        return "aces" if m.rank == 14 else "natural"
    return "mixed"


def is_closed(m: "TableMeld", rules: Rules) -> bool:
    """A canasta (seven cards) is closed, and so is a special hand laid down."""
    return m.kind == "special" or len(m.cards) >= CANASTA_SIZE


def is_pure_aces(m) -> bool:
    return m.kind == "group" and m.rank == 14 and m.wilds == 0


def at_risk(m) -> int:
    """What an unfinished meld would cost if the deal ended now (sevens, pure aces, a
    wild meld), else 0."""
    if m.canasta is not None or m.kind == "special":
        return 0
    if m.kind == "wild":
        return UNFINISHED_WILD
    if m.kind == "group" and (m.rank == 7 or is_pure_aces(m)):
        return UNFINISHED_SEVENS
    return 0


def wild_canasta_bonus(cards: Sequence[int]) -> int:
    kinds = [KIND_OF[c] for c in cards]
    if all(k == TWO for k in kinds):
        return WILD_TWOS
    if kinds.count(JOKER) >= 4:
        return WILD_JOKERS
    return WILD_OTHER


def canasta_bonus(kind: str, rules: Rules, cards: Sequence[int] = ()) -> int:
    if kind == "natural":
        return rules.scoring.natural_canasta
    if kind == "mixed":
        return rules.scoring.mixed_canasta
    if kind == "sevens":
        return SEVENS_BONUS
    if kind == "aces":
        return ACES_BONUS
    return wild_canasta_bonus(cards) if cards else WILD_OTHER


def describe_meld(m) -> str:
    if m.kind == "wild":
        return "the wild meld"
    if m.kind == "special":
        return "the special hand"
    return f"the meld of {PLURAL_NAMES.get(m.rank, 'cards')}"


# ---------------------------------------------------------------------------
# special hands (10.1.10)
# ---------------------------------------------------------------------------

def special_hand(cards: Sequence[int]) -> Optional[str]:
    """Which special hand these 14 cards are ("straight", "pairs", "pairs_wild",
    "garbage"), or None."""
    if len(cards) != 14:
        return None
    count: dict[int, int] = {}
    threes = 0
    for c in cards:
        k = KIND_OF[c]
        if k == RED3 or k == BLACK3:
            threes += 1
        else:
            count[k] = count.get(k, 0) + 1
    jokers = count.get(JOKER, 0)
    twos = count.get(TWO, 0)
    naturals = {k: n for k, n in count.items() if 4 <= k <= 14}
    if (threes == 1 and jokers == 1 and twos == 1 and len(naturals) == 11
            and all(n == 1 for n in naturals.values())):
        return "straight"
    if threes or jokers:
        return None
    if not twos and len(naturals) == 7 and all(n == 2 for n in naturals.values()):
        return "pairs"
    if (twos == 2 and len(naturals) == 6 and all(n == 2 for n in naturals.values())
            and 7 in naturals and 14 in naturals):
        return "pairs_wild"
    if not twos and sorted(naturals.values()) == [3, 3, 4, 4]:
        return "garbage"
    return None


def laid_special(st, team: int) -> Optional[tuple[str, int]]:
    """(name, seat) of the special hand the team laid this deal, if any."""
    for m in st.melds[team]:
        if m.kind == "special":
            return special_hand(m.cards) or "straight", m.by
    return None


# ---------------------------------------------------------------------------
# scoring (10.1.9)
# ---------------------------------------------------------------------------

@dataclass
class AmericanItems(TeamItems):
    """A team's result of a Modern American deal. Classic's fields hold the melded
    cards (signed), every canasta bonus, the threes and going out; ``other_points`` the
    penalties and a special hand; ``rows`` the score lines in the order of 10.1.9."""

    other_points: int = 0
    rows: list = None  # type: ignore[assignment]
    canastas: dict = None  # type: ignore[assignment]   # by kind: what the statistics count

    @property
    def total(self) -> int:
        return TeamItems.total.fget(self) + self.other_points  # type: ignore[attr-defined]

    def lines(self) -> list:
        return list(self.rows or [])


def _line(label: str, points: int, detail: Optional[str] = None):
    return ScoreLine(label, points, detail)


def _threes_points(n: int) -> int:
    return THREES_TABLE.get(n, THREES_TABLE[4] if n > 4 else 0)


def score(st: "State", went_out: Optional[int], concealed: bool):
    """Each team's items and score lines, in the order of 10.1.9; a special-hand team
    scores only its hand."""
    r = st.rules
    items = []
    for team in range(r.teams):  # type: ignore[arg-type]
        it = AmericanItems()
        rows: list = []
        special = laid_special(st, team)
        if special is not None:
            name, _seat = special
            words, pts = SPECIAL_HANDS[name]
            it.other_points = pts
            rows.append(_line(f"Special hand: {words.lower()}", pts, name))
            it.rows = rows
            items.append(it)
            continue
        melds = st.melds[team]
        kinds = [m.canasta for m in melds if m.canasta is not None]
        ncan = len(kinds)
        it.canastas = {k: kinds.count(k) for k in sorted(set(kinds))}
        melded = sum(value(c) for m in melds for c in m.cards)
        if ncan == 0 and r.no_canasta_melds_negative:
            melded = -melded
        it.melded = melded
        rows.append(_line("Melded cards", melded, "no canasta: minus" if melded < 0 else None))
        for kind, label in (("natural", "Natural canastas"), ("mixed", "Mixed canastas"),
                            ("sevens", "Canastas of sevens"), ("aces", "Canastas of aces")):
            n = kinds.count(kind)
            if n:
                pts = canasta_bonus(kind, r) * n
                it.canasta_bonus += pts
                if kind == "natural":
                    it.natural_canastas, it.natural_bonus = n, pts
                elif kind == "mixed":
                    it.mixed_canastas, it.mixed_bonus = n, pts
                rows.append(_line(label, pts, str(n)))
        for m in melds:
            if m.canasta == "wild":
                pts = wild_canasta_bonus(m.cards)
                it.canasta_bonus += pts
                detail = {WILD_TWOS: "all twos", WILD_JOKERS: "all four jokers"}.get(pts, "1")
                rows.append(_line("Wild canasta", pts, detail))
        penalties = 0
        for m in melds:
            cost = at_risk(m)
            if cost:
                penalties += cost
                label = ("Unfinished wild meld" if m.kind == "wild" else
                         "Unfinished sevens" if m.rank == 7 else "Unfinished aces")
                rows.append(_line(label, cost, f"{len(m.cards)} of 7"))
        seats = [s for s in range(r.players) if st.team_of(s) == team]
        for rank, label in ((7, "Three or more sevens in hand"), (14, "Three or more aces in hand")):
            n = sum(1 for s in seats if st.counts[s][rank] >= 3)
            if n:
                penalties += HELD_SEVENS_ACES * n
                rows.append(_line(label, HELD_SEVENS_ACES * n, str(n)))
        it.other_points = penalties
        red = sum(1 for c in st.red3[team] if KIND_OF[c] == RED3)
        black = sum(1 for c in st.red3[team] if KIND_OF[c] == BLACK3)
        for s in seats:
            red += st.counts[s][RED3]
            black += st.counts[s][BLACK3]
        it.red_threes = red + black
        sign = 1 if ncan >= 2 else 0 if ncan == 1 else -1
        for n, label in ((red, "Red threes"), (black, "Black threes")):
            if n:
                pts = sign * _threes_points(n)
                it.red_three_score += pts
                why = "" if sign > 0 else ", one canasta: nothing" if sign == 0 else ", no canasta: minus"
                rows.append(_line(label, pts, f"{n}{why}"))
        if went_out is not None and st.team_of(went_out) == team:
            it.going_out = r.scoring.going_out
            rows.append(_line("Going out", it.going_out))
        in_hand = -sum(value(c) for s in seats for c in st.hands[s])
        it.in_hand = in_hand
        rows.append(_line("Cards left in hand", in_hand))
        it.rows = rows
        items.append(it)
    return items, [it.lines() for it in items]


def score_rules(rules: Rules) -> list:
    """Every line a deal's score may have, with how it is counted (rules screen)."""
    sc = rules.scoring
    minus = ("; minus instead for a side without a canasta" if rules.resolved().no_canasta_melds_negative
             else "")
    return [
        _line("Melded cards", 0, "the point values of the side's melded cards (threes have none)" + minus),
        _line("Natural canastas", sc.natural_canasta, f"+{sc.natural_canasta:,} each (seven of one rank, 4 to king)"),
        _line("Mixed canastas", sc.mixed_canasta, f"+{sc.mixed_canasta:,} each (one or two wild cards)"),
        _line("Canastas of sevens", SEVENS_BONUS, f"+{SEVENS_BONUS:,} each"),
        _line("Canastas of aces", ACES_BONUS, f"+{ACES_BONUS:,} each (aces melded without wild cards)"),
        _line("Wild canasta", WILD_OTHER, f"+{WILD_TWOS:,} all twos, +{WILD_JOKERS:,} with all four jokers, "
              f"else +{WILD_OTHER:,}"),
        _line("Unfinished sevens", UNFINISHED_SEVENS, f"{UNFINISHED_SEVENS:,} for a meld of sevens under seven cards"),
        _line("Unfinished aces", UNFINISHED_SEVENS, f"{UNFINISHED_SEVENS:,} for a pure aces meld under seven cards"),
        _line("Unfinished wild meld", UNFINISHED_WILD, f"{UNFINISHED_WILD:,} for a wild meld under seven cards"),
        _line("Three or more sevens in hand", HELD_SEVENS_ACES, f"{HELD_SEVENS_ACES:,} for each player holding them"),
        _line("Three or more aces in hand", HELD_SEVENS_ACES, f"{HELD_SEVENS_ACES:,} for each player holding them"),
        _line("Red threes", 100, "laid and held, 1: 100, 2: 300, 3: 500, 4: 1,000; plus with two canastas, "
              "nothing with one, minus with none"),
        _line("Black threes", 100, "counted the same way as red threes, apart from them"),
        _line("Going out", sc.going_out, f"+{sc.going_out:,} for the side of the player who goes out"),
        _line("Cards left in hand", 0, "minus the point values of the cards still in the side's hands"),
        _line("Special hand", 3000, "instead of everything else: straight 3,000, seven pairs 2,500, "
              "pairs with wilds 2,000, garbage 2,000"),
    ]


# ---------------------------------------------------------------------------
# conformance vectors (shared/conformance/README.md): the game's own keys
# ---------------------------------------------------------------------------

def setup_position(st: "State", data: dict, take) -> None:
    """``state.talons`` (two lists of codes) and ``state.threes`` (per team, the threes
    laid) of a vector's position; ``take`` turns a code into a free card id."""
    talons = data.get("talons")
    if talons is not None:
        if not isinstance(talons, list) or len(talons) != 2 or not all(isinstance(t, list) for t in talons):
            raise ValueError("talons must be two lists of card codes.")
        st.talons = [[take(c) for c in t] for t in talons]
    threes = data.get("threes")
    if threes is not None:
        if not isinstance(threes, list) or len(threes) != st.rules.teams or not all(isinstance(t, list) for t in threes):
            raise ValueError("threes must hold one list of threes per team.")
        for team, codes in enumerate(threes):
            for code in codes:
                card = take(code)
                if not is_three(card):
                    raise ValueError(f"{code} is not a three.")
                st.red3[team].append(card)


def action_from_vector(st: "State", seat: int, data: dict, pick):
    kind = data.get("type")
    if kind == "threes":
        cards = data.get("cards")
        if not isinstance(cards, list):
            raise ValueError("threes needs cards: a list of codes.")
        return LayThrees(tuple(pick(c) for c in cards))
    if kind == "special":
        return LaySpecial()
    return None


def vector_fact(st: "State", key: str):
    if key == "threes":
        return [{"red": sum(1 for c in part if KIND_OF[c] == RED3),
                 "black": sum(1 for c in part if KIND_OF[c] == BLACK3)} for part in st.red3]
    if key == "special_hand":
        for team in range(st.rules.teams):  # type: ignore[arg-type]
            s = laid_special(st, team)
            if s is not None:
                return s[0]
        return None
    raise ValueError(f"{key} is not part of the game {st.rules.variant!r}")


_ = (CODE_OF,)
