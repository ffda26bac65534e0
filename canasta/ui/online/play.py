"""The session's online part: from *Play online* to the table and back.

:class:`OnlinePlay` hosts (a :class:`~canasta.net.link.NetLink` that starts a table
server inside the game, on a thread of its own, journaling its tables under the data
folder's ``hosted``) or joins, shows the lobby, sits down at the
:class:`~.scene.OnlineTableScene` when the deal starts, and records the finished game
in the score history (its seats marked ``online``). The seat held (server address,
code, token, and whether this computer hosts it) is kept in ``online.json`` of the
data folder, so that *Back to table ABC123* sits down again after the game was
closed, and a host's server comes back from its journal on the same port.

``CANASTA_HOST_ADDRESS`` (``host:port``) sets where a hosted server listens (every
interface, port 8765, by default; the tests use ``127.0.0.1:0``).
"""

from __future__ import annotations

import json
import os
import sys
import threading
import uuid
from typing import Any, Optional

from ...i18n import N_, t, tr
from ...store.paths import data_dir
from ..summary import finished_game_summary
from .naming import online_name
from .seats import seat_configs

SEAT_FILE = "online.json"
_NOTHING_KEPT = object()     # no lobby on screen has replaced a kept seat
HOSTED = "hosted"


def bind_address() -> tuple[str, int]:
    text = os.environ.get("CANASTA_HOST_ADDRESS", "")
    host, _, port = text.rpartition(":")
    if host and port.isdigit():
        return host, int(port)
    from ...net.link import DEFAULT_PORT
    return "0.0.0.0", DEFAULT_PORT


class OnlinePlay:
    """See the module documentation."""

    def __init__(self, session):
        self.session = session
        self.app = session.app
        self.link = None
        self.announcer = None
        self.scene = None
        self.held_before = _NOTHING_KEPT   # the seat kept before the lobby on screen (None: none)
        #: --autoplay with --host-table or --join: a computer plays this seat, the host deals
        #: once a person has joined, and the window closes after ``autoplay_deals`` deals
        self.autoplay = False
        self.autoplay_deals: Optional[int] = None

    def listening_host(self) -> str:
        return bind_address()[0]

    # -- screens --------------------------------------------------------------------
    def show_menu(self) -> None:
        from .screens import PlayOnlineMenu
        self.app.set_scene(PlayOnlineMenu(self))

    def show_host(self) -> None:
        from .screens import HostScreen
        self.app.set_scene(HostScreen(self, back=self.show_menu))

    def show_join(self, browser=None) -> None:
        from .screens import JoinScreen
        if browser is None:
            from ...net.lan import Browser
            browser = Browser()
        self.app.set_scene(JoinScreen(self, browser))

    # -- hosting and joining --------------------------------------------------------
    def host(self, rules, seats: list[str], me: int, name: str, server: Optional[str]) -> None:
        from ...net.link import server_url
        from .prepare import new_link
        from .screens import LobbyScreen
        options = {k: v for k, v in rules.to_dict().items() if k != "variant"}
        # the computers keep the pace the player chose for them (Settings)
        pause = max(0.0, min(2.0, float(getattr(self.session.settings, "computer_pause", 0.6))))
        game = rules.variant
        link = new_link(online_name(name))
        if server is None:
            folder = None if self.session.already_open else data_dir() / HOSTED

            async def go():
                await link._host(folder, bind_address())
                c = link._new_client(link.local_url())
                await c.connect()
                return await c.create(game, seats, seat=me, rules=options, level="medium", fill=True,
                                      pause=pause)
            pending = link.submit(go())
        else:
            try:
                url = server_url(server)
            except ValueError as e:
                self.drop_link(link)
                self.app.scene.notice(said(e), 5.0)
                return
            pending = link.create(url, game, options, seats, me, pause=pause)
        self._drop_old()
        self.link = link
        self.app.set_scene(LobbyScreen(self, link, pending, hosting=True))

    def hosted(self, link) -> None:
        """The table exists: keep the seat, say where it is, announce it on the network."""
        self._keep_seat(link, hosting=link.server is not None)
        print(f"canasta: hosting table {link.code} at {link.url}", file=sys.stderr, flush=True)
        if link.server is not None:
            def announce():
                from ...net.lan import Announcer, lan_addresses
                addresses = lan_addresses()
                if addresses and bind_address()[0] in ("0.0.0.0", ""):
                    self.announcer = Announcer(link.name, "Canasta", link.code, link.port, addresses)
            threading.Thread(target=announce, daemon=True).start()

    def joined(self, link) -> None:
        from .screens import LobbyScreen
        self._drop_old()
        self.link = link
        self._keep_seat(link, hosting=False)
        self.app.set_scene(LobbyScreen(self, link, None, hosting=False))

    def join_at_once(self, address: str, code: str) -> None:
        """``--join ADDRESS CODE``: sit at the table's first free seat, then the lobby."""
        from ...net.link import server_url
        from .prepare import new_link
        from .screens import LobbyScreen
        try:
            url = server_url(address)
        except ValueError as e:
            self.session.notify(said(e))
            self.session.show_main_menu()
            return
        link = new_link(online_name(self.session.settings.player_name))

        async def go():
            c = link._new_client(url)
            await c.connect()
            c.looking = True
            await c.send({"t": "look", "code": code.upper()})
            info = await c._reply("table")
            free = [i for i, s in enumerate(info.get("seats", [])) if s.get("kind") == "person" and not s.get("taken")]
            if not free:
                from ...net.client import ServerRefused
                raise ServerRefused(N_("This table is full: every seat is taken."))
            await c.join(code.upper(), free[0])
            return c.code
        self._drop_old()
        self.link = link
        self.app.set_scene(LobbyScreen(self, link, link.submit(go()), hosting=False))

    def remember_address(self, address: str) -> None:
        self.session.settings.__dict__["online_address"] = address

    def leave_lobby(self, link) -> None:
        if getattr(link, "server", None) is not None:
            self._lobby_left()          # the table closes with its host's lobby: its seat is worth nothing
        else:
            self.held_before = _NOTHING_KEPT    # a seat taken at a table on a server goes on being held there
        if link is self.link:
            self._drop_old()        # the table's announcement on the home network goes with it
        else:
            self.drop_link(link)
        self.show_menu()

    def drop_link(self, link) -> None:
        """Close a link without waiting on the window's thread."""
        threading.Thread(target=link.close, name="canasta-net-close", daemon=True).start()

    def _drop_old(self) -> None:
        if self.link is not None:
            self.drop_link(self.link)
            self.link = None
        if self.announcer is not None:
            self.announcer.close()
            self.announcer = None

    # -- the table ------------------------------------------------------------------
    def sit_down(self, link, info: dict, first, after: Optional[list] = None) -> None:
        """At the table from the deal's first card (``after``: what arrived with it, the
        table's to take before anything newer)."""
        from .scene import OnlineTableScene
        self.held_before = _NOTHING_KEPT     # this table's seat is the one held from now on
        seats = seat_configs(info)
        scene = OnlineTableScene(self.app, link, info, first, seats, on_leave=self._on_leave)
        scene.ctl.waiting_items = list(after or [])
        scene.ctl.autoplay = self.autoplay
        scene.ctl.autoplay_deals = self.autoplay_deals
        self.scene = scene
        self.meta = {"uid": uuid.uuid4().hex, "started_at": _now()}
        self.app.set_scene(scene)

    def _on_leave(self, why: str) -> None:
        scene = self.scene
        if scene is None:
            return
        if why == "deals_done":
            print(f"canasta: online table {scene.ctl.info.get('code', '')}: {scene.ctl.deals_done} deal(s) played",
                  file=sys.stderr, flush=True)
            self.app.running = False
            return
        if why == "review":
            self.review_deal(scene)
            return
        if why == "pause":
            from .pause import OnlinePause
            self.app.set_scene(OnlinePause(self, scene))
            return
        if why == "game_over":
            self.record(scene)
            self.leave_table(forget=True)
            self.session.show_statistics(select=self.session.last_finished)
            return
        self.leave_table()
        self.session.show_main_menu()

    def review_deal(self, scene) -> None:
        """Review the deal just finished, from this seat (every seed of a finished deal is
        public, and the server sent the record with them), then back to the table."""
        from ...engine.record import Game, RecordError
        record = scene.ctl.game.record
        if record is None:
            scene.notice(tr("The deal's record has not arrived yet: try again in a moment."), 4.0)
            return
        try:
            game = Game.from_json(record, N_("online game's record"))
        except RecordError as e:
            scene.notice(said(e), 6.0)
            return
        self.session.show_review(game, deal=game.state.deal_number + 1, seat=scene.ctl.me,
                                 names=[s.name for s in scene.ctl.seats], back=self.resume_table)

    def resume_table(self) -> None:
        if self.scene is not None:
            self.scene.refresh()          # settings may have changed meanwhile (card size, sorting)
            self.app.set_scene(self.scene)

    def leave_table(self, forget: bool = False, wait: bool = False) -> None:
        """Leave the table: a seat of a game going on is held for a while (a computer plays
        it after the grace time) and *Back to table* sits down again. ``wait``: the window
        is closing (its loop is over), so the link is closed before the process ends (a
        host's guests are told, and its tables saved)."""
        scene, self.scene = self.scene, None
        if scene is not None:
            scene.close()
        if wait and self.link is not None:
            self.link.close()
            self.link = None
        self._drop_old()
        if forget:
            self.forget_seat()

    def record(self, scene) -> None:
        """The finished game into the score history, its seats marked online."""
        ctl = scene.ctl
        seats = ctl.seats
        summary = finished_game_summary(_Finished(ctl), seats, {**self.meta})
        for i, s in enumerate(summary["seats"]):
            s["online"] = True
            if ctl.is_person(i) and i != ctl.me:
                s["kind"] = "human"
        summary["seats"][ctl.me]["you"] = True
        summary["human_team"] = ctl.me % ctl.state.rules.resolved().teams
        if ctl.game.record is None:
            summary.pop("record", None)
        self.session.recorded.add(summary["uid"])
        self.session.last_finished = summary["uid"]
        try:
            self.session.db.record_game(summary)
        except ValueError as exc:
            self.session.notify(tr(t("This game could not be added to the score history ({reason}).", reason=str(exc))))
        self.session.notify(*self.session.db.take_messages())

    # -- the seat kept between runs -------------------------------------------------
    def _seat_path(self):
        return data_dir() / SEAT_FILE

    def _keep_seat(self, link, hosting: bool) -> None:
        if self.session.already_open:
            return
        if self.held_before is _NOTHING_KEPT:
            # the seat held until this lobby (at a table going on): back in place if the
            # lobby is left before its deal starts
            self.held_before = self.saved_seat()
        self._write_seat({"url": link.url, "code": link.code, "token": link.token, "seat": link.seat,
                          "hosting": hosting, "port": link.port})

    def _write_seat(self, data: dict) -> None:
        from ...store.atomic import atomic_write_text
        try:
            atomic_write_text(self._seat_path(), json.dumps(data))
        except OSError:
            pass

    def _lobby_left(self) -> None:
        """The lobby of a table hosted in this game, left before its deal started (the
        table closes): the seat held before it is held again."""
        before, self.held_before = self.held_before, _NOTHING_KEPT
        if before is _NOTHING_KEPT or self.session.already_open:
            return
        if before is None:
            self.forget_seat()
        else:
            self._write_seat(before)

    def saved_seat(self) -> Optional[dict]:
        from ...store.atomic import read_file
        from ...store import safejson
        try:
            data = safejson.loads(read_file(self._seat_path(), 4096))
        except (OSError, ValueError):
            return None
        if not isinstance(data, dict) or not all(isinstance(data.get(k), str) for k in ("url", "code", "token")):
            return None
        return data

    def seat_kept_at(self) -> Optional[float]:
        """When the kept seat was written (seconds since the epoch), or None."""
        try:
            return self._seat_path().stat().st_mtime
        except OSError:
            return None

    def forget_seat(self) -> None:
        try:
            self._seat_path().unlink()
        except OSError:
            pass

    def back_if_held(self, code: str) -> bool:
        """Joining a table at which this game holds a seat (kept in ``online.json``)
        sits down again there, as *Back to table* does, rather than asking for a free
        seat at a table that has started without one."""
        seat = self.saved_seat()
        if seat is None or str(seat.get("code", "")).upper() != code.upper():
            return False
        self.rejoin()
        return True

    def rejoin(self) -> None:
        """Sit down again at the table kept in ``online.json`` (the host's server first
        comes back from its journal, on the same port)."""
        from .prepare import new_link
        from .screens import LobbyScreen
        seat = self.saved_seat()
        if seat is None:
            return
        link = new_link(online_name(self.session.settings.player_name))
        hosting = bool(seat.get("hosting"))
        if hosting:
            folder = data_dir() / HOSTED
            host, port = bind_address()
            want = seat.get("port") if isinstance(seat.get("port"), int) else port

            async def go():
                await link._host(folder, (host, want), keep_port=8.0)
                c = link._new_client(link.local_url())
                await c.connect()
                c.code, c.token = seat["code"], seat["token"]
                await c.resume()
                return c.code
            pending = link.submit(go())
        else:
            pending = link.resume(seat["url"], seat["code"], seat["token"])
        self._drop_old()
        self.link = link
        self.app.set_scene(LobbyScreen(self, link, pending, hosting=hosting))


class _Finished:
    """What :func:`finished_game_summary` reads of a game, for an online one."""

    def __init__(self, ctl):
        self.state = ctl.state
        self._record = ctl.game.record

    def to_json(self) -> dict:
        return self._record or {}


def said(exc: BaseException) -> str:
    """An error's sentence in the player's language (a message, or an English sentence
    the catalog knows, such as the server's; otherwise as it came)."""
    first = exc.args[0] if len(exc.args) == 1 and isinstance(exc.args[0], str) else str(exc)
    return tr(first)


def _now() -> str:
    from datetime import datetime
    return datetime.now().astimezone().isoformat(timespec="seconds")


__all__ = ["OnlinePlay", "bind_address", "seat_configs", "Any"]
