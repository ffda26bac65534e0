"""Modern American Canasta's rules module (see ``registry.rulebook``): its ``BOOK`` of
hooks for the core (the checks of ``american_melds``, and here the enumeration of the
distinct legal moves) and its own rows of the action table: drawing with the talon
bonus, discarding, laying threes and special hands. Registered with the game in
``variants/__init__``.
"""

from __future__ import annotations

from typing import Optional, Sequence

from ...i18n import N_, current, t, tr
from ..actions import Action, Answer, Ask, Discard, Draw, Group, Meld, Pass, TakePile
from ..cards import BLACK3, JOKER, KIND_OF, RED3, TWO, WILD_OF, not_in_hand
from ..events import Event
from ..state import DRAW, PLAY, State, TableMeld
from .. import codec
from ..core import ACTIONS as SHARED, ActionSpec, exec_meld, not_cards, phase_message
from ..melding import may_ask, going_out_error
from ..moves import end_deal, check_exhausted, begin_turn
from . import american as G
from .american_melds import (V, accepting, by_kind, check_discard, check_meld, deal, going_out_plan,
                             must_take, out_error, plan_groups, take_error, threes_first,
                             threes_held, wilds_sorted)


def _check_take(st: State, a: TakePile, actor: int):
    if st.phase != DRAW:
        return phase_message(st), None
    err = threes_first(st, actor)
    if err:
        return err, None
    return take_error(st, actor, tuple(a.with_cards), tuple(a.melds), a.onto)


# ---------------------------------------------------------------------------
# drawing, discarding (10.1.3, 10.1.6) and the talon bonus
# ---------------------------------------------------------------------------

def _check_draw(st: State, a: Draw, actor: int):
    if st.phase != DRAW:
        return phase_message(st), None
    if not st.stock:
        return N_("The stock is empty: take the pile if you can, or pass."), None
    err = threes_first(st, actor)
    if err:
        return err, None
    return None, None


def _exec_draw(st: State, a: Draw, plan, seat: int, events: list) -> None:
    for _ in range(st.rules.draw_count):  # type: ignore[arg-type]
        if not st.stock:
            break
        card = st.stock.pop()
        st._add_to_hand(seat, card)
        events.append(Event("move", card, ("stock",), ("hand", seat)))
    st.phase = PLAY


def _first_shown_this_turn(st: State, meld_id: int) -> bool:
    seen_here = False
    for e in reversed(st.public_history):
        if e.what == "discard":
            break
        if e.what == "meld" and e.meld == meld_id:
            seen_here = True
    if not seen_here:
        return False
    # not shown before this turn
    turn_start = True
    for e in reversed(st.public_history):
        if turn_start:
            if e.what == "discard":
                turn_start = False
            continue
        if e.what == "meld" and e.meld == meld_id:
            return False
    return True


def _exec_discard(st: State, a: Discard, plan, seat: int, events: list) -> None:
    team = st.team_of(seat)
    talon = -1
    if st.rules.talon_bonus and not st.took_pile and st.melds[team] and len(st.hands[seat]) > 1:
        first = min(m.id for m in st.melds[team])
        if _first_shown_this_turn(st, first) and st.meld_by_id(team, first).by == seat:
            talon = 1 if any(st.melds[t] for t in range(st.rules.teams) if t != team) else 0  # type: ignore[arg-type]
    st._remove_from_hand(seat, a.card)
    st.pile.append(a.card)
    sideways = WILD_OF[a.card]
    events.append(Event("move", a.card, ("hand", seat), ("pile",), info=sideways))
    if sideways:
        st.sideways.append(a.card)
        if not st.frozen:
            st.frozen = True
            events.append(Event("frozen", a.card))
    st.turns_taken[seat] += 1
    if not st.hands[seat]:
        st.concealed = False   # no concealed bonus in this game
        events.append(Event("went_out", seat=seat, info=False))
        end_deal(st, seat, events)
        return
    if talon >= 0:
        cards = st.talons[talon]
        st.talons[talon] = []
        for c in cards:
            st._add_to_hand(seat, c)
            events.append(Event("move", c, ("talons", talon), ("hand", seat)))
    begin_turn(st, (seat + 1) % st.rules.players, events)  # type: ignore[operator]


# ---------------------------------------------------------------------------
# threes (10.1.8) and special hands (10.1.10)
# ---------------------------------------------------------------------------

def _check_threes(st: State, a: G.LayThrees, actor: int):
    if st.phase not in (DRAW, PLAY):
        return phase_message(st), None
    if st.phase == PLAY and st.permission is True:
        return N_("You told your partner you would go out: meld your cards and discard."), None
    hand = st.hands[actor]
    if not a.cards:
        return N_("Choose the threes to lay."), None
    seen = set()
    for c in a.cards:
        if c in seen:
            return N_("The same card cannot be laid twice."), None
        seen.add(c)
        if c not in hand:
            return not_in_hand(c), None
        if not G.is_three(c):
            return N_("Only threes are laid in your side's area; other cards are melded."), None
    left = len(hand) - len(a.cards) + min(len(a.cards), len(st.stock))
    if st.phase == PLAY and left == 1:
        # the stock cannot replace them all: one card would be left to go out with
        err = going_out_error(st, actor, None, 1)
        if err:
            return t("With the stock empty this would leave you a single card: {reason}", reason=_Continued(err)), None
    return None, None


class _Continued:
    """A refusal continued after a colon inside another sentence: its first letter small
    ("...: you must keep a card"), in English and in the language in use (German keeps
    its capitals: its nouns begin with them)."""

    def __init__(self, inner: str):
        self.inner = inner

    def english(self) -> str:
        said = str.__str__(self.inner)
        return said[:1].lower() + said[1:]

    def __format__(self, spec: str) -> str:
        said = tr(self.inner)
        return said if current() == "de" else said[:1].lower() + said[1:]

    def __str__(self) -> str:
        return format(self, "")


def _exec_threes(st: State, a: G.LayThrees, plan, seat: int, events: list) -> None:
    team = st.team_of(seat)
    for c in a.cards:
        st._remove_from_hand(seat, c)
        st.red3[team].append(c)
        events.append(Event("move", c, ("hand", seat), ("red3", team)))
    for _ in a.cards:
        if not st.stock:
            break
        new = st.stock.pop()
        st._add_to_hand(seat, new)
        events.append(Event("move", new, ("stock",), ("hand", seat)))
    if not st.hands[seat]:
        end_deal(st, None, events)   # nothing left to play or discard: the deal ends
    elif st.phase == DRAW:
        check_exhausted(st, events)


def special_error(st: State, seat: int) -> Optional[str]:
    r = st.rules
    if not r.special_hands:
        return N_("Special hands are not part of these rules.")
    if st.phase != PLAY:
        return N_("A special hand is laid after drawing from the stock.")
    if st.took_pile:
        return N_("A special hand is laid after drawing from the stock, never after taking the pile.")
    if st.melds[st.team_of(seat)]:
        return N_("A special hand may be laid only while your side has made no meld.")
    hand = st.hands[seat]
    if len(hand) != 14:
        return t("A special hand is exactly 14 cards; you hold {count}.", count=len(hand))
    if G.special_hand(hand) is None:
        return N_("These 14 cards are not a special hand (straight, seven pairs, pairs with wilds, garbage).")
    return None


def _check_special(st: State, a: G.LaySpecial, actor: int):
    return special_error(st, actor), None


def _exec_special(st: State, a: G.LaySpecial, plan, seat: int, events: list) -> None:
    team = st.team_of(seat)
    m = TableMeld(0, [], seat, "special", st.next_meld_id())
    st.melds[team].append(m)
    index = len(st.melds[team]) - 1
    for c in list(st.hands[seat]):
        st._remove_from_hand(seat, c)
        m.cards.append(c)
        if WILD_OF[c]:
            m.wilds += 1
        else:
            m.naturals += 1
        events.append(Event("move", c, ("hand", seat), ("meld", team, index)))
    m.canasta = None
    m.closed = True
    st.played[seat] = True
    events.append(Event("special_hand", seat=seat, info=G.special_hand(m.cards)))
    end_deal(st, None, events)


_MAX_INITIAL = 6


def _initial_sets(st: State, seat: int, cards: Sequence[int], need: int) -> list[tuple[Group, ...]]:
    """Sets of new melds from ``cards`` that meet the initial meld (count ``need`` and a
    natural trio, or a complete canasta), smallest first."""
    r = st.rules
    if sum(V[c] for c in cards) < need:
        return []   # the whole hand does not count enough
    ids = by_kind(cards)
    if not any(len(ids.get(k, ())) >= 3 for k in range(4, 15)):
        return []   # no natural trio
    wilds = wilds_sorted(ids)
    cands: list[tuple[int, tuple[int, ...], int, bool]] = []   # (rank, naturals, wilds needed, trio)
    for k in range(4, 15):
        nat = ids.get(k)
        if not nat:
            continue
        nat = nat[:G.MELD_MAX]
        if len(nat) >= 3:
            cands.append((k, tuple(nat), 0, True))
        elif len(nat) == 2 and k != 7 and k != 14 and r.wild_limit >= 1:
            cands.append((k, tuple(nat), 1, False))
        elif len(nat) == 2 and k == 14 and r.wild_limit >= 1:
            cands.append((k, tuple(nat), 1, False))
    if not any(c[3] for c in cands):
        return []   # no natural trio in the hand
    cands.sort(key=lambda g: -sum(V[c] for c in g[1]))
    cands = cands[:_MAX_INITIAL]
    results: list[tuple[Group, ...]] = []
    found: list[int] = []
    for mask in range(1, 1 << len(cands)):
        if any((m & mask) == m for m in found):
            continue
        chosen = [cands[i] for i in range(len(cands)) if mask >> i & 1]
        if not any(c[3] for c in chosen):
            continue
        pool = wilds[:]
        if sum(c[2] for c in chosen) > len(pool):
            continue
        groups = []
        points = 0
        for k, nat, w, _t in chosen:
            extra = [pool.pop(0) for _ in range(w)]
            groups.append([k, list(nat) + extra, w])
            points += sum(V[c] for c in nat) + sum(V[c] for c in extra)
        # top up with the most valuable spare wild cards while short
        pool.sort(key=lambda c: -V[c])
        for g in groups:
            while points < need and pool and g[0] != 7 and len(g[1]) < G.MELD_MAX and g[2] < r.wild_limit \
                    and (not r.more_naturals_than_wilds or len(g[1]) - g[2] > g[2] + 1):
                c = pool.pop(0)
                g[1].append(c)
                g[2] += 1
                points += V[c]
        if points < need and len(pool) >= 3:
            wm = pool[:G.MELD_MAX]
            groups.append([0, wm, len(wm)])
            points += sum(V[c] for c in wm)
        if points >= need:
            found.append(mask)
            results.append(tuple(Group(tuple(g[1])) for g in groups))
            if len(results) >= 4:
                break
    return results


def take_options(st: State, seat: int) -> list[Action]:
    pile = st.pile
    if not pile or threes_first(st, seat):
        return []
    top = pile[-1]
    tk = KIND_OF[top]
    if WILD_OF[top] or tk == RED3 or tk == BLACK3:
        return []
    hand = st.hands[seat]
    ids = by_kind(hand)
    nat = ids.get(tk, [])
    if len(nat) < 2:
        return []
    team = st.team_of(seat)
    onto = None
    for m in st.melds[team]:
        if m.kind == "group" and m.rank == tk and m.canasta is None:
            onto = m.id
    cands: list[TakePile] = []
    if st.melds[team]:
        cands.append(TakePile(tuple(nat[:2]), (), onto))
        if len(nat) > 2:
            cands.append(TakePile(tuple(nat[:G.MELD_MAX - 1]), (), onto))
    elif st.rules.initial_meld_with_pile == "meld_first":
        need = st.minimum(team)
        pair = tuple(nat[:2])
        rest = [c for c in hand if c not in pair and not G.is_three(c)]
        for extra in _initial_sets(st, seat, rest, need):
            cands.append(TakePile(pair, extra, None))
        if len(nat) >= 3:
            trio = tuple(nat[:G.MELD_MAX - 1])
            rest = [c for c in hand if c not in trio and not G.is_three(c)]
            for extra in _initial_sets(st, seat, rest, max(0, need - sum(V[c] for c in trio))):
                cands.append(TakePile(trio, extra, None))
            cands.append(TakePile(trio, (), None))
    out: list[Action] = []
    for a in cands:
        if take_error(st, seat, a.with_cards, a.melds, a.onto)[0] is None:
            out.append(a)
    return out


def _three_options(st: State, seat: int) -> list[Action]:
    """Laying every three held; when the stock is too short for that, one at a time."""
    threes = threes_held(st.hands[seat])
    if not threes:
        return []
    a = G.LayThrees(tuple(threes))
    if _check_threes(st, a, seat)[0] is None:
        return [a]
    out: list[Action] = []
    kinds = set()
    for c in threes:
        if KIND_OF[c] not in kinds:
            kinds.add(KIND_OF[c])
            one = G.LayThrees((c,))
            if _check_threes(st, one, seat)[0] is None:
                out.append(one)
    return out


def draw_options(st: State, seat: int) -> list[Action]:
    out: list[Action] = _three_options(st, seat)
    if not threes_first(st, seat):
        if st.stock:
            out.append(Draw())
        out.extend(take_options(st, seat))
    if not st.stock:
        out.append(Pass())
    return out


def play_options(st: State, seat: int) -> list[Action]:
    r = st.rules
    hand = st.hands[seat]
    team = st.team_of(seat)
    ids = by_kind(hand)
    out: list[Action] = []
    if r.special_hands and len(hand) == 14 and special_error(st, seat) is None:
        out.append(G.LaySpecial())
    out.extend(_three_options(st, seat))
    cands: list[Meld] = []
    melds = st.melds[team]
    if melds:
        wc = []
        if TWO in ids:
            wc.append(ids[TWO][0])
        if JOKER in ids:
            wc.append(ids[JOKER][0])
        open_by_rank = {m.rank: m for m in melds if m.kind == "group" and not m.closed}
        for k in range(4, 15):
            cards = ids.get(k)
            if not cards:
                continue
            m = open_by_rank.get(k)
            if m is not None:
                room = G.MELD_MAX - len(m.cards)
                cands.append(Meld((Group((cards[0],), m.id),)))
                if len(cards) > 1 and room > 1:
                    cands.append(Meld((Group(tuple(cards[:room]), m.id),)))
            else:
                if len(cards) >= 3:
                    cands.append(Meld((Group(tuple(cards[:G.MELD_MAX]),),)))
                if len(cards) >= 2:
                    for w in wc:
                        cands.append(Meld((Group(tuple(cards[:G.MELD_MAX - 1]) + (w,)),)))
        for m in melds:
            if m.closed:
                continue
            for w in wc:
                cands.append(Meld((Group((w,), m.id),)))
        wilds = wilds_sorted(ids)
        if len(wilds) >= 3 and not any(m.kind == "wild" for m in melds):
            cands.append(Meld((Group(tuple(wilds[:3])),)))
            if len(wilds) > 3:
                cands.append(Meld((Group(tuple(wilds[:G.MELD_MAX])),)))
    else:
        for extra in _initial_sets(st, seat, [c for c in hand if not G.is_three(c)], st.minimum(team)):
            cands.append(Meld(extra))
    plan = going_out_plan(st, seat)
    if plan is not None and may_ask(st, seat):
        out.append(Ask())
    if plan is not None and plan[0]:
        key = _meld_key(plan[0])
        if all(_meld_key(a.groups) != key for a in cands):
            cands.append(Meld(plan[0]))
    if len(hand) > 1:
        for a in cands:
            if check_meld(st, a, seat)[0] is None:
                out.append(a)
    done = set()
    for c in hand:
        k = KIND_OF[c]
        if k in done:
            continue
        done.add(k)
        if check_discard(st, Discard(c), seat)[0] is None:
            out.append(Discard(c))
    return out


def _meld_key(groups) -> tuple:
    """What a melding action does, whichever copies of the cards it uses."""
    return tuple(sorted((tuple(sorted(KIND_OF[c] for c in g.cards)), g.onto or 0) for g in groups))


# ---------------------------------------------------------------------------
# the action table's rows
# ---------------------------------------------------------------------------

def _threes_to_json(a: G.LayThrees) -> dict:
    return {"cards": list(a.cards)}


def _threes_from(d: dict, limit: int, where: str) -> G.LayThrees:
    return G.LayThrees(codec.cards_from(d.get("cards"), limit, where))


def _special_from(d: dict, limit: int, where: str) -> G.LaySpecial:
    return G.LaySpecial()


def _shape_threes(a) -> Optional[str]:
    return not_cards(a.cards, "threes")


def _actions() -> dict:
    return {
        Draw: SHARED[Draw]._replace(validate=_check_draw, execute=_exec_draw),
        TakePile: SHARED[TakePile]._replace(validate=_check_take),
        Meld: SHARED[Meld]._replace(validate=check_meld, execute=exec_meld),
        Discard: SHARED[Discard]._replace(validate=check_discard, execute=_exec_discard),
        G.LayThrees: ActionSpec("threes", _check_threes, _exec_threes, _threes_to_json, _threes_from,
                                _shape_threes),
        G.LaySpecial: ActionSpec("special", _check_special, _exec_special, codec.no_fields, _special_from),
    }


ACTIONS = _actions()
BOOK = {
    "deal": deal,
    "plan_groups": plan_groups,
    "out_error": out_error,
    "take_error": take_error,
    "accepting": accepting,
    "must_take": must_take,
    "take_options": take_options,
    "play_options": play_options,
    "draw_options": draw_options,
    "going_out_plan": going_out_plan,
}
_ = (Answer,)
