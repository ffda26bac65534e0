"""The rules: what is legal, what an action does, and how a deal is scored.

One place decides legality. ``check`` raises :class:`IllegalAction` with a sentence
a player can read; ``legal_actions`` enumerates the distinct moves open to the seat
to act (one representative per choice that differs in more than which physical copy
of a card is used) and keeps only those that the same validators accept; ``apply``
validates first and changes nothing when the action is illegal.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Callable, Iterable, NamedTuple, Optional, Sequence

from . import codec
from .actions import Action, Answer, Ask, Discard, Draw, Group, Meld, NextDeal, Pass, TakePile
from .cards import (BLACK3, JOKER, KIND_COUNT, KIND_OF, PLURAL_NAMES, POINTS_OF, RANK_NAMES,
                    RED3, TWO, WILD_OF, deck_ids, describe)
from .events import Event
from .history import record
from .rules import Rules
from .registry import game_of, own_actions, rulebook
from .state import (ANSWER, DEAL_OVER, DRAW, GAME_OVER, PLAY, DealResult, State, TableMeld,
                    TeamItems, partner_of)


class IllegalAction(Exception):
    """The action breaks a rule; ``str(error)`` is a sentence for the player."""


# ---------------------------------------------------------------------------
# the game module's own rulebook
# ---------------------------------------------------------------------------

def _plural(rank: int) -> str:
    return PLURAL_NAMES.get(rank, "cards")


def _article(rank: int) -> str:
    name = RANK_NAMES.get(rank, "card")
    return ("an " if name[0] in "aeiou" else "a ") + name


# ---------------------------------------------------------------------------
# starting games and deals
# ---------------------------------------------------------------------------

def new_game(rules: Rules | None = None, seed: object = None, dealer: int | None = None) -> State:
    """A new game, its first deal dealt. ``seed`` fixes every shuffle of the game."""
    if seed is None:
        seed = random.SystemRandom().randrange(10**9)
    st = State(rules or Rules(), seed)
    if dealer is None:
        dealer = random.Random(f"{seed}:dealer").randrange(st.rules.players)
    st.dealer = dealer
    events: list[Event] = []
    _start_deal(st, _shuffled_deck(st), events)
    record(st, -1, events)
    return st


def _shuffled_deck(st: State) -> list[int]:
    return shuffled_deck(st.rules, st.seed, st.deal_number)


def shuffled_deck(rules: Rules, seed: object, deal_number: int) -> list[int]:
    """The deck of deal ``deal_number`` shuffled from ``seed``, top card first: the one
    place a deal's order comes from (a table server's clients re-deal a revealed seed
    with it to check the cards they saw)."""
    r = rules if rules.decks is not None else rules.resolved()
    deck = deck_ids(r.decks, r.jokers)  # type: ignore[arg-type]
    random.Random(f"{seed}:{deal_number}").shuffle(deck)
    return deck


def deal_from_deck(rules: Rules, deck: Sequence[int], dealer: int, scores: Sequence[int] | None = None,
                   seed: object = 0, deal_number: int = 0) -> tuple[State, list[Event]]:
    """A deal from exactly this deck order (top card first), no shuffle."""
    st = State(rules, seed)
    st.dealer = dealer
    st.deal_number = deal_number
    if scores is not None:
        if len(scores) != st.rules.teams:
            raise ValueError(f"scores needs one number per team ({st.rules.teams}).")
        st.scores = list(scores)
    events: list[Event] = []
    _start_deal(st, list(deck), events)
    record(st, -1, events)
    return st, events


def _start_deal(st: State, deck_top_first: list[int], events: list[Event]) -> None:
    r = st.rules
    n = r.players
    st.stock = deck_top_first[::-1]  # top of the stock is the end of the list
    st.hands = [[] for _ in range(n)]
    st.counts = [[0] * KIND_COUNT for _ in range(n)]
    st.pile = []
    st.sideways = []
    st.frozen = False
    st.melds = [[] for _ in range(r.teams)]  # type: ignore[arg-type]
    st.red3 = [[] for _ in range(r.teams)]  # type: ignore[arg-type]
    st.feet = [[] for _ in range(n)]
    st.talons = [[], []]
    st.played = [False] * n
    st.known = [[] for _ in range(n)]
    st.turns_taken = [0] * n
    st.went_out = None
    st.concealed = False
    st.result = None
    st.reshuffled = False
    events.append(Event("deal_started", info=(st.deal_number, st.dealer)))
    first = (st.dealer + 1) % n
    own = rulebook(r).get("deal")
    if own is not None:
        own(st, first, events)   # the game deals its own way (talons, no upcard...)
        st.turn = first
        _begin_turn(st, first, events)
        return
    for _ in range(r.hand_size):  # type: ignore[arg-type]
        for k in range(n):
            seat = (first + k) % n
            if not st.stock:
                break
            card = st.stock.pop()
            st._add_to_hand(seat, card)
            events.append(Event("move", card, ("stock",), ("hand", seat)))
    # then the feet, when the game deals them (face down, in the same order)
    for _ in range(r.foot_size or 0):
        for k in range(n):
            seat = (first + k) % n
            if not st.stock:
                break
            card = st.stock.pop()
            st.feet[seat].append(card)
            events.append(Event("move", card, ("stock",), ("foot", seat)))
    # red threes, seat by seat from the dealer's left
    for k in range(n):
        seat = (first + k) % n
        team = st.team_of(seat)
        while st.counts[seat][RED3]:
            for card in [c for c in st.hands[seat] if KIND_OF[c] == RED3]:
                st._remove_from_hand(seat, card)
                st.red3[team].append(card)
                events.append(Event("move", card, ("hand", seat), ("red3", team)))
                if st.stock:
                    new = st.stock.pop()
                    st._add_to_hand(seat, new)
                    events.append(Event("move", new, ("stock",), ("hand", seat)))
    # the upcard (turned again while it is a wild card, a red three, or in most games a
    # black three)
    cover_black3 = getattr(game_of(r), "BLACK3_UPCARD_COVERED", True)
    while st.stock:
        card = st.stock.pop()
        kind = KIND_OF[card]
        sideways = WILD_OF[card] or kind == RED3 or (kind == BLACK3 and r.black_three_freezes)
        st.pile.append(card)
        events.append(Event("move", card, ("stock",), ("pile",), info=sideways))
        if sideways:
            st.sideways.append(card)
            if not st.frozen:
                st.frozen = True
                events.append(Event("frozen", card))
        if not (WILD_OF[card] or kind == RED3 or (kind == BLACK3 and cover_black3)):
            break
    st.turn = first
    _begin_turn(st, first, events)


def reset_turn(st: State, seat: int) -> None:
    """``seat`` is to draw, with nothing done yet this turn."""
    st.turn = seat
    st.phase = DRAW
    st.asked = False
    st.permission = None
    st.melded_this_turn = False
    st.partner_added = False
    st.took_pile = False
    st.played_before_turn = st.played[seat]


def _begin_turn(st: State, seat: int, events: list[Event]) -> None:
    reset_turn(st, seat)
    events.append(_new(Event, ("turn", -1, (), (), seat, -1, DRAW)))
    if not st.stock:
        check_exhausted(st, events)


def check_exhausted(st: State, events: list[Event]) -> None:
    """Facing an empty stock, the deal ends when the seat cannot take the pile (under
    either ``stock_exhausted`` option; with ``"end"`` nobody is forced to take it, and
    passing ends the deal too), unless the pile may still be turned into a new stock."""
    seat = st.turn
    if st.phase == DRAW and not st.stock and not can_reshuffle(st):
        if not _can_take_any(st, seat):
            _end_deal(st, None, events)


def can_reshuffle(st: State) -> bool:
    """Whether a draw now turns the pile over into a new stock (RULES.md 9.1; see
    :meth:`~canasta.engine.state.TableFacts.pile_becomes_stock`)."""
    return st.pile_becomes_stock()


def _turn_pile_over(st: State, events: list[Event]) -> None:
    """The pile but its top card becomes the stock, face down as it lies (its bottom card
    is drawn first); the top card stays as the pile, frozen only if it is a card that
    freezes it (a wild card or a red three)."""
    pile = st.pile
    top = pile[-1]
    st.stock = pile[-2::-1]      # the top of the stock is the end of the list
    st.pile = [top]
    st.reshuffled = True
    # info: the cards turned over, as they lay in the pile (bottom card first)
    events.append(Event("pile_to_stock", seat=st.turn, info=tuple(pile[:-1])))
    st.sideways = [c for c in st.sideways if c == top]
    frozen = bool(st.sideways)
    if st.frozen and not frozen:
        events.append(Event("unfrozen"))
    st.frozen = frozen


# ---------------------------------------------------------------------------
# validation helpers shared by check() and legal_actions()
# ---------------------------------------------------------------------------

class _Plan:
    """A validated melding action, ready to carry out."""

    __slots__ = ("items", "used", "points", "canastas_after", "black3", "adds_partner", "own_canasta",
                 "kinds_after", "naturals_after")

    def __init__(self):
        # (rank, meld index or -1 for a new meld, cards, kind: "group" | "black3" | "top")
        self.items: list[tuple[int, int, list[int], str]] = []
        self.used = 0
        self.points = 0
        self.canastas_after = 0
        self.black3 = False
        self.adds_partner = False
        self.own_canasta = False
        self.kinds_after: Optional[list[str]] = None   # the side's canasta kinds after (if the game counts them)
        self.naturals_after = 0     # the side's natural canastas after (Classic's groups)


def _onto_meld(st: State, team: int, onto) -> tuple[Optional[str], Optional[TableMeld]]:
    """(error, the team's open meld named ``onto``)."""
    for m in st.melds[team]:
        if m.id == onto:
            if m.closed:
                if m.kind == "black3":
                    return "Nothing can be added to a meld of black threes.", None
                return "That canasta is closed: nothing more can be added to it.", None
            return None, m
    return f"Your side has no meld {onto}.", None


def _gather_groups(groups: Iterable, extra_top: int = -1, top_with: Sequence[int] = (),
                   top_onto: Optional[int] = None):
    """(error, [(cards, onto, is the pile's top group)]) of a melding action's groups
    (a Group or a bare sequence of cards), the top card's group first when taking.
    Groups naming the same meld are added together, as one group (RULES-variants.md
    10.4.4): the check is made on the meld that results from all of them."""
    todo: list[tuple[tuple[int, ...], Optional[int], bool]] = []
    at: dict[int, int] = {}   # meld id -> its entry in todo
    if extra_top >= 0:
        todo.append((tuple(top_with), top_onto, True))
        if top_onto is not None:
            at[top_onto] = 0
    for g in groups:
        if isinstance(g, Group):
            cards, onto = tuple(g.cards), g.onto
        else:
            cards, onto = tuple(g), None
        if not cards:
            return "A meld group cannot be empty.", None
        if onto is not None and onto in at:
            was, _, is_top = todo[at[onto]]
            todo[at[onto]] = (was + cards, onto, is_top)
            continue
        if onto is not None:
            at[onto] = len(todo)
        todo.append((cards, onto, False))
    if not todo:
        return "Choose the cards to meld.", None
    return None, todo


def _cards_error(cards: Sequence[int], seen: set, hand_set: set) -> Optional[str]:
    """Each card in hand and used once across the action (``seen`` collects them)."""
    for c in cards:
        if c in seen:
            return "The same card cannot be used twice."
        if c not in hand_set:
            return f"{describe(c).capitalize()} is not in your hand."
        seen.add(c)
    return None


def _plan_groups(st: State, seat: int, groups: Iterable, hand_set: set, extra_top: int = -1,
                 top_with: Sequence[int] = (), top_onto: Optional[int] = None
                 ) -> tuple[Optional[str], Optional[_Plan]]:
    """Validate melding ``groups`` from ``seat``'s hand (plus, when taking the pile, the
    group formed by the pile's top card ``extra_top`` and ``top_with``, going onto the
    meld ``top_onto`` or starting a new one)."""
    r = st.rules
    own = rulebook(r).get("plan_groups")
    if own is not None:
        return own(st, seat, groups, hand_set, extra_top, top_with, top_onto)
    team = seat % r.teams  # type: ignore[operator]
    size_needed = r.canasta_size
    game = game_of(r)
    meld_error = game.meld_error
    plan = _Plan()
    seen: set[int] = set()
    ranks_new: set[int] = set()
    targets: set[int] = set()
    team_melds = st.melds[team]
    canastas_after = naturals_after = 0
    for m in team_melds:
        if m.canasta is not None:
            canastas_after += 1
            if m.canasta == "natural":
                naturals_after += 1
    err, all_groups = _gather_groups(groups, extra_top, top_with, top_onto)
    if err:
        return err, None
    for cards, onto, is_top in all_groups:
        err = _cards_error(cards, seen, hand_set)
        if err:
            return err, None
        naturals = wilds = b3 = pts = 0
        rank = 0
        for c in cards:
            k = KIND_OF[c]
            pts += POINTS_OF[c]
            if k == TWO or k == JOKER:
                wilds += 1
            elif k == RED3:
                return "Red threes are never melded: they score as bonus cards.", None
            elif k == BLACK3:
                b3 += 1
            else:
                if rank and k != rank:
                    return ("A meld holds cards of one rank: "
                            f"{_plural(rank)} and {_plural(k)} cannot go together."), None
                rank = k
                naturals += 1
        if is_top:
            top_kind = KIND_OF[extra_top]
            if rank and rank != top_kind:
                return (f"Only {_plural(top_kind)} and wild cards can be melded with the "
                        f"{RANK_NAMES[top_kind]} on the pile."), None
            if b3:
                return "Black threes cannot be melded with the top of the pile.", None
            rank = top_kind
            naturals += 1
        existing = None
        index = -1
        if onto is not None:
            for i, m in enumerate(team_melds):
                if m.id == onto:
                    existing, index = m, i
                    break
            if existing is None or existing.closed:
                return _onto_meld(st, team, onto)[0], None
        if b3:
            if existing is not None:
                return "Black threes are melded alone, with no other cards and no wild cards.", None
            if naturals or wilds:
                return "Black threes are melded alone, with no other cards and no wild cards.", None
            if not 3 <= b3 <= 4:
                return "A meld of black threes holds three or four of them.", None
            if plan.black3:
                return "Only one meld of black threes can be made.", None
            plan.black3 = True
            plan.items.append((BLACK3, -1, list(cards), "black3"))
            plan.used += b3
            plan.points += 5 * b3
            continue
        if existing is not None:
            if existing.kind != "group" or (rank and rank != existing.rank):
                return "The cards do not match the meld they are meant for.", None
            rank = existing.rank
            if existing.id in targets:
                return f"Put all the {_plural(rank)} for one meld in a single group.", None
            targets.add(existing.id)
            err = meld_error(r, "group", rank, existing.naturals + naturals, existing.wilds + wilds, False)
            if err:
                return err, None
            before = len(existing.cards)
            size_after = before + len(cards) + (1 if is_top else 0)
            if size_after >= size_needed:  # type: ignore[operator]
                # a natural canasta stays one without wild cards, and becomes one
                was_natural = before >= size_needed and existing.wilds == 0  # type: ignore[operator]
                naturals_after += (existing.wilds + wilds == 0) - was_natural
            if before < size_needed <= size_after:  # type: ignore[operator]
                canastas_after += 1
                if existing.by == seat:
                    plan.own_canasta = True
            elif size_after >= size_needed and existing.by == seat:  # type: ignore[operator]
                plan.own_canasta = True
            if existing.by != seat:
                plan.adds_partner = True
        else:
            if not rank:
                return "Wild cards alone never form a meld.", None
            if rank in ranks_new:
                return f"Put all the {_plural(rank)} for one meld in a single group.", None
            ranks_new.add(rank)
            new_meld_error = getattr(game, "new_meld_error", None)
            err = ((new_meld_error(st, team, "group", rank, targets) if new_meld_error else None)
                   or meld_error(r, "group", rank, naturals, wilds, True))
            if err:
                return err, None
            size_after = len(cards) + (1 if is_top else 0)
            if size_after >= size_needed:  # type: ignore[operator]
                canastas_after += 1
                naturals_after += wilds == 0
                plan.own_canasta = True
        plan.items.append((rank, index, list(cards), "top" if is_top else "group"))
        plan.used += len(cards)
        plan.points += pts + (POINTS_OF[extra_top] if is_top else 0)
    plan.canastas_after = canastas_after
    plan.naturals_after = naturals_after
    return None, plan


def _going_out_error(st: State, seat: int, plan: Optional[_Plan], left: int) -> Optional[str]:
    """Checks for a play that leaves ``left`` cards in hand (0 or 1: a going-out play)."""
    r = st.rules
    team = st.team_of(seat)
    need = r.canastas_to_go_out
    if st.permission is False:
        return "Your partner said no: you may not go out this turn, so keep at least two cards."
    own = rulebook(r).get("out_error")
    if own is not None:
        return own(st, seat, plan, left)
    have = plan.canastas_after if plan is not None else st.canasta_count(team)
    if have < need:  # type: ignore[operator]
        if left == 1:
            return (f"You must keep a card to discard: going out needs {need} "
                    f"canasta{'s' if need != 1 else ''} and your side has {have}.")
        return (f"Going out needs {need} canasta{'s' if need != 1 else ''}; "
                f"your side has {have}.")
    natural = r.natural_canastas_to_go_out
    if natural:
        got = plan.naturals_after if plan is not None else st.canastas(team).get("natural", 0)
        if got < natural:
            want = "a natural canasta" if natural == 1 else f"{natural} natural canastas"
            has = {0: "none", 1: "one"}.get(got, str(got))
            if left == 1:
                return (f"You must keep a card to discard: going out needs {want} "
                        f"(without wild cards) and your side has {has}.")
            return f"Going out needs {want} (without wild cards); your side has {has}."
    return None


def _concealed_ok(st: State, seat: int, plan: Optional[_Plan]) -> bool:
    """Would going out now be concealed? (No meld before this turn, none onto the
    partner's melds, and a canasta among the player's own melds.)"""
    if st.played_before_turn or st.partner_added:
        return False
    if plan is not None and plan.adds_partner:
        return False
    team = st.team_of(seat)
    for m in st.melds[team]:
        if m.by == seat and m.canasta is not None:
            return True
    return bool(plan is not None and plan.own_canasta)


def _meld_error(st: State, seat: int, groups, hand_set: Optional[set] = None
                ) -> tuple[Optional[str], Optional[_Plan]]:
    hand = st.hands[seat]
    foot = st.foot_waiting(seat)   # emptying the hand picks up the foot: not going out
    if len(hand) <= 1 and not foot:
        return "With one card left, your only move is to discard it.", None
    err, plan = _plan_groups(st, seat, groups, set(hand) if hand_set is None else hand_set)
    if err:
        return err, None
    assert plan is not None
    team = st.team_of(seat)
    left = len(hand) - plan.used
    going_out = left <= 1 and not foot
    if going_out:
        err = _going_out_error(st, seat, plan, left)
        if err:
            return err, None
    elif plan.black3:
        return "Black threes may be melded only when going out.", None
    if not st.melds[team]:
        need = st.minimum(team)
        if plan.points < need:
            exempt = (going_out and not st.took_pile and _concealed_ok(st, seat, plan))
            if not exempt:
                return (f"Your side's first meld must count at least {need}; "
                        f"this counts {plan.points}."), None
    if st.permission is True and not going_out:
        probe = st.clone()
        _place(probe, seat, plan, [])
        if probe.phase == PLAY and going_out_plan(probe, seat) is None:
            return "You told your partner you would go out: this meld would leave you unable to.", None
    return None, plan


def _take_error(st: State, seat: int, with_cards: Sequence[int], extra: Sequence,
                onto: Optional[int] = None) -> tuple[Optional[str], Optional[_Plan]]:
    r = st.rules
    own = rulebook(r).get("take_error")
    if own is not None:
        return own(st, seat, with_cards, extra, onto)
    err, top, hand_set = _take_start(st, seat, with_cards)
    if err:
        return err, None
    tk = KIND_OF[top]
    team = st.team_of(seat)
    nat = sum(1 for c in with_cards if KIND_OF[c] == tk)
    wild = sum(1 for c in with_cards if WILD_OF[c])
    existing = None
    if onto is not None:
        err, existing = _onto_meld(st, team, onto)
        if err:
            return err, None
        if existing.kind != "group" or existing.rank != tk:  # type: ignore[union-attr]
            return f"The {RANK_NAMES[tk]} on the pile cannot go on that meld.", None
    if st.pile_frozen_for(team):
        if nat < 2:
            if not st.melds[team]:
                why = "your side has not melded yet, so the pile is frozen"
            elif st.frozen:
                why = "the pile is frozen"
            else:
                why = "the pile is always frozen in this game"
            return (f"To take it you need a natural pair of {_plural(tk)}: {why}."), None
    else:
        if existing is None and not (nat >= 1 and nat + wild >= 2):
            if not with_cards and st.meld_of(team, tk) is not None:
                return f"Name the meld of {_plural(tk)} the {RANK_NAMES[tk]} from the pile goes onto.", None
            return (f"To take the pile you need two {_plural(tk)}, {_article(tk)} and a wild card, "
                    f"or a meld of {_plural(tk)}."), None
    err, plan = _plan_groups(st, seat, extra, hand_set, extra_top=top, top_with=with_cards, top_onto=onto)
    if err:
        return err, None
    assert plan is not None
    err = _take_end(st, seat, plan)
    return (err, None) if err else (None, plan)


def _take_start(st: State, seat: int, with_cards: Sequence[int]) -> tuple[Optional[str], int, set]:
    """What every game checks first when the pile is taken: (error, the top card, the
    hand's cards). A wild card, a black three or a red three on top blocks the pile; a
    single card in hand may not take a single-card pile; ``with_cards`` are in hand."""
    pile = st.pile
    if not pile:
        return "The discard pile is empty.", -1, set()
    top = pile[-1]
    tk = KIND_OF[top]
    if tk == TWO or tk == JOKER:
        return "A wild card on top of the pile stops anyone from taking it.", top, set()
    if tk == BLACK3:
        return "A black three on top of the pile blocks it: draw from the stock.", top, set()
    if tk == RED3:
        return "A red three on top of the pile blocks it.", top, set()
    hand = st.hands[seat]
    if len(hand) == 1 and len(pile) == 1:
        return "With a single card in hand you may not take a pile of a single card.", top, set()
    hand_set = set(hand)
    for c in with_cards:
        if c not in hand_set:
            return f"{describe(c).capitalize()} is not in your hand.", top, hand_set
    return None, top, hand_set


def _take_end(st: State, seat: int, plan: _Plan) -> Optional[str]:
    """What every game checks last when the pile is taken (``plan``: the melds made
    with it): an initial meld's minimum count, going out if the take leaves one card or
    none, black threes only when going out."""
    team = st.team_of(seat)
    if not st.melds[team]:
        need = st.minimum(team)
        if plan.points < need:
            return (f"Your side's first meld must count at least {need}; the top card and the "
                    f"cards melded with it count {plan.points}.")
    gained = sum(1 for c in st.pile[:-1] if KIND_OF[c] != RED3)
    left = len(st.hands[seat]) - plan.used + gained
    if left <= 1:
        err = _going_out_error(st, seat, plan, left)
        if err:
            return err
    if plan.black3 and left > 1:
        return "Black threes may be melded only when going out."
    return None


def _can_take_any(st: State, seat: int) -> bool:
    for a in _take_options(st, seat):
        return True
    return False


def _must_take(st: State, seat: int) -> bool:
    """With an empty stock: a pile whose top matches the side's meld and is not frozen
    against it must be taken (but not a single-card pile by a single-card hand). With
    ``stock_exhausted = "end"`` nobody is forced."""
    own = rulebook(st.rules).get("must_take")
    if own is not None:
        return own(st, seat)
    if not st.pile or st.rules.stock_exhausted == "end" or can_reshuffle(st):
        return False
    team = st.team_of(seat)
    top = st.pile[-1]
    m = st.meld_of(team, KIND_OF[top])
    if m is None or st.pile_frozen_for(team):
        return False
    return _take_error(st, seat, (), (), m.id)[0] is None


# ---------------------------------------------------------------------------
# check / apply
# ---------------------------------------------------------------------------

_CARD_LIMIT = len(KIND_OF)


def _not_card(c: object) -> Optional[str]:
    if type(c) is not int or not 0 <= c < _CARD_LIMIT:  # bool, float, None... are not cards
        return f"The move names {c!r}, which is not a card."
    return None


def _not_cards(cards: object, what: str) -> Optional[str]:
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
        return _not_meld_id(g.onto) or _not_cards(g.cards, "meld group")
    return _not_cards(g, "meld group")


def _not_groups(groups: object) -> Optional[str]:
    if not isinstance(groups, (tuple, list)):
        return f"The move's melds should be a list of groups of cards, not {groups!r}."
    for g in groups:
        err = _not_group(g)
        if err:
            return err
    return None


def _shape_take(a: TakePile) -> Optional[str]:
    return (_not_cards(a.with_cards, "cards melded with the top card")
            or _not_groups(a.melds) or _not_meld_id(a.onto))


def _shape_meld(a: Meld) -> Optional[str]:
    return _not_groups(a.groups)


def _shape_discard(a: Discard) -> Optional[str]:
    return _not_card(a.card)


def _shape_answer(a: Answer) -> Optional[str]:
    return None if type(a.yes) is bool else "An answer is yes or no."


def _shape_none(a) -> Optional[str]:
    return None


# -- one validator per action type: (state, action, the seat to act) -> (error, plan) --

def _check_draw(st: State, a: Draw, actor: int):
    if st.phase != DRAW:
        return _phase_message(st), None
    if not st.stock and not can_reshuffle(st):
        return "The stock is empty: take the pile if you can, or pass.", None
    return None, None


def _check_take(st: State, a: TakePile, actor: int):
    if st.phase != DRAW:
        return _phase_message(st), None
    return _take_error(st, actor, tuple(a.with_cards), tuple(a.melds), a.onto)


def _check_meld(st: State, a: Meld, actor: int):
    if st.phase != PLAY:
        return _phase_message(st), None
    return _meld_error(st, actor, a.groups)


def _check_discard(st: State, a: Discard, actor: int):
    if st.phase != PLAY:
        return _phase_message(st), None
    hand = st.hands[actor]
    if a.card not in hand:
        return "That card is not in your hand.", None
    if len(hand) == 1:
        if not st.foot_waiting(actor):
            err = _going_out_error(st, actor, None, 0)
            if err:
                return err, None
    elif st.permission is True:
        return "You told your partner you would go out: meld your cards so the discard is your last.", None
    return None, None


def may_ask(st: State, seat: int) -> bool:
    """Whether asking the partner is open to ``seat`` now, going-out plan aside: once a
    turn, before melding, and not with a single card left (unless the rules make the
    "yes" a condition of going out), since a "no" would then leave no legal move."""
    return (st.rules.ask_to_go_out and not st.asked and not st.melded_this_turn
            and (len(st.hands[seat]) >= 2 or bool(st.rules.must_ask)))


def _check_ask(st: State, a: Ask, actor: int):
    if not st.rules.ask_to_go_out:
        return "Asking permission to go out is not part of these rules.", None
    if st.phase != PLAY:
        return "Ask your partner after drawing, before you meld.", None
    if st.asked:
        return "You may ask only once a turn.", None
    if st.melded_this_turn:
        return "Ask your partner before you meld.", None
    if len(st.hands[actor]) < 2 and not st.rules.must_ask:
        # one card left (threes laid without replacement): its discard is the only
        # move, and a "no" would leave the player none at all
        return "With one card left you go out by discarding it: there is nothing to ask.", None
    if going_out_plan(st, actor) is None:
        return "You cannot go out this turn, so there is nothing to ask.", None
    return None, None


def _check_answer(st: State, a: Answer, actor: int):
    if st.phase != ANSWER:
        return "Nobody has asked to go out.", None
    return None, None


def _check_pass(st: State, a: Pass, actor: int):
    if st.phase != DRAW:
        return _phase_message(st), None
    if st.stock:
        return "You may pass only when the stock is empty.", None
    if can_reshuffle(st):
        return "The stock is empty: draw from the pile turned over into a new stock, or take the pile.", None
    if _must_take(st, actor):
        return "With the stock empty you must take the pile: its top card goes on your side's meld.", None
    return None, None


def _check_next_deal(st: State, a: NextDeal, actor: int):
    if st.phase == GAME_OVER:
        return "The game is over.", None
    if st.phase != DEAL_OVER:
        return "The deal is still being played.", None
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
            return "The deal is over.", None
        return "It is not your turn.", None
    return spec.validate(st, action, actor)


def _phase_message(st: State) -> str:
    if st.phase == DRAW:
        return "Draw first: from the stock, or take the pile."
    if st.phase == PLAY:
        return "You have drawn already: meld or discard."
    if st.phase == ANSWER:
        return "Your partner must answer first."
    if st.phase == GAME_OVER:
        return "The game is over."
    return "The deal is over."


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


def _execute(st: State, action: Action, plan: Optional[_Plan], events: list[Event]) -> None:
    seat = st.to_act
    (_TABLES.get(st.rules.variant) or action_table(st.rules))[type(action)].execute(st, action, plan, seat, events)
    record(st, seat, events)  # what the table saw


# -- one executor per action type: (state, action, plan, seat to act, events) ---------

def _exec_draw(st: State, a: Draw, plan, seat: int, events: list[Event]) -> None:
    _do_draw(st, seat, events)


def _exec_take(st: State, a: TakePile, plan: _Plan, seat: int, events: list[Event]) -> None:
    _do_take(st, seat, plan, events)


def _exec_meld(st: State, a: Meld, plan: _Plan, seat: int, events: list[Event]) -> None:
    _place(st, seat, plan, events)
    if st.phase == PLAY and not st.hands[seat]:
        _hand_emptied(st, seat, events)


def _exec_discard(st: State, a: Discard, plan, seat: int, events: list[Event]) -> None:
    _do_discard(st, seat, a.card, events)


def _exec_ask(st: State, a: Ask, plan, seat: int, events: list[Event]) -> None:
    st.asked = True
    st.phase = ANSWER
    events.append(Event("asked", seat=seat))


def _exec_answer(st: State, a: Answer, plan, seat: int, events: list[Event]) -> None:
    st.permission = bool(a.yes)
    st.phase = PLAY
    events.append(Event("answered", seat=partner_of(st, st.turn), info=bool(a.yes)))


def _exec_pass(st: State, a: Pass, plan, seat: int, events: list[Event]) -> None:
    _end_deal(st, None, events)


def _exec_next_deal(st: State, a: NextDeal, plan, seat: int, events: list[Event]) -> None:
    st.deal_number += 1
    st.dealer = (st.dealer + 1) % st.rules.players
    st.scores = st.result.totals[:]  # type: ignore[union-attr]
    _start_deal(st, _shuffled_deck(st), events)


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
    TakePile: ActionSpec("take", _check_take, _exec_take, codec.take_to_json, codec.take_from, _shape_take),
    Meld: ActionSpec("meld", _check_meld, _exec_meld, codec.meld_to_json, codec.meld_from, _shape_meld),
    Discard: ActionSpec("discard", _check_discard, _exec_discard, codec.discard_to_json, codec.discard_from,
                        _shape_discard),
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


def _lay_red_three(st: State, seat: int, card: int, src: tuple, events: list[Event]) -> None:
    team = st.team_of(seat)
    st.red3[team].append(card)
    events.append(Event("move", card, src, ("red3", team)))


_new = tuple.__new__
_DRAW = Draw()          # an action is an immutable value: one draw serves every offer
_STOCK = ("stock",)
_PILE = ("pile",)


def _do_draw(st: State, seat: int, events: list[Event]) -> None:
    """Draw ``draw_count`` cards; a red three is laid and replaced. When the stock runs
    out before a red three laid in this draw is replaced, the deal ends at once: the
    player keeps the other cards drawn (RULES.md section 6). An empty stock the check let
    through is the pile turned over into a new stock first (RULES.md 9.1)."""
    if not st.stock:
        _turn_pile_over(st, events)
    stock = st.stock
    laid = False
    for _ in range(st.rules.draw_count):  # type: ignore[arg-type]
        if not stock:
            if laid:
                _end_deal(st, None, events)  # a red three's replacement used the last card
                return
            break
        card = stock.pop()
        while KIND_OF[card] == RED3:
            _lay_red_three(st, seat, card, ("stock",), events)
            laid = True
            if not stock:
                _end_deal(st, None, events)  # the last card was a red three
                return
            card = stock.pop()
        st._add_to_hand(seat, card)
        events.append(_new(Event, ("move", card, _STOCK, ("hand", seat), -1, -1, None)))
    st.phase = PLAY


def _place(st: State, seat: int, plan: _Plan, events: list[Event]) -> None:
    """Carry out a plan's melds (cards leave the hand, except the pile's top card)."""
    team = st.team_of(seat)
    melds = st.melds[team]
    rules = st.rules
    game = game_of(rules)
    for rank, index, cards, kind in plan.items:
        if kind == "top":
            top = st.pile.pop()
            if top in st.sideways:
                st.sideways.remove(top)
            moving = [(top, ("pile",))] + [(c, ("hand", seat)) for c in cards]
        else:
            moving = [(c, ("hand", seat)) for c in cards]
        if index < 0:
            m = TableMeld(rank, [], seat, "group" if kind in ("group", "top") else kind, st.next_meld_id())
            melds.append(m)
            index = len(melds) - 1
        else:
            m = melds[index]
        was = m.canasta
        dst = ("meld", team, index)
        for card, src in moving:
            if src[0] == "hand":
                st._remove_from_hand(seat, card)
            m.cards.append(card)
            if WILD_OF[card]:
                m.wilds += 1
            else:
                m.naturals += 1
            events.append(_new(Event, ("move", card, src, dst, -1, -1, None)))
        m.canasta = now = game.canasta_kind(m, rules)
        m.closed = game.is_closed(m, rules)
        if now is not None and now != was:
            events.append(Event("canasta", dst=("meld", team, index), team=team, info=now))
        if m.by != seat:
            st.partner_added = True
    st.played[seat] = True
    st.melded_this_turn = True


def pile_taken(rules: Rules, pile_size: int) -> int:
    """How many cards of a pile of ``pile_size`` a take moves into the hand, beside the
    top card, which is melded (``rules.pile_take``: the top N cards in all, or all)."""
    take = rules.pile_take
    if take is None or take == "all":
        return max(pile_size - 1, 0)
    return max(min(take - 1, pile_size - 1), 0)  # type: ignore[operator]


def _do_take(st: State, seat: int, plan: _Plan, events: list[Event]) -> None:
    n = pile_taken(st.rules, len(st.pile))
    _place(st, seat, plan, events)
    cut = len(st.pile) - n
    rest = st.pile[cut:]
    st.pile = st.pile[:cut]
    st.sideways = [c for c in st.sideways if c in st.pile] if st.pile else []
    if st.frozen and not (st.pile and st.sideways):
        events.append(Event("unfrozen"))
        st.frozen = False
    for card in rest:
        if KIND_OF[card] == RED3:
            _lay_red_three(st, seat, card, ("pile",), events)
        else:
            st._add_to_hand(seat, card)
            st.known[seat].append(card)
            events.append(_new(Event, ("move", card, _PILE, ("hand", seat), -1, -1, None)))
    st.took_pile = True
    st.phase = PLAY
    if not st.hands[seat]:
        _hand_emptied(st, seat, events)


def _do_discard(st: State, seat: int, card: int, events: list[Event]) -> None:
    st._remove_from_hand(seat, card)
    st.pile.append(card)
    kind = KIND_OF[card]
    sideways = WILD_OF[card] or (kind == BLACK3 and st.rules.black_three_freezes)
    events.append(_new(Event, ("move", card, ("hand", seat), _PILE, -1, -1, sideways)))
    if sideways:
        st.sideways.append(card)
        if not st.frozen:
            st.frozen = True
            events.append(Event("frozen", card))
    st.turns_taken[seat] += 1
    if not st.hands[seat]:
        if not st.foot_waiting(seat):
            _go_out(st, seat, events)
            return
        _pick_up_foot(st, seat, events)   # it is played on the next turn
    _begin_turn(st, (seat + 1) % st.rules.players, events)


def _hand_emptied(st: State, seat: int, events: list[Event]) -> None:
    """The seat's hand is empty after melding: it picks up its foot and plays on, or,
    with no foot waiting, it has gone out."""
    if not st.foot_waiting(seat):
        _go_out(st, seat, events)
        return
    _pick_up_foot(st, seat, events)
    if not st.hands[seat]:
        _end_deal(st, None, events)   # a foot of red threes and no stock to replace them


def _pick_up_foot(st: State, seat: int, events: list[Event]) -> None:
    """``seat`` takes its foot into its hand; red threes in it are laid and replaced from
    the stock (while the replacements are red threes too)."""
    foot = st.feet[seat]
    st.feet[seat] = []
    events.append(Event("foot", seat=seat, info=len(foot)))
    for card in foot:
        st._add_to_hand(seat, card)
        events.append(Event("move", card, ("foot", seat), ("hand", seat)))
    while st.counts[seat][RED3]:
        for card in [c for c in st.hands[seat] if KIND_OF[c] == RED3]:
            st._remove_from_hand(seat, card)
            _lay_red_three(st, seat, card, ("hand", seat), events)
            if st.stock:
                new = st.stock.pop()
                st._add_to_hand(seat, new)
                events.append(Event("move", new, ("stock",), ("hand", seat)))


def _go_out(st: State, seat: int, events: list[Event]) -> None:
    concealed = _concealed_ok(st, seat, None)
    events.append(Event("went_out", seat=seat, info=concealed))
    st.concealed = concealed
    _end_deal(st, seat, events)


# ---------------------------------------------------------------------------
# end of a deal
# ---------------------------------------------------------------------------

def score_items(st: State, went_out: Optional[int], concealed: bool) -> list:
    """Each team's itemised result of the deal as it stands (the game module's scoring)."""
    return game_of(st.rules).score(st, went_out, concealed)[0]


def _end_deal(st: State, went_out: Optional[int], events: list[Event]) -> None:
    if went_out is None:
        st.concealed = False
    st.went_out = went_out
    items, lines = game_of(st.rules).score(st, went_out, st.concealed)
    totals = [s + sum(line.points for line in team) for s, team in zip(st.scores, lines)]
    res = DealResult(st.deal_number, st.dealer, went_out, st.concealed, items, totals,
                     [dict(st.canastas(t)) for t in range(st.rules.teams)], lines)  # type: ignore[arg-type]
    st.result = res
    st.history = st.history + [res]
    events.append(Event("deal_over", info=res))
    r = st.rules
    if r.deals:
        over = st.deal_number + 1 >= r.deals     # a game of a fixed number of deals
    else:
        over = max(totals) >= r.target_score  # type: ignore[operator]
    if over:
        best = max(totals)
        st.winners = [t for t, v in enumerate(totals) if v == best]
        st.phase = GAME_OVER
        events.append(Event("game_over", info=list(st.winners)))
    else:
        st.phase = DEAL_OVER


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
    return _classic_out_plan(st, seat, r, st.hands[seat], team, melds,
                             {m.rank: m for m in melds if m.kind == "group" and not m.closed},
                             "out_error" not in book and "plan_groups" not in book
                             and getattr(game, "CLASSIC_MELDS", False))


def _classic_out_plan(st: State, seat: int, r: Rules, hand: list[int], team: int, melds: list,
                      open_groups: dict, canasta_rule: bool) -> Optional[tuple[tuple[Group, ...], Optional[int]]]:
    """:func:`going_out_plan` of a game without its own (``open_groups``: the side's
    open groups by rank; ``canasta_rule``: going out needs ``canastas_to_go_out``
    canastas and melds are judged by Classic's ``meld_error``, no game's own rules). The same answer as :func:`_going_out_plan_reference`:
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
        for groups in _out_groups(st, seat, left):
            if groups is None:
                continue
            if hand_set is None:
                hand_set = set(hand)
            err, plan = _plan_groups(st, seat, groups, hand_set)
            if err:
                continue
            remaining = len(hand) - plan.used  # type: ignore[union-attr]
            if _going_out_error(st, seat, plan, remaining):
                continue
            if not melds and plan.points < st.minimum(team):  # type: ignore[union-attr]
                if st.took_pile or not _concealed_ok(st, seat, plan):
                    continue
            return groups, (None if left < 0 else left)
    return None


def _going_out_plan_reference(st: State, seat: int) -> Optional[tuple[tuple[Group, ...], Optional[int]]]:
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
        for groups in _out_groups(st, seat, left):
            if groups is None:
                continue
            err, plan = _plan_groups(st, seat, groups, set(hand))
            if err:
                continue
            remaining = len(hand) - plan.used  # type: ignore[union-attr]
            if _going_out_error(st, seat, plan, remaining):
                continue
            if not st.melds[team] and plan.points < st.minimum(team):  # type: ignore[union-attr]
                if st.took_pile or not _concealed_ok(st, seat, plan):
                    continue
            return groups, (None if left < 0 else left)
    return None


def _out_groups(st: State, seat: int, left: int, cards: Optional[Sequence[int]] = None):
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
    groups: list[list] = []     # [size, capacity, needs a wild card, cards, onto] (see _share_wilds)
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
    pool = _share_wilds(groups, wilds, full)
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

def _share_wilds(slots: list[list], wilds: Sequence[int], full: int) -> Optional[list[int]]:
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
        out.extend(_take_options(st, seat))
        if not stock and not _must_take(st, seat):
            out.append(Pass())
        return out
    if phase == PLAY:
        return _play_options(st, seat)
    if phase == ANSWER:
        return [Answer(True), Answer(False)]
    if phase == DEAL_OVER:
        return [NextDeal()]
    return []


def _legal_actions_reference(st: State) -> list[Action]:
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
        if not stock and not _must_take(st, seat):
            out.append(Pass())
        return out
    if phase == PLAY:
        return _play_options_reference(st, seat)
    return legal_actions(st)


def _ids_by_kind(hand: list[int]) -> dict[int, list[int]]:
    d: dict[int, list[int]] = {}
    for c in hand:
        k = KIND_OF[c]
        if k in d:
            d[k].append(c)
        else:
            d[k] = [c]
    return d


def _wild_choices(ids: dict[int, list[int]]) -> list[int]:
    """One wild card of each kind held: a two, a joker."""
    out = []
    if TWO in ids:
        out.append(ids[TWO][0])
    if JOKER in ids:
        out.append(ids[JOKER][0])
    return out


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
    """:func:`_take_options` as first written, every candidate through ``_take_error``
    (kept as the reference the tests compare the fast one with; the fast one hands it
    the cases it does not judge itself, with the fast ``_initial_extras`` as
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
    ids = _ids_by_kind(hand)
    naturals = ids.get(tk, [])
    frozen = st.pile_frozen_for(team)
    existing = st.meld_of(team, tk)
    out: list[Action] = []
    if not st.melds[team]:
        if len(naturals) < 2:
            return []
        # the top card's group, smallest first; then further melds up to the minimum
        for base in _top_groups(st, ids, tk, naturals):
            for extra in (extras or _initial_extras_reference)(st, seat, ids, tk, base, top):
                a = TakePile(base, extra)
                if _take_error(st, seat, a.with_cards, a.melds)[0] is None:
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
        for w in _wild_choices(ids):
            candidates.append(TakePile((naturals[0], w), (), onto))
    gained = sum(1 for c in pile[:-1] if KIND_OF[c] != RED3)
    for a in candidates:
        err = _take_error(st, seat, a.with_cards, a.melds, onto)[0]
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
        for extra in _out_groups(st, seat, left, rest):
            if extra and _take_error(st, seat, with_cards, extra, onto)[0] is None:
                return TakePile(with_cards, extra, onto)
    return None


def _take_options(st: State, seat: int) -> list[Action]:
    """The ways ``seat`` may take the pile: the same list, in the same order, as
    :func:`_take_options_reference`. In Classic, once the side has melded, the
    candidates (the top card onto the side's meld, with a natural pair, with a natural
    and a wild card) are judged from their counts, by the checks ``_take_error`` makes
    of them (frozen pile, pair, Classic's ``meld_error``, the canastas to go out when
    the take leaves one card or none); the initial meld and the search for a way out
    when such a take fails go through the full check."""
    r = st.rules
    if not _classic_core(r) or r.natural_canastas_to_go_out:
        return _take_options_reference(st, seat, _initial_extras)
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
        return _take_options_reference(st, seat, _initial_extras)
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


#: per game: whether the core's own Classic code decides its melds, takes and going
#: out (no rulebook hook for them, Classic's meld rules), so the fast enumerators may
#: judge candidates from their counts
_CLASSIC_CORE: dict[str, bool] = {}
_HOOKS = ("plan_groups", "take_error", "out_error", "take_options", "play_options", "going_out_plan",
          "must_take", "draw_options")


def _classic_core(r: Rules) -> bool:
    fast = _CLASSIC_CORE.get(r.variant)
    if fast is None:
        book = rulebook(r)
        game = game_of(r)
        fast = _CLASSIC_CORE[r.variant] = (
            not any(h in book for h in _HOOKS) and getattr(game, "CLASSIC_MELDS", False))
    return fast


def _top_groups(st: State, ids: dict[int, list[int]], tk: int, naturals: list[int]) -> list[tuple[int, ...]]:
    """Ways to meld the top card for an initial meld: two or more of the naturals, with
    up to the wild-card limit of the most valuable wild cards, fewest cards first."""
    return _top_bases(st.rules, naturals, ids.get(JOKER, []) + ids.get(TWO, []))


def _top_bases(rules: Rules, naturals: Sequence[int], wilds: Sequence[int]) -> list[tuple[int, ...]]:
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


def _initial_extras(st: State, seat: int, ids: dict[int, list[int]], exclude: int,
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


def _initial_extras_reference(st: State, seat: int, ids: dict[int, list[int]], exclude: int,
                              base: tuple[int, ...], top: int) -> list[tuple[Group, ...]]:
    """:func:`_initial_extras` as first written, every subset of the candidates built
    (kept as the reference the tests compare the fast one with)."""
    return _initial_extras(st, seat, ids, exclude, base, top, prune=False)


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
    """For :func:`_play_options`, read once per game: the game's own enumerator, or True
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


def _play_options(st: State, seat: int) -> list[Action]:
    """The melds and discards open to ``seat`` after drawing: the same list, in the same
    order, as :func:`_play_options_reference`, which validates every candidate through
    ``_meld_error``. Here, in Classic, the common candidates once the side has melded
    (one group of a rank, with or without a wild card, started or added to a meld) are
    judged from their counts alone, by the checks ``_plan_groups``, Classic's
    ``meld_error`` and ``_meld_error`` make of them; the rest (the initial meld, the
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
        return _play_options_reference(st, seat, going_out_plan)
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
    ids = _ids_by_kind(hand)
    wilds = _wild_choices(ids)
    by_rank = {m.rank: m for m in melds if m.kind == "group" and not m.closed}
    plan = _classic_out_plan(st, seat, r, hand, team, melds, by_rank, True)
    new = tuple.__new__
    out: list = [Ask()] if plan is not None and may_ask(st, seat) else []
    # with a way out, every candidate's groups are kept (the way out is offered once)
    every: Optional[list] = [] if plan is not None else None
    if not melds:
        # the initial meld: new groups reaching the minimum count
        for groups in _initial_extras(st, seat, ids, 0, (), -1):
            if not groups:
                continue
            if every is not None:
                every.append(groups)
            ok = _initial_ok(st, seat, groups, n, short, size, limit, mnw)
            if ok is None:
                ok = _meld_error(st, seat, groups, set(hand))[0] is None
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
        # search checked it as _meld_error would (a play that goes out)
        groups = plan[0]
        key = _meld_key(groups)
        if all(len(gs) != len(groups) or _meld_key(gs) != key for gs in every):  # type: ignore[union-attr]
            if not st.feet[seat] or _meld_error(st, seat, groups, set(hand))[0] is None:
                out.append(new(Meld, (groups,)))
    # the discards: one card of each kind, the first in hand order
    out += [_DISCARD_OF[cards[0]] for cards in ids.values()]
    return out


def _initial_ok(st: State, seat: int, groups: tuple, n: int, short: int, size: int, limit: int,
                mnw: bool) -> Optional[bool]:
    """Whether Classic's ``_meld_error`` accepts an initial meld of new ``groups`` made
    by :func:`_initial_extras` (naturals of one rank each, ranks apart, from the hand,
    with wild cards): judged from their counts, as ``_plan_groups``, Classic's
    ``meld_error`` and ``_meld_error`` judge them; None when it counts less than the
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


def _play_options_reference(st: State, seat: int, out_plan: Optional[Callable] = None) -> list[Action]:
    """:func:`_play_options` as it was written first: every candidate through the full
    ``_meld_error`` (kept as the reference the tests compare the fast one with; the
    fast one hands the cases it does not judge itself to it, with the fast
    ``going_out_plan`` as ``out_plan``)."""
    own = rulebook(st.rules).get("play_options")
    if own is not None:
        return own(st, seat)
    hand = st.hands[seat]
    team = st.team_of(seat)
    ids = _ids_by_kind(hand)
    out: list[Action] = []
    cands: list[Meld] = []
    if st.melds[team]:
        wilds = _wild_choices(ids)
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
        for extra in _initial_extras_reference(st, seat, ids, 0, (), -1):
            if extra:
                cands.append(Meld(extra))
    plan = (out_plan or _going_out_plan_reference)(st, seat)
    if plan is not None and may_ask(st, seat):
        out.append(Ask())
    if plan is not None:
        # the way out may be one of the steps above: offer it once
        key = _meld_key(plan[0])
        if all(_meld_key(a.groups) != key for a in cands):
            cands.append(Meld(plan[0]))
    hand_set = set(hand)
    for a in cands:
        if _meld_error(st, seat, a.groups, hand_set)[0] is None:
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
        if _going_out_error(st, seat, None, 0) is None:
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


def preview_groups(st: State, groups: Sequence, seat: Optional[int] = None) -> tuple[Optional[str], int]:
    """For the staging of an initial meld: (error or None, card points) of putting
    ``groups`` down from the hand, judging only the melds themselves (ranks, naturals,
    wild cards, ownership), not the minimum count nor the cards left in hand."""
    if seat is None:
        seat = st.to_act
    err, plan = _plan_groups(st, seat, groups, set(st.hands[seat]))
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
