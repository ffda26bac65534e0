"""A table connection for a window that must never wait: the network runs on a thread of its own.

:class:`NetLink` owns one background thread with an asyncio loop. On that loop a
:class:`~canasta.net.client.TableClient` talks to the server and, when this computer
hosts the table, a :class:`~canasta.net.server.TableServer` listens too (the game
starts its own server: nothing to install or run by hand). The window's frame loop
calls only methods that return at once:

* :meth:`NetLink.host`, :meth:`NetLink.create`, :meth:`NetLink.look`,
  :meth:`NetLink.join` return a :class:`Pending`, polled each frame (``done``,
  ``error`` as one sentence, ``result``);
* :meth:`NetLink.act`, :meth:`NetLink.start`, :meth:`NetLink.chat` queue a message;
* :meth:`NetLink.poll` takes what arrived, already decoded on the network thread: an
  :class:`Update` per action (the seat's observation, the events, the action, and a
  full state that agrees with the observation for the window's questions of the
  engine), and a :class:`Note` for the rest (the table's seats, the link going down
  and coming back, the shuffle check's sentence, a refusal, a chat line).

No socket is opened, read or written on the caller's thread: the test
``tests/ui/test_online.py`` checks it by recording the thread of every send and receive.
Never imports pygame.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import queue
import random
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from ..engine.events import Event
from ..i18n import t
from ..engine.observe import Observation, sample_state
from ..engine.record import action_from_json
from ..engine.state import State
from . import protocol
from .client import NoAnswer, ServerRefused, TableClient

DEFAULT_PORT = 8765
#: seconds to wait for a server to answer before saying it is not there
CONNECT_SECONDS = 4.0
#: threads that did network work (the tests check the window's thread is not among them)
NETWORK_THREADS: set[str] = set()


@dataclass
class Update:
    """An action as the seat saw it (``seat`` -1 and no action: the deal so far, sent at
    the start and after a reconnection)."""

    seat: int
    action: Any
    events: list[Event]
    obs: Observation
    mirror: State
    n: Optional[int] = None
    #: what the window worked out ahead, on the network thread (see ``NetLink.prepare``)
    prepared: Any = None

    @property
    def opening(self) -> bool:
        return self.seat == -1 and self.action is None


@dataclass
class Note:
    """Anything else that arrived: ``kind`` is "table" (the seats, ``data`` the message),
    "link" ("down", "up" or "gone"), "log" (a sentence for the move log), "warning",
    "error" (the server refused what was sent), "waiting" (the next deal waits for the
    others), "chat" (``data``: seat, name, text), "record" (a finished deal's record)."""

    kind: str
    data: Any = None


class Pending:
    """A request running on the network thread; the window polls it each frame."""

    def __init__(self, future: concurrent.futures.Future):
        self.future = future

    def done(self) -> bool:
        return self.future.done()

    def error(self) -> Optional[str]:
        """One sentence when the request failed (None while running or after success)."""
        if not self.future.done():
            return None
        exc = self.future.exception()
        return None if exc is None else describe_failure(exc)

    def result(self) -> Any:
        return self.future.result()


def describe_failure(exc: BaseException) -> str:
    """What went wrong in a sentence a player can act on."""
    if isinstance(exc, ServerRefused):
        return exc.args[0] if exc.args and isinstance(exc.args[0], str) else str(exc)
    if isinstance(exc, (InvalidURI, ValueError)):
        return "That is not a server address: type it as 192.168.1.20:8765 (the port after the colon)."
    if isinstance(exc, (asyncio.TimeoutError, TimeoutError)):
        return "No table server answered at that address: check it, and that the host's game is open."
    if isinstance(exc, ConnectionRefusedError):
        return "No table server is listening at that address: check the port, and that the host's game is open."
    if isinstance(exc, (OSError, InvalidHandshake, ConnectionClosed)):
        return "That address could not be reached: check it, and that both computers are on the network."
    return t("The connection failed ({reason}).", reason=type(exc).__name__)


def server_url(address: str) -> str:
    """``host[:port]`` (or a ws:// or wss:// address) as the server's URL; raises
    ValueError with a sentence when it cannot be one."""
    text = address.strip()
    if not text:
        raise ValueError("Type the host's address.")
    if "://" in text:
        scheme = text.split("://", 1)[0]
        if scheme not in ("ws", "wss"):
            raise ValueError("The address starts with ws:// or wss://, or with the computer's address.")
        return text
    host, _, port = text.rpartition(":") if text.count(":") == 1 else (text, "", "")
    if not host:
        host, port = text, ""
    if port and (not port.isdigit() or not 0 < int(port) < 65536):
        raise ValueError("The port (after the colon) is a number from 1 to 65535.")
    if any(c.isspace() for c in host) or "/" in host:
        raise ValueError("That is not a computer's address.")
    return f"ws://{host}:{port or DEFAULT_PORT}"


class WindowClient(TableClient):
    """The window's client: what arrives is decoded and handed to the link's inbox."""

    def __init__(self, link: "NetLink", url: str, name: str, **kw):
        super().__init__(url, name, **kw)
        self.link = link
        self.open_timeout = CONNECT_SECONDS
        self.patience = 10.0
        self._rng = random.Random(0)
        self.looking = False         # a "look" waits for the table's seats

    async def connect(self) -> None:
        NETWORK_THREADS.add(threading.current_thread().name)
        await super().connect()

    async def send(self, message: dict) -> None:
        NETWORK_THREADS.add(threading.current_thread().name)
        await super().send(message)

    def _handle(self, m: dict) -> None:
        NETWORK_THREADS.add(threading.current_thread().name)
        try:
            self._pass_on(m)
        except Exception:
            # never leave the window behind the table: say what failed, and come back
            # (the server sends the whole deal again on a resume)
            import sys
            import traceback
            print("canasta: a message from the table could not be read; reconnecting", file=sys.stderr)
            traceback.print_exc()
            if self.ws is not None and self.ws.transport is not None:
                self.ws.transport.abort()

    def _pass_on(self, m: dict) -> None:
        said = len(self.log)
        super()._handle(m)
        t = m.get("t")
        put = self.link.inbox.put
        if t == "table":
            put(Note("table", m))
            if self.looking:
                self.looking = False
                self._replies.put_nowait(m)
        elif t == "update":
            u = self._decode(m)
            if self.link.prepare is not None:
                self.link.prepare(u)     # never raises: the window works out what it could not
            put(u)
        elif t == "reveal":
            for sentence in self.log[said:]:
                put(Note("warning" if sentence in self.warnings else "log", sentence))
            if isinstance(m.get("record"), dict):
                put(Note("record", m["record"]))
        elif t == "error":
            put(Note("error", m.get("msg", "")))
        elif t == "waiting":
            put(Note("waiting"))
        elif t == "chat":
            put(Note("chat", {"seat": m.get("seat"), "name": m.get("name", ""), "text": m.get("text", "")}))
        elif t == "closing":
            put(Note("closing", m.get("msg", "")))

    def _decode(self, m: dict) -> Update:
        obs = self.obs
        assert obs is not None
        events = [protocol.event_from_json(e) for e in m["events"]]
        action = None
        if m.get("action") is not None:
            action = action_from_json(m["action"], 10**6, "The action", obs.rules)
        return Update(m.get("seat", -1), action, events, obs, sample_state(obs, self._rng), m.get("n"))

    async def _come_back(self) -> None:
        self.link.inbox.put(Note("link", "down"))
        before = self.reconnects
        await super()._come_back()
        self.link.inbox.put(Note("link", "up" if self.reconnects > before else "gone"))


class NetLink:
    """One seat's connection (and, for the host, the table server) on a thread of its
    own; see the module documentation."""

    def __init__(self, name: str = "Player"):
        self.name = name
        self.inbox: "queue.SimpleQueue[Any]" = queue.SimpleQueue()
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._run, name="canasta-net", daemon=True)
        self.thread.start()
        self.client: Optional[WindowClient] = None
        self.server = None            # the TableServer this computer hosts, if any
        self.listener = None          # its websockets server
        self.port: Optional[int] = None
        self.url: Optional[str] = None
        self.closed = False
        #: called with each update on the network thread before the window gets it, to
        #: work out ahead what the window needs of it (set by the window: it knows what)
        self.prepare: Optional[Any] = None

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_forever()

    def submit(self, coro) -> Pending:
        return Pending(asyncio.run_coroutine_threadsafe(coro, self.loop))

    def _later(self, make) -> None:
        """Run ``make()`` (a coroutine) on the network thread; never waits."""
        if self.closed:
            return

        def go():
            task = self.loop.create_task(self._quietly(make()))
            task.add_done_callback(lambda t: None)
        self.loop.call_soon_threadsafe(go)

    async def _quietly(self, coro) -> None:
        try:
            await coro
        except (ConnectionClosed, OSError, AssertionError):
            pass          # the link is down: the client comes back by itself

    # -- hosting --------------------------------------------------------------------
    def host(self, data: Optional[Path], address: tuple[str, int] = ("0.0.0.0", DEFAULT_PORT)) -> Pending:
        """Start a table server in this game (result: the port it listens on). A busy
        port gives way to one the system picks."""
        return self.submit(self._host(data, address))

    async def _host(self, data: Optional[Path], address: tuple[str, int], keep_port: float = 0.0) -> int:
        """``keep_port``: seconds to keep trying the same port (a table coming back: the
        others reconnect to that port, and the last server on it may still be closing)."""
        from .server import TableServer
        NETWORK_THREADS.add(threading.current_thread().name)
        server = TableServer(data)
        server.load_tables()
        host, port = address
        end = asyncio.get_running_loop().time() + keep_port
        while True:
            try:
                listener = await server.serve(host, port)
                break
            except OSError:
                if port == 0:
                    raise
                if asyncio.get_running_loop().time() < end:
                    await asyncio.sleep(0.2)
                    continue
                listener = await server.serve(host, 0)
                break
        self.server, self.listener = server, listener
        self.port = listener.sockets[0].getsockname()[1]
        return self.port

    def local_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    # -- seats ----------------------------------------------------------------------
    def _new_client(self, url: str) -> WindowClient:
        if self.client is not None:
            old = self.client
            self.loop.create_task(old.close())
        self.url = url
        self.client = WindowClient(self, url, self.name)
        return self.client

    def create(self, url: str, game: str, rules: dict, seats: list[str], seat: int, level: str = "medium",
               grace: float = 90, pause: float = 0.6) -> Pending:
        """Create a table on the server at ``url`` and sit at ``seat`` (result: the code)."""
        async def go():
            c = self._new_client(url)
            await c.connect()
            return await c.create(game, seats, seat=seat, rules=rules, grace=grace, level=level, fill=True,
                                  pause=pause)
        return self.submit(go())

    def look(self, url: str, code: str) -> Pending:
        """The table with this code, without sitting down (result: its ``table`` message)."""
        async def go():
            c = self._new_client(url)
            await c.connect()
            c.looking = True
            await c.send({"t": "look", "code": code})
            return await c._reply("table")
        return self.submit(go())

    def join(self, url: str, code: str, seat: int) -> Pending:
        async def go():
            c = self.client if (self.client is not None and self.client.url == url and self.client.ws is not None
                                and self.client.code is None) else None
            if c is None:
                c = self._new_client(url)
                await c.connect()
            await c.join(code, seat)
            return c.code
        return self.submit(go())

    def resume(self, url: str, code: str, token: str) -> Pending:
        """Sit again at a table this seat had (after the game was closed, or the host's
        came back): the token is the seat's."""
        async def go():
            c = self._new_client(url)
            await c.connect()
            c.code, c.token = code, token
            await c.resume()
            return c.code
        return self.submit(go())

    # -- at the table (never waits) -------------------------------------------------
    def start(self) -> None:
        self._later(lambda: self.client.start())

    def act(self, raw: dict) -> None:
        self._later(lambda: self.client.act(raw))

    def chat(self, text: str) -> None:
        self._later(lambda: self.client.send({"t": "chat", "text": text}))

    def drop(self) -> None:
        """Lose the connection abruptly, as a broken network would (the tests' way to
        check that the game comes back by itself)."""
        if self.client is not None:
            self.loop.call_soon_threadsafe(lambda: self.loop.create_task(self.client.drop()))

    def poll(self) -> list:
        """Everything that arrived since the last call (never waits)."""
        out = []
        if self.inbox.empty():          # most frames: nothing (no exception raised and caught)
            return out
        while True:
            try:
                out.append(self.inbox.get_nowait())
            except queue.Empty:
                return out

    @property
    def seat(self) -> Optional[int]:
        return self.client.seat if self.client is not None else None

    @property
    def code(self) -> Optional[str]:
        return self.client.code if self.client is not None else None

    @property
    def token(self) -> Optional[str]:
        return self.client.token if self.client is not None else None

    def close(self, wait: float = 3.0) -> None:
        """Leave the table (and stop hosting: the tables are saved first)."""
        if self.closed:
            return
        self.closed = True

        async def go():
            if self.client is not None:
                await self.client.close()
            if self.server is not None:
                self.server.say_closing()
                await asyncio.sleep(0.05)
                self.listener.close()
                await self.listener.wait_closed()
                await self.server.close()
        try:
            asyncio.run_coroutine_threadsafe(go(), self.loop).result(wait)
        except Exception:
            pass
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(wait)
