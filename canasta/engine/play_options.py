"""The melds a seat may make in the play phase, enumerated: every distinct ``Meld``
(and the discards) the validators accept, the fast way for Classic's groups and
through the full check for the rest; and the candidate melds of an initial meld,
shared with taking the pile."""

from __future__ import annotations

from typing import Callable, Optional, Sequence

from .actions import Action, Ask, Discard, Group, Meld
from .cards import JOKER, KIND_OF, POINTS_OF, TWO, WILD_OF
from .rules import Rules
from .registry import game_of, rulebook
from .state import State
from .going_out import classic_out_plan, going_out_plan, going_out_plan_reference, meld_action_error
from .melding import going_out_error, may_ask


def ids_by_kind(hand: list[int]) -> dict[int, list[int]]:
    d: dict[int, list[int]] = {}
    for c in hand:
        k = KIND_OF[c]
        if k in d:
            d[k].append(c)
        else:
            d[k] = [c]
    return d


def wild_choices(ids: dict[int, list[int]]) -> list[int]:
    """One wild card of each kind held: a two, a joker."""
    out = []
    if TWO in ids:
        out.append(ids[TWO][0])
    if JOKER in ids:
        out.append(ids[JOKER][0])
    return out


#: per game: whether the core's own Classic code decides its melds, takes and going
#: out (no rulebook hook for them, Classic's meld rules), so the fast enumerators may
#: judge candidates from their counts
_CLASSIC_CORE: dict[str, bool] = {}
_HOOKS = ("plan_groups", "take_error", "out_error", "take_options", "play_options", "going_out_plan",
          "must_take", "draw_options")


def classic_core(r: Rules) -> bool:
    fast = _CLASSIC_CORE.get(r.variant)
    if fast is None:
        book = rulebook(r)
        game = game_of(r)
        fast = _CLASSIC_CORE[r.variant] = (
            not any(h in book for h in _HOOKS) and getattr(game, "CLASSIC_MELDS", False))
    return fast


def top_groups(st: State, ids: dict[int, list[int]], tk: int, naturals: list[int]) -> list[tuple[int, ...]]:
    """Ways to meld the top card for an initial meld: two or more of the naturals, with
    up to the wild-card limit of the most valuable wild cards, fewest cards first."""
    return top_bases(st.rules, naturals, ids.get(JOKER, []) + ids.get(TWO, []))


def top_bases(rules: Rules, naturals: Sequence[int], wilds: Sequence[int]) -> list[tuple[int, ...]]:
    """Two or more of ``naturals`` with up to the wild-card limit of the most valuable
    of ``wilds``, fewest cards first."""
    wild_pool = sorted(wilds, key=lambda c: -POINTS_OF[c])
    out = []
    for k in range(2, len(naturals) + 1):
        for w in range(0, min(rules.wild_limit, len(wild_pool)) + 1):
            out.append(tuple(naturals[:k]) + tuple(wild_pool[:w]))
    out.sort(key=len)
    return out


def _candidate_groups(st: State, ids: dict[int, list[int]], exclude: int) -> list[tuple[int, tuple[int, ...], int]]:
    """New melds the hand can make from its naturals, as (rank, naturals, wilds needed)."""
    out = []
    for k in range(4, 15):
        if k == exclude:
            continue
        cards = ids.get(k)
        if not cards:
            continue
        if len(cards) >= 3:
            out.append((k, tuple(cards), 0))
        elif len(cards) == 2:
            out.append((k, tuple(cards), 1))
    return out


_EXTRA_CANDIDATES = 7   # the most valuable new melds tried in combinations for an initial meld


def initial_extras(st: State, seat: int, ids: dict[int, list[int]], exclude: int,
                    base: tuple[int, ...], top: int, prune: bool = True) -> list[tuple[Group, ...]]:
    """Sets of further melds that bring an initial meld up to the minimum count: the
    smallest sets that do it (and none when the base alone does), up to six, in the
    order of the subsets' bit masks (see :func:`smallest_sets`). ``prune`` False: every
    subset is built (the reference the tests compare with)."""
    team = st.team_of(seat)
    need = st.minimum(team)
    base_points = sum(POINTS_OF[c] for c in base) + (POINTS_OF[top] if top >= 0 else 0)
    if base_points >= need:
        return [()]
    used = set(base)
    wild_pool = [c for c in ids.get(JOKER, []) + ids.get(TWO, []) if c not in used]
    wild_pool.sort(key=lambda c: -POINTS_OF[c])
    cands = _candidate_groups(st, ids, exclude)
    # the naturals of a group are of one rank: they count its points each
    cands.sort(key=lambda g: -len(g[1]) * POINTS_OF[g[1][0]])
    cands = cands[:_EXTRA_CANDIDATES]
    limit = st.rules.wild_limit

    def build(chosen: list) -> Optional[tuple[Group, ...]]:
        wneed = 0
        for g in chosen:
            wneed += g[2]
        if wneed > len(wild_pool):
            return None
        pool = wild_pool[:]
        groups = []
        points = base_points
        for k, nat, w in chosen:
            extra = [pool.pop() for _ in range(w)]  # cheapest wild for the compulsory one
            groups.append([k, [*nat, *extra], w])
            points += len(nat) * POINTS_OF[nat[0]]
            for c in extra:
                points += POINTS_OF[c]
        # top up with the most valuable spare wild cards while short
        gi = 0
        while points < need and pool and gi < len(groups):
            g = groups[gi]
            if g[2] < limit and (not st.rules.more_naturals_than_wilds
                                 or len(g[1]) - g[2] > g[2] + 1):
                c = pool.pop(0)
                g[1].append(c)
                g[2] += 1
                points += POINTS_OF[c]
            else:
                gi += 1
        if points >= need:
            return tuple(Group(tuple(g[1])) for g in groups)
        return None

    if not prune:
        return smallest_sets(cands, build)
    # smallest_sets(cands, build), passing over the subsets that build would refuse
    # anyway: those needing more wild cards than there are, and those whose naturals
    # and every wild card together still count less than the minimum
    nc = len(cands)
    room = need - base_points
    for c in wild_pool:
        room -= POINTS_OF[c]
    points_of = [len(nat) * POINTS_OF[nat[0]] for _k, nat, _w in cands]
    if sum(points_of) < room:
        return []   # not even every candidate with every wild card counts enough
    npool = len(wild_pool)
    span = 1 << nc
    pts = [0] * span
    wneeds = [0] * span
    for i, (_k, nat, w) in enumerate(cands):
        bit = 1 << i
        p = points_of[i]
        for mask in range(bit):
            pts[mask | bit] = pts[mask] + p
            wneeds[mask | bit] = wneeds[mask] + w
    results: list[tuple] = []
    found: list[int] = []
    for mask in range(1, span):
        if pts[mask] < room or wneeds[mask] > npool:
            continue
        for m in found:
            if m & mask == m:
                break
        else:
            got = build([cands[i] for i in range(nc) if mask >> i & 1])
            if got is not None:
                found.append(mask)
                results.append(got)
                if len(results) >= 6:
                    break
    return results


def initial_extras_reference(st: State, seat: int, ids: dict[int, list[int]], exclude: int,
                              base: tuple[int, ...], top: int) -> list[tuple[Group, ...]]:
    """:func:`initial_extras` as first written, every subset of the candidates built
    (kept as the reference the tests compare the fast one with)."""
    return initial_extras(st, seat, ids, exclude, base, top, prune=False)


def smallest_sets(cands: Sequence, build: Callable[[list], Optional[tuple]], most: int = 6,
                  hopeless: Optional[Callable[[int], bool]] = None) -> list[tuple]:
    """What ``build`` makes of the subsets of ``cands`` (in the order of their bit masks),
    passing over the supersets of a subset it already made something of (None: it
    makes nothing), up to ``most`` results: the smallest sets of melds that reach an
    initial meld's minimum count. ``hopeless(mask)``, when given, says cheaply that
    ``build`` would make nothing of that subset (it is then not asked)."""
    results: list[tuple] = []
    found: list[int] = []
    for mask in range(1, 1 << len(cands)):
        if any((m & mask) == m for m in found):
            continue  # a smaller set already reaches the minimum
        if hopeless is not None and hopeless(mask):
            continue
        got = build([cands[i] for i in range(len(cands)) if mask >> i & 1])
        if got is not None:
            found.append(mask)
            results.append(got)
            if len(results) >= most:
                break
    return results


def _meld_key(groups) -> tuple:
    """What a melding action does, whichever copies of the cards it uses."""
    return tuple(sorted(tuple(sorted(KIND_OF[c] for c in g.cards)) + (-1 if g.onto is None else g.onto,)
                        for g in groups))


_PLAY_FAST: dict = {}
# actions are immutable values: the discards, and the melds that put one card on a meld,
# are made once and offered again (the second kept for the last many (card, meld id))
_DISCARD_OF = [Discard(c) for c in range(len(KIND_OF))]
_ONE_CARD: dict = {}


def _one_card(card: int, onto: int) -> Meld:
    """The melding action that puts ``card`` alone on the side's meld ``onto``."""
    key = (card, onto)
    got = _ONE_CARD.get(key)
    if got is None:
        if len(_ONE_CARD) >= 50_000:
            _ONE_CARD.clear()
        got = _ONE_CARD[key] = Meld((Group((card,), onto),))
    return got


_RANKS = range(4, 15)   # the kinds that make groups, fours to aces, in order


def _play_fast(r: Rules):
    """For :func:`play_options`, read once per game: the game's own enumerator, or True
    when its melds are judged as Classic's (no melding hook, Classic's meld errors), so
    that the choices can be judged from their counts, else False."""
    book = rulebook(r)
    own = book.get("play_options")
    if own is not None:
        fast = own
    else:
        game = game_of(r)
        fast = not ("plan_groups" in book or "out_error" in book or "going_out_plan" in book
                    or not getattr(game, "CLASSIC_MELDS", False))
    _PLAY_FAST[r.variant] = fast
    return fast


def play_options(st: State, seat: int) -> list[Action]:
    """The melds and discards open to ``seat`` after drawing: the same list, in the same
    order, as :func:`play_options_reference`, which validates every candidate through
    ``meld_action_error``. Here, in Classic, the common candidates once the side has melded
    (one group of a rank, with or without a wild card, started or added to a meld) are
    judged from their counts alone, by the checks ``plan_groups``, Classic's
    ``meld_error`` and ``meld_action_error`` make of them; the rest (the initial meld, the
    way out, after the partner's yes, another game) go through the full check."""
    r = st.rules
    fast = _PLAY_FAST.get(r.variant)
    if fast is None:
        fast = _play_fast(r)
    if fast is not True:
        if fast is not False:
            return fast(st, seat)   # the game's own
    hand = st.hands[seat]
    team = seat % r.teams  # type: ignore[operator]
    melds = st.melds[team]
    n = len(hand)
    if not fast or n <= 1 or st.permission is True or r.natural_canastas_to_go_out:
        return play_options_reference(st, seat, going_out_plan)
    size = r.canasta_size
    limit = r.wild_limit
    mnw = r.more_naturals_than_wilds
    # a play that leaves one card or none goes out (unless a foot waits): it needs the
    # canastas, and no "no" from the partner. ``short``: canastas the side lacks for it
    if st.feet[seat]:
        short = -1      # never going out: emptying the hand picks up the foot
    elif st.permission is False:
        short = 99
    else:
        short = r.canastas_to_go_out
        for m in melds:
            if m.canasta is not None:
                short -= 1
    ids = ids_by_kind(hand)
    wilds = wild_choices(ids)
    by_rank = {m.rank: m for m in melds if m.kind == "group" and not m.closed}
    plan = classic_out_plan(st, seat, r, hand, team, melds, by_rank, True)
    new = tuple.__new__
    out: list = [Ask()] if plan is not None and may_ask(st, seat) else []
    # with a way out, every candidate's groups are kept (the way out is offered once)
    every: Optional[list] = [] if plan is not None else None
    if not melds:
        # the initial meld: new groups reaching the minimum count
        for groups in initial_extras(st, seat, ids, 0, (), -1):
            if not groups:
                continue
            if every is not None:
                every.append(groups)
            ok = _initial_ok(st, seat, groups, n, short, size, limit, mnw)
            if ok is None:
                ok = meld_action_error(st, seat, groups, set(hand))[0] is None
            if ok:
                out.append(new(Meld, (groups,)))
    else:
        wild_ok = 1 <= limit     # a new meld of two or more naturals may take one wild card
        get = ids.get
        for k in _RANKS:
            cards = get(k)
            if cards is None:
                continue
            nat = len(cards)
            m = by_rank.get(k)
            if m is not None:
                # add one natural, then all of them, to the side's meld of the rank
                onto = m.id
                before = len(m.cards)
                mw = m.wilds
                base = mw <= limit
                if base and not (mnw and mw and m.naturals + 1 <= mw) and (
                        n > 2 or (1 if before < size <= before + 1 else 0) >= short):
                    one = _one_card(cards[0], onto)
                    out.append(one)
                    if every is not None:
                        every.append(one.groups)
                elif every is not None:
                    every.append(_one_card(cards[0], onto).groups)
                if nat > 1:
                    gs = (new(Group, (tuple(cards), onto)),)
                    if every is not None:
                        every.append(gs)
                    if base and not (mnw and mw and m.naturals + nat <= mw) and (
                            n - nat > 1 or (1 if before < size <= before + nat else 0) >= short):
                        out.append(new(Meld, (gs,)))
                continue
            if nat < 2:
                continue
            if nat >= 3:
                gs = (new(Group, (tuple(cards), None)),)
                if every is not None:
                    every.append(gs)
                if n - nat > 1 or (1 if nat >= size else 0) >= short:
                    out.append(new(Meld, (gs,)))
            if wilds:
                ok = wild_ok and (n - nat - 1 > 1 or (1 if nat + 1 >= size else 0) >= short)
                for w in wilds:
                    gs = (new(Group, ((*cards, w), None)),)
                    if every is not None:
                        every.append(gs)
                    if ok:
                        out.append(new(Meld, (gs,)))
        if wilds:
            for m in by_rank.values():
                before = len(m.cards)
                mw = m.wilds + 1
                ok = mw <= limit and not (mnw and m.naturals <= mw) and (
                    n > 2 or (1 if before < size <= before + 1 else 0) >= short)
                for w in wilds:
                    one = _one_card(w, m.id)
                    if every is not None:
                        every.append(one.groups)
                    if ok:
                        out.append(one)
    if plan is not None:
        # the way out may be one of the steps above: offer it once. Without a foot, the
        # search checked it as meld_action_error would (a play that goes out)
        groups = plan[0]
        key = _meld_key(groups)
        if all(len(gs) != len(groups) or _meld_key(gs) != key for gs in every):  # type: ignore[union-attr]
            if not st.feet[seat] or meld_action_error(st, seat, groups, set(hand))[0] is None:
                out.append(new(Meld, (groups,)))
    # the discards: one card of each kind, the first in hand order
    out += [_DISCARD_OF[cards[0]] for cards in ids.values()]
    return out


def _initial_ok(st: State, seat: int, groups: tuple, n: int, short: int, size: int, limit: int,
                mnw: bool) -> Optional[bool]:
    """Whether Classic's ``meld_action_error`` accepts an initial meld of new ``groups`` made
    by :func:`initial_extras` (naturals of one rank each, ranks apart, from the hand,
    with wild cards): judged from their counts, as ``plan_groups``, Classic's
    ``meld_error`` and ``meld_action_error`` judge them; None when it counts less than the
    minimum (then only the full check knows: going out concealed is exempt)."""
    used = points = made = 0
    for g in groups:
        cards = g.cards
        w = 0
        for c in cards:
            points += POINTS_OF[c]
            if WILD_OF[c]:
                w += 1
        k = len(cards)
        nat = k - w
        if nat < 2 or k < 3 or w > limit or (mnw and w and nat <= w):
            return False
        used += k
        if k >= size:
            made += 1
    if points < st.minimum(seat % st.rules.teams):  # type: ignore[operator]
        return None
    return n - used > 1 or made >= short


def play_options_reference(st: State, seat: int, out_plan: Optional[Callable] = None) -> list[Action]:
    """:func:`play_options` as it was written first: every candidate through the full
    ``meld_action_error`` (kept as the reference the tests compare the fast one with; the
    fast one hands the cases it does not judge itself to it, with the fast
    ``going_out_plan`` as ``out_plan``)."""
    own = rulebook(st.rules).get("play_options")
    if own is not None:
        return own(st, seat)
    hand = st.hands[seat]
    team = st.team_of(seat)
    ids = ids_by_kind(hand)
    out: list[Action] = []
    cands: list[Meld] = []
    if st.melds[team]:
        wilds = wild_choices(ids)
        by_rank = {m.rank: m for m in st.melds[team] if m.kind == "group" and not m.closed}
        for k in range(4, 15):
            cards = ids.get(k)
            if not cards:
                continue
            if k in by_rank:
                onto = by_rank[k].id
                cands.append(Meld((Group((cards[0],), onto),)))
                if len(cards) > 1:
                    cands.append(Meld((Group(tuple(cards), onto),)))
            elif len(cards) >= 3:
                cands.append(Meld((Group(tuple(cards)),)))
                for w in wilds:
                    cands.append(Meld((Group(tuple(cards) + (w,)),)))
            elif len(cards) == 2:
                for w in wilds:
                    cands.append(Meld((Group(tuple(cards) + (w,)),)))
        for m in by_rank.values():
            for w in wilds:
                cands.append(Meld((Group((w,), m.id),)))
    else:
        for extra in initial_extras_reference(st, seat, ids, 0, (), -1):
            if extra:
                cands.append(Meld(extra))
    plan = (out_plan or going_out_plan_reference)(st, seat)
    if plan is not None and may_ask(st, seat):
        out.append(Ask())
    if plan is not None:
        # the way out may be one of the steps above: offer it once
        key = _meld_key(plan[0])
        if all(_meld_key(a.groups) != key for a in cands):
            cands.append(Meld(plan[0]))
    hand_set = set(hand)
    for a in cands:
        if meld_action_error(st, seat, a.groups, hand_set)[0] is None:
            out.append(a)
    out.extend(discard_options(st, seat, KIND_OF))
    return out


def discard_options(st: State, seat: int, same: Sequence) -> list[Action]:
    """The seat's discards, one card for each value of ``same[card]`` (its kind in
    Classic; its rank and suit where sequences tell suits apart). The last card only
    when going out is allowed; none after the partner's yes (the seat must go out)."""
    hand = st.hands[seat]
    out: list[Action] = []
    if len(hand) == 1:
        if going_out_error(st, seat, None, 0) is None:
            out.append(Discard(hand[0]))
        return out
    if st.permission is True:
        return out
    first: dict = {}
    for c in hand:
        k = same[c]
        if k not in first:
            first[k] = c
    new = tuple.__new__
    return [new(Discard, (c,)) for c in first.values()]
