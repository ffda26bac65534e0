"""One-line reasons for a move, for the hint the window shows.

Each sentence is a :class:`~canasta.i18n.Text` made of two messages, the move ("Draw
from the stock") and the reason behind it ("the pile is empty"), joined by
:func:`~canasta.ai.phrases.said`: the hint (:func:`canasta.ai.advice.why`) takes the
two apart to put its own fact after the move, in whatever language is shown."""

from __future__ import annotations

from ..engine.actions import Action, Answer, Ask, Discard, Draw, Meld, NextDeal, Pass, TakePile
from ..engine.cards import BLACK3, JOKER, KIND_OF, TWO, WILD_OF, describe
from ..engine.observe import Observation
from ..i18n import N_, Text, t, tn
from .phrases import Grouped, rank_word, ranks_word, said, suit_word
from .valuation import canasta_value, group_rank as _group_rank, new_meld_kind, onto_meld, take_chance, threat

#: the moves the sentences begin with (a hint's sentence is the move, then its reason)
DRAW = N_("Draw from the stock")
TAKE = N_("Take the pile")
GO_OUT = N_("Go out")
FIRST_MELD = N_("Make your side's first meld")
TABLE_SCORES = N_("cards on the table score, cards in hand cost")
#: a canasta made of a sequence, in the games that have one ("a samba"), else "a canasta"
_MELD_WORDS = {"samba": N_("a samba"), "escalera": N_("an escalera"), "canasta": N_("a canasta")}


def _run_name(low: int, high: int, suit: int, article: bool = True) -> Text:
    """'the 5-8 of hearts' (``article``) or '5-8 of hearts'."""
    ends = {"low": _end_word(low), "high": _end_word(high), "suit": suit_word(suit)}
    if article:
        return t("the {low}-{high} of {suit}", **ends)
    return t("{low}-{high} of {suit}", **ends)


def _end_word(rank: int) -> object:
    if 4 <= rank <= 10:
        return rank
    return rank_word(rank) if 11 <= rank <= 14 else "?"


def _seq_word(v) -> Text:
    from .valuation import has_sequences
    from ..engine.variants import game_of
    name = getattr(game_of(v.rules), "SEQUENCE_CANASTA", "samba") if has_sequences(v.rules) else "canasta"
    return Text(_MELD_WORDS.get(name, name))


def _sequence_sentence(v, action) -> str:
    """A sentence for a Samba melding action that starts or extends a sequence, or
    wild cards alone (Bolivia); '' when the action is something else."""
    from ..engine.cards import RANK_OF, SUIT_OF
    word = _seq_word(v)   # "a samba"
    bonus = Grouped(canasta_value(v.rules, "samba"))
    for g in action.groups:
        existing = onto_meld(v, v.team, g.onto)
        kind = existing.kind if existing is not None else new_meld_kind(g.cards)
        if kind == "sequence":
            ranks = [RANK_OF[c] for c in g.cards]
            if existing is None:
                low, high, suit = min(ranks), max(ranks), SUIT_OF[g.cards[0]]
                n = len(ranks)
                if n >= 7:
                    return said(t("Meld {run}", run=_run_name(low, high, suit)),
                                t("seven in a row are {sequence}, {points} points", sequence=word, points=bonus))
                return said(t("Start a sequence, {run}", run=_run_name(low, high, suit)),
                            tn("{count} more of {suit} in a row make {sequence} worth {points}",
                               "{count} more of {suit} in a row make {sequence} worth {points}", 7 - n,
                               suit=suit_word(suit), sequence=word, points=bonus))
            ends = []
            if min(ranks) < existing.low:
                ends.append("low")
            if max(ranks) > existing.high:
                ends.append("high")
            where = Text({("low",): N_("low end"), ("high",): N_("high end")}.get(tuple(ends), N_("low and high ends")))
            after = len(existing.cards) + len(g.cards)
            run = _run_name(existing.low, existing.high, existing.suit, article=False)
            if existing.by == v.seat:
                head = t("Extend your {run} at the {end}", run=run, end=where)
            else:
                head = t("Extend your side's {run} at the {end}", run=run, end=where)
            if after >= 7:
                return said(head, t("it becomes {sequence}, {points} points, and is closed", sequence=word,
                                    points=bonus))
            return said(head, tn("{count} more make {sequence} worth {points}",
                                 "{count} more make {sequence} worth {points}", 7 - after, sequence=word, points=bonus))
        if kind == "wild":
            after = len(g.cards) + (len(existing.cards) if existing is not None else 0)
            value = Grouped(canasta_value(v.rules, "bolivia"))
            head = N_("Meld wild cards alone")
            if after >= 7:
                return said(Text(head), t("seven are a bolivia, {points} points", points=value))
            return said(Text(head), tn("{count} more make a bolivia worth {points}",
                                       "{count} more make a bolivia worth {points}", 7 - after, points=value))
    return ""


def _canasta_note(v, groups, top_rank: int = 0) -> str:
    """'it completes your canasta of kings' when a group brings a meld to a canasta's size."""
    full = v.rules.canasta_size
    for g in groups:
        existing = onto_meld(v, v.team, g.onto)
        if existing is not None and existing.kind != "group":
            size = len(g.cards) + len(existing.cards) + (1 if top_rank else 0)
            if len(existing.cards) < full <= size:
                if existing.kind == "sequence":
                    return t("it makes {run} {sequence} ({points}), seven in a row",
                             run=_run_name(existing.low, existing.high, existing.suit), sequence=_seq_word(v),
                             points=Grouped(canasta_value(v.rules, "samba")))
                return t("it completes a bolivia ({points})", points=Grouped(canasta_value(v.rules, "bolivia")))
            continue
        rank = existing.rank if existing is not None else (_group_rank(g) or top_rank)
        size = len(g.cards) + (len(existing.cards) if existing is not None else 0)
        if rank == top_rank:
            size += 1
        was = len(existing.cards) if existing is not None else 0
        if was < full <= size:
            if existing is None or existing.by == v.seat:
                return t("it completes your canasta of {ranks}", ranks=ranks_word(rank))
            return t("it completes your side's canasta of {ranks}", ranks=ranks_word(rank))
    return ""


def explain(obs: Observation, action: Action, legal=None) -> str:
    """A sentence saying what ``action`` does and why it is a good idea (``legal``, when
    given, lets it say that there was no other choice): a :class:`~canasta.i18n.Text`
    made by :func:`~canasta.ai.phrases.said`, the move and its reason."""
    from .policy import game_policy
    own = getattr(game_policy(obs.rules), "explain", None)
    if own is not None:
        sentence = own(obs, action, legal)   # a game's own sentence (None: the shared one)
        if sentence is not None:
            return sentence
    kind = type(action)
    if kind is Draw:
        return said(Text(DRAW), _draw_reason(obs, legal))
    if kind is TakePile:
        return said(Text(TAKE), _take_reason(obs, action))
    if kind is Meld:
        return _meld_sentence(obs, action)
    if kind is Discard:
        return _discard_sentence(obs, action)
    if kind is Ask:
        return said(Text(N_("Ask your partner")),
                    Text(N_("you can go out, and your partner knows whether it pays")))
    if kind is Answer:
        if action.yes:
            return said(Text(N_("Say yes")), Text(N_("your side is ahead, going out now locks it in")))
        if threat(obs) >= 0.75:
            return said(Text(N_("Say no")), Text(N_("your side can still gain more than the other side")))
        return said(Text(N_("Say no")), Text(N_("your side is behind and needs more canastas before the deal ends")))
    if kind is Pass:
        return said(Text(N_("Pass")), Text(N_("the stock is empty and taking the pile would not pay")))
    if kind is NextDeal:
        return said(Text(N_("Deal the next hand")))
    return said(Text(N_("Play this")))


def _draw_reason(obs: Observation, legal) -> Text:
    if obs.pile_top is None:
        return Text(N_("the pile is empty"))
    top = obs.pile_top
    k = KIND_OF[top]
    if WILD_OF[top] or k == BLACK3:
        return Text(N_("nobody can take the pile while a wild card or black three tops it"))
    if legal is not None and not any(type(a) is TakePile for a in legal):
        if obs.pile_frozen_for(obs.team):
            return t("the pile is frozen for your side and you hold no natural pair of {ranks}", ranks=ranks_word(k))
        return t("you cannot take the pile with the {rank} on top", rank=rank_word(k))
    if obs.pile_size <= 2:
        return t("a pile of {count} is not worth your cards", count=obs.pile_size)
    return t("taking the {rank} would cost you more than it brings", rank=rank_word(k))


def _take_reason(obs: Observation, action: TakePile) -> Text:
    top = obs.pile_top if obs.pile_top is not None else -1
    rank = KIND_OF[top] if top >= 0 else 0
    groups = (_as_group(action.with_cards, action.onto),) if action.with_cards else ()
    note = _canasta_note(obs, groups, rank)
    size = obs.pile_size
    if not note and not action.with_cards:
        existing = onto_meld(obs, obs.team, action.onto)
        full = obs.rules.canasta_size
        if existing is not None and existing.kind == "sequence":
            run = _run_name(existing.low, existing.high, existing.suit)
            if len(existing.cards) + 1 >= full:
                return tn("{count} card, and its top card makes {run} {sequence}",
                          "{count} cards, and its top card makes {run} {sequence}", size,
                          run=run, sequence=_seq_word(obs))
            return tn("{count} card, its top card extends {run} without using a card from your hand",
                      "{count} cards, its top card extends {run} without using a card from your hand", size, run=run)
        if existing is not None and len(existing.cards) + 1 >= full > len(existing.cards):
            note = t("it completes your side's canasta of {ranks}", ranks=ranks_word(rank))
    if note:
        return tn("{count} card and {note}", "{count} cards and {note}", size, note=note)
    if action.melds:
        return tn("{count} card, and it makes your side's first meld",
                  "{count} cards, and it makes your side's first meld", size)
    if not action.with_cards:
        return tn("{count} card, its {rank} goes on your side's meld without using a card",
                  "{count} cards, its {rank} goes on your side's meld without using a card", size,
                  rank=rank_word(rank))
    from .phrases import cards_words
    return tn("{count} card for {cards} from your hand", "{count} cards for {cards} from your hand", size,
              cards=cards_words(action.with_cards))


def _meld_sentence(obs: Observation, action: Meld) -> Text:
    used = sum(len(g.cards) for g in action.groups)
    if len(obs.hand) - used <= 1:
        if len(obs.hand) - used == 1:
            return said(Text(GO_OUT), Text(N_("meld everything but one card and discard it, before the other "
                                              "side scores more")))
        return said(Text(GO_OUT), Text(N_("meld your whole hand, before the other side scores more")))
    note = _canasta_note(obs, action.groups)
    if not obs.melds[obs.team]:
        pts = sum(_points(c) for g in action.groups for c in g.cards)
        return said(Text(FIRST_MELD), t("{points} points reach the minimum of {minimum}", points=pts,
                                        minimum=obs.minimums[obs.team]))
    if note:
        return said(Text(N_("Meld")), note)
    seq = _sequence_sentence(obs, action)
    if seq:
        return seq
    g = action.groups[0]
    existing = onto_meld(obs, obs.team, g.onto)
    rank = existing.rank if existing is not None else _group_rank(g)
    if existing is not None:
        if existing.by == obs.seat:
            return said(t("Add to your {ranks}", ranks=ranks_word(rank)), Text(TABLE_SCORES))
        return said(t("Add to your partner's {ranks}", ranks=ranks_word(rank)), Text(TABLE_SCORES))
    if any(m.kind == "group" and m.rank == rank for m in obs.melds[obs.team]):
        return said(t("Start another group of {ranks}", ranks=ranks_word(rank)),
                    Text(N_("in this game a side may hold several, and each can become a canasta")))
    return said(t("Meld your {ranks}", ranks=ranks_word(rank)), Text(TABLE_SCORES))


def _discard_sentence(obs: Observation, action: Discard) -> Text:
    c = action.card
    k = KIND_OF[c]
    if len(obs.hand) == 1:
        return said(t("Discard {card} and go out", card=describe(c)))
    if k == BLACK3:
        return said(Text(N_("Discard the black three")),
                    Text(N_("it stops the next player from taking the pile")))
    head = t("Discard {card}", card=describe(c))
    if k == TWO or k == JOKER:
        return said(head, t("it freezes a pile of {count} the next opponent could take", count=obs.pile_size + 1))
    nxt = (obs.seat + 1) % obs.players
    risk = take_chance(obs, nxt, k, card=c) if nxt % obs.teams != obs.team else 0.0
    if risk < 0.15 and obs.pile_size >= 5:
        return said(head, t("the next player is unlikely to take a pile of {count} with it", count=obs.pile_size + 1))
    if obs.counts[k] == 1:
        return said(head, t("a lone {rank} is your least useful card", rank=rank_word(k)))
    return said(head, Text(N_("the safest card you can spare")))


def _as_group(cards, onto=None):
    from ..engine.actions import Group
    return Group(tuple(cards), onto)


def _points(card: int) -> int:
    from ..engine.cards import POINTS_OF
    return POINTS_OF[card]
