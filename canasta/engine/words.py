"""The words of the cards in sentences, as messages of the player's language.

Rank letters on the cards (K, 10, Joker in a meld's notation) are not words; the names
of ranks, suits and melds in sentences are, so each is a message of the catalog
(:mod:`canasta.i18n`): "a king" / "two kings" is one plural message per rank, so a
translator can write "un rey" / "una reina" / "duas rainhas". Lists are messages too
("{first} and {last}"), so a sentence built of pieces is still rendered whole in the
language chosen when it is shown.

Standard library and :mod:`canasta.i18n` only: no pygame.
"""

from __future__ import annotations

from typing import Sequence

from ..i18n import N_, Text, t, tn

#: the names of the ranks (and of the joker, 15) in sentences
RANK_WORDS = {2: N_("two"), 3: N_("three"), 4: N_("four"), 5: N_("five"), 6: N_("six"), 7: N_("seven"),
              8: N_("eight"), 9: N_("nine"), 10: N_("ten"), 11: N_("jack"), 12: N_("queen"),
              13: N_("king"), 14: N_("ace"), 15: N_("joker")}
#: the ranks in the plural ("a meld of kings")
RANK_PLURALS = {2: N_("twos"), 3: N_("threes"), 4: N_("fours"), 5: N_("fives"), 6: N_("sixes"),
                7: N_("sevens"), 8: N_("eights"), 9: N_("nines"), 10: N_("tens"), 11: N_("jacks"),
                12: N_("queens"), 13: N_("kings"), 14: N_("aces"), 15: N_("jokers")}
#: the suits (clubs, diamonds, hearts, spades)
SUIT_WORDS = (N_("clubs"), N_("diamonds"), N_("hearts"), N_("spades"))
#: how many of a rank, for "two kings" ("a" is said by each rank's own message)
NUMBER_WORDS = (N_("no"), N_("a"), N_("two"), N_("three"), N_("four"), N_("five"), N_("six"),
                N_("seven"), N_("eight"), N_("nine"), N_("ten"), N_("eleven"), N_("twelve"))


def word(message: str) -> Text:
    """A word of the tables above as an argument of a sentence (rendered in the
    language in use, where a bare ``str`` argument would be left as it is)."""
    return t(message)


def count_word(n: int) -> object:
    """'two' for 2 (a message), the number itself beyond twelve."""
    return t(NUMBER_WORDS[n]) if 0 <= n < len(NUMBER_WORDS) else n


def rank_count(rank: int, n: int) -> Text:
    """'a king', 'two kings', 'an ace', '13 sevens': one plural message per rank.

    ``{count_word}`` is the number in words; a translation may use ``{count}`` (the
    number in digits) instead."""
    w = count_word(n)
    if rank == 2:
        return tn("a two", "{count_word} twos", n, count_word=w)
    if rank == 3:
        return tn("a three", "{count_word} threes", n, count_word=w)
    if rank == 4:
        return tn("a four", "{count_word} fours", n, count_word=w)
    if rank == 5:
        return tn("a five", "{count_word} fives", n, count_word=w)
    if rank == 6:
        return tn("a six", "{count_word} sixes", n, count_word=w)
    if rank == 7:
        return tn("a seven", "{count_word} sevens", n, count_word=w)
    if rank == 8:
        return tn("an eight", "{count_word} eights", n, count_word=w)
    if rank == 9:
        return tn("a nine", "{count_word} nines", n, count_word=w)
    if rank == 10:
        return tn("a ten", "{count_word} tens", n, count_word=w)
    if rank == 11:
        return tn("a jack", "{count_word} jacks", n, count_word=w)
    if rank == 12:
        return tn("a queen", "{count_word} queens", n, count_word=w)
    if rank == 13:
        return tn("a king", "{count_word} kings", n, count_word=w)
    if rank == 14:
        return tn("an ace", "{count_word} aces", n, count_word=w)
    return tn("a joker", "{count_word} jokers", n, count_word=w)


def card_name(rank: int, suit: int, joker: bool = False) -> Text:
    """'the king of hearts', 'a joker'."""
    if joker:
        return t("a joker")
    return t("the {rank} of {suit}", rank=word(RANK_WORDS[rank]), suit=word(SUIT_WORDS[suit]))


def sequence_name(suit: int | None, article: bool = True) -> Text:
    """'the hearts sequence' (``article``) or 'hearts sequence'; 'the sequence' when the
    suit is unknown (a sequence of wild cards only)."""
    if suit is None:
        return t("the sequence") if article else t("sequence")
    if article:
        return t("the {suit} sequence", suit=word(SUIT_WORDS[suit]))
    return t("{suit} sequence", suit=word(SUIT_WORDS[suit]))


def and_list(parts: Sequence[str]) -> str:
    """'a, b and c' as messages ("{first}, {rest}" and "{first} and {last}"), rendered
    whole in the language in use; empty parts are left out."""
    parts = [p for p in parts if p]
    if not parts:
        return ""
    if len(parts) == 1:
        return parts[0]
    if len(parts) == 2:
        return t("{first} and {last}", first=parts[0], last=parts[1])
    return t("{first}, {rest}", first=parts[0], rest=and_list(parts[1:]))
