"""The turn machine: ``check``, ``is_legal`` and ``apply`` through one table of
actions (a shape check, a validator and an executor per action type), shared by
every game; a game adds or replaces rows through its rules module (see
:mod:`canasta.engine.registry`).

One place decides legality. ``check`` raises :class:`IllegalAction` with a sentence
a player can read; ``legal_actions`` (:mod:`.options`) keeps only the moves the same
validators accept; ``apply`` validates first and changes nothing when the action is
illegal. The rest of the engine's rules: :mod:`.melding` (the kit every rulebook
uses), :mod:`.going_out`, :mod:`.moves` (what actions do), :mod:`.options` and
:mod:`.play_options` (enumerating the legal actions)."""

from __future__ import annotations

from typing import Callable, NamedTuple, Optional

from ..i18n import N_
from . import codec
from .actions import Action, Answer, Ask, Discard, Draw, Group, Meld, NextDeal, Pass, TakePile
from .cards import KIND_OF
from .events import Event
from .history import record
from .rules import Rules
from .registry import own_actions
from .state import ANSWER, DEAL_OVER, DRAW, GAME_OVER, PLAY, State, partner_of
from .going_out import going_out_plan, meld_action_error
from .melding import Plan, can_reshuffle, going_out_error, must_take, place, take_error
from .moves import deck_for_deal, do_discard, do_draw, do_take, end_deal, hand_emptied, start_deal


class IllegalAction(Exception):
    """The action breaks a rule; ``str(error)`` is a sentence for the player."""


# ---------------------------------------------------------------------------
# check / apply
# ---------------------------------------------------------------------------

_CARD_LIMIT = len(KIND_OF)


def _not_card(c: object) -> Optional[str]:
    if type(c) is not int or not 0 <= c < _CARD_LIMIT:  # bool, float, None... are not cards
        return f"The move names {c!r}, which is not a card."
    return None


def not_cards(cards: object, what: str) -> Optional[str]:
    if not isinstance(cards, (tuple, list)):
        return f"The move's {what} should be a list of cards, not {cards!r}."
    for c in cards:
        if type(c) is not int or not 0 <= c < _CARD_LIMIT:
            return _not_card(c)
    return None


def _not_meld_id(onto: object) -> Optional[str]:
    if onto is not None and type(onto) is not int:
        return f"The move names {onto!r}, which is not a meld."
    return None


def _not_group(g: object) -> Optional[str]:
    if isinstance(g, Group):
        return _not_meld_id(g.onto) or not_cards(g.cards, "meld group")
    return not_cards(g, "meld group")


def _not_groups(groups: object) -> Optional[str]:
    if not isinstance(groups, (tuple, list)):
        return f"The move's melds should be a list of groups of cards, not {groups!r}."
    for g in groups:
        err = _not_group(g)
        if err:
            return err
    return None


def shape_take(a: TakePile) -> Optional[str]:
    return (not_cards(a.with_cards, "cards melded with the top card")
            or _not_groups(a.melds) or _not_meld_id(a.onto))


def shape_meld(a: Meld) -> Optional[str]:
    return _not_groups(a.groups)


def shape_discard(a: Discard) -> Optional[str]:
    return _not_card(a.card)


def _shape_answer(a: Answer) -> Optional[str]:
    return None if type(a.yes) is bool else "An answer is yes or no."


def _shape_none(a) -> Optional[str]:
    return None


# -- one validator per action type: (state, action, the seat to act) -> (error, plan) --

def _check_draw(st: State, a: Draw, actor: int):
    if st.phase != DRAW:
        return phase_message(st), None
    if not st.stock and not can_reshuffle(st):
        return N_("The stock is empty: take the pile if you can, or pass."), None
    return None, None


def _check_take(st: State, a: TakePile, actor: int):
    if st.phase != DRAW:
        return phase_message(st), None
    return take_error(st, actor, tuple(a.with_cards), tuple(a.melds), a.onto)


def _check_meld(st: State, a: Meld, actor: int):
    if st.phase != PLAY:
        return phase_message(st), None
    return meld_action_error(st, actor, a.groups)


def _check_discard(st: State, a: Discard, actor: int):
    if st.phase != PLAY:
        return phase_message(st), None
    hand = st.hands[actor]
    if a.card not in hand:
        return N_("That card is not in your hand."), None
    if len(hand) == 1:
        if not st.foot_waiting(actor):
            err = going_out_error(st, actor, None, 0)
            if err:
                return err, None
    elif st.permission is True:
        return N_("You told your partner you would go out: meld your cards so the discard is your last."), None
    return None, None


def _check_ask(st: State, a: Ask, actor: int):
    if not st.rules.ask_to_go_out:
        return N_("Asking permission to go out is not part of these rules."), None
    if st.phase != PLAY:
        return N_("Ask your partner after drawing, before you meld."), None
    if st.asked:
        return N_("You may ask only once a turn."), None
    if st.melded_this_turn:
        return N_("Ask your partner before you meld."), None
    if len(st.hands[actor]) < 2 and not st.rules.must_ask:
        # one card left (threes laid without replacement): its discard is the only
        # move, and a "no" would leave the player none at all
        return N_("With one card left you go out by discarding it: there is nothing to ask."), None
    if going_out_plan(st, actor) is None:
        return N_("You cannot go out this turn, so there is nothing to ask."), None
    return None, None


def _check_answer(st: State, a: Answer, actor: int):
    if st.phase != ANSWER:
        return N_("Nobody has asked to go out."), None
    return None, None


def _check_pass(st: State, a: Pass, actor: int):
    if st.phase != DRAW:
        return phase_message(st), None
    if st.stock:
        return N_("You may pass only when the stock is empty."), None
    if can_reshuffle(st):
        return N_("The stock is empty: draw from the pile turned over into a new stock, or take the pile."), None
    if must_take(st, actor):
        return N_("With the stock empty you must take the pile: its top card goes on your side's meld."), None
    return None, None


def _check_next_deal(st: State, a: NextDeal, actor: int):
    if st.phase == GAME_OVER:
        return N_("The game is over."), None
    if st.phase != DEAL_OVER:
        return N_("The deal is still being played."), None
    return None, None


def _error(st: State, action: Action, seat: Optional[int]):
    """(message, plan) for the action; message None when legal."""
    if seat is not None and (type(seat) is not int or not 0 <= seat < st.rules.players):  # type: ignore[operator]
        return f"There is no seat {seat!r} at this table.", None
    spec = (_TABLES.get(st.rules.variant) or action_table(st.rules)).get(type(action))
    if spec is None:
        return f"Unknown action {action!r}.", None
    bad = spec.shape(action)
    if bad:
        return bad, None
    actor = st.to_act
    if seat is not None and seat != actor and not spec.any_seat:
        if st.phase in (DEAL_OVER, GAME_OVER):
            return N_("The deal is over."), None
        return N_("It is not your turn."), None
    return spec.validate(st, action, actor)


def phase_message(st: State) -> str:
    if st.phase == DRAW:
        return N_("Draw first: from the stock, or take the pile.")
    if st.phase == PLAY:
        return N_("You have drawn already: meld or discard.")
    if st.phase == ANSWER:
        return N_("Your partner must answer first.")
    if st.phase == GAME_OVER:
        return N_("The game is over.")
    return N_("The deal is over.")


def check(state: State, action: Action, seat: Optional[int] = None) -> None:
    """Raise :class:`IllegalAction` when ``action`` (by ``seat``, default the seat to act)
    is against the rules."""
    err = _error(state, action, seat)[0]
    if err:
        raise IllegalAction(err)


def is_legal(state: State, action: Action, seat: Optional[int] = None) -> bool:
    return _error(state, action, seat)[0] is None


def apply(state: State, action: Action, seat: Optional[int] = None) -> tuple[State, list[Event]]:
    """A new state with ``action`` carried out, and what happened. ``state`` is untouched."""
    err, plan = _error(state, action, seat)
    if err:
        raise IllegalAction(err)
    new = state.clone()
    events: list[Event] = []
    _execute(new, action, plan, events)
    return new, events


def apply_in_place(state: State, action: Action, seat: Optional[int] = None) -> list[Event]:
    """Carry out ``action`` on ``state`` itself; an illegal action raises and changes nothing."""
    if seat is None:
        # the usual call (the seat to act): the checks of _error and the work of
        # _execute with one look-up of the action's row
        spec = (_TABLES.get(state.rules.variant) or action_table(state.rules)).get(type(action))
        if spec is not None:
            err = spec.shape(action)
            if err:
                raise IllegalAction(err)
            actor = state.to_act
            err, plan = spec.validate(state, action, actor)
            if err:
                raise IllegalAction(err)
            events: list[Event] = []
            spec.execute(state, action, plan, actor, events)
            record(state, actor, events)  # what the table saw
            return events
    err, plan = _error(state, action, seat)
    if err:
        raise IllegalAction(err)
    events = []
    _execute(state, action, plan, events)
    return events


def _execute(st: State, action: Action, plan: Optional[Plan], events: list[Event]) -> None:
    seat = st.to_act
    (_TABLES.get(st.rules.variant) or action_table(st.rules))[type(action)].execute(st, action, plan, seat, events)
    record(st, seat, events)  # what the table saw


# -- one executor per action type: (state, action, plan, seat to act, events) ---------

def _exec_draw(st: State, a: Draw, plan, seat: int, events: list[Event]) -> None:
    do_draw(st, seat, events)


def _exec_take(st: State, a: TakePile, plan: Plan, seat: int, events: list[Event]) -> None:
    do_take(st, seat, plan, events)


def exec_meld(st: State, a: Meld, plan: Plan, seat: int, events: list[Event]) -> None:
    place(st, seat, plan, events)
    if st.phase == PLAY and not st.hands[seat]:
        hand_emptied(st, seat, events)


def _exec_discard(st: State, a: Discard, plan, seat: int, events: list[Event]) -> None:
    do_discard(st, seat, a.card, events)


def _exec_ask(st: State, a: Ask, plan, seat: int, events: list[Event]) -> None:
    st.asked = True
    st.phase = ANSWER
    events.append(Event("asked", seat=seat))


def _exec_answer(st: State, a: Answer, plan, seat: int, events: list[Event]) -> None:
    st.permission = bool(a.yes)
    st.phase = PLAY
    events.append(Event("answered", seat=partner_of(st, st.turn), info=bool(a.yes)))


def _exec_pass(st: State, a: Pass, plan, seat: int, events: list[Event]) -> None:
    end_deal(st, None, events)


def _exec_next_deal(st: State, a: NextDeal, plan, seat: int, events: list[Event]) -> None:
    st.deal_number += 1
    st.dealer = (st.dealer + 1) % st.rules.players
    st.scores = st.result.totals[:]  # type: ignore[union-attr]
    start_deal(st, deck_for_deal(st), events)


class ActionSpec(NamedTuple):
    """Everything about one action type, in one row of the action table."""

    name: str                        # its "type" in JSON
    validate: Callable               # (state, action, seat to act) -> (error or None, plan)
    execute: Callable                # (state, action, plan, seat to act, events) -> None
    to_json: Callable                # action -> its fields as a JSON object
    from_json: Callable              # (object, card limit, where) -> action (raises RecordError)
    shape: Callable = _shape_none    # action -> a sentence when its values have wrong types
    any_seat: bool = False           # any seat may play it (not only the seat to act)


#: the actions every game of the family shares, keyed by type; a game module adds its
#: own in ``ACTIONS`` (see ``variants``)
ACTIONS: dict[type, ActionSpec] = {
    Draw: ActionSpec("draw", _check_draw, _exec_draw, codec.no_fields, codec.draw_from),
    TakePile: ActionSpec("take", _check_take, _exec_take, codec.take_to_json, codec.take_from, shape_take),
    Meld: ActionSpec("meld", _check_meld, exec_meld, codec.meld_to_json, codec.meld_from, shape_meld),
    Discard: ActionSpec("discard", _check_discard, _exec_discard, codec.discard_to_json, codec.discard_from,
                        shape_discard),
    Ask: ActionSpec("ask", _check_ask, _exec_ask, codec.no_fields, codec.ask_from),
    Answer: ActionSpec("answer", _check_answer, _exec_answer, codec.answer_to_json, codec.answer_from,
                       _shape_answer),
    Pass: ActionSpec("pass", _check_pass, _exec_pass, codec.no_fields, codec.pass_from),
    NextDeal: ActionSpec("next_deal", _check_next_deal, _exec_next_deal, codec.no_fields, codec.next_deal_from,
                         any_seat=True),
}
_TABLES: dict[str, dict[type, ActionSpec]] = {}


def action_table(rules: Rules) -> dict[type, ActionSpec]:
    """The actions of the game ``rules`` play: the shared ones and the game's own."""
    table = _TABLES.get(rules.variant)
    if table is None:
        table = _TABLES[rules.variant] = {**ACTIONS, **own_actions(rules)}
    return table
