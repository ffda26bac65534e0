"""Samba's and Bolivia's rulebook for the core (see ``registry.rulebook``): the melding
validator for groups, sequences and wild melds, the two ways of taking the pile,
going out on two canastas, and the enumeration of the distinct legal moves.

Imported by the core on first use (it imports the core), never by the game modules
at load time.
"""

from __future__ import annotations

from typing import Iterable, Optional, Sequence

from ..actions import Action, Ask, Group, Meld, TakePile
from ..cards import (BLACK3, CODE_OF, JOKER, KIND_OF, PLURAL_NAMES, POINTS_OF, RANK_NAMES, RED3, SUIT_OF,
                     TWO, WILD_OF)
from ..going_out import meld_action_error, share_wilds
from ..melding import (may_ask, cards_error, concealed_ok, gather_groups, going_out_error, onto_meld, Plan,
                       take_end, take_start)
from ..play_options import top_bases, discard_options, smallest_sets
from ..state import PLAY, State
from . import samba as G
from .samba_out import goes_out as _goes_out, way_out
from ..codec import RecordError, meld_id_from
from ..core import ActionSpec, phase_message
from ..events import Event

_tnew = tuple.__new__   # makes the actions' named tuples without a Python-level call

_NODE_BUDGET = 200       # search steps per attempt to meld a whole hand


def _kind_after(rules, kind: str, size: int, wilds: int) -> Optional[str]:
    if size < G.CANASTA_SIZE:
        return None
    if kind == "group":
        return "natural" if wilds == 0 else "mixed"
    if kind == "sequence":
        return G.sequence_canasta_name(rules)
    if kind == "wild":
        return "bolivia"
    return None


# ---------------------------------------------------------------------------
# validators
# ---------------------------------------------------------------------------

def plan_groups(st: State, seat: int, groups: Iterable, hand_set: set, extra_top: int = -1,
                top_with: Sequence[int] = (), top_onto: Optional[int] = None):
    """(error, plan) of melding ``groups`` (plus the pile's top card with ``top_with``)."""
    r = st.rules
    team = st.team_of(seat)
    melds = st.melds[team]
    plan = Plan()
    seen: set[int] = set()
    targets: set[int] = set()
    after: dict[int, Optional[str]] = {m.id: m.canasta for m in melds}
    new_kinds: list[Optional[str]] = []
    err, todo = gather_groups(groups, extra_top, top_with, top_onto)
    if err:
        return err, None
    for cards, onto, is_top in todo:
        err = cards_error(cards, seen, hand_set)
        if err:
            return err, None
        whole = cards + (extra_top,) if is_top else cards
        wilds = 0
        for c in whole:
            if WILD_OF[c]:
                wilds += 1
        if onto is not None:
            err, existing = onto_meld(st, team, onto)
            if err:
                return err, None
            if existing.id in targets:
                return "Put all the cards for one meld in a single group.", None
            targets.add(existing.id)
            err = G.extend_error(existing, whole, r)
            if err:
                return err, None
            now = _kind_after(r, existing.kind, len(existing.cards) + len(whole), existing.wilds + wilds)
            after[existing.id] = now
            if now is not None and existing.by == seat:
                plan.own_canasta = True
            if existing.by != seat:
                plan.adds_partner = True
            plan.items.append((existing.rank, melds.index(existing), list(cards),
                               "top" if is_top else existing.kind))
        else:
            err, kind, rank = G.classify(whole, r)
            if err:
                return err, None
            if is_top and kind != "group":
                return "The top card of the pile can only start a group, with a natural pair.", None
            if kind == "black3":
                if plan.black3:
                    return "Only one meld of black threes can be made.", None
                plan.black3 = True
            now = _kind_after(r, kind, len(whole), wilds)
            new_kinds.append(now)
            if now is not None:
                plan.own_canasta = True
            plan.items.append((rank, -1, list(cards), "top" if is_top else kind))
        plan.used += len(cards)
        plan.points += sum(POINTS_OF[c] for c in whole)
    kinds = [k for k in after.values() if k is not None] + [k for k in new_kinds if k is not None]
    plan.kinds_after = kinds
    plan.canastas_after = len(kinds)
    return None, plan


def out_error(st: State, seat: int, plan: Optional[Plan], left: int) -> Optional[str]:
    """Going out needs ``canastas_to_go_out`` canastas of any kinds (with the options:
    one an escalera, or one natural or a samba), counting those made in this action."""
    r = st.rules
    if plan is not None and plan.kinds_after is not None:
        kinds = plan.kinds_after
    else:
        kinds = [m.canasta for m in st.melds[st.team_of(seat)] if m.canasta is not None]
    need = r.canastas_to_go_out
    have = len(kinds)
    s = "s" if need != 1 else ""
    if have < need:  # type: ignore[operator]
        if left == 1:
            return f"You must keep a card to discard: going out needs {need} canasta{s} and your side has {have}."
        return f"Going out needs {need} canasta{s}; your side has {have}."
    seq = G.sequence_canasta_name(r)
    if r.out_needs_escalera and not any(G.is_sequence_canasta(k) for k in kinds):
        return f"Going out needs an {seq} (a sequence of seven) among your side's canastas."
    if r.out_needs_clean and not any(k == "natural" or G.is_sequence_canasta(k) for k in kinds):
        return f"Going out needs a natural canasta or a {seq} among your side's canastas."
    return None


def _frozen_why(st: State, team: int) -> str:
    if not st.melds[team]:
        return "your side has not melded yet"
    if st.frozen:
        return "the pile is frozen"
    return "the pile is always frozen in this game"


def take_error(st: State, seat: int, with_cards: Sequence[int], extra: Sequence, onto: Optional[int] = None):
    """Way 1, a natural pair (frozen or not) starts a new group with the top card; way 2,
    the top card alone onto the side's meld that is not a canasta, when the pile is not
    frozen against the side. A wild or black three on top blocks the pile."""
    r = st.rules
    err, top, hand_set = take_start(st, seat, with_cards)
    if err:
        return err, None
    tk = KIND_OF[top]
    team = st.team_of(seat)
    name, plural = RANK_NAMES[tk], PLURAL_NAMES[tk]
    if with_cards:
        nat = sum(1 for c in with_cards if KIND_OF[c] == tk)
        if onto is not None:
            return "Taken with a natural pair, the top card starts a new group of its own.", None
        if nat < 2:
            if any(WILD_OF[c] for c in with_cards):
                return (f"A natural and a wild card never take the pile in this game: you need two natural "
                        f"{plural}."), None
            return f"To take the pile with cards from your hand you need two natural {plural}.", None
    else:
        if st.pile_frozen_for(team):
            return f"Only a natural pair of {plural} takes the pile: {_frozen_why(st, team)}.", None
        if onto is None:
            return (f"Name the meld the {name} from the pile goes onto, or take it with two natural "
                    f"{plural}."), None
        err, existing = onto_meld(st, team, onto)
        if err:
            return err, None
        if existing.canasta is not None:
            return "The pile cannot be taken to add its top card to a canasta.", None
        if existing.kind == "sequence" and not r.take_onto_sequence:
            return "In these rules the top card of the pile goes onto a group, never onto a sequence.", None
        if existing.kind not in ("group", "sequence"):
            return f"The {name} from the pile cannot go on that meld.", None
    err, plan = plan_groups(st, seat, extra, hand_set, top, with_cards, onto)
    if err:
        return err, None
    assert plan is not None
    err = take_end(st, seat, plan)
    return (err, None) if err else (None, plan)


def accepting(st: State, team: int, cards: Sequence[int]) -> list[int]:
    r = st.rules
    return [m.id for m in st.melds[team] if not m.closed and G.extend_error(m, cards, r) is None]


def must_take(st: State, seat: int) -> bool:
    """With an empty stock (``play_on``): an unfrozen pile whose top card goes onto the
    side's meld that is not a canasta must be taken."""
    if not st.pile or st.rules.stock_exhausted == "end":
        return False
    team = st.team_of(seat)
    if st.pile_frozen_for(team):
        return False
    top = st.pile[-1]
    if WILD_OF[top] or KIND_OF[top] in (BLACK3, RED3):
        return False
    for mid in accepting(st, team, (top,)):
        if take_error(st, seat, (), (), mid)[0] is None:
            return True
    return False


# ---------------------------------------------------------------------------
# the hand, sorted out
# ---------------------------------------------------------------------------

class _Hand:
    """The hand's cards by rank, by (rank, suit), the wild cards (cheapest first)."""

    __slots__ = ("by_rank", "by_rs", "wilds", "b3", "_runs")

    def __init__(self, cards: Iterable[int], skip: Iterable[int] = ()):
        skip = set(skip) if skip else None
        by_rank: dict[int, list[int]] = {}
        by_rs: dict[tuple[int, int], list[int]] = {}
        wilds: list[int] = []
        b3: list[int] = []
        for c in cards:
            if skip is not None and c in skip:
                continue
            if WILD_OF[c]:
                wilds.append(c)
                continue
            k = KIND_OF[c]
            if k == BLACK3:
                b3.append(c)
            elif k != RED3:
                got = by_rank.get(k)
                if got is None:
                    by_rank[k] = [c]
                else:
                    got.append(c)
                key = (k, SUIT_OF[c])
                got = by_rs.get(key)
                if got is None:
                    by_rs[key] = [c]
                else:
                    got.append(c)
        if len(wilds) > 1:
            wilds.sort(key=POINTS_OF.__getitem__)
        self.by_rank = by_rank
        self.by_rs = by_rs
        self.wilds = wilds
        self.b3 = b3
        self._runs: Optional[list[list[int]]] = None

    def wild_choices(self) -> list[int]:
        out = []
        for kind in (TWO, JOKER):
            for c in self.wilds:
                if KIND_OF[c] == kind:
                    out.append(c)
                    break
        return out

    def runs(self) -> list[list[int]]:
        """Every maximal run of three or more consecutive ranks of one suit in the hand
        (one card of each rank)."""
        if self._runs is not None:
            return self._runs
        masks = [0, 0, 0, 0]
        for (k, s) in self.by_rs:
            masks[s] |= 1 << k
        out: list[list[int]] = []
        self._runs = out
        if not any(m & (m >> 1) & (m >> 2) for m in masks):
            return out  # no three ranks of a suit in a row
        by_rs = self.by_rs
        for s in _suit_order(by_rs):
            m = masks[s]
            if not m & (m >> 1) & (m >> 2):
                continue  # no three ranks in a row
            k = 4
            while k <= 14:
                if m >> k & 1:
                    start = k
                    while k <= 14 and m >> k & 1:
                        k += 1
                    if k - start >= 3:
                        out.append([by_rs[(r, s)][0] for r in range(start, k)])
                else:
                    k += 1
        return out


def _suit_order(by_rs: dict) -> list[int]:
    """The suits in the order they first appear among the hand's naturals (the order
    the runs were always listed in)."""
    order: list[int] = []
    for (_k, s) in by_rs:
        if s not in order:
            order.append(s)
            if len(order) == 4:
                break
    return order


def _group_ok(r, naturals: int, wilds: int) -> bool:
    """``samba.group_error(r, rank, naturals, wilds, False) is None`` (a group that
    exists), without writing its sentence."""
    if wilds > r.wild_limit:
        return False
    if wilds and r.twice_naturals and naturals < 2 * wilds:
        return False
    return not (wilds and r.more_naturals_than_wilds and naturals <= wilds)


def _new_group_ok(r, naturals: int, wilds: int) -> bool:
    """``samba.group_error(r, rank, naturals, wilds, True) is None``, for two naturals
    or more."""
    return naturals + wilds >= 3 and _group_ok(r, naturals, wilds)


def _new_melds(r, h: _Hand, with_wilds: bool = True) -> list[tuple[int, ...]]:
    """New melds the hand can put down: groups (all naturals of a rank, with and
    without a wild card), sequences (every window of three to seven of a run), wild
    melds."""
    out: list[tuple[int, ...]] = []
    wc = h.wild_choices() if with_wilds else []
    two = tuple(h.wilds[-2:]) if with_wilds and len(h.wilds) >= 2 else None
    for cards in h.by_rank.values():
        n = len(cards)
        if n < 2:
            continue
        t = tuple(cards)
        if n >= 3:
            out.append(t)
        # (a new group of n naturals: group_error(r, k, n, w, True) is None)
        if wc and _new_group_ok(r, n, 1):
            for w in wc:
                out.append(t + (w,))
        if two is not None and _new_group_ok(r, n, 2):
            out.append(t + two)
    for run in h.runs():
        n = len(run)
        for size in range(min(G.SEQUENCE_MAX, n), 2, -1):
            for start in range(0, n - size + 1):
                out.append(tuple(run[start:start + size]))
    if r.wild_melds and len(h.wilds) >= 3:
        out.append(tuple(h.wilds[:3]))
        if len(h.wilds) > 3:
            out.append(tuple(h.wilds[:G.WILD_MELD_MAX]))
    return out


# ---------------------------------------------------------------------------
# melding a whole hand (going out)
# ---------------------------------------------------------------------------

def _placeable(st: State, team: int, h: _Hand) -> tuple[int, Optional[int]]:
    """(how many naturals cannot be melded at all, one of them): a cheap filter."""
    groups = {m.rank for m in st.melds[team] if m.kind == "group" and not m.closed}
    seqs = [(m.suit, m.low, m.high) for m in st.melds[team] if m.kind == "sequence" and not m.closed]
    bad = 0
    one = None
    for (k, s), cards in h.by_rs.items():
        if k in groups or len(h.by_rank[k]) >= 2:
            continue
        # part of a run of three in hand, or next to a sequence of its suit
        lo = k
        while (lo - 1, s) in h.by_rs:
            lo -= 1
        hi = k
        while (hi + 1, s) in h.by_rs:
            hi += 1
        if hi - lo >= 2:
            continue
        if any(ss == s and (low - 1 <= hi and lo <= high + 1) for ss, low, high in seqs):
            continue
        bad += len(cards)
        one = cards[0]
    return bad, one


def _solutions(st: State, seat: int, cards: Sequence[int], may_leave: bool, h: Optional["_Hand"] = None):
    """Ways to meld every one of ``cards`` but at most one (``may_leave``): yields
    (groups, the card left or -1), wild cards placed to complete canastas first."""
    team = st.team_of(seat)
    if h is None:
        if any(KIND_OF[c] == RED3 for c in cards):
            return
        h = _Hand(cards)
    b3 = h.b3
    forced = -1
    if b3 and not 3 <= len(b3) <= 6:
        if not may_leave or len(b3) not in (1, 7):
            return
        forced = b3[0]
        b3 = b3[1:]
    open_groups = {}
    for m in st.melds[team]:
        if m.kind == "group" and not m.closed and m.rank not in open_groups:
            open_groups[m.rank] = m
    seqs0 = {m.id: (m.suit, m.low, m.high, len(m.cards)) for m in st.melds[team]
             if m.kind == "sequence" and not m.closed}
    naturals = sorted((c for c in cards if not WILD_OF[c] and KIND_OF[c] not in (BLACK3, RED3)),
                      key=lambda c: (SUIT_OF[c], KIND_OF[c]))
    budget = [max(_NODE_BUDGET, 20 * len(cards))]
    leave_ok = may_leave and forced < 0

    def solve(rest: tuple[int, ...], seqs: dict, acc: list, left: int):
        if budget[0] <= 0:
            return
        budget[0] -= 1
        if not rest:
            yield acc, left
            return
        c = rest[0]
        k, s = KIND_OF[c], SUIT_OF[c]
        same = tuple(x for x in rest if KIND_OF[x] == k)
        others = tuple(x for x in rest if KIND_OF[x] != k)
        g = open_groups.get(k)
        if g is not None:
            # naturals always join an open group of their rank (a second group adds nothing)
            yield from solve(others, seqs, acc + [("add", g.id, same)], left)
        elif len(same) >= 2:
            yield from solve(others, seqs, acc + [("group", None, same)], left)
        chain = [c]
        want = k + 1
        for x in rest[1:]:
            if SUIT_OF[x] == s and KIND_OF[x] == want and want <= 14:
                chain.append(x)
                want += 1

        def without(used):
            u = set(used)
            return tuple(x for x in rest if x not in u)
        for mid, (ss, low, high, size) in seqs.items():
            if ss != s:
                continue
            if k < low and low - k <= len(chain) and size + (low - k) <= G.SEQUENCE_MAX:
                part = chain[:low - k]
                ns = dict(seqs)
                ns[mid] = (ss, k, high, size + len(part))
                yield from solve(without(part), ns, acc + [("add", mid, tuple(part))], left)
            if k == high + 1:
                for n in range(min(len(chain), G.SEQUENCE_MAX - size), 0, -1):
                    part = chain[:n]
                    ns = dict(seqs)
                    ns[mid] = (ss, low, k + n - 1, size + n)
                    yield from solve(without(part), ns, acc + [("add", mid, tuple(part))], left)
        for n in range(min(len(chain), G.SEQUENCE_MAX), 2, -1):
            part = chain[:n]
            yield from solve(without(part), seqs, acc + [("sequence", None, tuple(part))], left)
        if leave_ok and left < 0:
            yield from solve(rest[1:], seqs, acc, c)

    for sol, left in solve(tuple(naturals), seqs0, [], forced):
        wild_sets = [(h.wilds, left)]
        if left < 0 and leave_ok and h.wilds:
            wild_sets.append((h.wilds[1:], h.wilds[0]))
        for wilds, lft in wild_sets:
            groups = _place_wilds(st, team, sol, wilds)
            if groups is None:
                continue
            if b3:
                groups.append(Group(tuple(b3)))
            if groups:
                yield tuple(groups), lft
                break


def _meld_all(st: State, seat: int, cards: Sequence[int]) -> Optional[tuple[Group, ...]]:
    """Groups that meld every one of ``cards``, or None when none is found."""
    for groups, _left in _solutions(st, seat, cards, False):
        return groups
    return None


def _place_wilds(st: State, team: int, sol: list, wilds: list[int]) -> Optional[list[Group]]:
    """Merge a solution's parts by target and put the wild cards where they may go."""
    r = st.rules
    limit = r.wild_limit
    by_id = {m.id: m for m in st.melds[team]}
    adds: dict[int, list[int]] = {}
    news: list[list] = []   # [kind, cards, naturals, wilds, cap]
    for what, mid, cards in sol:
        if what == "add":
            adds.setdefault(mid, []).extend(cards)
        else:
            news.append([what, list(cards)])
    slots = []   # [size, cap, needs, cards list, key]
    for m in st.melds[team]:
        if m.closed or m.kind not in ("group", "wild"):
            continue
        extra = adds.get(m.id, [])
        if m.kind == "group":
            nat = m.naturals + len(extra)
            cap = 0 if m.canasta is not None else limit - m.wilds
            if r.twice_naturals:
                cap = min(cap, nat // 2 - m.wilds)
            if r.more_naturals_than_wilds:
                cap = min(cap, nat - 1 - m.wilds)
        else:
            cap = G.WILD_MELD_MAX - len(m.cards)
        if cap > 0 or extra:
            slots.append([len(m.cards) + len(extra), max(cap, 0), 0, extra, m.id])
    for n in news:
        if n[0] == "group":
            nat = len(n[1])
            cap = limit
            if r.twice_naturals:
                cap = min(cap, nat // 2)
            if r.more_naturals_than_wilds:
                cap = min(cap, nat - 1)
            need = 1 if nat == 2 else 0
            if cap < need:
                return None
            slots.append([nat, cap, need, n[1], None])
        else:
            slots.append([len(n[1]), 0, 0, n[1], None])
    pool = share_wilds(slots, wilds, G.CANASTA_SIZE)
    if pool is None:
        return None
    extra_melds: list[Group] = []
    if pool:
        if not r.wild_melds:
            return None
        while pool:
            take = pool[:G.WILD_MELD_MAX]
            pool = pool[G.WILD_MELD_MAX:]
            if len(take) < 3:
                return None
            extra_melds.append(Group(tuple(take)))
    out = [Group(tuple(sl[3]), sl[4]) for sl in slots if sl[3] and (sl[4] is None or by_id.get(sl[4]) is not None)]
    return out + extra_melds


def _out_potential(st: State, team: int, h: _Hand) -> int:
    """An upper bound on the canastas the side can have after melding this hand: the
    canastas it has, plus the melds that the hand's cards (and its wild cards, shared
    out fewest first) could bring to seven."""
    r = st.rules
    w = len(h.wilds)
    limit = r.wild_limit
    n = 0
    shorts: list[int] = []       # wild cards each possible canasta still needs
    ranks_done = set()
    for m in st.melds[team]:
        if m.canasta is not None:
            n += 1
        elif m.kind == "group":
            short = G.CANASTA_SIZE - len(m.cards) - len(h.by_rank.get(m.rank, ()))
            ranks_done.add(m.rank)
            if short <= min(limit - m.wilds, w):
                shorts.append(max(short, 0))
        elif m.kind == "sequence":
            s, size = m.suit, len(m.cards)
            k = m.low - 1
            while k >= 4 and (k, s) in h.by_rs:
                size += 1
                k -= 1
            k = m.high + 1
            while k <= 14 and (k, s) in h.by_rs:
                size += 1
                k += 1
            if size >= G.SEQUENCE_MAX:
                shorts.append(0)
        elif m.kind == "wild":
            short = G.WILD_MELD_MAX - len(m.cards)
            if short <= w:
                shorts.append(short)
    for k, cards in h.by_rank.items():
        if k in ranks_done:
            continue
        short = G.CANASTA_SIZE - len(cards)
        if short <= min(limit, w):
            shorts.append(max(short, 0))
    for run in h.runs():
        if len(run) >= G.SEQUENCE_MAX:
            shorts.append(0)
    if r.wild_melds and w >= G.WILD_MELD_MAX:
        shorts.append(G.WILD_MELD_MAX)
    shorts.sort()
    for short in shorts:
        if short > w:
            break
        w -= short
        n += 1
    return n


def going_out_plan(st: State, seat: int, h: Optional["_Hand"] = None):
    """A way for ``seat`` to go out now: (groups to meld in one action, the card to
    discard or None), or None. A quick search of the likely shapes first; when it finds
    nothing, the complete search (``samba_out.way_out``) decides, at any hand size."""
    if st.permission is False:
        return None
    hand = st.hands[seat]
    if not hand or st.counts[seat][RED3]:
        return None
    team = st.team_of(seat)
    if h is None:
        h = _Hand(hand)
    bad, _one = _placeable(st, team, h)
    if bad > 1:
        return None   # two naturals that no meld can take: both cannot be the card left
    hand_set = set(hand)
    if _out_potential(st, team, h) >= st.rules.canastas_to_go_out:  # type: ignore[operator]
        tries = 0
        for groups, left in _solutions(st, seat, hand, True, h):
            tries += 1
            if tries > 6:
                break
            if _goes_out(st, seat, groups, left, hand_set):
                return groups, (None if left < 0 else left)
    way = way_out(st, seat)
    if way is not None and _goes_out(st, seat, way[0], -1 if way[1] is None else way[1], hand_set):
        return way
    return None


# ---------------------------------------------------------------------------
# enumerating the legal moves
# ---------------------------------------------------------------------------

_EXTRA_CANDIDATES = 8


def _initial_sets(st: State, seat: int, h: _Hand, base_points: int, used: set) -> list[tuple[Group, ...]]:
    """The smallest sets of new melds from the hand (cards in ``used`` excluded) that
    bring an initial meld to the minimum count (``[()]`` when the base alone does)."""
    r = st.rules
    need = st.minimum(st.team_of(seat))
    if base_points >= need:
        return [()]
    cands = [c for c in _new_melds(r, h) if not used.intersection(c)]
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
        h = _Hand(hand)
        for base in top_bases(r, naturals, h.wilds):
            pts = sum(POINTS_OF[c] for c in base) + POINTS_OF[top]
            rest = _Hand(hand, skip=base)
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
                extra = _meld_all(st, seat, [c for c in rest if c != left])
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
    h = _Hand(hand)
    cands: list[tuple[Group, ...]] = []
    if st.melds[team]:
        wc = h.wild_choices()
        for g in _new_melds(r, h):
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
                if m.canasta is None and wc and _group_ok(r, m.naturals, m.wilds + 1):
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
        return "Combining two groups of one rank is not part of these rules.", None
    team = st.team_of(actor)
    into = st.meld_by_id(team, a.into)
    other = st.meld_by_id(team, a.other)
    if into is None or other is None or a.into == a.other:
        return "Name two different groups of your side.", None
    if into.kind != "group" or other.kind != "group" or into.rank != other.rank:
        return "Only two groups of the same rank can be combined.", None
    if (into.canasta is not None and other.wilds) or (other.canasta is not None and into.wilds):
        return "No wild card may be added to a canasta, so these groups cannot be combined.", None
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
        raise RecordError(f"{where}: a merge names two melds.")
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
