"""``python -m canasta``: start the game (see ``--help`` for the demo and test options)."""

from __future__ import annotations

import argparse
import os
import sys

from .store.settings import MAX_WINDOW_SIZE
from .vocab import ANIMATION_SPEEDS, LEVELS
from .vocab import MIN_WINDOW_SIZE as MIN_SIZE  # the smallest window the game lays out


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # type: ignore[override]
        """The one sentence of a usage error, any long value in it cut short."""
        super().error(" ".join(_cut(word, 60) for word in message.split(" ")))


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    ap = _Parser(prog="canasta", description="Canasta, the card game.")
    ap.add_argument("--autoplay", action="store_true", help="every seat is a computer player")
    ap.add_argument("--players", type=int, choices=(2, 3, 4, 6), default=None, help="number of players")
    ap.add_argument("--variant", default=None, metavar="GAME",
                    help="the game of the family to play: classic, samba, bolivia... (default classic)")
    ap.add_argument("--seed", default=None, help="deal number: the same number deals the same cards")
    ap.add_argument("--deals", type=int, default=None, help="quit after this many deals")
    ap.add_argument("--speed", choices=ANIMATION_SPEEDS, default=None,
                    help="animation speed")
    ap.add_argument("--size", default=None, help="window size, e.g. 1280x800")
    ap.add_argument("--screenshot", default=None,
                    help="save a PNG at the end of every deal ({deal} becomes its number)")
    ap.add_argument("--level", choices=LEVELS, default=None,
                    help="level of the computer players")
    ap.add_argument("--hotseat", type=int, default=None, metavar="N",
                    help="N human players taking turns at this screen")
    ap.add_argument("--replay", default=None, metavar="FILE",
                    help="open a game record file for review (replay and coach)")
    ap.add_argument("--host-table", action="store_true",
                    help="host an online table at once (the lobby; with --autoplay a computer plays your seat "
                         "and the deal starts when a person has joined)")
    ap.add_argument("--join", nargs=2, default=None, metavar=("ADDRESS", "CODE"),
                    help="join the online table with this code at ADDRESS (host:port), at its first free seat")
    ap.add_argument("--lang", default=None, metavar="CODE",
                    help="the language of this run: " + ", ".join(_language_codes()))
    ap.add_argument("--check-files", action="store_true",
                    help="say what the game finds in its user folders, then exit")
    a = ap.parse_args(argv)
    if a.lang is not None and a.lang not in _language_codes():
        ap.error(f"--lang must be one of {', '.join(_language_codes())}, not {_cut(a.lang)}")
    if a.size is not None:
        try:
            w, h = (int(x) for x in a.size.lower().split("x"))
        except ValueError:
            ap.error("--size takes WIDTHxHEIGHT, e.g. 1280x800")
        (min_w, min_h), (max_w, max_h) = MIN_SIZE, MAX_WINDOW_SIZE
        if not (min_w <= w <= max_w and min_h <= h <= max_h):
            ap.error(f"--size must be between {min_w}x{min_h} and {max_w}x{max_h}, not {_cut(f'{w}x{h}')}")
        a.size = (w, h)
    if a.variant is not None:
        from .engine.variants import names
        if a.variant not in names():
            ap.error(f"--variant must be one of {', '.join(names())}, not {_cut(a.variant)}")
    if a.variant is not None or a.players is not None:
        from .engine.rules import Rules, RulesError
        try:   # the table the options ask for (as ui.main builds it) must be one the game has
            game = {"variant": a.variant} if a.variant is not None else {}   # none named: the default game
            Rules(**game, players=a.players or 4).resolved()
        except RulesError as e:
            ap.error(str(e))
    if a.replay is not None and not a.replay.strip():
        ap.error("--replay needs the name of a game record file")
    if a.deals is not None and a.deals < 1:
        ap.error(f"--deals must be 1 or more, not {a.deals}")
    if a.hotseat is not None and not 1 <= a.hotseat <= 6:
        ap.error(f"--hotseat must be between 1 and 6, not {a.hotseat}")
    if a.screenshot is not None:
        problem = _screenshot_problem(a.screenshot)
        if problem:
            ap.error(f"--screenshot {problem}")
    if a.seed is not None:
        from .engine.record import MAX_SEED_LENGTH
        if len(a.seed) > MAX_SEED_LENGTH:   # a record keeps the seed: it must read it back
            ap.error(f"--seed takes a number or a word of at most {MAX_SEED_LENGTH} characters")
        try:
            a.seed = int(a.seed)
        except ValueError:
            pass
    return a


def _language_codes() -> tuple[str, ...]:
    from .i18n import CODES, PSEUDO
    return (*CODES, PSEUDO)


def _cut(value, most: int = 40) -> str:
    """A value as a message quotes it: a long one cut short."""
    text = str(value)
    return text if len(text) <= most else f"{text[:most]}... ({len(text):,} characters)"


def _screenshot_problem(path: str) -> str | None:
    """Why screenshots cannot be written to ``path``, or ``None``: no folder is ever created."""
    folder, name = os.path.split(path)
    if not name:
        return f"needs a file name, not the folder {path}"
    if "{deal}" in folder:
        return "takes {deal} in the file name only"
    if folder and not os.path.isdir(folder):
        what = "is a file" if os.path.exists(folder) else "does not exist"
        return f"cannot be written: the folder {folder} {what}"
    if os.path.isdir(path):
        return f"cannot be written: {path} is a folder"
    return None


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.check_files:
        from .checkfiles import print_report
        return print_report()
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from .ui.main import run
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
