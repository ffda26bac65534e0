"""Helpers of the network tests: a table server on 127.0.0.1 (an OS-chosen port), in
this process (in the test's own event loop, or on a thread of its own for the tests
that talk to it with blocking sockets), and tables of computer-player clients."""

from __future__ import annotations

import asyncio
import threading

import pytest

from canasta.engine import Rules, apply_in_place, new_game
from canasta.engine.actions import NextDeal
from canasta.engine.record import action_from_json
from canasta.net.client import ComputerClient
from canasta.net.server import TableServer

#: options that keep a whole game short (two deals or so) while still going to its end
SHORT = {
    "classic": {"target_score": 1500},
    "samba": {"target_score": 2500},
    "bolivia": {"target_score": 3000},
    "hand_and_foot": {"deals": 2},
    "american": {"target_score": 600},
}


async def start_server(data=None) -> tuple[TableServer, object, str]:
    server = TableServer(data)
    ws = await server.serve("127.0.0.1", 0)
    port = ws.sockets[0].getsockname()[1]
    return server, ws, f"ws://127.0.0.1:{port}"


async def stop_server(server, ws) -> None:
    ws.close()
    await ws.wait_closed()
    await server.close()


async def seat_four(url: str, game: str = "classic", rules=None, level: str = "easy", think: float = 0.0,
                    grace: float = 90, clients=None, **kw) -> tuple[str, list[ComputerClient]]:
    """Four computer-player clients seated at a new table (not yet started)."""
    clients = clients or [ComputerClient(url, f"P{i}", level, think, **kw) for i in range(4)]
    for c in clients:
        await c.connect()
    code = await clients[0].create(game, ["person"] * 4, rules=rules if rules is not None else SHORT[game],
                                   grace=grace, pause=0, fill=False)
    for i in (1, 2, 3):
        await clients[i].join(code, i)
    return code, clients


async def finish(clients, timeout: float = 600) -> None:
    """Wait until every client has seen the game end (``timeout`` only guards against a hang)."""
    await asyncio.wait_for(asyncio.gather(*(c.done.wait() for c in clients)), timeout)


def replay_locally(rules: Rules, dealer: int, seeds: dict, played: list):
    """The same game played with the engine alone: each deal from its revealed seed,
    the actions as the clients saw them."""
    st = new_game(rules, seeds[0], dealer)
    for _seat, raw in played:
        action = action_from_json(raw, st.card_limit, "move", rules)
        if isinstance(action, NextDeal):
            st.seed = seeds[st.deal_number + 1]
        apply_in_place(st, action)
    return st


class ThreadServer:
    """A server running on its own thread and event loop (for blocking clients)."""

    def __init__(self):
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.server, self.ws, self.url = self.call(start_server())

    def call(self, coro, timeout: float = 600):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def close(self):
        self.call(stop_server(self.server, self.ws))
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


@pytest.fixture
def thread_server():
    s = ThreadServer()
    yield s
    s.close()
