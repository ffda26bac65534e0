"""``python -m canasta.server``: the headless table server (see :mod:`canasta.net.server`).

    python -m canasta.server [--host H] [--port P] [--data DIR] [--certfile F --keyfile K]

Its first line of output is ``listening on ws://H:P`` (``wss://`` with a certificate).
It runs until SIGINT or SIGTERM, then saves every table and exits 0. Tables are kept
under ``DIR/tables`` (default: the game's data folder, ``server`` in it), each like a
saved game, and come back when the server starts again on the same folder.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import ssl
import sys
from pathlib import Path
from typing import Optional

DEFAULT_PORT = 8765


def parse_args(argv: Optional[list[str]] = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m canasta.server", description="The Canasta table server.")
    p.add_argument("--host", default="0.0.0.0", help="address to listen on (default: every interface)")
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"TCP port (default {DEFAULT_PORT}; 0: any free)")
    p.add_argument("--data", help="folder of the tables (default: the game's data folder)")
    p.add_argument("--certfile", help="TLS certificate chain (PEM): serve wss://")
    p.add_argument("--keyfile", help="the certificate's private key (PEM)")
    ns = p.parse_args(argv)
    if bool(ns.certfile) != bool(ns.keyfile):
        p.error("--certfile and --keyfile go together.")
    if not 0 <= ns.port <= 65535:
        p.error("--port must be from 0 to 65535.")
    return ns


async def run(ns: argparse.Namespace) -> int:
    from .net.server import TableServer
    from .store.lock import HELD, InstanceLock
    from .store.paths import data_dir, ensure_dir

    data = Path(ns.data) if ns.data else data_dir() / "server"
    problem = ensure_dir(data)
    if problem:
        print(f"The data folder {data} cannot be used ({problem}).", file=sys.stderr)
        return 2
    lock = InstanceLock(data)
    if lock.acquire() != HELD:
        print(f"Another server is using the data folder {data}.", file=sys.stderr)
        return 2
    context = None
    if ns.certfile:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        try:
            context.load_cert_chain(ns.certfile, ns.keyfile)
        except (OSError, ssl.SSLError) as e:
            print(f"The certificate could not be loaded ({e}).", file=sys.stderr)
            return 2
    server = TableServer(data)
    for line in server.load_tables():
        print(line, file=sys.stderr)
    try:
        ws = await server.serve(ns.host, ns.port, ssl=context)
    except OSError as e:
        print(f"Cannot listen on {ns.host}:{ns.port} ({e.strerror or e}).", file=sys.stderr)
        return 2
    port = ws.sockets[0].getsockname()[1] if ws.sockets else ns.port
    host = f"[{ns.host}]" if ":" in ns.host else ns.host
    print(f"listening on {'wss' if context else 'ws'}://{host}:{port}", flush=True)
    print(f"{len(server.tables)} table(s) loaded from {data}", file=sys.stderr, flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):   # Windows: Ctrl+C raises KeyboardInterrupt
            pass
    try:
        await stop.wait()
    finally:
        ws.close()
        await ws.wait_closed()
        await server.close()
        lock.release()
    print("stopped; every table saved", file=sys.stderr, flush=True)
    return 0


def main(argv: Optional[list[str]] = None) -> int:
    ns = parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(name)s: %(message)s")
    try:
        return asyncio.run(run(ns))
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
