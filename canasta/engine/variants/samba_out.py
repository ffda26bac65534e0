"""A complete "may I go out?" for Samba and Bolivia (RULES.md section 6): whether the
seat can meld its whole hand, or all of it but one card to discard, in one action that
gives the side the canastas going out needs, at any hand size, and one way to do it.

A search over the ranks 4 to ace. At each rank each suit's cards carry on
the sequences in progress (new ones, and the side's open sequences at either end) or
start new ones; the rest go to the groups of that rank, whose uses of wild cards (new
groups, the side's groups) are worked out once per shape. A state holds the sequences
in progress, the wild cards the groups have taken, whether a natural card is the one
left, whether a natural canasta and a sequence canasta have been made, and the
canastas made so far (up to the number needed). The search goes depth first and stops
at the first way out; a state that led nowhere is not tried again with as many
canastas, and a state is dropped as soon as a bound (each rank's naturals and the wild
cards, the sequences that can still reach seven) says the canastas cannot come. The
wild cards the groups do not take make wild melds (Bolivia). The shapes are all there
are, so a hand that cannot go out is told at any size; the way found is then checked
by the validator before it is offered.

Pure logic, no pygame; used by ``samba_hand``'s going-out look.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product
from types import SimpleNamespace
from typing import Optional

from ..actions import Group
from ..cards import BLACK3, KIND_OF, POINTS_OF, RED3, SUIT_OF, WILD_OF
from ..melding import concealed_ok, going_out_error, plan_groups
from ..state import State
from . import samba as G

_FULL = G.CANASTA_SIZE
_RUN_MAX = G.SEQUENCE_MAX


def _room(r, naturals: int, wilds: int) -> int:
    """How many more wild cards a group of ``naturals`` and ``wilds`` may take."""
    room = r.wild_limit - wilds
    if r.twice_naturals:
        room = min(room, naturals // 2 - wilds)
    if r.more_naturals_than_wilds:
        room = min(room, naturals - 1 - wilds)
    return room


@lru_cache(maxsize=4096)
def _rank_options(n: int, table: tuple, limit: int, twice: bool, more: bool) -> dict:
    """The ways ``n`` naturals of one rank (and wild cards) go into groups: the side's
    groups ``table`` ((naturals, wilds, size, a canasta), in order) and new groups.
    ``{(wild cards taken, a natural canasta made): (canastas made, [(index into table
    or -1, naturals, wild cards), ...])}``, the most canastas for each key."""
    r = SimpleNamespace(wild_limit=limit, twice_naturals=twice, more_naturals_than_wilds=more)

    def merge(into: dict, key, value) -> None:
        got = into.get(key)
        if got is None or value[0] > got[0]:
            into[key] = value

    @lru_cache(maxsize=None)
    def news(left: int, biggest: int) -> dict:
        # new groups of ``left`` naturals, each of 2 to ``biggest``, largest first
        if left == 0:
            return {(0, False): (0, ())}
        out: dict = {}
        for a in range(min(left, biggest), 1, -1):
            rest = news(left - a, a)
            if not rest:
                continue
            low = 1 if a == 2 else 0
            for b in range(low, max(_room(r, a, 0), -1) + 1):
                made = a + b >= _FULL
                clean = made and b == 0
                for (w, c), (cn, parts) in rest.items():
                    merge(out, (w + b, c or clean), (cn + made, ((-1, a, b),) + parts))
        return out

    def olds(i: int, left: int) -> dict:
        if i == len(table):
            return news(left, left)
        nat, wild, size, done = table[i]
        out: dict = {}
        for a in range(left + 1):
            rest = olds(i + 1, left - a)
            if not rest:
                continue
            top = 0 if done else max(_room(r, nat + a, wild), 0)
            for b in range(top + 1):
                made = not done and size + a + b >= _FULL
                clean = made and wild + b == 0
                for (w, c), (cn, parts) in rest.items():
                    merge(out, (w + b, c or clean), (cn + made, ((i, a, b),) + parts))
        return out

    return olds(0, n)


@lru_cache(maxsize=None)
def _new_wild_melds(n: int) -> Optional[tuple[int, ...]]:
    """Sizes (3 to 7) of new wild melds holding ``n`` wild cards, as many of seven as
    can be, or None when ``n`` cannot be shared so."""
    if n == 0:
        return ()
    best = None
    for p in range(_FULL, 2, -1):
        if p <= n:
            rest = _new_wild_melds(n - p)
            if rest is not None:
                cand = (p,) + rest
                if best is None or cand.count(_FULL) > best.count(_FULL):
                    best = cand
    return best


def _wild_meld_options(room: tuple, spare: int) -> Optional[tuple[int, list]]:
    """(bolivias made, [(index into ``room`` or -1 for a new one, wild cards)]) for
    ``spare`` wild cards put on the side's wild melds (``room`` more cards each) and on
    new wild melds of 3 to 7, the most bolivias, or None when they cannot all go."""
    best: Optional[tuple[int, list]] = None

    def go(i: int, left: int, made: int, parts: list) -> None:
        nonlocal best
        if i < len(room):
            for x in range(min(room[i], left), -1, -1):
                go(i + 1, left - x, made + (x == room[i] and x > 0), parts + [(i, x)] if x else parts)
            return
        new = _new_wild_melds(left)
        if new is None:
            return
        n = made + new.count(_FULL)
        if best is None or n > best[0]:
            best = (n, parts + [(-1, p) for p in new])

    go(0, spare, 0, [])
    return best


# -- the sequences in progress, one suit at a time -------------------------------------
# An item is ("n", length) for a new sequence (3 stands for three or more: a longer one
# is put down as several, none a canasta but perhaps by chance), ("t", length) for a new
# sequence that will be a canasta of seven, ("d", meld id, length) for cards going
# below one of the side's sequences (they must reach it), ("w", meld id, size) for the
# side's sequence while the ranks it holds go by, ("u", meld id, size) for cards going
# above it.

def _closing(item) -> Optional[int]:
    """Canastas made when ``item`` stops here (0 or 1), or None when it may not stop."""
    if item[0] == "n":
        return None if item[1] < 3 else 0
    if item[0] == "d" or item[0] == "t":
        return None
    return int(item[2] == _RUN_MAX)


def _ahead_ok(items, k: int, ahead: list, seqs: dict) -> bool:
    """Whether the suit holds the cards of the ranks above ``k`` that the sequences in
    progress must still take (``ahead[j - 1]``: how many of rank k + j)."""
    need = [0] * 7
    for it in items:
        kind = it[0]
        if kind == "n":
            reach = 3 - it[1]
        elif kind == "t":
            reach = _RUN_MAX - it[1]
        elif kind == "d":
            reach = seqs[it[1]][1] - 1 - k
        else:
            continue
        for j in range(1, reach + 1):
            need[j] += 1
            if need[j] > ahead[j - 1]:
                return False
    return True


def _suit_moves(items: tuple, k: int, c: int, seqs: dict, suit_seqs: list, ahead: list) -> list:
    """Every way the ``c`` cards of rank ``k`` of a suit carry on, stop or start its
    sequences: (items after, cards used, canastas made, (choices, starts below, new)),
    those the cards above (``ahead``) cannot carry on left out."""
    opts = []
    for it in items:
        o = []   # (choice, item after or None, used, canastas)
        kind = it[0]
        if kind == "n":
            o.append((1, ("n", min(it[1] + 1, 3)), 1, 0))
            if it[1] >= 3:
                o.append((0, None, 0, 0))
        elif kind == "t":
            o.append((1, None, 1, 1) if it[1] == _RUN_MAX - 1 else (1, ("t", it[1] + 1), 1, 0))
        elif kind == "d":
            mid, n = it[1], it[2]
            low, size = seqs[mid][1], seqs[mid][3]
            o.append((1, ("w", mid, size + n + 1) if k == low - 1 else ("d", mid, n + 1), 1, 0))
        else:
            mid, size = it[1], it[2]
            if kind == "w" and k <= seqs[mid][2]:
                o.append((0, it, 0, 0))
            else:
                if size < _RUN_MAX:
                    o.append((1, ("u", mid, size + 1), 1, 0))
                o.append((0, None, 0, int(size == _RUN_MAX)))
        if not o:
            return []
        opts.append(o)
    present = {it[1] for it in items if it[0] not in "nt"}
    below = [mid for mid in suit_seqs if mid not in present and seqs[mid][1] > k
             and seqs[mid][3] + seqs[mid][1] - k <= _RUN_MAX]
    out = []
    for combo in product(*opts):
        used = sum(x[2] for x in combo)
        if used > c:
            continue
        made = sum(x[3] for x in combo)
        kept = [x[1] for x in combo if x[1] is not None]
        choices = tuple(x[0] for x in combo)
        for nb in range(1 << len(below)):
            starts = tuple(mid for i, mid in enumerate(below) if nb >> i & 1)
            u = used + len(starts)
            if u > c:
                continue
            start_items = [("w", mid, seqs[mid][3] + 1) if seqs[mid][1] == k + 1 else ("d", mid, 1)
                           for mid in starts]
            for t in range(0, c - u + 1 if k <= 14 - 2 else 1):
                for t7 in range(0, c - u - t + 1 if k <= 14 - (_RUN_MAX - 1) else 1):
                    after = tuple(sorted(kept + start_items + [("n", 1)] * t + [("t", 1)] * t7))
                    if not _ahead_ok(after, k, ahead, seqs):
                        continue
                    out.append((after, u + t + t7, made, (choices, starts, t, t7)))
    return out


def goes_out(st: State, seat: int, groups, left: int, hand_set: set) -> bool:
    """Whether melding ``groups`` (and discarding ``left``, or -1) goes out, as the
    validator judges it."""
    err, plan = plan_groups(st, seat, groups, hand_set)   # the game's own validator, through the core
    if err:
        return False
    remaining = len(st.hands[seat]) - plan.used  # type: ignore[union-attr]
    if remaining != (1 if left >= 0 else 0):
        return False
    if going_out_error(st, seat, plan, remaining):
        return False
    team = st.team_of(seat)
    if not st.melds[team] and plan.points < st.minimum(team):  # type: ignore[union-attr]
        if st.took_pile or not concealed_ok(st, seat, plan):
            return False
    return True


def way_out(st: State, seat: int) -> Optional[tuple[tuple[Group, ...], Optional[int]]]:
    """One way for ``seat`` to go out now in one melding action: (groups, the card left
    to discard or None), or None when there is none. Complete: the answer does not
    depend on the size of the hand."""
    r = st.rules
    hand = st.hands[seat]
    if len(hand) < 2 or st.permission is False:
        return None
    team = st.team_of(seat)
    melds = st.melds[team]
    by_rs: dict[tuple[int, int], list[int]] = {}
    wilds: list[int] = []
    b3: list[int] = []
    for c in hand:
        k = KIND_OF[c]
        if WILD_OF[c]:
            wilds.append(c)
        elif k == RED3:
            return None
        elif k == BLACK3:
            b3.append(c)
        else:
            by_rs.setdefault((k, SUIT_OF[c]), []).append(c)
    wilds.sort(key=POINTS_OF.__getitem__)
    need = r.canastas_to_go_out
    later = _may_reach(st, team, by_rs, len(wilds), need)
    if later is None:
        return None
    slack: Optional[int] = None   # the points the card left may have (an initial meld)
    if not melds:
        slack = sum(POINTS_OF[c] for c in hand) - st.minimum(team)
        if not (st.took_pile or st.played_before_turn or st.partner_added):
            # concealed, the minimum does not apply but a canasta is needed
            if need == 0 and slack >= 0:
                return (_search(st, seat, by_rs, wilds, b3, melds, slack, 0, later)
                        or _search(st, seat, by_rs, wilds, b3, melds, None, 1, later))
            slack = None
        elif slack < 0:
            return None
    return _search(st, seat, by_rs, wilds, b3, melds, slack, need, later)


def _may_reach(st: State, team: int, by_rs: dict, n_wild: int, need: int) -> Optional[list[int]]:
    """A quick bound: whether the side could have ``need`` canastas (and the kinds the
    rules ask for) after melding the hand, counting each rank's naturals and the wild
    cards they would need, each suit's cards in runs of seven, seven wild cards; rank,
    suit and wild limits are the only shapes it knows, so a None is certain. Otherwise
    (``groups_from``, runs, wild): at most how many new canastas the groups of ranks k
    and up (``groups_from[k]``), new sequences of seven and wild melds can make."""
    r = st.rules
    limit = min(r.wild_limit, _FULL - 1)
    have = 0
    size_of: dict[int, int] = {}      # the side's open group cards by rank
    cover = [[0] * 15 for _ in range(4)]
    wild_cards = n_wild
    kinds = []
    for m in st.melds[team]:
        if m.canasta is not None:
            have += 1
            kinds.append(m.canasta)
            continue
        if m.kind == "group":
            size_of[m.rank] = size_of.get(m.rank, 0) + len(m.cards)
        elif m.kind == "sequence":
            for k in range(m.low, m.high + 1):
                cover[m.suit][k] += 1
        elif m.kind == "wild":
            wild_cards += len(m.cards)
    nat: dict[int, int] = dict(size_of)
    for (k, s), cards in by_rs.items():
        nat[k] = nat.get(k, 0) + len(cards)
        cover[s][k] += len(cards)
    costs: dict[int, list[int]] = {}   # the wild cards each further group canasta of a rank needs
    clean = False
    for k, n in nat.items():
        j = 1
        while j * (_FULL - limit) <= n:
            costs.setdefault(k, []).append(max(0, _FULL * j - n) - max(0, _FULL * (j - 1) - n))
            j += 1
        clean = clean or n >= _FULL
    groups_from = [0] * 16
    for low in range(14, 3, -1):
        spent = count = 0
        for c in sorted(c for k, cs in costs.items() if k >= low for c in cs):
            if spent + c > n_wild:
                break
            spent += c
            count += 1
        groups_from[low] = count
    groups = groups_from[4]
    runs = 0
    for s in range(4):
        row = cover[s]
        if any(all(row[k + i] for i in range(_RUN_MAX)) for k in range(4, 15 - _RUN_MAX + 1)):
            runs += sum(row) // _RUN_MAX
    wild = wild_cards // G.WILD_MELD_MAX if r.wild_melds else 0
    if have + groups + runs + wild < need:
        return None
    if r.out_needs_escalera and not runs and not any(G.is_sequence_canasta(k) for k in kinds):
        return None
    if r.out_needs_clean and not (runs or clean or any(k == "natural" or G.is_sequence_canasta(k) for k in kinds)):
        return None
    return groups_from, runs, wild


def _search(st: State, seat: int, by_rs: dict, wilds: list, b3: list, melds: list, slack: Optional[int],
            need: int, later: tuple):
    r = st.rules
    groups_of: dict[int, list] = {}
    seqs: dict[int, tuple[int, int, int, int]] = {}
    rooms: list = []          # the side's open wild melds: (meld, room)
    kinds = []
    for m in melds:
        if m.canasta is not None:
            kinds.append(m.canasta)
        if m.kind == "group":
            groups_of.setdefault(m.rank, []).append(m)
        elif m.kind == "sequence" and not m.closed:
            seqs[m.id] = (m.suit, m.low, m.high, len(m.cards))
        elif m.kind == "wild" and not m.closed:
            rooms.append((m, G.WILD_MELD_MAX - len(m.cards)))
    by_suit = {s: [mid for mid, v in seqs.items() if v[0] == s] for s in range(4)}
    clean0 = any(k == "natural" or G.is_sequence_canasta(k) for k in kinds)
    esc0 = any(G.is_sequence_canasta(k) for k in kinds)
    n_wild = len(wilds)
    tables = {k: tuple((m.naturals, m.wilds, len(m.cards), m.canasta is not None) for m in ms)
              for k, ms in groups_of.items()}
    sig = (r.wild_limit, bool(r.twice_naturals), bool(r.more_naturals_than_wilds))

    # states: (items of the four suits, wild cards the groups took, a natural left,
    # natural canasta made, sequence canasta made, naturals of this rank for groups)
    # only what can decide the answer is kept apart: the kinds of canastas when the
    # rules ask for them, the canastas up to the number needed
    want_clean = bool(r.out_needs_clean) and not clean0
    want_esc = bool(r.out_needs_escalera) and not esc0
    if not melds and slack is None:
        need = max(need, 1)
    have = len(kinds)
    enough = max(need - have, 0)
    room = tuple(x for _m, x in rooms)
    groups_from, runs, wild_melds = later
    order = [(k, s) for k in range(4, 15) for s in (0, 1, 2, 3, -1)]   # -1: the groups of rank k
    moves_of: dict = {}
    failed: dict = {}    # (step, state) -> the most canastas it was tried with, and failed

    def finish(key, cn: int):
        """How the hand ends (wild card or black three left, wild melds), or None."""
        suits, wg, lo, cl, es, _pool = key
        made = 0
        for items in suits:
            for it in items:
                got = _closing(it)
                if got is None:
                    return None
                made += got
                es = es or got > 0
        ways = [(None, None)]              # (the wild card left, the black three left)
        if not lo:
            if wilds and (slack is None or POINTS_OF[wilds[0]] <= slack):
                ways.append((wilds[0], None))
            if b3 and (slack is None or POINTS_OF[b3[0]] <= slack):
                ways.append((None, b3[0]))
        for wild_left, b3_left in ways:
            nb3 = len(b3) - (b3_left is not None)
            if nb3 and not 3 <= nb3 <= 6:
                continue
            spare = n_wild - wg - (wild_left is not None)
            if spare < 0:
                continue
            bolivias, wild_parts = 0, []
            if spare:
                if not r.wild_melds:
                    continue
                got = _wild_meld_options(room, spare)
                if got is None:
                    continue
                bolivias, wild_parts = got
            if have + cn + made + bolivias < need:  # type: ignore[operator]
                continue
            if (r.out_needs_escalera and not es) or (r.out_needs_clean and not cl):
                continue
            return wild_parts, wild_left, b3_left, nb3
        return None

    def step(i: int, key, cn: int) -> Optional[list]:
        """The decisions from step ``i`` on that reach a way out, depth first (the
        first way found is taken), or None; a state that failed is not tried again."""
        if i == len(order):
            end = finish(key, cn)
            return None if end is None else [end]
        suits, wg, lo, cl, es, pool = key
        if failed.get((i, key), -1) >= cn:
            return None
        if lo and failed.get((i, key[:2] + (False,) + key[3:]), -1) >= cn:
            return None   # the same with no card left failed: this one cannot do better
        k, s = order[i]
        sevens = sum(1 for items in suits for it in items if it[0] == "t")
        new_runs = runs if k <= 14 - _RUN_MAX + 1 else 0     # a new sequence of seven starts by the 8
        if cn + groups_from[k] + wild_melds + len(seqs) + sevens + new_runs < enough:
            return None   # the canastas still to come cannot make up the number
        if not es and not (seqs or sevens or new_runs):
            return None   # the sequence canasta the rules ask for can no longer be made
        if s >= 0:
            items = suits[s]
            opening = [mid for mid in by_suit[s] if seqs[mid][1] == k]
            if opening:
                there = {it[1] for it in items if it[0] == "w"}
                items = tuple(sorted(items + tuple(("w", mid, seqs[mid][3]) for mid in opening
                                                   if mid not in there)))
            c = len(by_rs.get((k, s), ()))
            moves = moves_of.get((k, s, items))
            if moves is None:
                ahead = [len(by_rs.get((k + j, s), ())) for j in range(1, 8)]
                moves = moves_of[(k, s, items)] = _suit_moves(items, k, c, seqs, by_suit[s], ahead)
            for after, used, made, dec in moves:
                nkey = (suits[:s] + (after,) + suits[s + 1:], wg, lo, cl, es or made > 0, pool + c - used)
                got = step(i + 1, nkey, min(cn + made, enough))
                if got is not None:
                    return [("suit", s, items, dec)] + got
        else:
            table = tables.get(k, ())
            lefts = [False]
            if not lo and pool and (slack is None or POINTS_OF[by_rs_first(by_rs, k)] <= slack):
                lefts.append(True)
            for left in lefts:
                n = pool - left
                opts = _rank_options(n, table, *sig) if n or table else {(0, False): (0, ())}
                for (w, clean), (made, parts) in sorted(opts.items(), key=lambda kv: -kv[1][0]):
                    if wg + w > n_wild:
                        continue
                    nkey = (suits, wg + w, lo or left, cl or clean, es, 0)
                    got = step(i + 1, nkey, min(cn + made, enough))
                    if got is not None:
                        return [("rank", k, left, parts)] + got
        failed[(i, key)] = cn
        return None

    found = step(0, (((), (), (), ()), 0, False, not want_clean, not want_esc, 0), 0)
    if found is None:
        return None
    wild_parts, wild_left, b3_left, nb3 = found[-1]
    left_card = wild_left if wild_left is not None else b3_left
    return _build(st, found[:-1], by_rs, wilds, b3, groups_of, seqs, rooms, wild_parts,
                  wild_left, b3_left, left_card, nb3)


def by_rs_first(by_rs: dict, k: int) -> int:
    for s in range(4):
        got = by_rs.get((k, s))
        if got:
            return got[0]
    raise KeyError(k)


def _build(st: State, steps: list, by_rs: dict, wilds: list, b3: list, groups_of: dict, seqs: dict,
           rooms: list, wild_parts: list, wild_left, b3_left, left_card, nb3: int):
    """The groups of the way the programme found, replayed from its decisions."""
    cards = {rs: list(v) for rs, v in by_rs.items()}
    spare = [c for c in wilds if c != wild_left] if wild_left is not None else list(wilds)
    onto: dict[int, list[int]] = {}
    new: list[tuple[int, ...]] = []
    live: list[list] = [[], [], [], []]    # per suit: [item, cards], sorted by item
    pool: list[int] = []

    def stop(item, got: list) -> None:
        if item[0] in "nt":
            while len(got) > _RUN_MAX:     # a long sequence put down as several
                new.append(tuple(got[:3]))
                got = got[3:]
            new.append(tuple(got))
        elif got:
            onto.setdefault(item[1], []).extend(got)

    k = 4
    for dec in steps:
        if dec[0] == "suit":
            _, s, items, (choices, starts, t, t7) = dec
            here = cards.get((k, s), [])
            cur = live[s]
            have = {it[1] for it, _c in cur if it[0] == "w"}
            for mid, v in seqs.items():
                if v[0] == s and v[1] == k and mid not in have:
                    cur.append([("w", mid, v[3]), []])
            cur.sort(key=lambda x: x[0])
            assert tuple(x[0] for x in cur) == items
            after = []
            for (it, got), go in zip(cur, choices):
                if go:
                    got = got + [here.pop()]
                    if it[0] == "n":
                        it = ("n", min(it[1] + 1, 3))
                    elif it[0] == "t":
                        if it[1] == _RUN_MAX - 1:
                            stop(it, got)
                            continue
                        it = ("t", it[1] + 1)
                    elif it[0] == "d":
                        low, size = seqs[it[1]][1], seqs[it[1]][3]
                        it = ("w", it[1], size + it[2] + 1) if k == low - 1 else ("d", it[1], it[2] + 1)
                    else:
                        it = ("u", it[1], it[2] + 1)
                    after.append([it, got])
                elif it[0] == "w" and k <= seqs[it[1]][2]:
                    after.append([it, got])
                else:
                    stop(it, got)
            for mid in starts:
                v = seqs[mid]
                after.append([("w", mid, v[3] + 1) if v[1] == k + 1 else ("d", mid, 1), [here.pop()]])
            for _ in range(t):
                after.append([("n", 1), [here.pop()]])
            for _ in range(t7):
                after.append([("t", 1), [here.pop()]])
            pool.extend(here)
            cards[(k, s)] = []
            after.sort(key=lambda x: x[0])
            live[s] = after
        else:
            _, rank, left, parts = dec
            assert rank == k
            if left:
                left_card = pool.pop()
            table = groups_of.get(k, [])
            for idx, a, b in parts:
                got = pool[:a] + [spare.pop() for _ in range(b)]
                del pool[:a]
                if idx >= 0:
                    onto.setdefault(table[idx].id, []).extend(got)
                else:
                    new.append(tuple(got))
            assert not pool
            k += 1
    for cur in live:
        for it, got in cur:
            stop(it, got)
    for idx, x in wild_parts:
        got = [spare.pop() for _ in range(x)]
        if idx >= 0:
            onto.setdefault(rooms[idx][0].id, []).extend(got)
        else:
            new.append(tuple(got))
    assert not spare
    if nb3:
        new.append(tuple(c for c in b3 if c != b3_left) if b3_left is not None else tuple(b3))
    groups = tuple(Group(g) for g in new) + tuple(Group(tuple(v), mid) for mid, v in onto.items() if v)
    return groups, left_card
