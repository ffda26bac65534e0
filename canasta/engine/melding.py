"""The melding kit every rulebook uses: a melding action checked into a :class:`Plan`
(which meld kinds it starts or extends, its points, its wild cards), the checks of
taking the pile and of going out, and carrying a plan out on the table. The games'
rules modules build on these; the core's validators call them."""

from __future__ import annotations

from typing import Iterable, Optional, Sequence

from .actions import Group
from ..i18n import N_, t, tn
from .cards import BLACK3, JOKER, KIND_OF, POINTS_OF, RED3, TWO, WILD_OF, not_in_hand, sentence_start
from .events import Event
from .rules import Rules
from .registry import game_of, rulebook
from .state import State, TableMeld
from .words import RANK_PLURALS, rank_count, the_rank, word


# ---------------------------------------------------------------------------
# the game module's own rulebook
# ---------------------------------------------------------------------------

def _plural(rank: int):
    """The rank in the plural as a word of a sentence ("kings")."""
    return word(RANK_PLURALS.get(rank, N_("cards")))


def can_reshuffle(st: State) -> bool:
    """Whether a draw now turns the pile over into a new stock (RULES.md 9.1; see
    :meth:`~canasta.engine.state.TableFacts.pile_becomes_stock`)."""
    return st.pile_becomes_stock()


# ---------------------------------------------------------------------------
# validation helpers shared by check() and legal_actions()
# ---------------------------------------------------------------------------

class Plan:
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


def onto_meld(st: State, team: int, onto) -> tuple[Optional[str], Optional[TableMeld]]:
    """(error, the team's open meld named ``onto``)."""
    for m in st.melds[team]:
        if m.id == onto:
            if m.closed:
                if m.kind == "black3":
                    return N_("Nothing can be added to a meld of black threes."), None
                return N_("That canasta is closed: nothing more can be added to it."), None
            return None, m
    return t("Your side has no meld {meld}.", meld=onto), None


def gather_groups(groups: Iterable, extra_top: int = -1, top_with: Sequence[int] = (),
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
            return N_("A meld group cannot be empty."), None
        if onto is not None and onto in at:
            was, _, is_top = todo[at[onto]]
            todo[at[onto]] = (was + cards, onto, is_top)
            continue
        if onto is not None:
            at[onto] = len(todo)
        todo.append((cards, onto, False))
    if not todo:
        return N_("Choose the cards to meld."), None
    return None, todo


def cards_error(cards: Sequence[int], seen: set, hand_set: set) -> Optional[str]:
    """Each card in hand and used once across the action (``seen`` collects them)."""
    for c in cards:
        if c in seen:
            return N_("The same card cannot be used twice.")
        if c not in hand_set:
            return not_in_hand(c)
        seen.add(c)
    return None


def plan_groups(st: State, seat: int, groups: Iterable, hand_set: set, extra_top: int = -1,
                 top_with: Sequence[int] = (), top_onto: Optional[int] = None
                 ) -> tuple[Optional[str], Optional[Plan]]:
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
    plan = Plan()
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
    err, all_groups = gather_groups(groups, extra_top, top_with, top_onto)
    if err:
        return err, None
    for cards, onto, is_top in all_groups:
        err = cards_error(cards, seen, hand_set)
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
                return N_("Red threes are never melded: they score as bonus cards."), None
            elif k == BLACK3:
                b3 += 1
            else:
                if rank and k != rank:
                    return t("A meld holds cards of one rank: {ranks} and {others} cannot go together.",
                             ranks=_plural(rank), others=_plural(k)), None
                rank = k
                naturals += 1
        if is_top:
            top_kind = KIND_OF[extra_top]
            if rank and rank != top_kind:
                return t("Only {ranks} and wild cards can be melded with {the_rank} on the pile.",
                         ranks=_plural(top_kind), the_rank=the_rank(top_kind)), None
            if b3:
                return N_("Black threes cannot be melded with the top of the pile."), None
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
                return onto_meld(st, team, onto)[0], None
        if b3:
            if existing is not None:
                return N_("Black threes are melded alone, with no other cards and no wild cards."), None
            if naturals or wilds:
                return N_("Black threes are melded alone, with no other cards and no wild cards."), None
            if not 3 <= b3 <= 4:
                return N_("A meld of black threes holds three or four of them."), None
            if plan.black3:
                return N_("Only one meld of black threes can be made."), None
            plan.black3 = True
            plan.items.append((BLACK3, -1, list(cards), "black3"))
            plan.used += b3
            plan.points += 5 * b3
            continue
        if existing is not None:
            if existing.kind != "group" or (rank and rank != existing.rank):
                return N_("The cards do not match the meld they are meant for."), None
            rank = existing.rank
            if existing.id in targets:
                return t("Put all the {ranks} for one meld in a single group.", ranks=_plural(rank)), None
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
                return N_("Wild cards alone never form a meld."), None
            if rank in ranks_new:
                return t("Put all the {ranks} for one meld in a single group.", ranks=_plural(rank)), None
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


def going_out_error(st: State, seat: int, plan: Optional[Plan], left: int) -> Optional[str]:
    """Checks for a play that leaves ``left`` cards in hand (0 or 1: a going-out play)."""
    r = st.rules
    team = st.team_of(seat)
    need = r.canastas_to_go_out
    if st.permission is False:
        return N_("Your partner said no: you may not go out this turn, so keep at least two cards.")
    own = rulebook(r).get("out_error")
    if own is not None:
        return own(st, seat, plan, left)
    have = plan.canastas_after if plan is not None else st.canasta_count(team)
    if have < need:  # type: ignore[operator]
        if left == 1:
            return tn("You must keep a card to discard: going out needs {count} canasta and your side has {have}.",
                      "You must keep a card to discard: going out needs {count} canastas and your side has {have}.",
                      need, have=have)
        return tn("Going out needs {count} canasta; your side has {have}.",
                  "Going out needs {count} canastas; your side has {have}.", need, have=have)
    natural = r.natural_canastas_to_go_out
    if natural:
        got = plan.naturals_after if plan is not None else st.canastas(team).get("natural", 0)
        if got < natural:
            return _naturals_short(natural, got, left == 1)
    return None


def _naturals_short(natural: int, got: int, keep_one: bool):
    """Going out needs ``natural`` natural canastas and the side has ``got`` (fewer);
    ``keep_one``: the play would have left a single card, which must be discarded."""
    if keep_one:
        if got == 0:
            return tn("You must keep a card to discard: going out needs a natural canasta "
                      "(without wild cards) and your side has none.",
                      "You must keep a card to discard: going out needs {count} natural canastas "
                      "(without wild cards) and your side has none.", natural)
        return tn("You must keep a card to discard: going out needs a natural canasta "
                  "(without wild cards) and your side has {has}.",
                  "You must keep a card to discard: going out needs {count} natural canastas "
                  "(without wild cards) and your side has {has}.", natural, has=_has(got))
    if got == 0:
        return tn("Going out needs a natural canasta (without wild cards); your side has none.",
                  "Going out needs {count} natural canastas (without wild cards); your side has none.", natural)
    return tn("Going out needs a natural canasta (without wild cards); your side has {has}.",
              "Going out needs {count} natural canastas (without wild cards); your side has {has}.",
              natural, has=_has(got))


def _has(got: int):
    """How many the side has, in a sentence: "one" (a word), else the number."""
    return t("one") if got == 1 else got


def concealed_ok(st: State, seat: int, plan: Optional[Plan]) -> bool:
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


def take_error(st: State, seat: int, with_cards: Sequence[int], extra: Sequence,
                onto: Optional[int] = None) -> tuple[Optional[str], Optional[Plan]]:
    r = st.rules
    own = rulebook(r).get("take_error")
    if own is not None:
        return own(st, seat, with_cards, extra, onto)
    err, top, hand_set = take_start(st, seat, with_cards)
    if err:
        return err, None
    tk = KIND_OF[top]
    team = st.team_of(seat)
    nat = sum(1 for c in with_cards if KIND_OF[c] == tk)
    wild = sum(1 for c in with_cards if WILD_OF[c])
    existing = None
    if onto is not None:
        err, existing = onto_meld(st, team, onto)
        if err:
            return err, None
        if existing.kind != "group" or existing.rank != tk:  # type: ignore[union-attr]
            return t("{the_rank} on the pile cannot go on that meld.", the_rank=sentence_start(the_rank(tk))), None
    if st.pile_frozen_for(team):
        if nat < 2:
            if not st.melds[team]:
                return t("To take it you need a natural pair of {ranks}: your side has not melded yet, "
                         "so the pile is frozen.", ranks=_plural(tk)), None
            if st.frozen:
                return t("To take it you need a natural pair of {ranks}: the pile is frozen.",
                         ranks=_plural(tk)), None
            return t("To take it you need a natural pair of {ranks}: the pile is always frozen in this game.",
                     ranks=_plural(tk)), None
    else:
        if existing is None and not (nat >= 1 and nat + wild >= 2):
            if not with_cards and st.meld_of(team, tk) is not None:
                return t("Name the meld of {ranks} {the_rank} from the pile goes onto.",
                         ranks=_plural(tk), the_rank=the_rank(tk)), None
            return t("To take the pile you need two {ranks}, {one} and a wild card, or a meld of {ranks}.",
                     ranks=_plural(tk), one=rank_count(tk, 1)), None
    err, plan = plan_groups(st, seat, extra, hand_set, extra_top=top, top_with=with_cards, top_onto=onto)
    if err:
        return err, None
    assert plan is not None
    err = take_end(st, seat, plan)
    return (err, None) if err else (None, plan)


def take_start(st: State, seat: int, with_cards: Sequence[int]) -> tuple[Optional[str], int, set]:
    """What every game checks first when the pile is taken: (error, the top card, the
    hand's cards). A wild card, a black three or a red three on top blocks the pile; a
    single card in hand may not take a single-card pile; ``with_cards`` are in hand."""
    pile = st.pile
    if not pile:
        return N_("The discard pile is empty."), -1, set()
    top = pile[-1]
    tk = KIND_OF[top]
    if tk == TWO or tk == JOKER:
        return N_("A wild card on top of the pile stops anyone from taking it."), top, set()
    if tk == BLACK3:
        return N_("A black three on top of the pile blocks it: draw from the stock."), top, set()
    if tk == RED3:
        return N_("A red three on top of the pile blocks it."), top, set()
    hand = st.hands[seat]
    if len(hand) == 1 and len(pile) == 1:
        return N_("With a single card in hand you may not take a pile of a single card."), top, set()
    hand_set = set(hand)
    for c in with_cards:
        if c not in hand_set:
            return not_in_hand(c), top, hand_set
    return None, top, hand_set


def take_end(st: State, seat: int, plan: Plan) -> Optional[str]:
    """What every game checks last when the pile is taken (``plan``: the melds made
    with it): an initial meld's minimum count, going out if the take leaves one card or
    none, black threes only when going out."""
    team = st.team_of(seat)
    if not st.melds[team]:
        need = st.minimum(team)
        if plan.points < need:
            return t("Your side's first meld must count at least {need}; the top card and the "
                     "cards melded with it count {points}.", need=need, points=plan.points)
    gained = sum(1 for c in st.pile[:-1] if KIND_OF[c] != RED3)
    left = len(st.hands[seat]) - plan.used + gained
    if left <= 1:
        err = going_out_error(st, seat, plan, left)
        if err:
            return err
    if plan.black3 and left > 1:
        return N_("Black threes may be melded only when going out.")
    return None


def must_take(st: State, seat: int) -> bool:
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
    return take_error(st, seat, (), (), m.id)[0] is None


def may_ask(st: State, seat: int) -> bool:
    """Whether asking the partner is open to ``seat`` now, going-out plan aside: once a
    turn, before melding, and not with a single card left (unless the rules make the
    "yes" a condition of going out), since a "no" would then leave no legal move."""
    return (st.rules.ask_to_go_out and not st.asked and not st.melded_this_turn
            and (len(st.hands[seat]) >= 2 or bool(st.rules.must_ask)))


fast_tuple = tuple.__new__


def place(st: State, seat: int, plan: Plan, events: list[Event]) -> None:
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
            events.append(fast_tuple(Event, ("move", card, src, dst, -1, -1, None)))
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
