"""Hand and Foot (RULES-variants.md section 10.4): five packs for four players (seven
for six), a hand and a foot of eleven cards each, books of seven.

What Hand and Foot decides differently from Classic lives here: its defaults and
options, the shape of a meld (the wild rule, books that close at seven, wild books),
what a book is (clean, dirty, wild), and the scoring, which counts the cards of a
foot never picked up. The core deals the feet and picks a foot up when a hand
empties (``Rules.foot_size``, the ``feet`` zone); the melding validator, the pile
taken with a natural pair and the books needed to go out are this game's rulebook
(``hand_and_foot_rules.py``, through ``registry.rulebook``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Optional, Sequence

from ...i18n import N_, Text, t, tn
from ..cards import BLACK3, KIND_OF, POINTS_OF, RED3, WILD_OF
from ..rules import (BASE_MINIMUMS, BOOK_KINDS, DEAL_MINIMUMS, Rules, RulesError, Scoring, books_from,
                     check_table)
from ..state import Grouped, ScoreLine, TeamItems
from ..words import RANK_PLURALS, RANK_WORDS, word

if TYPE_CHECKING:
    from ..state import State, TableMeld

NAME = "hand_and_foot"
TITLE = N_("Hand and Foot")
SHORT_TITLE = N_("Hand and Foot")

MELD_KINDS = ("group", "wild")
CANASTA_KINDS = BOOK_KINDS            # "clean", "dirty", "wild"
#: the items of a deal's result that count books (clean and dirty are Classic's fields)
CANASTA_ITEMS = ("natural_canastas", "mixed_canastas", "wild_books")

BOOK_SIZE = 7
WILD_BOOK_BONUS = 1500
#: a black three turned up as the upcard stays on the pile (only wild cards and red
#: threes are covered, 10.4.2)
BLACK3_UPCARD_COVERED = False

WILD_RULES = ("more_naturals", "twice", "max3")
DEFAULT_BOOKS = (("clean", 2), ("dirty", 2), ("wild", 0))
SCORING = Scoring(natural_canasta=500, mixed_canasta=300, going_out=100, concealed_extra=0,
                  red_three=100, red_threes_negative_without_meld=False)

#: the options the New game screen shows, in order
OPTIONS = ("decks", "hand_size", "foot_size", "draw_count", "pile_take", "wild_rule", "wild_books",
           "book_closes", "minimum_by", "books_to_go_out", "partner_in_foot", "ask_to_go_out", "must_ask",
           "black_three_value", "red_three_held", "deals")

OPTION_HELP = {
    "decks": N_("How many 54-card packs are shuffled together (one more than the players)."),
    "hand_size": N_("Cards dealt to each player's hand."),
    "foot_size": N_("Cards dealt face down to each player's foot, played once the hand is empty."),
    "draw_count": N_("Cards drawn from the stock each turn."),
    "pile_take": N_("Taking the pile with a natural pair: how many of its top cards you take (all, 7, or only the top one)."),
    "wild_rule": N_("How many wild cards a meld may hold: fewer than its naturals, half its naturals, or three."),
    "wild_books": N_("Wild cards alone may form a meld; seven of them are a wild book worth 1,500."),
    "book_closes": N_("A book of seven is closed: nothing more can be added to it."),
    "minimum_by": N_("The first meld's minimum count: by deal (50, 90, 120, 150) or by the side's score."),
    "books_to_go_out": N_("The clean and dirty books a side needs before a player may go out."),
    "partner_in_foot": N_("Going out also needs every partner to have picked up their foot."),
    "ask_to_go_out": N_("A player may ask 'Partner, may I go out?' and must follow the answer."),
    "must_ask": N_("Going out is allowed only after the partner said yes this turn."),
    "black_three_value": N_("What a black three left in a hand or foot costs when the deal ends."),
    "red_three_held": N_("What a red three in a foot never picked up counts (a cost)."),
    "deals": N_("How many deals a game has; the higher total after the last one wins."),
}


# ---------------------------------------------------------------------------
# options
# ---------------------------------------------------------------------------

def _int(value, what: str, low: int, high: int) -> int:
    """``value`` if it is a whole number from ``low`` to ``high``; ``what`` names it."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RulesError(t("{what} must be a whole number from {low} to {high}.", what=Text(what),
                           low=Grouped(low), high=Grouped(high)))
    return value


def ranks(rank: int) -> Text:
    """The rank in the plural as a word of a sentence ("kings")."""
    return word(RANK_PLURALS.get(rank, N_("cards")))


def book_count(kind: str, n: int) -> Text:
    """'2 clean', '1 dirty', '0 wild' (books of a kind; a translation adds the noun)."""
    if kind == "clean":
        return tn("{count} clean", "{count} clean", n)
    if kind == "dirty":
        return tn("{count} dirty", "{count} dirty", n)
    return tn("{count} wild", "{count} wild", n)


def and_chain(parts: Sequence) -> object:
    """'a and b and c', each 'and' a message ("{first} and {last}")."""
    out = parts[0] if parts else ""
    for part in parts[1:]:
        out = t("{first} and {last}", first=out, last=part)
    return out


def resolve(r: Rules) -> Rules:
    """Hand and Foot's defaults (10.4.10) for every option left as None, checked for sense."""
    p = r.players
    if p not in (4, 6):
        raise RulesError(t("Hand and Foot is played by 4 or 6 players, not {players}.", players=p))
    teams = r.teams if r.teams is not None else (2 if p == 4 else 3)
    if p == 4 and teams != 2:
        raise RulesError(N_("Four players play as two partnerships."))
    if p == 6 and teams not in (2, 3):
        raise RulesError(N_("Six players play as three pairs or two teams of three."))
    decks = r.decks if r.decks is not None else p + 1
    hand = r.hand_size if r.hand_size is not None else 11
    foot = r.foot_size if r.foot_size is not None else 11
    draw = r.draw_count if r.draw_count is not None else 2
    take = r.pile_take if r.pile_take is not None else 7
    wild_rule = r.wild_rule if r.wild_rule is not None else "more_naturals"
    books = books_from(r.books_to_go_out) if r.books_to_go_out is not None else DEFAULT_BOOKS
    minimum_by = r.minimum_by if r.minimum_by is not None else "deal"
    deal_minimums = tuple(r.deal_minimums) if r.deal_minimums is not None else DEAL_MINIMUMS
    table = r.minimum_table if r.minimum_table is not None else BASE_MINIMUMS
    table = tuple(sorted((int(a), int(b)) for a, b in table))
    ask = r.ask_to_go_out if r.ask_to_go_out is not None else True
    must_ask = bool(r.must_ask) and ask
    deals = r.deals if r.deals is not None else 4
    black3 = r.black_three_value if r.black_three_value is not None else 5
    red3_held = r.red_three_held if r.red_three_held is not None else -100
    closes = r.book_closes if r.book_closes is not None else True
    check_table(decks, hand + foot, p, draw, 0)
    _int(foot, N_("The foot"), 1, 30)
    if take != "all":
        _int(take, N_("The cards taken from the pile"), 1, 500)
    if wild_rule not in WILD_RULES:
        raise RulesError(f"wild_rule must be one of {', '.join(WILD_RULES)}.")
    if minimum_by not in ("deal", "score"):
        raise RulesError('minimum_by must be "deal" or "score".')
    for m in deal_minimums:
        _int(m, N_("A minimum count"), 0, 10000)
    _int(deals, N_("The number of deals"), 1, 50)
    _int(black3, N_("A black three left"), 0, 1000)
    _int(red3_held, N_("A red three in a foot"), -5000, 0)
    scoring = SCORING if r.scoring == Scoring() else r.scoring
    return replace(r, teams=teams, decks=decks, hand_size=hand, foot_size=foot, draw_count=draw,
                   pile_take=take, wild_rule=wild_rule, wild_limit=2 if wild_rule == "twice" else 3,
                   more_naturals_than_wilds=wild_rule == "more_naturals", twice_naturals=wild_rule == "twice",
                   wild_books=bool(r.wild_books), book_closes=closes, books_to_go_out=books,
                   canastas_to_go_out=sum(n for _, n in books), minimum_by=minimum_by,
                   deal_minimums=deal_minimums, minimum_table=table, ask_to_go_out=ask, must_ask=must_ask,
                   partner_in_foot=bool(r.partner_in_foot), deals=deals, target_score=None,
                   black_three_value=black3, red_three_held=red3_held, stock_exhausted="end",
                   pile_always_frozen=True, canasta_size=BOOK_SIZE, melds_close=closes,
                   red_three_table=(), scoring=scoring, wild_melds=bool(r.wild_books))


def glance(rules: Rules) -> list[str]:
    """The New game screen's rules at a glance, between the game's title and its
    length: a hand and a foot, the draw, the books to go out (resolved ``rules``)."""
    books = [book_count(k, n) for k, n in (rules.books_to_go_out or ()) if n]
    return [tn("{count} card in hand, {foot} in the foot", "{count} cards in hand, {foot} in the foot",
               rules.hand_size, foot=rules.foot_size),
            t("draw {count}", count=rules.draw_count),
            t("{books} books to go out", books=and_chain(books)) if books else t("no books to go out")]


def books_needed(rules: Rules) -> dict[str, int]:
    """``{"clean": 2, "dirty": 2, "wild": 0}``: the books a side needs to go out."""
    return dict(rules.books_to_go_out or DEFAULT_BOOKS)


# ---------------------------------------------------------------------------
# meld shapes
# ---------------------------------------------------------------------------

def wild_error(rules: Rules, naturals: int, wilds: int) -> Optional[str]:
    """The wild rule (10.4.4) on a group of this many naturals and wild cards."""
    if not wilds:
        return None
    rule = rules.wild_rule
    if rule == "twice":
        if naturals < 2 * wilds:
            return N_("A meld must hold at least twice as many natural cards as wild cards.")
    elif rule == "max3":
        if wilds > 3:
            return N_("A meld may hold at most three wild cards.")
    elif naturals <= wilds:
        return N_("A meld must always hold more natural cards than wild cards.")
    return None


def meld_error(rules: Rules, kind: str, rank: int, naturals: int, wilds: int, new: bool,
               before: int = 0, wilds_before: int = 0) -> Optional[str]:
    """Whether a meld of ``kind`` may hold this many naturals and wild cards after the
    action (``new``: started by it; ``before``/``wilds_before``: its size and wild
    cards before the action)."""
    size = naturals + wilds
    if kind == "wild":
        if naturals:
            return N_("A wild meld holds wild cards only.")
        if not rules.wild_books:
            return N_("Wild cards alone never form a meld in this game.")
        if new and wilds < 3:
            return N_("A wild meld needs at least three wild cards.")
        if size > BOOK_SIZE:
            return N_("A wild book holds seven wild cards: nothing more.")
        return None
    if new:
        if naturals == 0:
            if rules.wild_books:
                return N_("Wild cards alone make a wild meld of at least three.")
            return N_("Wild cards alone never form a meld in this game.")
        if naturals == 1:
            return t("A single {rank} can only go on your side's meld of {ranks}; "
                     "a new meld needs at least two natural {ranks}.", rank=word(RANK_WORDS[rank]), ranks=ranks(rank))
        if size < 3:
            return N_("A meld needs at least three cards.")
    if size > BOOK_SIZE:
        if rules.book_closes:
            if before >= BOOK_SIZE:
                return N_("That book is closed: nothing more can be added to it.")
            return t("A book holds seven cards: only {count} more fit on this meld.", count=BOOK_SIZE - before)
        if wilds > wilds_before and before >= BOOK_SIZE:
            return N_("Only natural cards may be added to a complete book.")
    return wild_error(rules, naturals, wilds)


def classify(cards: Sequence[int], rules: Rules) -> tuple[Optional[str], str, int]:
    """(error, kind, rank) of ``cards`` put down as a new meld: a group (rank of its
    naturals) or a wild meld (rank 0)."""
    naturals = wilds = 0
    rank = 0
    for c in cards:
        k = KIND_OF[c]
        if WILD_OF[c]:
            wilds += 1
        elif k == RED3:
            return N_("Red threes are never melded: they score as bonus cards."), "", 0
        elif k == BLACK3:
            return N_("Black threes are never melded in Hand and Foot: they can only be discarded."), "", 0
        else:
            if rank and k != rank:
                return t("A meld holds cards of one rank: {ranks} and {others} cannot go together.",
                         ranks=ranks(rank), others=ranks(k)), "", 0
            rank = k
            naturals += 1
    if not naturals and rules.wild_books:
        return meld_error(rules, "wild", 0, 0, wilds, True), "wild", 0
    if not rank:
        return meld_error(rules, "group", 0, 0, wilds, True), "group", 0
    if naturals + wilds > BOOK_SIZE and not rules.book_closes:
        return wild_error(rules, naturals, wilds), "group", rank
    return meld_error(rules, "group", rank, naturals, wilds, True), "group", rank


def new_meld_error(st: "State", team: int, kind: str, rank: int, targets: set) -> Optional[str]:
    """One open (incomplete) meld of a rank at a time; a closed book does not count."""
    for m in st.melds[team]:
        if m.kind == kind and m.rank == rank and len(m.cards) < BOOK_SIZE:
            if kind == "wild":
                return N_("Your side already has an open wild meld: add to it until it is a book of seven.")
            return t("Your side already has an open meld of {ranks}: add to it until it is a book of seven.",
                     ranks=ranks(rank))
    return None


def book_kind(kind: str, size: int, wilds: int) -> Optional[str]:
    """What a meld of this kind, size and wild cards is: a clean, dirty or wild book, or
    None while it is under seven cards."""
    if size < BOOK_SIZE:
        return None
    if kind == "wild":
        return "wild"
    if kind != "group":
        return None
    return "clean" if wilds == 0 else "dirty"


def canasta_kind(m: "TableMeld", rules: Rules) -> Optional[str]:
    """A meld of seven or more is a book: clean without wild cards, dirty with them,
    wild when it is wild cards alone."""
    return book_kind(m.kind, len(m.cards), m.wilds)


def is_closed(m: "TableMeld", rules: Rules) -> bool:
    """A book is closed (with ``book_closes``; a wild book always)."""
    if m.kind == "wild":
        return len(m.cards) >= BOOK_SIZE
    return bool(rules.book_closes) and len(m.cards) >= BOOK_SIZE


def canasta_bonus(kind: str, rules: Rules) -> int:
    if kind == "clean":
        return rules.scoring.natural_canasta
    if kind == "dirty":
        return rules.scoring.mixed_canasta
    return WILD_BOOK_BONUS


def describe_meld(m: "TableMeld") -> str:
    if m.kind == "wild":
        return t("the wild meld")
    return t("the meld of {ranks}", ranks=ranks(m.rank))


# ---------------------------------------------------------------------------
# scoring (10.4.8)
# ---------------------------------------------------------------------------

@dataclass
class HandFootItems(TeamItems):
    """A team's result of a Hand and Foot deal. Classic's fields carry the sums (clean
    books as natural canastas, dirty as mixed; ``in_hand`` every card left in a hand or
    an unplayed foot), and these the breakdown for the score lines."""

    wild_books: int = 0
    wild_bonus: int = 0
    hand_cards: int = 0        # the cards left in hands (negative)
    foot_cards: int = 0        # the cards of feet never picked up, red threes apart (negative)
    feet_left: int = 0         # how many feet were never picked up
    foot_red_threes: int = 0   # how many red threes lie in them
    foot_red_score: int = 0    # their cost (negative)

    def lines(self) -> list["ScoreLine"]:
        rows = [ScoreLine(N_("Melded cards"), self.melded)]
        if self.natural_canastas:
            rows.append(ScoreLine(N_("Clean books"), self.natural_bonus, str(self.natural_canastas)))
        if self.mixed_canastas:
            rows.append(ScoreLine(N_("Dirty books"), self.mixed_bonus, str(self.mixed_canastas)))
        if self.wild_books:
            rows.append(ScoreLine(N_("Wild books"), self.wild_bonus, str(self.wild_books)))
        if self.red_threes:
            rows.append(ScoreLine(N_("Red threes"), self.red_three_score, str(self.red_threes)))
        if self.going_out:
            rows.append(ScoreLine(N_("Going out"), self.going_out))
        rows.append(ScoreLine(N_("Cards left in hand"), self.hand_cards))
        if self.feet_left:
            rows.append(ScoreLine(N_("Feet not picked up"), self.foot_cards, str(self.feet_left)))
        if self.foot_red_threes:
            rows.append(ScoreLine(N_("Red threes in a foot"), self.foot_red_score, str(self.foot_red_threes)))
        return rows


def card_cost(card: int, rules: Rules) -> int:
    """What a card left in a hand or foot costs (a positive number): its value, a black
    three ``black_three_value``, a red three ``-red_three_held``."""
    k = KIND_OF[card]
    if k == BLACK3:
        return rules.black_three_value  # type: ignore[return-value]
    if k == RED3:
        return -rules.red_three_held  # type: ignore[operator]
    return POINTS_OF[card]


def score(st: "State", went_out: Optional[int], concealed: bool):
    """Each team's items and score lines (10.4.8): melded cards, books by kind, red
    threes laid, going out, minus the cards left in hands and in feet never picked up
    (a red three there at ``red_three_held``)."""
    r = st.rules
    sc = r.scoring
    items = []
    for team in range(r.teams):  # type: ignore[arg-type]
        it = HandFootItems()
        for m in st.melds[team]:
            for c in m.cards:
                it.melded += POINTS_OF[c]
            if m.canasta == "clean":
                it.natural_canastas += 1
            elif m.canasta == "dirty":
                it.mixed_canastas += 1
            elif m.canasta == "wild":
                it.wild_books += 1
        it.natural_bonus = sc.natural_canasta * it.natural_canastas
        it.mixed_bonus = sc.mixed_canasta * it.mixed_canastas
        it.wild_bonus = WILD_BOOK_BONUS * it.wild_books
        it.canasta_bonus = it.natural_bonus + it.mixed_bonus + it.wild_bonus
        it.red_threes = len(st.red3[team])
        it.red_three_score = sc.red_three * it.red_threes
        if went_out is not None and st.team_of(went_out) == team:
            it.going_out = sc.going_out
        for seat in range(r.players):
            if st.team_of(seat) != team:
                continue
            for c in st.hands[seat]:
                it.hand_cards -= card_cost(c, r)
            foot = st.feet[seat]
            if foot:
                it.feet_left += 1
                for c in foot:
                    if KIND_OF[c] == RED3:
                        it.foot_red_threes += 1
                        it.foot_red_score -= card_cost(c, r)
                    else:
                        it.foot_cards -= card_cost(c, r)
        it.in_hand = it.hand_cards + it.foot_cards + it.foot_red_score
        items.append(it)
    return items, [it.lines() for it in items]


def score_rules(rules: Rules) -> list["ScoreLine"]:
    """Every line a deal's score may have (the rules screen writes these out)."""
    sc = rules.scoring
    rows = [
        ScoreLine(N_("Melded cards"), 0, t("the point values of every card in the side's books and open melds")),
        ScoreLine(N_("Clean books"), sc.natural_canasta,
                  t("+{points} each (seven cards, no wild card)", points=Grouped(sc.natural_canasta))),
        ScoreLine(N_("Dirty books"), sc.mixed_canasta,
                  t("+{points} each (seven cards with wild cards)", points=Grouped(sc.mixed_canasta))),
    ]
    if rules.wild_books:
        rows.append(ScoreLine(N_("Wild books"), WILD_BOOK_BONUS,
                              t("+{points} each (seven wild cards)", points=Grouped(WILD_BOOK_BONUS))))
    rows += [
        ScoreLine(N_("Red threes"), sc.red_three, t("+{points} each red three laid", points=Grouped(sc.red_three))),
        ScoreLine(N_("Going out"), sc.going_out,
                  t("+{points} for the side of the player who goes out", points=Grouped(sc.going_out))),
        ScoreLine(N_("Cards left in hand"), 0,
                  t("minus the point values of the cards still in the side's hands (a black three {points})",
                    points=rules.black_three_value)),
        ScoreLine(N_("Feet not picked up"), 0, t("minus the point values of the cards of a foot never picked up")),
        ScoreLine(N_("Red threes in a foot"), rules.red_three_held or 0,
                  t("{points} each red three in a foot never picked up", points=Grouped(rules.red_three_held or 0))),
    ]
    return rows


def vector_fact(st: "State", key: str):
    """The conformance vectors' facts of this game: each seat's foot (its size, None once
    picked up) and whether a seat plays from its foot."""
    if key == "feet_sizes":
        return [len(f) if f else None for f in st.feet]
    if key == "in_foot":
        return [st.in_foot(s) for s in range(st.rules.players)]
    raise ValueError(f"{key} is not part of the game {st.rules.variant!r}")
