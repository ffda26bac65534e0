"""What the heuristic players know of a position in Classic, Samba and Bolivia: the
game's figures (canasta values, going-out bonus, red threes), each side's table and
hand, the threat of the other side going out, the margin of going out now, what a
meld or a take gains, the chance that the next player takes the pile with a card, the
pile's worth, and what keeping a card is worth. The weights are named here, once.
Easy and Medium (:mod:`canasta.ai.policy`), the hard player's search, the hint, the
coach and the blunder check read them."""

from __future__ import annotations

from typing import Optional

from ..engine.cards import BLACK3, JOKER, KIND_OF, POINTS_OF, RED3, SUIT_OF, TWO, WILD_OF
from ..engine.variants import game_of
from ..engine.observe import Observation


#: average points of a card nobody has seen (red threes excluded)
UNSEEN_CARD_POINTS = 11
NEG = -1e9
# weights (tuned in medium-against-easy and medium-against-random arenas, see docs/ai.md)
W_DANGER = 2.0          # times the pile's value times the chance the next opponent takes it
W_PILE_CARD = 40.0      # a pile card's worth (to the side that takes it)
KEEP_TRIPLE = 90.0
KEEP_PAIR = 45.0
KEEP_MELDED = 60.0
KEEP_SINGLE = 8.0
KEEP_SINGLE_UNSEEN = 3.0
KEEP_PARTNER_HOLDS = 30.0   # a lone card of a kind the partner was seen to take with the pile
PARTNER_DENIED = 0.5        # share of a lone card's worth lost when the partner showed it has no pair of it
FREEZE_PILE = 7          # freeze a pile this big when the next opponent threatens it
FREEZE_ONLY_BEHIND = True
NEW_WILD = 40.0
TAKE_WILD = 45.0
DRAW_VALUE = 12.0
TAKE_CARD = 14.0
OUT_BEHIND = -250.0      # do not go out further behind than this (unless threatened),
OUT_HOLD = 150.0         # nor less ahead than this while the partner holds a big hand
THREAT_4 = 0.75          # how close a side with a 3- or 4-card hand is to going out
KEEP_SEQ_NEIGHBOUR = 22.0  # Samba: a card of the same suit within two ranks in hand
SEQ_CARD = 24.0          # Samba: each card on a sequence (toward a 1,500 samba)
NEW_SEQ = 45.0           # Samba: starting a sequence
SEQ_PROGRESS = {1: 0.5, 2: 0.3}   # Samba: share of a samba a sequence short of 1 or 2 cards is worth


def canasta_value(rules, kind: str) -> int:
    """The bonus of a canasta of ``kind`` in the game of ``rules``."""
    return game_of(rules).canasta_bonus(kind, rules)


def has_sequences(rules) -> bool:
    """Does the game have sequences (Samba, Bolivia)?"""
    return "sequence" in game_of(rules).MELD_KINDS


def going_out_bonus(rules) -> int:
    return rules.going_out_bonus if rules.going_out_bonus is not None else rules.scoring.going_out


def red_threes_plus(rules, melds, canastas: int) -> bool:
    """Do a side's red threes count for it (else against it)?"""
    if rules.red_threes_need_two_canastas:
        return canastas >= 2
    return bool(melds)


def new_meld_kind(cards) -> str:
    """What cards put down as a new meld make: a group, a sequence, wild cards alone."""
    rank = 0
    for c in cards:
        if not WILD_OF[c]:
            k = KIND_OF[c]
            if k == BLACK3:
                return "black3"
            if rank and k != rank:
                return "sequence"
            rank = k
    return "group" if rank else "wild"


def _canasta_kind_of(kind: str, wilds: int) -> str:
    if kind == "sequence":
        return "samba"
    if kind == "wild":
        return "bolivia"
    return "mixed" if wilds else "natural"


def _suit_ranks(v: Observation) -> set:
    """(rank, suit) of the naturals in the seat's hand (memoised per observation)."""
    got = v.memo.get("suit_ranks")
    if got is None:
        got = {(KIND_OF[c], SUIT_OF[c]) for c in v.hand if 4 <= KIND_OF[c] <= 14}
        v.memo["suit_ranks"] = got
    return got


def extends_sequence(v: Observation, team: int, card: int) -> bool:
    """Does ``card`` extend one of ``team``'s open sequences that is not a canasta?"""
    k = KIND_OF[card]
    if not 4 <= k <= 14:
        return False
    s = SUIT_OF[card]
    for m in v.melds[team]:
        if m.kind == "sequence" and m.canasta is None and not m.closed and m.suit == s:
            if k == m.low - 1 or k == m.high + 1:
                return True
    return False


# ---------------------------------------------------------------------------
# positions
# ---------------------------------------------------------------------------

def table_value(v: Observation, team: int) -> int:
    """What a side's table is worth now: melded cards, canasta bonuses, red threes
    (counted against a side that has not melded)."""
    total = 0
    melds = v.melds[team]
    canastas = 0
    for m in melds:
        for c in m.cards:
            total += POINTS_OF[c]
        kind = m.canasta
        if kind is not None:
            total += canasta_value(v.rules, kind)
            canastas += 1
    reds = len(v.red3[team])
    if reds:
        value = v.rules.red_three_score(reds)
        total += value if red_threes_plus(v.rules, melds, canastas) else -value
    return total


def hand_estimate(v: Observation, seat: int) -> float:
    """Points held by ``seat`` as far as ``v.seat`` knows (exact for itself)."""
    if seat == v.seat:
        return float(sum(POINTS_OF[c] for c in v.hand))
    known = v.known[seat]
    return sum(POINTS_OF[c] for c in known) + (v.hand_sizes[seat] - len(known)) * UNSEEN_CARD_POINTS


def team_hand_estimate(v: Observation, team: int, skip: int = -1) -> float:
    return sum(hand_estimate(v, s) for s in range(v.players) if s % v.teams == team and s != skip)


def threat(v: Observation) -> float:
    """How close the most dangerous other side is to going out (0 far .. 1 now)."""
    known = v.memo.get("threat")
    if known is not None:
        return known
    need = v.rules.canastas_to_go_out
    worst = 0.0
    for t in range(v.teams):
        if t == v.team:
            continue
        have = v.canasta_count(t)
        near = max((len(m.cards) for m in v.melds[t] if m.canasta is None), default=0)
        short = max(0, need - have)
        if short > 1 or (short == 1 and near < 5):
            continue
        smallest = min(v.hand_sizes[s] for s in range(v.players) if s % v.teams == t)
        level = 1.0 if smallest <= 2 else THREAT_4 if smallest <= 4 else 0.4 if smallest <= 7 else 0.15
        if short:
            level *= 0.5
        worst = max(worst, level)
    v.memo["threat"] = worst
    return worst


def going_out_margin(v: Observation, out_seat: int, melded_gain: float = 0.0) -> float:
    """Our side's estimated lead over the best other side if ``out_seat`` (ours) went
    out now, its whole hand melded (``melded_gain``: points and bonuses it adds)."""
    us = v.team
    ours = table_value(v, us) + melded_gain + going_out_bonus(v.rules) - team_hand_estimate(v, us, skip=out_seat)
    best_other = None
    for t in range(v.teams):
        if t == us:
            continue
        val = table_value(v, t) - team_hand_estimate(v, t)
        if best_other is None or val > best_other:
            best_other = val
    return ours - (best_other or 0.0)


def onto_meld(v: Observation, team: int, onto):
    """The team's meld with id ``onto`` (None for a new meld or an unknown id)."""
    return None if onto is None else v.meld_by_id(team, onto)


def groups_gain(v: Observation, groups) -> float:
    """Points and canasta bonuses a melding action adds to our side's table."""
    gain = 0.0
    team = v.team
    r = v.rules
    full = r.canasta_size
    sc = r.scoring
    for g in groups:
        cards = g.cards
        gain += sum(POINTS_OF[c] for c in cards)
        existing = onto_meld(v, team, g.onto)
        size = len(cards) + (len(existing.cards) if existing is not None else 0)
        wilds = sum(1 for c in cards if WILD_OF[c]) + (existing.wilds if existing is not None else 0)
        was = len(existing.cards) if existing is not None else 0
        kind = existing.kind if existing is not None else new_meld_kind(cards)
        if size >= full and was < full:
            ck = _canasta_kind_of(kind, wilds)
            gain += canasta_value(r, "escalera" if ck == "samba" else ck) if ck in ("samba", "bolivia") else (
                sc.mixed_canasta if wilds else sc.natural_canasta)
        elif was >= full and existing.wilds == 0 and wilds and kind == "group":
            gain -= sc.natural_canasta - sc.mixed_canasta
    return gain


def wilds_finish(v: Observation, meld, after: int) -> bool:
    """Can the wild cards left in hand take ``meld`` (``after`` cards once this action
    is done) to seven cards within the meld rules?"""
    full = v.rules.canasta_size
    if after >= full:
        return False
    in_hand = v.counts[TWO] + v.counts[JOKER]
    short = full - after
    used = after - len(meld.cards)  # wild cards this action already puts on it
    wilds_after = meld.wilds + used + short
    naturals = meld.naturals
    rules = v.rules
    if in_hand - used < short or wilds_after > rules.wild_limit:
        return False
    if rules.more_naturals_than_wilds and naturals <= wilds_after:
        return False
    return len(v.hand) - used - short >= 2


def group_rank(g) -> int:
    for c in g.cards:
        k = KIND_OF[c]
        if 4 <= k <= 14:
            return k
        if k == BLACK3:
            return BLACK3
    return 0


def should_go_out(v: Observation, out_seat: int, melded_gain: float) -> tuple[bool, float]:
    """(go out?, estimated margin). Going out locks in the position: do it when ahead,
    when the other side is about to go out or the stock is running low; not when far
    behind with time left to catch up."""
    margin = going_out_margin(v, out_seat, melded_gain)
    danger = threat(v)
    if v.stock_size <= 2 * v.players:
        return True, margin
    if danger >= 0.75:
        # the other side can go out any moment: lock in what we have
        return True, margin
    if margin < OUT_BEHIND + 250 * danger:
        return False, margin
    if has_sequences(v.rules) and v.stock_size > 20 and danger < 0.5:
        # Samba: a sequence near seven is worth most of a 1,500 samba; going out ends it
        near = 0.0
        bonus = canasta_value(v.rules, "samba")
        for m in v.melds[v.team]:
            if m.kind == "sequence" and m.canasta is None:
                near += bonus * SEQ_PROGRESS.get(7 - len(m.cards), 0.0)
        if near and margin - near < OUT_HOLD:
            return False, margin
    # ahead: still hold back while a partner keeps a big hand and the side can build more
    partner_cards = sum(v.hand_sizes[p] for p in v.partners(out_seat))
    if margin < OUT_HOLD and partner_cards >= 9 and v.stock_size > 30 and danger < 0.4:
        return False, margin
    return True, margin


# ---------------------------------------------------------------------------
# the pile and the discard
# ---------------------------------------------------------------------------

def _p_at_least(u: int, pool: int, h: int, k: int) -> float:
    """Probability that a hand of ``h`` unseen cards holds at least ``k`` of ``u``
    copies among ``pool`` unseen cards (binomial approximation)."""
    if u < k or h <= 0 or pool <= 0:
        return 0.0
    p = min(1.0, h / pool)
    q = 1.0 - p
    p0 = q ** u
    if k == 1:
        return 1.0 - p0
    p1 = u * p * q ** (u - 1)
    return max(0.0, 1.0 - p0 - p1)


#: how much less likely a seat holds a natural pair of a rank it showed it lacks (it
#: threw that rank, or let it go on top of the pile), since it last took the pile
DENIED_PAIR = 0.3


def denied_kinds(v: Observation) -> tuple[set, ...]:
    """Per seat: the kinds of natural it showed it holds no pair of since it last took
    the pile, read from the public history (memoised per observation):

    - it discarded that kind (a player keeps a pair of a kind, and throws a lone card);
    - that kind lay on top of the pile when its turn came and it did not take the pile.
    """
    got = v.memo.get("denied")
    if got is not None:
        return got
    n = v.players
    denied: list[set] = [set() for _ in range(n)]
    top = -1          # the pile's top card
    waiting = -1      # the seat whose turn follows the last discard
    for e in v.public_history:
        what = e.what
        seat = e.seat
        if waiting >= 0 and seat == waiting:
            if what != "take" and top >= 0:
                denied[seat].add(KIND_OF[top])
            waiting = -1
        if what == "discard":
            c = e.cards[0]
            if not WILD_OF[c]:
                denied[seat].add(KIND_OF[c])
            top = c
            waiting = (seat + 1) % n
        elif what == "upcard":
            top = e.cards[-1]
        elif what == "take":
            denied[seat].clear()
            top = -1
    got = v.memo["denied"] = tuple(denied)
    return got


def take_chance(v: Observation, seat: int, kind: int, pile_frozen: Optional[bool] = None,
                card: Optional[int] = None, memory: bool = True) -> float:
    """How likely ``seat`` can take the pile if a card of ``kind`` is on top. Cards seen
    taken with the pile count as held, copies seen elsewhere as dead, and (``memory``) a
    kind the seat showed it lacks (:func:`denied_kinds`) as unlikely to be paired in its
    hand."""
    if kind == TWO or kind == JOKER or kind == BLACK3 or kind == RED3:
        return 0.0
    if v.rules.black_three_freezes and kind == BLACK3:
        return 0.0
    t = seat % v.teams
    frozen = v.pile_frozen_for(t) if pile_frozen is None else (pile_frozen or v.pile_frozen_for(t))
    unseen = v.unseen_by_kind()
    pool = max(1, v.unseen_total())
    h = v.hidden_hand(seat)
    have = v.known_count(seat, kind)
    u = unseen[kind]
    if have >= 2:
        pair = 1.0
    else:
        pair = _p_at_least(u, pool, h, 2 - have)
    denied = memory and have == 0 and kind in denied_kinds(v)[seat]
    if denied:
        pair *= DENIED_PAIR
    if has_sequences(v.rules):
        # Samba: a natural pair, or (not frozen) the top card onto a meld that is not a canasta
        if not frozen:
            for m in v.melds[t]:
                if m.kind == "group" and m.rank == kind and m.canasta is None:
                    return 1.0
            if card is not None and v.rules.take_onto_sequence and extends_sequence(v, t, card):
                return 1.0
        chance = pair
    elif frozen:
        chance = pair
    else:
        if v.meld_of(t, kind) is not None:
            return 1.0
        wild_known = any(WILD_OF[c] for c in v.known[seat])
        one = 1.0 if have >= 1 else _p_at_least(u, pool, h, 1) * (DENIED_PAIR if denied else 1.0)
        wild = 1.0 if wild_known else _p_at_least(unseen[TWO] + unseen[JOKER], pool, h, 1)
        chance = pair + (one - pair) * wild
    if not v.melds[t]:
        # the take must also be the side's initial meld
        need = v.minimums[t]
        if 3 * POINTS_OF_KIND(kind) < need:
            chance *= 0.35
    return min(1.0, chance)


def fill_pile_worth() -> None:
    for c in range(len(KIND_OF)):
        PILE_CARD_WORTH[c] = _pile_card_worth(c)


def POINTS_OF_KIND(kind: int) -> int:
    if kind == 14 or kind == TWO:
        return 20
    if kind == JOKER:
        return 50
    if kind >= 8:
        return 10
    return 5


def pile_value(v: Observation, extra: int = 0) -> float:
    """What the discard pile is worth to whoever takes it (in points of table value),
    card by card as the whole table remembers it: a wild card more, a black three less."""
    got = v.memo.get("pile_value")
    if got is None:
        got = 0.0
        for c in v.pile:
            got += PILE_CARD_WORTH[c]
        v.memo["pile_value"] = got
    return got + W_PILE_CARD * extra


def _pile_card_worth(c: int) -> float:
    if WILD_OF[c]:
        return W_PILE_CARD + 30.0
    if KIND_OF[c] == BLACK3:
        return W_PILE_CARD - W_PILE_BLACK3
    return W_PILE_CARD


W_PILE_BLACK3 = 25.0    # a black three in the pile helps its taker little (it melds only going out)
PILE_CARD_WORTH = [0.0] * len(KIND_OF)


def keep_value(v: Observation, card: int, memory: bool = True) -> float:
    """How much the player loses by throwing ``card`` (before any danger); ``memory``:
    counting what the partner showed of its hand."""
    k = KIND_OF[card]
    cnt = v.counts
    if k == TWO or k == JOKER:
        return 400.0 + POINTS_OF[card]
    if k == BLACK3:
        return -15.0  # a stopper: the next player cannot take the pile
    team = v.team
    n = cnt[k]
    late = v.stock_size < 12 or threat(v) >= 0.75
    seqs = has_sequences(v.rules)
    if v.meld_of(team, k) is not None or (seqs and extends_sequence(v, team, card)):
        base = KEEP_MELDED  # it could go on the meld (it was held back for a reason)
    elif n >= 3:
        base = KEEP_TRIPLE
    elif n == 2:
        base = KEEP_PAIR
    else:
        unseen = v.unseen_by_kind()[k]
        base = KEEP_SINGLE + KEEP_SINGLE_UNSEEN * unseen  # a singleton is worth more while its rank is still around
        # what the partner showed: cards of that kind it took with the pile (its side will
        # meld them), or that it threw it or let it go by (it holds no pair of it)
        for p in (v.partners() if memory else ()):
            if v.known_count(p, k):
                base += KEEP_PARTNER_HOLDS
            elif k in denied_kinds(v)[p]:
                base -= KEEP_SINGLE_UNSEEN * unseen * PARTNER_DENIED
    if seqs:
        # Samba: neighbours of its suit in hand make a sequence (and a samba is worth 1,500)
        have = _suit_ranks(v)
        s = SUIT_OF[card]
        near = sum(1 for d in (-2, -1, 1, 2) if (k + d, s) in have)
        base += KEEP_SEQ_NEIGHBOUR * near
    # points in hand count against us if the deal ends soon
    base -= POINTS_OF[card] * (0.8 if late else 0.15)
    return base
