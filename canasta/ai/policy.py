"""The heuristic players: what the easy and the medium computer players think.

Both score every legal action from the seat's
:class:`~canasta.engine.observe.Observation` and play the best. Easy is deliberately plain (it melds what it can, goes out at once and throws
its least useful card). Medium plans: it opens as soon as it can, takes the pile
when it pays, keeps wild cards for canastas, builds on its partner's melds, throws
what the next opponent is least likely to take the pile with, freezes a big pile
when its side is behind, and goes out (or answers "may I go out?") by comparing the
two sides' positions. Medium remembers the table through the observation's public
history: the pile card by card, the cards each player took with it, and the kinds each
player threw or let go by (:func:`denied_kinds`), which it is unlikely to hold a pair of. The hard player uses medium as the policy of its simulations,
so everything here is written to run in well under a millisecond.
"""

from __future__ import annotations

from typing import Optional, Sequence

from ..engine.actions import Action, Answer, Ask, Discard, Draw, Meld, NextDeal, Pass, TakePile
from ..engine.cards import BLACK3, KIND_OF, POINTS_OF, TWO, WILD_OF
from ..engine.state import ANSWER, DRAW, PLAY
from ..engine.observe import Observation
from .plugins import policy_for
from .valuation import (DRAW_VALUE, FREEZE_ONLY_BEHIND, FREEZE_PILE, NEG, NEW_SEQ, NEW_WILD, SEQ_CARD,
                        TAKE_CARD, TAKE_WILD, W_DANGER, canasta_value, fill_pile_worth, going_out_margin,
                        groups_gain, hand_estimate, keep_value, new_meld_kind, onto_meld, pile_value,
                        should_go_out, take_chance, threat, wilds_finish)


# ---------------------------------------------------------------------------
# the game's figures (Classic, Samba, Bolivia)
# ---------------------------------------------------------------------------

def game_policy(rules):
    """The computer players' own play of the game of ``rules`` (a module registered in
    :mod:`canasta.ai.plugins`: Modern American, Hand and Foot), else None."""
    return policy_for(rules)


fill_pile_worth()


def discard_scores(v: Observation, options: Sequence[Discard], *, danger: float = W_DANGER,
                   chance=None, keep=None, pile=None) -> list[float]:
    """Higher is better: minus (what we lose by throwing it + what it gives away).
    ``danger``, ``chance``, ``keep`` and ``pile``: other weight and judgements than
    W_DANGER, :func:`take_chance`, :func:`keep_value` and :func:`pile_value` (the previous
    release's, :mod:`canasta.ai.r1.policy`)."""
    if chance is None:
        chance, keep, pile = take_chance, keep_value, pile_value
    n = v.players
    nxt = (v.seat + 1) % n
    opp_next = nxt % v.teams != v.team
    big = pile(v, 1)
    behind = going_out_margin(v, v.seat) < -100 or v.scores[v.team] < max(v.scores) - 500
    out = []
    for a in options:
        c = a.card
        k = KIND_OF[c]
        score = -keep(v, c)
        if opp_next:
            score -= danger * chance(v, nxt, k, card=c) * big
        else:
            score += 0.3 * chance(v, nxt, k) * big
        if (WILD_OF[c] and opp_next and not v.frozen and v.pile_size >= FREEZE_PILE
                and (behind or not FREEZE_ONLY_BEHIND)):
            # freezing a big pile the next opponent is close to taking
            worst = 0.0
            for b in options:
                if not WILD_OF[b.card] and KIND_OF[b.card] != BLACK3:
                    worst = max(worst, chance(v, nxt, KIND_OF[b.card], card=b.card))
            if worst > 0.4:
                score += 250.0 if k == TWO else 200.0
        out.append(score)
    return out


# ---------------------------------------------------------------------------
# scoring every legal action
# ---------------------------------------------------------------------------

def take_score(v: Observation, a: TakePile) -> float:
    top = v.pile_top
    gain = TAKE_CARD * (v.pile_size - 1) + 30.0 * sum(1 for c in v.sideways if WILD_OF[c]) + 20.0
    wild_used = sum(1 for c in a.with_cards if WILD_OF[c])
    extra_wild = sum(1 for g in a.melds for c in g.cards if WILD_OF[c])
    extra_cards = sum(len(g.cards) for g in a.melds)
    cost = TAKE_WILD * wild_used + 20.0 * extra_wild + 1.0 * extra_cards
    score = gain - cost
    if top is not None and not a.with_cards and a.onto is not None:
        score += 10.0  # onto our own meld: no card leaves the hand
    return score


#: the most a discard can score in ``medium_scores`` when the next player is an
#: opponent, before the pile's worth (its keep value is at least -20, the freeze bonus
#: at most 250; a partner next adds at most 0.3 of the pile's worth)
_DISCARD_CEILING = -1000.0 + 20.0 + 250.0


def medium_scores(v: Observation, legal: Sequence[Action], best_only: bool = False, *,
                  discards=None, pile=None) -> list[float]:
    """A score for each legal action (the medium player plays the highest).

    ``best_only``: only the highest matters (the medium player's choice): when a meld
    or an ask already scores above anything a discard can, the discards are not scored
    (they get ``NEG``), which changes no choice. ``discards`` and ``pile``: other
    judgements of the discards and of the pile's worth than :func:`discard_scores` and
    :func:`pile_value` (the previous release's, :mod:`canasta.ai.r1.policy`)."""
    if discards is None:
        discards, pile = discard_scores, pile_value
    own = game_policy(v.rules)
    if own is not None:
        return own.medium_scores(v, legal)
    phase = v.phase
    scores = [0.0] * len(legal)
    if phase == DRAW:
        draw_value = DRAW_VALUE * v.rules.draw_count
        for i, a in enumerate(legal):
            t = type(a)
            if t is Draw:
                scores[i] = draw_value
            elif t is TakePile:
                scores[i] = take_score(v, a)
            elif t is Pass:
                scores[i] = 0.0
        return scores
    if phase == ANSWER:
        asker = v.turn
        ok, margin = should_go_out(v, asker, 0.0)
        # the asker's hand will be melded: count it as gained, roughly
        ok = ok or margin + hand_estimate(v, asker) > -100
        for i, a in enumerate(legal):
            scores[i] = 1.0 if (type(a) is Answer and a.yes == ok) else 0.0
        return scores
    if phase != PLAY:
        return scores
    hand_len = len(v.hand)
    discard_actions = [a for a in legal if type(a) is Discard]
    want_out: Optional[bool] = None
    for i, a in enumerate(legal):
        t = type(a)
        if t is Discard:
            continue  # below
        elif t is Meld:
            used = sum(len(g.cards) for g in a.groups)
            if hand_len - used <= 1:
                gain = groups_gain(v, a.groups)
                if want_out is None:
                    want_out = should_go_out(v, v.seat, gain)[0] or v.permission is True
                scores[i] = 6000.0 + gain if want_out else NEG
            else:
                ms = meld_score(v, a)
                # worth doing: before any discard; not worth it: only if nothing else is legal
                scores[i] = 1000.0 + ms if ms > 0 else -1e6 + ms
        elif t is Ask:
            out_meld = next((b for b in legal if type(b) is Meld
                             and hand_len - sum(len(g.cards) for g in b.groups) <= 1), None)
            gain = groups_gain(v, out_meld.groups) if out_meld is not None else 0.0
            margin = going_out_margin(v, v.seat, gain)
            # in doubt, ask: the partner knows its own hand
            scores[i] = 20000.0 if (-250.0 < margin < 100.0 and threat(v) < 0.75) else NEG
        else:
            scores[i] = NEG
    if discard_actions:
        if best_only and hand_len > 1:
            others = [scores[i] for i, a in enumerate(legal) if type(a) is not Discard]
            ceiling = _DISCARD_CEILING
            if (v.seat + 1) % v.players % v.teams == v.team:
                ceiling += 0.3 * pile(v, 1)
            if others and max(others) > ceiling:
                for i, a in enumerate(legal):
                    if type(a) is Discard:
                        scores[i] = NEG
                return scores
        dscores = dict(zip((a.card for a in discard_actions), discards(v, discard_actions)))
        for i, a in enumerate(legal):
            if type(a) is Discard:
                s = dscores[a.card]
                if hand_len == 1:
                    s += 5000.0  # the last card: going out
                scores[i] = s - 1000.0  # melds worth making come first
    return scores


def meld_score(v: Observation, a: Meld) -> float:
    """Positive when the melding action is worth doing now (then the best one is played);
    negative otherwise."""
    team = v.team
    late = v.stock_size < 10 or threat(v) >= 0.75
    if not v.melds[team]:
        wilds = sum(1 for g in a.groups for c in g.cards if WILD_OF[c])
        cards = sum(len(g.cards) for g in a.groups)
        left = len(v.hand) - cards
        return 200.0 - 25.0 * wilds - 2.0 * cards - (30.0 if left < 3 else 0.0)
    total = 0.0
    full = v.rules.canasta_size
    sc = v.rules.scoring
    for g in a.groups:
        cards = g.cards
        nat = sum(1 for c in cards if not WILD_OF[c])
        wild = len(cards) - nat
        existing = onto_meld(v, team, g.onto)
        kind = existing.kind if existing is not None else new_meld_kind(cards)
        if kind == "sequence":
            # a run toward a samba: every card counts, the seventh most of all
            size = len(existing.cards) if existing is not None else 0
            after = size + len(cards)
            s = SEQ_CARD * nat + (NEW_SEQ if existing is None else 0.0)
            if size < full <= after:
                s += float(canasta_value(v.rules, "samba"))
            total += s
            continue
        if kind == "wild":
            # Bolivia: wild cards alone, worth it only to finish a bolivia or late
            size = len(existing.cards) if existing is not None else 0
            after = size + len(cards)
            if after >= full > size:
                s = float(canasta_value(v.rules, "bolivia"))
            elif late:
                s = 5.0 * wild
            else:
                s = -NEW_WILD * wild
            total += s
            continue
        if existing is not None:
            size = len(existing.cards)
            after = size + len(cards)
            s = 10.0 * nat
            if size < full <= after:
                s += float(sc.mixed_canasta if (existing.wilds + wild) else sc.natural_canasta)
            if wild:
                if size >= full and existing.wilds == 0:
                    s -= 400.0  # would spoil a natural canasta
                elif size < full <= after:
                    s += 0.0
                elif late:
                    s += 5.0 * wild
                elif wilds_finish(v, existing, after):
                    s += 40.0 * wild  # the wild cards in hand finish this canasta now
                else:
                    s -= 60.0 * wild
            total += s
        else:
            s = 8.0 * nat + 20.0
            if wild:
                s += -NEW_WILD * wild if not late else 5.0 * wild
                if len(v.hand) - len(cards) < 4 and not late:
                    s -= 20.0
            total += s
    return total


def _best(legal: Sequence[Action], scores: Sequence[float]) -> Action:
    """The first of the highest-scoring actions."""
    best = 0
    for i in range(1, len(legal)):
        if scores[i] > scores[best]:
            best = i
    return legal[best]


def medium_choose(v: Observation, legal: Sequence[Action], scores=None) -> Action:
    """The medium player's move (``scores``: another scoring than :func:`medium_scores`,
    the previous release's)."""
    if len(legal) == 1:
        return legal[0]
    choose = getattr(game_policy(v.rules), "medium_choose", None)
    if choose is not None:
        return choose(v, legal)
    return _best(legal, (scores or medium_scores)(v, legal, best_only=True))


# ---------------------------------------------------------------------------
# easy
# ---------------------------------------------------------------------------

def easy_scores(v: Observation, legal: Sequence[Action]) -> list[float]:
    own = game_policy(v.rules)
    if own is not None:
        return own.easy_scores(v, legal)
    scores = [0.0] * len(legal)
    hand_len = len(v.hand)
    for i, a in enumerate(legal):
        t = type(a)
        if t is Draw:
            scores[i] = 10.0
        elif t is TakePile:
            wilds = sum(1 for c in a.with_cards if WILD_OF[c])
            scores[i] = 20.0 if (not wilds or v.pile_size >= 4) else 5.0
        elif t is Pass:
            scores[i] = 0.0
        elif t is Answer:
            scores[i] = 1.0 if a.yes else 0.0
        elif t is Ask:
            scores[i] = NEG
        elif t is Meld:
            used = sum(len(g.cards) for g in a.groups)
            if hand_len - used <= 1:
                scores[i] = 5000.0  # out at once
                continue
            nat = sum(1 for g in a.groups for c in g.cards if not WILD_OF[c])
            if nat == 0:
                scores[i] = NEG  # keeps its wild cards in hand
            else:
                scores[i] = 100.0 + used
        elif t is Discard:
            c = a.card
            k = KIND_OF[c]
            if hand_len == 1:
                scores[i] = 6000.0
                continue
            keep = easy_keep(v, c)
            if not WILD_OF[c] and k != BLACK3:
                if v.meld_of(v.team, k) is not None:
                    keep += 30.0
                nxt_team = (v.seat + 1) % v.players % v.teams
                if nxt_team != v.team and not v.pile_frozen_for(nxt_team) and v.meld_of(nxt_team, k) is not None:
                    keep += 45.0  # the next player could put it on their meld and take the pile
            scores[i] = -keep
        else:
            scores[i] = 0.0
    return scores


def easy_keep(v: Observation, card: int) -> float:
    """What the easy player loses by throwing ``card``, from its own hand only: a wild card
    dearly, a black three hardly, a natural by the copies of its kind it holds."""
    if WILD_OF[card]:
        return 500.0
    k = KIND_OF[card]
    if k == BLACK3:
        return 1.0
    return 30.0 * (v.counts[k] - 1) + POINTS_OF[card] / 10.0


def easy_choose(v: Observation, legal: Sequence[Action]) -> Action:
    if len(legal) == 1:
        return legal[0]
    choose = getattr(game_policy(v.rules), "easy_choose", None)
    if choose is not None:
        return choose(v, legal)
    return _best(legal, easy_scores(v, legal))


def trivial(legal: Sequence[Action]) -> Optional[Action]:
    """The action to play without thinking, if there is one."""
    if len(legal) == 1:
        return legal[0]
    if legal and type(legal[0]) is NextDeal:
        return legal[0]
    return None
