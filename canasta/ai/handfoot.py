"""Hand and Foot for the heuristic players (and so for Hard, whose simulations play
Medium): what Easy and Medium think when the game deals feet.

Medium plans books: it counts the clean and dirty books its side still needs to go
out, keeps wild cards for the dirty books and keeps them off melds that could be
clean, finishes books first, empties its hand to reach the foot (the foot's cards
count against the side while it lies unplayed), takes the pile when the cards it
brings (the top ``pile_take``, the top one melded) pay, throws what the next opponent
is least likely to hold a natural pair of (the pile is worth its top seven cards to
them), and goes out only when its side has the books and is ahead by enough, or the
deal is ending anyway. Easy melds what it can and goes out as soon as the books allow.

:mod:`canasta.ai.policy` hands every Hand and Foot decision here (two lines there).
"""

from __future__ import annotations

from typing import Optional, Sequence

from ..engine.actions import Action, Answer, Ask, Discard, Draw, Meld, Pass, TakePile
from ..engine.cards import BLACK3, JOKER, KIND_OF, POINTS_OF, RED3, TWO, WILD_OF, describe
from ..engine.melding import pile_taken
from ..engine.observe import Observation
from ..engine.state import ANSWER, DRAW, PLAY
from ..engine.variants import hand_and_foot as G
from ..i18n import N_, Text, t, tn
from .phrases import Grouped, rank_word, ranks_word, said
from .policy import easy_keep

NEG = -1e9
SEVEN = G.BOOK_SIZE
UNSEEN = 11.0            # average points of an unseen card
FOOT_CARD = 9.0          # what each card of our unplayed foot costs us, roughly
EMPTY_HAND = 60.0        # melding the last card of the hand: the foot comes into play
PER_CARD = 14.0          # each card melded (it scores and leaves the hand)
WILD_OFF_CLEAN = 150.0   # a wild card put on a meld that could still become a clean book
KEEP_WILD = 35.0         # a wild card spent on a meld that is not finished (it may finish one later)
NEED_BONUS = 250.0       # a book of a kind the side still needs to go out
TAKE_PER_CARD = 22.0
FOOT_PUSH = 25.0         # each card melded while the foot still waits
#: the share of the hard player's worlds a decision searches (five packs, hands of 11 to 20 cards
#: and a foot each cost about what a Samba deal does to simulate: at all worlds a decision took
#: about 420 ms); canasta.ai.search asks it
WORLD_SHARE = 0.5


# ---------------------------------------------------------------------------
# the side's books
# ---------------------------------------------------------------------------

def books_short(v: Observation, team: int, extra: Sequence[str] = ()) -> dict[str, int]:
    """The books of each kind ``team`` still needs to go out (after ``extra`` more)."""
    need = G.books_needed(v.rules)
    have = {k: 0 for k in need}
    for m in v.melds[team]:
        if m.canasta in have:
            have[m.canasta] += 1
    for k in extra:
        if k in have:
            have[k] += 1
    return {k: max(0, n - have[k]) for k, n in need.items()}


def _book_bonus(rules, kind: str) -> int:
    return G.canasta_bonus(kind, rules)


def table_value(v: Observation, team: int) -> float:
    total = 0.0
    for m in v.melds[team]:
        total += sum(POINTS_OF[c] for c in m.cards)
        if m.canasta is not None:
            total += _book_bonus(v.rules, m.canasta)
    total += v.rules.scoring.red_three * len(v.red3[team])
    return total


def held_estimate(v: Observation, team: int, skip: int = -1) -> float:
    """Points ``team`` still holds in hands and unplayed feet, as ``v.seat`` knows them."""
    total = 0.0
    for s in range(v.players):
        if s % v.teams != team or s == skip:
            continue
        if s == v.seat:
            total += sum(POINTS_OF[c] for c in v.hand)
        else:
            known = v.known[s]
            total += sum(POINTS_OF[c] for c in known) + (v.hand_sizes[s] - len(known)) * UNSEEN
        total += v.foot_sizes[s] * UNSEEN
    return total


def margin_if_out(v: Observation, out_seat: int, gain: float) -> float:
    """Our side's lead over the best other side if ``out_seat`` went out now."""
    us = v.team
    ours = table_value(v, us) + gain + v.rules.scoring.going_out - held_estimate(v, us, skip=out_seat)
    best = None
    for t in range(v.teams):
        if t != us:
            val = table_value(v, t) - held_estimate(v, t)
            best = val if best is None else max(best, val)
    return ours - (best or 0.0)


def threat(v: Observation) -> float:
    """How close another side is to going out (0 far .. 1 now): it has its books and a
    player in the foot with few cards."""
    worst = 0.0
    for t in range(v.teams):
        if t == v.team:
            continue
        short = sum(books_short(v, t).values())
        if short > 1:
            continue
        for s in range(v.players):
            if s % v.teams == t and v.foot_sizes[s] == 0:
                n = v.hand_sizes[s]
                level = 1.0 if n <= 3 else 0.6 if n <= 6 else 0.25
                if short:
                    level *= 0.5
                worst = max(worst, level)
    return worst


def want_out(v: Observation, out_seat: int, gain: float) -> bool:
    if v.stock_size <= 3 * v.players or threat(v) >= 0.6:
        return True
    margin = margin_if_out(v, out_seat, gain)
    # the last deal decides the game: go out when it keeps us in front
    return margin > -150.0


# ---------------------------------------------------------------------------
# melds
# ---------------------------------------------------------------------------

def _onto(v: Observation, onto):
    return None if onto is None else v.meld_by_id(v.team, onto)


def group_effect(v: Observation, g) -> tuple[float, list[str]]:
    """(value, books completed) of one group of a melding action."""
    r = v.rules
    cards = g.cards
    nat = sum(1 for c in cards if not WILD_OF[c])
    wild = len(cards) - nat
    existing = _onto(v, g.onto)
    size = len(existing.cards) if existing is not None else 0
    wilds_before = existing.wilds if existing is not None else 0
    kind = existing.kind if existing is not None else ("group" if nat else "wild")
    after = size + len(cards)
    s = PER_CARD * len(cards) + sum(POINTS_OF[c] for c in cards)
    books: list[str] = []
    clean_short = books_short(v, v.team).get("clean", 0) > 0
    if size < SEVEN <= after:
        b = G.book_kind(kind, after, wilds_before + wild)
        if b is not None:
            books.append(b)
            s += _book_bonus(r, b)
            if b == "dirty" and wilds_before == 0 and clean_short:
                s -= 2 * WILD_OFF_CLEAN   # it could have been one of the clean books the side needs
    elif wild and kind == "group":
        # wild cards on an unfinished meld: they make a clean book impossible
        if wilds_before == 0:
            s -= WILD_OFF_CLEAN if clean_short else 40.0
        s -= KEEP_WILD * wild
    if existing is None and nat:
        s += 10.0
    if not v.in_foot(v.seat):
        s += FOOT_PUSH * len(cards)   # every card melded brings the foot closer
    return s, books


def meld_value(v: Observation, a: Meld) -> tuple[float, list[str]]:
    total = 0.0
    books: list[str] = []
    for g in a.groups:
        s, b = group_effect(v, g)
        total += s
        books += b
    short = books_short(v, v.team)
    for b in books:
        if short.get(b, 0) > 0:
            short[b] -= 1
            total += NEED_BONUS
    return total, books


def _pile_cards(v: Observation) -> int:
    """How many cards a take brings into the hand now."""
    return pile_taken(v.rules, v.pile_size)


def take_value(v: Observation, a: TakePile) -> float:
    n = _pile_cards(v)
    top = v.pile_top
    gain = TAKE_PER_CARD * n + (POINTS_OF[top] if top is not None else 0) + 40.0
    gain += sum(10.0 for c in v.pile[-1 - n:-1] if WILD_OF[c]) if n else 0.0
    extra = sum(len(g.cards) for g in a.melds)
    return gain + 2.0 * extra


# ---------------------------------------------------------------------------
# the discard
# ---------------------------------------------------------------------------

def pair_chance(v: Observation, seat: int, kind: int) -> float:
    """How likely ``seat`` holds a natural pair of ``kind`` (it takes the pile with it)."""
    if kind in (TWO, JOKER, BLACK3, RED3):
        return 0.0
    have = v.known_count(seat, kind)
    if have >= 2:
        return 1.0
    unseen = v.unseen_by_kind()[kind]
    pool = max(1, v.unseen_total())
    h = max(0, v.hidden_hand(seat))
    need = 2 - have
    if unseen < need or h <= 0:
        return 0.0
    p = min(1.0, h / pool)
    q = 1.0 - p
    p0 = q ** unseen
    if need == 1:
        return 1.0 - p0
    return max(0.0, 1.0 - p0 - unseen * p * q ** (unseen - 1))


def keep_value(v: Observation, card: int) -> float:
    k = KIND_OF[card]
    if WILD_OF[card]:
        return 300.0 + POINTS_OF[card]
    if k == BLACK3:
        return -20.0
    n = v.counts[k]
    team = v.team
    open_meld = any(m.kind == "group" and m.rank == k and len(m.cards) < SEVEN for m in v.melds[team])
    if open_meld:
        base = 70.0
    elif n >= 3:
        base = 90.0
    elif n == 2:
        base = 55.0   # a pair takes the pile
    else:
        base = 6.0 + 2.0 * v.unseen_by_kind()[k] / 5.0
    return base - POINTS_OF[card] * 0.3


def discard_value(v: Observation, c: int) -> float:
    nxt = (v.seat + 1) % v.players
    k = KIND_OF[c]
    s = -keep_value(v, c)
    if nxt % v.teams != v.team:
        n = pile_taken(v.rules, v.pile_size + 1)
        worth = TAKE_PER_CARD * n + 60.0
        s -= pair_chance(v, nxt, k) * worth
    return s


# ---------------------------------------------------------------------------
# the levels
# ---------------------------------------------------------------------------

def _out_play(v: Observation, a: Meld) -> bool:
    """Does this melding action go out (it leaves the foot-holder one card or none)?"""
    used = sum(len(g.cards) for g in a.groups)
    return v.in_foot(v.seat) and len(v.hand) - used <= 1


def medium_scores(v: Observation, legal: Sequence[Action]) -> list[float]:
    scores = [0.0] * len(legal)
    phase = v.phase
    if phase == DRAW:
        draw = 12.0 * v.rules.draw_count
        for i, a in enumerate(legal):
            t = type(a)
            scores[i] = draw if t is Draw else take_value(v, a) if t is TakePile else 0.0
        return scores
    if phase == ANSWER:
        ok = want_out(v, v.turn, 0.0) or margin_if_out(v, v.turn, 0.0) + 200 > 0
        return [1.0 if (type(a) is Answer and a.yes == ok) else 0.0 for a in legal]
    if phase != PLAY:
        return scores
    hand_len = len(v.hand)
    in_foot = v.in_foot(v.seat)
    out_ok: Optional[bool] = None
    for i, a in enumerate(legal):
        t = type(a)
        if t is Discard:
            s = discard_value(v, a.card)
            if hand_len == 1:
                s += 5000.0 if in_foot else EMPTY_HAND   # going out, or the foot
            scores[i] = s - 1000.0
        elif t is Meld:
            value, _books = meld_value(v, a)
            if _out_play(v, a):
                if out_ok is None:
                    out_ok = want_out(v, v.seat, value) or v.permission is True
                scores[i] = 6000.0 + value if out_ok else NEG
                continue
            used = sum(len(g.cards) for g in a.groups)
            if not in_foot and used == hand_len:
                value += EMPTY_HAND
            if not v.melds[v.team]:
                value += 150.0   # the first meld opens the side
            scores[i] = 1000.0 + value if value > 0 else -1e6 + value
        elif t is Ask:
            scores[i] = 20000.0 if v.rules.must_ask and want_out(v, v.seat, 0.0) else NEG
        else:
            scores[i] = NEG
    return scores


def easy_scores(v: Observation, legal: Sequence[Action]) -> list[float]:
    scores = [0.0] * len(legal)
    hand_len = len(v.hand)
    for i, a in enumerate(legal):
        t = type(a)
        if t is Draw:
            scores[i] = 10.0
        elif t is TakePile:
            scores[i] = 20.0 if v.pile_size >= 3 else 5.0
        elif t is Answer:
            scores[i] = 1.0 if a.yes else 0.0
        elif t is Ask:
            scores[i] = 20000.0 if v.rules.must_ask else NEG
        elif t is Meld:
            if _out_play(v, a):
                scores[i] = 5000.0
                continue
            used = sum(len(g.cards) for g in a.groups)
            nat = sum(1 for g in a.groups for c in g.cards if not WILD_OF[c])
            scores[i] = NEG if nat == 0 else 100.0 + used
        elif t is Discard:
            scores[i] = 6000.0 if hand_len == 1 else -easy_keep(v, a.card)
    return scores


# ---------------------------------------------------------------------------
# the hint
# ---------------------------------------------------------------------------

#: a book of each kind, and the books of each kind, in a sentence
_A_BOOK = {"clean": N_("a clean book"), "dirty": N_("a dirty book"), "wild": N_("a wild book")}
_BOOKS = {"clean": N_("clean books"), "dirty": N_("dirty books"), "wild": N_("wild books")}


def explain(v: Observation, action: Action, legal=None) -> Optional[str]:
    """A Hand and Foot sentence for ``action`` (made by :func:`canasta.ai.phrases.said`:
    the move, then its reason), or None to let the general hint speak."""
    kind = type(action)
    short = books_short(v, v.team)
    if kind is TakePile:
        n = _pile_cards(v)
        top = v.pile_top
        rank = rank_word(KIND_OF[top]) if top is not None else rank_word(0)
        if n:
            reason = tn("your pair melds the {rank} on top and {count} more card into your hand",
                        "your pair melds the {rank} on top and {count} more cards into your hand", n, rank=rank)
        else:
            reason = t("your pair melds the {rank} on top", rank=rank)
        return said(Text(N_("Take the pile")), reason)
    if kind is Draw and legal is not None and any(type(a) is TakePile for a in legal):
        return said(Text(N_("Draw from the stock")), Text(N_("the pile's top cards are not worth breaking up your hand")))
    if kind is Meld:
        used = sum(len(g.cards) for g in action.groups)
        _value, books = meld_value(v, action)
        if _out_play(v, action):
            return said(Text(N_("Go out")),
                        Text(N_("your side has the books it needs, and the other side is caught with its cards")))
        if not v.in_foot(v.seat) and used == len(v.hand):
            return said(Text(N_("Meld your last cards")), Text(N_("you pick up your foot and play on")))
        if books:
            book = books[0]
            bonus = Grouped(_book_bonus(v.rules, book))
            if short.get(book, 0) > 0:
                reason = t("it completes {book} (+{points}), one of the {books} your side needs to go out",
                           book=Text(_A_BOOK.get(book, book)), books=Text(_BOOKS.get(book, book)), points=bonus)
            else:
                reason = t("it completes {book} (+{points})", book=Text(_A_BOOK.get(book, book)), points=bonus)
            return said(Text(N_("Meld")), reason)
        if not v.melds[v.team]:
            pts = sum(POINTS_OF[c] for g in action.groups for c in g.cards)
            return said(Text(N_("Make your side's first meld")),
                        t("{points} points reach the minimum of {minimum}", points=pts, minimum=v.minimums[v.team]))
        g = action.groups[0]
        if any(WILD_OF[c] for c in g.cards):
            return said(Text(N_("Meld the wild card")),
                        Text(N_("the meld will be a dirty book, and your side still needs dirty books")))
        rank = next((KIND_OF[c] for c in g.cards if not WILD_OF[c]), 0)
        return said(t("Meld your {ranks} without wild cards", ranks=ranks_word(rank)),
                    t("they can still make a clean book (+{points})", points=500))
    if kind is Discard:
        return _discard_sentence(v, action)
    if kind is Ask:
        return said(Text(N_("Ask your partner")), Text(N_("in these rules you may go out only after a yes")))
    if kind is Answer:
        if action.yes:
            return said(Text(N_("Say yes")),
                        Text(N_("your side has its books and is ahead; going out catches the others' cards")))
        return said(Text(N_("Say no")), Text(N_("your side can still score more books before the deal ends")))
    return None


def _discard_sentence(v: Observation, action: Discard) -> str:
    c = action.card
    if len(v.hand) == 1:
        if v.in_foot(v.seat):
            return said(t("Discard {card} and go out", card=describe(c)))
        return said(t("Discard {card}", card=describe(c)),
                    Text(N_("your hand is empty and you pick up your foot for your next turn")))
    if KIND_OF[c] == BLACK3:
        return said(Text(N_("Discard the black three")), Text(N_("the next player cannot take the pile under it")))
    nxt = (v.seat + 1) % v.players
    n = pile_taken(v.rules, v.pile_size + 1)
    head = t("Discard {card}", card=describe(c))
    if nxt % v.teams != v.team and pair_chance(v, nxt, KIND_OF[c]) < 0.2:
        return said(head, t("the next player is unlikely to hold a pair of them, and the pile would give them "
                            "{count} cards", count=n + 1))
    return said(head, Text(N_("the card you need least")))


__all__ = ["medium_scores", "easy_scores", "explain", "books_short"]
_ = (RED3,)
