"""What make_icons.py and make_sounds.py share: writing the files they generate (each
whole or not at all), and their command line (``--out DIR``, ``--check``)."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Callable


def write_files(out: Path, files: dict[str, bytes]) -> list[Path]:
    """Write every file into ``out``, each through a temporary file and a rename."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, data in files.items():
        path = out / name
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_bytes(data)
        os.replace(tmp, path)
        written.append(path)
    return written


def run_cli(prog: str, doc: str, default_out: Path, make_all: Callable[[], dict[str, bytes]],
            check: Callable[[Path], list[str]], matches: str, argv: list[str] | None = None) -> int:
    """``--check``: say what differs from what would be generated now (exit 1), or that
    everything ``matches``; otherwise write the files and list them."""
    name = Path(prog.split()[-1]).stem
    ap = argparse.ArgumentParser(prog=prog, description=doc.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=default_out, help=f"folder to write into (default {default_out})")
    ap.add_argument("--check", action="store_true", help="compare with the files on disk; write nothing")
    ns = ap.parse_args(argv)
    if ns.check:
        problems = check(ns.out)
        for p in problems:
            print(f"{name}: {p}", file=sys.stderr)
        if problems:
            print(f"{name}: run `{prog}` and commit {ns.out}", file=sys.stderr)
            return 1
        print(f"{name}: the files in {ns.out} {matches}")
        return 0
    for path in write_files(ns.out, make_all()):
        print(f"{path} ({path.stat().st_size} bytes)")
    return 0
