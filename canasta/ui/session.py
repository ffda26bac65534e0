"""The glue between the screens, the table and the storage.

A :class:`Session` lives as long as the window. It opens the score history, finds
the game in progress left by the last run (and checks that it replays), starts and
resumes games, saves the game after every action (the engine's record plus the
seats), records a finished game in the score history and forgets its save, and
collects the one-sentence notices of whatever went wrong with a file so that the
main menu can show them.
"""

from __future__ import annotations

import sys
import uuid
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Optional

from ..engine.record import Game, RecordError
from ..engine.rules import Rules
from ..store import (ScoreDatabase, discard_saved_game, load_game, quarantine_saved_game, save_game,
                     save_settings)
from ..store.lock import InstanceLock
from ..store.names import parse_seats, shown
from ..vocab import COMPUTER_NAMES, SEAT_NAMES
from .. import i18n
from ..i18n import N_, t, tr
from . import games
from .reasons import reason as _reason, safe as _safe, sentence as _sentence
from .summary import finished_game_summary
from .table import SeatConfig, TableScene

def _day(moment) -> str:
    """A day and its month ("26 Nov"), the month in the language in use."""
    try:
        from babel.dates import format_date
        return format_date(moment.date(), "d MMM", locale=i18n.babel_locale())
    except Exception:
        return f"{moment.day} {moment:%b}"


ALREADY_OPEN = N_("Canasta is already open in another window, so this one does not save the game in progress "
                "and the game saved there is kept.")


def lock_unknown(path) -> str:
    """The sentence when the one-copy lock cannot be taken (see ``store.lock``)."""
    return t("Canasta cannot tell whether it is open in another window ({path} cannot be locked), so this "
             "one does not save the game in progress and the game saved there is kept.", path=str(path))

#: Short names of the variants (game and seating), for the statistics.
VARIANT_NAMES = {key: games.preset_short(key) for key in games.all_presets()}
preset_of = games.preset_of


def default_seats(players: int, humans: int, level: str, name: str = "You") -> list[SeatConfig]:
    """Seats for a game started from the command line: the first ``humans`` are people
    (named by their places when several share the screen), the computer players have
    the names the New game form gives them (Marta, Luis, Ines...)."""
    names = SEAT_NAMES[players]
    seats = []
    for i in range(players):
        if i < humans:
            seats.append(SeatConfig(name if (humans == 1 and i == 0) else names[i], True, level))
        else:
            seats.append(SeatConfig(COMPUTER_NAMES[(i - 1) % len(COMPUTER_NAMES)], False, level))
    return seats


def seats_to_json(seats: list[SeatConfig]) -> list[dict[str, Any]]:
    return [{"name": s.name, "human": bool(s.human), "level": s.level} for s in seats]


def seats_from_json(data: Any, players: int) -> list[SeatConfig]:
    """The seats saved beside a game; raises RecordError when they make no sense."""
    try:
        return [SeatConfig(name, human, level) for name, human, level in parse_seats(data, players)]
    except ValueError as exc:
        raise RecordError(_sentence(exc)) from None


def _now() -> str:
    return datetime.now().astimezone().isoformat(timespec="seconds")


@dataclass
class Resumable:
    """A game in progress ready to go back to the table."""

    game: Game
    seats: list[SeatConfig]
    meta: dict[str, Any] = field(default_factory=dict)
    saved_at: Optional[str] = None

    def describe(self) -> str:
        st = self.game.state
        r = st.rules
        when = ""
        if isinstance(self.saved_at, str):
            try:
                moment = datetime.fromisoformat(self.saved_at)
                today = datetime.now(moment.tzinfo).date()
                when = (t("  ·  saved at {time}", time=moment.strftime("%H:%M")) if moment.date() == today
                        else t("  ·  saved {date} at {time}", date=_day(moment), time=moment.strftime("%H:%M")))
            except (ValueError, TypeError, OverflowError):
                when = ""
        # a deal that has ended counts already (the engine adds it at the next deal)
        totals = st.history[-1].totals if st.deal_over and st.history else st.scores
        scores = tr(N_(" to ")).join(f"{s:,}" if i18n.current() == "en" else i18n.number(s) for s in totals)
        if st.deal_over:
            what = t("Deal {deal} of a {players}-player {game} game is over", deal=st.deal_number + 1,
                     players=r.players, game=games.short_title(r.variant))
        else:
            what = t("Deal {deal} of a {players}-player {game} game", deal=st.deal_number + 1, players=r.players,
                     game=games.short_title(r.variant))
        return tr(what) + "  ·  " + scores + (tr(when) if when else "")


class Session:
    """Everything that lasts from the start of the window to its end (see module docs)."""

    def __init__(self, app, db: Optional[ScoreDatabase] = None):
        self.app = app
        app.session = self
        self.settings = app.settings
        self.notices: list[str] = []
        # One copy of the game at a time keeps the game in progress: a second copy on the
        # same user folders runs with saving off and leaves the first one's files alone.
        self.instance_lock = InstanceLock()
        locked = self.instance_lock.acquire()
        self.already_open = locked in ("busy", "unknown")
        if self.already_open:
            self.notify(ALREADY_OPEN if locked == "busy" else lock_unknown(self.instance_lock.path))
        self.db = db if db is not None else ScoreDatabase(keep_pending=not self.already_open)
        self._db_messages()
        self.resumable: Optional[Resumable] = None
        self.table: Optional[TableScene] = None
        self.meta: dict[str, Any] = {}
        self.saving = True
        self.autoplay = False
        self.recorded: set[str] = set()
        self.last_finished: Optional[str] = None
        self._online = None          # playing online (canasta.ui.online.play), made when first used
        app.settings_listeners.append(self._settings_changed)

    # -- notices --------------------------------------------------------------------
    def notify(self, *messages: str) -> None:
        """Keep sentences for the main menu (and print them for the log)."""
        for m in messages:
            m = _safe(m) if m else m  # a sentence may quote a file: nothing in it may break the drawing
            if m and m not in self.notices:
                self.notices.append(m)
                print(f"canasta: {m}", file=sys.stderr)

    def tell(self, *messages: str) -> None:
        """A notice during a game: shown at once on the table as well."""
        self.notify(*messages)
        scene = self.app.scene
        for m in (_safe(m) for m in messages if m):
            if m and scene is not None:
                scene.notice(m, 7.0, error=True)

    def _db_messages(self) -> list[str]:
        msgs = self.db.take_messages()
        self.notify(*msgs)
        return msgs

    # -- the saved game -------------------------------------------------------------
    def probe_saved_game(self) -> Optional[Resumable]:
        """Read the game left by the last run and replay it; keep it for Continue.

        A file the store cannot read, or a record the engine cannot replay, is set aside
        with one sentence; a saved game that had already ended is recorded and removed.
        """
        self.resumable = None
        if self.already_open:
            return None  # the other copy's game: not read, not set aside, not offered twice
        data, messages = load_game()
        self.notify(*messages)
        if data is None:
            return None
        try:
            game = Game.from_json(data["record"])
            seats = seats_from_json(data.get("extra", {}).get("seats"), game.state.rules.players)
        except RecordError as exc:
            self.notify(quarantine_saved_game(_reason(exc)))
            return None
        except Exception as exc:  # anything else the record provokes: it is not resumable
            self.notify(quarantine_saved_game(t("it could not be replayed: {reason}", reason=_reason(exc))))
            return None
        extra = data.get("extra", {})
        meta = {k: extra[k] for k in ("preset", "uid", "started_at") if isinstance(extra.get(k), str)}
        meta.setdefault("uid", uuid.uuid4().hex)
        if game.state.game_over:
            self._record(game, seats, meta)
            self.notify(*discard_saved_game())
            return None
        self.resumable = Resumable(game, seats, meta, data.get("saved_at"))
        return self.resumable

    def _extra(self) -> dict[str, Any]:
        assert self.table is not None
        return {"seats": seats_to_json(self.table.seats), **self.meta}

    def save_now(self, checkpoint: bool = False) -> None:
        table = self.table
        if table is None or not self.saving or self.already_open or table.game.state.game_over:
            return
        self.tell(*save_game(table.game.to_json(), self._extra(), checkpoint=checkpoint))

    # -- starting and leaving games -------------------------------------------------
    def start_game(self, rules: Rules, seats: list[SeatConfig], seed: Any = None, preset: Optional[str] = None,
                   *, save: bool = True, autoplay: bool = False, autoplay_deals: Optional[int] = None,
                   screenshot: Optional[str] = None) -> TableScene:
        """Deal a new game and sit down at the table (the save replaces any other).

        ``autoplay``: a demonstration started from the command line; the window closes
        when its game ends.
        """
        self.autoplay = autoplay
        if save:
            self._record_replaced()
        game = Game(rules, seed)
        meta = {"preset": preset or preset_of(rules), "uid": uuid.uuid4().hex, "started_at": _now()}
        scene = self._open_table(game, seats, meta, save=save, autoplay_deals=autoplay_deals,
                                 screenshot=screenshot)
        if save:
            self.resumable = None
            self.save_now(checkpoint=True)
        return scene

    def _record_replaced(self) -> None:
        """The game under Continue is about to be replaced by a new one: it goes into
        the score history as unfinished (no winner), so Statistics lists it and Review
        can replay it. A game in which nobody has moved yet is simply dropped."""
        r = self.resumable
        if r is None or r.game.state.game_over or not r.game.actions:
            return
        meta = dict(r.meta)
        meta.setdefault("uid", uuid.uuid4().hex)
        if meta["uid"] not in self.recorded:
            self._record(r.game, r.seats, meta)

    def continue_game(self) -> Optional[TableScene]:
        r = self.resumable
        if r is None:
            return None
        self.autoplay = False
        return self._open_table(r.game, r.seats, r.meta, save=True)

    def _open_table(self, game: Game, seats: list[SeatConfig], meta: dict[str, Any], *, save: bool,
                    autoplay_deals: Optional[int] = None, screenshot: Optional[str] = None) -> TableScene:
        scene = TableScene(self.app, game, seats, autoplay_deals=autoplay_deals, screenshot=screenshot,
                           on_leave=self._on_leave, on_change=self._on_change)
        self.table = scene
        self.meta = dict(meta)
        self.saving = save
        self.app.set_scene(scene)
        return scene

    def resume_table(self) -> None:
        if self.table is not None:
            self.app.set_scene(self.table)

    def leave_table(self) -> None:
        """Back to the main menu from a game that goes on later."""
        table = self.table
        if table is None:
            self.show_main_menu()
            return
        self.save_now(checkpoint=True)
        table.close()
        if not table.game.state.game_over and self.saving:
            self.resumable = Resumable(table.game, table.seats, dict(self.meta), _now())
        self.table = None
        self.autoplay = False
        self.show_main_menu()

    def _on_change(self, scene: TableScene, events: list) -> None:
        if scene is not self.table:
            return
        if scene.game.state.game_over:
            self._finish(scene)
            return
        kinds = {e.kind for e in events}
        self.save_now(checkpoint=bool(kinds & {"deal_over", "deal_started"}))

    def _finish(self, scene: TableScene) -> None:
        uid = self.meta.get("uid") or uuid.uuid4().hex
        self.meta["uid"] = uid
        if uid in self.recorded:
            return
        self._record(scene.game, scene.seats, self.meta)
        if self.saving and not self.already_open:
            self.tell(*discard_saved_game())
        self.resumable = None

    def _record(self, game: Game, seats: list[SeatConfig], meta: dict[str, Any]) -> None:
        summary = finished_game_summary(game, seats, meta)
        self.recorded.add(summary["uid"])
        self.last_finished = summary["uid"]
        try:
            self.db.record_game(summary)
        except ValueError as exc:  # a malformed summary is a bug; the game goes on
            self.tell(t("This game could not be added to the score history ({reason}).", reason=_reason(exc)))
        scene = self.app.scene
        msgs = self.db.take_messages()
        if msgs and scene is self.table and scene is not None:
            self.tell(*msgs)
        else:
            self.notify(*msgs)

    def _on_leave(self, why: str) -> None:
        table = self.table
        if table is None:
            return
        if why == "deals_done":
            # a demonstration cut short by --deals: its finished deals go into the score
            # history (with no winner, as the game did not reach its end), then it closes
            if table.game.state.history:
                self.meta.setdefault("uid", uuid.uuid4().hex)
                if self.meta["uid"] not in self.recorded:
                    self._record(table.game, table.seats, self.meta)
            self.app.running = False
            return
        if why == "review":
            self.review_table_deal()
            return
        if why == "pause":
            from .menus import PauseMenu
            self.app.set_scene(PauseMenu(self, table))
        elif why == "game_over":
            if table.game.state.game_over:
                self._finish(table)
            if self.autoplay:
                self.app.running = False
                return
            table.close()
            self.table = None
            self.show_statistics(select=self.last_finished)
        else:
            self.leave_table()

    def _settings_changed(self) -> None:
        """Settings changed: a table in progress lays its cards out again at once."""
        table = self.table
        if table is None:
            return
        table.refresh()

    # -- screens ----------------------------------------------------------------------
    def show_main_menu(self) -> None:
        from .menus import MainMenu
        self.app.set_scene(MainMenu(self))

    @property
    def online(self):
        """Playing online (:mod:`canasta.ui.online`), made when first used."""
        if self._online is None:
            from .online.play import OnlinePlay
            self._online = OnlinePlay(self)
        return self._online

    def show_play_online(self) -> None:
        self.online.show_menu()

    def show_new_game(self) -> None:
        from .screens.newgame import NewGameScreen
        self.app.set_scene(NewGameScreen(self, back=self.show_main_menu))

    def show_statistics(self, select: Optional[str] = None, back=None) -> None:
        from .screens.stats import StatisticsScreen
        self.app.set_scene(StatisticsScreen(self, back=back or self.show_main_menu, select=select))

    # -- review (replay and coach) ----------------------------------------------------
    def show_review(self, record: Game, *, deal: int = 1, seat: Optional[int] = None,
                    names: Optional[list[str]] = None, back=None) -> None:
        """Open a deal of ``record`` for review (a copy: nothing here changes the game in
        progress or the history). ``back`` is called when the review is closed."""
        from .screens.review import ReviewScene
        back = back or self.show_main_menu
        if seat is None:
            seat = 0
        self.app.set_scene(ReviewScene(self.app, record, deal=deal, seat=seat, names=names, db=self.db,
                                       on_close=back))

    def review_table_deal(self) -> None:
        """Review the deal just finished at the table, then come back to its score sheet."""
        table = self.table
        if table is None:
            return
        humans = [i for i, s in enumerate(table.seats) if s.human]
        st = table.game.state
        self.show_review(table.game, deal=st.deal_number + 1, seat=humans[0] if humans else 0,
                         names=[s.name for s in table.seats], back=self.resume_table)

    def review_stored_game(self, summary: dict[str, Any], back=None, deal: int = 1) -> bool:
        """Review a game of the score history; False (and a notice) if it has no record."""
        key = summary["id"] if summary.get("id") is not None else summary.get("uid")
        data = self.db.record_of(key) if key is not None else None
        self.notify(*self.db.take_messages())
        if data is None:
            return False
        try:
            game = Game.from_json(data)
        except Exception as exc:  # a record kept in the history may be hand-edited: never a crash
            self.tell(t("This game cannot be replayed ({reason}).", reason=_reason(exc)))
            return False
        seats = summary.get("seats") or []
        names = [str(s.get("name", "")) or None for s in seats if isinstance(s, dict)]
        humans = [i for i, s in enumerate(seats) if isinstance(s, dict) and s.get("kind") == "human"]
        # an online game: from the seat that was this player's
        humans = [i for i, s in enumerate(seats) if isinstance(s, dict) and s.get("you")] + humans
        self.show_review(game, deal=deal, seat=humans[0] if humans else 0,
                         names=names if names and all(names) else None, back=back)
        return True

    def open_record_file(self, path: str, back=None) -> bool:
        """Review a record file (``--replay FILE``, *Open record...*); a file that cannot
        be read is said in one sentence on the menu."""
        from ..review import read_record
        try:
            game = read_record(path)
        except RecordError as exc:
            said = _sentence(exc)
            self.notify(said)
            if back is None:
                self.show_main_menu()
            else:
                scene = self.app.scene
                if scene is not None:
                    scene.notice(_safe(said), 7.0, error=True)
            return False
        names = None
        try:
            from ..review import MAX_RECORD_BYTES
            from ..store import safejson
            from ..store.atomic import read_file
            raw = safejson.loads(read_file(path, MAX_RECORD_BYTES)).get("names")
            if isinstance(raw, list) and all(isinstance(n, str) and n for n in raw):
                names = [shown(n, 24) for n in raw]
        except (OSError, ValueError, AttributeError):
            names = None
        self.show_review(game, names=names, back=back or self.show_main_menu)
        return True

    def show_settings(self, back=None) -> None:
        from .screens.settings import SettingsScreen
        self.app.set_scene(SettingsScreen(self.app, back=back or self.show_main_menu, session=self))

    def show_rules(self, choices: list[tuple[str, Rules]], back=None) -> None:
        from .screens.rules import RulesScreen
        self.app.set_scene(RulesScreen(self.app, choices, back=back or self.show_main_menu))

    def rules_choices(self) -> list[tuple[str, Rules]]:
        """What the rules screen offers from the main menu: the saved game, the next game, presets."""
        from .screens.newgame import remembered_rules
        out: list[tuple[str, Rules]] = []
        if self.resumable is not None:
            out.append((N_("Your game in progress"), self.resumable.game.state.rules))
        preset, rules = remembered_rules(self.settings)
        out.append((N_("Your next game (as last set up)"), rules.resolved()))
        for key, rules in games.all_presets().items():
            out.append((games.preset_name(key), rules.resolved()))
        return out

    def save_settings(self) -> None:
        """Write the settings; a failure is said once on the current screen."""
        msgs = save_settings(self.settings)
        for m in msgs:
            self.notify(m)
            scene = self.app.scene
            if scene is not None:
                scene.notice(m, 6.0, error=True)

    def quit(self) -> None:
        self.app.running = False

    def close(self) -> None:
        """The window closes: the game is already saved; write what the score history holds."""
        if self._online is not None:
            self._online.leave_table(wait=True)
        if self.table is not None and not self.table.game.state.game_over:
            self.save_now(checkpoint=True)
        self.db.close()
        for m in self.db.take_messages():
            print(f"canasta: {m}", file=sys.stderr)
        self.instance_lock.release()
