"""The one-file executable, built by packaging/build.py, plays a deal and leaves no trace beside itself.

Marked ``packaging``: it builds the executable (about 15-30 s, once per source change;
an up-to-date build in ``build/dist`` is reused). Skip it locally with
``-m "not packaging"``.
"""

import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.packaging

ROOT = Path(__file__).resolve().parents[2]
MAX_ONEFILE_BYTES = 30 * 2**20
BANNER = "Hello from the pygame community"
# Until the window records --autoplay games cut short by --deals, a missing record is an
# expected failure (reported as XFAIL) rather than a red run; set to False once it does.
RECORDING_PENDING = False


def deals_recorded(home: Path) -> tuple[int, list[str]]:
    """How many finished deals the game left under ``home`` (a ``CANASTA_HOME``), and where.

    The score history (``data/scores.sqlite3``) counts the deals of finished games; the
    game in progress (``state/current-game.json`` and its journal) is replayed through
    the engine and counts the deals it has finished.
    """
    found, where = 0, []
    db = home / "data" / "scores.sqlite3"
    if db.is_file():
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
            tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            if "deals" in tables:
                n = conn.execute("SELECT COUNT(*) FROM deals").fetchone()[0]
                found += n
                where.append(f"{n} in the score history")
    if (home / "state" / "current-game.json").is_file():
        code = (
            "from canasta.store import load_game\n"
            "from canasta.engine.record import Game\n"
            "saved, messages = load_game()\n"
            "assert saved is not None, messages\n"
            "print(len(Game.from_json(saved['record']).state.history))\n"
        )
        env = dict(os.environ, CANASTA_HOME=str(home))
        out = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True,
                             timeout=60)
        assert out.returncode == 0, f"the saved game does not load:\n{out.stderr}"
        n = int(out.stdout.strip())
        found += n
        where.append(f"{n} in the saved game")
    return found, where


def run_isolated(exe: Path, tmp_path: Path, *args: str, timeout: float = 120):
    """Run a copy of ``exe`` from a folder of its own, with every folder it might write to
    pointing into ``tmp_path``; return the completed process and those folders."""
    dirs = {name: tmp_path / name for name in ("app", "cwd", "home", "canasta-home", "tmp")}
    for d in dirs.values():
        d.mkdir()
    copy = dirs["app"] / exe.name
    shutil.copy2(exe, copy)
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(dirs["home"]),             # platformdirs' fallback: must stay empty
        "USERPROFILE": str(dirs["home"]),
        "CANASTA_HOME": str(dirs["canasta-home"]),
        "TMPDIR": str(dirs["tmp"]),            # where the one-file build unpacks itself
        "TEMP": str(dirs["tmp"]),
        "TMP": str(dirs["tmp"]),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "LANG": "C.UTF-8",
    }
    if sys.platform == "win32":
        env["SYSTEMROOT"] = os.environ.get("SYSTEMROOT", r"C:\Windows")
    proc = subprocess.run([str(copy), *args], cwd=dirs["cwd"], env=env, capture_output=True, text=True,
                          errors="replace", timeout=timeout)
    return proc, dirs


def _listing(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*"))


def test_onefile_is_small(onefile_exe):
    size = onefile_exe.stat().st_size
    assert size < MAX_ONEFILE_BYTES, f"the one-file executable is {size / 2**20:.1f} MB"


def test_onefile_plays_a_deal_and_writes_only_to_its_folders(onefile_exe, tmp_path):
    shots = tmp_path / "shots"
    shots.mkdir()  # the game writes screenshots into a folder that exists, and creates none
    proc, dirs = run_isolated(onefile_exe, tmp_path, "--autoplay", "--deals", "1", "--speed", "instant",
                              "--screenshot", str(shots / "deal-{deal}.png"))
    output = proc.stdout + proc.stderr
    assert proc.returncode == 0, f"exit status {proc.returncode}:\n{output[-4000:]}"
    assert BANNER not in output, "pygame's greeting is printed"
    assert "Traceback" not in output, output[-4000:]

    # A deal was played to its end: the screenshot is taken then.
    assert (shots / "deal-1.png").is_file(), f"no end-of-deal screenshot; shots: {_listing(tmp_path)}"

    # Nothing beside the executable, in the folder it was started from, in the home
    # folder, nor left behind in the temporary folder it unpacked itself into.
    assert _listing(dirs["app"]) == [onefile_exe.name]
    assert _listing(dirs["cwd"]) == []
    assert _listing(dirs["home"]) == []
    assert _listing(dirs["tmp"]) == []
    # What it did write is in the platform folders only.
    assert set(p.split("/")[0] for p in _listing(dirs["canasta-home"])) <= {"config", "data", "state"}

    # And the deal was recorded, in the score history or in the saved game.
    recorded, where = deals_recorded(dirs["canasta-home"])
    if recorded == 0 and RECORDING_PENDING:
        pytest.xfail("the deal was played but not recorded: an --autoplay game that stops after --deals N "
                     "is neither saved nor put in the score history yet (canasta/ui/main.py, session.py)")
    assert recorded >= 1, f"no deal recorded under CANASTA_HOME: {_listing(dirs['canasta-home'])}"


def test_onefile_hosts_and_joins_a_networked_deal(onefile_exe, tmp_path):
    """Two copies of the executable: one hosts an online table (its server inside it, on
    127.0.0.1 at a port the system picks), the other joins it by address and code; a
    computer plays each window's seat (--autoplay), and both close after the first deal."""
    import re
    import time
    env_for = {}
    copies = {}
    for who in ("host", "joiner"):
        base = tmp_path / who
        dirs = {name: base / name for name in ("app", "cwd", "home", "canasta-home", "tmp")}
        for d in dirs.values():
            d.mkdir(parents=True)
        copies[who] = dirs["app"] / onefile_exe.name
        shutil.copy2(onefile_exe, copies[who])
        env_for[who] = ({"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(dirs["home"]),
                         "USERPROFILE": str(dirs["home"]), "CANASTA_HOME": str(dirs["canasta-home"]),
                         "TMPDIR": str(dirs["tmp"]), "TEMP": str(dirs["tmp"]), "TMP": str(dirs["tmp"]),
                         "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "LANG": "C.UTF-8",
                         "CANASTA_HOST_ADDRESS": "127.0.0.1:0"}, dirs)
        if sys.platform == "win32":
            env_for[who][0]["SYSTEMROOT"] = os.environ.get("SYSTEMROOT", r"C:\Windows")
    host_err = tmp_path / "host-stderr.txt"
    with open(host_err, "w") as err:
        env, dirs = env_for["host"]
        host = subprocess.Popen([str(copies["host"]), "--host-table", "--autoplay", "--deals", "1", "--speed",
                                 "instant"], cwd=dirs["cwd"], env=env, stdout=subprocess.DEVNULL, stderr=err)
        try:
            found = None
            end = time.monotonic() + 120
            while found is None and time.monotonic() < end and host.poll() is None:
                found = re.search(r"hosting table ([A-Z0-9]{6}) at ws://127\.0\.0\.1:(\d+)", host_err.read_text())
                time.sleep(0.2)
            assert found, host_err.read_text()[-4000:]
            env, dirs = env_for["joiner"]
            joiner = subprocess.run([str(copies["joiner"]), "--join", f"127.0.0.1:{found.group(2)}", found.group(1),
                                     "--autoplay", "--deals", "1", "--speed", "instant"], cwd=dirs["cwd"], env=env,
                                    capture_output=True, text=True, errors="replace", timeout=300)
            assert joiner.returncode == 0, joiner.stderr[-4000:]
            assert f"online table {found.group(1)}: 1 deal(s) played" in joiner.stderr
            assert host.wait(120) == 0
        finally:
            if host.poll() is None:
                host.kill()
    said = host_err.read_text()
    assert f"online table {found.group(1)}: 1 deal(s) played" in said, said[-4000:]
    assert "Traceback" not in said + joiner.stderr
