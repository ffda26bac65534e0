"""Moves and cards in words, shared by the hint, its explanations and the coach."""

from __future__ import annotations

from ..engine.actions import Action, Answer, Ask, Discard, Draw, Meld, NextDeal, Pass, TakePile
from ..engine.cards import KIND_OF, PLURAL_NAMES, RANK_NAMES, describe
from ..engine.observe import Observation


def gerund(obs: Observation, a: Action) -> str:
    """'taking the pile', 'discarding the nine of clubs': the move as a gerund."""
    t = type(a)
    if t is Draw:
        return "drawing from the stock"
    if t is TakePile:
        return "taking the pile"
    if t is Discard:
        return f"discarding {describe(a.card)}"
    if t is Meld:
        used = sum(len(g.cards) for g in a.groups)
        if len(obs.hand) - used <= 1:
            return "going out"
        if not any(obs.melds[obs.team]):
            return "making your side's first meld"
        kinds = sorted({KIND_OF[c] for g in a.groups for c in g.cards if 4 <= KIND_OF[c] <= 14})
        if kinds:
            return "melding " + " and ".join(PLURAL_NAMES.get(k, "cards") for k in kinds)
        onto = getattr(a.groups[0], "onto", None)
        for m in obs.melds[obs.team]:
            if onto is not None and getattr(m, "id", None) == onto:
                return f"putting a wild card on your side's {PLURAL_NAMES.get(m.rank, 'meld')}"
        return "putting a wild card on a meld"
    if t is Ask:
        return "asking your partner to go out"
    if t is Answer:
        return "saying yes" if a.yes else "saying no"
    if t is Pass:
        return "passing"
    if t is NextDeal:
        return "dealing on"
    return "that move"


def cards_words(cards) -> str:
    """'two sevens and a joker'."""
    counts: dict[int, int] = {}
    for c in cards:
        counts[KIND_OF[c]] = counts.get(KIND_OF[c], 0) + 1
    words = {1: "a", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven"}
    parts = [f"{words.get(n, str(n))} {RANK_NAMES.get(k, 'card') if n == 1 else PLURAL_NAMES.get(k, 'cards')}"
             for k, n in sorted(counts.items(), key=lambda kv: -kv[0])]
    parts = [("an" + p[1:]) if p.startswith("a ace") or p.startswith("a eight") else p for p in parts]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
