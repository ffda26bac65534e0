"""The hard player: determinized Monte Carlo search over sampled hidden hands.

For a decision with more than one sensible move it

1. ranks the legal actions with the medium heuristic and keeps the best few; in
   four-player Classic it adds the moves that turn a deal whatever the heuristic
   thinks of them (going out, asking the partner, stopping melding);
2. deals the cards it cannot see at random, consistently with its observation
   (:func:`canasta.engine.observe.sample_state`: the hands keep their sizes, cards
   seen taken with the pile stay with their holder, the stock keeps its size), then,
   in four-player Classic, as the players' own play tells (:func:`refine_world`: nobody holds a
   pair of a kind it threw or let go by, nor cards it would have melded);
3. in each such world plays every candidate, then lets the medium policy play all
   seats for a few turns (or to the end of the deal), and scores the result as our
   side's points minus the best other side's (the real deal score when the deal
   ended, else an evaluation of the table and the hands);
4. plays the candidate with the best mean over the worlds, every candidate being
   tried in the same worlds (common random numbers). It leaves the medium choice only
   when the search finds a clear gain.

The number of worlds is fixed, so a decision depends on the seed and the observation
only; the time budget is a safety cap that stops early on a slow machine (only then
can timing change a decision).
"""

from __future__ import annotations

import math
import random
import time
from typing import Sequence

from ..engine.actions import Action, Ask, Discard, Meld
from ..engine.cards import KIND_OF, POINTS_OF, RED3
from ..engine.core import apply_in_place
from ..engine.options import legal_actions
from ..engine.registry import game_of
from ..engine.observe import Observation, observe, sample_state
from ..engine.state import ANSWER, DEAL_OVER, GAME_OVER, State
from .blunders import visible_blunders
from .players import Player, StopCheck, observation_key
from .policy import game_policy, medium_choose, medium_scores, trivial
from .valuation import NEG, canasta_value, denied_kinds, has_sequences, red_threes_plus

DEFAULT_BUDGET_MS = 250.0
DEFAULT_WORLDS = 32
DEFAULT_CANDIDATES = 4
DEFAULT_ROUNDS = 2     # rounds of turns simulated after the move (then the evaluation)

_ENDED = (DEAL_OVER, GAME_OVER)

#: part of a canasta bonus an unfinished meld is worth, by how many cards it lacks
_PROGRESS = {3: 0.12, 2: 0.25, 1: 0.45}


def evaluate(st: State) -> list[float]:
    """Each side's expected points for the deal from here (the real score once it ended)."""
    if st.result is not None:
        return [float(x) for x in st.result.scores]
    r = st.rules
    own = getattr(game_policy(r), "evaluate", None)
    if own is not None:
        return own(st)
    full = r.canasta_size
    sc = r.scoring
    mixed = sc.mixed_canasta
    seq_value = canasta_value(r, "samba") if has_sequences(r) else mixed
    out = []
    for team in range(r.teams):
        val = 0.0
        melds = st.melds[team]
        canastas = 0
        for m in melds:
            for c in m.cards:
                val += POINTS_OF[c]
            kind = m.canasta
            if kind is not None:
                val += canasta_value(r, kind)
                canastas += 1
            else:
                val += (seq_value if m.kind == "sequence" else mixed) * _PROGRESS.get(full - len(m.cards), 0.0)
        reds = len(st.red3[team])
        if reds:
            bonus = r.red_three_score(reds)
            val += bonus if red_threes_plus(r, melds, canastas) else -0.5 * bonus
        for seat in range(team, r.players, r.teams):
            val -= 0.7 * sum(POINTS_OF[c] for c in st.hands[seat])
        out.append(val)
    return out


def _world_share(rules) -> float:
    """Samba and Bolivia deals cost about three times a Classic one to simulate (162
    cards, draw two, sequences): half the worlds keeps the decision time near Classic's.
    A game whose policy names its own share (``WORLD_SHARE``: Hand and Foot's, five packs
    and a foot each) searches that share."""
    own = getattr(game_policy(rules), "WORLD_SHARE", None)
    if own is not None:
        return own
    return SEQUENCE_GAME_WORLDS if has_sequences(rules) else 1.0


SEQUENCE_GAME_WORLDS = 0.5
SEQUENCE_GAME_ROUNDS = 1     # rounds of turns simulated in Samba and Bolivia
CLOCK_CAP = 2.5              # the clock cap, in budgets (a safety net on a slow or busy machine)
SEQUENCE_GAME_CAP = 1.0      # Samba's and Bolivia's: their worlds cost three times Classic's, so on
                             # a busy machine the budget itself keeps a decision in Classic's time


def refine_world(world: State, obs: Observation, rng: random.Random) -> None:
    """Make a sampled world agree with how the other players have played, as an expert
    reads the table (the first sample deals the unseen cards uniformly):

    - a player who threw a kind, or let it go on top of the pile, since it last took
      the pile holds at most one natural of it (:func:`denied_kinds`);
    - a player whose side has melded, and who has had a turn since, holds no three
      naturals of a kind it could have melded, nor a natural of a kind its side has
      melded (it would have put it down).

    Extra copies are swapped, one card for one, with stock cards that break no such
    rule, so every hand keeps its size and the observation stays the same; the cards
    the table saw a player take stay with it."""
    stock = world.stock
    if not stock:
        return
    denied = denied_kinds(obs)
    n = obs.players
    teams = obs.teams
    melded_ranks = [{m.rank for m in obs.melds[t]} for t in range(teams)]
    opened = [bool(obs.melds[t]) for t in range(teams)]
    for s in range(n):
        if s == obs.seat:
            continue
        t = s % teams
        hand = world.hands[s]
        known = obs.known[s]
        counts = world.counts[s]
        limit: dict[int, int] = {}
        for k in denied[s]:
            limit[k] = 1
        if opened[t] and obs.turns_taken[s] > 0:
            for k in range(4, 15):
                cap = 0 if k in melded_ranks[t] else 2
                if cap < limit.get(k, 9):
                    limit[k] = cap
        if not limit:
            continue
        for k, cap in limit.items():
            extra = counts[k] - cap
            if extra <= 0:
                continue
            movable = [i for i, c in enumerate(hand) if KIND_OF[c] == k and c not in known]
            for i in movable[:extra]:
                for _ in range(6):   # a few tries for a stock card that breaks no rule
                    j = rng.randrange(len(stock))
                    c = stock[j]
                    kc = KIND_OF[c]
                    if kc == RED3 or counts[kc] >= limit.get(kc, 99) or kc == k:
                        continue
                    stock[j] = hand[i]
                    hand[i] = c
                    counts[k] -= 1
                    counts[kc] += 1
                    break


def classic_four(rules) -> bool:
    """Four players in two partnerships at a game whose melds are Classic's groups (its
    module's ``CLASSIC_MELDS``: one group of a rank per side, so a player who could have
    melded would have), where the hard player's reading of the table (refined worlds,
    the moves that turn a deal) was measured, in Classic; the other games and tables
    search as before."""
    return getattr(game_of(rules), "CLASSIC_MELDS", False) and rules.players == 4 and rules.teams == 2


def turning_points(obs: Observation, legal: Sequence[Action], order: list[int]) -> list[int]:
    """Moves the search always weighs, whatever the heuristic thinks of them: going out
    now (the best-ranked way), asking the partner, and, while melds are on offer, the
    best discard (stop melding and keep the cards)."""
    out = []
    hand = len(obs.hand)
    first_out = first_discard = None
    for i in order:
        a = legal[i]
        t = type(a)
        if t is Meld and first_out is None and hand - sum(len(g.cards) for g in a.groups) <= 1:
            first_out = i
        elif t is Ask:
            out.append(i)
        elif t is Discard and first_discard is None:
            first_discard = i
    if first_out is not None:
        out.append(first_out)
    if first_discard is not None and any(type(a) is Meld for a in legal):
        out.append(first_discard)
    return out


def margin_for(values: Sequence[float], team: int) -> float:
    best_other = max(v for t, v in enumerate(values) if t != team)
    return values[team] - best_other


def rollout(st: State, depth: int, choose=medium_choose, from_turn: int | None = None) -> None:
    """Let the medium policy (``choose``) play every seat for ``depth`` turns, or to the
    deal's end. The turns are counted from the turn under way (``from_turn``: from that
    seat's turn, as the deciding seat's, so that every move tried from one position,
    whether it ends the turn or not, is followed to the same moment of the deal)."""
    turns = 0
    last = st.turn if from_turn is None else from_turn
    guard = 0
    while st.phase not in _ENDED and guard < 400:
        guard += 1
        if st.turn != last:
            turns += 1
            last = st.turn
            if turns >= depth:
                return
        legal = legal_actions(st)
        if not legal:
            return
        if len(legal) == 1:
            a = legal[0]
        else:
            a = choose(observe(st, st.to_act), legal)
        apply_in_place(st, a)


class HardPlayer(Player):
    level = "hard"
    #: the heuristic that ranks the candidates and plays the simulations
    policy_scores = staticmethod(medium_scores)
    policy_choose = staticmethod(medium_choose)
    #: in four-player Classic: worlds that follow the players' play and the moves that
    #: turn a deal always searched (False: release 1)
    remembers = True
    #: never play a visible blunder (:mod:`canasta.ai.blunders`) when a move that is not
    #: one is legal (with ``remembers``; release 1 did not look)
    avoids_blunders = True

    def __init__(self, seed: int = 0, budget_ms: float | None = None, worlds: int = DEFAULT_WORLDS,
                 candidates: int = DEFAULT_CANDIDATES, depth: int | None = None,
                 cap_ms: float | None = None):
        self.seed = seed
        self.budget_ms = DEFAULT_BUDGET_MS if budget_ms is None else float(budget_ms)
        # the budget sets the number of worlds, in proportion (a fixed number: the clock
        # only caps a decision that runs far over, on a slow or busy machine)
        scale = self.budget_ms / DEFAULT_BUDGET_MS
        self.worlds = max(2, int(round(worlds * scale)))
        self.candidates = candidates
        self.depth = depth  # turns; None: DEFAULT_ROUNDS rounds of the table
        # the clock cap of a decision (ms), when given (an arena gives a generous one, so
        # that its figures do not depend on the machine's load); else CLOCK_CAP budgets
        # (SEQUENCE_GAME_CAP in Samba and Bolivia)
        self.cap_ms = None if cap_ms is None else float(cap_ms)
        self.last_stats: dict = {}

    def choose(self, obs: Observation, legal: Sequence[Action], should_stop: StopCheck = None) -> Action:
        t = trivial(legal)
        if t is not None:
            return t
        if obs.phase == ANSWER:
            # the asker's hand is hidden: a sampled world rarely lets it go out as it can
            return self.policy_choose(obs, legal)
        scores = self.policy_scores(obs, legal)
        order = sorted(range(len(legal)), key=lambda i: (-scores[i], i))
        cands = [i for i in order if scores[i] > NEG / 2][:self.candidates]
        if not cands:
            cands = order[:1]
        if self.remembers and classic_four(obs.rules):
            cands += [i for i in turning_points(obs, legal, order) if i not in cands]
        avoid = self.blunders(obs, legal, order, cands)
        if len(cands) == 1:
            return legal[cands[0]]
        return legal[self.search(obs, legal, cands, should_stop, avoid)]

    def blunders(self, obs: Observation, legal: Sequence[Action], order: list[int], cands: list[int]) -> frozenset:
        """The candidates that are visible blunders; when there are some, the heuristic's
        best move that is not one joins the candidates (so the search can weigh it)."""
        if not (self.avoids_blunders and self.remembers):
            return frozenset()
        marks = visible_blunders(obs, legal)
        if not marks or not any(i in marks for i in cands):
            return frozenset()
        safe = next((i for i in order if i not in marks), None)
        if safe is None:
            return frozenset()
        if safe not in cands:
            cands.append(safe)
        return frozenset(i for i in cands if i in marks)

    def world(self, obs: Observation, rng: random.Random, refine: bool) -> State:
        """One sampled world: the unseen cards dealt at random as ``obs`` allows, then (``refine``)
        as the others' play tells. (The decision-quality bench overrides it to measure what
        knowing the hidden hands would be worth; a player never does.)"""
        world = sample_state(obs, rng)
        if refine:
            refine_world(world, obs, rng)
        return world

    def search(self, obs: Observation, legal: Sequence[Action], cands: list[int],
               should_stop: StopCheck = None, avoid: frozenset = frozenset()) -> int:
        """The index in ``legal`` of the candidate with the best mean margin. A candidate
        in ``avoid`` (a visible blunder) is never played: the best of the others is."""
        start = time.perf_counter()
        seq_game = has_sequences(obs.rules)
        cap_ms = self.cap_ms
        if cap_ms is None:
            cap_ms = self.budget_ms * (SEQUENCE_GAME_CAP if seq_game else CLOCK_CAP)
        deadline = start + cap_ms / 1000.0
        rng = random.Random(f"hard|{self.seed}|{observation_key(obs)}")
        team = obs.seat % obs.rules.teams
        rounds = SEQUENCE_GAME_ROUNDS if seq_game else DEFAULT_ROUNDS
        depth = self.depth if self.depth is not None else rounds * obs.rules.players
        # the same number of simulated turns whatever the table: more, shorter
        # simulations with fewer players, fewer and longer ones with more
        n_worlds = max(2, int(round(self.worlds * 8 / max(1, depth) * _world_share(obs.rules))))
        results: list[list[float]] = [[] for _ in cands]
        refine = self.remembers and classic_four(obs.rules)
        choose = self.policy_choose
        worlds = 0
        for w in range(n_worlds):
            if should_stop is not None and should_stop():
                break  # the answer is no longer wanted
            if w >= 2 and time.perf_counter() > deadline:
                break
            world = self.world(obs, rng, refine)
            for j, i in enumerate(cands):
                s = world.clone()
                apply_in_place(s, legal[i])
                rollout(s, depth, choose)
                results[j].append(margin_for(evaluate(s), team))
            worlds += 1
        if not worlds:
            return cands[0]
        base = results[0]
        best_j, best_gain = 0, 0.0
        for j in range(1, len(cands)):
            diffs = [a - b for a, b in zip(results[j], base)]
            n = len(diffs)
            mean = sum(diffs) / n
            var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
            se = math.sqrt(var / n) if n > 1 else float("inf")
            # leave the heuristic's choice only for a clear gain
            if mean > max(15.0, 1.0 * se) and mean > best_gain:
                best_j, best_gain = j, mean
        if cands[best_j] in avoid:
            best_j = clear_of_blunders(results, [i in avoid for i in cands], best_j, math.inf)
        self.last_stats = {"worlds": worlds, "planned": n_worlds, "candidates": len(cands),
                           "ms": (time.perf_counter() - start) * 1000.0,
                           "means": [sum(r) / len(r) for r in results]}
        return cands[best_j]


#: the hint plays a visible blunder only when it beats the best other candidate by more than
#: this many points (and the coach's two standard errors); the hard player never does
BLUNDER_POINTS = 40.0


def clear_of_blunders(results: list[list[float]], marked: list[bool], chosen: int,
                       clear_se: float) -> int:
    """The candidate to play instead of ``chosen`` (a visible blunder): the best mean
    among those that are not blunders, unless ``chosen`` beats it by more than
    ``clear_se`` standard errors of the paired differences and :data:`BLUNDER_POINTS`."""
    safe = [j for j, m in enumerate(marked) if not m]
    if not safe:
        return chosen
    alt = max(safe, key=lambda j: (sum(results[j]), -j))
    if not math.isfinite(clear_se):
        return alt   # never kept (the hard player); and inf * a zero standard error is not a bar
    diffs = [a - b for a, b in zip(results[chosen], results[alt])]
    n = len(diffs)
    if n < 2:
        return alt
    mean = sum(diffs) / n
    se = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
    return chosen if mean > max(BLUNDER_POINTS, clear_se * se) else alt


COACH_WORLDS = 48  # worlds (at eight simulated turns) the coach plays for each decision


def score_actions(obs: Observation, actions: Sequence[Action], *, seed: object = 0,
                  worlds: int = COACH_WORLDS, depth: int | None = None,
                  should_stop: StopCheck = None, progress=None) -> list[list[float]]:
    """Play every action of ``actions`` (legal for the seat of ``obs``) in the same
    sampled worlds, as the hard player's search does, and return for each action its
    margin in every world (our side's points minus the best other side's), world by
    world in the same order, so that two actions can be compared pair by pair.

    Only the observation is used, never a hidden hand. The worlds are dealt from a
    random generator seeded by ``seed`` and the observation, and their number is
    fixed (``worlds`` at eight simulated turns, scaled like the hard player's), so
    the answer depends on the seed and the observation alone. ``should_stop``, when it
    returns True, ends the search after the current world (at least two are played
    unless it is already True before the first). ``progress(done, planned)``, when
    given, is called after every world (the hint's progress mark)."""
    rng = random.Random(f"coach|{seed}|{observation_key(obs)}")
    team = obs.seat % obs.rules.teams
    if depth is None:
        depth = DEFAULT_ROUNDS * obs.rules.players
    # counted from the decision's turn, a move that ends the turn (a discard) and one that
    # does not (a meld) are both followed to the start of the next player's turn after
    # ``depth`` more turns: counted from after the move, the discard's line played one
    # turn of the deciding side more and looked some 36 points better than a meld on
    # average (99 positions of medium deals, 16 worlds each)
    start = obs.turn
    n_worlds = max(2, int(round(worlds * 8 / max(1, depth))))
    results: list[list[float]] = [[] for _ in actions]
    for w in range(n_worlds):
        if should_stop is not None and should_stop():
            break
        world = sample_state(obs, rng)
        for j, a in enumerate(actions):
            s = world.clone()
            apply_in_place(s, a, obs.seat)
            rollout(s, depth + 1, from_turn=start)
            results[j].append(margin_for(evaluate(s), team))
        if progress is not None:
            progress(w + 1, n_worlds)
    return results
