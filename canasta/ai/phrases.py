"""Moves and cards in words, shared by the hint, its explanations and the coach."""

from __future__ import annotations

from ..engine.actions import Action, Answer, Ask, Discard, Draw, Meld, NextDeal, Pass, TakePile
from ..engine.cards import KIND_OF, describe
from ..engine.observe import Observation
from ..engine.words import RANK_PLURALS, RANK_WORDS, SUIT_WORDS, count_word, rank_count, word
from ..i18n import N_, Listed, Text, current, number, t, tr

#: the message of a hint's sentence: the move, then the fact behind it
HEAD_REASON = N_("{head}: {reason}.")
#: a hint's sentence that is the move alone
HEAD_ONLY = N_("{head}.")


def said(head, reason=None) -> Text:
    """A hint's sentence, "Draw from the stock: the pile is empty.", kept as its two
    parts (the move, the reason) so :func:`parts` gives them back in any language."""
    if reason:
        return t(HEAD_REASON, head=head, reason=reason)
    return t(HEAD_ONLY, head=head)


def parts(sentence: str) -> tuple[str, str]:
    """(the move, the reason) of a sentence made by :func:`said`; a plain sentence (a
    game's own explanation) is split at its first ": "."""
    if isinstance(sentence, Text) and sentence.key in (HEAD_REASON, HEAD_ONLY):
        return sentence.args["head"], sentence.args.get("reason") or ""
    head, sep, tail = sentence.partition(": ")
    if not sep:
        return sentence.rstrip("."), ""
    return head, tail.rstrip(".")


class Grouped:
    """A number of points in a sentence: grouped as English always wrote them here
    (1,500), the language's way elsewhere (1.500)."""

    def __init__(self, value: int):
        self.value = value

    def __format__(self, spec: str) -> str:
        if current() in ("en", "pseudo"):
            return self.english()
        return number(self.value)

    def english(self) -> str:
        return f"{self.value:,}"


class Capital:
    """Words that begin a sentence: rendered in the language in use, the first letter
    made a capital ("Taking the pile here was worth...")."""

    def __init__(self, words):
        self.words = words

    def __format__(self, spec: str) -> str:
        said = tr(self.words)
        return said[:1].upper() + said[1:]

    def english(self) -> str:
        said = _english(self.words)
        return said[:1].upper() + said[1:]


def rank_word(rank: int) -> Text:
    """'king' as a word of a sentence ('card' for anything else)."""
    return word(RANK_WORDS.get(rank, N_("card")))


def ranks_word(rank: int) -> Text:
    """'kings' as a word of a sentence ('cards' for anything else)."""
    return word(RANK_PLURALS.get(rank, N_("cards")))


def suit_word(suit: int) -> object:
    return word(SUIT_WORDS[suit]) if isinstance(suit, int) and 0 <= suit < 4 else "?"


def _english(value) -> str:
    """A word or sentence as English (a message is its English text)."""
    if isinstance(value, Text):
        return str.__str__(value)
    english = getattr(value, "english", None)
    return english() if callable(english) else format(value, "")


class Words(Listed):
    """Words after one another, rendered in the language in use when shown, and in
    English in the message's own English text whatever language is in use then."""

    def english(self) -> str:
        return self.between.join(_english(i) for i in self.items)


class AndOnly(Words):
    """Words joined by "and" alone ("kings and queens and jacks"), as the coach says them."""

    def joiner(self) -> str:
        return tr(N_(" and "))

    def english(self) -> str:
        return " and ".join(_english(i) for i in self.items)


def gerund(obs: Observation, a: Action) -> str:
    """'taking the pile', 'discarding the nine of clubs': the move as a gerund."""
    kind = type(a)
    if kind is Draw:
        return Text(N_("drawing from the stock"))
    if kind is TakePile:
        return Text(N_("taking the pile"))
    if kind is Discard:
        return t("discarding {card}", card=describe(a.card))
    if kind is Meld:
        used = sum(len(g.cards) for g in a.groups)
        if len(obs.hand) - used <= 1:
            return Text(N_("going out"))
        if not any(obs.melds[obs.team]):
            return Text(N_("making your side's first meld"))
        kinds = sorted({KIND_OF[c] for g in a.groups for c in g.cards if 4 <= KIND_OF[c] <= 14})
        if kinds:
            names = [ranks_word(k) for k in kinds]
            return t("melding {ranks}", ranks=AndOnly(names))
        onto = getattr(a.groups[0], "onto", None)
        for m in obs.melds[obs.team]:
            if onto is not None and getattr(m, "id", None) == onto:
                return t("putting a wild card on your side's {meld}", meld=word(RANK_PLURALS.get(m.rank, N_("meld"))))
        return Text(N_("putting a wild card on a meld"))
    if kind is Ask:
        return Text(N_("asking your partner to go out"))
    if kind is Answer:
        return Text(N_("saying yes")) if a.yes else Text(N_("saying no"))
    if kind is Pass:
        return Text(N_("passing"))
    if kind is NextDeal:
        return Text(N_("dealing on"))
    return Text(N_("that move"))


def cards_words(cards) -> str:
    """'two sevens and a joker'."""
    counts: dict[int, int] = {}
    for c in cards:
        counts[KIND_OF[c]] = counts.get(KIND_OF[c], 0) + 1
    pieces = []
    for k, n in sorted(counts.items(), key=lambda kv: -kv[0]):
        if 2 <= k <= 15 and n <= 7:
            pieces.append(rank_count(k, n))     # one message per rank: "a king", "two queens"
        else:
            pieces.append(Text(N_("a card")) if n == 1 else t("{number} {cards}", number=count_word(n) if n <= 7 else n,
                                                                      cards=ranks_word(k)))
    if len(pieces) == 1:
        return pieces[0]
    return t("{first} and {last}", first=Words(pieces[:-1], ", "), last=pieces[-1])
