"""Play whole deals between computer levels and measure who is stronger.

    python -m canasta.arena --team0 medium --team1 easy --deals 200 --duplicate --workers 2

Side A plays the seats of team 0 with ``--team0``'s level, side B every other seat
with ``--team1``'s. With ``--duplicate`` each deal is played twice from the same
shuffle and the same dealer, the second time with the levels swapped between the
seats, so that both sides hold the same cards once each: the luck of the deal
cancels in the pair's mean. The figures are per deal, side A minus side B (with more
than two teams, the mean of side A's teams minus the mean of side B's), with a 95%
confidence interval over the independent samples (deal pairs with ``--duplicate``).

A deal is won by the side with the higher score. With ``--duplicate`` a deal is won
the way duplicate bridge scores a board: by the side whose two plays of the same cards
score more together (the sign of the pair's difference), so the luck of the cards is
cancelled here too; the share of the single plays won is printed beside it.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections import Counter
from typing import Optional

from .ai import ARENA_LEVELS, make_player
from .engine import Rules, apply_in_place, legal_actions, new_game
from .engine.rules import RulesError, rule_overrides
from .engine.observe import observe
from .engine.state import DEAL_OVER, GAME_OVER
from .engine.registry import default_name
from .engine.variants import names


def play_deal(levels: list[str], rules: Rules, seed: object, dealer: int, player_seed: int = 0,
              budget_ms: Optional[float] = None, cap_ms: Optional[float] = None) -> dict:
    """Play one deal with ``levels[team]`` at every seat of that team. Returns the deal's
    score per team and the decision times (ms) per level."""
    st = new_game(rules, seed=seed, dealer=dealer)
    r = st.rules
    players = [make_player(levels[s % r.teams], seed=player_seed * 100 + s, budget_ms=budget_ms, cap_ms=cap_ms)
               for s in range(r.players)]
    times: dict[str, list[float]] = {}
    steps = 0
    while st.phase not in (DEAL_OVER, GAME_OVER):
        seat = st.to_act
        legal = legal_actions(st)
        ob = observe(st, seat)
        t0 = time.perf_counter()
        action = players[seat].choose(ob, legal)
        dt = (time.perf_counter() - t0) * 1000.0
        times.setdefault(players[seat].level, []).append(dt)
        apply_in_place(st, action)
        steps += 1
        if steps > 5000:
            raise RuntimeError(f"deal {seed!r} did not end after {steps} actions")
    assert st.result is not None
    # the canastas each side made, by kind (how often the players make sambas, ...)
    made = [dict(Counter(m.canasta for m in melds if m.canasta is not None)) for melds in st.melds]
    return {"scores": list(st.result.scores), "times": times, "steps": steps, "canastas": made}


def _side_diff(scores: list[int], side_a_teams: list[int]) -> tuple[float, int]:
    a = [s for t, s in enumerate(scores) if t in side_a_teams]
    b = [s for t, s in enumerate(scores) if t not in side_a_teams]
    diff = sum(a) / len(a) - sum(b) / len(b)
    win = 1 if max(a) > max(b) else -1 if max(b) > max(a) else 0
    return diff, win


def _job(args: tuple) -> dict:
    i, level_a, level_b, players, teams, seed, duplicate, budget_ms, *more = args
    variant = more[0] if more else default_name()
    cap_ms = more[1] if len(more) > 1 else None
    options = more[2] if len(more) > 2 else None
    rules = Rules.from_dict({**(options or {}), "variant": variant, "players": players, "teams": teams})
    nteams = rules.resolved().teams
    deal_seed = f"arena:{seed}:{i}"
    dealer = i % players
    out = {"index": i, "diffs": [], "wins": [], "times": {}, "canastas": {}}
    plays = [(0, [level_a] + [level_b] * (nteams - 1))]
    if duplicate:
        plays.append((1, [level_b] + [level_a] * (nteams - 1)))
    for swapped, levels in plays:
        res = play_deal(levels, rules, deal_seed, dealer, player_seed=seed * 1000 + i, budget_ms=budget_ms,
                        cap_ms=cap_ms)
        side_a = [0] if not swapped else list(range(1, nteams))
        diff, win = _side_diff(res["scores"], side_a)
        out["diffs"].append(diff)
        out["wins"].append(win)
        for team, made in enumerate(res["canastas"]):
            acc = out["canastas"].setdefault(levels[team], {})
            for kind, n in made.items():
                acc[kind] = acc.get(kind, 0) + n
        for lvl, ts in res["times"].items():
            acc = out["times"].setdefault(lvl, [0.0, 0])
            acc[0] += sum(ts)
            acc[1] += len(ts)
    return out


def run_arena(level_a: str, level_b: str, deals: int, players: int = 4, seed: int = 1,
              duplicate: bool = False, workers: int = 1, budget_ms: Optional[float] = None,
              teams: Optional[int] = None, progress: bool = False, variant: Optional[str] = None,
              cap_ms: Optional[float] = None, partial: Optional[str] = None,
              options: Optional[dict] = None) -> dict:
    """Play the deals and return the summary. ``partial``: a JSON file rewritten after
    every deal (or pair) with the summary so far (``"complete": false``), so that the
    figures of a long run survive its interruption. ``options``: rule options beyond the
    game and seating (``{"jokers": 6}``)."""
    variant = variant or default_name()
    jobs = [(i, level_a, level_b, players, teams, seed, duplicate, budget_ms, variant, cap_ms, options)
            for i in range(deals)]
    results: list[dict] = []
    t0 = time.time()

    def done(k: int) -> None:
        if progress and (k + 1) % max(1, deals // 20) == 0:
            _progress(results, k + 1, deals, t0)
        if partial:
            s = summarize(sorted(results, key=lambda r: r["index"]), level_a, level_b, players, seed,
                          duplicate, budget_ms, time.time() - t0)
            s.update(variant=variant, cap_ms=cap_ms, complete=False, planned=deals)
            write_json(partial, s)

    if workers > 1:
        import multiprocessing as mp
        with mp.get_context("spawn" if sys.platform == "win32" else "fork").Pool(workers) as pool:
            for k, res in enumerate(pool.imap_unordered(_job, jobs)):
                results.append(res)
                done(k)
    else:
        for k, job in enumerate(jobs):
            results.append(_job(job))
            done(k)
    results.sort(key=lambda r: r["index"])
    s = summarize(results, level_a, level_b, players, seed, duplicate, budget_ms, time.time() - t0)
    s.update(variant=variant, cap_ms=cap_ms, complete=True, planned=deals)
    return s


def write_json(path: str, s: dict) -> None:
    """Write ``s`` to ``path`` whole or not at all (through a file beside it)."""
    import os
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(s, f, indent=2)
        f.write("\n")
    os.replace(tmp, path)


def _progress(results: list[dict], done: int, total: int, t0: float) -> None:
    samples = [sum(r["diffs"]) / len(r["diffs"]) for r in results]
    print(f"  {done}/{total} mean {statistics.fmean(samples):+.1f} ({time.time() - t0:.0f}s)",
          file=sys.stderr, flush=True)


def summarize(results: list[dict], level_a: str, level_b: str, players: int, seed: int,
              duplicate: bool, budget_ms: Optional[float], seconds: float) -> dict:
    samples = [sum(r["diffs"]) / len(r["diffs"]) for r in results]
    n = len(samples)
    mean = statistics.fmean(samples) if n else 0.0
    sd = statistics.stdev(samples) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n) if n > 1 else float("inf")
    plays = [w for r in results for w in r["wins"]]
    played = len(plays)
    if duplicate:
        # a deal's two plays of the same cards, scored together
        wins = [1 if s > 0 else -1 if s < 0 else 0 for s in samples]
    else:
        wins = plays
    times: dict[str, list[float]] = {}
    made: dict[str, dict[str, int]] = {}
    for r in results:
        for lvl, kinds in r.get("canastas", {}).items():
            acc = made.setdefault(lvl, {})
            for kind, count in kinds.items():
                acc[kind] = acc.get(kind, 0) + count
        for lvl, (total, count) in r["times"].items():
            acc = times.setdefault(lvl, [0.0, 0])
            acc[0] += total
            acc[1] += count
    return {
        "team0": level_a, "team1": level_b, "players": players, "seed": seed,
        "duplicate": duplicate, "budget_ms": budget_ms,
        "deals": n, "plays": played, "samples": n,
        "mean_diff": mean, "ci_low": mean - half, "ci_high": mean + half,
        "win_share": _shares(wins),
        "win_share_plays": _shares(plays),
        "decision_ms": {lvl: (tot / cnt if cnt else 0.0) for lvl, (tot, cnt) in times.items()},
        "decisions": {lvl: cnt for lvl, (tot, cnt) in times.items()},
        # canastas made per play of a deal by the level's teams together, by kind
        "canastas_per_deal": {lvl: {k: c / max(1, played) for k, c in sorted(kinds.items())}
                              for lvl, kinds in made.items()},
        "seconds": seconds,
    }


def _shares(wins: list[int]) -> dict:
    """Share of the outcomes (1 side A won, -1 side B won, 0 tie) per side."""
    total = len(wins)
    if not total:
        return {"team0": 0.0, "team1": 0.0, "tie": 0.0}
    return {"team0": sum(1 for w in wins if w > 0) / total,
            "team1": sum(1 for w in wins if w < 0) / total,
            "tie": sum(1 for w in wins if w == 0) / total}


def _share_line(label: str, share: dict) -> str:
    return (f"{label}: team 0 {100 * share['team0']:.1f}%, team 1 {100 * share['team1']:.1f}%"
            f", tied {100 * share['tie']:.1f}%")


def format_report(s: dict) -> str:
    dup = s["duplicate"]
    lines = [
        f"{s['team0']} (team 0) vs {s['team1']} (team 1), {s['players']} players, "
        f"{s['deals']} deals{' each played twice, seats swapped (' + str(s['plays']) + ' plays)' if dup else ''}",
        f"mean score difference per deal (team 0 - team 1): {s['mean_diff']:+.1f} "
        f"(95% CI {s['ci_low']:+.1f} .. {s['ci_high']:+.1f})",
        _share_line("deals won (both plays of the same cards together)" if dup else "deals won", s["win_share"]),
    ]
    if dup:
        lines.append(_share_line("single plays won", s["win_share_plays"]))
    for lvl, ms in sorted(s["decision_ms"].items()):
        lines.append(f"mean decision time {lvl}: {ms:.2f} ms ({s['decisions'][lvl]} decisions)")
    for lvl, kinds in sorted(s.get("canastas_per_deal", {}).items()):
        made = ", ".join(f"{k} {n:.2f}" for k, n in kinds.items()) or "none"
        lines.append(f"canastas a deal made by {lvl}: {made}")
    return "\n".join(lines)


def main(argv: Optional[list[str]] = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m canasta.arena", description=__doc__.split("\n")[0])
    ap.add_argument("--team0", required=True, choices=ARENA_LEVELS, help="level of team 0 (side A)")
    ap.add_argument("--team1", required=True, choices=ARENA_LEVELS, help="level of the other seats (side B)")
    ap.add_argument("--deals", type=int, default=100, help="deals (pairs of deals with --duplicate)")
    ap.add_argument("--players", type=int, default=4, choices=(2, 3, 4, 6))
    ap.add_argument("--teams", type=int, default=None, help="six players: 3 pairs (3) or two teams (2)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--variant", default=default_name(),
                    help="the game (any the engine plays: " + ", ".join(names()) + ")")
    ap.add_argument("--duplicate", action="store_true", help="play each deal twice, seats swapped")
    ap.add_argument("--workers", type=int, default=1, help="processes to spread the deals over")
    ap.add_argument("--budget-ms", type=float, default=None,
                    help="hard player's time per decision (sets its number of worlds)")
    ap.add_argument("--cap-ms", type=float, default=None,
                    help="hard player's clock cap per decision (default 2.5 budgets, one in Samba and Bolivia); a generous cap "
                         "makes the figures independent of the machine's load")
    ap.add_argument("--json", default=None,
                    help="also write the figures to this JSON file (rewritten after every deal while running)")
    ap.add_argument("--quiet", action="store_true", help="no progress lines")
    ap.add_argument("--rule", action="append", default=[], metavar="OPTION=VALUE",
                    help="a rule option (repeatable), e.g. jokers=6 or stock_exhausted=reshuffle")
    ns = ap.parse_args(argv)
    if ns.deals < 1:
        ap.error("--deals must be at least 1")
    try:
        options = rule_overrides(ns.rule)
        Rules.from_dict({**options, "variant": ns.variant, "players": ns.players, "teams": ns.teams}).resolved()
    except RulesError as e:
        ap.error(str(e))
    s = run_arena(ns.team0, ns.team1, ns.deals, ns.players, ns.seed, ns.duplicate, max(1, ns.workers),
                  ns.budget_ms, ns.teams, progress=not ns.quiet, variant=ns.variant, cap_ms=ns.cap_ms,
                  partial=ns.json, options=options or None)
    print(f"game: {ns.variant}")
    if options:
        print("rules: " + ", ".join(f"{k}={v}" for k, v in options.items()))
    print(format_report(s))
    if ns.json:
        write_json(ns.json, s)
    return 0


if __name__ == "__main__":
    sys.exit(main())
