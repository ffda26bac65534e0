"""``python -m canasta.bench net``: the table server under load, through real sockets.

It starts ``python -m canasta.server`` on 127.0.0.1 (an OS-chosen port, a temporary
data folder) and ``T`` tables of four network clients, each a computer player of
``--level`` that acts ``--think`` seconds after its turn comes (a quick person's
pace; 0 for the most the server sustains). The clients run in ``--procs`` processes
beside the server, on the same machine. When a game ends its four clients start
another. It prints actions a second, the round trip (a client sends an action until
its result arrives) median and 95th percentile, the server's CPU seconds and memory
per table, and the count of errors (refusals the clients received, failures).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Optional


def _rss_kib(pid: int) -> Optional[int]:
    try:
        with open(f"/proc/{pid}/status") as fh:
            m = re.search(r"VmRSS:\s+(\d+)", fh.read())
        return int(m.group(1)) if m else None
    except OSError:
        return None


def _cpu_seconds(pid: int) -> Optional[float]:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            parts = fh.read().rsplit(")", 1)[1].split()
        return (int(parts[11]) + int(parts[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


async def _table(url: str, level: str, think: float, game: str, until: float, out: dict) -> None:
    from .client import ComputerClient, ServerRefused
    while time.monotonic() < until:
        clients = [ComputerClient(url, f"Bench {i}", level, think, reconnect=False) for i in range(4)]
        try:
            for c in clients:
                await c.connect()
            code = await clients[0].create(game, ["person"] * 4, pause=0, fill=False)
            for i in (1, 2, 3):
                await clients[i].join(code, i)
            await clients[0].start()
            left = until - time.monotonic()
            if left > 0:
                await asyncio.wait([asyncio.ensure_future(c.done.wait()) for c in clients], timeout=left)
        except (ServerRefused, OSError) as e:
            out["errors"].append(str(e))
        finally:
            for c in clients:
                out["rtt"] += c.round_trips
                out["errors"] += c.errors
                await c.close()


async def _clients(url: str, tables: int, seconds: float, think: float, level: str, game: str) -> dict:
    out: dict = {"rtt": [], "errors": []}
    until = time.monotonic() + seconds
    await asyncio.gather(*(_table(url, level, think, game, until, out) for _ in range(tables)))
    return out


def _client_process(args: tuple) -> dict:
    return asyncio.run(_clients(*args))


def bench_net(tables: int, seconds: float, think: float = 0.2, level: str = "medium", game: Optional[str] = None,
              procs: int = 1) -> dict:
    """Run the benchmark; returns its figures (see the module documentation)."""
    with tempfile.TemporaryDirectory(prefix="canasta-bench-net-") as data:
        server = subprocess.Popen([sys.executable, "-m", "canasta.server", "--host", "127.0.0.1", "--port", "0",
                                   "--data", data], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            line = server.stdout.readline().strip() if server.stdout else ""
            if not line.startswith("listening on "):
                raise RuntimeError(f"the server did not start: {line!r}")
            url = line.split()[-1]
            rss0, cpu0 = _rss_kib(server.pid), _cpu_seconds(server.pid)
            shares = [tables // procs + (1 if i < tables % procs else 0) for i in range(procs)]
            jobs = [(url, n, seconds, think, level, game) for n in shares if n]
            t0 = time.perf_counter()
            if len(jobs) == 1:
                results = [_client_process(jobs[0])]
            else:
                with multiprocessing.get_context("spawn").Pool(len(jobs)) as pool:
                    results = pool.map(_client_process, jobs)
            elapsed = time.perf_counter() - t0
            rss1, cpu1 = _rss_kib(server.pid), _cpu_seconds(server.pid)
        finally:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(30)
            except subprocess.TimeoutExpired:
                server.kill()
    rtt = sorted(x for r in results for x in r["rtt"])
    errors = [e for r in results for e in r["errors"]]
    return {
        "tables": tables, "seconds": elapsed, "actions": len(rtt), "actions_per_s": len(rtt) / elapsed,
        "rtt_median_ms": statistics.median(rtt) * 1000 if rtt else float("nan"),
        "rtt_p95_ms": rtt[int(0.95 * (len(rtt) - 1))] * 1000 if rtt else float("nan"),
        "server_cpu_s": (cpu1 - cpu0) if cpu0 is not None and cpu1 is not None else None,
        "memory_per_table_kib": (rss1 - rss0) / tables if rss0 is not None and rss1 is not None else None,
        "server_rss_kib": rss1, "errors": len(errors), "error_samples": sorted(set(errors))[:5],
    }


def main(ns) -> int:
    res = bench_net(ns.tables, ns.seconds, ns.think, ns.level, ns.game, ns.procs)
    cpu = "n/a" if res["server_cpu_s"] is None else f"{res['server_cpu_s']:.1f} s"
    mem = "n/a" if res["memory_per_table_kib"] is None else f"{res['memory_per_table_kib']:.0f} KiB"
    print(f"net: {res['tables']} tables x 4 clients ({ns.level}, think {ns.think * 1000:.0f} ms), "
          f"{res['seconds']:.1f} s")
    print(f"  actions/s          {res['actions_per_s']:.1f}  ({res['actions']} actions)")
    print(f"  round trip median  {res['rtt_median_ms']:.1f} ms")
    print(f"  round trip p95     {res['rtt_p95_ms']:.1f} ms")
    print(f"  server CPU         {cpu} over the run")
    print(f"  server memory      {mem} a table (RSS {res['server_rss_kib']} KiB at the end)")
    print(f"  errors             {res['errors']}" + (f"  e.g. {res['error_samples']}" if res["errors"] else ""))
    return 0 if res["errors"] == 0 else 1
