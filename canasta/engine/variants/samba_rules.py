"""Samba's and Bolivia's rules module (see ``registry.rulebook``): its ``BOOK`` of hooks
for the core (the checks of ``samba_melds``, the going-out search of ``samba_hand``, and
here the enumeration of the distinct legal moves) and its own action, combining two
groups of one rank (``ACTIONS``). Registered with the game in ``variants/__init__``.
"""

from __future__ import annotations

from typing import Optional

from ...i18n import N_, t
from ..actions import Action, Ask, Group, Meld, TakePile
from ..cards import BLACK3, CODE_OF, KIND_OF, POINTS_OF, RED3, SUIT_OF, WILD_OF
from ..going_out import meld_action_error
from ..melding import may_ask
from ..play_options import top_bases, discard_options, smallest_sets
from ..state import PLAY, State
from . import samba as G
from ..codec import RecordError, meld_id_from
from ..core import ActionSpec, phase_message
from ..events import Event
from .samba_hand import Hand, going_out_plan, group_ok, meld_all, new_melds
from .samba_melds import accepting, must_take, out_error, plan_groups, take_error


_tnew = tuple.__new__   # makes the actions' named tuples without a Python-level call


# ---------------------------------------------------------------------------
# enumerating the legal moves
# ---------------------------------------------------------------------------

_EXTRA_CANDIDATES = 8


def _initial_sets(st: State, seat: int, h: Hand, base_points: int, used: set) -> list[tuple[Group, ...]]:
    """The smallest sets of new melds from the hand (cards in ``used`` excluded) that
    bring an initial meld to the minimum count (``[()]`` when the base alone does)."""
    r = st.rules
    need = st.minimum(st.team_of(seat))
    if base_points >= need:
        return [()]
    cands = [c for c in new_melds(r, h) if not used.intersection(c)]
    cands.sort(key=lambda g: -sum(POINTS_OF[c] for c in g))
    # one candidate per distinct set of codes
    seen = set()
    uniq = []
    for g in cands:
        key = tuple(sorted(CODE_OF[c] for c in g))
        if key not in seen:
            seen.add(key)
            uniq.append(g)
    cands = uniq[:_EXTRA_CANDIDATES]
    # every candidate's cards and every spare wild card together: when even they fall
    # short of the minimum, no set does (and the 255 sets need not be tried)
    every = set(h.wilds).difference(used)
    for g in cands:
        every.update(g)
    if base_points + sum(POINTS_OF[c] for c in every) < need:
        return []

    def build(chosen: list) -> Optional[tuple[Group, ...]]:
        cards: set[int] = set()
        for g in chosen:
            if cards.intersection(g):
                return None
            cards.update(g)
        points = base_points + sum(POINTS_OF[c] for c in cards)
        groups = [list(g) for g in chosen]
        if points < need:
            # top up with spare wild cards on groups within the limit
            spare = sorted((c for c in h.wilds if c not in cards and c not in used), key=lambda c: -POINTS_OF[c])
            for g in groups:
                if points >= need or not spare:
                    break
                ranks = {KIND_OF[c] for c in g if not WILD_OF[c]}
                if len(ranks) == 1:
                    rank = ranks.pop()
                    nat = sum(1 for c in g if not WILD_OF[c])
                    while spare and points < need:
                        w = sum(1 for c in g if WILD_OF[c])
                        if G.group_error(r, rank, nat, w + 1, True):
                            break
                        c = spare.pop(0)
                        g.append(c)
                        points += POINTS_OF[c]
        if points >= need:
            return tuple(Group(tuple(g)) for g in groups)
        return None

    # what build() would refuse, told from bit masks: two candidates sharing a card, or
    # a set that falls short even with every spare wild card on it
    n = len(cands)
    clash = [0] * n
    for i in range(n):
        for j in range(i + 1, n):
            if not set(cands[i]).isdisjoint(cands[j]):
                clash[i] |= 1 << j
                clash[j] |= 1 << i
    pts = [sum(POINTS_OF[c] for c in g) for g in cands]
    ceiling = base_points + sum(POINTS_OF[c] for c in h.wilds if c not in used)

    def hopeless(mask: int) -> bool:
        total = ceiling
        i = 0
        m = mask
        while m:
            if m & 1:
                if clash[i] & mask:
                    return True
                total += pts[i]
            m >>= 1
            i += 1
        return total < need

    return smallest_sets(cands, build, hopeless=hopeless)


def take_options(st: State, seat: int) -> list[Action]:
    pile = st.pile
    if not pile:
        return []
    top = pile[-1]
    tk = KIND_OF[top]
    if WILD_OF[top] or tk == BLACK3 or tk == RED3:
        return []
    hand = st.hands[seat]
    if len(hand) == 1 and len(pile) == 1:
        return []
    r = st.rules
    team = st.team_of(seat)
    naturals = [c for c in hand if KIND_OF[c] == tk]
    out: list[Action] = []
    if not st.melds[team]:
        if len(naturals) < 2:
            return []
        h = Hand(hand)
        for base in top_bases(r, naturals, h.wilds):
            pts = sum(POINTS_OF[c] for c in base) + POINTS_OF[top]
            rest = Hand(hand, skip=base)
            for extra in _initial_sets(st, seat, rest, pts, set(base)):
                a = TakePile(base, extra)
                if take_error(st, seat, a.with_cards, a.melds)[0] is None:
                    out.append(a)
            if len(out) >= 6:
                break
        return out
    cands: list[TakePile] = []
    if len(naturals) >= 2:
        cands.append(TakePile(tuple(naturals[:2])))
    if not st.pile_frozen_for(team):
        for mid in _accepting_top(st, team, top):
            cands.append(TakePile((), (), mid))
    if not cands:
        return out
    gained = sum(1 for c in pile[:-1] if KIND_OF[c] != RED3)
    n_hand = len(hand)
    for a in cands:
        keeps = n_hand - len(a.with_cards) + gained > 1
        if keeps and _plain_take_ok(st, team, a, top):
            out.append(a)  # what take_error would say, without planning the take
        elif take_error(st, seat, a.with_cards, a.melds, a.onto)[0] is None:
            out.append(a)
        elif gained <= 1 and not keeps:
            # the take must go out: meld the rest with it (a take refused while it keeps
            # two cards is refused for its own sake, which no further meld mends)
            rest = [c for c in hand if c not in a.with_cards]
            for left in [-1] + rest:
                extra = meld_all(st, seat, [c for c in rest if c != left])
                if extra and take_error(st, seat, a.with_cards, extra, a.onto)[0] is None:
                    out.append(TakePile(a.with_cards, extra, a.onto))
                    break
    return out


def _accepting_top(st: State, team: int, top: int) -> list[int]:
    """``accepting(st, team, (top,))`` for a natural card: only a group of its rank or
    a sequence of its suit that it continues can take it, so only those are asked."""
    k = KIND_OF[top]
    s = SUIT_OF[top]
    r = st.rules
    out = []
    for m in st.melds[team]:
        if m.closed:
            continue
        kind = m.kind
        if kind == "group":
            if m.rank != k:
                continue
        elif kind == "sequence":
            if m.suit != s or not (k == m.low - 1 or k == m.high + 1):
                continue
        else:
            continue
        if G.extend_error(m, (top,), r) is None:
            out.append(m.id)
    return out


def _plain_take_ok(st: State, team: int, a: TakePile, top: int) -> bool:
    """For a side that has melded, taking a pile that leaves it two cards or more, with
    no other melds: True when ``take_error`` would accept the take (its other checks
    hold by construction of the candidates in ``take_options``); False when it must
    be asked."""
    if a.with_cards:
        return G.classify(a.with_cards + (top,), st.rules)[0] is None
    m = st.meld_by_id(team, a.onto)
    return (m is not None and not m.closed and m.canasta is None
            and (m.kind == "group" or (m.kind == "sequence" and bool(st.rules.take_onto_sequence))))


def play_options(st: State, seat: int) -> list[Action]:
    r = st.rules
    hand = st.hands[seat]
    team = st.team_of(seat)
    h = Hand(hand)
    cands: list[tuple[Group, ...]] = []
    if st.melds[team]:
        wc = h.wild_choices()
        for g in new_melds(r, h):
            cands.append((_tnew(Group, (g, None)),))
        for m in st.melds[team]:
            if m.closed:
                continue
            if m.kind == "group":
                mid = m.id
                cards = h.by_rank.get(m.rank)
                if cards:
                    cands.append((_tnew(Group, ((cards[0],), mid)),))
                    if len(cards) > 1:
                        cands.append((_tnew(Group, (tuple(cards), mid)),))
                if m.canasta is None and wc and group_ok(r, m.naturals, m.wilds + 1):
                    for w in wc:
                        cands.append((_tnew(Group, ((w,), mid)),))
            elif m.kind == "sequence":
                s, low, high, room = m.suit, m.low, m.high, G.SEQUENCE_MAX - len(m.cards)
                below = []
                k = low - 1
                while k >= 4 and (k, s) in h.by_rs and len(below) < room:
                    below.append(h.by_rs[(k, s)][0])
                    k -= 1
                above = []
                k = high + 1
                while k <= 14 and (k, s) in h.by_rs and len(above) < room:
                    above.append(h.by_rs[(k, s)][0])
                    k += 1
                for n in range(1, len(below) + 1):
                    cands.append((Group(tuple(below[:n]), m.id),))
                for n in range(1, len(above) + 1):
                    cands.append((Group(tuple(above[:n]), m.id),))
                if below and above:
                    both = below + above[:max(0, room - len(below))]
                    if len(both) > len(below):
                        cands.append((Group(tuple(both), m.id),))
            elif m.kind == "wild":
                if wc:
                    for w in wc:
                        cands.append((Group((w,), m.id),))
                    room = G.WILD_MELD_MAX - len(m.cards)
                    if len(h.wilds) > 1 and room > 1:
                        cands.append((Group(tuple(h.wilds[:room]), m.id),))
    else:
        for extra in _initial_sets(st, seat, h, 0, set()):
            if extra:
                cands.append(extra)
    plan = going_out_plan(st, seat, h)
    if plan is not None:
        cands.append(tuple(plan[0]))
    out: list[Action] = []
    if plan is not None and may_ask(st, seat):
        out.append(Ask())
    # the candidates of an opened side are legal melds by construction (shapes checked
    # above); only a play that would leave fewer than two cards, or a turn bound to go
    # out, needs the full validator
    shaped = len(cands) - (1 if plan is not None else 0) if st.melds[team] else 0
    fast = st.permission is not True
    n_hand = len(hand)
    seen = set()
    last = len(cands) - 1
    opening = not st.melds[team]
    for i, groups in enumerate(cands):
        if i < shaped:
            # built distinct: no two shaped candidates are the same choice
            if fast and n_hand - len(groups[0].cards) >= 2:  # one group each
                out.append(_tnew(Meld, (groups,)))
                continue
        else:
            key = tuple(sorted((tuple(sorted(CODE_OF[c] for c in g.cards)), -1 if g.onto is None else g.onto)
                               for g in groups))
            if key in seen:
                continue
            seen.add(key)
            if i == last and plan is not None and n_hand > 1:
                # the way out: going_out_plan checked it as the validator would
                out.append(Meld(groups))
                continue
            if opening and fast and (i < last or plan is None) and n_hand - sum(len(g.cards) for g in groups) >= 2:
                # an initial meld that keeps two cards: _initial_sets made it of legal
                # melds reaching the minimum, as the validator would judge it
                out.append(Meld(groups))
                continue
        if meld_action_error(st, seat, groups)[0] is None:
            out.append(Meld(groups))
    if r.merge_groups:
        out.extend(merge_options(st, seat))
    out.extend(discard_options(st, seat, CODE_OF))
    return out


# ---------------------------------------------------------------------------
# combining two groups of one rank (option merge_groups, Hoyle)
# ---------------------------------------------------------------------------

def _check_merge(st: State, a: G.MergeGroups, actor: int):
    if st.phase != PLAY:
        return phase_message(st), None
    r = st.rules
    if not r.merge_groups:
        return N_("Combining two groups of one rank is not part of these rules."), None
    team = st.team_of(actor)
    into = st.meld_by_id(team, a.into)
    other = st.meld_by_id(team, a.other)
    if into is None or other is None or a.into == a.other:
        return N_("Name two different groups of your side."), None
    if into.kind != "group" or other.kind != "group" or into.rank != other.rank:
        return N_("Only two groups of the same rank can be combined."), None
    if (into.canasta is not None and other.wilds) or (other.canasta is not None and into.wilds):
        return N_("No wild card may be added to a canasta, so these groups cannot be combined."), None
    err = G.group_error(r, into.rank, into.naturals + other.naturals, into.wilds + other.wilds, False)
    if err:
        return err, None
    return None, None


def _exec_merge(st: State, a: G.MergeGroups, plan, seat: int, events: list) -> None:
    team = st.team_of(seat)
    melds = st.melds[team]
    other = st.meld_by_id(team, a.other)
    src = melds.index(other)
    melds.remove(other)
    into = st.meld_by_id(team, a.into)
    dst = melds.index(into)
    was = into.canasta
    for c in other.cards:
        into.cards.append(c)
        if WILD_OF[c]:
            into.wilds += 1
        else:
            into.naturals += 1
        events.append(Event("move", c, ("meld", team, src), ("meld", team, dst)))
    into.canasta = G.canasta_kind(into, st.rules)
    into.closed = G.is_closed(into, st.rules)
    if into.canasta is not None and into.canasta != was:
        events.append(Event("canasta", dst=("meld", team, dst), team=team, info=into.canasta))


def _merge_to_json(a: G.MergeGroups) -> dict:
    return {"into": a.into, "other": a.other}


def _merge_from(d: dict, limit: int, where: str) -> G.MergeGroups:
    into, other = meld_id_from(d.get("into"), where), meld_id_from(d.get("other"), where)
    if into is None or other is None:
        raise RecordError(t("{where}: a merge names two melds.", where=where))
    return G.MergeGroups(into, other)


def _merge_shape(a) -> Optional[str]:
    if type(a.into) is not int or type(a.other) is not int:
        return f"The move names {a!r}, which are not two melds."
    return None


def merge_options(st: State, seat: int) -> list[Action]:
    team = st.team_of(seat)
    groups = [m for m in st.melds[team] if m.kind == "group"]
    out: list[Action] = []
    for i, m in enumerate(groups):
        for n in groups[i + 1:]:
            if n.rank == m.rank:
                a = G.MergeGroups(m.id, n.id)
                if _check_merge(st, a, seat)[0] is None:
                    out.append(a)
    return out


def _actions() -> dict:
    return {G.MergeGroups: ActionSpec("merge", _check_merge, _exec_merge, _merge_to_json, _merge_from,
                                      _merge_shape)}


ACTIONS = _actions()
BOOK = {
    "plan_groups": plan_groups,
    "out_error": out_error,
    "take_error": take_error,
    "accepting": accepting,
    "must_take": must_take,
    "take_options": take_options,
    "play_options": play_options,
    "going_out_plan": going_out_plan,
}
