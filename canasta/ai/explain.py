"""One-line reasons for a move, for the hint the window shows."""

from __future__ import annotations

from ..engine.actions import Action, Answer, Ask, Discard, Draw, Meld, NextDeal, Pass, TakePile
from ..engine.cards import BLACK3, JOKER, KIND_OF, PLURAL_NAMES, RANK_NAMES, TWO, WILD_OF, describe
from ..engine.observe import Observation
from .valuation import canasta_value, group_rank as _group_rank, new_meld_kind, onto_meld, take_chance, threat

_SUITS = {0: "clubs", 1: "diamonds", 2: "hearts", 3: "spades"}
_SHORT = {4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10", 11: "jack", 12: "queen", 13: "king", 14: "ace"}


def _run_name(low: int, high: int, suit: int) -> str:
    """'the 5-8 of hearts'."""
    return f"the {_SHORT.get(low, '?')}-{_SHORT.get(high, '?')} of {_SUITS.get(suit, '?')}"


def _seq_word(v) -> str:
    from .valuation import has_sequences
    from ..engine.variants import game_of
    return getattr(game_of(v.rules), "SEQUENCE_CANASTA", "samba") if has_sequences(v.rules) else "canasta"


def _sequence_sentence(v, action) -> str:
    """A sentence for a Samba melding action that starts or extends a sequence, or
    wild cards alone (Bolivia); '' when the action is something else."""
    from ..engine.cards import RANK_OF, SUIT_OF
    word = _seq_word(v)
    bonus = canasta_value(v.rules, "samba")
    for g in action.groups:
        existing = onto_meld(v, v.team, g.onto)
        kind = existing.kind if existing is not None else new_meld_kind(g.cards)
        if kind == "sequence":
            ranks = [RANK_OF[c] for c in g.cards]
            if existing is None:
                low, high, suit = min(ranks), max(ranks), SUIT_OF[g.cards[0]]
                n = len(ranks)
                if n >= 7:
                    return f"Meld {_run_name(low, high, suit)}: seven in a row are a {word}, {bonus:,} points."
                return (f"Start a sequence, {_run_name(low, high, suit)}: {7 - n} more of "
                        f"{_SUITS.get(suit)} in a row make a {word} worth {bonus:,}.")
            whose = "your" if existing.by == v.seat else "your side's"
            ends = []
            if min(ranks) < existing.low:
                ends.append("low")
            if max(ranks) > existing.high:
                ends.append("high")
            where = " and ".join(ends) + (" ends" if len(ends) > 1 else " end")
            after = len(existing.cards) + len(g.cards)
            head = (f"Extend {whose} {_run_name(existing.low, existing.high, existing.suit)} at the {where}")
            if after >= 7:
                return f"{head}: it becomes a {word}, {bonus:,} points, and is closed."
            return f"{head}: {7 - after} more make a {word} worth {bonus:,}."
        if kind == "wild":
            after = len(g.cards) + (len(existing.cards) if existing is not None else 0)
            if after >= 7:
                return f"Meld wild cards alone: seven are a bolivia, {canasta_value(v.rules, 'bolivia'):,} points."
            return f"Meld wild cards alone: {7 - after} more make a bolivia worth {canasta_value(v.rules, 'bolivia'):,}."
    return ""


def _plural(rank: int) -> str:
    return PLURAL_NAMES.get(rank, "cards")


def _canasta_note(v, groups, top_rank: int = 0) -> str:
    """'it completes your canasta of kings' when a group brings a meld to a canasta's size."""
    full = v.rules.canasta_size
    for g in groups:
        existing = onto_meld(v, v.team, g.onto)
        if existing is not None and existing.kind != "group":
            size = len(g.cards) + len(existing.cards) + (1 if top_rank else 0)
            if len(existing.cards) < full <= size:
                if existing.kind == "sequence":
                    return (f"it makes {_run_name(existing.low, existing.high, existing.suit)} a "
                            f"{_seq_word(v)} ({canasta_value(v.rules, 'samba'):,}), seven in a row")
                return f"it completes a bolivia ({canasta_value(v.rules, 'bolivia'):,})"
            continue
        rank = existing.rank if existing is not None else (_group_rank(g) or top_rank)
        size = len(g.cards) + (len(existing.cards) if existing is not None else 0)
        if rank == top_rank:
            size += 1
        was = len(existing.cards) if existing is not None else 0
        if was < full <= size:
            whose = "your" if existing is None or existing.by == v.seat else "your side's"
            return f"it completes {whose} canasta of {_plural(rank)}"
    return ""


def explain(obs: Observation, action: Action, legal=None) -> str:
    """A sentence saying what ``action`` does and why it is a good idea (``legal``, when
    given, lets it say that there was no other choice)."""
    from .policy import game_policy
    own = getattr(game_policy(obs.rules), "explain", None)
    if own is not None:
        said = own(obs, action, legal)   # a game's own sentence (None: the shared one)
        if said is not None:
            return said
    t = type(action)
    if t is Draw:
        if obs.pile_top is None:
            return "Draw from the stock: the pile is empty."
        top = obs.pile_top
        k = KIND_OF[top]
        if WILD_OF[top] or k == BLACK3:
            return "Draw from the stock: nobody can take the pile while a wild card or black three tops it."
        if legal is not None and not any(type(a) is TakePile for a in legal):
            if obs.pile_frozen_for(obs.team):
                return (f"Draw from the stock: the pile is frozen for your side and you hold no "
                        f"natural pair of {_plural(k)}.")
            return f"Draw from the stock: you cannot take the pile with the {RANK_NAMES.get(k, 'card')} on top."
        if obs.pile_size <= 2:
            return f"Draw from the stock: a pile of {obs.pile_size} is not worth your cards."
        return f"Draw from the stock: taking the {RANK_NAMES.get(k, 'card')} would cost you more than it brings."
    if t is TakePile:
        top = obs.pile_top if obs.pile_top is not None else -1
        rank = KIND_OF[top] if top >= 0 else 0
        groups = (_as_group(action.with_cards, action.onto),) if action.with_cards else ()
        note = _canasta_note(obs, groups, rank)
        if not note and not action.with_cards:
            existing = onto_meld(obs, obs.team, action.onto)
            full = obs.rules.canasta_size
            if existing is not None and existing.kind == "sequence":
                size = obs.pile_size
                run = _run_name(existing.low, existing.high, existing.suit)
                if len(existing.cards) + 1 >= full:
                    return (f"Take the pile: {size} card{'s' if size != 1 else ''}, and its top card "
                            f"makes {run} a {_seq_word(obs)}.")
                return (f"Take the pile: {size} card{'s' if size != 1 else ''}, its top card extends {run} "
                        "without using a card from your hand.")
            if existing is not None and len(existing.cards) + 1 >= full > len(existing.cards):
                note = f"it completes your side's canasta of {_plural(rank)}"
        size = obs.pile_size
        head = f"Take the pile: {size} card{'s' if size != 1 else ''}"
        if note:
            return f"{head} and {note}."
        if action.melds:
            return f"{head}, and it makes your side's first meld."
        if not action.with_cards:
            return f"{head}, its {RANK_NAMES.get(rank, 'card')} goes on your side's meld without using a card."
        from .phrases import cards_words
        return f"{head} for {cards_words(action.with_cards)} from your hand."
    if t is Meld:
        used = sum(len(g.cards) for g in action.groups)
        if len(obs.hand) - used <= 1:
            if len(obs.hand) - used == 1:
                return "Go out: meld everything but one card and discard it, before the other side scores more."
            return "Go out: meld your whole hand, before the other side scores more."
        note = _canasta_note(obs, action.groups)
        if not obs.melds[obs.team]:
            pts = sum(_points(c) for g in action.groups for c in g.cards)
            return f"Make your side's first meld: {pts} points reach the minimum of {obs.minimums[obs.team]}."
        if note:
            return f"Meld: {note}."
        seq = _sequence_sentence(obs, action)
        if seq:
            return seq
        g = action.groups[0]
        existing = onto_meld(obs, obs.team, g.onto)
        rank = existing.rank if existing is not None else _group_rank(g)
        if existing is not None:
            whose = "your" if existing.by == obs.seat else "your partner's"
            return f"Add to {whose} {_plural(rank)}: cards on the table score, cards in hand cost."
        if any(m.kind == "group" and m.rank == rank for m in obs.melds[obs.team]):
            return (f"Start another group of {_plural(rank)}: in this game a side may hold several, "
                    "and each can become a canasta.")
        return f"Meld your {_plural(rank)}: cards on the table score, cards in hand cost."
    if t is Discard:
        c = action.card
        k = KIND_OF[c]
        if len(obs.hand) == 1:
            return f"Discard {describe(c)} and go out."
        if k == BLACK3:
            return "Discard the black three: it stops the next player from taking the pile."
        if k == TWO or k == JOKER:
            return f"Discard {describe(c)}: it freezes a pile of {obs.pile_size + 1} the next opponent could take."
        nxt = (obs.seat + 1) % obs.players
        risk = take_chance(obs, nxt, k, card=c) if nxt % obs.teams != obs.team else 0.0
        if risk < 0.15 and obs.pile_size >= 5:
            return f"Discard {describe(c)}: the next player is unlikely to take a pile of {obs.pile_size + 1} with it."
        if obs.counts[k] == 1:
            return f"Discard {describe(c)}: a lone {RANK_NAMES[k]} is your least useful card."
        return f"Discard {describe(c)}: the safest card you can spare."
    if t is Ask:
        return "Ask your partner: you can go out, and your partner knows whether it pays."
    if t is Answer:
        if action.yes:
            return "Say yes: your side is ahead, going out now locks it in."
        if threat(obs) >= 0.75:
            return "Say no: your side can still gain more than the other side."
        return "Say no: your side is behind and needs more canastas before the deal ends."
    if t is Pass:
        return "Pass: the stock is empty and taking the pile would not pay."
    if t is NextDeal:
        return "Deal the next hand."
    return "Play this."


def _as_group(cards, onto=None):
    from ..engine.actions import Group
    return Group(tuple(cards), onto)


def _points(card: int) -> int:
    from ..engine.cards import POINTS_OF
    return POINTS_OF[card]
