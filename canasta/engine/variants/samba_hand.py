"""A Samba or Bolivia hand sorted out by rank and suit, and the search for melding a
whole hand: the quick look at going out (``going_out_plan``) before the complete
search of ``samba_out``, and the new melds a hand can make."""

from __future__ import annotations

from typing import Iterable, Optional, Sequence

from ..actions import Group
from ..cards import BLACK3, JOKER, KIND_OF, POINTS_OF, RED3, SUIT_OF, TWO, WILD_OF
from ..going_out import share_wilds
from ..state import State
from . import samba as G
from .samba_out import goes_out as _goes_out, way_out


_NODE_BUDGET = 200       # search steps per attempt to meld a whole hand


# ---------------------------------------------------------------------------
# the hand, sorted out
# ---------------------------------------------------------------------------

class Hand:
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


def group_ok(r, naturals: int, wilds: int) -> bool:
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
    return naturals + wilds >= 3 and group_ok(r, naturals, wilds)


def new_melds(r, h: Hand, with_wilds: bool = True) -> list[tuple[int, ...]]:
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

def _placeable(st: State, team: int, h: Hand) -> tuple[int, Optional[int]]:
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


def _solutions(st: State, seat: int, cards: Sequence[int], may_leave: bool, h: Optional["Hand"] = None):
    """Ways to meld every one of ``cards`` but at most one (``may_leave``): yields
    (groups, the card left or -1), wild cards placed to complete canastas first."""
    team = st.team_of(seat)
    if h is None:
        if any(KIND_OF[c] == RED3 for c in cards):
            return
        h = Hand(cards)
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


def meld_all(st: State, seat: int, cards: Sequence[int]) -> Optional[tuple[Group, ...]]:
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


def _out_potential(st: State, team: int, h: Hand) -> int:
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


def going_out_plan(st: State, seat: int, h: Optional["Hand"] = None):
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
        h = Hand(hand)
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
