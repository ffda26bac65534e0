"""Decision quality: how much one computer player's moves are worth over another's,
judged move by move instead of deal by deal (a developer's measure, never a player).

    python -m canasta.bench decisions --a hard --b medium --pairs 30 --seed 1

A duplicate arena needs some 150 deal pairs (half an hour of the hard player on two
cores) to tell +100 a deal from nothing. This measure asks a narrower question far
more cheaply:

1. it plays ``pairs`` duplicate deals of four-player Classic, the level under study
   (``--collect``, default hard) against medium, and keeps every position where that
   side had a real choice;
2. player A and player B each choose a move in every position (from the position's
   observation only, as in a game);
3. where they differ, both moves are played out from the *true* position to the end
   of the deal ``rollouts`` times, the medium player at every seat afterwards and the
   stock shuffled anew each time (the same shuffles for both moves): the mean
   difference of the deal's margin is what A's move is worth over B's there.

The gain per decision, times the decisions a side makes in a deal, estimates A's lead
a deal over B from this one step of better play (with the medium player continuing).
It measured hard's lead over medium at about what the arena measured, and it ranks
variants of the hard player in minutes. Its blind spot: a plan that pays only if the
player keeps following it (holding melds back for several turns, say) is judged as if
medium took over after one move.

``hard+reveal-next`` (``-partner``, ``-prev``, ``-all``) is the hard player searching
worlds where the named hands are the true ones (the other unseen cards, stock
included, dealt at random as usual): an analysis control that measures what
knowing those cards would be worth. It exists only here; no player sees a hidden hand.
"""

from __future__ import annotations

import math
import random
from collections import defaultdict
from multiprocessing import Pool
from typing import Optional, Sequence

from ..engine import Rules, apply_in_place, legal_actions, new_game
from ..engine.actions import Action, Meld
from ..engine.cards import KIND_COUNT, KIND_OF
from ..engine.observe import Observation, observe
from ..engine.state import ANSWER, DEAL_OVER, GAME_OVER, State
from . import ARENA_LEVELS, make_player
from .policy import medium_choose, trivial
from .search import HardPlayer

#: the hands an analysis player may be shown, as seats after its own
REVEAL = {"next": (1,), "partner": (2,), "prev": (3,), "all": (1, 2, 3)}
QUALITY_LEVELS = (*ARENA_LEVELS, *(f"hard+reveal-{k}" for k in REVEAL))


class RevealingHard(HardPlayer):
    """The hard player searching worlds where the hands of ``offsets`` (seats after its
    own) are those of ``truth``; the rest of the unseen cards, the stock's included, are
    dealt at random to the other hidden hands and the stock. Analysis only."""

    level = "hard+reveal"

    def __init__(self, truth: State, offsets: Sequence[int], **kw):
        super().__init__(**kw)
        self.truth = truth
        self.offsets = tuple(offsets)

    def world(self, obs: Observation, rng: random.Random, refine: bool) -> State:
        world = self.truth.clone()
        n = obs.players
        pool = list(world.stock)
        redeal = []
        for off in range(1, n):
            seat = (obs.seat + off) % n
            if off in self.offsets:
                continue
            seen = list(obs.known[seat])
            fixed = []
            for c in world.hands[seat]:
                if c in seen:
                    seen.remove(c)
                    fixed.append(c)
                else:
                    pool.append(c)
            redeal.append((seat, fixed, len(world.hands[seat]) - len(fixed)))
        rng.shuffle(pool)
        for seat, fixed, hidden in redeal:
            world.hands[seat] = fixed + pool[:hidden]
            del pool[:hidden]
            counts = [0] * KIND_COUNT
            for c in world.hands[seat]:
                counts[KIND_OF[c]] += 1
            world.counts[seat] = counts
        world.stock = pool
        return world


def _player(level: str, seed: int, truth: State):
    if level.startswith("hard+reveal-"):
        return RevealingHard(truth, REVEAL[level.split("-", 1)[1]], seed=seed, cap_ms=60000.0)
    return make_player(level, seed=seed, cap_ms=60000.0)


def _side_positions(args: tuple) -> list[tuple[State, int]]:
    i, seed, level, against = args
    rules = Rules(players=4)   # the default game (Classic)
    out = []
    for swapped in (False, True):
        st = new_game(rules, seed=f"quality:{seed}:{i}", dealer=i % 4)
        levels = [against, level] if swapped else [level, against]
        players = [make_player(levels[s % 2], seed=seed * 1000 + i * 10 + s, cap_ms=60000.0) for s in range(4)]
        while st.phase not in (DEAL_OVER, GAME_OVER):
            seat = st.to_act
            legal = legal_actions(st)
            if levels[seat % 2] == level and st.phase != ANSWER and trivial(legal) is None:
                out.append((st.clone(), seat))
            apply_in_place(st, players[seat].choose(observe(st, seat), legal))
    return out


def collect_decisions(pairs: int, seed: int = 1, level: str = "hard", against: str = "medium",
                      workers: int = 1) -> list[tuple[State, int]]:
    """The true positions (state, seat) where ``level``'s side had a real choice, over
    ``pairs`` duplicate deals of four-player Classic against ``against`` (answers to
    "may I go out?" left out)."""
    jobs = [(i, seed, level, against) for i in range(pairs)]
    out: list[tuple[State, int]] = []
    for part in _map(_side_positions, jobs, workers):
        out.extend(part)
    return out


def choose(level: str, st: State, seat: int, seed: int) -> int:
    """The index in the legal actions of the move ``level`` plays at ``seat``."""
    legal = legal_actions(st)
    return legal.index(_player(level, seed, st).choose(observe(st, seat), legal))


def playout_margin(st: State, seat: int, action: Action, shuffle_key: object) -> int:
    """The deal's margin for ``seat``'s side (its score minus the other side's) when
    ``action`` is played from the true position ``st`` and the medium player plays every
    seat to the end, the stock shuffled by ``shuffle_key`` first."""
    s = st.clone()
    random.Random(f"quality|{shuffle_key}").shuffle(s.stock)
    apply_in_place(s, action)
    steps = 0
    while s.phase not in (DEAL_OVER, GAME_OVER):
        steps += 1
        if steps > 5000:
            raise RuntimeError("a playout did not end")
        legal = legal_actions(s)
        apply_in_place(s, legal[0] if len(legal) == 1 else medium_choose(observe(s, s.to_act), legal))
    team = seat % s.rules.teams
    return s.result.scores[team] - max(v for t, v in enumerate(s.result.scores) if t != team)


def _choice_job(args):
    level, st, seat, seed = args
    return choose(level, st, seat, seed)


def _gain_job(args):
    st, seat, a, b, rollouts, key = args
    legal = legal_actions(st)
    diffs = [playout_margin(st, seat, legal[a], (key, k)) - playout_margin(st, seat, legal[b], (key, k))
             for k in range(rollouts)]
    return sum(diffs) / rollouts


def _map(fn, jobs, workers):
    if workers <= 1:
        return [fn(j) for j in jobs]
    with Pool(workers) as pool:
        return pool.map(fn, jobs, chunksize=1)


def kind_of_move(st: State, seat: int, a: Action) -> str:
    """A move's kind for the report: its action's name, a meld that empties the hand
    (bar a discard) being "MeldOut"."""
    if type(a) is Meld and len(st.hands[seat]) - sum(len(g.cards) for g in a.groups) <= 1:
        return "MeldOut"
    return type(a).__name__


def compare(positions: list[tuple[State, int]], level_a: str, level_b: str, rollouts: int = 16,
            workers: int = 1, seed: int = 1) -> dict:
    """A's move against B's in every position: the mean gain of A's per decision (with
    its standard error over the decisions), the positions where they differ, and the
    same by kind of choice ("Discard<-Meld": A threw a card where B melded)."""
    a = _map(_choice_job, [(level_a, st, seat, seed * 7919 + j) for j, (st, seat) in enumerate(positions)], workers)
    b = _map(_choice_job, [(level_b, st, seat, seed * 7919 + j) for j, (st, seat) in enumerate(positions)], workers)
    differ = [j for j in range(len(positions)) if a[j] != b[j]]
    jobs = [(positions[j][0], positions[j][1], a[j], b[j], rollouts, (seed, j)) for j in differ]
    gains = dict(zip(differ, _map(_gain_job, jobs, workers)))
    n = len(positions)
    per = [gains.get(j, 0.0) for j in range(n)]
    mean = sum(per) / n if n else 0.0
    var = sum((g - mean) ** 2 for g in per) / max(1, n - 1)
    kinds: dict[str, list[float]] = defaultdict(list)
    for j, g in gains.items():
        st, seat = positions[j]
        legal = legal_actions(st)
        kinds[f"{kind_of_move(st, seat, legal[a[j]])}<-{kind_of_move(st, seat, legal[b[j]])}"].append(g)
    return {"positions": n, "differ": len(differ), "mean": mean, "se": math.sqrt(var / n) if n > 1 else 0.0,
            "better": sum(1 for g in gains.values() if g > 0), "worse": sum(1 for g in gains.values() if g < 0),
            "kinds": {k: (len(v), sum(v) / len(v)) for k, v in sorted(kinds.items(), key=lambda kv: -abs(sum(kv[1])))}}


def report(res: dict, level_a: str, level_b: str, per_deal: Optional[float]) -> str:
    lines = [f"{level_a} against {level_b}: {res['positions']} decisions, {res['differ']} differ "
             f"({res['better']} better, {res['worse']} worse)",
             f"gain a decision {res['mean']:+.2f} (95% CI {res['mean'] - 1.96 * res['se']:+.2f} .. "
             f"{res['mean'] + 1.96 * res['se']:+.2f})"]
    if per_deal:
        m = res["mean"] * per_deal
        h = 1.96 * res["se"] * per_deal
        lines.append(f"a deal ({per_deal:.1f} decisions of a side): {m:+.1f} ({m - h:+.1f} .. {m + h:+.1f})")
    for k, (cnt, g) in res["kinds"].items():
        lines.append(f"  {k:22s} {cnt:5d} differ, {g:+8.1f} each")
    return "\n".join(lines)
