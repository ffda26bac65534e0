"""Moves and cards in words, shared by the hint, its explanations and the coach."""

from __future__ import annotations

from ..engine.actions import Action, Answer, Ask, Discard, Draw, Meld, NextDeal, Pass, TakePile
from ..engine.cards import KIND_OF, PLURAL_NAMES, RANK_NAMES, describe
from ..engine.observe import Observation
from ..i18n import N_, Listed, Text, t, tr


class _AndOnly(Listed):
    """Words joined by "and" alone ("kings and queens and jacks"), as the coach says them."""

    def joiner(self) -> str:
        return tr(N_(" and "))


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
            names = [Text(PLURAL_NAMES.get(k, N_("cards"))) for k in kinds]
            return t("melding {ranks}", ranks=_AndOnly(names))
        onto = getattr(a.groups[0], "onto", None)
        for m in obs.melds[obs.team]:
            if onto is not None and getattr(m, "id", None) == onto:
                return t("putting a wild card on your side's {meld}", meld=Text(PLURAL_NAMES.get(m.rank, N_("meld"))))
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
    words = {2: N_("two"), 3: N_("three"), 4: N_("four"), 5: N_("five"), 6: N_("six"), 7: N_("seven")}
    parts = []
    for k, n in sorted(counts.items(), key=lambda kv: -kv[0]):
        if n == 1:
            name = RANK_NAMES.get(k, N_("card"))
            parts.append(t("an {card}", card=Text(name)) if name in ("ace", "eight") else t("a {card}", card=Text(name)))
        else:
            parts.append(t("{number} {cards}", number=Text(words[n]) if n in words else n,
                           cards=Text(PLURAL_NAMES.get(k, N_("cards")))))
    if len(parts) == 1:
        return parts[0]
    return t("{first} and {last}", first=Listed(parts[:-1], ", "), last=parts[-1])
