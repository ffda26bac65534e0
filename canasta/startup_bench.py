"""``python -m canasta.bench startup``: time from process start to the first drawn frame.

For each way of starting the game it launches a new process with
``CANASTA_EXIT_AFTER_FIRST_FRAME=1`` (the window prints ``canasta: first frame drawn``
right after its first ``flip`` and quits) and measures, with a monotonic clock in this
process, from just before the process is created to the moment that line arrives.
One untimed run comes first (it fills the disk cache and, for ``python -m canasta``,
the ``__pycache__`` folders); the figure printed is the median of the timed runs::

    python -m canasta: median 412 ms (7 runs, 398-455 ms; CPU 390 ms per run, start to exit)
    one-file: median 655 ms (7 runs, 640-700 ms; CPU 610 ms per run, start to exit)
    one-folder: median 231 ms (7 runs, 225-240 ms; CPU 220 ms per run, start to exit)

The CPU time (user and system, from ``wait4``, where the system has it) covers the whole
process, including its exit; unlike the wall-clock figure it hardly moves when other
programs load the machine.
The executables are looked for where ``python packaging/build.py`` puts them
(``build/dist`` in the checkout, or the folder named by ``CANASTA_DIST``); one that is
not built is reported and skipped. Each target runs with its own temporary
``CANASTA_HOME``, so the player's settings and games are neither read nor touched.
Without a display (no ``DISPLAY`` or ``WAYLAND_DISPLAY`` on Linux) SDL's dummy video and
audio drivers are used.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

READY_LINE = "canasta: first frame drawn"
TIMEOUT_S = 60.0
EXE_SUFFIX = ".exe" if sys.platform == "win32" else ""


def dist_dir() -> Path:
    """Where the built executables are: ``$CANASTA_DIST`` or the checkout's ``build/dist``."""
    override = os.environ.get("CANASTA_DIST")
    if override:
        return Path(override)
    return Path(__file__).resolve().parent.parent / "build" / "dist"


def targets(dist: Path | None = None) -> list[tuple[str, list[str] | None]]:
    """(label, command) for each way of starting; command is None when it is not built."""
    dist = dist_dir() if dist is None else dist
    onefile = dist / f"canasta{EXE_SUFFIX}"
    onedir = dist / "canasta-onedir" / f"canasta{EXE_SUFFIX}"
    return [
        ("python -m canasta", [sys.executable, "-m", "canasta"]),
        ("one-file", [str(onefile)] if onefile.is_file() else None),
        ("one-folder", [str(onedir)] if onedir.is_file() else None),
    ]


def _environment(home: str) -> dict[str, str]:
    env = dict(os.environ)
    env["CANASTA_EXIT_AFTER_FIRST_FRAME"] = "1"
    env["CANASTA_HOME"] = home
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    # A player's Python keeps compiled modules; measure that, not a recompilation per run.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    # ``python -m canasta`` starts this very package, wherever the benchmark runs from
    package_root = str(Path(__file__).resolve().parent.parent)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (package_root, env.get("PYTHONPATH")) if p)
    headless = sys.platform.startswith("linux") and not (env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"))
    if headless:
        env.setdefault("SDL_VIDEODRIVER", "dummy")
        env.setdefault("SDL_AUDIODRIVER", "dummy")
    return env


def _wait(proc: subprocess.Popen) -> float | None:
    """Wait for ``proc``; return the CPU time (user + system) it used, where the OS tells it."""
    if hasattr(os, "wait4"):
        try:
            _pid, status, usage = os.wait4(proc.pid, 0)
        except ChildProcessError:  # already reaped
            proc.wait()
            return None
        proc.returncode = os.waitstatus_to_exitcode(status)
        return usage.ru_utime + usage.ru_stime
    proc.wait()
    return None


def time_to_first_frame(command: list[str], env: dict[str, str], timeout: float = TIMEOUT_S) -> float:
    """Seconds from process creation to its ``READY_LINE``; raises RuntimeError if it never comes."""
    return run_once(command, env, timeout)[0]


def run_once(command: list[str], env: dict[str, str], timeout: float = TIMEOUT_S) -> tuple[float, float | None]:
    """(seconds to the first frame, CPU seconds of the whole process or None) for one start."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(command, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, errors="replace")
    errors: list[str] = []
    # stderr is drained on a thread so a chatty child can never block on a full pipe
    drain = threading.Thread(target=lambda: errors.extend(proc.stderr), daemon=True)
    drain.start()
    timer = threading.Timer(timeout, proc.kill)
    timer.start()
    elapsed = None
    try:
        for line in proc.stdout:
            if line.strip() == READY_LINE:
                elapsed = time.perf_counter() - t0
                break
        proc.stdout.read()
        cpu = _wait(proc)
    finally:
        timer.cancel()
        drain.join(5)
    if elapsed is None:
        tail = "".join(errors[-12:]).rstrip()
        raise RuntimeError(f"no first frame (exit status {proc.returncode})" + (f":\n{tail}" if tail else ""))
    return elapsed, cpu


def measure(command: list[str], runs: int, home: str) -> list[tuple[float, float | None]]:
    """``runs`` timed starts of ``command``, after one untimed start (disk cache,
    ``__pycache__``, the first settings file)."""
    env = _environment(home)
    run_once(command, env)
    return [run_once(command, env) for _ in range(runs)]


def bench_startup(runs: int = 7) -> int:
    """Print one line per target; return 0, or 1 when a target failed to draw a frame."""
    runs = max(1, int(runs))
    status = 0
    for label, command in targets():
        if command is None:
            print(f"{label}: not built (python packaging/build.py builds it); skipped", flush=True)
            continue
        with tempfile.TemporaryDirectory(prefix="canasta-bench-") as home:
            try:
                times = measure(command, runs, home)
            except (RuntimeError, OSError) as e:
                print(f"{label}: failed: {e}", flush=True)
                status = 1
                continue
        ms = sorted(wall * 1000 for wall, _cpu in times)
        line = f"{label}: median {statistics.median(ms):.0f} ms ({runs} runs, {ms[0]:.0f}-{ms[-1]:.0f} ms"
        cpu = [c * 1000 for _wall, c in times if c is not None]
        if cpu:
            line += f"; CPU {statistics.median(cpu):.0f} ms per run, start to exit"
        print(line + ")", flush=True)
    return status
