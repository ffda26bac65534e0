"""Release 1 (before issue #15) of the medium player, for the arena's ``medium-r1``
(and the rollouts of ``hard-r1``). Not offered at the table.

Only what #15 changed is kept here as it was released (the pile's danger and worth,
the keep value of a card, the discard and action scores); everything else is the
current :mod:`canasta.ai.policy`, unchanged since. ``tests/ai/test_previous_release.py``
holds fingerprints of this player's play taken at 6506fad, so a later change to a
shared helper that would alter it fails there.
"""

from __future__ import annotations

from typing import Optional, Sequence

from ...engine.actions import Action, Answer, Ask, Discard, Draw, Meld, Pass, TakePile
from ...engine.cards import BLACK3, JOKER, KIND_OF, POINTS_OF, RED3, SUIT_OF, TWO, WILD_OF
from ...engine.observe import Observation
from ...engine.state import ANSWER, DRAW, PLAY
from ..policy import (_DISCARD_CEILING, DRAW_VALUE, FREEZE_ONLY_BEHIND, FREEZE_PILE, KEEP_MELDED,
                      KEEP_PAIR, KEEP_SEQ_NEIGHBOUR, KEEP_SINGLE, KEEP_SINGLE_UNSEEN, KEEP_TRIPLE, NEG,
                      POINTS_OF_KIND, W_PILE_CARD, _best, _p_at_least, _suit_ranks, extends_sequence,
                      game_policy, going_out_margin, groups_gain, hand_estimate, has_sequences, meld_score,
                      should_go_out, take_score, threat)

W_DANGER = 1.0          # release 1's weight of the danger of feeding the pile


def take_chance(v: Observation, seat: int, kind: int, pile_frozen: Optional[bool] = None,
                card: Optional[int] = None) -> float:
    """How likely ``seat`` can take the pile if a card of ``kind`` is on top."""
    if kind == TWO or kind == JOKER or kind == BLACK3 or kind == RED3:
        return 0.0
    if v.rules.black_three_freezes and kind == BLACK3:
        return 0.0
    t = seat % v.teams
    frozen = v.pile_frozen_for(t) if pile_frozen is None else (pile_frozen or v.pile_frozen_for(t))
    unseen = v.unseen_by_kind()
    pool = max(1, v.unseen_total())
    h = v.hidden_hand(seat)
    have = v.known_count(seat, kind)
    u = unseen[kind]
    if have >= 2:
        pair = 1.0
    else:
        pair = _p_at_least(u, pool, h, 2 - have)
    if has_sequences(v.rules):
        # Samba: a natural pair, or (not frozen) the top card onto a meld that is not a canasta
        if not frozen:
            for m in v.melds[t]:
                if m.kind == "group" and m.rank == kind and m.canasta is None:
                    return 1.0
            if card is not None and v.rules.take_onto_sequence and extends_sequence(v, t, card):
                return 1.0
        chance = pair
    elif frozen:
        chance = pair
    else:
        if v.meld_of(t, kind) is not None:
            return 1.0
        wild_known = any(WILD_OF[c] for c in v.known[seat])
        one = 1.0 if have >= 1 else _p_at_least(u, pool, h, 1)
        wild = 1.0 if wild_known else _p_at_least(unseen[TWO] + unseen[JOKER], pool, h, 1)
        chance = pair + (one - pair) * wild
    if not v.melds[t]:
        # the take must also be the side's initial meld
        need = v.minimums[t]
        if 3 * POINTS_OF_KIND(kind) < need:
            chance *= 0.35
    return min(1.0, chance)


def pile_value(v: Observation, extra: int = 0) -> float:
    """What the discard pile is worth to whoever takes it (in points of table value)."""
    size = v.pile_size + extra
    wild = sum(1 for c in v.sideways if WILD_OF[c])
    return W_PILE_CARD * size + 30.0 * wild


def keep_value(v: Observation, card: int) -> float:
    """How much the player loses by throwing ``card`` (before any danger)."""
    k = KIND_OF[card]
    cnt = v.counts
    if k == TWO or k == JOKER:
        return 400.0 + POINTS_OF[card]
    if k == BLACK3:
        return -15.0  # a stopper: the next player cannot take the pile
    team = v.team
    n = cnt[k]
    late = v.stock_size < 12 or threat(v) >= 0.75
    seqs = has_sequences(v.rules)
    if v.meld_of(team, k) is not None or (seqs and extends_sequence(v, team, card)):
        base = KEEP_MELDED  # it could go on the meld (it was held back for a reason)
    elif n >= 3:
        base = KEEP_TRIPLE
    elif n == 2:
        base = KEEP_PAIR
    else:
        unseen = v.unseen_by_kind()[k]
        base = KEEP_SINGLE + KEEP_SINGLE_UNSEEN * unseen  # a singleton is worth more while its rank is still around
    if seqs:
        # Samba: neighbours of its suit in hand make a sequence (and a samba is worth 1,500)
        have = _suit_ranks(v)
        s = SUIT_OF[card]
        near = sum(1 for d in (-2, -1, 1, 2) if (k + d, s) in have)
        base += KEEP_SEQ_NEIGHBOUR * near
    # points in hand count against us if the deal ends soon
    base -= POINTS_OF[card] * (0.8 if late else 0.15)
    return base


def discard_scores(v: Observation, options: Sequence[Discard]) -> list[float]:
    """Higher is better: minus (what we lose by throwing it + what it gives away)."""
    n = v.players
    nxt = (v.seat + 1) % n
    opp_next = nxt % v.teams != v.team
    big = pile_value(v, 1)
    behind = going_out_margin(v, v.seat) < -100 or v.scores[v.team] < max(v.scores) - 500
    out = []
    for a in options:
        c = a.card
        k = KIND_OF[c]
        score = -keep_value(v, c)
        if opp_next:
            score -= W_DANGER * take_chance(v, nxt, k, card=c) * big
        else:
            score += 0.3 * take_chance(v, nxt, k) * big
        if (WILD_OF[c] and opp_next and not v.frozen and v.pile_size >= FREEZE_PILE
                and (behind or not FREEZE_ONLY_BEHIND)):
            # freezing a big pile the next opponent is close to taking
            worst = 0.0
            for b in options:
                if not WILD_OF[b.card] and KIND_OF[b.card] != BLACK3:
                    worst = max(worst, take_chance(v, nxt, KIND_OF[b.card], card=b.card))
            if worst > 0.4:
                score += 250.0 if k == TWO else 200.0
        out.append(score)
    return out


def medium_scores(v: Observation, legal: Sequence[Action], best_only: bool = False) -> list[float]:
    """A score for each legal action (the medium player plays the highest).

    ``best_only``: only the highest matters (the medium player's choice): when a meld
    or an ask already scores above anything a discard can, the discards are not scored
    (they get ``NEG``), which changes no choice."""
    if v.rules.foot_size:   # Hand and Foot: its own heuristics
        from ..handfoot import medium_scores as hand_and_foot_scores
        return hand_and_foot_scores(v, legal)
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
    discards = [a for a in legal if type(a) is Discard]
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
    if discards:
        if best_only and hand_len > 1:
            others = [scores[i] for i, a in enumerate(legal) if type(a) is not Discard]
            ceiling = _DISCARD_CEILING
            if (v.seat + 1) % v.players % v.teams == v.team:
                ceiling += 0.3 * pile_value(v, 1)
            if others and max(others) > ceiling:
                for i, a in enumerate(legal):
                    if type(a) is Discard:
                        scores[i] = NEG
                return scores
        dscores = dict(zip((a.card for a in discards), discard_scores(v, discards)))
        for i, a in enumerate(legal):
            if type(a) is Discard:
                s = dscores[a.card]
                if hand_len == 1:
                    s += 5000.0  # the last card: going out
                scores[i] = s - 1000.0  # melds worth making come first
    return scores


def medium_choose(v: Observation, legal: Sequence[Action]) -> Action:
    if len(legal) == 1:
        return legal[0]
    own = game_policy(v.rules)
    if own is not None:
        return own.medium_choose(v, legal)
    return _best(legal, medium_scores(v, legal, best_only=True))
