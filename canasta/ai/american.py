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
from ..engine.cards import BLACK3, JOKER, KIND_OF, PLURAL_NAMES, RANK_NAMES, RED3, TWO, WILD_OF, describe
from ..engine.observe import Observation
from ..engine.state import ANSWER, DRAW, PLAY
from ..engine.variants import american as G
from ..engine.variants.american_melds import kind_after

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

def _plural(rank: int) -> str:
    return PLURAL_NAMES.get(rank, "cards")


def explain(v: Observation, action: Action, legal=None) -> str:
    t = type(action)
    if t is G.LaySpecial:
        name = G.special_hand(v.hand) or "straight"
        words, pts = G.SPECIAL_HANDS[name]
        return f"Lay your hand down as a special hand, {words.lower()}: {pts:,} points, and the deal ends."
    if t is G.LayThrees:
        n = len(action.cards)
        what = "this three" if n == 1 else f"these {n} threes"
        return (f"Lay {what} in your side's area: each is replaced from the stock, and they score "
                "by colour (plus with two canastas).")
    if t is Draw:
        if v.pile_top is None:
            return "Draw from the stock: the pile is empty."
        if WILD_OF[v.pile_top]:
            return "Draw from the stock: a wild card on top of the pile stops anyone from taking it."
        k = KIND_OF[v.pile_top]
        if legal is not None and not any(type(a) is TakePile for a in legal):
            return (f"Draw from the stock: the pile is always frozen and you hold no natural pair of "
                    f"{_plural(k)} that may take it.")
        return f"Draw from the stock: taking the {RANK_NAMES.get(k, 'card')} would cost more than it brings."
    if t is TakePile:
        k = KIND_OF[v.pile_top] if v.pile_top is not None else 0
        first = " after melding enough from your hand" if action.melds else ""
        return (f"Take the pile{first} with your pair of {_plural(k)}: {v.pile_size - 1} more cards "
                "to build canastas with.")
    if t is Pass:
        return "Pass: the stock is empty and taking the pile would not help, so the deal ends."
    if t is Ask:
        return "Ask your partner whether you may go out."
    if t is Answer:
        if action.yes:
            return "Say yes: your side has nothing unfinished that going out would cost."
        return "Say no: an unfinished sevens, aces or wild meld would cost your side dearly."
    if t is Meld:
        used = sum(len(g.cards) for g in action.groups)
        if len(v.hand) - used <= 1:
            return "Meld all but one card and discard the last: your side has its canastas, so you go out."
        if not v.melds[v.team]:
            pts = sum(V[c] for g in action.groups for c in g.cards)
            return (f"Make your side's first meld: {pts} points with a natural trio, enough for the "
                    f"{v.minimums[v.team]} you need.")
        for g in action.groups:
            m = _meld(v, v.team, g.onto)
            rank = m.rank if m is not None else _rank_of(g.cards)
            size = len(g.cards) + (len(m.cards) if m is not None else 0)
            if m is not None and m.kind == "wild" or (m is None and rank == 0):
                if size >= FULL:
                    return "Complete the wild meld: seven wild cards are a wild canasta, at least 2,000."
                return f"Build the wild meld: {FULL - size} more wild cards make it a canasta (unfinished it costs 2,000)."
            if size >= FULL:
                kind = "sevens" if rank == 7 else "aces" if (rank == 14 and not (m.wilds if m else 0)
                                                             and not any(WILD_OF[c] for c in g.cards)) else ""
                if kind:
                    return f"Complete the {kind}: a canasta of {kind} is worth 2,500."
                return f"Complete the canasta of {_plural(rank)}: it closes at seven."
            if rank == 7 or (rank == 14 and m is not None and m.wilds == 0):
                return (f"Add to the {_plural(rank)}: {FULL - size} more make 2,500, and an unfinished meld "
                        "of them costs 2,500.")
        rank = _rank_of(action.groups[0].cards)
        return f"Meld the {_plural(rank)}: cards on the table count for your side, in hand against it."
    if t is Discard:
        c = action.card
        k = KIND_OF[c]
        if len(v.hand) == 1:
            return f"Discard {describe(c)} to go out."
        if WILD_OF[c]:
            return "Discard a wild card: nothing else in your hand may be discarded."
        opp = _opp_team(v)
        for m in v.melds[opp]:
            if m.kind == "group" and m.rank == k and (m.canasta is not None or len(m.cards) >= 5):
                return (f"Discard {describe(c)}: the other side's {_plural(k)} are full or nearly, so they "
                        "cannot take the pile with it.")
        if v.counts[k] == 1:
            return f"Discard {describe(c)}: a single card that no meld of yours is waiting for."
        return f"Discard {describe(c)}: it helps your hand least."
    if t is NextDeal:
        return "Deal the next hand."
    return ""


_ = (BLACK3, RED3)
