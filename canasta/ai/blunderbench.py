"""How often a level makes a visible blunder (:mod:`canasta.ai.blunders`).

    python -m canasta.bench blunders --level L --variant V --deals N [--players P] [--seed S] [--workers W]

Plays ``N`` deals with the level at every seat (each deal a fresh game, the dealer
turning), and at every decision with a real choice asks whether the move chosen was a
visible blunder of each kind. Prints the decisions counted, and for each kind how
many and the rate per 1,000 decisions.
"""

from __future__ import annotations

import time
from typing import Optional

from ..engine import Rules, apply_in_place, legal_actions, new_game
from ..engine.observe import observe
from ..engine.state import DEAL_OVER, GAME_OVER
from .blunders import KINDS, visible_blunders
from .policy import trivial


def play_counted(level: str, variant: str, players: int, seed: int, deal: int) -> dict:
    """One deal of self-play at ``level``: decisions and blunders by kind."""
    from . import make_player
    st = new_game(Rules(variant=variant, players=players), seed=f"blunders:{seed}:{deal}", dealer=deal % players)
    seats = [make_player(level, seed=seed * 1000 + deal * 10 + s) for s in range(players)]
    out = {"decisions": 0, **{k: 0 for k in KINDS}}
    guard = 0
    while st.phase not in (DEAL_OVER, GAME_OVER) and guard < 5000:
        guard += 1
        seat = st.to_act
        legal = legal_actions(st)
        ob = observe(st, seat)
        action = seats[seat].choose(ob, legal)
        if trivial(legal) is None:
            out["decisions"] += 1
            for k in visible_blunders(ob, legal).get(legal.index(action), ()):
                out[k] += 1
        apply_in_place(st, action)
    return out


def _job(args: tuple) -> dict:
    return play_counted(*args)


def blunder_rates(level: str, variant: str, deals: int, players: int = 4, seed: int = 1,
                  workers: int = 1) -> dict:
    """Totals over ``deals`` deals (see :func:`play_counted`) and each kind's rate per
    1,000 decisions."""
    jobs = [(level, variant, players, seed, d) for d in range(deals)]
    if workers > 1:
        import multiprocessing
        with multiprocessing.Pool(workers) as pool:
            parts = pool.map(_job, jobs)
    else:
        parts = [_job(j) for j in jobs]
    total = {"decisions": sum(p["decisions"] for p in parts)}
    for k in KINDS:
        total[k] = sum(p[k] for p in parts)
    n = max(1, total["decisions"])
    total["per_1000"] = {k: 1000.0 * total[k] / n for k in KINDS}
    return total


def bench_blunders(level: str, variant: str, deals: int, players: int = 4, seed: int = 1,
                   workers: int = 1, out=print) -> Optional[dict]:
    from . import ARENA_LEVELS
    if level not in ARENA_LEVELS:
        out(f"Unknown level {level!r}: choose one of {', '.join(ARENA_LEVELS)}.")
        return None
    t0 = time.perf_counter()
    r = blunder_rates(level, variant, deals, players, seed, workers)
    out(f"game: {variant}  level: {level}  players: {players}  deals: {deals}  seed: {seed}  "
        f"decisions: {r['decisions']}  ({time.perf_counter() - t0:.0f} s)")
    for k in KINDS:
        out(f"  {k:<11} {r[k]:5d}  {r['per_1000'][k]:7.2f} per 1,000 decisions")
    return r
