"""The screens before an online table: Play online, Host a table, the lobby, Join a table.

*Play online* offers *Host a table* and *Join a table* (and *Back to table ABC123*
when this computer left an online table that may still go on). *Host a table* is the
New game form with, for each seat, *Me*, *Open* (a person joins) or *Computer* and its
level, and where the table lives: this computer (the game starts its own server) or a
server the player names. The *lobby* shows the table code in large letters, this
computer's addresses and port, *Copy*, who sits where, and for the host *Start* (the
open seats still empty become computers, and the lobby says so). *Join a table* lists
the tables this home network announces (:mod:`canasta.net.lan`), or takes a typed
address and code, then offers the free seats. Every wait is polled from the frame
loop (:class:`~canasta.net.link.Pending`): the window never freezes, and a server
that is not there is said in one sentence within a few seconds.
"""

from __future__ import annotations

import threading
from typing import Callable, Optional

import pygame

from ...i18n import N_, Text, t, tn, tr
from ...vocab import COMPUTER_NAMES, LEVELS, SEAT_NAMES
from ..forms import MUTED, Button, ListView, Screen, Stepper, TextField, draw_fitted, section_panel, wrap_lines
from ..screens.newgame import NewGameScreen
from ..widgets import DIM, GOLD, INK
from .invite import CODE_EXAMPLE, code_ok, read_invitation
from .naming import online_name
from .words import seat_taken as _seat_taken
from ...net.protocol import CODE_ALPHABET, CODE_LENGTH

ME, OPEN, COMPUTER = "me", "open", "computer"


class PlayOnlineMenu(Screen):
    title = N_("Play online")
    subtitle = N_("With family and friends on other computers")

    def __init__(self, online):
        super().__init__(online.session.app)
        self.online = online
        self.host_button = Button(N_("Host a table"), online.show_host, pygame.K_h,
                                  N_("Set up a game here; the others join it from their computers (H)"),
                                  name="host", style="primary", size=24)
        self.join_button = Button(N_("Join a table"), online.show_join, pygame.K_j,
                                  N_("Sit down at a table someone else is hosting (J)"), name="join", size=24)
        self.again_button = Button(N_("Back to your table"), online.rejoin, pygame.K_c,
                                   N_("The online table you left: sit down again (C)"), name="again", size=24)
        self.back_button = Button(N_("Back"), online.session.show_main_menu, name="back")
        self.controls = [self.again_button, self.host_button, self.join_button, self.back_button]
        self.default_focus = self.host_button

    def back(self) -> None:
        self.online.session.show_main_menu()

    def layout(self) -> None:
        seat = self.online.saved_seat()
        self.again_button.visible = seat is not None
        if seat is not None:
            self.again_button.label = t("Back to table {code}", code=str(seat.get('code', '')))
        y = 300
        for b in (self.again_button, self.host_button, self.join_button):
            if b.visible:
                b.rect = pygame.Rect(470, y, 340, 52)
                y += 66
        self.back_button.rect = pygame.Rect(560, 720, 160, 46)

    def draw_content(self, surf, v) -> None:
        draw_fitted(surf, tr("Host a table on this computer, or join one: everyone needs the game open."),
                    v.size(19), v.rect((240, 230, 800, 30)), DIM, align="center")


class HostScreen(NewGameScreen):
    """The New game form for an online table (see the module documentation)."""

    title = N_("Host a table")

    def __init__(self, online, back: Callable[[], None]):
        self.online = online
        self.modes = [ME] + [OPEN] * (max(SEAT_NAMES) - 1)
        self.where = "here"
        self.server_text = ""
        super().__init__(online.session, back)
        for i, (name, kind, level) in enumerate(self.seat_rows):
            self.seat_rows[i] = (name, Stepper([(ME, N_("Me")), (OPEN, N_("Open: a person joins")), (COMPUTER, N_("Computer"))],
                                               lambda i=i: self.modes[i], lambda m, i=i: self.set_mode(i, m),
                                               name=f"kind{i}", wrap=True,
                                               tip=N_("Me, a seat a person joins from another computer, or a computer")),
                                 level)
        self.where_step = Stepper([("here", N_("This computer")), ("server", N_("A server I name"))], lambda: self.where,
                                  self._set_where, name="where", wrap=True,
                                  tip=N_("Where the table lives: this game starts a server, or a server you name"))
        self.server_field = TextField(lambda: self.server_text, self._set_server, name="server", max_length=80,
                                      placeholder=N_("address:port"))
        self.start_button.label = N_("Create table")
        self._build_options()

    def _set_where(self, value: str) -> None:
        self.where = value

    def _set_server(self, value: str) -> None:
        self.server_text = value

    def set_mode(self, seat: int, mode: str) -> None:
        if mode == ME:
            self.modes = [OPEN if m == ME else m for m in self.modes]
        self.modes[seat] = mode
        if ME not in self.modes[:self.players]:
            self.modes[0 if seat else 1] = ME

    def _build_options(self) -> None:
        super()._build_options()
        if hasattr(self, "where_step"):
            controls = [c for c in self.controls if c not in (self.seed_field, self.seed_button)]
            at = controls.index(self.back_button)
            self.controls = controls[:at] + [self.where_step, self.server_field] + controls[at:]

    def layout(self) -> None:
        super().layout()
        players_tab = self.tab == "players"
        for i, (name, kind, level) in enumerate(self.seat_rows):
            mine = self.modes[i] == ME
            name.enabled = mine
            level.visible = kind.visible and self.modes[i] == COMPUTER
        self.seed_field.visible = self.seed_button.visible = False
        if hasattr(self, "where_step"):
            self.where_step.visible = players_tab
            self.server_field.visible = players_tab and self.where == "server"
            self.where_step.rect = pygame.Rect(300, 626, 240, 38)
            self.server_field.rect = pygame.Rect(560, 626, 300, 38)

    def _draw_players(self, surf, v) -> None:
        super()._draw_players(surf, v)
        for i in range(self.players):
            if self.modes[i] == OPEN:
                y = self.SEAT_Y + i * self.SEAT_H
                draw_fitted(surf, tr("named by who joins"), v.size(17), v.rect((886, y, 184, 38)), MUTED)

    def _draw_deal_row(self, surf, v) -> None:
        """The Deal row of the local form is the table's place here."""
        from ..forms import draw_heading
        draw_heading(surf, v, tr("Where the table lives"), 64, 596, 1152)
        draw_fitted(surf, tr("Table server"), v.size(21), v.rect((64, 626, 220, 38)), INK)
        said = (N_("Open seats still empty at the start are played by computers.") if self.where == "here"
                else N_("Type the server's address and port, as 192.168.1.20:8765."))
        lines = wrap_lines(tr(said), v.size(16), v.size(336))
        if len(lines) == 1:
            draw_fitted(surf, lines[0], v.size(16), v.rect((880, 626, 336, 38)), DIM)
        else:       # two lines in the row's height (longer languages)
            draw_fitted(surf, lines[0], v.size(15), v.rect((880, 624, 336, 20)), DIM)
            draw_fitted(surf, " ".join(lines[1:]), v.size(15), v.rect((880, 644, 336, 20)), DIM)

    def seat_configs(self):
        out = super().seat_configs()
        for i, c in enumerate(out):
            c.human = self.modes[i] != COMPUTER
        return out

    def start(self) -> None:
        resolved = self._validate()
        if resolved is None:
            self.toast.show(tr(self.error or N_("These rules cannot be played.")), 4.0, error=True)
            return
        modes = self.modes[:self.players]
        me = modes.index(ME)
        name = self.seats[me].name.strip() or self.session.settings.player_name
        seats = ["person" if m != COMPUTER else self.seats[i].level for i, m in enumerate(modes)]
        self.online.host(self.rules(), seats, me, name, None if self.where == "here" else self.server_text)


class LobbyScreen(Screen):
    """Who sits where before the deal; the host starts it (see the module documentation)."""

    title = N_("Table")
    BOX = pygame.Rect(140, 100, 1000, 600)

    def __init__(self, online, link, pending, hosting: bool):
        super().__init__(online.session.app)
        self.online = online
        self.link = link
        self.pending = pending
        self.hosting = hosting
        self.info: dict = {}
        self.error: Optional[str] = None
        self.addresses: Optional[list[str]] = None
        self.start_button = Button(N_("Start"), self.start, pygame.K_s, N_("Deal: open seats still empty become computers"),
                                   name="start", style="primary", size=24)
        self.copy_button = Button(N_("Copy"), self.copy, None, N_("Copy the table code and address"), name="copy", size=19)
        self.leave_button = Button(N_("Leave"), self.leave, name="leave")
        self.controls = [self.start_button, self.copy_button, self.leave_button]
        self.default_focus = self.start_button if hosting else self.leave_button
        self.started = False
        if hosting:
            threading.Thread(target=self._find_addresses, name="canasta-addresses", daemon=True).start()

    def _find_addresses(self) -> None:
        from ...net.lan import lan_addresses
        self.addresses = lan_addresses()

    def back(self) -> None:
        self.leave()

    def leave(self) -> None:
        self.online.leave_lobby(self.link)

    def start(self) -> None:
        if self.info and not self.started:
            self.started = True
            self.link.start()

    def copy(self) -> None:
        text = self.invitation()
        try:
            pygame.scrap.put_text(text)      # pygame-ce's clipboard (SDL's), no set-up needed
            self.toast.show(tr("Copied: paste it into a message to the others."), 3.0)
        except (pygame.error, AttributeError):
            self.toast.show(tr(t("Copying is not possible here: give them {text}", text=text)), 6.0)

    def invitation(self) -> str:
        code = self.info.get("code", "")
        port = self.link.port
        where = ", ".join(f"{a}:{port}" for a in (self.addresses or [])) if self.hosting and port else (self.link.url or "")
        return tr(t("Canasta table {code} at {where}", code=code, where=where))

    def update(self, dt: float) -> None:
        super().update(dt)
        p = self.pending
        if p is not None and p.done():
            self.pending = None
            self.error = p.error()
            if self.error is None and self.hosting:
                self.online.hosted(self.link)
        items = self.link.poll()
        for k, item in enumerate(items):
            if getattr(item, "kind", None) == "table":
                self.info = item.data
            elif getattr(item, "kind", None) == "error":
                self.toast.show(tr(item.data), 5.0, error=True)
                self.started = False
            elif getattr(item, "opening", False):
                # what came after the deal's start is the table's: none of it may be lost
                self.online.sit_down(self.link, self.info, item, items[k + 1:])
                return
        if (self.hosting and self.online.autoplay and self.info and not self.started
                and any(s.get("taken") for i, s in enumerate(self.info.get("seats", []))
                        if s.get("kind") == "person" and i != self.link.seat)):
            self.start()         # --host-table --autoplay: deal once a person has joined

    def layout(self) -> None:
        self.start_button.visible = self.hosting
        self.start_button.enabled = bool(self.info) and not self.started
        self.start_button.why_disabled = N_("The table is being set up.") if not self.info else N_("Dealing...")
        self.start_button.rect = pygame.Rect(1000, 720, 200, 46)
        self.copy_button.rect = pygame.Rect(880, 178, 120, 40)
        self.copy_button.visible = bool(self.info)
        self.leave_button.rect = pygame.Rect(80, 720, 160, 46)

    def draw_content(self, surf, v) -> None:
        box = self.BOX
        section_panel(surf, v, box)
        x = box.x + 30
        if self.error:
            draw_fitted(surf, tr(self.error), v.size(21), v.rect((x, box.y + 40, box.w - 60, 34)), (250, 150, 130))
            return
        if not self.info:
            draw_fitted(surf, tr("Setting up the table..."), v.size(21), v.rect((x, box.y + 40, box.w - 60, 34)), DIM)
            return
        draw_fitted(surf, tr("Table code"), v.size(19), v.rect((x, box.y + 20, 300, 30)), MUTED)
        draw_fitted(surf, " ".join(self.info.get("code", "")), v.size(64), v.rect((x, box.y + 50, 560, 80)), GOLD,
                    bold=True)
        if self.hosting:
            port = self.link.port
            if self.link.url and "127.0.0.1" not in self.link.url and self.link.server is None:
                where = self.link.url
            elif self.online.listening_host() not in ("0.0.0.0", ""):
                where = f"{self.online.listening_host()}:{port}"
            elif self.addresses is None:
                where = tr("finding this computer's addresses...")
            elif self.addresses:
                where = tr(N_("   or   ")).join(f"{a}:{port}" for a in self.addresses)
            else:
                where = tr(t("this computer's address, port {port} (no home network found)", port=str(port)))
            draw_fitted(surf, tr("Give the others the code and this address:"), v.size(18),
                        v.rect((x, box.y + 140, 600, 28)), MUTED)
            draw_fitted(surf, where, v.size(24), v.rect((x, box.y + 168, 820, 36)), INK)
        else:
            draw_fitted(surf, tr("Waiting for the host to start the deal."), v.size(20),
                        v.rect((x, box.y + 150, 820, 36)), DIM)
        seats = self.info.get("seats") or []
        names = SEAT_NAMES.get(len(seats), [t("Seat {number}", number=i + 1) for i in range(len(seats))])
        y = box.y + 230
        draw_fitted(surf, tr("Seats"), v.size(19), v.rect((x, y, 300, 28)), MUTED)
        y += 34
        mine = self.link.seat
        for i, s in enumerate(seats):
            if s.get("kind") != "person":
                who = t("{name} (computer, {level})", name=COMPUTER_NAMES[(i - 1) % len(COMPUTER_NAMES)],
                        level=Text(LEVELS.label(s['kind']))) if s.get("kind") in LEVELS else Text(N_("computer"))
                colour = DIM
            elif s.get("taken"):
                name = s.get("name") or Text(N_("someone"))
                who = _seat_taken(name, i == mine, not s.get("connected", True))
                colour = INK
            else:
                who = Text(N_("open: waiting for a person to join"))
                colour = GOLD
            draw_fitted(surf, tr(names[i] if i < len(names) else t("Seat {number}", number=i + 1)), v.size(20),
                        v.rect((x, y, 180, 32)), MUTED)
            draw_fitted(surf, tr(who) if isinstance(who, Text) else who, v.size(20), v.rect((x + 190, y, 700, 32)), colour)
            y += 38
        if self.hosting:
            empty = sum(1 for s in seats if s.get("kind") == "person" and not s.get("taken"))
            if empty:
                said = tn("Start now and the open seat still empty will be played by a computer.",
                          "Start now and the {count} open seats still empty will be played by computers.", empty)
                draw_fitted(surf, tr(said), v.size(18),
                            v.rect((x, box.bottom - 48, box.w - 60, 30)), GOLD)

    def close(self) -> None:
        pass


class JoinScreen(Screen):
    """Join a table: from the home network's list, or by address and code."""

    title = N_("Join a table")
    BOX = pygame.Rect(140, 96, 1000, 608)

    def __init__(self, online, browser=None):
        super().__init__(online.session.app)
        self.online = online
        self.browser = browser
        self.address = online.session.settings.__dict__.get("online_address", "")
        self.code = ""
        self.found: list = []
        self.listing = ListView(self.found, self._row, row_height=34, name="tables")
        self.address_field = TextField(lambda: self.address, self._set_address, name="address", max_length=80,
                                       placeholder="192.168.1.20:8765", on_paste=self._paste)
        self.code_field = TextField(lambda: self.code, self._set_code, name="code", max_length=CODE_LENGTH,
                                    allowed=lambda ch: ch.upper() in CODE_ALPHABET, placeholder=CODE_EXAMPLE,
                                    on_enter=self.look, on_paste=self._paste)
        self.look_button = Button(N_("Find table"), self.look, pygame.K_RETURN, N_("Ask that server for the table"),
                                  name="look", style="primary")
        self.use_button = Button(N_("Use this table"), self.use_listed, None, N_("Fill in the listed table's address and code"),
                                 name="use")
        self.seat_buttons = [Button(N_("Sit here"), lambda i=i: self.sit(i), None, N_("Take this seat"), name=f"seat{i}")
                             for i in range(max(SEAT_NAMES))]
        self.back_button = Button(N_("Back"), self.back, name="back")
        self.controls = ([self.listing, self.use_button, self.address_field, self.code_field, self.look_button]
                         + self.seat_buttons + [self.back_button])
        self.default_focus = self.look_button
        self.link = None
        self.pending = None
        self.pending_kind = ""
        self.waited = 0.0
        self.error: Optional[str] = None
        self.info: dict = {}

    def _set_address(self, v: str) -> None:
        self.address = v

    def _set_code(self, v: str) -> None:
        self.code = v.upper()

    def _paste(self, text: str) -> bool:
        found = read_invitation(text)       # the host's Copy, pasted whole: both fields at once
        self.address, self.code = found or (self.address, self.code)
        return found is not None

    def back(self) -> None:
        self._forget()
        self.online.show_menu()

    def _forget(self) -> None:
        if self.link is not None:
            self.online.drop_link(self.link)
            self.link = None

    def use_listed(self) -> None:
        i = self.listing.selected
        if i is not None and 0 <= i < len(self.found):
            t = self.found[i]
            self.address = f"{t.address}:{t.port}"
            self.code = t.code
            self.look()

    def look(self) -> None:
        from ...net.link import server_url
        from .prepare import new_link
        if self.pending is not None:
            return
        try:
            url = server_url(self.address)
        except ValueError as e:
            self.error = str(e)
            return
        if not code_ok(self.code):
            self.error = N_("A table code is six letters and digits, as the host's screen shows it.")
            return
        if self.online.back_if_held(self.code):     # a seat this game holds at that very table
            return
        self._forget()
        self.error = None
        self.info = {}
        self.link = new_link(online_name(self.online.session.settings.player_name))
        self.pending = self.link.look(url, self.code)
        self.pending_kind = "look"
        self.waited = 0.0
        self.url = url

    def sit(self, seat: int) -> None:
        if self.link is None or self.pending is not None:
            return
        self.pending = self.link.join(self.url, self.code, seat)
        self.pending_kind = "join"
        self.waited = 0.0

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.browser is not None:
            tables = self.browser.tables()
            if tables != self.found:
                self.found[:] = tables
        p = self.pending
        if p is not None:
            self.waited += dt
            if p.done():
                self.pending = None
                self.error = p.error()
                if self.error is None:
                    if self.pending_kind == "look":
                        self.info = p.result()
                        if self.info.get("started"):
                            self.error = N_("This table has started; only its players can come back to it.")
                        elif not any(s.get("kind") == "person" and not s.get("taken")
                                     for s in self.info.get("seats", [])):
                            self.error = N_("This table is full: every seat is taken.")
                    else:
                        self.online.remember_address(self.address)
                        link, self.link = self.link, None
                        self.online.joined(link)
                        return
                elif self.pending_kind == "join":
                    self.pending = self.link.look(self.url, self.code)   # the seats as they are now
                    self.pending_kind = "look"
                    self._keep_error = self.error
        if self.link is not None and self.pending is None:
            for item in self.link.poll():
                if getattr(item, "kind", None) == "table" and not self.link.seat:
                    self.info = item.data
        if getattr(self, "_keep_error", None) and self.pending is None:
            self.error, self._keep_error = self._keep_error, None

    def layout(self) -> None:
        b = self.BOX
        self.listing.rect = pygame.Rect(b.x + 20, b.y + 50, 640, 150)
        self.use_button.rect = pygame.Rect(b.x + 680, b.y + 50, 200, 40)
        self.use_button.enabled = bool(self.found) and self.listing.selected is not None
        self.address_field.rect = pygame.Rect(b.x + 180, b.y + 262, 340, 40)
        self.code_field.rect = pygame.Rect(b.x + 640, b.y + 262, 160, 40)
        self.look_button.rect = pygame.Rect(b.x + 820, b.y + 262, 160, 40)
        self.look_button.enabled = self.pending is None
        self.look_button.why_disabled = N_("Asking the server...")
        seats = self.info.get("seats") or []
        for i, btn in enumerate(self.seat_buttons):
            s = seats[i] if i < len(seats) else None
            btn.visible = bool(s) and s.get("kind") == "person" and not s.get("taken") and not self.info.get("started")
            btn.rect = pygame.Rect(b.x + 760, b.y + 360 + i * 40, 160, 34)
            btn.enabled = self.pending is None
        self.back_button.rect = pygame.Rect(80, 720, 160, 46)

    def _row(self, surf, v, r, table, selected) -> None:
        where = f"{table.address}:{table.port}"
        draw_fitted(surf, tr(t("{host}'s table  ·  {game}  ·  {code}  ·  {address}", host=table.host, game=table.game, code=table.code,
                                 address=where)),
                    v.size(18), r.inflate(-v.size(20), 0), INK)

    def draw_content(self, surf, v) -> None:
        b = self.BOX
        section_panel(surf, v, b)
        x = b.x + 20
        draw_fitted(surf, tr("Tables on this network"), v.size(19), v.rect((x, b.y + 16, 600, 30)), MUTED)
        if not self.found:
            why = self.browser.problem() if self.browser is not None else ""
            draw_fitted(surf, tr(why or N_("None found yet: type the address and code the host gives you.")), v.size(17),
                        v.rect((x + 10, b.y + 60, 630, 30)), DIM)
        draw_fitted(surf, tr("Or type them"), v.size(19), v.rect((x, b.y + 222, 600, 30)), MUTED)
        draw_fitted(surf, tr("Address"), v.size(20), v.rect((x, b.y + 262, 150, 40)), INK)
        draw_fitted(surf, tr("Code"), v.size(20), v.rect((b.x + 560, b.y + 262, 80, 40)), INK)
        y = b.y + 320
        if self.pending is not None:
            draw_fitted(surf, tr(N_("Asking the server...") if self.pending_kind == "look" else N_("Sitting down...")),
                        v.size(19), v.rect((x, y, 900, 30)), DIM)
        elif self.error:
            draw_fitted(surf, tr(self.error), v.size(19), v.rect((x, y, 960, 30)), (250, 150, 130))
        seats = self.info.get("seats") or []
        names = SEAT_NAMES.get(len(seats), [t("Seat {number}", number=i + 1) for i in range(len(seats))])
        if seats:
            draw_fitted(surf, tr(t("Table {code}: pick a free seat (you play as {name}, from Settings)",
                                   code=str(self.info.get('code', '')),
                                   name=online_name(self.online.session.settings.player_name))), v.size(18),
                        v.rect((x, b.y + 330 if not self.error else b.y + 350, 900, 26)), MUTED)
        for i, s in enumerate(seats):
            y = b.y + 360 + i * 40
            free = False
            if s.get("kind") != "person":
                level = s.get("kind")
                who = tr(t("computer ({level})", level=Text(level) if level in LEVELS else str(level)))
            elif s.get("taken"):
                who = s.get("name") or tr("taken")
            else:
                who, free = tr("free"), True
            draw_fitted(surf, tr(names[i] if i < len(names) else t("Seat {number}", number=i + 1)), v.size(19),
                        v.rect((x, y, 200, 34)), MUTED)
            draw_fitted(surf, who, v.size(19), v.rect((x + 210, y, 500, 34)), GOLD if free else INK)

    def close(self) -> None:
        if self.browser is not None:
            self.browser.close()
