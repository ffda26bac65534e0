"""Cards as small integers.

Every physical card has an id: ``deck * 54 + suit * 13 + (rank - 2)`` for the
52 suited cards of a pack, and ``deck * 54 + 52`` / ``+ 53`` for its two jokers.
Two packs hold two king of hearts; their ids differ, their codes ("KH") agree.

The engine works on ids and on *kinds*: the rank of a natural (4..14, ace = 14),
``TWO`` and ``JOKER`` for the wild cards, and ``RED3`` / ``BLACK3`` for the threes,
which the rules treat as different things.
"""

from __future__ import annotations

from typing import Iterable, NamedTuple

from ..i18n import Text, t
from .words import card_name

SUITS = "CDHS"
RANK_CHARS = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9",
              10: "T", 11: "J", 12: "Q", 13: "K", 14: "A"}
CHAR_RANKS = {c: r for r, c in RANK_CHARS.items()}
RANK_NAMES = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
              8: "eight", 9: "nine", 10: "ten", 11: "jack", 12: "queen",
              13: "king", 14: "ace", 15: "joker"}
PLURAL_NAMES = {r: (n + "es" if n.endswith("x") else n + "s") for r, n in RANK_NAMES.items()}

# kinds
RED3 = 1
TWO = 2
BLACK3 = 3
JOKER = 15
NATURAL_RANKS = tuple(range(4, 15))
KIND_COUNT = 16

CARDS_PER_PACK = 54
#: the most packs a game may shuffle together (Hand and Foot at six players uses seven);
#: card ids beyond a game's packs stand for stock cards a conformance vector leaves out
MAX_PACKS = 10


def is_wild_kind(kind: int) -> bool:
    return kind == TWO or kind == JOKER


def kind_points(kind: int) -> int:
    if kind == JOKER:
        return 50
    if kind == TWO or kind == 14:
        return 20
    if kind >= 8:
        return 10
    if kind == RED3:
        return 100
    return 5  # 4..7 and black threes


def _build_tables(max_packs: int = MAX_PACKS):
    rank_of, suit_of, kind_of, points_of, code_of = [], [], [], [], []
    for _deck in range(max_packs):
        for suit in range(4):
            for rank in range(2, 15):
                if rank == 3:
                    kind = RED3 if suit in (1, 2) else BLACK3
                else:
                    kind = rank
                rank_of.append(rank)
                suit_of.append(suit)
                kind_of.append(kind)
                points_of.append(kind_points(kind))
                code_of.append(RANK_CHARS[rank] + SUITS[suit])
        for _ in range(2):
            rank_of.append(JOKER)
            suit_of.append(-1)
            kind_of.append(JOKER)
            points_of.append(50)
            code_of.append("JK")
    return tuple(rank_of), tuple(suit_of), tuple(kind_of), tuple(points_of), tuple(code_of)


RANK_OF, SUIT_OF, KIND_OF, POINTS_OF, CODE_OF = _build_tables()
WILD_OF = tuple(is_wild_kind(k) for k in KIND_OF)


def card_code(card: int) -> str:
    """The two-letter code of a card id: 'KH', '3S', 'JK'."""
    return CODE_OF[card]


def code_kind(code: str) -> int:
    """The kind of a card code, without choosing a physical card."""
    code = code.strip().upper()
    if code in ("JK", "JO", "JOKER"):
        return JOKER
    if len(code) != 2 or code[0] not in CHAR_RANKS or code[1] not in SUITS:
        raise ValueError(f"{code!r} is not a card code (rank 4-9 T J Q K A 2 3, suit C D H S, or JK)")
    rank = CHAR_RANKS[code[0]]
    if rank == 3:
        return RED3 if code[1] in "DH" else BLACK3
    return rank


def ids_of_code(code: str, packs: int) -> list[int]:
    """All card ids with this code in a game of ``packs`` packs."""
    code = code.strip().upper()
    code_kind(code)  # validates
    if code in ("JO", "JOKER"):
        code = "JK"
    return [i for i in range(packs * CARDS_PER_PACK) if CODE_OF[i] == code]


def pack_ids(packs: int) -> list[int]:
    return list(range(packs * CARDS_PER_PACK))


#: the most jokers a deck may hold (every joker id the card tables have)
MAX_JOKERS = 2 * MAX_PACKS


def deck_ids(packs: int, jokers: int | None = None) -> list[int]:
    """The card ids of a deck of ``packs`` packs holding ``jokers`` jokers (None: the
    usual two a pack), in id order. Fewer jokers leave out the later packs' jokers;
    more take the jokers of the packs beyond (ids of the same kind, so nothing else
    changes)."""
    if jokers is None or jokers == 2 * packs:
        return pack_ids(packs)
    ids = [c for c in range(packs * CARDS_PER_PACK) if KIND_OF[c] != JOKER]
    ids += [p * CARDS_PER_PACK + 52 + j for p in range(MAX_PACKS) for j in (0, 1)][:jokers]
    return sorted(ids)


class Card(NamedTuple):
    """A physical card, for code outside the engine's hot paths (the window, files)."""

    id: int

    @property
    def rank(self) -> int:
        return RANK_OF[self.id]

    @property
    def suit(self) -> int:
        return SUIT_OF[self.id]

    @property
    def kind(self) -> int:
        return KIND_OF[self.id]

    @property
    def code(self) -> str:
        return CODE_OF[self.id]

    @property
    def serial(self) -> int:
        return self.id // CARDS_PER_PACK

    @property
    def points(self) -> int:
        return POINTS_OF[self.id]

    @property
    def wild(self) -> bool:
        return WILD_OF[self.id]

    @property
    def red(self) -> bool:
        return SUIT_OF[self.id] in (1, 2)

    def __repr__(self) -> str:  # pasteable: Card(57)
        return f"Card({self.id})"

    def __str__(self) -> str:
        return CODE_OF[self.id]


def describe(card: int) -> str:
    """'the king of hearts', 'a joker' - for messages ('that card' for a bad id)."""
    if not isinstance(card, int) or isinstance(card, bool) or not 0 <= card < len(KIND_OF):
        return t("that card")
    return card_name(RANK_OF[card], SUIT_OF[card], KIND_OF[card] == JOKER)


class _SentenceStart(Text):
    """A card's name that begins an English sentence: its English has a capital first
    letter ("The king of hearts ..."); in another language it is rendered as it is,
    the translations placing it inside their sentence ("No tenés el rey ...")."""

    __slots__ = ()

    def __new__(cls, inner: Text):
        english = str.__str__(inner)
        self = str.__new__(cls, english[:1].upper() + english[1:])
        self.key, self.plural, self.n, self.args = inner.key, inner.plural, inner.n, inner.args
        self.context = getattr(inner, "context", None)
        return self

    def __reduce__(self):
        inner = Text(self.key, self.plural, self.n, **self.args)
        inner.context = self.context
        return (_SentenceStart, (inner,))


def sentence_start(words: Text) -> Text:
    """Words that begin an English sentence ("The queen on the pile ..."): capitalised
    in English, rendered as they are in another language (see :class:`_SentenceStart`)."""
    return _SentenceStart(words)


def not_in_hand(card: int) -> Text:
    """'The king of hearts is not in your hand.' (a refusal a player reads)."""
    return t("{card} is not in your hand.", card=_SentenceStart(describe(card)))


def codes(cards: Iterable[int]) -> list[str]:
    return [CODE_OF[c] for c in cards]
