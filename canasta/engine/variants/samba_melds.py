"""Samba's and Bolivia's melding checks (RULES-variants.md 10.2, 10.3): which melds a set
of cards starts or extends (groups, sequences of one suit, wild melds), the two ways of
taking the pile, the canastas needed to go out, and the melds some cards may join.
``samba_rules`` hands them to the core in its ``BOOK``."""

from __future__ import annotations

from typing import Iterable, Optional, Sequence

from ...i18n import N_, t, tn
from ..cards import BLACK3, KIND_OF, POINTS_OF, RED3, WILD_OF
from ..melding import cards_error, gather_groups, onto_meld, Plan, take_end, take_start
from ..state import State
from . import samba as G


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
                return N_("Put all the cards for one meld in a single group."), None
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
                return N_("The top card of the pile can only start a group, with a natural pair."), None
            if kind == "black3":
                if plan.black3:
                    return N_("Only one meld of black threes can be made."), None
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
    if have < need:  # type: ignore[operator]
        if left == 1:
            return tn("You must keep a card to discard: going out needs {count} canasta and your side has {have}.",
                      "You must keep a card to discard: going out needs {count} canastas and your side has {have}.",
                      need, have=have)  # type: ignore[arg-type]
        return tn("Going out needs {count} canasta; your side has {have}.",
                  "Going out needs {count} canastas; your side has {have}.", need, have=have)  # type: ignore[arg-type]
    escalera = G.sequence_canasta_name(r) == "escalera"
    if r.out_needs_escalera and not any(G.is_sequence_canasta(k) for k in kinds):
        if escalera:
            return N_("Going out needs an escalera (a sequence of seven) among your side's canastas.")
        return N_("Going out needs a samba (a sequence of seven) among your side's canastas.")
    if r.out_needs_clean and not any(k == "natural" or G.is_sequence_canasta(k) for k in kinds):
        if escalera:
            return N_("Going out needs a natural canasta or an escalera among your side's canastas.")
        return N_("Going out needs a natural canasta or a samba among your side's canastas.")
    return None


def _frozen_why(st: State, team: int, ranks) -> str:
    """Why only a natural pair of ``ranks`` takes the pile, one whole sentence a case."""
    if not st.melds[team]:
        return t("Only a natural pair of {ranks} takes the pile: your side has not melded yet.", ranks=ranks)
    if st.frozen:
        return t("Only a natural pair of {ranks} takes the pile: the pile is frozen.", ranks=ranks)
    return t("Only a natural pair of {ranks} takes the pile: the pile is always frozen in this game.", ranks=ranks)


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
    name, plural = G.rank_word(tk), G.plural_word(tk)
    if with_cards:
        nat = sum(1 for c in with_cards if KIND_OF[c] == tk)
        if onto is not None:
            return N_("Taken with a natural pair, the top card starts a new group of its own."), None
        if nat < 2:
            if any(WILD_OF[c] for c in with_cards):
                return t("A natural and a wild card never take the pile in this game: you need two natural "
                         "{ranks}.", ranks=plural), None
            return t("To take the pile with cards from your hand you need two natural {ranks}.", ranks=plural), None
    else:
        if st.pile_frozen_for(team):
            return _frozen_why(st, team, plural), None
        if onto is None:
            return t("Name the meld the {rank} from the pile goes onto, or take it with two natural {ranks}.",
                     rank=name, ranks=plural), None
        err, existing = onto_meld(st, team, onto)
        if err:
            return err, None
        if existing.canasta is not None:
            return N_("The pile cannot be taken to add its top card to a canasta."), None
        if existing.kind == "sequence" and not r.take_onto_sequence:
            return N_("In these rules the top card of the pile goes onto a group, never onto a sequence."), None
        if existing.kind not in ("group", "sequence"):
            return t("The {rank} from the pile cannot go on that meld.", rank=name), None
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
