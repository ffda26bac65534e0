"""The mistakes a player can see from the table: one definition for the hard player,
the hint and the blunder bench (``python -m canasta.bench blunders``).

A move is a *visible blunder* of one of these kinds when an alternative that is not
one was legal in the same position:

- ``"gift"``: a discard the next player (an opponent) can take the pile with by
  adding it to its side's open meld, the engine allowing that take with no card from
  the hand, on a pile of :data:`GIFT_PILE` or more cards;
- ``"known_pair"``: a discard the next player can take the pile with using cards the
  whole table saw it take with an earlier pile and still holds (the public history,
  RULES.md section 11), on a pile of :data:`GIFT_PILE` or more cards;
- ``"missed_out"``: not going out (nor asking the partner) when going out was legal,
  its side would end the deal ahead by the table's count, and either the stock is
  nearly empty or another side can go out on its next turn (a canasta made and a
  player down to two cards or fewer);
- ``"out_behind"``: going out when its side ends the deal clearly behind by the
  table's count (:data:`OUT_BEHIND_POINTS`), while the stock still has cards and no
  other side is about to go out.

The two going-out kinds are judged in Classic, Samba and Bolivia, whose deal score the
table's count (:func:`canasta.ai.policy.going_out_margin`) follows; in Hand and Foot
(the feet) and Modern American (its own scoring) only the discards are judged.

The discards are judged by the engine itself: the discard is played in a world dealt
from the observation and the next player's legal takes are read; a take that needs
no card from the hand, or only cards the table saw it take, does not depend on the
hidden cards, so the answer depends on the observation alone.
"""

from __future__ import annotations

import random
from typing import Optional, Sequence

from ..engine.actions import Action, Ask, Discard, Meld, TakePile
from ..engine.cards import KIND_OF
from ..engine.core import apply_in_place
from ..engine.options import legal_actions
from ..engine.observe import Observation, sample_state
from ..engine.state import DEAL_OVER, GAME_OVER
from .policy import game_policy
from .valuation import going_out_margin, groups_gain, threat

#: the kinds, in the order the bench prints them
KINDS = ("gift", "known_pair", "missed_out", "out_behind")
#: a discard is a gift when the pile it makes has at least this many cards
GIFT_PILE = 4
#: going out with the table's count this far behind (and no hurry) is a visible mistake
OUT_BEHIND_POINTS = 300.0
#: the stock is nearly empty: one more round of draws or fewer
STOCK_LOW_ROUNDS = 1


def goes_out(obs: Observation, a: Action) -> bool:
    """Does ``a`` empty the hand or leave the one card that is then discarded?"""
    if type(a) is Meld:
        return len(obs.hand) - sum(len(g.cards) for g in a.groups) <= 1
    return type(a) is Discard and len(obs.hand) == 1


def _next_opponent(obs: Observation) -> Optional[int]:
    nxt = (obs.seat + 1) % obs.players
    return None if nxt % obs.teams == obs.team else nxt


def _kind_counts(cards) -> dict[int, int]:
    out: dict[int, int] = {}
    for c in cards:
        k = KIND_OF[c]
        out[k] = out.get(k, 0) + 1
    return out


def _covered(cards, have: dict[int, int]) -> bool:
    need = _kind_counts(cards)
    return all(have.get(k, 0) >= n for k, n in need.items())


def discard_blunders(obs: Observation, legal: Sequence[Action]) -> dict[int, tuple[str, ...]]:
    """The discards of ``legal`` (by index) that are a gift or feed a known pair, only
    when some discard of ``legal`` is neither (otherwise nothing is a blunder)."""
    discards = [i for i, a in enumerate(legal) if type(a) is Discard]
    nxt = _next_opponent(obs)
    if len(discards) < 2 or nxt is None or obs.pile_size + 1 < GIFT_PILE or len(obs.hand) <= 1:
        return {}
    world = sample_state(obs, random.Random(0))
    known = _kind_counts(obs.known[nxt])
    marks: dict[int, tuple[str, ...]] = {}
    seen: dict[int, tuple[str, ...]] = {}
    for i in discards:
        card = legal[i].card
        if card in seen:
            kinds = seen[card]
        else:
            s = world.clone()
            apply_in_place(s, legal[i], obs.seat)
            kinds = ()
            if s.to_act == nxt and s.phase not in (DEAL_OVER, GAME_OVER):
                gift = pair = False
                for a in legal_actions(s):
                    if type(a) is not TakePile:
                        continue
                    cards = list(a.with_cards)
                    for g in a.melds:
                        cards.extend(g.cards)
                    if not cards:
                        gift = True
                    elif known and _covered(cards, known):
                        pair = True
                kinds = tuple(k for k, on in (("gift", gift), ("known_pair", pair)) if on)
            seen[card] = kinds
        if kinds:
            marks[i] = kinds
    if len(marks) == len(discards):
        return {}   # every discard feeds the next player: none is a mistake
    return marks


def _about_to_end(obs: Observation) -> bool:
    draws = max(1, getattr(obs.rules, "draw_count", None) or 1)
    return obs.stock_size <= STOCK_LOW_ROUNDS * obs.players * draws or threat(obs) >= 1.0


def out_blunders(obs: Observation, legal: Sequence[Action]) -> dict[int, tuple[str, ...]]:
    """The going-out mistakes among ``legal``: every move that neither goes out nor asks
    when going out was plainly right, or the ways of going out when plainly wrong."""
    if game_policy(obs.rules) is not None:
        return {}   # the table's count below is the shared play's: a game with its own policy
                    # (Hand and Foot's feet, Modern American's scoring) counts otherwise
    outs = [i for i, a in enumerate(legal) if type(a) is Meld and goes_out(obs, a)]
    if not outs:
        return {}
    gain = max(groups_gain(obs, legal[i].groups) for i in outs)
    margin = going_out_margin(obs, obs.seat, gain)
    hurry = _about_to_end(obs)
    marks: dict[int, tuple[str, ...]] = {}
    if hurry and margin > 0:
        for i, a in enumerate(legal):
            if i not in outs and type(a) is not Ask:
                marks[i] = ("missed_out",)
    elif not hurry and margin < -OUT_BEHIND_POINTS and len(outs) < len(legal):
        for i in outs:
            marks[i] = ("out_behind",)
    return marks


def visible_blunders(obs: Observation, legal: Sequence[Action]) -> dict[int, tuple[str, ...]]:
    """Every move of ``legal`` (by index) that is a visible blunder, with its kinds;
    a move missing from the answer is not one."""
    if len(legal) < 2:
        return {}
    marks = discard_blunders(obs, legal)
    for i, kinds in out_blunders(obs, legal).items():
        marks[i] = marks.get(i, ()) + kinds
    return marks


def blunder_kinds(obs: Observation, legal: Sequence[Action], action: Action) -> tuple[str, ...]:
    """The kinds of visible blunder ``action`` (an element of ``legal``) is, if any."""
    marks = visible_blunders(obs, legal)
    for i, a in enumerate(legal):
        if a == action:
            return marks.get(i, ())
    return ()
