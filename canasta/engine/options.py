"""``legal_actions``: the distinct moves open to the seat to act (one representative
per choice that differs in more than which physical copy of a card is used), with
the ways to take the pile; and the previews the window asks (``preview_groups``,
``melds_accepting``)."""

from __future__ import annotations

from typing import Callable, Optional, Sequence

from .actions import Action, Answer, Draw, NextDeal, Pass, TakePile
from .cards import BLACK3, JOKER, KIND_OF, RED3, TWO, WILD_OF
from .registry import game_of, rulebook
from .state import ANSWER, DEAL_OVER, DRAW, PLAY, State
from .going_out import out_groups
from .melding import can_reshuffle, must_take, plan_groups, take_error
from .play_options import (classic_core, ids_by_kind, initial_extras, initial_extras_reference,
                           play_options, play_options_reference, top_groups, wild_choices)


def can_take_any(st: State, seat: int) -> bool:
    """Whether ``seat`` has any way to take the pile (the stock has run out)."""
    for a in take_options(st, seat):
        return True
    return False


_DRAW = Draw()          # an action is an immutable value: one draw serves every offer


def legal_actions(st: State) -> list[Action]:
    """Every distinct legal action of the seat to act (one card copy stands for all
    identical copies; a melding action that could be split into legal steps is offered
    as those steps, except the initial meld and going out, which are offered whole)."""
    phase = st.phase
    seat = st.to_act
    if phase == DRAW:
        own = rulebook(st.rules).get("draw_options")
        if own is not None:
            return own(st, seat)   # the game's own choices before the draw (laying threes)
        stock = st.stock or can_reshuffle(st)
        out: list[Action] = [_DRAW] if stock else []
        out.extend(take_options(st, seat))
        if not stock and not must_take(st, seat):
            out.append(Pass())
        return out
    if phase == PLAY:
        return play_options(st, seat)
    if phase == ANSWER:
        return [Answer(True), Answer(False)]
    if phase == DEAL_OVER:
        return [NextDeal()]
    return []


def legal_actions_reference(st: State) -> list[Action]:
    """:func:`legal_actions` through the enumerators as they were first written, each
    candidate checked by the full validators: what the tests compare the fast
    enumerators with (the same list, in the same order)."""
    phase = st.phase
    seat = st.to_act
    if phase == DRAW:
        own = rulebook(st.rules).get("draw_options")
        if own is not None:
            return own(st, seat)
        out: list[Action] = []
        stock = st.stock or can_reshuffle(st)
        if stock:
            out.append(Draw())
        out.extend(_take_options_reference(st, seat))
        if not stock and not must_take(st, seat):
            out.append(Pass())
        return out
    if phase == PLAY:
        return play_options_reference(st, seat)
    return legal_actions(st)


def _takable_top(st: State, seat: int) -> int:
    """The kind of the pile's top card when ``seat`` could take the pile at all, else -1:
    not an empty pile, a wild card or a three on top, nor a last card taken onto a last
    card (the hand would be empty with nothing to discard)."""
    pile = st.pile
    if not pile:
        return -1
    tk = KIND_OF[pile[-1]]
    if tk == TWO or tk == JOKER or tk == BLACK3 or tk == RED3:
        return -1
    if len(st.hands[seat]) == 1 and len(pile) == 1:
        return -1
    return tk


def _take_options_reference(st: State, seat: int, extras: Optional[Callable] = None) -> list[Action]:
    """:func:`take_options` as first written, every candidate through ``take_error``
    (kept as the reference the tests compare the fast one with; the fast one hands it
    the cases it does not judge itself, with the fast ``initial_extras`` as
    ``extras``)."""
    own = rulebook(st.rules).get("take_options")
    if own is not None:
        return own(st, seat)
    tk = _takable_top(st, seat)
    if tk < 0:
        return []
    pile = st.pile
    top = pile[-1]
    hand = st.hands[seat]
    team = st.team_of(seat)
    ids = ids_by_kind(hand)
    naturals = ids.get(tk, [])
    frozen = st.pile_frozen_for(team)
    existing = st.meld_of(team, tk)
    out: list[Action] = []
    if not st.melds[team]:
        if len(naturals) < 2:
            return []
        # the top card's group, smallest first; then further melds up to the minimum
        for base in top_groups(st, ids, tk, naturals):
            for extra in (extras or initial_extras_reference)(st, seat, ids, tk, base, top):
                a = TakePile(base, extra)
                if take_error(st, seat, a.with_cards, a.melds)[0] is None:
                    out.append(a)
            if len(out) >= 6:
                break
        return out
    candidates: list[TakePile] = []
    onto = existing.id if existing is not None else None
    if not frozen and existing is not None:
        candidates.append(TakePile((), (), onto))
    if len(naturals) >= 2:
        candidates.append(TakePile(tuple(naturals[:2]), (), onto))
    if not frozen and naturals:
        for w in wild_choices(ids):
            candidates.append(TakePile((naturals[0], w), (), onto))
    gained = sum(1 for c in pile[:-1] if KIND_OF[c] != RED3)
    for a in candidates:
        err = take_error(st, seat, a.with_cards, a.melds, onto)[0]
        if err is None:
            out.append(a)
        elif gained <= 1:
            b = _take_going_out(st, seat, a.with_cards, hand, tk, naturals, onto)
            if b is not None:
                out.append(b)
    return out


def _take_going_out(st: State, seat: int, with_cards: tuple, hand: list[int], tk: int, naturals: list[int],
                    onto: Optional[int]) -> Optional[TakePile]:
    """A take that leaves one card or none must go out: the take with ``with_cards``
    that melds the rest of the hand with it (None when there is none)."""
    rest = [c for c in hand if c not in with_cards and KIND_OF[c] != tk]
    if len(rest) + len(with_cards) + len(naturals) - sum(
            1 for c in with_cards if KIND_OF[c] == tk) != len(hand):
        return None  # naturals of the top's rank would be left over
    for left in [-1] + rest:
        for extra in out_groups(st, seat, left, rest):
            if extra and take_error(st, seat, with_cards, extra, onto)[0] is None:
                return TakePile(with_cards, extra, onto)
    return None


def take_options(st: State, seat: int) -> list[Action]:
    """The ways ``seat`` may take the pile: the same list, in the same order, as
    :func:`_take_options_reference`. In Classic, once the side has melded, the
    candidates (the top card onto the side's meld, with a natural pair, with a natural
    and a wild card) are judged from their counts, by the checks ``take_error`` makes
    of them (frozen pile, pair, Classic's ``meld_error``, the canastas to go out when
    the take leaves one card or none); the initial meld and the search for a way out
    when such a take fails go through the full check."""
    r = st.rules
    if not classic_core(r) or r.natural_canastas_to_go_out:
        return _take_options_reference(st, seat, initial_extras)
    tk = _takable_top(st, seat)
    if tk < 0:
        return []
    pile = st.pile
    hand = st.hands[seat]
    team = seat % r.teams  # type: ignore[operator]
    melds = st.melds[team]
    held = st.counts[seat][tk]
    if held < 2:
        # no natural pair of the top card: only an unfrozen pile, taken onto the side's
        # meld of its rank or with a natural and a wild card, is left
        if not melds or st.frozen or r.pile_always_frozen:
            return []
        if not held:
            for m in melds:
                if m.rank == tk and m.kind == "group" and not m.closed:
                    break
            else:
                return []
    # the cards the take brings into the hand (red threes are laid), counted up to two:
    # with two or more it cannot leave one card or none
    gained = -1     # the top card is melded
    for c in pile:
        if KIND_OF[c] != RED3:
            gained += 1
            if gained == 2:
                break
    naturals = []
    two = joker = -1
    for c in hand:
        k = KIND_OF[c]
        if k == tk:
            naturals.append(c)
        elif k == TWO:
            if two < 0:
                two = c
        elif k == JOKER:
            if joker < 0:
                joker = c
    if not melds:
        if len(naturals) < 2:
            return []   # an initial meld with the pile needs a natural pair of its top
        return _take_options_reference(st, seat, initial_extras)
    frozen = st.frozen or r.pile_always_frozen
    existing = None
    for m in melds:
        if m.rank == tk and m.kind == "group" and not m.closed:
            existing = m
            break
    # candidates: (the cards melded with the top card, how many of them are wild)
    cands: list = []
    if not frozen and existing is not None:
        cands.append(((), 0))
    if len(naturals) >= 2:
        cands.append(((naturals[0], naturals[1]), 0))
    if not frozen and naturals:
        if two >= 0:
            cands.append(((naturals[0], two), 1))
        if joker >= 0:
            cands.append(((naturals[0], joker), 1))
    meld_error = game_of(r).meld_error   # Classic's (the fast path runs for CLASSIC_MELDS games only)
    size = r.canasta_size
    n = len(hand) + gained
    if existing is not None:
        onto = existing.id
        en, ew, before = existing.naturals, existing.wilds, len(existing.cards)
    else:
        onto = None
        en = ew = before = 0
    # a take that leaves one card or none goes out: the canastas the side lacks for it
    short = 99 if st.permission is False else r.canastas_to_go_out
    for m in melds:
        if m.canasta is not None:
            short -= 1
    new = tuple.__new__
    out: list[Action] = []
    for with_cards, w in cands:
        used = len(with_cards)
        if existing is not None:
            ok = meld_error(r, "group", tk, en + used + 1 - w, ew + w, False) is None
            made = 1 if before < size <= before + used + 1 else 0
        else:
            ok = meld_error(r, "group", tk, used + 1 - w, w, True) is None
            made = 1 if used + 1 >= size else 0
        if ok and n - used <= 1:
            ok = made >= short
        if ok:
            out.append(new(TakePile, (with_cards, (), onto)))
        elif gained <= 1:
            b = _take_going_out(st, seat, with_cards, hand, tk, naturals, onto)
            if b is not None:
                out.append(b)
    return out


def preview_groups(st: State, groups: Sequence, seat: Optional[int] = None) -> tuple[Optional[str], int]:
    """For the staging of an initial meld: (error or None, card points) of putting
    ``groups`` down from the hand, judging only the melds themselves (ranks, naturals,
    wild cards, ownership), not the minimum count nor the cards left in hand."""
    if seat is None:
        seat = st.to_act
    err, plan = plan_groups(st, seat, groups, set(st.hands[seat]))
    if err:
        return err, 0
    if plan.black3 and len(st.hands[seat]) - plan.used > 1:  # type: ignore[union-attr]
        return "Black threes may be melded only when going out.", plan.points  # type: ignore[union-attr]
    return None, plan.points  # type: ignore[union-attr]


def melds_accepting(st: State, seat: int, cards: Sequence[int]) -> list[int]:
    """Ids of ``seat``'s side's open melds that ``cards`` could be added to, judging
    their shape only (rank, suit, run, wild cards), in table order."""
    team = st.team_of(seat)
    own = rulebook(st.rules).get("accepting")
    if own is not None:
        return own(st, team, cards)
    rank = 0
    for c in cards:
        k = KIND_OF[c]
        if not WILD_OF[c]:
            if k == BLACK3 or k == RED3 or (rank and k != rank):
                return []
            rank = k
    return [m.id for m in st.melds[team] if m.kind == "group" and not m.closed and (not rank or m.rank == rank)]
