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

from ...i18n import N_, t, tn
from ..cards import BLACK3, CODE_OF, JOKER, KIND_OF, POINTS_OF, RED3, TWO, WILD_OF
from ..rules import STOCK_EXHAUSTED, Rules, RulesError, check_table
from ..state import Grouped, TeamItems
from ..state import ScoreLine
from ..words import RANK_PLURALS, RANK_WORDS, word

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
    "straight": (N_("Straight"), 3000),
    "pairs": (N_("Seven pairs"), 2500),
    "pairs_wild": (N_("Pairs with wilds"), 2000),
    "garbage": (N_("Garbage"), 2000),
}
#: a special hand's score line, by name
SPECIAL_LINES = {"straight": N_("Special hand: straight"), "pairs": N_("Special hand: seven pairs"),
                 "pairs_wild": N_("Special hand: pairs with wilds"), "garbage": N_("Special hand: garbage")}

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


#: a meld of seven cards is a canasta and takes no more (the refusal)
CLOSED_AT_SEVEN = N_("A meld holds at most seven cards: a canasta is complete and closed.")


def group_error(rules: Rules, rank: int, naturals: int, wilds: int, new: bool,
                aces_wild_ok: bool = False) -> Optional[str]:
    """Whether a group of ``rank`` with this many naturals and wild cards may exist
    (``new``: being started now; ``aces_wild_ok``: aces being opened in the initial
    meld, or an aces meld that was opened with wild cards)."""
    if new:
        if naturals < 2:
            if naturals == 1:
                return t("A new meld needs at least two natural {ranks}; a single {rank} can only go on "
                         "your side's meld of {ranks}.", ranks=word(RANK_PLURALS[rank]), rank=word(RANK_WORDS[rank]))
            return N_("Wild cards alone make a wild meld of three or more.")
        if naturals + wilds < 3:
            return N_("A meld needs at least three cards.")
    if naturals + wilds > MELD_MAX:
        return CLOSED_AT_SEVEN
    if wilds:
        if rank == 7:
            return N_("Sevens never take a wild card.")
        if rank == 14 and not aces_wild_ok:
            if new:
                return N_("Aces take wild cards only in your side's first meld.")
            return N_("These aces were melded without wild cards: no wild card may ever join them.")
        if wilds > rules.wild_limit:  # type: ignore[operator]
            return tn("A meld may hold at most {count} wild card.", "A meld may hold at most {count} wild cards.",
                      rules.wild_limit)  # type: ignore[arg-type]
        if rules.more_naturals_than_wilds and naturals <= wilds:
            return N_("A meld must hold more natural cards than wild cards.")
    return None


def meld_error(rules: Rules, kind: str, rank: int, naturals: int, wilds: int, new: bool) -> Optional[str]:
    """The shape check the core's ``meld_error`` seam asks (aces judged as pure)."""
    if kind == "wild":
        if naturals:
            return N_("A wild meld holds wild cards only.")
        if new and wilds < 3:
            return N_("A wild meld needs at least three wild cards.")
        if wilds > MELD_MAX:
            return CLOSED_AT_SEVEN
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
            return N_("Threes are never melded."), "", 0
        else:
            ranks.add(KIND_OF[c])
    if not ranks:
        return meld_error(rules, "wild", 0, 0, wilds, True), "wild", 0
    if len(ranks) > 1:
        return N_("A meld holds cards of one rank."), "", 0
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
        return t("the wild meld")
    if m.kind == "special":
        return t("the special hand")
    return t("the meld of {ranks}", ranks=word(RANK_PLURALS.get(m.rank, N_("cards"))))


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
    """A score line: its label a message of the catalog (rendered where it is shown, the
    English kept where a record or the network carries it), its detail a sentence."""
    return ScoreLine(t(label), points, detail)


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
            _words, pts = SPECIAL_HANDS[name]
            it.other_points = pts
            rows.append(_line(SPECIAL_LINES[name], pts))
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
        rows.append(_line(N_("Melded cards"), melded, t("no canasta: minus") if melded < 0 else None))
        for kind, label in (("natural", N_("Natural canastas")), ("mixed", N_("Mixed canastas")),
                            ("sevens", N_("Canastas of sevens")), ("aces", N_("Canastas of aces"))):
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
                detail = {WILD_TWOS: t("all twos"), WILD_JOKERS: t("all four jokers")}.get(pts, "1")
                rows.append(_line(N_("Wild canasta"), pts, detail))
        penalties = 0
        for m in melds:
            cost = at_risk(m)
            if cost:
                penalties += cost
                label = (N_("Unfinished wild meld") if m.kind == "wild" else
                         N_("Unfinished sevens") if m.rank == 7 else N_("Unfinished aces"))
                rows.append(_line(label, cost, t("{count} of 7", count=len(m.cards))))
        seats = [s for s in range(r.players) if st.team_of(s) == team]
        for rank, label in ((7, N_("Three or more sevens in hand")), (14, N_("Three or more aces in hand"))):
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
        for n, label in ((red, N_("Red threes")), (black, N_("Black threes"))):
            if n:
                pts = sign * _threes_points(n)
                it.red_three_score += pts
                why = (str(n) if sign > 0 else t("{count}, one canasta: nothing", count=n) if sign == 0
                       else t("{count}, no canasta: minus", count=n))
                rows.append(_line(label, pts, why))
        if went_out is not None and st.team_of(went_out) == team:
            it.going_out = r.scoring.going_out
            rows.append(_line(N_("Going out"), it.going_out))
        in_hand = -sum(value(c) for s in seats for c in st.hands[s])
        it.in_hand = in_hand
        rows.append(_line(N_("Cards left in hand"), in_hand))
        it.rows = rows
        items.append(it)
    return items, [it.lines() for it in items]


def score_rules(rules: Rules) -> list:
    """Every line a deal's score may have, with how it is counted (rules screen)."""
    sc = rules.scoring
    melded = (t("the point values of the side's melded cards (threes have none); minus instead for a side "
                "without a canasta") if rules.resolved().no_canasta_melds_negative
              else t("the point values of the side's melded cards (threes have none)"))
    held = t("{points} for each player holding them", points=Grouped(HELD_SEVENS_ACES))
    return [
        _line(N_("Melded cards"), 0, melded),
        _line(N_("Natural canastas"), sc.natural_canasta,
              t("+{points} each (seven of one rank, 4 to king)", points=Grouped(sc.natural_canasta))),
        _line(N_("Mixed canastas"), sc.mixed_canasta,
              t("+{points} each (one or two wild cards)", points=Grouped(sc.mixed_canasta))),
        _line(N_("Canastas of sevens"), SEVENS_BONUS, t("+{points} each", points=Grouped(SEVENS_BONUS))),
        _line(N_("Canastas of aces"), ACES_BONUS,
              t("+{points} each (aces melded without wild cards)", points=Grouped(ACES_BONUS))),
        _line(N_("Wild canasta"), WILD_OTHER, t("+{twos} all twos, +{jokers} with all four jokers, else +{other}",
                                                twos=Grouped(WILD_TWOS), jokers=Grouped(WILD_JOKERS),
                                                other=Grouped(WILD_OTHER))),
        _line(N_("Unfinished sevens"), UNFINISHED_SEVENS,
              t("{points} for a meld of sevens under seven cards", points=Grouped(UNFINISHED_SEVENS))),
        _line(N_("Unfinished aces"), UNFINISHED_SEVENS,
              t("{points} for a pure aces meld under seven cards", points=Grouped(UNFINISHED_SEVENS))),
        _line(N_("Unfinished wild meld"), UNFINISHED_WILD,
              t("{points} for a wild meld under seven cards", points=Grouped(UNFINISHED_WILD))),
        _line(N_("Three or more sevens in hand"), HELD_SEVENS_ACES, held),
        _line(N_("Three or more aces in hand"), HELD_SEVENS_ACES, held),
        _line(N_("Red threes"), 100, t("laid and held, 1: {one}, 2: {two}, 3: {three}, 4: {four}; plus with two "
                                       "canastas, nothing with one, minus with none",
                                       one=Grouped(_threes_points(1)), two=Grouped(_threes_points(2)),
                                       three=Grouped(_threes_points(3)), four=Grouped(_threes_points(4)))),
        _line(N_("Black threes"), 100, t("counted the same way as red threes, apart from them")),
        _line(N_("Going out"), sc.going_out,
              t("+{points} for the side of the player who goes out", points=Grouped(sc.going_out))),
        _line(N_("Cards left in hand"), 0, t("minus the point values of the cards still in the side's hands")),
        _line(N_("Special hand"), 3000, t("instead of everything else: straight {straight}, seven pairs {pairs}, "
                                          "pairs with wilds {pairs_wild}, garbage {garbage}",
                                          **{name: Grouped(pts) for name, (_w, pts) in SPECIAL_HANDS.items()})),
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
