"""Hand and Foot's rulebook for the core (see ``registry.rulebook``): the melding validator
(the wild rule, books of seven, one open meld of a rank, wild melds), the pile taken
with a natural pair, the books needed to go out from the foot, and the enumeration of
the distinct legal moves.

Imported by the core on first use (it imports the core), never by the game module at
load time.
"""

from __future__ import annotations

from itertools import combinations
from typing import Iterable, Optional, Sequence

from ..actions import Action, Ask, Discard, Group, Meld, TakePile
from ...i18n import N_, t
from ..cards import BLACK3, JOKER, KIND_OF, POINTS_OF, RED3, TWO, WILD_OF, not_in_hand
from ..going_out import meld_action_error
from ..melding import may_ask, gather_groups, going_out_error, onto_meld, Plan, pile_taken
from ..state import State
from ..words import RANK_WORDS, word
from . import hand_and_foot as G

SEVEN = G.BOOK_SIZE


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
    # each meld after the action: id -> (kind, rank, size, wilds)
    after = {m.id: (m.kind, m.rank, len(m.cards), m.wilds) for m in melds}
    new: list[tuple[str, int, int, int]] = []
    err, todo = gather_groups(groups, extra_top, top_with, top_onto)
    if err:
        return err, None
    for cards, onto, is_top in todo:
        for c in cards:
            if c in seen:
                return N_("The same card cannot be used twice."), None
            if c not in hand_set:
                return not_in_hand(c), None
            seen.add(c)
        whole = cards + (extra_top,) if is_top else cards
        if onto is not None:
            err, existing = onto_meld(st, team, onto)
            if err:
                if existing is None and any(m.id == onto and m.canasta for m in melds):
                    err = N_("That book is closed: nothing more can be added to it.")
                return err, None
            if existing.id in targets:
                return N_("Put all the cards for one meld in a single group."), None
            targets.add(existing.id)
            nat = w = 0
            for c in whole:
                k = KIND_OF[c]
                if WILD_OF[c]:
                    w += 1
                elif k == RED3:
                    return N_("Red threes are never melded: they score as bonus cards."), None
                elif k == BLACK3:
                    return N_("Black threes are never melded in Hand and Foot: they can only be discarded."), None
                elif existing.kind == "wild":
                    return N_("A wild meld holds wild cards only."), None
                elif k != existing.rank:
                    return t("Only {ranks} and wild cards go on the meld of {ranks}.",
                             ranks=G.ranks(existing.rank)), None
                else:
                    nat += 1
            size = len(existing.cards)
            err = G.meld_error(r, existing.kind, existing.rank, existing.naturals + nat, existing.wilds + w,
                               False, size, existing.wilds)
            if err:
                return err, None
            after[existing.id] = (existing.kind, existing.rank, size + len(whole), existing.wilds + w)
            if existing.by != seat:
                plan.adds_partner = True
            plan.items.append((existing.rank, melds.index(existing), list(cards),
                               "top" if is_top else existing.kind))
        else:
            err, kind, rank = G.classify(whole, r)
            if err:
                return err, None
            w = sum(1 for c in whole if WILD_OF[c])
            new.append((kind, rank, len(whole), w))
            plan.items.append((rank, -1, list(cards), "top" if is_top else kind))
        plan.used += len(cards)
        plan.points += sum(POINTS_OF[c] for c in whole)
    # one open (incomplete) meld of a rank at a time, after the action
    open_ones: set[tuple[str, int]] = set()
    for kind, rank, size, _w in list(after.values()) + new:
        if size < SEVEN:
            if (kind, rank) in open_ones:
                if kind == "wild":
                    return N_("Your side may have one open wild meld at a time: add to it until it is a "
                              "book of seven."), None
                return t("Your side may have one open meld of {ranks} at a time: add to it until it is a "
                         "book of seven.", ranks=G.ranks(rank)), None
            open_ones.add((kind, rank))
    kinds = []
    for kind, rank, size, w in list(after.values()) + new:
        b = G.book_kind(kind, size, w)
        if b is not None:
            kinds.append(b)
    before = sum(1 for m in melds if m.canasta is not None)
    plan.own_canasta = len(kinds) > before
    plan.kinds_after = kinds
    plan.canastas_after = len(kinds)
    return None, plan


def books_error(st: State, seat: int, kinds: Sequence[str]) -> Optional[str]:
    """Whether a side holding books of ``kinds`` may go out (the player in their foot,
    the partners too with ``partner_in_foot``)."""
    r = st.rules
    if not st.in_foot(seat):
        return N_("You must pick up and play your foot before you can go out.")
    if r.partner_in_foot:
        for p in range(r.players):
            if p != seat and st.team_of(p) == st.team_of(seat) and st.foot_waiting(p):
                return N_("Going out needs your partner to have picked up their foot too.")
    need = G.books_needed(r)
    have = {k: 0 for k in need}
    for k in kinds:
        if k in have:
            have[k] += 1
    if any(have[k] < n for k, n in need.items()):
        want = G.and_chain([G.book_count(k, n) for k, n in need.items() if n])
        got = G.and_chain([G.book_count(k, have[k]) for k, n in need.items() if n])
        return t("Going out needs {want} books; your side has {got}.", want=want, got=got)
    return None


def out_error(st: State, seat: int, plan: Optional[Plan], left: int) -> Optional[str]:
    """Going out: from the foot, with the books, and with the partner's yes under
    ``must_ask``. ``left``: the cards the play leaves (1: the last one is discarded)."""
    if plan is not None and plan.kinds_after is not None:
        kinds = plan.kinds_after
    else:
        kinds = [m.canasta for m in st.melds[st.team_of(seat)] if m.canasta is not None]
    err = books_error(st, seat, kinds)
    if err:
        if left == 1 and plan is not None:
            return t("{reason} Keep at least two cards in your hand.", reason=err)
        return err
    if st.rules.must_ask and st.permission is not True:
        return N_("Ask your partner 'May I go out?' first: these rules need a yes.")
    return None


def take_error(st: State, seat: int, with_cards: Sequence[int], extra: Sequence, onto: Optional[int] = None):
    """The pile is taken by melding its top card with a natural pair of its rank from the
    hand (more naturals of the rank may join), as a new meld or onto the side's open meld
    of the rank; the player takes the top ``pile_take`` cards (the top one melded)."""
    pile = st.pile
    if not pile:
        return N_("The discard pile is empty."), None
    top = pile[-1]
    tk = KIND_OF[top]
    if WILD_OF[top]:
        return N_("A wild card on top of the pile stops anyone from taking it."), None
    if tk == BLACK3:
        return N_("A black three on top of the pile blocks it: draw from the stock."), None
    if tk == RED3:
        return N_("A red three on top of the pile blocks it."), None
    hand = st.hands[seat]
    team = st.team_of(seat)
    hand_set = set(hand)
    for c in with_cards:
        if c not in hand_set:
            return not_in_hand(c), None
    plural = G.ranks(tk)
    if any(KIND_OF[c] != tk for c in with_cards):
        return t("The pile is taken with natural {ranks} only: a pair from your hand, no wild card.",
                 ranks=plural), None
    if len(with_cards) < 2:
        return t("To take the pile you need a natural pair of {ranks} from your hand.", ranks=plural), None
    if onto is None:
        for m in st.melds[team]:
            if m.kind == "group" and m.rank == tk and len(m.cards) < SEVEN and not m.closed:
                return t("Your side has an open meld of {ranks}: the {rank} and the pair go onto it.",
                         ranks=plural, rank=word(RANK_WORDS[tk])), None
    err, plan = plan_groups(st, seat, extra, hand_set, top, with_cards, onto)
    if err:
        return err, None
    assert plan is not None
    if not st.melds[team]:
        need = st.minimum(team)
        if plan.points < need:
            return t("Your side's first meld must count at least {need}; the top card and the "
                     "cards melded with it count {points}.", need=need, points=plan.points), None
    n = pile_taken(st.rules, len(pile))
    gained = sum(1 for c in pile[len(pile) - 1 - n:-1] if KIND_OF[c] != RED3)
    left = len(hand) - plan.used + gained
    if left <= 1 and not st.foot_waiting(seat):
        err = going_out_error(st, seat, plan, left)
        if err:
            return err, None
    return None, plan


def accepting(st: State, team: int, cards: Sequence[int]) -> list[int]:
    """Ids of the side's melds ``cards`` could be added to, judging their shape only."""
    r = st.rules
    out = []
    for m in st.melds[team]:
        if m.closed:
            continue
        nat = w = 0
        ok = True
        for c in cards:
            k = KIND_OF[c]
            if WILD_OF[c]:
                w += 1
            elif m.kind != "group" or k != m.rank:
                ok = False
                break
            else:
                nat += 1
        if ok and G.meld_error(r, m.kind, m.rank, m.naturals + nat, m.wilds + w, False,
                               len(m.cards), m.wilds) is None:
            out.append(m.id)
    return out


def must_take(st: State, seat: int) -> bool:
    """Nobody is ever forced to take the pile (the stock running out ends the deal)."""
    return False


# ---------------------------------------------------------------------------
# enumeration
# ---------------------------------------------------------------------------

def _ids_by_kind(hand: Sequence[int]) -> dict[int, list[int]]:
    d: dict[int, list[int]] = {}
    for c in hand:
        d.setdefault(KIND_OF[c], []).append(c)
    return d


def _wild_pool(ids: dict[int, list[int]]) -> list[int]:
    """The hand's wild cards, cheapest first (twos, then jokers)."""
    return ids.get(TWO, []) + ids.get(JOKER, [])


def _wild_room(r, naturals: int, wilds: int, size: int) -> int:
    """How many more wild cards a group of this shape may take."""
    rule = r.wild_rule
    if rule == "twice":
        cap = naturals // 2
    elif rule == "max3":
        cap = 3
    else:
        cap = naturals - 1
    room = cap - wilds
    if size < SEVEN:
        room = min(room, SEVEN - size) if r.book_closes else room
    else:
        room = 0
    return max(room, 0)


def _open_meld(st: State, team: int, kind: str, rank: int):
    for m in st.melds[team]:
        if m.kind == kind and m.rank == rank and len(m.cards) < SEVEN and not m.closed:
            return m
    return None


def _initial_sets(st: State, seat: int, ids: dict[int, list[int]], exclude: int, base_points: int,
                  used: set, limit: int = 6) -> list[tuple[Group, ...]]:
    """Sets of new melds from the hand that bring a first meld to the minimum count (the
    smallest sets that do it; ``()`` when ``base_points`` already does)."""
    r = st.rules
    need = st.minimum(st.team_of(seat))
    if base_points >= need:
        return [()]
    wilds = [c for c in _wild_pool(ids) if c not in used]
    cands = []
    for k in range(4, 15):
        if k == exclude:
            continue
        nat = [c for c in ids.get(k, []) if c not in used][:SEVEN]
        if len(nat) >= 3:
            cands.append((k, tuple(nat), 0))
        elif len(nat) == 2:
            cands.append((k, tuple(nat), 1))
    cands.sort(key=lambda g: -sum(POINTS_OF[c] for c in g[1]))
    cands = cands[:7]
    out: list[tuple[Group, ...]] = []
    found: list[int] = []
    for mask in range(1, 1 << len(cands)):
        if any((m & mask) == m for m in found):
            continue
        chosen = [cands[i] for i in range(len(cands)) if mask >> i & 1]
        if sum(g[2] for g in chosen) > len(wilds):
            continue
        pool = wilds[:]
        groups = []
        points = base_points
        for k, nat, w in chosen:
            extra = [pool.pop(0) for _ in range(w)]
            groups.append([list(nat) + extra, len(nat), w])
            points += sum(POINTS_OF[c] for c in nat) + sum(POINTS_OF[c] for c in extra)
        # top up with the most valuable spare wild cards while short
        pool.sort(key=lambda c: -POINTS_OF[c])
        for g in groups:
            while points < need and pool and _wild_room(r, g[1], g[2], len(g[0])) > 0:
                c = pool.pop(0)
                g[0].append(c)
                g[2] += 1
                points += POINTS_OF[c]
        if points >= need:
            found.append(mask)
            out.append(tuple(Group(tuple(g[0])) for g in groups))
            if len(out) >= limit:
                break
    return out


def take_options(st: State, seat: int) -> list[Action]:
    pile = st.pile
    if not pile:
        return []
    top = pile[-1]
    tk = KIND_OF[top]
    if WILD_OF[top] or tk == BLACK3 or tk == RED3:
        return []
    hand = st.hands[seat]
    ids = _ids_by_kind(hand)
    nat = ids.get(tk, [])
    if len(nat) < 2:
        return []
    team = st.team_of(seat)
    m = _open_meld(st, team, "group", tk)
    onto = m.id if m is not None else None
    room = (SEVEN - len(m.cards) - 1) if m is not None else SEVEN - 1
    withs = [tuple(nat[:2])]
    if len(nat) > 2 and room > 2:
        withs.append(tuple(nat[:min(len(nat), room)]))
    out: list[Action] = []
    for w in withs:
        if st.melds[team]:
            extras = [()]
        else:
            base = POINTS_OF[top] + sum(POINTS_OF[c] for c in w)
            extras = _initial_sets(st, seat, ids, tk, base, set(w), limit=4)
        for extra in extras:
            a = TakePile(w, extra, onto)
            if take_error(st, seat, w, extra, onto)[0] is None:
                out.append(a)
    return out


def play_options(st: State, seat: int) -> list[Action]:
    r = st.rules
    hand = st.hands[seat]
    team = st.team_of(seat)
    ids = _ids_by_kind(hand)
    wild_kinds = [ids[k][0] for k in (TWO, JOKER) if k in ids]
    cands: list[Meld] = []
    if st.melds[team]:
        for k in range(4, 15):
            cards = ids.get(k)
            if not cards:
                continue
            m = _open_meld(st, team, "group", k)
            if m is not None:
                room = SEVEN - len(m.cards)
                cands.append(Meld((Group((cards[0],), m.id),)))
                if len(cards) > 1 and room > 1:
                    cands.append(Meld((Group(tuple(cards[:room]), m.id),)))
                if len(cards) > room and len(cards) - room >= 3:
                    # fill the book and start the next meld of the rank
                    cands.append(Meld((Group(tuple(cards[:room]), m.id), Group(tuple(cards[room:room + SEVEN])))))
            else:
                if len(cards) >= 3:
                    cands.append(Meld((Group(tuple(cards[:SEVEN])),)))
                    for w in wild_kinds:
                        cands.append(Meld((Group(tuple(cards[:SEVEN - 1]) + (w,)),)))
                elif len(cards) == 2:
                    for w in wild_kinds:
                        cands.append(Meld((Group(tuple(cards) + (w,)),)))
            if not r.book_closes:
                for b in st.melds[team]:
                    if b.kind == "group" and b.rank == k and len(b.cards) >= SEVEN and not b.closed:
                        cands.append(Meld((Group((cards[0],), b.id),)))
        for m in st.melds[team]:
            if m.closed or len(m.cards) >= SEVEN:
                continue
            for w in wild_kinds:
                cands.append(Meld((Group((w,), m.id),)))
        if r.wild_books:
            pool = _wild_pool(ids)
            wm = _open_meld(st, team, "wild", 0)
            if wm is None and len(pool) >= 3:
                cands.append(Meld((Group(tuple(pool[:3])),)))
                if len(pool) > 3:
                    cands.append(Meld((Group(tuple(pool[:SEVEN])),)))
    else:
        for extra in _initial_sets(st, seat, ids, 0, 0, set()):
            if extra:
                cands.append(Meld(extra))
    out: list[Action] = []
    plan = going_out_plan(st, seat)
    if plan is not None:
        if may_ask(st, seat):
            out.append(Ask())
        if plan[0]:
            cands.append(Meld(plan[0]))
    hand_set = set(hand)
    seen = set()
    for a in cands:
        key = tuple(sorted((tuple(sorted(KIND_OF[c] for c in g.cards)), g.onto or 0) for g in a.groups))
        if key in seen:
            continue
        seen.add(key)
        if meld_action_error(st, seat, a.groups, hand_set)[0] is None:
            out.append(a)
    done = set()
    one_left = len(hand) == 1
    foot = st.foot_waiting(seat)
    for c in hand:
        k = KIND_OF[c]
        if k in done:
            continue
        done.add(k)
        if one_left:
            if foot or going_out_error(st, seat, None, 0) is None:
                out.append(Discard(c))
        elif st.permission is not True:
            out.append(Discard(c))
    return out


# ---------------------------------------------------------------------------
# going out: can this hand be melded away (but for one card)?
# ---------------------------------------------------------------------------

def _meld_all(st: State, seat: int, cards: Sequence[int]) -> Optional[list[Group]]:
    """Groups that meld every card of ``cards``, filling books where the wild cards
    can; None when this greedy way finds none."""
    r = st.rules
    team = st.team_of(seat)
    ids = _ids_by_kind(cards)
    if RED3 in ids or BLACK3 in ids:
        return None
    wilds = sorted(_wild_pool(ids), key=lambda c: POINTS_OF[c])
    # [cards, onto, naturals after, wilds after, size after]
    groups: list[list] = []
    for k in range(4, 15):
        nat = ids.get(k)
        if not nat:
            continue
        rest = list(nat)
        m = _open_meld(st, team, "group", k)
        if m is not None:
            room = SEVEN - len(m.cards) if r.book_closes else len(rest)
            take, rest = rest[:room], rest[room:]
            if take:
                groups.append([take, m.id, m.naturals + len(take), m.wilds, len(m.cards) + len(take)])
        while rest:
            if not r.book_closes:
                b = next((b for b in st.melds[team] if b.kind == "group" and b.rank == k and not b.closed
                          and len(b.cards) >= SEVEN), None)
                if b is not None:
                    groups.append([rest, b.id, b.naturals + len(rest), b.wilds, len(b.cards) + len(rest)])
                    rest = []
                    break
            if len(rest) >= 3 or (len(rest) == 2 and wilds):
                take, rest = rest[:SEVEN], rest[SEVEN:]
                g = [take, None, len(take), 0, len(take)]
                if len(take) == 2:
                    g[0] = take + [wilds.pop(0)]
                    g[3] = 1
                    g[4] = 3
                groups.append(g)
            else:
                return None
    # wild cards: first onto groups they complete as books, fewest needed first
    for g in sorted(groups, key=lambda g: SEVEN - g[4] if g[4] < SEVEN else 99):
        short = SEVEN - g[4]
        if 0 < short <= len(wilds) and short <= _wild_room(r, g[2], g[3], g[4]):
            for _ in range(short):
                g[0] = g[0] + [wilds.pop(0)]
            g[3] += short
            g[4] += short
    for g in groups:
        while wilds and _wild_room(r, g[2], g[3], g[4]) > 0:
            g[0] = g[0] + [wilds.pop(0)]
            g[3] += 1
            g[4] += 1
    if wilds and r.wild_books:
        wm = _open_meld(st, team, "wild", 0)
        if wm is not None:
            room = SEVEN - len(wm.cards)
            groups.append([wilds[:room], wm.id, 0, 0, 0])
            wilds = wilds[room:]
        while len(wilds) >= 3:
            groups.append([wilds[:SEVEN], None, 0, 0, 0])
            wilds = wilds[SEVEN:]
    if wilds:
        return None
    return [Group(tuple(g[0]), g[1]) for g in groups if g[0]]


def going_out_plan(st: State, seat: int):
    """A way for ``seat`` to go out this turn from its hand: the groups to meld in one
    action and the card to discard (None when everything is melded); None when there is
    none this search finds (the player not in the foot, too few books, the partner's no)."""
    if st.permission is False or not st.in_foot(seat):
        return None
    r = st.rules
    team = st.team_of(seat)
    hand = st.hands[seat]
    if not hand:
        return None
    if r.partner_in_foot and any(st.foot_waiting(p) for p in range(r.players)
                                 if p != seat and st.team_of(p) == team):
        return None
    if len(hand) == 1:
        kinds = [m.canasta for m in st.melds[team] if m.canasta is not None]
        return ((), hand[0]) if books_error(st, seat, kinds) is None else None
    ids = _ids_by_kind(hand)
    # at most one card that cannot be melded
    stuck = len(ids.get(BLACK3, ())) + len(ids.get(RED3, ()))
    if stuck > 1:
        return None
    leftovers: list[int] = []
    if stuck:
        leftovers = [ids[BLACK3][0]] if BLACK3 in ids else [ids[RED3][0]]
    else:
        leftovers = [-1] + [v[0] for k, v in sorted(ids.items(), key=lambda kv: len(kv[1]))]
    hand_set = set(hand)
    for left in leftovers:
        cards = [c for c in hand if c != left]
        groups = _meld_all(st, seat, cards)
        if groups is None:
            continue
        if not groups:
            continue
        err, plan = plan_groups(st, seat, groups, hand_set)
        if err:
            continue
        if books_error(st, seat, plan.kinds_after or []):
            continue
        if not st.melds[team] and plan.points < st.minimum(team):
            continue
        return tuple(groups), (None if left < 0 else left)
    return None


BOOK = {
    "plan_groups": plan_groups,
    "take_error": take_error,
    "out_error": out_error,
    "accepting": accepting,
    "must_take": must_take,
    "take_options": take_options,
    "play_options": play_options,
    "going_out_plan": going_out_plan,
}
