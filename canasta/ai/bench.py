"""Decision time of a computer player over positions from real games.

    python -m canasta.bench ai [--level L] [--decisions N] [--players P] [--seed S] [--budget-ms MS]

Positions are collected by playing deals with the medium player at every seat and
keeping every decision a player meets (trivial ones included, as in a real game),
then the level under test decides each of them once. Prints ``median ms`` and
``p95 ms`` over all of them, and the same over the decisions with a real choice.
"""

from __future__ import annotations

import statistics
import time
from typing import Optional

from ..engine import Rules, apply_in_place, legal_actions, new_game
from ..engine.observe import observe
from ..engine.registry import default_name
from ..engine.state import DEAL_OVER, GAME_OVER
from . import make_player
from .players import MediumPlayer
from .policy import trivial


def collect_positions(count: int, players: int = 4, seed: int = 1, variant: Optional[str] = None) -> list[tuple]:
    """``count`` (observation, legal actions) pairs met by medium players in real deals
    (of ``variant``; None: the default game)."""
    out: list[tuple] = []
    med = MediumPlayer()
    deal = 0
    while len(out) < count:
        st = new_game(Rules(variant=variant or default_name(), players=players), seed=f"bench:{seed}:{deal}", dealer=deal % players)
        deal += 1
        while st.phase not in (DEAL_OVER, GAME_OVER) and len(out) < count:
            seat = st.to_act
            legal = legal_actions(st)
            ob = observe(st, seat)
            out.append((ob, legal))
            apply_in_place(st, med.choose(ob, legal))
    return out


def _pct(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))]


def bench_ai(level: str = "hard", decisions: int = 100, players: int = 4, seed: int = 1,
             budget_ms: Optional[float] = None, variant: Optional[str] = None) -> int:
    try:
        player = make_player(level, seed=seed, budget_ms=budget_ms)
    except ValueError as e:
        print(e)
        return 2
    variant = variant or default_name()
    positions = collect_positions(decisions, players, seed, variant)
    times, real = [], []
    searched = cut = 0
    for ob, legal in positions:
        t0 = time.perf_counter()
        if hasattr(player, "last_stats"):
            player.last_stats = {}
        action = player.choose(ob, legal)
        dt = (time.perf_counter() - t0) * 1000.0
        if action not in legal:
            print(f"illegal choice {action!r}")
            return 1
        times.append(dt)
        stats = getattr(player, "last_stats", None)
        if stats:
            searched += 1
            cut += stats["worlds"] < stats["planned"]
        if trivial(legal) is None:
            real.append(dt)
    print(f"game: {variant}  level: {level}  players: {players}  decisions: {len(times)}"
          + (f"  budget ms: {budget_ms:g}" if budget_ms is not None else ""))
    print(f"median ms: {statistics.median(times):.2f}")
    print(f"p95 ms: {_pct(times, 0.95):.2f}")
    if real:
        print(f"decisions with a choice: {len(real)}  median ms: {statistics.median(real):.2f}"
              f"  p95 ms: {_pct(real, 0.95):.2f}  max ms: {max(real):.2f}")
    if searched:
        # a search stopped by the clock cap played fewer worlds than the level plans
        print(f"searches: {searched}  stopped early by the clock cap: {cut}")
    return 0
