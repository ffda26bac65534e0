"""Going out: whether a hand can be melded away this turn (the plan the computer
players, the hint and ``Ask`` use), and the check of a ``Meld`` action as a whole,
which may leave the hand empty."""

from __future__ import annotations

from itertools import combinations
from typing import Optional, Sequence

from ..i18n import N_, t
from .actions import Group
from .cards import BLACK3, JOKER, KIND_OF, POINTS_OF, RED3, TWO
from .rules import Rules
from .registry import game_of, rulebook
from .state import PLAY, State
from .melding import Plan, concealed_ok, going_out_error, place, plan_groups


def meld_action_error(st: State, seat: int, groups, hand_set: Optional[set] = None
                ) -> tuple[Optional[str], Optional[Plan]]:
    hand = st.hands[seat]
    foot = st.foot_waiting(seat)   # emptying the hand picks up the foot: not going out
    if len(hand) <= 1 and not foot:
        return N_("With one card left, your only move is to discard it."), None
    err, plan = plan_groups(st, seat, groups, set(hand) if hand_set is None else hand_set)
    if err:
        return err, None
    assert plan is not None
    team = st.team_of(seat)
    left = len(hand) - plan.used
    going_out = left <= 1 and not foot
    if going_out:
        err = going_out_error(st, seat, plan, left)
        if err:
            return err, None
    elif plan.black3:
        return N_("Black threes may be melded only when going out."), None
    if not st.melds[team]:
        need = st.minimum(team)
        if plan.points < need:
            exempt = (going_out and not st.took_pile and concealed_ok(st, seat, plan))
            if not exempt:
                return t("Your side's first meld must count at least {need}; this counts {points}.",
                         need=need, points=plan.points), None
    if st.permission is True and not going_out:
        probe = st.clone()
        place(probe, seat, plan, [])
        if probe.phase == PLAY and going_out_plan(probe, seat) is None:
            return N_("You told your partner you would go out: this meld would leave you unable to."), None
    return None, plan


# ---------------------------------------------------------------------------
# going out: can this hand be melded away?
# ---------------------------------------------------------------------------

#: black threes that cannot go into a going-out meld, by how many are held
_BLACK3_LEFT = {0: 0, 1: 1, 2: 2, 3: 0, 4: 0, 5: 1}


def going_out_plan(st: State, seat: int) -> Optional[tuple[tuple[Group, ...], Optional[int]]]:
    """A way for ``seat`` to go out this turn from its current hand: the groups to
    meld in one action and the card to discard (None when everything is melded).
    None when there is none (or the partner said no)."""
    r = st.rules
    book = rulebook(r)
    own = book.get("going_out_plan")
    if own is not None:
        if st.permission is False:
            return None
        return own(st, seat)
    team = seat % r.teams  # type: ignore[operator]
    melds = st.melds[team]
    game = game_of(r)
    return classic_out_plan(st, seat, r, st.hands[seat], team, melds,
                             {m.rank: m for m in melds if m.kind == "group" and not m.closed},
                             "out_error" not in book and "plan_groups" not in book
                             and getattr(game, "CLASSIC_MELDS", False))


def classic_out_plan(st: State, seat: int, r: Rules, hand: list[int], team: int, melds: list,
                      open_groups: dict, canasta_rule: bool) -> Optional[tuple[tuple[Group, ...], Optional[int]]]:
    """:func:`going_out_plan` of a game without its own (``open_groups``: the side's
    open groups by rank; ``canasta_rule``: going out needs ``canastas_to_go_out``
    canastas and melds are judged by Classic's ``meld_error``, no game's own rules). The same answer as :func:`going_out_plan_reference`:
    the way tried first wins (nothing left over, then the first card of each kind in
    hand order); when one card cannot be melded at all (a single natural of a rank the
    side has no open meld of, or a black three too many), only leaving it over can
    succeed, so only that is tried; and none is tried when the hand cannot make the
    canastas the side lacks to go out."""
    if st.permission is False or not hand:
        return None
    cnt = st.counts[seat]
    if cnt[RED3]:
        return None
    # cheap necessary conditions: at most one card that cannot be melded at all, and a
    # wild card for every pair that is not added to a meld
    singles = pairs = 0
    single = -1   # the kind of the card that cannot be melded
    for k in range(4, 15):
        n = cnt[k]
        if n and n < 3 and k not in open_groups:
            if n == 1:
                singles += 1
                if singles > 1:
                    return None
                single = k
            else:
                pairs += 1
    b3 = cnt[BLACK3]
    if b3:
        # three or four black threes make one going-out meld; one more can be the discard
        b3_left = _BLACK3_LEFT.get(b3, 2)
        if b3_left:
            singles += b3_left
            single = BLACK3
    nw = cnt[TWO] + cnt[JOKER]
    if singles > 1 or pairs > nw:
        return None
    if canasta_rule:
        short = r.canastas_to_go_out
        for m in melds:
            if m.canasta is not None:
                short -= 1
        if short > 0:
            # the most canastas the hand could add: a meld reaches the canasta size
            # with all its rank's cards and wild cards within the limit (meld_error),
            # the wild cards shared, the melds needing fewest first
            size = r.canasta_size
            limit = r.wild_limit
            needs = []
            for k in range(4, 15):
                n = cnt[k]
                m = open_groups.get(k)
                if m is not None:
                    if m.canasta is not None:
                        continue
                    w = size - len(m.cards) - n
                    room = limit - m.wilds
                elif n:
                    w = size - n
                    room = limit
                else:
                    continue
                if w <= 0:
                    short -= 1
                elif w <= room and w <= nw:
                    needs.append(w)
            if short > 0:
                needs.sort()
                spare = nw
                for w in needs:
                    spare -= w
                    if spare < 0:
                        break
                    short -= 1
                if short > 0:
                    return None
    if singles == 1:
        for c in hand:
            if KIND_OF[c] == single:
                leftovers = [c]
                break
    else:
        # nothing left over, or the first card of a kind; passing over the kinds whose
        # leaving over leaves a single natural, a pair without a wild card, a pair of
        # black threes, or too few wild cards for the pairs (_meld_all_except fails)
        leftovers = [-1]
        seen_kind: set[int] = set()
        for c in hand:
            k = KIND_OF[c]
            if k not in seen_kind:
                seen_kind.add(k)
                if k == TWO or k == JOKER:
                    if pairs > nw - 1:
                        continue
                elif k == BLACK3:
                    if b3 == 3:
                        continue
                elif k not in open_groups:
                    n = cnt[k]
                    if n == 2 or (n == 3 and pairs >= nw):
                        continue
                leftovers.append(c)
    hand_set = None
    for left in leftovers:
        for groups in out_groups(st, seat, left):
            if groups is None:
                continue
            if hand_set is None:
                hand_set = set(hand)
            err, plan = plan_groups(st, seat, groups, hand_set)
            if err:
                continue
            remaining = len(hand) - plan.used  # type: ignore[union-attr]
            if going_out_error(st, seat, plan, remaining):
                continue
            if not melds and plan.points < st.minimum(team):  # type: ignore[union-attr]
                if st.took_pile or not concealed_ok(st, seat, plan):
                    continue
            return groups, (None if left < 0 else left)
    return None


def going_out_plan_reference(st: State, seat: int) -> Optional[tuple[tuple[Group, ...], Optional[int]]]:
    """:func:`going_out_plan` as first written, trying every card kind as the one left
    over (kept as the reference the tests compare the fast one with)."""
    if st.permission is False:
        return None
    r = st.rules
    own = rulebook(r).get("going_out_plan")
    if own is not None:
        return own(st, seat)
    team = st.team_of(seat)
    hand = st.hands[seat]
    cnt = st.counts[seat]
    if not hand:
        return None
    # cheap necessary conditions: at most one card that cannot be melded at all, and a
    # wild card for every pair that is not added to a meld
    melded = {m.rank for m in st.melds[team] if m.kind == "group" and not m.closed}
    singles = pairs = 0
    for k in range(4, 15):
        n = cnt[k]
        if n and n < 3 and k not in melded:
            if n == 1:
                singles += 1
            else:
                pairs += 1
    b3 = cnt[BLACK3]
    # three or four black threes make one going-out meld; one more can be the discard
    singles += _BLACK3_LEFT.get(b3, 2)
    if singles > 1 or cnt[RED3] or pairs > cnt[TWO] + cnt[JOKER]:
        return None
    leftovers: list[int] = [-1]
    seen_kind: set[int] = set()
    for c in hand:
        k = KIND_OF[c]
        if k not in seen_kind:
            seen_kind.add(k)
            leftovers.append(c)
    for left in leftovers:
        for groups in out_groups(st, seat, left):
            if groups is None:
                continue
            err, plan = plan_groups(st, seat, groups, set(hand))
            if err:
                continue
            remaining = len(hand) - plan.used  # type: ignore[union-attr]
            if going_out_error(st, seat, plan, remaining):
                continue
            if not st.melds[team] and plan.points < st.minimum(team):  # type: ignore[union-attr]
                if st.took_pile or not concealed_ok(st, seat, plan):
                    continue
            return groups, (None if left < 0 else left)
    return None


def out_groups(st: State, seat: int, left: int, cards: Optional[Sequence[int]] = None):
    """The ways of melding every card of ``cards`` (default: the hand) but ``left`` that a
    going-out search tries, best first (None for a way that cannot be made): the one
    :func:`_meld_all_except` finds, and, when going out needs natural canastas
    (RULES.md 9.1), the same with the wild cards kept off each set of the groups that can
    be natural canastas, the most kept first (every way a wild card could spoil one)."""
    yield _meld_all_except(st, seat, left, cards)
    if not st.rules.natural_canastas_to_go_out:
        return
    size = st.rules.canasta_size
    count: dict[int, int] = {}
    for c in (st.hands[seat] if cards is None else cards):
        if c != left:
            k = KIND_OF[c]
            count[k] = count.get(k, 0) + 1
    ranks = []
    for m in st.melds[st.team_of(seat)]:
        if m.kind == "group" and not m.closed and m.wilds == 0:
            if len(m.cards) + count.pop(m.rank, 0) >= size:  # type: ignore[operator]
                ranks.append(m.rank)
        else:
            count.pop(m.rank, None)
    ranks += [k for k, n in count.items() if 4 <= k <= 14 and n >= size]  # type: ignore[operator]
    for n in range(len(ranks), 0, -1):
        for keep in combinations(ranks, n):
            yield _meld_all_except(st, seat, left, cards, frozenset(keep))


def _meld_all_except(st: State, seat: int, left: int,
                     cards: Optional[Sequence[int]] = None,
                     natural: frozenset = frozenset()) -> Optional[tuple[Group, ...]]:
    """Groups that meld every card of ``cards`` (default: the hand) but ``left`` (-1:
    nothing left), putting wild cards where they complete the most canastas (never on
    the groups of the ranks in ``natural``); None when impossible."""
    r = st.rules
    team = st.team_of(seat)
    by_kind: dict[int, list[int]] = {}
    wilds: list[int] = []
    for c in (st.hands[seat] if cards is None else cards):
        if c == left:
            continue
        k = KIND_OF[c]
        if k == TWO or k == JOKER:
            wilds.append(c)
        else:
            by_kind.setdefault(k, []).append(c)
    groups: list[list] = []     # [size, capacity, needs a wild card, cards, onto] (see share_wilds)
    full = r.canasta_size
    black3 = by_kind.pop(BLACK3, None)
    if RED3 in by_kind or (black3 and not 3 <= len(black3) <= 4):
        return None
    for m in st.melds[team]:
        if m.kind != "group" or m.closed:
            continue
        cards = by_kind.pop(m.rank, [])
        nat = m.naturals + len(cards)
        cap = r.wild_limit - m.wilds
        if r.more_naturals_than_wilds:
            cap = min(cap, nat - 1 - m.wilds)
        if m.rank in natural:
            cap = 0
        groups.append([len(m.cards) + len(cards), max(cap, 0), 0, cards, m.id])
    for k, cards in by_kind.items():
        n = len(cards)
        if n < 2:
            return None
        if not 4 <= k <= 14:
            return None
        cap = r.wild_limit
        if r.more_naturals_than_wilds:
            cap = min(cap, n - 1)
        if k in natural:
            cap = 0
        need = 1 if n == 2 else 0
        if cap < need:
            return None
        groups.append([n, cap, need, cards, None])
    pool = share_wilds(groups, wilds, full)
    if pool is None or pool:
        return None
    out = [Group(tuple(g[3]), g[4]) for g in groups if g[3]]
    if black3:
        out.append(Group(tuple(black3)))
    if not out:
        return None
    return tuple(out)


# ---------------------------------------------------------------------------
# enumerating legal actions
# ---------------------------------------------------------------------------

def share_wilds(slots: list[list], wilds: Sequence[int], full: int) -> Optional[list[int]]:
    """Put wild cards on melds to be made or extended, each slot a list [size, room for
    wild cards, needs one (0/1), cards, onto], changed in place: first the compulsory
    ones, then the cheapest onto the melds they complete to ``full`` cards (fewest short
    first), then the rest wherever there is room. Returns the wild cards left over, or
    None when a compulsory one is missing."""
    pool = sorted(wilds, key=lambda c: POINTS_OF[c])
    for sl in slots:
        if sl[2]:
            if not pool:
                return None
            sl[3] = sl[3] + [pool.pop()]
            sl[1] -= 1
            sl[0] += 1
    for sl in sorted(slots, key=lambda sl: full - sl[0] if sl[0] < full else 99):
        if sl[0] >= full:
            continue
        short = full - sl[0]
        if short <= sl[1] and short <= len(pool):
            for _ in range(short):
                sl[3] = sl[3] + [pool.pop()]
            sl[1] -= short
            sl[0] += short
    for sl in slots:
        while pool and sl[1] > 0:
            sl[3] = sl[3] + [pool.pop()]
            sl[1] -= 1
            sl[0] += 1
    return pool
