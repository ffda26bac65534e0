"""Nothing is lost: the server killed with kill -9 in the middle of deals and started
again on the same data folder brings every table back at its last complete action;
the clients come back by themselves and play their games to the end. Stopped with
SIGTERM, it saves every table and exits 0."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

from canasta.engine.observe import observe
from canasta.net.client import ComputerClient
from canasta.net.server import TABLES_DIR
from canasta.net.table import Table

from .conftest import finish, seat_four


def _server(data: Path) -> tuple[subprocess.Popen, str]:
    """The server in a process of its own; what it says on stderr goes to a file beside
    the data (a pipe nobody reads could fill up and stop it)."""
    log = open(data.parent / "server-stderr.txt", "a")
    proc = subprocess.Popen([sys.executable, "-m", "canasta.server", "--host", "127.0.0.1", "--port", "0",
                             "--data", str(data)], stdout=subprocess.PIPE, stderr=log, text=True)
    log.close()
    line = proc.stdout.readline().strip()
    assert line.startswith("listening on ws://127.0.0.1:"), (line, (data.parent / "server-stderr.txt").read_text())
    return proc, line.split()[-1]


async def _until(check, limit: float = 120):
    for _ in range(int(limit / 0.01)):
        if check():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("never happened")


def test_kill_9_mid_deal_and_restart_on_the_same_data_resumes_every_table(tmp_path):
    data = tmp_path / "server"
    proc, url = _server(data)
    try:
        async def run():
            tables = []
            for game, rules in (("classic", {"target_score": 1500}), ("samba", {"target_score": 2500})):
                clients = [ComputerClient(url, f"P{i}", "easy", 0.01, backoff=(0.05, 0.5)) for i in range(4)]
                code, clients = await seat_four(url, game, rules, clients=clients)
                await clients[0].start()
                tables.append((code, clients))
            await _until(lambda: all(len(cs[0].played) >= 12 for _, cs in tables))
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait()
            seen = {code: len(cs[0].played) for code, cs in tables}
            again, new_url = _server(data)
            for _, clients in tables:
                for c in clients:
                    c.url = new_url                   # the same server, started again on another port
            await finish([c for _, cs in tables for c in cs])
            return tables, seen, again
        tables, seen, again = asyncio.run(run())
        again.send_signal(signal.SIGTERM)
        assert again.wait(60) == 0
        said = (tmp_path / "server-stderr.txt").read_text()
        assert "every table saved" in said and "Traceback" not in said
        for code, clients in tables:
            assert all(c.reconnects >= 1 for c in clients)
            assert all(ok for c in clients for _, ok in c.checked_deals) and not any(c.warnings for c in clients)
            # the table on disk is the game the clients finished
            table, said = Table.load(data / TABLES_DIR / code)
            assert table is not None, said
            assert table.over and len(table.actions) > seen[code]
            for c in clients:
                assert observe(table.state, c.seat) == c.obs
    finally:
        if proc.poll() is None:
            proc.kill()


def test_sigterm_saves_and_exits_0_and_a_table_not_yet_dealt_comes_back(tmp_path):
    data = tmp_path / "server"
    proc, url = _server(data)

    async def create():
        c = ComputerClient(url, "Ann", "easy")
        await c.connect()
        code = await c.create("classic", ["person", "person", "easy", "easy"])
        await c.close()
        return code, c.token
    code, token = asyncio.run(create())
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(60) == 0
    proc, url = _server(data)
    try:
        async def back():
            c = ComputerClient(url, "Ann", "easy")
            c.code, c.token = code, token
            await c.connect()
            await c.resume()
            await _until(lambda: c.info)
            info = c.info
            await c.close()
            return c.seat, info
        seat, info = asyncio.run(back())
        assert seat == 0 and info["code"] == code and not info["started"]
        assert [s["kind"] for s in info["seats"]] == ["person", "person", "easy", "easy"]
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(60) == 0
