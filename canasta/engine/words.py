"""The words of the cards in sentences, as messages of the player's language.

Rank letters on the cards (K, 10, Joker in a meld's notation) are not words; the names
of ranks, suits and melds in sentences are, so each is a message of the catalog
(:mod:`canasta.i18n`): "a king" / "two kings" is one plural message per rank, so a
translator can write "un rey" / "una reina" / "duas rainhas"; a card's name is one
message per rank too ("the queen of {suit}": "la reina de {suit}", "l'as de {suit}",
"{suit}-Dame"), so its article agrees with its noun. A rank's name has the context
"rank" (:func:`~canasta.i18n.tc`): the rank "two" (German "Zwei") is not the number
"two" ("zwei Könige"). Lists are messages too ("{first} and {last}"), so a sentence
built of pieces is still rendered whole in the language chosen when it is shown.

Standard library and :mod:`canasta.i18n` only: no pygame.
"""

from __future__ import annotations

from typing import Sequence

from ..i18n import N_, Text, t, tc, tn

#: the names of the ranks (and of the joker, 15) in sentences: messages with the
#: context "rank", apart from the numbers of :data:`NUMBER_WORDS` ("two")
RANK_WORDS = {2: tc("rank", "two"), 3: tc("rank", "three"), 4: tc("rank", "four"), 5: tc("rank", "five"),
              6: tc("rank", "six"), 7: tc("rank", "seven"), 8: tc("rank", "eight"), 9: tc("rank", "nine"),
              10: tc("rank", "ten"), 11: tc("rank", "jack"), 12: tc("rank", "queen"), 13: tc("rank", "king"),
              14: tc("rank", "ace"), 15: tc("rank", "joker")}
#: a card by its rank and suit, one message per rank so that the article agrees
#: with the rank ("la reina de {suit}", "el rey de {suit}")
CARD_NAMES = {2: N_("the two of {suit}"), 3: N_("the three of {suit}"), 4: N_("the four of {suit}"),
              5: N_("the five of {suit}"), 6: N_("the six of {suit}"), 7: N_("the seven of {suit}"),
              8: N_("the eight of {suit}"), 9: N_("the nine of {suit}"), 10: N_("the ten of {suit}"),
              11: N_("the jack of {suit}"), 12: N_("the queen of {suit}"), 13: N_("the king of {suit}"),
              14: N_("the ace of {suit}")}
#: the ranks in the plural ("a meld of kings")
RANK_PLURALS = {2: N_("twos"), 3: N_("threes"), 4: N_("fours"), 5: N_("fives"), 6: N_("sixes"),
                7: N_("sevens"), 8: N_("eights"), 9: N_("nines"), 10: N_("tens"), 11: N_("jacks"),
                12: N_("queens"), 13: N_("kings"), 14: N_("aces"), 15: N_("jokers")}
#: a rank with its article, for sentences naming the card of that rank ("the queen on
#: the pile": "la reina del pozo", "die Dame vom Ablagestapel"); one message per rank
THE_RANKS = {2: N_("the two"), 3: N_("the three"), 4: N_("the four"), 5: N_("the five"), 6: N_("the six"),
             7: N_("the seven"), 8: N_("the eight"), 9: N_("the nine"), 10: N_("the ten"), 11: N_("the jack"),
             12: N_("the queen"), 13: N_("the king"), 14: N_("the ace"), 15: N_("the joker")}
#: the suits (clubs, diamonds, hearts, spades)
SUIT_WORDS = (N_("clubs"), N_("diamonds"), N_("hearts"), N_("spades"))
#: how many of a rank, for "two kings" ("a" is said by each rank's own message)
NUMBER_WORDS = (N_("no"), N_("a"), N_("two"), N_("three"), N_("four"), N_("five"), N_("six"),
                N_("seven"), N_("eight"), N_("nine"), N_("ten"), N_("eleven"), N_("twelve"))


def word(message: str) -> Text:
    """A word of the tables above as an argument of a sentence (rendered in the
    language in use, where a bare ``str`` argument would be left as it is); a word
    that is already a message (a rank's, with its context) is given as it is."""
    return message if isinstance(message, Text) else t(message)


def the_rank(rank: int) -> Text:
    """'the queen' (the article agreeing with the rank in each language; 'the card'
    for anything else)."""
    return t(THE_RANKS[rank]) if rank in THE_RANKS else t("the card")


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
        return tc("card", "a joker")    # a card's name: German names it without an article, as every card
    return t(CARD_NAMES[rank], suit=word(SUIT_WORDS[suit]))


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
