"""Samba (RULES-variants.md section 10.2): three packs, draw two, sequences and
several groups of one rank.

What Samba decides differently from Classic lives here: its defaults, its meld kinds
(groups, sequences of one suit, black threes; Bolivia adds wild melds), what makes a
canasta (a seven-card sequence is a samba), the two ways of taking the pile, going
out on two canastas, and the scoring. The core asks for them through the rules module
(``samba_rules.BOOK``, see :func:`canasta.engine.registry.rulebook`). Bolivia (``bolivia.py``) is this module
with other defaults and names.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, NamedTuple, Optional, Sequence

from ...i18n import N_, Text, t, tn
from ..cards import (BLACK3, CODE_OF, JOKER, KIND_OF, POINTS_OF, RANK_CHARS, RED3, SUIT_OF, SUITS, TWO,
                     WILD_OF, describe)
from ..rules import BASE_MINIMUMS, STOCK_EXHAUSTED, Rules, RulesError, check_table
from ..registry import get
from ..state import Grouped, ScoreLine, TeamItems
from ..words import RANK_PLURALS, RANK_WORDS, SUIT_WORDS, word

if TYPE_CHECKING:
    from ..state import State, TableMeld

NAME = "samba"
TITLE = N_("Samba")

MELD_KINDS = ("group", "sequence", "black3")
CANASTA_KINDS = ("natural", "mixed", "samba")
#: the items of a deal's result that count canastas (sambas are its sequence canastas)
CANASTA_ITEMS = ("natural_canastas", "mixed_canastas", "sequence_canastas")
#: the options the New game screen shows, in order
OPTIONS = ("target_score", "stock_exhausted", "wild_limit", "twice_naturals", "merge_groups",
           "out_needs_clean", "sequence_canasta_bonus", "pile_always_frozen", "take_onto_sequence",
           "black_three_freezes", "going_out_bonus", "concealed_bonus", "all_red_threes",
           "red_threes_need_two_canastas", "ask_to_go_out")
#: the name of a seven-card sequence in this game
SEQUENCE_CANASTA = "samba"



HAND_SIZE = {2: 15, 3: 15, 4: 15, 6: 13}
CANASTA_SIZE = 7
SEQUENCE_MAX = 7
WILD_MELD_MAX = 7

#: the defaults that differ from game to game of this family (Bolivia overrides them)
DEFAULTS = dict(target_score=10000, wild_melds=False, out_needs_escalera=False,
                black_three_in_hand=5, bolivia_bonus=2500)


class MergeGroups(NamedTuple):
    """With ``merge_groups``: after drawing, put the side's group ``other`` onto its
    group ``into`` of the same rank (the result must be a legal group)."""

    into: int
    other: int


# ---------------------------------------------------------------------------
# options
# ---------------------------------------------------------------------------

def _int(value, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RulesError(t("{what} must be a whole number from {low} to {high}.", what=Text(what),
                           low=Grouped(low), high=Grouped(high)))
    return value


def resolve_with(r: Rules, title: str, defaults: dict) -> Rules:
    p = r.players
    if p not in HAND_SIZE:
        raise RulesError(t("{title} is played by 2, 3, 4 or 6 players, not {players}.", title=Text(title), players=p))
    teams = r.teams if r.teams is not None else {2: 2, 3: 3, 4: 2, 6: 3}[p]
    if teams != {2: 2, 3: 3, 4: 2, 6: 3}[p]:
        raise RulesError(t("{title}: 2 or 3 players play for themselves, 4 in two pairs, 6 in three pairs.",
                           title=Text(title)))
    decks = r.decks if r.decks is not None else 3
    hand = r.hand_size if r.hand_size is not None else HAND_SIZE[p]
    draw = r.draw_count if r.draw_count is not None else 2
    out = r.canastas_to_go_out if r.canastas_to_go_out is not None else 2
    target = r.target_score if r.target_score is not None else defaults["target_score"]
    m7000 = r.minimum_7000 if r.minimum_7000 is not None else 150
    table = r.minimum_table
    if table is None:
        table = BASE_MINIMUMS + ((7000, m7000),)
    table = tuple(sorted((int(a), int(b)) for a, b in table))
    ask = r.ask_to_go_out if r.ask_to_go_out is not None else teams < p
    if teams == p:
        ask = False
    all_red = r.all_red_threes if r.all_red_threes is not None else 1000
    wild_limit = r.wild_limit if r.wild_limit is not None else 2
    seq_bonus = r.sequence_canasta_bonus if r.sequence_canasta_bonus is not None else 1500
    going_out = r.going_out_bonus if r.going_out_bonus is not None else 200
    concealed = r.concealed_bonus if r.concealed_bonus is not None else 0
    need_two = r.red_threes_need_two_canastas if r.red_threes_need_two_canastas is not None else True
    wild_melds = r.wild_melds if r.wild_melds is not None else defaults["wild_melds"]
    bolivia = r.bolivia_bonus if r.bolivia_bonus is not None else defaults["bolivia_bonus"]
    escalera = r.out_needs_escalera if r.out_needs_escalera is not None else defaults["out_needs_escalera"]
    black3 = r.black_three_in_hand if r.black_three_in_hand is not None else defaults["black_three_in_hand"]
    check_table(decks, hand, p, draw, out)
    _int(target, N_("The target score"), 100, 10**7)
    _int(wild_limit, N_("The wild-card limit"), 1, 6)
    for value, what in ((seq_bonus, N_("The sequence canasta bonus")), (going_out, N_("The going-out bonus")),
                        (concealed, N_("The concealed bonus")), (all_red, N_("All six red threes")),
                        (bolivia, N_("The bolivia bonus")), (black3, N_("A black three in hand")),
                        (m7000, N_("The minimum from 7,000"))):
        _int(value, what, 0, 100000)
    if r.stock_exhausted not in STOCK_EXHAUSTED:
        raise RulesError(f"stock_exhausted must be one of {', '.join(STOCK_EXHAUSTED)}.")
    return replace(r, teams=teams, decks=decks, hand_size=hand, draw_count=draw, canastas_to_go_out=out,
                   target_score=target, minimum_table=table, ask_to_go_out=ask,
                   red_three_table=((6, all_red),), canasta_size=CANASTA_SIZE, melds_close=False,
                   wild_limit=wild_limit, sequence_canasta_bonus=seq_bonus, minimum_7000=m7000,
                   going_out_bonus=going_out, concealed_bonus=concealed, all_red_threes=all_red,
                   red_threes_need_two_canastas=need_two, wild_melds=wild_melds, bolivia_bonus=bolivia,
                   out_needs_escalera=escalera, black_three_in_hand=black3)


def resolve(r: Rules) -> Rules:
    """Samba's defaults (10.2.12) for every option left as None, checked for sense."""
    return resolve_with(r, TITLE, DEFAULTS)


# ---------------------------------------------------------------------------
# meld shapes
# ---------------------------------------------------------------------------

def _suit_name(s: int):
    """The suit as a word of a sentence ("hearts")."""
    return word(SUIT_WORDS[s]) if s in (0, 1, 2, 3) else "?"


def plural_word(rank: int):
    """The rank in the plural as a word of a sentence ("kings")."""
    return word(RANK_PLURALS.get(rank, N_("cards")))


def rank_word(rank: int):
    """The rank's name as a word of a sentence ("king")."""
    return word(RANK_WORDS.get(rank, N_("card")))


def group_error(rules: Rules, rank: int, naturals: int, wilds: int, new: bool) -> Optional[str]:
    """Whether a group of ``rank`` with this many naturals and wild cards may exist."""
    if new:
        if naturals == 0:
            return N_("Wild cards alone never form a meld.")
        if naturals == 1:
            return t("A new group needs at least two natural {ranks}; a single {rank} can only join a group "
                     "of {ranks}.", ranks=plural_word(rank), rank=rank_word(rank))
        if naturals + wilds < 3:
            return N_("A meld needs at least three cards.")
    if wilds > rules.wild_limit:  # type: ignore[operator]
        # English says "wild cards" even for a limit of one, as it always did
        return tn("A group may hold at most {count} wild cards.", "A group may hold at most {count} wild cards.",
                  rules.wild_limit)  # type: ignore[arg-type]
    if rules.twice_naturals and wilds and naturals < 2 * wilds:
        return N_("A group must hold at least twice as many natural cards as wild cards.")
    if rules.more_naturals_than_wilds and wilds and naturals <= wilds:
        return N_("A group must hold more natural cards than wild cards.")
    return None


def meld_error(rules: Rules, kind: str, rank: int, naturals: int, wilds: int, new: bool) -> Optional[str]:
    """The game's group validator, as the core's ``meld_error`` seam asks it."""
    if kind == "wild":
        if naturals:
            return N_("A wild meld holds wild cards only.")
        if new and wilds < 3:
            return N_("A wild meld needs at least three wild cards.")
        if wilds > WILD_MELD_MAX:
            return N_("A wild meld holds at most seven wild cards.")
        return None
    return group_error(rules, rank, naturals, wilds, new)


def _run_error(ranks: list[int], suit_name) -> Optional[str]:
    """Whether distinct ``ranks`` (sorted) of one suit make an unbroken run."""
    for a, b in zip(ranks, ranks[1:]):
        if a == b:
            return t("A sequence holds each rank once: two {ranks} of {suit}.", ranks=plural_word(a), suit=suit_name)
        if b != a + 1:
            return t("A sequence is a run with no gap: {low} to {high} of {suit} leaves one (the ace is high only).",
                     low=rank_word(a), high=rank_word(b), suit=suit_name)
    if len(ranks) > SEQUENCE_MAX:
        return N_("A sequence holds at most seven cards.")
    return None


def classify(cards: Sequence[int], rules: Rules) -> tuple[Optional[str], str, int]:
    """(error, kind, rank) of ``cards`` put down as a new meld: a group (rank of its
    naturals), a sequence, a wild meld or black threes (rank 0 for the last three)."""
    naturals: list[int] = []
    wilds = b3 = 0
    for c in cards:
        k = KIND_OF[c]
        if WILD_OF[c]:
            wilds += 1
        elif k == RED3:
            return N_("Red threes are never melded: they score as bonus cards."), "", 0
        elif k == BLACK3:
            b3 += 1
        else:
            naturals.append(c)
    if b3:
        if naturals or wilds:
            return N_("Black threes are melded alone, with no other cards and no wild cards."), "", 0
        if not 3 <= b3 <= 6:
            return N_("A meld of black threes holds three to six of them."), "", 0
        return None, "black3", BLACK3
    if not naturals:
        if not rules.wild_melds:
            return N_("Wild cards alone never form a meld in this game."), "", 0
        return meld_error(rules, "wild", 0, 0, wilds, True), "wild", 0
    ranks = {KIND_OF[c] for c in naturals}
    if len(ranks) == 1:
        rank = ranks.pop()
        return group_error(rules, rank, len(naturals), wilds, True), "group", rank
    suits = {SUIT_OF[c] for c in naturals}
    if len(suits) != 1:
        return N_("A meld is a group of one rank or a sequence of one suit: these cards are neither."), "", 0
    if wilds:
        return N_("A sequence holds no wild card."), "sequence", 0
    if len(naturals) < 3:
        return N_("A sequence needs at least three cards."), "sequence", 0
    suit = suits.pop()
    return _run_error(sorted(KIND_OF[c] for c in naturals), _suit_name(suit)), "sequence", 0


def extend_error(m: "TableMeld", cards: Sequence[int], rules: Rules) -> Optional[str]:
    """Whether ``cards`` may be added to the meld ``m`` (judged on ``m`` as it is now)."""
    if m.closed:
        if m.kind == "black3":
            return N_("Nothing can be added to a meld of black threes.")
        return N_("That canasta is closed: nothing more can be added to it.")
    if m.kind == "group":
        nat = wild = 0
        for c in cards:
            k = KIND_OF[c]
            if WILD_OF[c]:
                wild += 1
            elif k != m.rank:
                return t("Only {ranks} and wild cards go on a group of {ranks}.", ranks=plural_word(m.rank))
            else:
                nat += 1
        if wild and m.canasta is not None:
            return N_("No wild card may be added to a canasta.")
        return group_error(rules, m.rank, m.naturals + nat, m.wilds + wild, False)
    if m.kind == "sequence":
        suit = m.suit
        ranks = [KIND_OF[c] for c in m.cards]
        for c in cards:
            if WILD_OF[c]:
                return N_("A sequence holds no wild card.")
            k = KIND_OF[c]
            if k == RED3 or k == BLACK3:
                return N_("Threes are never part of a sequence.")
            if SUIT_OF[c] != suit:
                return t("Only {suit} can extend a sequence of {suit}.", suit=_suit_name(suit))
            ranks.append(k)
        return _run_error(sorted(ranks), _suit_name(suit))
    if m.kind == "wild":
        for c in cards:
            if not WILD_OF[c]:
                return N_("A wild meld holds wild cards only.")
        if len(m.cards) + len(cards) > WILD_MELD_MAX:
            return N_("A wild meld holds at most seven wild cards.")
        return None
    return N_("Nothing can be added to that meld.")


def canasta_kind(m: "TableMeld", rules: Rules) -> Optional[str]:
    """A group of seven or more is natural or mixed; a sequence of seven is a samba
    (escalera in Bolivia); seven wild cards are a bolivia."""
    n = len(m.cards)
    if n < CANASTA_SIZE:
        return None
    if m.kind == "group":
        return "natural" if m.wilds == 0 else "mixed"
    if m.kind == "sequence":
        return sequence_canasta_name(rules)
    if m.kind == "wild":
        return "bolivia"
    return None


def sequence_canasta_name(rules: Rules) -> str:
    game = get(rules.variant)
    return getattr(game, "SEQUENCE_CANASTA", SEQUENCE_CANASTA)


def is_closed(m: "TableMeld", rules: Rules) -> bool:
    """Black threes, a seven-card sequence and seven wild cards take nothing more."""
    if m.kind == "black3":
        return True
    if m.kind == "sequence":
        return len(m.cards) >= SEQUENCE_MAX
    if m.kind == "wild":
        return len(m.cards) >= WILD_MELD_MAX
    return False


def is_sequence_canasta(kind: Optional[str]) -> bool:
    return kind == "samba" or kind == "escalera"


def canasta_bonus(kind: str, rules: Rules) -> int:
    if kind == "natural":
        return rules.scoring.natural_canasta
    if kind == "mixed":
        return rules.scoring.mixed_canasta
    if kind == "bolivia":
        return rules.bolivia_bonus  # type: ignore[return-value]
    return rules.sequence_canasta_bonus  # type: ignore[return-value]


def describe_meld(m: "TableMeld") -> str:
    """A few words for a meld: 'the group of kings', 'the 5-8 of hearts' (the rank
    letters as the cards print them)."""
    if m.kind == "sequence":
        return t("the {low}-{high} of {suit}", low=RANK_CHARS[m.low].replace("T", "10"),
                 high=RANK_CHARS[m.high].replace("T", "10"), suit=_suit_name(m.suit))
    if m.kind == "wild":
        return N_("the wild meld")
    if m.kind == "black3":
        return N_("the black threes")
    return t("the group of {ranks}", ranks=plural_word(m.rank))


# ---------------------------------------------------------------------------
# scoring (10.2.10, 10.3.6)
# ---------------------------------------------------------------------------

@dataclass
class SambaItems(TeamItems):
    """A team's result of a Samba or Bolivia deal: Classic's items plus sequence
    canastas (sambas, escaleras), bolivias and the black threes left in hand."""

    sequence_canastas: int = 0
    sequence_bonus: int = 0
    sequence_name: str = N_("Sambas")
    bolivias: int = 0
    bolivia_bonus: int = 0
    black_threes_left: int = 0      # how many
    black_three_penalty: int = 0    # their cost (negative), beside the other cards in hand

    @property
    def total(self) -> int:
        return TeamItems.total.fget(self) + self.black_three_penalty  # type: ignore[attr-defined]

    def lines(self) -> list:
        # the labels are the English message keys (results and histories keep them so);
        # the score sheet renders them with ``tr``
        rows = [_line(N_("Melded cards"), self.melded)]
        if self.sequence_canastas:
            rows.append(_line(self.sequence_name, self.sequence_bonus, self.sequence_canastas))
        if self.bolivias:
            rows.append(_line(N_("Bolivias"), self.bolivia_bonus, self.bolivias))
        if self.natural_canastas:
            rows.append(_line(N_("Natural canastas"), self.natural_bonus, self.natural_canastas))
        if self.mixed_canastas:
            rows.append(_line(N_("Mixed canastas"), self.mixed_bonus, self.mixed_canastas))
        if self.red_threes:
            rows.append(_line(N_("Red threes"), self.red_three_score, self.red_threes))
        if self.going_out:
            rows.append(_line(N_("Going out"), self.going_out))
        if self.concealed:
            rows.append(_line(N_("Concealed"), self.concealed))
        rows.append(_line(N_("Cards left in hand"), self.in_hand))
        if self.black_threes_left:
            rows.append(_line(N_("Black threes left in hand"), self.black_three_penalty, self.black_threes_left))
        return rows


def _line(label: str, points: int, count: Optional[int] = None):
    return ScoreLine(label, points, None if count is None else str(count))


def score(st: "State", went_out: Optional[int], concealed: bool):
    """Each team's items and score lines: melded cards, canasta bonuses by kind, red
    threes (plus only with two canastas), going out 200, minus the cards in hand (a
    black three at ``black_three_in_hand``)."""
    r = st.rules
    sc = r.scoring
    seq_name = N_("Escaleras") if sequence_canasta_name(r) == "escalera" else N_("Sambas")
    items = []
    for team in range(r.teams):  # type: ignore[arg-type]
        it = SambaItems(sequence_name=seq_name)
        melds = st.melds[team]
        canastas = 0
        for m in melds:
            for c in m.cards:
                it.melded += POINTS_OF[c]
            k = m.canasta
            if k is None:
                continue
            canastas += 1
            if k == "natural":
                it.natural_canastas += 1
            elif k == "mixed":
                it.mixed_canastas += 1
            elif k == "bolivia":
                it.bolivias += 1
            else:
                it.sequence_canastas += 1
        it.natural_bonus = sc.natural_canasta * it.natural_canastas
        it.mixed_bonus = sc.mixed_canasta * it.mixed_canastas
        it.sequence_bonus = r.sequence_canasta_bonus * it.sequence_canastas  # type: ignore[operator]
        it.bolivia_bonus = r.bolivia_bonus * it.bolivias  # type: ignore[operator]
        it.canasta_bonus = it.natural_bonus + it.mixed_bonus + it.sequence_bonus + it.bolivia_bonus
        n = len(st.red3[team])
        it.red_threes = n
        if n:
            value = r.all_red_threes if n >= 6 else sc.red_three * n
            if r.red_threes_need_two_canastas:
                minus = canastas < 2
            else:
                minus = not melds
            it.red_three_score = -value if minus else value  # type: ignore[operator]
        if went_out is not None and st.team_of(went_out) == team:
            it.going_out = r.going_out_bonus  # type: ignore[assignment]
            if concealed:
                it.concealed = r.concealed_bonus  # type: ignore[assignment]
        for seat in range(r.players):
            if st.team_of(seat) == team:
                for c in st.hands[seat]:
                    if KIND_OF[c] == BLACK3 and r.black_three_in_hand != POINTS_OF[c]:
                        it.black_threes_left += 1
                    else:
                        it.in_hand -= POINTS_OF[c]
        it.black_three_penalty = -r.black_three_in_hand * it.black_threes_left  # type: ignore[operator]
        items.append(it)
    return items, [it.lines() for it in items]


def score_rules(rules: Rules) -> list:
    """The lines a Samba or Bolivia deal's score may have under ``rules``, labelled as
    ``score`` labels them, each with how it is counted (for the rules screen)."""
    r = rules.resolved()
    sc = r.scoring
    seq = sequence_canasta_name(r)
    seq_bonus = Grouped(r.sequence_canasta_bonus)
    if seq == "escalera":
        seq_line = ScoreLine(Text(N_("Escaleras")), r.sequence_canasta_bonus,
                             t("+{points} each escalera (a sequence of seven of one suit)", points=seq_bonus))
    else:
        seq_line = ScoreLine(Text(N_("Sambas")), r.sequence_canasta_bonus,
                             t("+{points} each samba (a sequence of seven of one suit)", points=seq_bonus))
    lines = [ScoreLine(Text(N_("Melded cards")), 0, Text(N_("the point values of every card the side has melded"))),
             seq_line]
    if r.wild_melds:
        lines.append(ScoreLine(Text(N_("Bolivias")), r.bolivia_bonus,
                               t("+{points} each bolivia (seven wild cards)", points=Grouped(r.bolivia_bonus))))
    lines += [
        ScoreLine(Text(N_("Natural canastas")), sc.natural_canasta,
                  t("+{points} each", points=Grouped(sc.natural_canasta))),
        ScoreLine(Text(N_("Mixed canastas")), sc.mixed_canasta, t("+{points} each", points=Grouped(sc.mixed_canasta))),
    ]
    if r.red_threes_need_two_canastas:
        red = t("{points} each, {all} for all six; taken off instead from a side with fewer than two canastas",
                points=Grouped(sc.red_three), all=Grouped(r.all_red_threes))
    else:
        red = t("{points} each, {all} for all six; taken off instead from a side that has not melded",
                points=Grouped(sc.red_three), all=Grouped(r.all_red_threes))
    lines.append(ScoreLine(Text(N_("Red threes")), sc.red_three, red))
    lines.append(ScoreLine(Text(N_("Going out")), r.going_out_bonus,
                           t("+{points} for the side of the player who goes out", points=Grouped(r.going_out_bonus))))
    if r.concealed_bonus:
        lines.append(ScoreLine(Text(N_("Concealed")), r.concealed_bonus,
                               t("+{points} more when going out concealed", points=Grouped(r.concealed_bonus))))
    lines.append(ScoreLine(Text(N_("Cards left in hand")), 0,
                           Text(N_("minus the point values of the cards still in the side's hands"))))
    if r.black_three_in_hand != 5:  # else they count as any card left in hand
        lines.append(ScoreLine(Text(N_("Black threes left in hand")), -r.black_three_in_hand,
                               t("minus {points} each black three still in a hand",
                                 points=Grouped(r.black_three_in_hand))))
    return lines


_ = (CODE_OF, JOKER, TWO, SUITS, describe)
