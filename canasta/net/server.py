"""The table server: many tables at once, the only authority over their games.

    python -m canasta.server [--host H] [--port P] [--data DIR] [--certfile F --keyfile K]

It runs the engine and the computer players, and sends each connection only what its
seat may know (:mod:`canasta.net.protocol`). The transport is the ``websockets``
package on asyncio: one thread serves every table, a computer's decision runs on a
worker thread, and every connection has its own queue of outgoing messages, so a
client that stops reading, floods or sends junk slows down nobody else.

Hostile clients: each message is checked by :func:`canasta.net.protocol.parse`; a
connection may send :data:`RATE` messages a second (bursts of :data:`BURST`; a legal
move of its seat is not counted, the game itself paces those) and
:data:`MAX_ERRORS` refused messages a minute before it is closed; a wrong table code
or token from one address is answered more slowly after :data:`FREE_FAILURES` of them
a minute. Never imports pygame.
"""

from __future__ import annotations

import asyncio
import logging
import time
import zlib
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Callable, Optional

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from ..ai import make_player
from ..engine import legal_actions
from ..engine.observe import observe
from ..engine.state import DEAL_OVER
from . import protocol
from .protocol import ProtocolError, encode
from .table import Table

log = logging.getLogger("canasta.server")

RATE = 30.0                # messages a second a connection may send, on average
BURST = 60                 # and at once
MAX_ERRORS = 20            # refused messages a minute before the connection is closed
FREE_FAILURES = 5          # wrong codes or tokens a minute from one address before it is slowed
MAX_QUEUE = 512            # messages waiting for a client that does not read, before it is dropped
TABLES_DIR = "tables"


class Conn:
    """One client connection: its seat once it has one, its limits, its outbox."""

    def __init__(self, ws: ServerConnection, rate: float = RATE, burst: int = BURST):
        self.ws = ws
        self.rate, self.burst = rate, burst
        self.addr = (ws.remote_address or ("?",))[0]
        self.table: Optional[Table] = None
        self.seat: Optional[int] = None
        self.tokens = float(burst)
        self.stamp = time.monotonic()
        self.errors: deque[float] = deque()
        self.outbox: asyncio.Queue[Optional[str]] = asyncio.Queue()
        self.closed = False

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def refused(self, limit: int = MAX_ERRORS) -> bool:
        """Count a refused message; True when the connection has had too many."""
        now = time.monotonic()
        self.errors.append(now)
        while self.errors and self.errors[0] < now - 60:
            self.errors.popleft()
        return len(self.errors) > limit

    def put(self, text: str) -> None:
        if self.closed:
            return
        if self.outbox.qsize() >= MAX_QUEUE:
            # a client that does not read: drop it at once rather than hold its backlog
            self.closed = True
            self.outbox.put_nowait(None)
            transport = self.ws.transport
            if transport is not None:
                transport.abort()
            return
        self.outbox.put_nowait(text)


class TableServer:
    """Every table, every connection, and the computer players' turns."""

    def __init__(self, data: Optional[Path] = None):
        self.data = Path(data) if data is not None else None
        self.tables: dict[str, Table] = {}
        self.conns: dict[str, dict[int, Conn]] = {}
        self.ai_tasks: dict[str, asyncio.Task] = {}
        self.grace: dict[tuple[str, int], asyncio.Task] = {}
        self.missing_since: dict[tuple[str, int], float] = {}
        self.failures: dict[str, deque[float]] = {}
        self.players: dict[tuple[str, int, str], Any] = {}
        self.executor = ThreadPoolExecutor(max_workers=2, thread_name_prefix="canasta-ai")
        #: called with (table or None, seat or None, text) for every message sent (tests)
        self.tap: Optional[Callable[[Optional[Table], Optional[int], str], None]] = None
        self.errors = 0
        #: the limits on hostile clients (module constants; tests change them)
        self.rate, self.burst, self.max_errors = RATE, BURST, MAX_ERRORS
        self.free_failures, self.penalty = FREE_FAILURES, 0.25
        #: the delays given to answers after wrong codes or tokens (seconds, in order)
        self.delays: deque[float] = deque(maxlen=100)

    # -- tables on disk -----------------------------------------------------------------
    def load_tables(self) -> list[str]:
        """Bring back every saved table; return sentences about any that could not be."""
        messages: list[str] = []
        if self.data is None:
            return messages
        root = self.data / TABLES_DIR
        if not root.is_dir():
            return messages
        for folder in sorted(root.iterdir()):
            if folder.is_dir():
                table, said = Table.load(folder)
                messages += [f"table {folder.name}: {m}" for m in said]
                if table is not None:
                    self.tables[table.code] = table
        return messages

    def save_all(self) -> None:
        for table in self.tables.values():
            table.save(checkpoint=True)
            if table.slot is not None:
                table.slot.close()

    # -- sending ------------------------------------------------------------------------
    def send(self, conn: Conn, message: dict) -> None:
        text = encode(message)
        if self.tap is not None:
            self.tap(conn.table, conn.seat, text)
        conn.put(text)

    def to_table(self, table: Table, message_for: Callable[[int], Optional[dict]]) -> None:
        for seat, conn in list(self.conns.get(table.code, {}).items()):
            m = message_for(seat)
            if m is not None:
                self.send(conn, m)

    def table_info(self, table: Table) -> dict:
        info = table.info()
        here = self.conns.get(table.code, {})
        now = time.monotonic()
        for i, s in enumerate(info["seats"]):
            s["connected"] = i in here
            since = self.missing_since.get((table.code, i))
            if since is not None and not table.seats[i].away:
                s["back_within"] = round(max(0.0, table.grace - (now - since)), 1)
        return info

    def tell_seats(self, table: Table) -> None:
        info = self.table_info(table)
        self.to_table(table, lambda seat: info)

    def broadcast_action(self, table: Table, actor: int, action: Any, events: list, new_deal: bool,
                         n: Optional[tuple[int, int]] = None) -> None:
        """Tell every seat what an action did (and the new deal's commitment first)."""
        if new_deal:
            commit = table.commitment()
            self.to_table(table, lambda seat: commit)
        action_json = protocol.action_json(action, table.rules) if action is not None else None

        def update(seat: int) -> dict:
            m = {"t": "update", "seat": actor, "action": action_json,
                 "events": [protocol.event_json(e, seat) for e in events], "obs": table.view(seat)}
            if n is not None and n[0] == seat:
                m["n"] = n[1]
            return m
        self.to_table(table, update)
        if table.state.phase in (DEAL_OVER,) or table.over:
            reveal = table.reveal()
            self.to_table(table, lambda seat: reveal)

    # -- the computer players -----------------------------------------------------------
    def kick(self, table: Table) -> None:
        """Start the computer's turn at this table when the game waits for one."""
        if table.code in self.ai_tasks or not table.started or table.over:
            return
        if not self.conns.get(table.code):
            return   # nobody is there: the table waits
        seat = table.waiting_for()
        if seat is None:
            if table.state.phase == DEAL_OVER and table.all_ready():
                action, events, new = table.next_deal()
                self.broadcast_action(table, -1, action, events, new)
                self.kick(table)
            return
        if table.is_computer(seat):
            self.ai_tasks[table.code] = asyncio.get_running_loop().create_task(self._computer_turn(table, seat))

    async def _computer_turn(self, table: Table, seat: int) -> None:
        try:
            if table.pause:
                await asyncio.sleep(table.pause)
            moves = len(table.actions)
            level = table.level_of(seat)
            key = (table.code, seat, level)
            player = self.players.get(key)
            if player is None:
                player = self.players[key] = make_player(level, seed=zlib.crc32(repr(key).encode()))
            st = table.state
            obs, legal = observe(st, seat), legal_actions(st)
            loop = asyncio.get_running_loop()
            action = await loop.run_in_executor(self.executor, player.choose, obs, legal)
            # a person who came back takes this decision; a move in between voids it
            if len(table.actions) != moves or table.waiting_for() != seat or not table.is_computer(seat):
                return
            raw = protocol.action_json(action, table.rules)
            done, events, new = table.act(seat, raw)
            self.broadcast_action(table, seat, done, events, new)
        except Exception:   # a computer's failure must not stop the table: log it, go on
            self.errors += 1
            log.exception("computer player failed at table %s", table.code)
        finally:
            self.ai_tasks.pop(table.code, None)
        self.kick(table)

    # -- seats coming and going ---------------------------------------------------------
    def attach(self, conn: Conn, table: Table, seat: int) -> None:
        here = self.conns.setdefault(table.code, {})
        old = here.get(seat)
        if old is not None and old is not conn:
            old.table = old.seat = None
            old.closed = True
            old.outbox.put_nowait(None)
        here[seat] = conn
        conn.table, conn.seat = table, seat
        task = self.grace.pop((table.code, seat), None)
        if task is not None:
            task.cancel()
        self.missing_since.pop((table.code, seat), None)
        if table.seats[seat].away:
            table.seats[seat].away = False      # handed back: the person takes the next decision
            table.save(checkpoint=True)

    def detach(self, conn: Conn) -> None:
        table, seat = conn.table, conn.seat
        if table is None or seat is None:
            return
        here = self.conns.get(table.code, {})
        if here.get(seat) is conn:
            del here[seat]
            if table.started and not table.over:
                key = (table.code, seat)
                self.missing_since[key] = time.monotonic()
                self.grace[key] = asyncio.get_running_loop().create_task(self._grace(table, seat))
            self.tell_seats(table)

    async def _grace(self, table: Table, seat: int) -> None:
        await asyncio.sleep(table.grace)
        self.grace.pop((table.code, seat), None)
        self.missing_since.pop((table.code, seat), None)
        table.seats[seat].away = True
        table.save(checkpoint=True)
        self.tell_seats(table)
        self.kick(table)

    def catch_up(self, conn: Conn, table: Table, seat: int) -> None:
        """What a (re)seated client needs: the table, and once dealt the commitment and its view."""
        self.send(conn, self.table_info(table))
        if table.started:
            self.send(conn, table.commitment())
            self.send(conn, self.opening(table, seat))
            if table.state.phase == DEAL_OVER or table.over:
                self.send(conn, table.reveal())

    @staticmethod
    def opening(table: Table, seat: int) -> dict:
        """The deal so far as ``seat`` may see it, from its first card, and its view."""
        return {"t": "update", "seat": -1, "action": None,
                "events": [protocol.event_json(e, seat) for e in table.deal_log], "obs": table.view(seat)}

    # -- the messages -------------------------------------------------------------------
    async def slow_down(self, conn: Conn) -> None:
        now = time.monotonic()
        seen = self.failures.setdefault(conn.addr, deque())
        while seen and seen[0] < now - 60:
            seen.popleft()
        extra = len(seen) - self.free_failures
        delay = min(5.0, self.penalty * 2 ** min(extra, 5)) if extra >= 0 else 0.0
        self.delays.append(delay)
        if delay:
            await asyncio.sleep(delay)

    def failed(self, conn: Conn) -> None:
        seen = self.failures.setdefault(conn.addr, deque())
        seen.append(time.monotonic())
        if len(seen) > 1000:
            seen.popleft()

    def find(self, code: str) -> Table:
        table = self.tables.get(code)
        if table is None:
            raise ProtocolError("No table has that code.")
        return table

    async def handle(self, conn: Conn, msg: dict) -> None:
        t = msg["t"]
        if t in ("create", "join", "resume", "look") and conn.table is not None:
            raise ProtocolError("This connection already has a seat.")
        if t in ("start", "act", "chat") and conn.table is None:
            raise ProtocolError("Create or join a table first.")
        if t == "create":
            code = protocol.new_code()
            while code in self.tables:
                code = protocol.new_code()
            folder = self.data / TABLES_DIR / code if self.data is not None else None
            table, token = Table.create(code, msg, folder)
            self.tables[code] = table
            self.seated(conn, table, msg["seat"], token)
        elif t in ("join", "resume"):
            await self.slow_down(conn)
            try:
                table = self.find(msg["code"])
                if t == "join":
                    seat, token = msg["seat"], table.join(msg["seat"], msg["name"])
                else:
                    seat, token = table.seat_of(msg["token"]), msg["token"]
                    if seat is None:
                        raise ProtocolError("That token holds no seat at this table.")
            except ProtocolError:
                self.failed(conn)
                raise
            self.seated(conn, table, seat, token)
        elif t == "look":
            await self.slow_down(conn)
            try:
                table = self.find(msg["code"])
            except ProtocolError:
                self.failed(conn)
                raise
            self.send(conn, self.table_info(table))
        elif t == "chat":
            table, seat = conn.table, conn.seat
            line = {"t": "chat", "seat": seat, "name": table.seats[seat].name, "text": msg["text"]}
            self.to_table(table, lambda s: line)
        elif t == "start":
            table = conn.table
            table.start(conn.seat)
            self.tell_seats(table)
            commit = table.commitment()
            self.to_table(table, lambda seat: commit)
            self.to_table(table, lambda seat: self.opening(table, seat))
            self.kick(table)
        elif t == "act":
            table, seat = conn.table, conn.seat
            if table.is_computer(seat):
                raise ProtocolError("A computer is playing for this seat.")
            action, events, new = table.act(seat, msg["action"])
            if action is not None:
                conn.tokens = min(conn.burst, conn.tokens + 1)   # a legal move is never counted as flooding
                self.broadcast_action(table, seat, action, events, new, (seat, msg["n"]))
            else:
                self.send(conn, {"t": "waiting", "n": msg["n"]})
            self.kick(table)

    def seated(self, conn: Conn, table: Table, seat: int, token: str) -> None:
        self.attach(conn, table, seat)
        self.send(conn, {"t": "seated", "code": table.code, "seat": seat, "token": token})
        self.catch_up(conn, table, seat)
        self.tell_seats(table)
        self.kick(table)

    async def writer(self, conn: Conn) -> None:
        try:
            while True:
                text = await conn.outbox.get()
                if text is None:
                    await conn.ws.close(1000, "goodbye")
                    return
                await conn.ws.send(text)
        except ConnectionClosed:
            return

    async def connection(self, ws: ServerConnection) -> None:
        conn = Conn(ws, self.rate, self.burst)
        writer = asyncio.get_running_loop().create_task(self.writer(conn))
        self.send(conn, {"t": "welcome", "server": "canasta", "protocol": protocol.VERSION})
        try:
            async for data in ws:
                if conn.closed:
                    break
                try:
                    if not conn.allow():
                        raise ProtocolError("Too many messages: slow down.")
                    await self.handle(conn, protocol.parse(data))
                except ProtocolError as e:
                    self.send(conn, {"t": "error", "msg": protocol.one_line(str(e))})
                    if conn.refused(self.max_errors):
                        self.send(conn, {"t": "error", "msg": "Too many bad messages: goodbye."})
                        conn.closed = True
                        conn.outbox.put_nowait(None)
                        break
                except Exception:   # a bug must not bring the server down: log it, refuse the message
                    self.errors += 1
                    log.exception("message failed")
                    self.send(conn, {"t": "error", "msg": "The server could not handle that message."})
        except ConnectionClosed:
            pass
        finally:
            self.detach(conn)
            if not conn.closed:
                conn.closed = True
                conn.outbox.put_nowait(None)
            try:
                await asyncio.wait_for(writer, 5)
            except (asyncio.TimeoutError, Exception):
                writer.cancel()

    async def serve(self, host: str, port: int, ssl=None):
        """Start listening; returns the websockets server (its ``sockets`` give the port)."""
        return await serve(self.connection, host, port, ssl=ssl, max_size=4 * protocol.MAX_MESSAGE,
                           max_queue=16, compression=None, ping_interval=20, ping_timeout=20)

    def say_closing(self) -> None:
        """Tell every connection the table is closing (the host quits): it comes back
        when the host opens it again, and the clients keep trying until then."""
        for code, here in self.conns.items():
            for conn in list(here.values()):
                self.send(conn, {"t": "closing", "msg": "The host closed the table: it comes back when "
                                                        "they open the game and choose Continue."})

    async def close(self) -> None:
        """Stop the computers and the timers and save every table."""
        for task in [*self.ai_tasks.values(), *self.grace.values()]:
            task.cancel()
        self.save_all()
        self.executor.shutdown(wait=False, cancel_futures=True)
