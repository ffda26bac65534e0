"""Fit the weights of :mod:`canasta.ai.evaluation` from deals played by medium players.

    python -m canasta.ai.fit_eval --deals 6000 --seed 1 --workers 2

Every seat is a medium player. At the start of every other turn the facts of each side
(:func:`canasta.ai.evaluation.features`) are noted beside the score that side ends the
deal with; the weights of each stage of the deal are the least-squares fit of those
scores (plain Python, normal equations with a little ridge). It prints the weights as a
Python table to paste into ``canasta/ai/evaluation.py`` and, for each stage, how much
of the scores' spread the fit explains, on deals it did not see (the last fifth).
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import sys

from ..engine import Rules, apply_in_place, legal_actions, new_game
from ..engine.observe import observe
from ..engine.state import DEAL_OVER, DRAW, GAME_OVER
from .evaluation import FEATURES, STAGES, features, stage_of
from .policy import medium_choose

RIDGE = 1.0


def _deal_rows(args: tuple) -> list[tuple[int, list[float], float]]:
    """(stage, facts, final score) rows of one deal played by medium players."""
    seed, index = args
    st = new_game(Rules(players=4), seed=f"fit:{seed}:{index}", dealer=index % 4)
    noted: list[tuple[int, list[list[float]]]] = []
    turns = 0
    last = -1
    while st.phase not in (DEAL_OVER, GAME_OVER):
        if st.phase == DRAW and st.turn != last:
            last = st.turn
            turns += 1
            if turns % 2 == 0:
                noted.append((stage_of(len(st.stock)), features(st)))
        legal = legal_actions(st)
        a = legal[0] if len(legal) == 1 else medium_choose(observe(st, st.to_act), legal)
        apply_in_place(st, a)
    scores = st.result.scores
    return [(stage, row, float(scores[t])) for stage, rows in noted for t, row in enumerate(rows)]


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        p = m[col][col]
        if abs(p) < 1e-12:
            continue
        for r in range(n):
            if r != col and m[r][col]:
                f = m[r][col] / p
                mr, mc = m[r], m[col]
                for k in range(col, n + 1):
                    mr[k] -= f * mc[k]
    return [m[i][n] / m[i][i] if abs(m[i][i]) > 1e-12 else 0.0 for i in range(n)]


def fit(rows: list[tuple[list[float], float]]) -> list[float]:
    n = len(FEATURES)
    xtx = [[0.0] * n for _ in range(n)]
    xty = [0.0] * n
    for x, y in rows:
        for i in range(n):
            xi = x[i]
            if xi:
                row = xtx[i]
                for j in range(n):
                    row[j] += xi * x[j]
                xty[i] += xi * y
    for i in range(1, n):
        xtx[i][i] += RIDGE
    return _solve(xtx, xty)


def explained(weights: list[float], rows: list[tuple[list[float], float]]) -> float:
    """Share of the variance of the scores the weights explain (R squared)."""
    ys = [y for _, y in rows]
    mean = sum(ys) / len(ys)
    tot = sum((y - mean) ** 2 for y in ys)
    res = sum((y - sum(a * b for a, b in zip(weights, x))) ** 2 for x, y in rows)
    return 1.0 - res / tot if tot else 0.0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m canasta.ai.fit_eval", description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=6000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=1)
    ns = ap.parse_args(argv)
    jobs = [(ns.seed, i) for i in range(ns.deals)]
    if ns.workers > 1:
        with mp.get_context("fork" if sys.platform != "win32" else "spawn").Pool(ns.workers) as pool:
            per_deal = pool.map(_deal_rows, jobs, chunksize=20)
    else:
        per_deal = [_deal_rows(j) for j in jobs]
    cut = len(per_deal) * 4 // 5
    print("WEIGHTS = (")
    for stage in range(len(STAGES)):
        train = [(x, y) for rows in per_deal[:cut] for s, x, y in rows if s == stage]
        test = [(x, y) for rows in per_deal[cut:] for s, x, y in rows if s == stage]
        w = fit(train)
        r2 = explained(w, test) if test else float("nan")
        print(f"    # stock {STAGES[stage]}+: {len(train)} positions, R squared on unseen deals {r2:.3f}")
        print("    (" + ", ".join(f"{x:.2f}" for x in w) + "),")
    print(")")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
