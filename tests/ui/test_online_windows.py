"""Two real game windows on a virtual X screen: one hosts, the other joins, both play a
deal to its end by X events only (keys and clicks posted with xdotool), and the lobby,
both tables and the "waiting for" banner are captured with xwd.

Each window is ``python -m canasta`` in a process of its own with a user folder of its
own. The host's server listens on 127.0.0.1 (a port the system picks); a headless
client of this test takes a third seat (so the test knows when the deal is over), and
the fourth seat is left open: Start gives it to a computer. Each window plays its own
turns with D (draw) and X (discard the card with the keyboard focus), and Y answers a
partner's "may I go out?". Skipped where Xvfb, xdotool or xwd are missing.
``CANASTA_SHOTS`` keeps the pictures in that folder.
"""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

TOOLS = ("Xvfb", "xdotool", "xwd")
pytestmark = pytest.mark.skipif(any(shutil.which(t) is None for t in TOOLS),
                                reason="needs Xvfb, xdotool and xwd")
WINDOW = (1024, 640)
SCALE = WINDOW[0] / 1280


def _xvfb():
    r, w = os.pipe()
    proc = subprocess.Popen(["Xvfb", "-displayfd", str(w), "-screen", "0", "2100x700x24", "-nolisten", "tcp"],
                            pass_fds=(w,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(w)
    number = b""
    with os.fdopen(r, "rb") as f:
        while not number.endswith(b"\n"):
            chunk = f.read(1)
            if not chunk:
                break
            number += chunk
    return proc, f":{int(number.strip())}"


class GameWindow:
    """One ``python -m canasta`` on the virtual screen, with its own user folder."""

    def __init__(self, display: str, home: Path, name: str, x: int, env_extra=None):
        home.mkdir(parents=True, exist_ok=True)
        (home / "config").mkdir(exist_ok=True)
        env = {**os.environ, "DISPLAY": display, "CANASTA_HOME": str(home), "SDL_AUDIODRIVER": "dummy",
               "SDL_VIDEO_WINDOW_POS": f"{x},0", **(env_extra or {})}
        env.pop("SDL_VIDEODRIVER", None)
        self.display = display
        self.stderr = open(home / "stderr.txt", "w+")
        settings = (f'player_name = "{name}"\ncomputer_pause = 0.1\nanimation_speed = "fast"\n'
                    'confirm_discard = false\n')
        self.home = home
        for folder in (home, home / "config"):
            (folder / "settings.toml").write_text(settings)
        self.proc = subprocess.Popen([sys.executable, "-m", "canasta", "--size", f"{WINDOW[0]}x{WINDOW[1]}"],
                                     env=env, stdout=subprocess.DEVNULL, stderr=self.stderr)
        self.wid = None
        end = time.monotonic() + 60
        while time.monotonic() < end and self.wid is None:
            out = subprocess.run(["xdotool", "search", "--pid", str(self.proc.pid)], env=env,
                                 capture_output=True, text=True).stdout.split()
            self.wid = out[-1] if out else None
            time.sleep(0.3)
        assert self.wid, "the game's window did not open"
        self.env = env
        time.sleep(1.0)

    def xdo(self, *args) -> None:
        subprocess.run(["xdotool", *args], env=self.env, check=False, capture_output=True)

    def key(self, *names: str) -> None:
        for n in names:
            self.xdo("key", "--window", self.wid, n)
            time.sleep(0.05)

    def click(self, lx: float, ly: float) -> None:
        """Click at a point of the logical 1280 x 800 screen."""
        self.xdo("mousemove", "--window", self.wid, str(int(lx * SCALE)), str(int(ly * SCALE)))
        time.sleep(0.05)
        self.xdo("click", "1")
        time.sleep(0.15)

    def type(self, text: str) -> None:
        self.xdo("type", "--window", self.wid, "--delay", "30", text)
        time.sleep(0.2)

    def said(self) -> str:
        self.stderr.flush()
        return (self.home / "stderr.txt").read_text()

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()


def shot(display: str, path: Path) -> None:
    raw = path.with_suffix(".xwd")
    subprocess.run(["xwd", "-root", "-silent", "-display", display, "-out", str(raw)], check=True)
    convert = shutil.which("convert") or "/usr/bin/convert"
    if os.path.exists(convert):
        subprocess.run([convert, f"xwd:{raw}", "-crop", f"{2 * WINDOW[0] + 20}x{WINDOW[1]}+0+0", str(path)],
                       check=False)
        raw.unlink()
    assert path.exists() or raw.exists()


class Observer:
    """A headless person at the third seat: it plays quickly and tells when the deal ends."""

    def __init__(self, url: str):
        from canasta.net.client import ComputerClient
        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self.loop.run_forever, daemon=True).start()
        self.client = ComputerClient(url, "Tess", "easy", 0.0)

    def call(self, coro, timeout=30):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def deal_over(self) -> bool:
        v = self.client.view
        return v is not None and v["phase"] in ("deal_over", "game_over")


def test_two_windows_host_join_and_play_a_deal_by_x_events(tmp_path):
    keep = os.environ.get("CANASTA_SHOTS")
    shots = Path(keep) if keep else tmp_path / "shots"
    shots.mkdir(parents=True, exist_ok=True)
    xvfb, display = _xvfb()
    host = joiner = observer = None
    try:
        host = GameWindow(display, tmp_path / "host", "Sam", 0, {"CANASTA_HOST_ADDRESS": "127.0.0.1:0"})
        joiner = GameWindow(display, tmp_path / "joiner", "Ana", WINDOW[0] + 20)
        # the host: Play online (I), Host a table (H), Create table (Enter: the form's default)
        host.key("i")
        host.key("h")
        time.sleep(0.5)
        host.key("Return")
        end = time.monotonic() + 30
        found = None
        while time.monotonic() < end and found is None:
            found = re.search(r"hosting table ([A-Z0-9]{6}) at ws://127\.0\.0\.1:(\d+)", host.said())
            time.sleep(0.2)
        assert found, host.said()
        code, port = found.group(1), int(found.group(2))
        # the joiner: Play online, Join a table, the address and the code, seat North
        joiner.key("i")
        joiner.key("j")
        time.sleep(0.5)
        joiner.click(140 + 180 + 170, 96 + 262 + 20)       # the address field
        joiner.type(f"127.0.0.1:{port}")
        joiner.click(140 + 640 + 80, 96 + 262 + 20)        # the code field
        joiner.type(code.lower())
        joiner.key("Return")                               # Find table
        time.sleep(1.5)
        joiner.click(140 + 760 + 80, 96 + 360 + 2 * 40 + 17)   # Sit here, seat 2 (North)
        time.sleep(1.0)
        observer = Observer(f"ws://127.0.0.1:{port}")
        observer.call(observer.client.connect())
        observer.call(observer.client.join(code, 3))
        time.sleep(1.0)
        shot(display, shots / "online-lobby.png")
        host.key("s")                                      # Start: the empty seat becomes a computer
        time.sleep(2.0)
        assert observer.client.view is not None, "the deal did not start"
        shot(display, shots / "online-table-both-windows.png")
        # both windows play their turns with keys until the deal ends; a few moves in, the
        # third person's connection drops for a few seconds: both windows say who is
        # missing, counting down, and the game goes on when she is back
        end = time.monotonic() + 900
        dropped = False
        while time.monotonic() < end and not observer.deal_over():
            for w in (host, joiner):
                w.key("d", "x", "y")
            if not dropped and len(observer.client.played) >= 12:
                dropped = True
                observer.client.backoff = (6.0, 8.0)      # away for 3 to 9 seconds
                observer.call(observer.client.drop())
                time.sleep(1.5)
                shot(display, shots / "online-waiting-for.png")
            time.sleep(0.1)
        assert observer.deal_over(), "the deal did not end"
        assert dropped and observer.client.reconnects == 1
        time.sleep(2.0)
        shot(display, shots / "online-deal-over-both-windows.png")
        assert host.proc.poll() is None and joiner.proc.poll() is None
        assert "Traceback" not in host.said() + joiner.said()
    finally:
        for w in (host, joiner):
            if w is not None:
                w.close()
        xvfb.terminate()
        xvfb.wait(10)
