"""Classic Canasta (RULES.md sections 1 to 9): the first game through the seams.

Everything here is what Classic decides and another game of the family may decide
differently: the defaults that follow the player count, the meld kinds and their
shapes, what makes a canasta, and how a deal is scored. The shared turn structure
and the actions live in the core.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Optional

from ...i18n import N_, Text, t, tn
from ..cards import MAX_JOKERS, POINTS_OF
from ..rules import BASE_MINIMUMS, CLASSIC_STOCK_EXHAUSTED, Rules, RulesError, check_table
from ..state import Grouped, ScoreLine, TeamItems
from ..words import RANK_PLURALS, RANK_WORDS, word

if TYPE_CHECKING:
    from ..state import State, TableMeld

NAME = "classic"
TITLE = N_("Classic Canasta")
#: the rules screen's first heading: the rules of RULES.md are Classic's, so it names no game
#: (another game's reads "The game: <its title>")
RULES_HEADING = N_("The game")

MELD_KINDS = ("group", "black3")

#: melds are Classic's groups, judged by this module's ``meld_error`` and
#: ``new_meld_error``: the core's fast enumerators may judge candidates from counts
CLASSIC_MELDS = True
CANASTA_KINDS = ("natural", "mixed")
#: the items of a deal's result that count canastas (the statistics add them up)
CANASTA_ITEMS = ("natural_canastas", "mixed_canastas")

#: the house rules of RULES.md 9.1 (``jokers``, ``natural_canastas_to_go_out``, and the
#: pile turned into a new stock) are Classic's options
HOUSE_RULES = True

#: explanations of the options that differ from the engine's (the New game screen)
#: the options the New game screen shows, in order (seat-dependent ones first)
OPTIONS = ("decks", "hand_size", "draw_count", "canastas_to_go_out", "target_score", "stock_exhausted",
           "wild_limit", "more_naturals_than_wilds", "pile_always_frozen", "black_three_freezes",
           "ask_to_go_out", "jokers", "natural_canastas_to_go_out", "concealed_bonus")
OPTION_HELP = {
    "stock_exhausted": N_("When the stock runs out: play on, end the deal, or turn the pile over once."),
    "concealed_bonus": N_("Extra for going out concealed; 250 or 500 suits two canastas to go out."),
}

#: RULES.md section 9: cards dealt by the number of players
HAND_SIZE = {2: 15, 3: 13, 4: 11, 6: 13}
CANASTA_SIZE = 7


# ---------------------------------------------------------------------------
# options
# ---------------------------------------------------------------------------

def resolve(r: Rules) -> Rules:
    """Classic's defaults for every option left as None, which follow the player count
    (RULES.md section 9), and a check that the options make sense together."""
    p = r.players
    if p not in HAND_SIZE:
        raise RulesError(t("{title} is played by 2, 3, 4 or 6 players, not {players}.", title=Text(TITLE), players=p))
    teams = r.teams
    if teams is None:
        teams = {2: 2, 3: 3, 4: 2, 6: 3}[p]
    if p in (2, 3) and teams != p:
        raise RulesError(t("With {players} players everyone plays for themselves ({players} teams).", players=p))
    if p == 4 and teams != 2:
        raise RulesError(N_("Four players play as two partnerships."))
    if p == 6 and teams not in (2, 3):
        raise RulesError(N_("Six players play as three pairs or two teams of three."))
    decks = r.decks if r.decks is not None else (3 if p == 6 else 2)
    hand = r.hand_size if r.hand_size is not None else HAND_SIZE[p]
    draw = r.draw_count if r.draw_count is not None else (2 if p == 2 else 1)
    out = r.canastas_to_go_out
    if out is None:
        out = 2 if p in (2, 6) else 1
    target = r.target_score
    if target is None:
        target = 5000 if p != 6 else (10000 if teams == 2 else 7500)
    table = r.minimum_table
    if table is None:
        table = BASE_MINIMUMS + (((7500, 150),) if (p == 6 and teams == 2) else ())
    table = tuple(sorted((int(a), int(b)) for a, b in table))
    ask = r.ask_to_go_out
    partnerships = teams < p
    if ask is None:
        ask = partnerships
    if ask and not partnerships:
        ask = False  # nobody to ask: quietly off in games without partners
    red3 = r.red_three_table
    if red3 is None:
        red3 = ((4, 800),) if decks == 2 else ((5, 1000), (6, 1200)) if decks == 3 else ()
    size = r.canasta_size if r.canasta_size is not None else CANASTA_SIZE
    close = r.melds_close if r.melds_close is not None else False
    wild_limit = r.wild_limit if r.wild_limit is not None else 3
    check_table(decks, hand, p, draw, out)
    if target < 100:
        raise RulesError(N_("The target score must be at least 100."))
    if isinstance(wild_limit, bool) or not isinstance(wild_limit, int) or not 1 <= wild_limit <= 6:
        raise RulesError(N_("The wild-card limit must be between 1 and 6."))
    if r.stock_exhausted not in CLASSIC_STOCK_EXHAUSTED:
        raise RulesError(f"stock_exhausted must be one of {', '.join(CLASSIC_STOCK_EXHAUSTED)}.")
    if isinstance(size, bool) or not isinstance(size, int) or not 4 <= size <= 12:
        raise RulesError(N_("A canasta holds between 4 and 12 cards."))
    jokers = r.jokers
    if jokers is not None:
        if isinstance(jokers, bool) or not isinstance(jokers, int) or not 0 <= jokers <= MAX_JOKERS:
            raise RulesError(t("The deck holds between 0 and {most} jokers.", most=MAX_JOKERS))
        if hand * p + 1 > decks * 52 + jokers:
            raise RulesError(tn("{hand} cards each for {players} players do not fit in {decks} packs with {count} joker.",
                                "{hand} cards each for {players} players do not fit in {decks} packs with {count} jokers.",
                                jokers, hand=hand, players=p, decks=decks))
    naturals = r.natural_canastas_to_go_out
    if isinstance(naturals, bool) or not isinstance(naturals, int) or not 0 <= naturals <= out:
        raise RulesError(t("The natural canastas needed to go out are at most the canastas needed ({out}).",
                           out=out))
    concealed = r.concealed_bonus
    scoring = r.scoring
    if concealed is not None:
        if isinstance(concealed, bool) or not isinstance(concealed, int) or not 0 <= concealed <= 5000:
            raise RulesError(N_("The concealed bonus is a whole number from 0 to 5,000."))
        scoring = replace(scoring, concealed_extra=concealed)
    return replace(r, teams=teams, decks=decks, hand_size=hand, draw_count=draw,
                   canastas_to_go_out=out, target_score=target, minimum_table=table,
                   ask_to_go_out=ask, red_three_table=tuple(tuple(x) for x in red3),
                   canasta_size=size, melds_close=close, wild_limit=wild_limit,
                   concealed_bonus=scoring.concealed_extra, scoring=scoring)


# ---------------------------------------------------------------------------
# melds
# ---------------------------------------------------------------------------

def _plural(rank: int):
    """The rank in the plural as a word of a sentence ("kings")."""
    return word(RANK_PLURALS.get(rank, N_("cards")))


def _name(rank: int):
    """The rank's name as a word of a sentence ("king")."""
    return word(RANK_WORDS.get(rank, N_("card")))


def meld_error(rules: Rules, kind: str, rank: int, naturals: int, wilds: int, new: bool) -> Optional[str]:
    """Whether a group of ``rank`` with this many naturals and wild cards may exist
    (``new``: it is being started by this action)."""
    if new:
        if naturals == 0:
            return N_("Wild cards alone never form a meld.")
        if naturals == 1:
            return t("A single {rank} can only go on your side's meld of {ranks}; a new meld needs at least two "
                     "natural {ranks}.", rank=_name(rank), ranks=_plural(rank))
        if naturals + wilds < 3:
            return N_("A meld needs at least three cards.")
    if wilds > rules.wild_limit:
        # English says "wild cards" even for a limit of one, as it always did
        return tn("A meld may hold at most {count} wild cards.", "A meld may hold at most {count} wild cards.",
                  rules.wild_limit)
    if rules.more_naturals_than_wilds and wilds and naturals <= wilds:
        return N_("A meld must hold more natural cards than wild cards.")
    return None


def new_meld_error(st: "State", team: int, kind: str, rank: int, targets: set) -> Optional[str]:
    """Whether the team may start a new meld of this kind and rank: in Classic a side
    has one group of a rank at a time (more cards of it go onto that meld, named by
    its id). ``targets`` are the ids of the melds this same action adds to."""
    other = st.meld_of(team, rank)
    if other is None:
        return None
    if other.id in targets:
        return t("Put all the {ranks} for one meld in a single group.", ranks=_plural(rank))
    return t("Your side already has a meld of {ranks}: add the {ranks} to it.", ranks=_plural(rank))


def canasta_kind(m: "TableMeld", rules: Rules) -> Optional[str]:
    """A group of ``canasta_size`` cards or more is a canasta: natural without wild
    cards, mixed with them. Black threes never make one."""
    if m.kind != "group" or len(m.cards) < rules.canasta_size:  # type: ignore[operator]
        return None
    return "natural" if m.wilds == 0 else "mixed"


def is_closed(m: "TableMeld", rules: Rules) -> bool:
    """Nothing is added to black threes (they are melded when going out); with
    ``melds_close`` nothing is added to a canasta either."""
    if m.kind == "black3":
        return True
    return bool(rules.melds_close) and m.canasta is not None


def canasta_bonus(kind: str, rules: Rules) -> int:
    s = rules.scoring
    return s.natural_canasta if kind == "natural" else s.mixed_canasta


def natural_mixed(counts) -> tuple[int, int]:
    """(natural, mixed) from a count of canastas by kind (``State.canastas``)."""
    return counts.get("natural", 0), counts.get("mixed", 0)


# ---------------------------------------------------------------------------
# scoring (RULES.md section 7)
# ---------------------------------------------------------------------------

def score(st: "State", went_out: Optional[int], concealed: bool
          ) -> tuple[list["TeamItems"], list[list["ScoreLine"]]]:
    """Each team's itemised result of the deal, and its score lines: melded cards,
    canasta bonuses by kind, red threes (against a side that has not melded), going
    out (and concealed), minus the cards left in hand."""
    r = st.rules
    sc = r.scoring
    items = []
    for team in range(r.teams):  # type: ignore[arg-type]
        it = TeamItems()
        melds = st.melds[team]
        for m in melds:
            for c in m.cards:
                it.melded += POINTS_OF[c]
            if m.canasta == "mixed":
                it.mixed_canastas += 1
            elif m.canasta == "natural":
                it.natural_canastas += 1
        it.natural_bonus = sc.natural_canasta * it.natural_canastas
        it.mixed_bonus = sc.mixed_canasta * it.mixed_canastas
        it.canasta_bonus = it.natural_bonus + it.mixed_bonus
        it.red_threes = len(st.red3[team])
        if it.red_threes:
            value = r.red_three_score(it.red_threes)
            it.red_three_score = -value if (not melds and sc.red_threes_negative_without_meld) else value
        if went_out is not None and st.team_of(went_out) == team:
            it.going_out = sc.going_out
            if concealed:
                it.concealed = sc.concealed_extra
        for seat in range(r.players):
            if st.team_of(seat) == team:
                for c in st.hands[seat]:
                    it.in_hand -= POINTS_OF[c]
        items.append(it)
    return items, [it.lines() for it in items]


def score_rules(rules: Rules) -> list["ScoreLine"]:
    """The lines a deal's score may have under ``rules``, as the score sheet labels
    them, each with how it is counted as its detail (its points: the value of one, or
    0 when it depends on the cards), for the rules screen."""
    sc = rules.scoring
    if sc.red_threes_negative_without_meld:
        red = t("{points} each, more when a side has them all (see Red threes); taken off instead from a "
                "side that has not melded", points=Grouped(sc.red_three))
    else:
        red = t("{points} each, more when a side has them all (see Red threes)", points=Grouped(sc.red_three))
    return [
        ScoreLine(Text(N_("Melded cards")), 0, Text(N_("the point values of every card the side has melded"))),
        ScoreLine(Text(N_("Natural canastas")), sc.natural_canasta,
                  t("+{points} each", points=Grouped(sc.natural_canasta))),
        ScoreLine(Text(N_("Mixed canastas")), sc.mixed_canasta, t("+{points} each", points=Grouped(sc.mixed_canasta))),
        ScoreLine(Text(N_("Red threes")), sc.red_three, red),
        ScoreLine(Text(N_("Going out")), sc.going_out,
                  t("+{points} for the side of the player who goes out", points=Grouped(sc.going_out))),
        ScoreLine(Text(N_("Concealed")), sc.concealed_extra,
                  t("+{points} more when going out concealed", points=Grouped(sc.concealed_extra))),
        ScoreLine(Text(N_("Cards left in hand")), 0,
                  Text(N_("minus the point values of the cards still in the side's hands"))),
    ]
