"""Review a recorded game with the coach, from the command line; record files.

    python -m canasta.review RECORD.json [--deal N] [--seat S] [--json OUT]
    python -m canasta.review --honesty [--deals 20] [--levels random,hard] [--variant V]

The first form prints one line per flagged decision of seat ``S`` (default 0) in deal
``N`` (default: every deal of the record) and ends with
``N decisions, K flagged, expected cost X points``. A record file is the engine's
game record (:meth:`canasta.engine.record.Game.to_json`); reading one checks every
move, and a damaged file is reported in one sentence.

``--honesty`` measures whether the coach tells weak play from strong: it plays
``--deals`` 4-player Classic deals twice from the same shuffles, seat 0 played once
by the random player and once by the hard player (the other seats by ``--others``,
medium by default), has the coach rate seat 0's decisions in both, and prints the
mean expected cost per decision of each and their ratio. ``--levels hint`` plays seat
0 by the hint (:mod:`canasta.ai.advice`) and prints every move of it the coach flags;
``--variant`` plays another game.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path
from typing import Any, Callable, Iterator, Optional, Sequence

from .ai import make_player
from .ai.coach import COACH_VERSION, Decision, StopCheck, deals_in, review, summary_line
from .ai.search import COACH_WORLDS
from .engine import Rules, legal_actions
from .engine.codec import reason_of
from .engine.observe import observe
from .engine.record import Game, RecordError, record_named
from .engine.registry import default_name
from .engine.state import DEAL_OVER, GAME_OVER
from .i18n import t
from .store.atomic import read_file
from .store.paths import describe_error

#: the largest record file read (a whole game is a few tens of kilobytes)
MAX_RECORD_BYTES = 4 * 1024 * 1024


# --------------------------------------------------------------------------- record files


def read_record(path: str | Path) -> Game:
    """The game in a record file, played back and checked; raises RecordError with one
    sentence for a missing, unreadable or damaged file (a message: ``exc.args[0]``,
    shown with ``tr`` in the player's language)."""
    p = Path(path)
    name = _shown_name(p)
    try:
        raw = read_file(p, MAX_RECORD_BYTES)
    except FileNotFoundError:
        raise RecordError(t("There is no file {name}.", name=_shown_name(p, 80, whole=True))) from None
    except OSError as e:
        raise RecordError(t("The record {name} could not be read ({reason}).", name=name,
                            reason=describe_error(e))) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(t("{name} is not a Canasta game record (it is not text).", name=name)) from None
    try:
        return Game.loads(text, what=record_named(name))
    except RecordError as e:
        if name in str(e):
            raise
        raise RecordError(t("The record {name} cannot be played back: {reason}", name=name,
                            reason=reason_of(e))) from None
    except Exception as e:   # noqa: BLE001 - a record is another person's file: nothing escapes
        # anything the checks did not foresee still reads as one sentence
        raise RecordError(t("{name} is not a valid game record ({error}).", name=name,
                            error=type(e).__name__)) from None


def _shown_name(p: Path, most: int = 60, whole: bool = False) -> str:
    """The record's file name (or whole path) as a sentence quotes it, cut if long."""
    text = str(p) if whole else (p.name or str(p))
    return text if len(text) <= most else text[:most] + "..."


def record_text(game: Game, **extra: Any) -> str:
    """The record file's text: the engine's record, with optional extra keys (names of
    the seats, the deal shown) that readers ignore."""
    data = game.to_json()
    for k, v in extra.items():
        data.setdefault(k, v)
    return json.dumps(data, indent=1)


def write_record(game: Game, path: str | Path, **extra: Any) -> Path:
    """Write ``game`` as a record file (through a temporary file, so a failed write
    leaves no half file). Raises OSError."""
    from .store.atomic import atomic_write_text
    p = Path(path)
    atomic_write_text(p, record_text(game, **extra))
    return p


def export_deal(game: Game, number: int, folder: str | Path, **extra: Any) -> Path:
    """Write deal ``number`` of ``game`` into ``folder`` as a record file named by its
    content (``canasta-deal-3-1a2b3c4d.json``): two different deals never share a name,
    so an export never overwrites another (a second export of the same deal rewrites the
    same content). Raises OSError."""
    text = record_text(game_until_deal_end(game, number), **extra)
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    folder = Path(folder)
    for n in range(8, len(digest) + 1, 4):
        path = folder / f"canasta-deal-{number}-{digest[:n]}.json"
        try:
            if not path.exists() or read_file(path, MAX_RECORD_BYTES).decode("utf-8", "replace") == text:
                break
        except OSError:
            continue
    else:
        raise FileExistsError(f"no free name for deal {number} in {folder}")
    from .store.atomic import atomic_write_text
    atomic_write_text(path, text)
    return path


def game_until_deal_end(game: Game, deal: int) -> Game:
    """The record up to the end of deal ``deal`` (1-based): to share one deal."""
    out = game.fresh()
    for a in game.actions:
        if out.state.phase == GAME_OVER or out.state.deal_number + 1 > deal:
            break
        if out.state.phase == DEAL_OVER and out.state.deal_number + 1 == deal:
            break
        out.play(a)
    return out


# --------------------------------------------------------------------------- stored verdicts


def record_key(game: Game) -> str:
    """A name for a game's record that changes with any move: the key of the coach's
    stored verdicts."""
    text = json.dumps(game.to_json(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def coach_settings(seed: int, worlds: int) -> str:
    return f"coach{COACH_VERSION}:seed{seed}:worlds{worlds}"


def stored_review(db: Any, game: Game, seat: int, deal: int, *, seed: int = 0,
                  worlds: int = COACH_WORLDS) -> Optional[list[Decision]]:
    """The verdicts on a deal kept in the score history ``db``, or None."""
    if db is None:
        return None
    data = db.coach_results(record_key(game), deal, seat, coach_settings(seed, worlds))
    if data is None:
        return None
    limit = game.state.total_cards
    try:
        return [Decision.from_json(d, limit) for d in data]
    except ValueError:
        return None  # damaged: review again


def cached_review(db: Any, game: Game, seat: int, deal: int, *, seed: int = 0, worlds: int = COACH_WORLDS,
                  should_stop: StopCheck = None) -> Iterator[Decision]:
    """Like :func:`canasta.ai.coach.review` for one deal, but the verdicts of a deal
    reviewed before come from ``db`` at once, and a review that runs to the end is
    kept there (a cancelled one is not)."""
    kept = stored_review(db, game, seat, deal, seed=seed, worlds=worlds)
    if kept is not None:
        yield from kept
        return
    done: list[Decision] = []
    for d in review(game, seat, deal, seed=seed, worlds=worlds, should_stop=should_stop):
        done.append(d)
        yield d
    if db is not None and not (should_stop is not None and should_stop()):
        db.store_coach_results(record_key(game), deal, seat, coach_settings(seed, worlds),
                               [d.to_json() for d in done])


# --------------------------------------------------------------------------- CLI


def _line(d: Decision) -> str:
    return f"deal {d.deal}, move {d.index + 1}: -{d.cost:.0f}  {d.sentence}"


def run_review(game: Game, seat: int, deal: Optional[int], seed: int = 0, worlds: int = COACH_WORLDS,
               out: Callable[[str], None] = print, timing: bool = False) -> list[Decision]:
    decisions = []
    start = time.perf_counter()
    first_flag: Optional[float] = None
    first: Optional[float] = None
    for d in review(game, seat, deal, seed=seed, worlds=worlds):
        decisions.append(d)
        if first is None:
            first = time.perf_counter() - start
        if d.flagged:
            if first_flag is None:
                first_flag = time.perf_counter() - start
            out(_line(d))
    out(summary_line(decisions))
    if timing:
        total = time.perf_counter() - start
        print(f"reviewed in {total:.1f} s; first verdict after {first or 0:.1f} s, first flag after "
              + (f"{first_flag:.1f} s" if first_flag is not None else "(none)"), file=sys.stderr)
    return decisions


def play_deal(level0: str, index: int, *, others: str = "medium", player_seed: int = 1000,
              rules: Optional[Rules] = None, cap_ms: Optional[float] = None) -> Game:
    """One deal of the honesty sample: seat 0 by ``level0``, the others by ``others``
    (``cap_ms``: seat 0's clock cap, for the hard player and the hint; a generous one
    makes the deal the same whatever the machine's load)."""
    rules = rules or Rules(players=4)
    game = Game(rules, seed=f"honesty:{index}", dealer=index % rules.players)
    n = game.state.rules.players
    players = [make_player(level0, seed=player_seed + index, cap_ms=cap_ms)]
    players += [make_player(others, seed=player_seed + 100 * s + index) for s in range(1, n)]
    steps = 0
    while game.state.phase not in (DEAL_OVER, GAME_OVER):
        st = game.state
        game.play(players[st.to_act].choose(observe(st, st.to_act), legal_actions(st)))
        steps += 1
        if steps > 5000:
            raise RuntimeError(f"honesty deal {index} did not end")
    return game


def honesty(deals: int = 20, *, coach_seed: int = 7, player_seed: int = 1000, worlds: int = COACH_WORLDS,
            others: str = "medium", out: Optional[Callable[[str], None]] = None,
            levels: Sequence[str] = ("random", "hard"), variant: Optional[str] = None,
            cap_ms: Optional[float] = None) -> dict[str, Any]:
    """Mean expected cost per decision of seat 0 played by each of ``levels`` (the random
    and the hard player; "hint" for the hint), on the same shuffles of ``variant`` (the
    coach's seed differs from the players')."""
    variant = variant or default_name()
    result: dict[str, Any] = {"deals": deals, "others": others, "worlds": worlds, "variant": variant,
                              "coach_seed": coach_seed, "player_seed": player_seed}
    rules = Rules(variant=variant, players=4)
    for level in levels:
        costs: list[float] = []
        flagged = 0
        flags: list[str] = []
        t0 = time.perf_counter()
        for i in range(deals):
            game = play_deal(level, i, others=others, player_seed=player_seed, rules=rules, cap_ms=cap_ms)
            ds = list(review(game, 0, 1, seed=coach_seed, worlds=worlds))
            costs += [d.cost for d in ds]
            flagged += sum(d.flagged for d in ds)
            for d in ds:
                if d.flagged:
                    flags.append(f"deal {i + 1}, move {d.index}: {d.sentence}")
                    if out is not None and level == "hint":
                        out(f"  flagged: {flags[-1]}")
            if out is not None:
                mean = sum(d.cost for d in ds) / len(ds) if ds else 0.0
                out(f"{level:6} deal {i + 1:2}: {len(ds):2} decisions, {sum(d.flagged for d in ds)} flagged, "
                    f"mean cost {mean:6.1f}")
        result[level] = {"decisions": len(costs), "flagged": flagged, "flags": flags,
                         "mean_cost": sum(costs) / len(costs) if costs else 0.0,
                         "seconds": round(time.perf_counter() - t0, 1)}
    if "random" in result and "hard" in result:
        hard = result["hard"]["mean_cost"]
        result["ratio"] = result["random"]["mean_cost"] / hard if hard > 0 else float("inf")
    return result


def honesty_paired(deals: int = 3, *, coach_seed: int = 7, player_seed: int = 1000,
                   worlds: int = COACH_WORLDS) -> dict[str, Any]:
    """The honesty check on the same positions: at every decision of seat 0 in deals
    where seat 0 plays at random, the coach rates the random move and the move the
    hard player (another seed) would have made from the same observation. Pairing the
    positions takes the luck of the deal out, so a few deals say what the unpaired
    measurement needs twenty for."""
    from .ai.coach import coach_decision, decisions_of
    from .ai.search import HardPlayer
    hard = HardPlayer(seed=player_seed)
    costs: dict[str, list[float]] = {"random": [], "hard": []}
    for i in range(deals):
        game = play_deal("random", i, player_seed=player_seed)
        for index, st, played in decisions_of(game, 0, 1):
            better = hard.choose(observe(st, 0), legal_actions(st))
            costs["random"].append(coach_decision(index, st, played, seed=coach_seed, worlds=worlds).cost)
            costs["hard"].append(coach_decision(index, st, better, seed=coach_seed, worlds=worlds).cost)
    out: dict[str, Any] = {k: {"decisions": len(v), "mean_cost": sum(v) / len(v) if v else 0.0}
                           for k, v in costs.items()}
    h = out["hard"]["mean_cost"]
    out["ratio"] = out["random"]["mean_cost"] / h if h > 0 else float("inf")
    return out


def main(argv: Optional[Sequence[str]] = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m canasta.review",
                                 description="Have the coach review a recorded game of Canasta.")
    ap.add_argument("record", nargs="?", help="a game record file (JSON)")
    ap.add_argument("--deal", type=int, default=None, help="the deal to review (1-based; default: all)")
    ap.add_argument("--seat", type=int, default=0, help="the seat whose decisions are rated (default 0)")
    ap.add_argument("--json", dest="json_out", default=None, help="also write the verdicts to this JSON file")
    ap.add_argument("--seed", type=int, default=0, help="the coach's seed (default 0)")
    ap.add_argument("--worlds", type=int, default=COACH_WORLDS, help=f"worlds per decision (default {COACH_WORLDS})")
    ap.add_argument("--timing", action="store_true", help="say on stderr how long the review took")
    ap.add_argument("--honesty", action="store_true", help="measure random against hard at seat 0")
    ap.add_argument("--deals", type=int, default=20, help="deals for --honesty (default 20)")
    ap.add_argument("--paired", action="store_true",
                    help="with --honesty: rate the random and the hard move at the same positions")
    ap.add_argument("--others", default="medium", help="level of the other seats for --honesty")
    ap.add_argument("--levels", default="random,hard",
                    help="with --honesty: who plays seat 0, in turn (random, hard, medium, easy, hint)")
    ap.add_argument("--variant", default=default_name(),
                    help=f"with --honesty: the game (default {default_name()})")
    ap.add_argument("--cap-ms", type=float, default=None,
                    help="with --honesty: seat 0's clock cap per decision (hard, hint; default theirs: "
                         "2.5 budgets, the hint's 2 s); a generous one makes the run independent of the load")
    ap.add_argument("--coach-seed", type=int, default=7,
                    help="with --honesty: the coach's seed (default 7; the review screen's coach, and the "
                         "hint's worlds, use 0)")
    args = ap.parse_args(argv)

    if args.honesty and args.paired:
        res = honesty_paired(args.deals, worlds=args.worlds)
        for level in ("random", "hard"):
            r = res[level]
            print(f"seat 0 {level} moves at the same positions: {r['decisions']} decisions, "
                  f"mean expected cost {r['mean_cost']:.1f} points per decision")
        print(f"ratio random/hard: {res['ratio']:.1f}")
        return 0
    if args.honesty:
        levels = [x.strip() for x in args.levels.split(",") if x.strip()]
        res = honesty(args.deals, worlds=args.worlds, others=args.others, out=print, levels=levels,
                      variant=args.variant, coach_seed=args.coach_seed, cap_ms=args.cap_ms)
        for level in levels:
            r = res[level]
            share = 100.0 * r["flagged"] / r["decisions"] if r["decisions"] else 0.0
            print(f"{args.variant} (coach seed {args.coach_seed}): seat 0 {level}: {r['decisions']} decisions, "
                  f"{r['flagged']} flagged "
                  f"({share:.1f}%), mean expected cost {r['mean_cost']:.1f} points per decision ({r['seconds']} s)")
        if "ratio" in res:
            print(f"ratio random/hard: {res['ratio']:.1f}")
        if args.json_out:
            Path(args.json_out).write_text(json.dumps(res, indent=1))
        return 0

    if not args.record:
        ap.print_usage(sys.stderr)
        print("python -m canasta.review: give a record file, or --honesty.", file=sys.stderr)
        return 2
    try:
        game = read_record(args.record)
    except RecordError as e:
        print(str(e), file=sys.stderr)
        return 1
    players = game.state.rules.players
    if not 0 <= args.seat < players:
        print(f"There is no seat {args.seat} in this {players}-player game (seats are 0 to {players - 1}).",
              file=sys.stderr)
        return 2
    n_deals = deals_in(game)
    if args.deal is not None and not 1 <= args.deal <= n_deals:
        print(f"The record has {n_deals} deal{'s' if n_deals != 1 else ''}; there is no deal {args.deal}.",
              file=sys.stderr)
        return 2
    decisions = run_review(game, args.seat, args.deal, seed=args.seed, worlds=args.worlds, timing=args.timing)
    if args.json_out:
        data = {"record": str(args.record), "seat": args.seat, "deal": args.deal, "coach_seed": args.seed,
                "decisions": [d.to_json() for d in decisions], "summary": summary_line(decisions)}
        try:
            Path(args.json_out).write_text(json.dumps(data, indent=1))
        except OSError as e:
            print(f"The verdicts could not be written to {args.json_out} ({e.strerror or e}).", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
