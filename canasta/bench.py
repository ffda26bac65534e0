"""Benchmarks that print figures (never tests with time limits).

    python -m canasta.bench engine [--seconds S] [--seed S] [--players P] [--variant V]
    python -m canasta.bench ai [--level L] [--decisions N] [--variant V]
    python -m canasta.bench decisions [--a LEVEL] [--b LEVEL] [--pairs N] [--rollouts K] [--workers W]
    python -m canasta.bench blunders [--level L] [--variant V] [--deals N] [--workers W]
    python -m canasta.bench frame [--frames N] [--online-frames N] [--rounds R]
    python -m canasta.bench startup
    python -m canasta.bench net [--tables T] [--seconds S] [--think SECONDS] [--level L] [--procs P]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time


def bench_engine(seconds: float, seed: int, players: int, rounds: int = 5, variant: str | None = None) -> dict:
    """Random legal playouts: one action = one legal_actions query plus one apply (of
    ``variant``; None: the default game)."""
    from .engine.registry import default_name
    variant = variant or default_name()
    return bench_engines(seconds, seed, players, rounds, (variant,))[variant]


def bench_engines(seconds: float, seed: int, players: int, rounds: int = 5,
                  variants: tuple = ()) -> dict:
    """:func:`bench_engine` for several games in the same run, their rounds taking turns
    (a round of each game, then again), so that a machine busier at one moment than at
    another weighs on every game alike. ``seconds`` per game; no ``variants``: the
    default game."""
    from .engine import Rules, apply_in_place, legal_actions, new_game
    from .engine.registry import default_name
    from .engine.state import DEAL_OVER, GAME_OVER

    variants = variants or (default_name(),)

    per_round = seconds / rounds
    runs = {v: {"rules": Rules(variant=v, players=players), "rng": random.Random(seed), "game": 0,
                "d": [], "a": []} for v in variants}
    for _ in range(rounds):
        for v in variants:
            run = runs[v]
            rng = run["rng"]
            deals = actions = 0
            t0 = time.perf_counter()
            end = t0 + per_round
            while time.perf_counter() < end:
                st = new_game(run["rules"], seed=f"{seed}-{run['game']}")
                run["game"] += 1
                while st.phase not in (DEAL_OVER, GAME_OVER):
                    legal = legal_actions(st)
                    apply_in_place(st, legal[rng.randrange(len(legal))])
                    actions += 1
                deals += 1
            dt = time.perf_counter() - t0
            run["d"].append(deals / dt)
            run["a"].append(actions / dt)
    return {v: {"deals_per_s": statistics.median(r["d"]), "actions_per_s": statistics.median(r["a"]),
                "actions_per_deal": statistics.median(a / d for a, d in zip(r["a"], r["d"]))}
            for v, r in runs.items()}


def _bench_decisions(ns) -> int:
    import os
    import pickle
    from .ai import quality
    for level in (ns.a, ns.b, ns.collect):
        if level not in quality.QUALITY_LEVELS:
            print(f"unknown player {level!r}: choose one of {', '.join(quality.QUALITY_LEVELS)}", file=sys.stderr)
            return 2
    t0 = time.perf_counter()
    positions = None
    if ns.positions and os.path.exists(ns.positions):
        try:
            with open(ns.positions, "rb") as fh:
                positions = pickle.load(fh)
        except Exception as exc:   # a damaged or foreign file: collect again
            print(f"could not read {ns.positions} ({exc}); collecting the positions again", file=sys.stderr)
    if positions is None:
        positions = quality.collect_decisions(ns.pairs, ns.seed, ns.collect, "medium", ns.workers)
        if ns.positions:
            with open(ns.positions, "wb") as fh:
                pickle.dump(positions, fh)
    t1 = time.perf_counter()
    res = quality.compare(positions, ns.a, ns.b, ns.rollouts, ns.workers, ns.seed)
    per_deal = len(positions) / (2 * ns.pairs)
    print(quality.report(res, ns.a, ns.b, per_deal))
    print(f"positions in {t1 - t0:.0f} s, choices and playouts in {time.perf_counter() - t1:.0f} s")
    return 0


def bench_out(variant: str, deals: int, seed: int, players: int) -> dict:
    """The "may I go out?" check (``going_out_plan``, behind Ask and every offer of going
    out) timed at every position of random play where a seat may meld: calls, ways out
    found, mean and worst time, and the hand size of the worst."""
    from .engine import Rules, apply_in_place, going_out_plan, legal_actions, new_game
    from .engine.actions import Draw, Discard
    from .engine.state import DEAL_OVER, GAME_OVER, PLAY

    rng = random.Random(f"bench-out|{variant}|{seed}")
    rules = Rules(variant=variant, players=players)
    times: list[float] = []
    worst = (0.0, 0)
    found = 0
    for d in range(deals):
        st = new_game(rules, seed=f"bench-out-{seed}-{d}")
        while st.phase not in (DEAL_OVER, GAME_OVER):
            if st.phase == PLAY:
                seat = st.to_act
                t = time.perf_counter()
                plan = going_out_plan(st, seat)
                dt = time.perf_counter() - t
                times.append(dt)
                found += plan is not None
                if dt > worst[0]:
                    worst = (dt, len(st.hands[seat]))
            legal = legal_actions(st)
            rich = [a for a in legal if not isinstance(a, (Draw, Discard))]
            a = rich[rng.randrange(len(rich))] if rich and rng.random() < 0.5 else legal[rng.randrange(len(legal))]
            apply_in_place(st, a)
    times.sort()
    return {"calls": len(times), "found": found, "mean_ms": 1000 * sum(times) / max(len(times), 1),
            "p99_ms": 1000 * times[int(0.99 * (len(times) - 1))] if times else 0.0,
            "worst_ms": 1000 * worst[0], "worst_hand": worst[1]}


def main(argv: list[str] | None = None) -> int:
    from .engine.registry import default_name, get, names

    base = default_name()   # the game the others are measured against (Classic)
    games = ", ".join(names())
    # the going-out check costs most with sequences: the first game that has them
    out_game = next((n for n in names() if "sequence" in getattr(get(n), "MELD_KINDS", ())), base)
    args = sys.argv[1:] if argv is None else argv
    ap = argparse.ArgumentParser(prog="python -m canasta.bench")
    sub = ap.add_subparsers(dest="what", required=True)
    e = sub.add_parser("engine", help="random-legal-action playouts")
    e.add_argument("--seconds", type=float, default=10.0)
    e.add_argument("--seed", type=int, default=1)
    e.add_argument("--players", type=int, default=4)
    e.add_argument("--variant", default=base, help="the game: " + games)
    e.add_argument("--compare", action="store_true",
                   help=f"also measure {base} in the same run (always done for another game; the two "
                        "games' rounds take turns)")
    a = sub.add_parser("ai", help="decision time of a computer player")
    a.add_argument("--level", default="hard")
    a.add_argument("--decisions", type=int, default=100)
    a.add_argument("--players", type=int, default=4)
    a.add_argument("--seed", type=int, default=1)
    a.add_argument("--budget-ms", type=float, default=None)
    a.add_argument("--variant", default=base, help="the game: " + games)
    q = sub.add_parser("decisions", help="what player A's moves are worth over player B's, move by move "
                                         "(canasta.ai.quality)")
    q.add_argument("--a", default="hard", help="player A: a level, or hard+reveal-next|partner|prev|all")
    q.add_argument("--b", default="medium", help="player B")
    q.add_argument("--collect", default="hard", help="the level whose decisions are collected (against medium)")
    q.add_argument("--pairs", type=int, default=30, help="duplicate deal pairs to collect decisions from")
    q.add_argument("--rollouts", type=int, default=16, help="playouts of each move where A and B differ")
    q.add_argument("--seed", type=int, default=1)
    q.add_argument("--workers", type=int, default=2)
    q.add_argument("--positions", default=None,
                   help="a file to keep the collected positions in (read if it exists, else written)")
    b = sub.add_parser("blunders", help="visible blunders per 1,000 decisions (canasta.ai.blunders)")
    b.add_argument("--level", default="hard")
    b.add_argument("--variant", default=base, help="the game: " + games)
    b.add_argument("--deals", type=int, default=20)
    b.add_argument("--players", type=int, default=4)
    b.add_argument("--seed", type=int, default=1)
    b.add_argument("--workers", type=int, default=1)
    f = sub.add_parser("frame", help="frame time of a crowded table")
    f.add_argument("--frames", type=int, default=300, help="frames of each crowded table")
    f.add_argument("--online-frames", type=int, default=600,
                   help="frames of each run of the local and online tables (the same deal)")
    f.add_argument("--rounds", type=int, default=3, help="rounds of those runs, taking turns")
    o = sub.add_parser("out", help='time of the complete "may I go out?" check over random deals')
    o.add_argument("--variant", default=out_game, help="the game: " + games)
    o.add_argument("--deals", type=int, default=20)
    o.add_argument("--players", type=int, default=4)
    o.add_argument("--seed", type=int, default=1)
    s = sub.add_parser("startup", help="process start to first frame")
    s.add_argument("--runs", type=int, default=7)
    n = sub.add_parser("net", help="the table server under load through real sockets (canasta.net.bench)")
    n.add_argument("--tables", type=int, default=20)
    n.add_argument("--seconds", type=float, default=30)
    n.add_argument("--think", type=float, default=0.2, help="seconds a client waits before acting (0: flat out)")
    n.add_argument("--level", default="medium")
    n.add_argument("--game", default=base)
    n.add_argument("--procs", type=int, default=1, help="processes the clients run in")
    ns = ap.parse_args(args)
    if ns.what == "engine":
        compare = ns.variant != base
        both = bench_engines(ns.seconds, ns.seed, ns.players,
                             variants=(ns.variant, base) if compare else (ns.variant,))
        r = both[ns.variant]
        print(f"game: {ns.variant}  players: {ns.players}")
        print(f"deals/s: {r['deals_per_s']:.1f}")
        print(f"actions/s: {r['actions_per_s']:.0f}")
        print(f"actions/deal: {r['actions_per_deal']:.0f}")
        if compare:   # another game is always measured against the default game too
            c = both[base]
            print(f"{base} deals/s: {c['deals_per_s']:.1f}  actions/s: {c['actions_per_s']:.0f}  "
                  f"actions/deal: {c['actions_per_deal']:.0f}")
            print(f"ratio of deals/s: {r['deals_per_s'] / c['deals_per_s']:.0%}")
        return 0
    if ns.what == "out":
        r = bench_out(ns.variant, ns.deals, ns.seed, ns.players)
        print(f"game: {ns.variant}  players: {ns.players}  deals: {ns.deals}")
        print(f"checks: {r['calls']}  ways out found: {r['found']}")
        print(f"mean: {r['mean_ms']:.3f} ms  99th percentile: {r['p99_ms']:.3f} ms  "
              f"worst: {r['worst_ms']:.2f} ms (a hand of {r['worst_hand']})")
        return 0
    if ns.what == "ai":
        from .ai.bench import bench_ai
        return bench_ai(ns.level, ns.decisions, ns.players, ns.seed, ns.budget_ms, ns.variant)
    if ns.what == "decisions":
        return _bench_decisions(ns)
    if ns.what == "blunders":
        from .ai.blunderbench import bench_blunders
        ok = bench_blunders(ns.level, ns.variant, ns.deals, ns.players, ns.seed, ns.workers)
        return 0 if ok is not None else 2
    if ns.what == "frame":
        from .ui.bench import bench_frame
        return bench_frame(ns.frames, ns.online_frames, ns.rounds)
    if ns.what == "net":
        from .net.bench import main as bench_net_main
        return bench_net_main(ns)
    if ns.what == "startup":
        from .startup_bench import bench_startup
        return bench_startup(ns.runs)
    return 2


if __name__ == "__main__":
    sys.exit(main())
