"""The computer players' Modern American Canasta (RULES-variants.md 10.1).

Registered for the game in ``canasta/ai/__init__.py`` (:mod:`canasta.ai.plugins`);
:mod:`canasta.ai.policy` hands it the decisions of Easy and Medium (and so of Hard's simulations), :mod:`search`
its evaluation of a position and :mod:`explain` its hint sentences.

What matters in this game, and what the players weigh: laying threes at once (a free
replacement, and their colour tables), a special hand when the hand is one, melds of
sevens and pure aces (2,500 when complete, -2,500 when not: started only with enough
of the rank in sight, fed first, and no going out while one is unfinished unless the
other side's risk is as large), wild melds (started only with five wild cards), the
always-frozen pile (taken with a natural pair whenever it brings cards), and
discards that the next side cannot take (a rank whose meld they closed or hold five
of, a rank just thrown).
"""

from __future__ import annotations

from typing import Optional, Sequence

from ..engine.actions import Action, Answer, Ask, Discard, Draw, Meld, NextDeal, Pass, TakePile
from ..engine.cards import BLACK3, JOKER, KIND_OF, RED3, TWO, WILD_OF, describe
from ..engine.observe import Observation
from ..engine.state import ANSWER, DRAW, PLAY
from ..engine.variants import american as G
from ..engine.variants.american_melds import kind_after
from ..i18n import N_, Text, t, tn
from .phrases import Grouped, rank_word, ranks_word, said

NEG = -1e9
V = G.VALUE_OF
FULL = G.CANASTA_SIZE


# ---------------------------------------------------------------------------
# what a side risks and holds
# ---------------------------------------------------------------------------

def risk(v, team: int) -> int:
    """What the side's unfinished sevens, pure aces and wild melds cost if the deal
    ended now (negative)."""
    return sum(G.at_risk(m) for m in v.melds[team])


def _opp_team(v: Observation) -> int:
    return (v.team + 1) % v.teams


def _meld(v: Observation, team: int, onto):
    if onto is None:
        return None
    for m in v.melds[team]:
        if m.id == onto:
            return m
    return None


def _rank_of(cards) -> int:
    for c in cards:
        if not WILD_OF[c]:
            return KIND_OF[c]
    return 0


def _reachable(v: Observation, rank: int, have: int) -> float:
    """How likely a meld of ``rank`` holding ``have`` (on the table and in hand) reaches
    seven: the unseen cards of the rank against what is missing."""
    need = FULL - have
    if need <= 0:
        return 1.0
    unseen = v.unseen_by_kind()[rank]
    if unseen < need:
        return 0.0
    return min(1.0, 0.25 + 0.75 * (unseen - need + 1) / (unseen + 1))


def _kind7(kind: str, rank: int, wilds: int) -> str:
    """The canasta kind of a meld like this once it holds seven cards."""
    return kind_after(kind, rank, G.CANASTA_SIZE, wilds)


def _late(v: Observation) -> bool:
    return v.stock_size < 12 or min(v.hand_sizes[s] for s in v.opponents()) <= 2


# ---------------------------------------------------------------------------
# going out
# ---------------------------------------------------------------------------

def want_out(v: Observation, gain_kinds: Sequence[str] = ()) -> bool:
    """Go out now? Not while the side has an unfinished sevens, aces or wild meld that
    costs more than the other side's, unless the deal is ending anyway."""
    own = risk(v, v.team)
    if own == 0:
        return True
    return own >= risk(v, _opp_team(v)) or v.stock_size < 6


def _out_risk_after(v: Observation, groups) -> int:
    """The side's risk once ``groups`` are melded (melds made complete by them are safe)."""
    total = 0
    done = {}
    for g in groups:
        m = _meld(v, v.team, g.onto)
        if m is not None:
            done[m.id] = len(m.cards) + len(g.cards)
        else:
            rank = _rank_of(g.cards)
            if len(g.cards) < FULL and (rank == 7 or (rank == 14 and not any(WILD_OF[c] for c in g.cards))
                                        or rank == 0):
                total += G.UNFINISHED_WILD if rank == 0 else G.UNFINISHED_SEVENS
    for m in v.melds[v.team]:
        size = done.get(m.id, len(m.cards))
        if size < FULL:
            total += G.at_risk(m)
    return total


# ---------------------------------------------------------------------------
# scoring the moves (Medium)
# ---------------------------------------------------------------------------

def take_score(v: Observation, a: TakePile) -> float:
    gained = v.pile_size - 1
    s = 20.0 + 14.0 * gained
    top = v.pile_top
    rank = KIND_OF[top] if top is not None else 0
    m = _meld(v, v.team, a.onto)
    if m is not None and m.canasta is None:
        after = len(m.cards) + 1 + len(a.with_cards)
        if after >= FULL:
            s += G.canasta_bonus(_kind7(m.kind, m.rank, m.wilds), v.rules)
        if G.at_risk(m):
            s += 200.0
    elif rank in (7, 14):
        have = len(a.with_cards) + 1
        sure = _reachable(v, rank, have + v.counts[rank] - len(a.with_cards)) > 0.75 and v.stock_size >= 25
        s -= 0.0 if sure else 400.0
    s -= 6.0 * sum(len(g.cards) for g in a.melds)
    return s


def meld_score(v: Observation, a: Meld) -> float:
    """Positive when the melding action is worth making now."""
    team = v.team
    late = _late(v)
    hand = len(v.hand)
    used = sum(len(g.cards) for g in a.groups)
    left = hand - used
    if not v.melds[team]:
        wilds = sum(1 for g in a.groups for c in g.cards if WILD_OF[c])
        s = 300.0 - 25.0 * wilds - 3.0 * used - (40.0 if left < 3 else 0.0)
        for g in a.groups:
            rank = _rank_of(g.cards)
            if rank == 7 or (rank == 14 and not any(WILD_OF[c] for c in g.cards)):
                if len(g.cards) < FULL and (_reachable(v, rank, len(g.cards)) < 0.75 or v.stock_size < 25):
                    s -= 400.0   # an unfinished sevens or aces meld costs 2,500
            if rank == 0:
                s -= 400.0
        return s
    total = 0.0
    for g in a.groups:
        cards = g.cards
        nat = sum(1 for c in cards if not WILD_OF[c])
        wild = len(cards) - nat
        m = _meld(v, team, g.onto)
        if m is not None:
            size = len(m.cards)
            after = size + len(cards)
            if m.kind == "wild":
                s = 120.0 * wild
                if after >= FULL:
                    s += 2000.0
                total += s
                continue
            s = 12.0 * nat
            if G.at_risk(m):
                s += 150.0 * nat
            if after >= FULL:
                kind = "mixed" if (m.wilds + wild) else ("sevens" if m.rank == 7 else "aces" if m.rank == 14
                                                         else "natural")
                s += G.canasta_bonus(kind, v.rules)
            elif wild:
                if after >= FULL - 1 or late:
                    s += 10.0 * wild
                else:
                    s -= 45.0 * wild
            total += s
        else:
            rank = _rank_of(cards)
            if rank == 0:
                # a new wild meld: -2,000 unless finished, so only with many wild cards
                wilds_held = v.counts[TWO] + v.counts[JOKER]
                total += (150.0 if wilds_held >= 5 and not late else -400.0) + (2000.0 if len(cards) >= FULL else 0)
                continue
            s = 25.0 + 8.0 * nat
            if len(cards) >= FULL:
                s += G.canasta_bonus(_kind7("group", rank, wild), v.rules)
            elif rank == 7 or (rank == 14 and not wild):
                p = _reachable(v, rank, nat)
                s += -300.0 if (p < 0.75 or late or v.stock_size < 25) else 60.0
            if wild:
                s -= (35.0 if not late else 0.0) * wild
            total += s
    if left < 3 and not late:
        total -= 30.0
    return total


def discard_keep(v: Observation, card: int) -> float:
    """How much the seat wants to keep ``card`` (the lowest is discarded)."""
    k = KIND_OF[card]
    if WILD_OF[card]:
        return 1000.0
    n = v.counts[k]
    keep = 30.0 * (n - 1) + V[card] / 10.0
    own = [m for m in v.melds[v.team] if m.kind == "group" and m.rank == k]
    if any(m.canasta is None for m in own):
        keep += 40.0
        if any(G.at_risk(m) for m in own):
            keep += 400.0
    if k in (7, 14) and not own:
        # sevens and aces: worth 2,500 as a canasta, -1,500 when three are held at the end
        if n >= 3 and (_reachable(v, k, n) < 0.75 or v.stock_size < 25):
            keep -= 120.0   # not enough in sight: thin them out
        elif n == 1:
            keep -= 15.0
        else:
            keep += 20.0
    opp = _opp_team(v)
    safe = False
    for m in v.melds[opp]:
        if m.kind == "group" and m.rank == k and (m.canasta is not None or len(m.cards) >= 5):
            safe = not v.rules.second_meld_after_canasta or m.canasta is None
    if not safe and v.pile:
        recent = [c for c in v.pile[-3:] if KIND_OF[c] == k]
        safe = bool(recent)
    if safe:
        keep -= 35.0
    else:
        keep += 3.0 * min(v.pile_size, 15)
    if n >= 3 and k in (7, 14):
        keep += 0.0
    return keep


def medium_scores(v: Observation, legal: Sequence[Action]) -> list[float]:
    scores = [0.0] * len(legal)
    phase = v.phase
    if phase == ANSWER:
        ok = want_out(v)
        return [1.0 if (type(a) is Answer and a.yes == ok) else 0.0 for a in legal]
    if phase == DRAW:
        for i, a in enumerate(legal):
            t = type(a)
            if t is G.LayThrees:
                scores[i] = 5000.0
            elif t is Draw:
                scores[i] = 12.0
            elif t is TakePile:
                scores[i] = take_score(v, a)
            elif t is Pass:
                scores[i] = 0.0
        return scores
    if phase != PLAY:
        return scores
    hand = len(v.hand)
    outing: Optional[bool] = None
    for i, a in enumerate(legal):
        t = type(a)
        if t is G.LaySpecial:
            scores[i] = 50000.0
        elif t is G.LayThrees:
            scores[i] = 20000.0
        elif t is Discard:
            s = -discard_keep(v, a.card)
            if hand == 1:
                s += 10000.0
            scores[i] = s - 2000.0
        elif t is Meld:
            used = sum(len(g.cards) for g in a.groups)
            if hand - used <= 1:
                if outing is None:
                    after = _out_risk_after(v, a.groups)
                    outing = after == 0 or after >= risk(v, _opp_team(v)) or v.stock_size < 6 \
                        or v.permission is True
                scores[i] = 9000.0 + used if outing else NEG
            else:
                ms = meld_score(v, a)
                scores[i] = 1000.0 + ms if ms > 0 else -1e6 + ms
        elif t is Ask:
            scores[i] = NEG
        else:
            scores[i] = NEG
    return scores


def _best(legal, scores):
    best = 0
    for i in range(1, len(legal)):
        if scores[i] > scores[best]:
            best = i
    return legal[best]


def medium_choose(v: Observation, legal: Sequence[Action]) -> Action:
    if len(legal) == 1:
        return legal[0]
    return _best(legal, medium_scores(v, legal))


# ---------------------------------------------------------------------------
# Easy: lays what it can, goes out as soon as it can
# ---------------------------------------------------------------------------

def easy_scores(v: Observation, legal: Sequence[Action]) -> list[float]:
    scores = [0.0] * len(legal)
    hand = len(v.hand)
    for i, a in enumerate(legal):
        t = type(a)
        if t is G.LaySpecial:
            scores[i] = 50000.0
        elif t is G.LayThrees:
            scores[i] = 20000.0
        elif t is Draw:
            scores[i] = 10.0
        elif t is TakePile:
            top = KIND_OF[v.pile_top] if v.pile_top is not None else 0
            new_risky = top in (7, 14) and a.onto is None and v.counts[top] < 4
            scores[i] = NEG if new_risky else 20.0 if v.pile_size >= 2 else 5.0
        elif t is Answer:
            scores[i] = 1.0 if a.yes else 0.0
        elif t is Meld:
            used = sum(len(g.cards) for g in a.groups)
            if hand - used <= 1:
                scores[i] = 9000.0
                continue
            nat = sum(1 for g in a.groups for c in g.cards if not WILD_OF[c])
            risky = any(g.onto is None and len(g.cards) < FULL
                        and (_rank_of(g.cards) in (0, 7) or (_rank_of(g.cards) == 14
                                                             and not any(WILD_OF[c] for c in g.cards)))
                        and v.counts[_rank_of(g.cards)] < 5
                        for g in a.groups)
            # never starts a sevens, pure aces or wild meld it cannot nearly fill
            scores[i] = NEG if (risky or not nat) else 100.0 + used
        elif t is Discard:
            c = a.card
            if hand == 1:
                scores[i] = 10000.0
                continue
            k = KIND_OF[c]
            keep = 1000.0 if WILD_OF[c] else 30.0 * (v.counts[k] - 1) + V[c] / 10.0
            if k in (7, 14) and v.counts[k] >= 3 and v.meld_of(v.team, k) is None:
                keep = 0.0   # three sevens or aces held at the end cost 1,500
            scores[i] = -keep
        elif t is Pass:
            scores[i] = 0.0
        else:
            scores[i] = NEG
    return scores


def easy_choose(v: Observation, legal: Sequence[Action]) -> Action:
    if len(legal) == 1:
        return legal[0]
    return _best(legal, easy_scores(v, legal))


# ---------------------------------------------------------------------------
# Hard's evaluation of a simulated position
# ---------------------------------------------------------------------------

_PROGRESS = {3: 0.12, 2: 0.25, 1: 0.45}


def evaluate(st) -> list[float]:
    """Each side's expected points for the deal from here: its score if the deal ended
    now with no one out, the unfinished melds' risk softened by how near they are, and
    part of a canasta's bonus for a meld near seven."""
    if st.result is not None:
        return [float(x) for x in st.result.scores]
    _items, lines = G.score(st, None, False)
    out = []
    for team, team_lines in enumerate(lines):
        val = 0.0
        for line in team_lines:
            if line.label.startswith("Unfinished"):
                val += 0.7 * line.points
            elif line.label == "Cards left in hand":
                val += 0.7 * line.points
            else:
                val += line.points
        for m in st.melds[team]:
            if m.canasta is None and m.kind != "special":
                short = FULL - len(m.cards)
                p = _PROGRESS.get(short, 0.0)
                if G.at_risk(m):
                    val += p * (2500.0 + 0.7 * 2500.0)
                else:
                    val += p * 300.0
        out.append(val)
    return out


# ---------------------------------------------------------------------------
# the hint's sentence
# ---------------------------------------------------------------------------

#: the special hands' names in a sentence ("as a special hand, seven pairs")
_SPECIAL_WORDS = {"straight": N_("straight"), "pairs": N_("seven pairs"), "pairs_wild": N_("pairs with wilds"),
                  "garbage": N_("garbage")}


def explain(v: Observation, action: Action, legal=None) -> str:
    """The hint's sentence for ``action`` in Modern American (made by
    :func:`canasta.ai.phrases.said`: the move, then its reason)."""
    kind = type(action)
    if kind is G.LaySpecial:
        name = G.special_hand(v.hand) or "straight"
        _words, pts = G.SPECIAL_HANDS[name]
        return said(t("Lay your hand down as a special hand, {hand}", hand=Text(_SPECIAL_WORDS.get(name, name))),
                    t("{points} points, and the deal ends", points=Grouped(pts)))
    if kind is G.LayThrees:
        n = len(action.cards)
        return said(tn("Lay this three in your side's area", "Lay these {count} threes in your side's area", n),
                    Text(N_("each is replaced from the stock, and they score by colour (plus with two canastas)")))
    if kind is Draw:
        head = Text(N_("Draw from the stock"))
        if v.pile_top is None:
            return said(head, Text(N_("the pile is empty")))
        if WILD_OF[v.pile_top]:
            return said(head, Text(N_("a wild card on top of the pile stops anyone from taking it")))
        k = KIND_OF[v.pile_top]
        if legal is not None and not any(type(a) is TakePile for a in legal):
            return said(head, t("the pile is always frozen and you hold no natural pair of {ranks} that may take it",
                                ranks=ranks_word(k)))
        return said(head, t("taking the {rank} would cost more than it brings", rank=rank_word(k)))
    if kind is TakePile:
        k = KIND_OF[v.pile_top] if v.pile_top is not None else 0
        if action.melds:
            head = t("Take the pile after melding enough from your hand with your pair of {ranks}", ranks=ranks_word(k))
        else:
            head = t("Take the pile with your pair of {ranks}", ranks=ranks_word(k))
        return said(head, tn("{count} more card to build canastas with", "{count} more cards to build canastas with",
                             v.pile_size - 1))
    if kind is Pass:
        return said(Text(N_("Pass")), Text(N_("the stock is empty and taking the pile would not help, so the deal ends")))
    if kind is Ask:
        return said(Text(N_("Ask your partner whether you may go out")))
    if kind is Answer:
        if action.yes:
            return said(Text(N_("Say yes")), Text(N_("your side has nothing unfinished that going out would cost")))
        return said(Text(N_("Say no")), Text(N_("an unfinished sevens, aces or wild meld would cost your side dearly")))
    if kind is Meld:
        return _meld_sentence(v, action)
    if kind is Discard:
        return _discard_sentence(v, action)
    if kind is NextDeal:
        return said(Text(N_("Deal the next hand")))
    return ""


def _meld_sentence(v: Observation, action: Meld) -> str:
    used = sum(len(g.cards) for g in action.groups)
    if len(v.hand) - used <= 1:
        return said(Text(N_("Meld all but one card and discard the last")),
                    Text(N_("your side has its canastas, so you go out")))
    if not v.melds[v.team]:
        pts = sum(V[c] for g in action.groups for c in g.cards)
        return said(Text(N_("Make your side's first meld")),
                    t("{points} points with a natural trio, enough for the {minimum} you need", points=pts,
                      minimum=v.minimums[v.team]))
    for g in action.groups:
        m = _meld(v, v.team, g.onto)
        rank = m.rank if m is not None else _rank_of(g.cards)
        size = len(g.cards) + (len(m.cards) if m is not None else 0)
        if m is not None and m.kind == "wild" or (m is None and rank == 0):
            if size >= FULL:
                return said(Text(N_("Complete the wild meld")),
                            t("seven wild cards are a wild canasta, at least {points}", points=Grouped(2000)))
            return said(Text(N_("Build the wild meld")),
                        tn("{count} more wild card makes it a canasta (unfinished it costs {points})",
                           "{count} more wild cards make it a canasta (unfinished it costs {points})", FULL - size,
                           points=Grouped(2000)))
        if size >= FULL:
            special = rank == 7 or (rank == 14 and not (m.wilds if m else 0) and not any(WILD_OF[c] for c in g.cards))
            if special:
                return said(t("Complete the {ranks}", ranks=ranks_word(rank)),
                            t("a canasta of {ranks} is worth {points}", ranks=ranks_word(rank), points=Grouped(2500)))
            return said(t("Complete the canasta of {ranks}", ranks=ranks_word(rank)), Text(N_("it closes at seven")))
        if rank == 7 or (rank == 14 and m is not None and m.wilds == 0):
            return said(t("Add to the {ranks}", ranks=ranks_word(rank)),
                        tn("{count} more make {points}, and an unfinished meld of them costs {points}",
                           "{count} more make {points}, and an unfinished meld of them costs {points}", FULL - size,
                           points=Grouped(2500)))
    rank = _rank_of(action.groups[0].cards)
    return said(t("Meld the {ranks}", ranks=ranks_word(rank)),
                Text(N_("cards on the table count for your side, in hand against it")))


def _discard_sentence(v: Observation, action: Discard) -> str:
    c = action.card
    k = KIND_OF[c]
    if len(v.hand) == 1:
        return said(t("Discard {card} to go out", card=describe(c)))
    if WILD_OF[c]:
        return said(Text(N_("Discard a wild card")), Text(N_("nothing else in your hand may be discarded")))
    head = t("Discard {card}", card=describe(c))
    opp = _opp_team(v)
    for m in v.melds[opp]:
        if m.kind == "group" and m.rank == k and (m.canasta is not None or len(m.cards) >= 5):
            return said(head, t("the other side's {ranks} are full or nearly, so they cannot take the pile with it",
                                ranks=ranks_word(k)))
    if v.counts[k] == 1:
        return said(head, Text(N_("a single card that no meld of yours is waiting for")))
    return said(head, Text(N_("it helps your hand least")))


_ = (BLACK3, RED3)
