"""``python -m canasta``: start the game (see ``--help`` for the demo and test options)."""

from __future__ import annotations

import argparse
import os
import sys


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(prog="canasta", description="Canasta, the card game.")
    ap.add_argument("--autoplay", action="store_true", help="every seat is a computer player")
    ap.add_argument("--players", type=int, choices=(2, 3, 4, 6), default=None, help="number of players")
    ap.add_argument("--seed", default=None, help="deal number: the same number deals the same cards")
    ap.add_argument("--deals", type=int, default=None, help="quit after this many deals")
    ap.add_argument("--speed", choices=("slow", "normal", "fast", "instant"), default=None,
                    help="animation speed")
    ap.add_argument("--size", default=None, help="window size, e.g. 1280x800")
    ap.add_argument("--screenshot", default=None,
                    help="save a PNG at the end of every deal ({deal} becomes its number)")
    ap.add_argument("--level", choices=("easy", "medium", "hard"), default=None,
                    help="level of the computer players")
    ap.add_argument("--hotseat", type=int, default=None, metavar="N",
                    help="N human players taking turns at this screen")
    a = ap.parse_args(argv)
    if a.size:
        try:
            w, h = (int(x) for x in a.size.lower().split("x"))
            a.size = (w, h)
        except ValueError:
            ap.error("--size takes WIDTHxHEIGHT, e.g. 1280x800")
    if a.seed is not None:
        try:
            a.seed = int(a.seed)
        except ValueError:
            pass
    return a


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from .ui.main import run
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
