"""The hint: the move the coach's search rates best, and the real reason for it.

The hint searches as the coach judges (:func:`canasta.ai.search.score_actions`: the
same worlds per decision, the same rollouts, every move followed to the same moment
of the deal), over the moves the coach would compare: the medium heuristic's best
five, the moves that turn a deal (going out, asking, stopping melding) and, when some
of those are visible blunders (:mod:`canasta.ai.blunders`), the best move that is not
one. It plays the best mean, never a visible blunder unless the search finds it
better than the best other candidate by more than its noise (the coach's bar: two
standard errors and 40 points). Its worlds are the coach's own (the same seed as the
review screen's coach), so the coach, judging a hint that was followed, plays the very
same deals out and finds nothing better (a coach with another seed plays other deals
and can disagree where two moves are close).

Its sentence says what the move does, the fact on the table behind it, and how much
the search found it worth against the next best move:

    "Discard the seven of spades: the next player threw a seven since it last took
     the pile, so it is unlikely to hold a pair. About 60 points better than
     discarding the eight of diamonds (48 deals played out from here)."

    from canasta.ai.advice import advise
    a = advise(observe(state, seat), legal_actions(state))
    a.action, a.reason, a.gain

A hint may take up to :data:`HINT_SECONDS` (the window shows its progress, and drops
it when the player moves); past that it answers from the worlds played so far.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Callable, Optional, Sequence

from ..engine.actions import Action, Answer, Discard, Draw, Meld, TakePile
from ..engine.cards import BLACK3, JOKER, KIND_OF, TWO, WILD_OF
from ..engine.observe import Observation
from .blunders import visible_blunders
from .explain import explain
from .players import Player, StopCheck, observation_key
from .policy import medium_scores, trivial
from .valuation import NEG, denied_kinds, going_out_margin, threat
from ..i18n import N_, Text, t, tn
from .phrases import cards_words, gerund, parts, rank_word, ranks_word, said
from .search import COACH_WORLDS, clear_of_blunders, score_actions, turning_points

CLEAR_SE = 2.0   # the coach's bar for a clear gain (canasta.ai.coach.CLEAR_SE)

#: worlds a hint plays (the coach's number, at eight simulated turns)
HINT_WORLDS = COACH_WORLDS
#: the longest a hint searches (seconds); then it answers from the worlds played
HINT_SECONDS = 2.0
#: the worlds' seed: the window's coach's (the review screen's default), so that the hint and
#: the coach play the very same deals out from a position and a hint followed is never flagged
COACH_SEED = 0
#: moves of the medium heuristic's ranking a hint compares (the coach compares the move
#: played with the best four others, so these hold every move the coach would weigh)
HINT_CANDIDATES = 5


@dataclass(frozen=True)
class Advice:
    action: Action
    reason: str
    gain: float                  # mean margin over the runner-up, in points (0: no other move searched)
    runner_up: Optional[Action]
    worlds: int                  # worlds played (0: no search was needed)
    candidates: int


def candidates(obs: Observation, legal: Sequence[Action]) -> tuple[list[int], dict]:
    """(indices of ``legal`` to search, the visible blunders among ``legal``)."""
    scores = medium_scores(obs, legal)
    order = sorted(range(len(legal)), key=lambda i: (-scores[i], i))
    cands = [i for i in order if scores[i] > NEG / 2][:HINT_CANDIDATES] or order[:1]
    cands += [i for i in turning_points(obs, legal, order) if i not in cands]
    marks = visible_blunders(obs, legal)
    if marks and any(i in marks for i in cands):
        safe = next((i for i in order if i not in marks), None)
        if safe is not None and safe not in cands:
            cands.append(safe)
    return cands, marks


def advise(obs: Observation, legal: Sequence[Action], *, seed: object = COACH_SEED, worlds: int = HINT_WORLDS,
           seconds: float = HINT_SECONDS, should_stop: StopCheck = None,
           progress: Optional[Callable[[int, int], None]] = None) -> Advice:
    """The hint for the seat of ``obs`` (see the module documentation)."""
    only = trivial(legal)
    if only is not None:
        return Advice(only, explain(obs, only, legal), 0.0, None, 0, 1)
    cands, marks = candidates(obs, legal)
    if len(cands) == 1:
        a = legal[cands[0]]
        return Advice(a, explain(obs, a, legal), 0.0, None, 0, 1)
    deadline = time.perf_counter() + seconds

    def stop() -> bool:
        return (should_stop is not None and should_stop()) or time.perf_counter() > deadline

    actions = [legal[i] for i in cands]
    results = score_actions(obs, actions, seed=seed, worlds=worlds, should_stop=stop, progress=progress)
    n = len(results[0])
    if n == 0:   # stopped before the first world: the heuristic's choice, said plainly
        return Advice(actions[0], explain(obs, actions[0], legal), 0.0, None, 0, len(cands))
    means = [sum(r) / n for r in results]
    best = max(range(len(cands)), key=lambda j: (means[j], -j))
    if cands[best] in marks:
        best = clear_of_blunders(results, [i in marks for i in cands], best, CLEAR_SE)
    runner = max((j for j in range(len(cands)) if j != best), key=lambda j: (means[j], -j))
    gain = means[best] - means[runner]
    action = actions[best]
    reason = hint_sentence(obs, legal, action, actions[runner], gain, n, marks.get(cands[runner], ()))
    return Advice(action, reason, gain, actions[runner], n, len(cands))


# --------------------------------------------------------------------------- the sentence


def discard_facts(obs: Observation, card: int, runner: Optional[Action] = None,
                  runner_kinds: tuple = ()) -> list[str]:
    """What the table shows about throwing ``card`` (true statements, most telling first)."""
    k = KIND_OF[card]
    facts: list[str] = []
    nxt = (obs.seat + 1) % obs.players
    next_is_opponent = nxt % obs.teams != obs.team
    if len(obs.hand) == 1:
        return [Text(N_("it is your last card, so you go out"))]
    if type(runner) is Discard and runner_kinds:
        rk = ranks_word(KIND_OF[runner.card])
        if "gift" in runner_kinds:
            facts.append(t("the {rank} would let the next player take the pile onto its side's {ranks}",
                           rank=rank_word(KIND_OF[runner.card]), ranks=rk))
        elif "known_pair" in runner_kinds:
            facts.append(t("the next player was seen taking {ranks} with the pile and still holds them", ranks=rk))
    if k == BLACK3:
        facts.append(Text(N_("the next player cannot take the pile with a black three on top")))
    elif k in (TWO, JOKER) or WILD_OF[card]:
        if not obs.frozen:
            facts.append(tn("it freezes the pile ({count} card): from then on a natural pair is needed to take it",
                            "it freezes the pile ({count} cards): from then on a natural pair is needed to take it",
                            obs.pile_size + 1))
        else:
            facts.append(Text(N_("the pile is frozen already")))
    elif next_is_opponent:
        name = rank_word(k)
        if k in denied_kinds(obs)[nxt] and obs.known_count(nxt, k) == 0:
            facts.append(t("the next player has thrown or passed up a {rank} since it last took the pile, "
                           "so it is unlikely to hold a pair", rank=name))
        unseen = obs.unseen_by_kind()[k]
        if unseen == 0 and obs.known_count(nxt, k) == 0:
            facts.append(t("every other {rank} is in sight, so nobody can pair it", rank=name))
        elif unseen == 1 and obs.known_count(nxt, k) == 0:
            facts.append(t("only one other {rank} is out of sight", rank=name))
        if obs.pile_frozen_for(nxt % obs.teams) and not facts:
            facts.append(t("the pile is frozen for the next player's side, so it needs two natural {ranks}",
                           ranks=ranks_word(k)))
    if obs.counts[k] == 1 and 4 <= k <= 14:
        facts.append(t("it is your only {rank}, so no pair of yours is broken", rank=rank_word(k)))
    elif obs.counts[k] == 2 and 4 <= k <= 14:
        facts.append(t("it breaks your pair of {ranks}", ranks=ranks_word(k)))
    elif obs.counts[k] > 2 and 4 <= k <= 14:
        facts.append(t("you keep {count} {ranks}", count=obs.counts[k] - 1, ranks=ranks_word(k)))
    return facts[:2]


def _lead(margin: float) -> Text:
    """'about 120 ahead' (or behind), to the nearest ten."""
    points = abs(int(round(margin / 10.0)) * 10)
    if margin >= 0:
        return t("counting the table, your side would end the deal about {points} ahead", points=points)
    return t("counting the table, your side would end the deal about {points} behind", points=points)


def _going_out_fact(obs: Observation, action: Action) -> Text:
    from .valuation import groups_gain
    gain = groups_gain(obs, action.groups) if type(action) is Meld else 0.0
    lead = _lead(going_out_margin(obs, obs.seat, gain))
    if threat(obs) >= 0.75:
        return t("{lead}, and the other side can go out soon", lead=lead)
    if obs.stock_size <= 2 * obs.players:
        return t("{lead}, and the stock is nearly gone", lead=lead)
    return lead


def _meld_fact(obs: Observation, action: Meld) -> Text:
    """'30 points go on the table and your side's queens reach 5 cards of the 7 a canasta needs'."""
    from .valuation import onto_meld
    from ..engine.cards import POINTS_OF
    pts = sum(POINTS_OF[c] for g in action.groups for c in g.cards)
    full = obs.rules.canasta_size
    for g in action.groups:
        existing = onto_meld(obs, obs.team, g.onto)
        size = len(g.cards) + (len(existing.cards) if existing is not None else 0)
        ranks = {KIND_OF[c] for c in g.cards if 4 <= KIND_OF[c] <= 14}
        rank = existing.rank if existing is not None and 4 <= (existing.rank or 0) <= 14 else (
            next(iter(ranks)) if len(ranks) == 1 else 0)
        if rank and size < full:
            return t("{points} points go on the table and your side's {ranks} reach {size} of the {full} cards "
                     "a canasta needs", points=pts, ranks=ranks_word(rank), size=size, full=full)
    return t("{points} points go on the table", points=pts)


def why(obs: Observation, action: Action, legal: Sequence[Action], runner: Optional[Action] = None,
        runner_kinds: tuple = ()) -> tuple[str, str]:
    """(what the move is, the fact behind it): "Discard the seven of spades", "it is
    your only seven, so no pair of yours is broken" (two messages, each rendered in the
    language shown; the explanation's own parts, :func:`canasta.ai.phrases.parts`)."""
    head, tail = parts(explain(obs, action, legal))
    kind = type(action)
    if kind is Discard:
        facts = discard_facts(obs, action.card, runner, runner_kinds)
        if facts:
            if len(facts) == 2 and len(facts[0]) + len(facts[1]) < 110:
                tail = t("{first} and {second}", first=facts[0], second=facts[1])
            else:
                tail = facts[0]
        elif tail:
            tail = ""
    elif kind is Meld and len(obs.hand) - sum(len(g.cards) for g in action.groups) <= 1:
        tail = _going_out_fact(obs, action)
    elif kind is Meld and not any(w in tail for w in ("complete", "make", "seven", "minimum", "group")):
        tail = _meld_fact(obs, action)
    elif kind is Answer:
        asker = obs.asked if isinstance(getattr(obs, "asked", None), int) else obs.seat
        tail = _lead(going_out_margin(obs, asker, 0.0))
    elif kind is Draw and type(runner) is TakePile:
        used = list(runner.with_cards) + [c for g in runner.melds for c in g.cards]
        wild = sum(1 for c in used if WILD_OF[c])
        took = tn("taking the pile of {pile} would use {count} of your cards",
                  "taking the pile of {pile} would use {count} of your cards", len(used), pile=obs.pile_size)
        tail = tn("{taking}, {count} of them wild", "{taking}, {count} of them wild", wild, taking=took) if wild else took
    return head, tail


def cards_used(a: Action) -> list[int]:
    """The hand cards a meld or a take of the pile puts down."""
    if type(a) is Meld:
        return [c for g in a.groups for c in g.cards]
    if type(a) is TakePile:
        return list(a.with_cards) + [c for g in a.melds for c in g.cards]
    return []


def hint_sentence(obs: Observation, legal: Sequence[Action], action: Action, runner: Optional[Action],
                  gain: float, worlds: int, runner_kinds: tuple = ()) -> str:
    """The hint's words: the move, the fact behind it, and its worth against the next best."""
    head, fact = why(obs, action, legal, runner, runner_kinds)
    first = said(head, fact)
    if runner is None:
        return first
    pts = int(round(gain / 5.0)) * 5
    other = gerund(obs, runner)
    if other == gerund(obs, action):
        used = cards_used(runner)
        mine = cards_used(action)
        same = sorted(KIND_OF[c] for c in used) == sorted(KIND_OF[c] for c in mine)
        if used and not same:
            other = t("{move} with {cards} instead", move=other, cards=cards_words(used))
        else:
            other = t("{move} another way", move=other)
    if pts < 5:
        return tn("{first} About as good as {other}: under 5 points between them over {count} deal "
                  "played out from here.",
                  "{first} About as good as {other}: under 5 points between them over {count} deals "
                  "played out from here.", worlds, first=first, other=other)
    return tn("{first} About {points} points better than {other} ({count} deal played out from here).",
              "{first} About {points} points better than {other} ({count} deals played out from here).",
              worlds, first=first, other=other, points=pts)


# --------------------------------------------------------------------------- for the window

_lock = threading.Lock()
_recent: dict[str, Advice] = {}
_progress = [0, 0]


def progress() -> float:
    """How far the hint being searched has gone (0 .. 1)."""
    done, planned = _progress
    return done / planned if planned else 0.0


def reason_for(obs: Observation, action: Action, legal: Sequence[Action]) -> str:
    """The sentence of the hint given for ``obs`` (the search's own), else the plain
    explanation of ``action``."""
    with _lock:
        a = _recent.get(observation_key(obs))
    if a is not None and a.action == action:
        return a.reason
    return explain(obs, action, legal)


class HintPlayer(Player):
    """The hint as a player the AI worker can run (``make_player("hint")``): it keeps
    its last answers' sentences for :func:`reason_for`."""

    level = "hint"

    def __init__(self, seed: object = COACH_SEED, worlds: int = HINT_WORLDS, seconds: float = HINT_SECONDS):
        self.seed = seed
        self.worlds = worlds
        self.seconds = seconds

    def choose(self, obs, legal, should_stop: StopCheck = None):
        def note(done: int, planned: int) -> None:
            _progress[0], _progress[1] = done, planned
        _progress[0], _progress[1] = 0, 0
        a = advise(obs, legal, seed=self.seed, worlds=self.worlds, seconds=self.seconds,
                   should_stop=should_stop, progress=note)
        with _lock:
            if len(_recent) > 16:
                _recent.clear()
            _recent[observation_key(obs)] = a
        return a.action
