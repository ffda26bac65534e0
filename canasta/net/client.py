"""A headless client of the table server, and a computer player that plays through it.

    client = TableClient("ws://127.0.0.1:8765", name="Ann")
    await client.connect()
    code = await client.create(seats=["person", "person", "medium", "medium"])
    await client.start()
    await client.act(Discard(57))

:class:`TableClient` keeps what the server sent its seat: the table (``info``), its
observation (``obs``, an engine :class:`~canasta.engine.observe.Observation`), the
events of each action (``updates``), and a log of sentences (``log``): the shuffle check
of every deal, and any refusal. When the connection drops (and the client did not close
it) it comes back by itself with its token, waiting longer after each failed attempt
(backoff). Subclasses react to :meth:`on_update`. :class:`ComputerClient` plays its seat
with a computer player of a given level, as a person's client would: from its
observation only, a pause before each move.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from typing import Any, Optional

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from ..ai import make_player
from ..engine import legal_actions
from ..engine.observe import Observation, sample_state
from ..engine.record import action_to_json
from ..engine.registry import default_name
from ..engine.rules import Rules
from ..engine.state import DEAL_OVER, GAME_OVER
from . import protocol
from ..i18n import t
from .shuffle import Seen, check_deal


class ServerRefused(Exception):
    """The server answered a request with an error (the message is its sentence)."""


class NoAnswer(ServerRefused):
    """The server did not answer a request in time."""


class TableClient:
    """One seat's connection to a table server (see the module documentation)."""

    def __init__(self, url: str, name: str = "Player", *, reconnect: bool = True, ssl: Any = None,
                 backoff: tuple[float, float] = (0.1, 5.0)):
        self.url = url
        self.name = name
        self.reconnect = reconnect
        self.ssl = ssl
        self.backoff = backoff
        self.patience = 30.0                 # seconds to wait for the answer to a request
        self.open_timeout = 10.0             # seconds to wait for the connection to open
        self.ws: Optional[ClientConnection] = None
        self.code: Optional[str] = None
        self.seat: Optional[int] = None
        self.token: Optional[str] = None
        self.info: dict = {}
        self.view: Optional[dict] = None     # the observation as sent (read without decoding)
        self._obs: Optional[Observation] = None
        self.log: list[str] = []
        self.warnings: list[str] = []
        self.errors: list[str] = []
        self.received: list[str] = []        # every message's text, in order
        self.updates = 0
        self.checked_deals: list[tuple[int, bool]] = []
        self.reconnects = 0
        self.played: list[tuple[int, dict]] = []   # (seat, action) of every action seen, in order
        self.reveals: dict[int, str] = {}          # deal -> its revealed seed
        self._commits: dict[int, str] = {}
        self._moves: dict[int, list[Seen]] = {}
        self._deal = -1
        self._replies: asyncio.Queue = asyncio.Queue()
        self._reader: Optional[asyncio.Task] = None
        self._closing = False
        self._n = 0
        self._sent: dict[int, float] = {}
        self.round_trips: list[float] = []   # seconds from sending an action to its result
        self.changed = asyncio.Event()
        self.done = asyncio.Event()          # the game is over (or the client closed)

    # -- the connection -----------------------------------------------------------------
    async def connect(self) -> None:
        self.ws = await connect(self.url, ssl=self.ssl, max_size=None, compression=None,
                                open_timeout=self.open_timeout)
        self._reader = asyncio.get_running_loop().create_task(self._read(self.ws))
        await self._reply("welcome")

    async def close(self) -> None:
        self._closing = True
        self.done.set()
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            try:
                await asyncio.wait_for(self._reader, 5)
            except (asyncio.TimeoutError, Exception):
                self._reader.cancel()

    async def drop(self) -> None:
        """Lose the connection abruptly (no closing handshake), as a crash would."""
        if self.ws is not None and self.ws.transport is not None:
            self.ws.transport.abort()

    async def send(self, message: dict) -> None:
        assert self.ws is not None
        await self.ws.send(protocol.encode(message))

    async def _reply(self, *types: str) -> dict:
        while True:
            try:
                m = await asyncio.wait_for(self._replies.get(), self.patience)
            except asyncio.TimeoutError:
                seconds = int(self.patience) if float(self.patience).is_integer() else self.patience
                raise NoAnswer(t("The server did not answer within {seconds} seconds.", seconds=seconds)) from None
            if m["t"] == "error":
                raise ServerRefused(m["msg"])
            if m["t"] in types:
                return m

    # -- requests -----------------------------------------------------------------------
    async def create(self, game: Optional[str] = None, seats: Optional[list[str]] = None, *, seat: int = 0,
                     rules: Optional[dict] = None, grace: float = 90, level: str = "medium", fill: bool = True,
                     pause: float = 0.6) -> str:
        seats = seats or ["person"] * 4
        await self.send({"t": "create", "game": game or default_name(), "rules": rules or {}, "seats": seats,
                         "seat": seat,
                         "name": self.name, "grace": grace, "level": level, "fill": fill, "pause": pause})
        return (await self._seated())["code"]

    async def join(self, code: str, seat: int) -> None:
        await self.send({"t": "join", "code": code, "seat": seat, "name": self.name})
        await self._seated()

    async def resume(self) -> None:
        await self.send({"t": "resume", "code": self.code, "token": self.token})
        await self._seated()

    async def _seated(self) -> dict:
        m = await self._reply("seated")
        self.code, self.seat, self.token = m["code"], m["seat"], m["token"]
        return m

    async def start(self) -> None:
        await self.send({"t": "start"})

    async def act(self, action: Any) -> int:
        """Send an engine action (or its record JSON); returns its number ``n``."""
        raw = action if isinstance(action, dict) else action_to_json(action, self.rules)
        self._n += 1
        self._sent[self._n] = time.perf_counter()
        await self.send({"t": "act", "action": raw, "n": self._n})
        return self._n

    @property
    def obs(self) -> Optional[Observation]:
        """The seat's observation, as the engine's Observation (decoded when first asked)."""
        if self._obs is None and self.view is not None:
            self._obs = protocol.observation_from_json(self.view)
        return self._obs

    @property
    def rules(self) -> Rules:
        if self.view is not None:
            return Rules.from_dict(self.view["rules"])
        return Rules.from_dict(self.info["rules"])

    # -- what arrives -------------------------------------------------------------------
    async def _read(self, ws: ClientConnection) -> None:
        try:
            async for text in ws:
                self.received.append(text)
                m = json.loads(text)
                self._handle(m)
        except ConnectionClosed:
            pass
        if self._closing or not self.reconnect or self.code is None or self.token is None:
            self.done.set()
            return
        asyncio.get_running_loop().create_task(self._come_back())

    async def _come_back(self) -> None:
        delay = self.backoff[0]
        while not self._closing:
            await asyncio.sleep(delay * (0.5 + random.random()))
            try:
                await self.connect()
                await self.resume()
                self.reconnects += 1
                return
            except (OSError, ConnectionClosed, InvalidHandshake, asyncio.TimeoutError, NoAnswer):
                delay = min(self.backoff[1], delay * 2)
            except ServerRefused as e:
                self.errors.append(str(e))
                self.done.set()
                return

    def _handle(self, m: dict) -> None:
        t = m.get("t")
        if t in ("welcome", "seated", "waiting"):
            self._replies.put_nowait(m)
        elif t == "error":
            self.errors.append(m["msg"])
            self._replies.put_nowait(m)
            self.on_error(m["msg"])
        elif t == "table":
            self.info = m
        elif t == "commit":
            self._commits[m["deal"]] = m["hash"]
            self._moves[m["deal"]] = []
        elif t == "update":
            self._update(m)
        elif t == "reveal":
            self._reveal(m)
        self.changed.set()

    def _update(self, m: dict) -> None:
        self.view, self._obs = m["obs"], None
        deal = self.view["deal_number"]
        if m.get("seat") == -1 and m.get("action") is None:
            self._moves[deal] = []          # the deal from its first card (start, or back after a drop)
        moves = self._moves.setdefault(deal, [])
        for raw in m["events"]:
            e = protocol.event_from_json(raw)
            if e.kind == "move":
                moves.append(Seen(e.card, e.src, e.dst))
            elif e.kind == "pile_to_stock":      # the pile turned over into a new stock
                moves += [Seen(c, ("pile",), ("stock",)) for c in e.info]
        if m.get("action") is not None:
            self.played.append((m["seat"], m["action"]))
        n = m.get("n")
        if n is not None and n in self._sent:
            self.round_trips.append(time.perf_counter() - self._sent.pop(n))
        self.updates += 1
        self.on_update(m)

    def _reveal(self, m: dict) -> None:
        deal = m["deal"]
        self.reveals[deal] = m["seed"]
        committed = self._commits.get(deal)
        if any(d == deal for d, _ in self.checked_deals):
            pass                             # sent again after a reconnection: checked already
        elif committed is None:
            self.log.append(t("Deal {number}: the shuffle was not checked (its commitment was not received).",
                              number=deal + 1))
        else:
            self._check(deal, m, committed)
        if self.view is not None and self.view["phase"] == GAME_OVER:
            self.done.set()                  # the last deal's seed is in: the game is over

    def _check(self, deal: int, m: dict, committed: str) -> None:
        ok, sentence = check_deal(self.rules, deal, m["seed"], m["salt"], committed, self._moves.get(deal, []))
        self.checked_deals.append((deal, ok))
        self.log.append(sentence)
        if not ok:
            self.warnings.append(sentence)

    def on_update(self, m: dict) -> None:
        """Called after each update (the observation is ``self.obs``)."""

    def on_error(self, message: str) -> None:
        """Called when the server refuses something this client sent."""


class ComputerClient(TableClient):
    """A client whose seat is played by a computer player of ``level``, ``think``
    seconds after its turn comes."""

    def __init__(self, url: str, name: str = "Computer", level: str = "easy", think: float = 0.0, **kw):
        super().__init__(url, name, **kw)
        self.player = make_player(level)
        self.think = think
        self._task: Optional[asyncio.Task] = None
        self._rng = random.Random(0)
        self._dirty = False
        self._last: Optional[tuple] = None

    def on_update(self, m: dict) -> None:
        if m.get("seat") == -1 and m.get("action") is None:
            # the deal from its start, after (re)joining: a move sent just before the
            # connection dropped may never have reached the server, so decide afresh
            self._last = None
        self._dirty = True
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._play())

    def on_error(self, message: str) -> None:
        # refused (too fast, or the position moved on): decide again a moment later
        self._last = None
        asyncio.get_running_loop().call_later(0.25, self.on_update, {})

    async def _play(self) -> None:
        """Look at the newest observation until none came while deciding."""
        while self._dirty:
            self._dirty = False
            try:
                await self._maybe_act()
            except ConnectionClosed:
                self._last = None            # the move is made again once back

    async def _maybe_act(self) -> None:
        ob = self.view
        if ob is None or self.seat is None:
            return
        if ob["phase"] == DEAL_OVER:
            key: tuple = ("next", ob["deal_number"])
        elif ob["phase"] != GAME_OVER and ob["to_act"] == self.seat:
            key = ("act", len(ob["public_history"]), ob["turn"], ob["phase"], tuple(ob["hand_sizes"]),
                   ob["stock_size"], ob["deal_number"], ob["asked"])
        else:
            return
        if self._last == key:
            return
        if self.think:
            await asyncio.sleep(self.think)
            if ob is not self.view:          # something happened meanwhile: look again
                self._dirty = True
                return
        self._last = key
        if ob["phase"] == DEAL_OVER:
            await self.act({"type": "next_deal"})
            return
        obs = self.obs
        legal = legal_actions(sample_state(obs, self._rng))
        await self.act(self.player.choose(obs, legal))
