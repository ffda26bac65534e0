"""Build the Canasta executables with PyInstaller. Everything lands under ``build/``.

    python packaging/build.py [--mode both|onefile|onedir] [--force]

Needs the build extra (``pip install -e ".[build]"``). It writes:

* ``build/dist/canasta``: the one-file executable (``canasta.exe`` on Windows);
* ``build/dist/canasta-onedir/``: the one-folder build, started by its ``canasta``
  (on macOS also ``build/dist/Canasta.app``);
* ``build/dist/linux/share/``: on Linux, the desktop entry and the icon in the
  freedesktop layout, ready to copy into ``~/.local/share`` (or ``/usr/share``);
* ``build/work/``: PyInstaller's work files and its cache (``PYINSTALLER_CONFIG_DIR``),
  so that nothing is written outside ``build/``.

A mode whose executable is already built from the same sources (the same files in
``canasta/``, ``assets/``, ``packaging/`` and ``pyproject.toml``, and the same versions
of Python, PyInstaller, pygame-ce and platformdirs) is not built again unless ``--force``
is given: the hash of those is kept beside the work files (``source-hash.txt``). With
``--mode both`` the two builds run side by side.

The icons in ``assets/icons`` are made by ``python packaging/make_icons.py`` from the
game's own drawing and committed; this script only checks that they are there.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "packaging" / "canasta.spec"
DESKTOP = ROOT / "packaging" / "canasta.desktop"
ICONS = ROOT / "assets" / "icons"
BUILD = ROOT / "build"
DIST = BUILD / "dist"
WORK = BUILD / "work"
MODES = ("onefile", "onedir")
EXE_SUFFIX = ".exe" if sys.platform == "win32" else ""

# What a build is made from: a change to any of these makes a new build.
SOURCE_GLOBS = ("canasta/**/*.py", "assets/**/*", "packaging/**/*", "pyproject.toml")
_IGNORED_PARTS = {"__pycache__", ".pytest_cache"}


def executable(mode: str, dist: Path = DIST) -> Path:
    """Where the build of ``mode`` puts the program to start."""
    if mode == "onefile":
        return dist / f"canasta{EXE_SUFFIX}"
    if mode == "onedir":
        return dist / "canasta-onedir" / f"canasta{EXE_SUFFIX}"
    raise ValueError(f"unknown mode {mode!r}")


def _versions() -> str:
    from importlib import metadata

    parts = [f"python {sys.version}", f"platform {sys.platform}"]
    for dist in ("pyinstaller", "pygame-ce", "platformdirs"):
        try:
            parts.append(f"{dist} {metadata.version(dist)}")
        except metadata.PackageNotFoundError:
            parts.append(f"{dist} missing")
    return "\n".join(parts)


def source_files(root: Path = ROOT) -> list[Path]:
    files = set()
    for pattern in SOURCE_GLOBS:
        for path in root.glob(pattern):
            if path.is_file() and not (_IGNORED_PARTS & set(path.relative_to(root).parts)) \
                    and path.suffix not in (".pyc", ".pyo"):
                files.add(path)
    return sorted(files)


def source_hash(root: Path = ROOT) -> str:
    """A hash of everything a build is made from (see ``SOURCE_GLOBS``) and of the tools' versions."""
    h = hashlib.sha256(_versions().encode())
    for path in source_files(root):
        h.update(b"\0" + path.relative_to(root).as_posix().encode() + b"\0")
        h.update(path.read_bytes())
    return h.hexdigest()


def _stamp(mode: str, work: Path = WORK) -> Path:
    return work / mode / "source-hash.txt"


def is_fresh(mode: str, digest: str | None = None, dist: Path = DIST, work: Path = WORK) -> bool:
    """The executable of ``mode`` exists and was built from the current sources."""
    stamp = _stamp(mode, work)
    if not (executable(mode, dist).is_file() and stamp.is_file()):
        return False
    return stamp.read_text().strip() == (digest or source_hash())


def _pyinstaller_command(mode: str, dist: Path, work: Path) -> list[str]:
    return [sys.executable, "-m", "PyInstaller", str(SPEC), "--noconfirm", "--log-level", "WARN",
            "--distpath", str(dist), "--workpath", str(work / mode), "--", "--mode", mode]


def _start(mode: str, dist: Path, work: Path) -> tuple[subprocess.Popen, Path]:
    (work / mode).mkdir(parents=True, exist_ok=True)
    env = dict(os.environ)
    # PyInstaller's cache (stripped copies of libraries) goes under build/ too, one per
    # mode, so two builds side by side never write the same cached file.
    env["PYINSTALLER_CONFIG_DIR"] = str(work / mode / "cache")
    env.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    log = work / mode / "pyinstaller.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen(_pyinstaller_command(mode, dist, work), cwd=ROOT, env=env,
                                stdout=out, stderr=subprocess.STDOUT)
    return proc, log


def _size(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def linux_share(dist: Path = DIST) -> Path:
    """Write the desktop entry and the hicolor icons under ``dist/linux/share``."""
    share = dist / "linux" / "share"
    apps = share / "applications"
    apps.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(DESKTOP, apps / "canasta.desktop")
    for png in sorted(ICONS.glob("canasta-*.png")):
        size = png.stem.split("-")[1]
        folder = share / "icons" / "hicolor" / f"{size}x{size}" / "apps"
        folder.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(png, folder / "canasta.png")
    return share


def build(modes: tuple[str, ...] = MODES, force: bool = False, dist: Path = DIST, work: Path = WORK,
          quiet: bool = False) -> dict[str, Path]:
    """Build ``modes`` (those not already fresh, unless ``force``); return their executables.

    Raises ``RuntimeError`` with PyInstaller's last lines when a build fails.
    """
    say = (lambda *a: None) if quiet else (lambda *a: print(*a, flush=True))
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        raise RuntimeError('PyInstaller is not installed: pip install -e ".[build]"') from None
    missing = [name for name in ("canasta.ico", "canasta.icns", "canasta-64.png")
               if not (ICONS / name).is_file()]
    if missing:
        raise RuntimeError(f"assets/icons lacks {', '.join(missing)}: run python packaging/make_icons.py")
    digest = source_hash()
    todo = [m for m in modes if force or not is_fresh(m, digest, dist, work)]
    for mode in modes:
        if mode not in todo:
            say(f"{mode}: up to date ({executable(mode, dist)})")
    started = {}
    t0 = time.perf_counter()
    for mode in todo:
        _stamp(mode, work).unlink(missing_ok=True)
        say(f"{mode}: building ...")
        started[mode] = _start(mode, dist, work)
    failed = []
    for mode, (proc, log) in started.items():
        if proc.wait() != 0 or not executable(mode, dist).is_file():
            tail = log.read_text(errors="replace").splitlines()[-25:]
            failed.append(f"{mode} build failed (exit {proc.returncode}); the end of {log}:\n" + "\n".join(tail))
        else:
            _stamp(mode, work).write_text(digest + "\n")
            say(f"{mode}: built in {time.perf_counter() - t0:.0f} s")
    if failed:
        raise RuntimeError("\n\n".join(failed))
    if sys.platform.startswith("linux"):
        linux_share(dist)
    return {mode: executable(mode, dist) for mode in modes}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python packaging/build.py",
                                 description="Build the Canasta executables; everything lands under build/.")
    ap.add_argument("--mode", choices=("both",) + MODES, default="both",
                    help="which executable to build (default: both)")
    ap.add_argument("--force", action="store_true", help="build even when the executable is up to date")
    ns = ap.parse_args(argv)
    modes = MODES if ns.mode == "both" else (ns.mode,)
    try:
        built = build(modes, ns.force)
    except RuntimeError as e:
        print(f"build: {e}", file=sys.stderr)
        return 1
    for mode, exe in built.items():
        what = exe if mode == "onefile" else exe.parent
        print(f"{mode}: {exe} ({_size(what) / 2**20:.1f} MB)")
    if sys.platform.startswith("linux"):
        print(f"desktop entry and icons: {DIST / 'linux' / 'share'} (copy into ~/.local/share)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
