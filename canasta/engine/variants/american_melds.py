"""Modern American Canasta's checks (RULES-variants.md 10.1): dealing with talons and no
upcard, the melding validator (seven cards at most, one meld per rank, sevens and aces,
wild melds, the initial meld's count and natural trio), taking the always-frozen pile,
the discard limits, and going out with a final discard (the search for it,
``going_out_plan``, and the ``Meld`` and ``Discard`` checks it uses). ``american_rules``
hands them to the core."""

from __future__ import annotations

from typing import Iterable, Optional, Sequence

from ...i18n import N_, t, tn
from ..actions import Discard, Group, Meld
from ..cards import BLACK3, JOKER, KIND_OF, RED3, TWO, WILD_OF, not_in_hand
from ..events import Event
from ..state import PLAY, State
from ..core import phase_message
from ..melding import gather_groups, going_out_error, onto_meld, place, Plan
from ..words import RANK_PLURALS, RANK_WORDS, word
from . import american as G


V = G.VALUE_OF


def _ranks(rank: int):
    """The rank in the plural as a word of a sentence ("kings")."""
    return word(RANK_PLURALS[rank])


class _APlan(Plan):
    """A validated American melding action: ``points`` are what counts towards the
    initial meld (never the pile's top card nor the pair that takes it); ``trio``: a
    meld put down holds three naturals of its rank from the hand; ``new_canasta``: a
    complete canasta put down from the hand."""

    __slots__ = ("trio", "new_canasta", "cards")

    def __init__(self):
        super().__init__()
        self.trio = False
        self.new_canasta = False
        self.cards: list[int] = []


def threes_held(hand: Iterable[int]) -> list[int]:
    return [c for c in hand if KIND_OF[c] == RED3 or KIND_OF[c] == BLACK3]


def kind_after(kind: str, rank: int, size: int, wilds: int) -> Optional[str]:
    """The canasta kind of a meld of ``kind`` and ``rank`` holding ``size`` cards, of
    which ``wilds`` wild cards, or None while it is short of a canasta."""
    if size < G.CANASTA_SIZE:
        return None
    if kind == "wild":
        return "wild"
    if rank == 7:
        return "sevens"
    if wilds == 0:
        return "aces" if rank == 14 else "natural"
    return "mixed"


# ---------------------------------------------------------------------------
# dealing (10.1.2)
# ---------------------------------------------------------------------------

def deal(st: State, first: int, events: list) -> None:
    """13 cards each from the dealer's left, then talon 0 (4 cards) and talon 1 (3)
    face down; no upcard, and threes stay in the hands."""
    n = st.rules.players
    stock = st.stock
    for _ in range(st.rules.hand_size):  # type: ignore[arg-type]
        for k in range(n):
            if not stock:
                break
            seat = (first + k) % n
            card = stock.pop()
            st._add_to_hand(seat, card)
            events.append(Event("move", card, ("stock",), ("hand", seat)))
    for i, size in enumerate(G.TALON_SIZES):
        for _ in range(size):
            if not stock:
                break
            card = stock.pop()
            st.talons[i].append(card)
            events.append(Event("move", card, ("stock",), ("talons", i)))


# ---------------------------------------------------------------------------
# melding (10.1.4)
# ---------------------------------------------------------------------------

def plan_groups(st: State, seat: int, groups: Iterable, hand_set: set, extra_top: int = -1,
                top_with: Sequence[int] = (), top_onto: Optional[int] = None):
    """(error, plan) of melding ``groups`` from the hand (plus, when taking the pile,
    the top card ``extra_top`` with ``top_with`` onto ``top_onto`` or a new meld)."""
    r = st.rules
    team = st.team_of(seat)
    melds = st.melds[team]
    initial = not melds
    plan = _APlan()
    seen: set[int] = set()
    targets: set[int] = set()
    new_ranks: set[int] = set()
    new_wild = False
    after: dict[int, Optional[str]] = {m.id: m.canasta for m in melds}
    new_kinds: list[str] = []
    err, todo = gather_groups(groups, extra_top, top_with, top_onto)
    if err:
        return err, None
    for cards, onto, is_top in todo:
        naturals = wilds = 0
        rank = 0
        for c in cards:
            if c in seen:
                return N_("The same card cannot be used twice."), None
            if c not in hand_set:
                return not_in_hand(c), None
            seen.add(c)
            k = KIND_OF[c]
            if WILD_OF[c]:
                wilds += 1
            elif k == RED3 or k == BLACK3:
                return N_("Threes are never melded: lay them in your side's area."), None
            else:
                if rank and k != rank:
                    return t("A meld holds cards of one rank: {ranks} and {others} cannot go together.",
                             ranks=_ranks(rank), others=_ranks(k)), None
                rank = k
                naturals += 1
        from_hand = naturals
        if is_top:
            tk = KIND_OF[extra_top]
            if rank and rank != tk:
                return t("Only {ranks} can be melded with the {rank} on the pile.", ranks=_ranks(tk),
                         rank=word(RANK_WORDS[tk])), None
            rank = tk
            naturals += 1
        size_new = len(cards) + (1 if is_top else 0)
        if onto is not None:
            err, existing = onto_meld(st, team, onto)
            if err:
                return err, None
            if existing.id in targets:
                return N_("Put all the cards for one meld in a single group."), None
            targets.add(existing.id)
            if existing.kind == "wild":
                if naturals:
                    return N_("Only wild cards go on the wild meld."), None
                if len(existing.cards) + size_new > G.MELD_MAX:
                    return G.CLOSED_AT_SEVEN, None
            elif existing.kind == "group":
                if rank and rank != existing.rank:
                    return t("Only {ranks} and wild cards go on the meld of {ranks}.",
                             ranks=_ranks(existing.rank)), None
                rank = existing.rank
                err = G.group_error(r, rank, existing.naturals + naturals, existing.wilds + wilds, False,
                                    aces_wild_ok=existing.wilds > 0)
                if err:
                    return err, None
            else:
                return N_("Nothing can be added to that meld."), None
            size = len(existing.cards) + size_new
            now = kind_after(existing.kind, existing.rank, size, existing.wilds + wilds)
            after[existing.id] = now
            if now is not None and existing.by == seat:
                plan.own_canasta = True
            if existing.by != seat:
                plan.adds_partner = True
            plan.items.append((existing.rank, melds.index(existing), list(cards), "top" if is_top else existing.kind))
            if not is_top:
                plan.points += sum(V[c] for c in cards)
        else:
            if not rank:
                if new_wild or any(m.kind == "wild" for m in melds):
                    return N_("Your side has a wild meld already: add the wild cards to it."), None
                err = G.meld_error(r, "wild", 0, 0, wilds, True)
                if err:
                    return err, None
                new_wild = True
                kind = "wild"
            else:
                if rank in new_ranks:
                    return t("Put all the {ranks} for one meld in a single group.", ranks=_ranks(rank)), None
                for m in melds:
                    if m.kind == "group" and m.rank == rank:
                        if m.canasta is None:
                            return t("Your side already has a meld of {ranks}: add the {ranks} to it.",
                                     ranks=_ranks(rank)), None
                        if not r.second_meld_after_canasta:
                            return t("Your side's {ranks} are a complete canasta: no more {ranks} can be "
                                     "melded.", ranks=_ranks(rank)), None
                new_ranks.add(rank)
                err = G.group_error(r, rank, naturals, wilds, True, aces_wild_ok=initial)
                if err:
                    return err, None
                kind = "group"
            now = kind_after(kind, rank, size_new, wilds)
            if now is not None:
                new_kinds.append(now)
                plan.own_canasta = True
                if not is_top:
                    plan.new_canasta = True
            if kind == "group" and from_hand >= 3:
                plan.trio = True
            if not is_top or from_hand >= 3:
                plan.points += sum(V[c] for c in cards)
            plan.items.append((rank, -1, list(cards), "top" if is_top else kind))
        plan.used += len(cards)
        plan.cards.extend(cards)
    kinds = [k for k in after.values() if k is not None] + new_kinds
    plan.kinds_after = kinds
    plan.canastas_after = len(kinds)
    return None, plan


def initial_error(st: State, team: int, plan: _APlan, with_pile: bool = False) -> Optional[str]:
    """The initial meld's requirements (10.1.4): the count from the side's score and a
    natural trio from the hand, or a complete canasta put down (``with_pile``: the
    sentence says the pair taking the pile and the top card do not count)."""
    if st.melds[team]:
        return None
    if plan.new_canasta and st.rules.initial_canasta_meets_minimum:
        return None
    need = st.minimum(team)
    if plan.points < need:
        if with_pile:
            return t("Your side's first meld must count at least {need}; this counts {points} (the pair that "
                     "takes the pile and the top card do not count).", need=need, points=plan.points)
        return t("Your side's first meld must count at least {need}; this counts {points}.",
                 need=need, points=plan.points)
    if not plan.trio:
        if with_pile:
            return N_("Your side's first meld needs a meld of three natural cards of one rank from your hand "
                      "(the pair that takes the pile and the top card do not count).")
        return N_("Your side's first meld needs a meld of three natural cards of one rank from your hand.")
    return None


def out_error(st: State, seat: int, plan: Optional[_APlan], left: int) -> Optional[str]:
    """Going out (10.1.7): ``canastas_to_go_out`` canastas, counting those made now, and
    always a final discard (a melding action never empties the hand)."""
    if plan is not None and left == 0:
        return N_("You must keep a card to discard: going out always ends with a discard.")
    need = st.rules.canastas_to_go_out
    have = plan.canastas_after if plan is not None else st.canasta_count(st.team_of(seat))
    if have < need:  # type: ignore[operator]
        if left == 1:
            return tn("You must keep a card to discard: going out needs {count} canasta and your side has {have}.",
                      "You must keep a card to discard: going out needs {count} canastas and your side has {have}.",
                      need, have=have)  # type: ignore[arg-type]
        return tn("Going out needs {count} canasta; your side has {have}.",
                  "Going out needs {count} canastas; your side has {have}.", need, have=have)  # type: ignore[arg-type]
    return None


def _last_card_error(cards_left: Sequence[int]) -> Optional[str]:
    if len(cards_left) == 1 and G.is_three(cards_left[0]):
        return N_("Your last card would be a three, which is never discarded: lay it first.")
    return None


def check_meld(st: State, a: Meld, actor: int):
    if st.phase != PLAY:
        return phase_message(st), None
    hand = st.hands[actor]
    if len(hand) <= 1:
        return N_("With one card left, your only move is to discard it."), None
    err, plan = plan_groups(st, actor, a.groups, set(hand))
    if err:
        return err, None
    team = st.team_of(actor)
    left = len(hand) - plan.used
    if left <= 1:
        err = going_out_error(st, actor, plan, left)
        if err:
            return err, None
        used = set(plan.cards)
        err = _last_card_error([c for c in hand if c not in used])
        if err:
            return err, None
    err = initial_error(st, team, plan)
    if err:
        return err, None
    if st.permission is True and left > 1:
        probe = st.clone()
        place(probe, actor, plan, [])
        if going_out_plan(probe, actor) is None:
            return N_("You told your partner you would go out: this meld would leave you unable to."), None
    return None, plan


# ---------------------------------------------------------------------------
# the pile (10.1.5)
# ---------------------------------------------------------------------------

def threes_first(st: State, seat: int) -> Optional[str]:
    if not st.rules.threes_optional and st.counts[seat][RED3] + st.counts[seat][BLACK3]:
        return N_("In these rules every three is laid at the start of your turn: lay your threes first.")
    return None


def take_error(st: State, seat: int, with_cards: Sequence[int], extra: Sequence, onto: Optional[int] = None):
    r = st.rules
    pile = st.pile
    if not pile:
        return N_("The discard pile is empty."), None
    top = pile[-1]
    tk = KIND_OF[top]
    if WILD_OF[top]:
        return N_("A wild card on top of the pile stops anyone from taking it."), None
    if tk == RED3 or tk == BLACK3:
        return N_("A three on top of the pile blocks it."), None
    hand = st.hands[seat]
    hand_set = set(hand)
    for c in with_cards:
        if c not in hand_set:
            return not_in_hand(c), None
    team = st.team_of(seat)
    plural = _ranks(tk)
    nat = sum(1 for c in with_cards if KIND_OF[c] == tk)
    if nat < 2:
        if any(WILD_OF[c] for c in with_cards):
            return t("The pile is always frozen: a natural and a wild card never take it; you need two "
                     "natural {ranks} from your hand.", ranks=plural), None
        return t("The pile is always frozen: only a natural pair of {ranks} from your hand takes it.",
                 ranks=plural), None
    if not st.melds[team] and r.initial_meld_with_pile == "forbidden":
        return N_("Your side has not melded yet: in these rules it must meld from the hand on an earlier "
                  "turn before taking the pile."), None
    existing = None
    for m in st.melds[team]:
        if m.kind == "group" and m.rank == tk and m.canasta is None:
            existing = m
    if existing is not None:
        if onto is None:
            return t("Your side has a meld of {ranks}: the {rank} from the pile and your pair go onto it.",
                     ranks=plural, rank=word(RANK_WORDS[tk])), None
        if len(existing.cards) + 1 + len(with_cards) > G.MELD_MAX and len(existing.cards) >= 5:
            return t("Your side's meld of {ranks} holds {count} cards: with the pair and the top card it would "
                     "pass seven, so the pile cannot be taken.", ranks=plural, count=len(existing.cards)), None
    err, plan = plan_groups(st, seat, extra, hand_set, top, with_cards, onto)
    if err:
        return err, None
    err = initial_error(st, team, plan, with_pile=True)
    if err:
        return err, None
    used = set(plan.cards)
    left_cards = [c for c in hand if c not in used] + list(pile[:-1])
    left = len(left_cards)
    if left <= 1:
        err = going_out_error(st, seat, plan, left) or _last_card_error(left_cards)
        if err:
            return err, None
    return None, plan


def accepting(st: State, team: int, cards: Sequence[int]) -> list[int]:
    """The side's open melds ``cards`` may join, judged on their shape."""
    r = st.rules
    rank = 0
    wilds = 0
    for c in cards:
        if WILD_OF[c]:
            wilds += 1
        elif G.is_three(c):
            return []
        elif rank and KIND_OF[c] != rank:
            return []
        else:
            rank = KIND_OF[c]
    out = []
    for m in st.melds[team]:
        if m.closed or len(m.cards) + len(cards) > G.MELD_MAX:
            continue
        if m.kind == "wild":
            if not rank:
                out.append(m.id)
        elif m.kind == "group" and (not rank or rank == m.rank):
            nat = len(cards) - wilds
            if G.group_error(r, m.rank, m.naturals + nat, m.wilds + wilds, False, m.wilds > 0) is None:
                out.append(m.id)
    return out


def must_take(st: State, seat: int) -> bool:
    """Nobody is ever forced to take the pile in this game."""
    return False


def discard_error(st: State, seat: int, card: int) -> Optional[str]:
    """The discard limits of 10.1.6, as the rule's sentence."""
    hand = st.hands[seat]
    k = KIND_OF[card]
    if k == RED3 or k == BLACK3:
        return N_("A three is never discarded: lay it in your side's area.")
    if len(hand) == 1:
        return None
    if WILD_OF[card]:
        if any(not WILD_OF[c] and not G.is_three(c) for c in hand):
            return N_("A wild card may be discarded only when going out or when nothing else is left.")
        return None
    if not st.pile and (k == 7 or k == 14):
        for c in hand:
            kc = KIND_OF[c]
            if 4 <= kc <= 13 and kc != 7:
                return N_("On an empty pile an ace or a seven may be discarded only when you hold no other "
                          "natural card.")
    return None


def check_discard(st: State, a: Discard, actor: int):
    if st.phase != PLAY:
        return phase_message(st), None
    hand = st.hands[actor]
    if a.card not in hand:
        return N_("That card is not in your hand."), None
    err = discard_error(st, actor, a.card)
    if err:
        return err, None
    if len(hand) == 1:
        err = going_out_error(st, actor, None, 0)
        if err:
            return err, None
    elif st.permission is True:
        return N_("You told your partner you would go out: meld your cards so the discard is your last."), None
    return None, None


# ---------------------------------------------------------------------------
# the enumerators: one representative per distinct choice
# ---------------------------------------------------------------------------

def by_kind(cards: Iterable[int]) -> dict[int, list[int]]:
    d: dict[int, list[int]] = {}
    for c in cards:
        k = KIND_OF[c]
        if k in d:
            d[k].append(c)
        else:
            d[k] = [c]
    return d


def wilds_sorted(ids: dict[int, list[int]]) -> list[int]:
    """The hand's wild cards, cheapest first (twos before jokers)."""
    return ids.get(TWO, []) + ids.get(JOKER, [])


def _meld_rest(st: State, seat: int, cards: Sequence[int]) -> Optional[list[Group]]:
    """Groups that meld every one of ``cards`` (naturals and wild cards, no threes)
    onto the side's melds and new ones, wild cards where they complete canastas;
    None when that is impossible."""
    r = st.rules
    team = st.team_of(seat)
    melds = st.melds[team]
    initial = not melds
    ids = by_kind(cards)
    wilds = wilds_sorted(ids)
    groups: list[list] = []    # [rank, cards, size, wild room, onto]
    for k in range(4, 15):
        nat = ids.get(k)
        if not nat:
            continue
        target = None
        for m in melds:
            if m.kind == "group" and m.rank == k and not m.closed:
                target = m
        if target is not None:
            size = len(target.cards) + len(nat)
            if size > G.MELD_MAX:
                return None
            room = 0 if (k == 7 or (k == 14 and target.wilds == 0)) else r.wild_limit - target.wilds
            groups.append([k, list(nat), size, max(0, room), target.id])
        else:
            if any(m.kind == "group" and m.rank == k for m in melds) and not r.second_meld_after_canasta:
                return None
            if len(nat) > G.MELD_MAX:
                return None
            room = 0 if (k == 7 or (k == 14 and not initial)) else r.wild_limit
            if len(nat) == 1:
                return None
            groups.append([k, list(nat), len(nat), room, None])
    pool = wilds[:]
    for g in groups:
        if g[4] is None and g[2] < 3:
            if g[3] < 1 or not pool:
                return None
            g[1].append(pool.pop(0))
            g[2] += 1
            g[3] -= 1
    # complete canastas first, nearest first
    for g in sorted(groups, key=lambda g: G.MELD_MAX - g[2]):
        short = G.MELD_MAX - g[2]
        if 0 < short <= min(g[3], len(pool)):
            for _ in range(short):
                g[1].append(pool.pop(0))
            g[2] += short
            g[3] -= short
    out = [Group(tuple(g[1]), g[4]) for g in groups]
    if pool:
        wm = None
        for m in melds:
            if m.kind == "wild" and not m.closed:
                wm = m
        if wm is not None and len(wm.cards) + len(pool) <= G.MELD_MAX:
            out.append(Group(tuple(pool), wm.id))
            pool = []
        elif wm is None and 3 <= len(pool) <= G.MELD_MAX:
            out.append(Group(tuple(pool)))
            pool = []
        else:
            for g in groups:
                while pool and g[3] > 0 and g[2] < G.MELD_MAX:
                    g[1].append(pool.pop(0))
                    g[2] += 1
                    g[3] -= 1
            out = [Group(tuple(g[1]), g[4]) for g in groups] + out[len(groups):]
            if pool:
                return None
    return out


def going_out_plan(st: State, seat: int):
    """A way to go out this turn from the current hand: (groups to meld in one action,
    the card to discard). None when there is none found (threes in hand must be laid
    first)."""
    if st.permission is False:
        return None
    hand = st.hands[seat]
    if not hand:
        return None
    cnt = st.counts[seat]
    if cnt[RED3] or cnt[BLACK3]:
        return None
    team = st.team_of(seat)
    need = st.rules.canastas_to_go_out
    melds = st.melds[team]
    have = sum(1 for m in melds if m.canasta is not None)
    if len(hand) == 1:
        if have >= need and check_discard(st, Discard(hand[0]), seat)[0] is None:  # type: ignore[operator]
            return (), hand[0]
        return None
    # cheap necessary conditions: at most one natural that cannot be melded, and a wild
    # card for every pair that starts a meld
    open_ranks = {m.rank for m in melds if m.kind == "group" and not m.closed}
    closed_ranks = set() if st.rules.second_meld_after_canasta else {
        m.rank for m in melds if m.kind == "group" and m.closed}
    singles = pairs = 0
    for k in range(4, 15):
        n = cnt[k]
        if n and k not in open_ranks:
            if k in closed_ranks or n == 1:
                singles += n
            elif n == 2:
                pairs += 1
    if singles > 1 or pairs > cnt[TWO] + cnt[JOKER]:
        return None
    if have < need:  # type: ignore[operator]
        # the canastas still missing must be completed from the hand, all but one card
        shorts = sorted(G.CANASTA_SIZE - len(m.cards) for m in melds if not m.closed and m.kind != "special")
        shorts += [G.CANASTA_SIZE] * sum(1 for k in range(4, 15) if cnt[k] >= 2 and k not in open_ranks)
        if cnt[TWO] + cnt[JOKER] >= 3:
            shorts.append(G.CANASTA_SIZE)
        missing = need - have  # type: ignore[operator]
        if len(shorts) < missing or sum(sorted(shorts)[:missing]) > len(hand) - 1:
            return None
    tried = set()
    for left in sorted(hand, key=lambda c: (-V[c] if not WILD_OF[c] else 0)):
        k = KIND_OF[left]
        if k in tried:
            continue
        tried.add(k)
        rest = [c for c in hand if c != left]
        groups = _meld_rest(st, seat, rest)
        if not groups:
            continue
        err, plan = check_meld(st, Meld(tuple(groups)), seat)
        if err is None and _check_discard_after(st, seat, plan, left):
            return tuple(groups), left
    return None


def _check_discard_after(st: State, seat: int, plan, left: int) -> bool:
    """The last card is a legal final discard (never a three)."""
    return not G.is_three(left)
