"""What the actions do to the table: starting games and deals, drawing, taking the
pile, discarding, red threes, the foot, going out and the end of a deal."""

from __future__ import annotations

import random
from typing import Optional, Sequence

from .cards import BLACK3, KIND_COUNT, KIND_OF, RED3, WILD_OF, deck_ids
from .events import Event
from .history import record
from .rules import Rules
from .registry import game_of, rulebook
from .state import DEAL_OVER, DRAW, GAME_OVER, PLAY, DealResult, State
from .melding import Plan, can_reshuffle, concealed_ok, fast_tuple, pile_taken, place
from .options import can_take_any


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
    start_deal(st, deck_for_deal(st), events)
    record(st, -1, events)
    return st


def deck_for_deal(st: State) -> list[int]:
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
    start_deal(st, list(deck), events)
    record(st, -1, events)
    return st, events


def start_deal(st: State, deck_top_first: list[int], events: list[Event]) -> None:
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
        begin_turn(st, first, events)
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
    begin_turn(st, first, events)


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


def begin_turn(st: State, seat: int, events: list[Event]) -> None:
    reset_turn(st, seat)
    events.append(fast_tuple(Event, ("turn", -1, (), (), seat, -1, DRAW)))
    if not st.stock:
        check_exhausted(st, events)


def check_exhausted(st: State, events: list[Event]) -> None:
    """Facing an empty stock, the deal ends when the seat cannot take the pile (under
    either ``stock_exhausted`` option; with ``"end"`` nobody is forced to take it, and
    passing ends the deal too), unless the pile may still be turned into a new stock."""
    seat = st.turn
    if st.phase == DRAW and not st.stock and not can_reshuffle(st):
        if not can_take_any(st, seat):
            end_deal(st, None, events)


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


def _lay_red_three(st: State, seat: int, card: int, src: tuple, events: list[Event]) -> None:
    team = st.team_of(seat)
    st.red3[team].append(card)
    events.append(Event("move", card, src, ("red3", team)))


_STOCK = ("stock",)
_PILE = ("pile",)


def do_draw(st: State, seat: int, events: list[Event]) -> None:
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
                end_deal(st, None, events)  # a red three's replacement used the last card
                return
            break
        card = stock.pop()
        while KIND_OF[card] == RED3:
            _lay_red_three(st, seat, card, ("stock",), events)
            laid = True
            if not stock:
                end_deal(st, None, events)  # the last card was a red three
                return
            card = stock.pop()
        st._add_to_hand(seat, card)
        events.append(fast_tuple(Event, ("move", card, _STOCK, ("hand", seat), -1, -1, None)))
    st.phase = PLAY


def do_take(st: State, seat: int, plan: Plan, events: list[Event]) -> None:
    n = pile_taken(st.rules, len(st.pile))
    place(st, seat, plan, events)
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
            events.append(fast_tuple(Event, ("move", card, _PILE, ("hand", seat), -1, -1, None)))
    st.took_pile = True
    st.phase = PLAY
    if not st.hands[seat]:
        hand_emptied(st, seat, events)


def do_discard(st: State, seat: int, card: int, events: list[Event]) -> None:
    st._remove_from_hand(seat, card)
    st.pile.append(card)
    kind = KIND_OF[card]
    sideways = WILD_OF[card] or (kind == BLACK3 and st.rules.black_three_freezes)
    events.append(fast_tuple(Event, ("move", card, ("hand", seat), _PILE, -1, -1, sideways)))
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
    begin_turn(st, (seat + 1) % st.rules.players, events)


def hand_emptied(st: State, seat: int, events: list[Event]) -> None:
    """The seat's hand is empty after melding: it picks up its foot and plays on, or,
    with no foot waiting, it has gone out."""
    if not st.foot_waiting(seat):
        _go_out(st, seat, events)
        return
    _pick_up_foot(st, seat, events)
    if not st.hands[seat]:
        end_deal(st, None, events)   # a foot of red threes and no stock to replace them


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
    concealed = concealed_ok(st, seat, None)
    events.append(Event("went_out", seat=seat, info=concealed))
    st.concealed = concealed
    end_deal(st, seat, events)


# ---------------------------------------------------------------------------
# end of a deal
# ---------------------------------------------------------------------------

def score_items(st: State, went_out: Optional[int], concealed: bool) -> list:
    """Each team's itemised result of the deal as it stands (the game module's scoring)."""
    return game_of(st.rules).score(st, went_out, concealed)[0]


def end_deal(st: State, went_out: Optional[int], events: list[Event]) -> None:
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
