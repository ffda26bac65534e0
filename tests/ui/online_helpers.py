"""Helpers of the online window tests: a person at another computer (a headless client on
a thread of its own), and waiting for the network while the window's frames go on."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Optional

from harness import DT, click

from canasta.net.client import ComputerClient


class Remote:
    """A computer-player client on its own thread and event loop, as another person's
    game would be (the window's test thread never waits on it but through ``call``)."""

    def __init__(self, url: str, name: str = "Ana", level: str = "easy", think: float = 0.0):
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.client = ComputerClient(url, name, level, think)

    def call(self, coro, timeout: float = 30):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def join(self, code: str, seat: int) -> None:
        self.call(self.client.connect())
        self.call(self.client.join(code, seat))

    def close(self) -> None:
        try:
            self.call(self.client.close(), 10)
        except Exception:
            pass
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


def wait_for(app, condition, seconds: float = 30.0) -> bool:
    """Draw frames (as the frame loop does) until ``condition()`` or ``seconds`` pass."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.step(DT, [])
        if condition():
            return True
        time.sleep(0.005)
    return condition()


def host_table(app, session, modes: dict, name: Optional[str] = "Sam"):
    """Host a table from the main menu: Play online, Host a table, seats as ``modes``
    (seat -> "me" / "open" / "computer"), Create table; returns the lobby once the
    table exists. ``name``: the host's seat's name typed in the form (None: the form's
    own)."""
    from canasta.ui.online.screens import HostScreen, LobbyScreen
    click(app, app.scene.control("online"))
    click(app, app.scene.control("host"))
    form = app.scene
    assert isinstance(form, HostScreen)
    if name is not None:
        form.seats[0].name = name
    for seat, mode in modes.items():
        form.set_mode(seat, mode)
    click(app, form.control("start"))
    lobby = app.scene
    assert isinstance(lobby, LobbyScreen)
    assert wait_for(app, lambda: bool(lobby.info)), lobby.error
    return lobby


def start_with_ana(app, session, **remote):
    """The table most online tests play: Sam hosts (seat 0) with computers at 1 and 3,
    Ana (a :class:`Remote`, with ``remote``'s options) takes seat 2, and Sam starts.
    Returns (the lobby, the table's code, Ana) once the window shows the table."""
    from canasta.ui.online.scene import OnlineTableScene
    lobby = host_table(app, session, {2: "open", 1: "computer", 3: "computer"})
    code = lobby.info["code"]
    ana = Remote(lobby.link.local_url(), "Ana", **remote)
    try:
        ana.join(code, 2)
        assert wait_for(app, lambda: lobby.info["seats"][2].get("taken"))
        click(app, lobby.control("start"))
        assert wait_for(app, lambda: isinstance(app.scene, OnlineTableScene))
    except BaseException:
        ana.close()
        raise
    return lobby, code, ana


def play_my_turns(app, until, seconds: float = 120.0, level: str = "easy") -> bool:
    """Frames go on; at each of this window's turns a quick computer player picks the
    move and the table makes it (checked, then sent to the server)."""
    from canasta.ai import make_player
    from canasta.engine import legal_actions
    player = make_player(level)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        scene = app.scene
        app.step(DT, [])
        if until():
            return True
        ctl = getattr(scene, "ctl", None)
        if ctl is not None and (ctl.my_turn() or ctl.answering()):
            st = ctl.state
            ctl.perform(player.choose(ctl.obs, legal_actions(st)))
        time.sleep(0.002)
    return until()


class ServerThread:
    """A table server on 127.0.0.1 (a port the system picks) on a thread of its own, as
    another computer's would be."""

    def __init__(self, data=None):
        from canasta.net.server import TableServer
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.server = TableServer(data)

        async def go():
            return await self.server.serve("127.0.0.1", 0)
        self.ws = asyncio.run_coroutine_threadsafe(go(), self.loop).result(10)
        self.port = self.ws.sockets[0].getsockname()[1]
        self.address = f"127.0.0.1:{self.port}"
        self.url = f"ws://{self.address}"

    def remote(self, name: str, level: str = "easy") -> "Remote":
        r = Remote(self.url, name, level)
        return r

    def close(self) -> None:
        if getattr(self, "closed", False):
            return
        self.closed = True

        async def go():
            self.ws.close()
            await self.ws.wait_closed()
            await self.server.close()
        try:
            asyncio.run_coroutine_threadsafe(go(), self.loop).result(10)
        except Exception:
            pass
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


def create_table(remote: Remote, seats, seat: int = 0, **kw) -> str:
    remote.call(remote.client.connect())
    return remote.call(remote.client.create("classic", seats, seat=seat, pause=kw.pop("pause", 0.05), **kw))


def open_join_screen(app):
    from canasta.ui.online.screens import JoinScreen

    class NoNetwork:
        def tables(self):
            return []

        def problem(self):
            return ""

        def close(self):
            pass
    app.session.online.show_join(NoNetwork())
    assert isinstance(app.scene, JoinScreen)
    app.step(DT, [])
    return app.scene


def type_into(app, field, text: str) -> None:
    import pygame
    from harness import press, type_text
    click(app, field)
    press(app, pygame.K_DELETE)
    type_text(app, text)
