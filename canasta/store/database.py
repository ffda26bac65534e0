"""The score history: finished games and their deals in SQLite.

The database is ``scores.sqlite3`` in :func:`~canasta.store.paths.data_dir`, in WAL
mode; its tables and migrations are in :mod:`.schema`, the shape of a game in
:mod:`.gamedict` and the figures in :mod:`.statistics`.

Games are recorded when they end, each in one transaction with all its deals (the
game in progress lives in :mod:`canasta.store.saves`). A game that ended before
anyone won (replaced by a new game, or a demonstration cut short) is recorded with
the deals it finished and an empty ``winners`` list: it is listed, and can be
reviewed, but :func:`compute_statistics` does not count it as played. Nothing here raises for a
storage problem; :class:`ScoreDatabase` says what happened in ``messages``:

* damaged file, wrong layout, or a ``user_version`` newer than this code knows: the
  file (with its ``-wal`` and ``-shm``) is renamed aside with a timestamp, untouched,
  and a fresh database is started;
* locked by another program, read-only, or a folder that cannot be created: results
  are kept in memory and in ``scores-pending.json`` beside the database, and written
  at the next operation that finds the database usable (or at the next start).

Every recorded game carries a ``uid``; recording the same uid twice stores it once,
so a retried write can never duplicate a game.

The game dictionary given to :meth:`ScoreDatabase.record_game`::

    {
        "uid": "8d5c...",                 # optional; a fresh uuid4 hex if missing
        "started_at": "2026-11-23T10:02:11+01:00",   # optional ISO 8601; now if missing
        "finished_at": "2026-11-23T10:41:57+01:00",  # optional ISO 8601; now if missing
        "variant": "classic",
        "options": {"target_score": 5000, ...},      # the rules options, JSON-able
        "seats": [                                   # in seat order; seat 0 is first
            {"name": "You", "kind": "human", "level": None},
            {"name": "Ada", "kind": "computer", "level": "hard"},
            ...                                      # optional "team": int, else seat % teams
        ],
        "team_names": ["North-South", "East-West"],
        "human_team": 0,        # optional; default: seat 0's team if a human sits there,
                                # else the first human's team, else None (no human)
        "deals": [              # in order; every list below has one entry per team
            {
                "dealer": 0,
                "went_out": 2,          # seat that went out, or None
                "concealed": False,     # went out concealed
                "items": [{"melded": 305, "natural_canastas": 1, "mixed_canastas": 2, ...},
                          {...}],       # free-form itemised breakdown per team, e.g. the
                                        # engine's TeamItems as a dict; canastas are counted
                                        # from the keys its game names (see canasta_count)
                "scores": [1630, 575],  # the deal's score per team
                "totals": [1630, 575],  # optional; cumulative totals, summed if missing
            },
            ...
        ],
        "final_totals": [5120, 3880],  # optional; the last deal's totals if missing
        "winners": [0],                # optional; the teams with the highest total;
                                       # [] for a game left before its end (unfinished)
        "record": {...},               # optional; the engine's game record (Game.to_json()),
                                       # kept in ``records`` for replay (see record_of)
    }
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from . import safejson
from ..i18n import t, tn
from .atomic import quarantine
from .gamedict import check_deal, normalise_game, whole
from .paths import data_dir, describe_error, ensure_dir
from .pending import PendingFile, pending_path_for
from .schema import DAMAGED, DB_FILE, Unusable, classify, connect
from .statistics import compute_statistics, opponents_level

DEFAULT_TIMEOUT = 0.5


class ScoreDatabase:
    """The score history. Use one per program run; close it (or use ``with``) at exit.

    Not thread-safe: call it from one thread. ``messages`` collects one sentence per
    problem met; :meth:`take_messages` hands them over and clears the list.
    """

    def __init__(
        self, path: str | Path | None = None, *, timeout: float = DEFAULT_TIMEOUT, keep_pending: bool = True
    ) -> None:
        self.path = Path(path) if path is not None else data_dir() / DB_FILE
        self.timeout = timeout
        self.messages: list[str] = []
        self._conn: sqlite3.Connection | None = None
        self._pending: list[dict[str, Any]] = []
        self._trouble: str | None = None  # the reason last reported, to say it once
        self._closed = False
        # The pending file is left alone when it could be neither read nor set aside, and
        # by a second copy of the game (``keep_pending=False``): results it cannot write
        # to the database stay in its memory.
        self._pending_file = PendingFile(self.pending_path, self._say, blocked=not keep_pending)
        self._damaged_rows: set[tuple[str, Any]] = set()  # reported once each
        if keep_pending:
            self._pending.extend(self._pending_file.load())
        self._ready()

    # -- files beside the database

    @property
    def pending_path(self) -> Path:
        """Where results that could not be written yet are kept between runs."""
        return pending_path_for(self.path)

    def _companions(self) -> list[Path]:
        return [self.path.with_name(self.path.name + suffix) for suffix in ("-wal", "-shm", "-journal")]

    def _store_pending(self) -> bool:
        """Mirror the waiting results to the pending file (or remove it); True if that worked."""
        return self._pending_file.store(self._pending)

    # -- messages

    def _say(self, sentence: str) -> None:
        self.messages.append(sentence)

    def take_messages(self) -> list[str]:
        """Return the sentences collected so far and forget them."""
        taken, self.messages = self.messages, []
        return taken

    def _trouble_with(self, kind: str, reason: str) -> None:
        """Report the database being unusable for now, once per distinct cause."""
        if kind == "locked":
            key, sentence = "locked", t(
                "The score history is in use by another program; results are kept "
                "and will be saved as soon as it is free."
            )
        else:
            key, sentence = f"unavailable:{reason}", t(
                "The score history cannot be written ({reason}); results are kept "
                "and will be saved when it can be.", reason=reason
            )
        if self._trouble != key:
            self._trouble = key
            self._say(sentence)

    # -- opening

    def _ready(self, retry: bool = True) -> bool:
        """Make sure the database is open and the waiting results are written.

        Returns True when the database can be used; otherwise the problem has been
        reported (once) and the caller works from the in-memory results. A file found
        unusable is set aside and a fresh one started, once per call.
        """
        if self._closed:
            return False
        if self._conn is None:
            problem = ensure_dir(self.path.parent)
            if problem is not None:
                self._trouble_with("unavailable", problem)
                return False
            try:
                self._conn = connect(self.path, self.timeout)
            except Unusable as exc:
                if retry and self._trouble != "unusable" and self._set_aside(str(exc)):
                    return self._ready(retry=False)
                if self._trouble != "unusable":
                    self._trouble_with("unavailable", t("a new score history could not be started"))
                return False
            except (sqlite3.Error, OSError) as exc:
                self._trouble_with(classify(exc), describe_error(exc))
                return False
        if self._flush():
            return True
        if retry and self._conn is None and self._trouble is None:
            # The file turned out to be damaged while writing and was set aside.
            return self._ready(retry=False)
        return False

    def _set_aside(self, what_happened: str) -> bool:
        """Quarantine the database file and its companions; True if a fresh start is possible."""
        self._drop_connection()
        try:
            kept = quarantine(self.path, *self._companions())
        except OSError as exc:
            self._say(t(
                "The score history {what_happened} and could not be set aside ({why}); "
                "results are kept and will be saved when it can be.", what_happened=t(what_happened),
                why=describe_error(exc)))
            self._trouble = "unusable"
            return False
        self._say(t("The score history {what_happened}; it was kept as {kept} and a new one was started.",
                    what_happened=t(what_happened), kept=kept.name))
        return True

    def _drop_connection(self) -> None:
        if self._conn is not None:
            try:
                self._conn.close()
            except sqlite3.Error:
                pass
            self._conn = None

    def _failed(self, exc: BaseException) -> None:
        """React to an error met while using an open database."""
        kind = classify(exc)
        if kind == "unusable":
            self._set_aside(DAMAGED)  # the next _ready() starts a fresh file
        else:
            self._trouble_with(kind, describe_error(exc))

    # -- writing

    def _insert(self, game: dict[str, Any]) -> int:
        conn = self._conn
        assert conn is not None
        conn.execute("BEGIN IMMEDIATE")
        try:
            row = conn.execute("SELECT id FROM games WHERE uid = ?", (game["uid"],)).fetchone()
            if row is not None:
                conn.execute("COMMIT")
                return row[0]
            cursor = conn.execute(
                """
                INSERT INTO games (uid, started_at, finished_at, variant, options_json, seats_json,
                                   team_names_json, human_team, final_totals_json, winners_json,
                                   deals_played)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                (
                    game["uid"], game["started_at"], game["finished_at"], game["variant"],
                    json.dumps(game["options"], sort_keys=True), json.dumps(game["seats"]),
                    json.dumps(game["team_names"]), game["human_team"],
                    json.dumps(game["final_totals"]), json.dumps(game["winners"]), len(game["deals"]),
                ),
            )
            game_id = cursor.lastrowid
            conn.executemany(
                """
                INSERT INTO deals (game_id, number, dealer, went_out, concealed, items_json,
                                   deal_scores_json, totals_json)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    (
                        game_id, d["number"], d["dealer"], d["went_out"], int(d["concealed"]),
                        json.dumps(d["items"]), json.dumps(d["scores"]), json.dumps(d["totals"]),
                    )
                    for d in game["deals"]
                ],
            )
            if game.get("record") is not None:
                conn.execute("INSERT INTO records (game_id, record_json) VALUES (?, ?)",
                             (game_id, json.dumps(game["record"], separators=(",", ":"))))
            conn.execute("COMMIT")
            return game_id
        except BaseException:
            if conn.in_transaction:
                try:
                    conn.execute("ROLLBACK")
                except sqlite3.Error:
                    pass
            raise

    def _flush(self) -> bool:
        """Write the waiting results, oldest first; True if the database is usable."""
        written = False
        while self._pending:
            try:
                self._insert(self._pending[0])
            except (sqlite3.Error, OSError) as exc:
                self._failed(exc)
                if written:
                    self._store_pending()
                return False
            self._pending.pop(0)
            written = True
        if written:
            self._store_pending()
        self._trouble = None
        return True

    def record_game(self, game: dict[str, Any]) -> int | None:
        """Record a game that has ended, finished or left unfinished, with all its deals (the shape is in the module docs).

        Returns the game's id, or ``None`` when the database cannot be written just
        now: the result is then kept (in memory and in the pending file) and written
        by a later operation. Raises ``ValueError`` only for a malformed dictionary.
        """
        record = normalise_game(game)
        self._pending.append(record)
        if not self._ready():
            if not self._store_pending():
                self._say(t("This game's result is only kept in memory until the game closes."))
            return None
        row = self._query("SELECT id FROM games WHERE uid = ?", (record["uid"],))
        return row[0][0] if row else None

    # -- reading

    def _query(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]] | None:
        """Run a read; ``None`` when the database cannot be read now (reported)."""
        if not self._ready():
            return None
        assert self._conn is not None
        try:
            return self._conn.execute(sql, params).fetchall()
        except (sqlite3.Error, OSError) as exc:
            self._failed(exc)
            return None

    _GAME_COLUMNS = (
        "id, uid, started_at, finished_at, variant, options_json, seats_json, team_names_json, "
        "human_team, final_totals_json, winners_json"
    )

    def _damaged(self, kind: str, key: Any) -> None:
        """Note a row that cannot be read; new ones are reported (once) by :meth:`_report_damaged`."""
        self._damaged_rows.add((kind, key))

    def _report_damaged(self, before: int) -> None:
        found = len(self._damaged_rows)
        if found > before:
            self._say(tn("The score history has {count} damaged entry; it is left out of the figures "
                         "and kept in {file}.",
                         "The score history has {count} damaged entries; they are left out of the figures "
                         "and kept in {file}.", found, file=self.path.name))

    def _game_from_row(self, row: tuple[Any, ...]) -> dict[str, Any] | None:
        """A stored game checked as a new one is (``None``, noted as damaged, if it fails)."""
        try:
            game = normalise_game(
                {
                    "uid": row[1],
                    "started_at": row[2],
                    "finished_at": row[3],
                    "variant": row[4],
                    "options": safejson.loads(row[5]),
                    "seats": safejson.loads(row[6]),
                    "team_names": safejson.loads(row[7]),
                    "human_team": row[8],
                    "final_totals": safejson.loads(row[9]),
                    "winners": safejson.loads(row[10]),
                }
            )
            if not all(isinstance(row[k], str) and row[k] for k in (1, 2, 3)):
                raise ValueError("a text column holds something else")
        except Exception:  # anything in a hand-edited row: the row is left out, never changed
            self._damaged("game", row[0])
            return None
        game.pop("deals")
        return {"id": row[0], **game}

    def _deal_from_row(self, row: tuple[Any, ...], game: dict[str, Any], running: list[int]) -> dict[str, Any] | None:
        """A stored deal checked against its game (``None``, noted as damaged, if it fails)."""
        try:
            number = whole(row[0], "the deal's number")
            deal = check_deal(
                {
                    "dealer": row[1],
                    "went_out": row[2],
                    "concealed": row[3],
                    "items": safejson.loads(row[4]),
                    "scores": safejson.loads(row[5]),
                    "totals": safejson.loads(row[6]),
                },
                number,
                len(game["team_names"]),
                len(game["seats"]),
                running,
            )
        except Exception:
            self._damaged("deal", (game["id"], row[0]))
            return None
        return deal

    def _deals_of_game(self, game: dict[str, Any], rows: list[tuple[Any, ...]]) -> list[dict[str, Any]]:
        deals: list[dict[str, Any]] = []
        running = [0] * len(game["team_names"])
        for row in rows:
            deal = self._deal_from_row(row, game, running)
            if deal is not None:
                deals.append(deal)
                running = list(deal["totals"])
        return deals

    _DEAL_COLUMNS = "number, dealer, went_out, concealed, items_json, deal_scores_json, totals_json"

    def _summary(self, game: dict[str, Any], deals_played: int) -> dict[str, Any]:
        summary = {key: value for key, value in game.items() if key != "deals"}
        summary.setdefault("id", None)
        summary["deals_played"] = deals_played
        team = game["human_team"]
        summary["finished"] = bool(game["winners"])
        summary["won"] = None if team is None or not game["winners"] else team in game["winners"]
        summary["opponents_level"] = opponents_level(game)
        return summary

    def recent_games(self, n: int = 20) -> list[dict[str, Any]]:
        """The last ``n`` recorded games, newest first, without their deals.

        Each is ``{"id", "uid", "started_at", "finished_at", "variant", "options",
        "seats", "team_names", "human_team", "final_totals", "winners",
        "deals_played", "finished", "won", "opponents_level"}``; ``id`` is ``None``
        for a game still waiting to be written; ``finished`` is False for a game left
        before its end, and ``won`` is ``None`` for it and when no human played.
        A damaged row is left out (and reported once).
        """
        before = len(self._damaged_rows)
        waiting = [self._summary(g, len(g["deals"])) for g in reversed(self._pending)]
        rows = self._query(
            f"SELECT {self._GAME_COLUMNS}, deals_played FROM games ORDER BY id DESC LIMIT ?", (max(n, 0),)
        )
        stored = []
        for row in rows or []:
            game = self._game_from_row(row)
            if game is None:
                continue
            played = row[11] if isinstance(row[11], int) and not isinstance(row[11], bool) and row[11] >= 0 else 0
            stored.append(self._summary(game, played))
        self._report_damaged(before)
        return (waiting + stored)[: max(n, 0)]

    def deals_of(self, game: int | str) -> list[dict[str, Any]]:
        """The deals of one game (by id, or by uid for a game still waiting), in order.

        Each is ``{"number", "dealer", "went_out", "concealed", "items", "scores",
        "totals"}``; ``totals`` gives both teams' running totals for the chart. A
        damaged deal is left out (and reported once); a damaged game has none.
        """
        for waiting in self._pending:
            if waiting["uid"] == game:
                return [dict(d) for d in waiting["deals"]]
        before = len(self._damaged_rows)
        if isinstance(game, str):
            found = self._query(f"SELECT {self._GAME_COLUMNS} FROM games WHERE uid = ?", (game,))
        else:
            found = self._query(f"SELECT {self._GAME_COLUMNS} FROM games WHERE id = ?", (game,))
        stored = self._game_from_row(found[0]) if found else None
        if stored is None:
            self._report_damaged(before)
            return []
        rows = self._query(
            f"SELECT {self._DEAL_COLUMNS} FROM deals WHERE game_id = ? ORDER BY number", (stored["id"],)
        )
        deals = self._deals_of_game(stored, rows or [])
        self._report_damaged(before)
        return deals

    def record_of(self, game: int | str) -> dict[str, Any] | None:
        """The game record (rules, seed, moves) kept with a game, by id or uid; ``None``
        for a game recorded without one (or when the history cannot be read)."""
        for waiting in self._pending:
            if waiting["uid"] == game:
                return waiting.get("record")
        if isinstance(game, str):
            rows = self._query(
                "SELECT record_json FROM records JOIN games ON games.id = records.game_id WHERE games.uid = ?",
                (game,))
        else:
            rows = self._query("SELECT record_json FROM records WHERE game_id = ?", (game,))
        return _first_json_cell(rows, dict)

    def coach_results(self, record_key: str, deal: int, seat: int, settings: str) -> list[Any] | None:
        """The coach's stored verdicts for one deal and seat of a game (``None`` if it
        has not reviewed it with these settings); the caller checks their shape."""
        rows = self._query(
            "SELECT results_json FROM coach WHERE record_key = ? AND deal = ? AND seat = ? AND settings = ?",
            (record_key, deal, seat, settings))
        return _first_json_cell(rows, list)

    def store_coach_results(self, record_key: str, deal: int, seat: int, settings: str,
                            results: list[Any]) -> bool:
        """Keep the coach's verdicts on a whole deal; False when they could not be
        written (a later review searches again). Never raises for storage trouble."""
        if not self._ready():
            return False
        assert self._conn is not None
        try:
            self._conn.execute(
                "INSERT OR REPLACE INTO coach (record_key, deal, seat, settings, results_json) "
                "VALUES (?, ?, ?, ?, ?)",
                (record_key, deal, seat, settings, json.dumps(results, separators=(",", ":"))))
        except (sqlite3.Error, OSError) as exc:
            self._failed(exc)
            return False
        return True

    def all_games(self) -> list[dict[str, Any]]:
        """Every recorded game with its deals (waiting ones last), oldest first.

        Damaged rows are left out (and reported once).
        """
        before = len(self._damaged_rows)
        games: dict[int, dict[str, Any]] = {}
        rows = self._query(f"SELECT {self._GAME_COLUMNS} FROM games ORDER BY id")
        for row in rows or []:
            game = self._game_from_row(row)
            if game is not None:
                game["deals"] = []
                games[game["id"]] = game
        if games:
            deal_rows: dict[int, list[tuple[Any, ...]]] = {}
            for row in self._query(f"SELECT game_id, {self._DEAL_COLUMNS} FROM deals ORDER BY game_id, number") or []:
                if row[0] in games:
                    deal_rows.setdefault(row[0], []).append(row[1:])
            for game_id, its_rows in deal_rows.items():
                games[game_id]["deals"] = self._deals_of_game(games[game_id], its_rows)
        self._report_damaged(before)
        stored_uids = {g["uid"] for g in games.values()}
        waiting = [dict(g, id=None) for g in self._pending if g["uid"] not in stored_uids]
        return list(games.values()) + waiting

    def statistics(self) -> dict[str, Any]:
        """Figures over every game a human played to its end (the ``human_team``'s point
        of view); games left unfinished are only counted in ``games_unfinished``.

        ``{"games_recorded", "games_played", "games_unfinished", "games_won",
        "by_variant": {variant: {"played", "won"}},
        "by_level": {opponents' level or "mixed"/"human": {"played", "won"}},
        "deals_played", "average_deal_score" (float or None),
        "best_deal": {"score", "game_id", "number", "finished_at", "variant"} or None,
        "canastas_made", "went_out", "went_out_concealed", "waiting"}``.
        A shared win (equal totals) counts as won. ``waiting`` is the number of games
        included that are not written to the database yet.
        """
        stats = compute_statistics(self.all_games())
        stats["waiting"] = len(self._pending)
        return stats

    # -- closing

    def close(self) -> None:
        """Write what is waiting if possible, then close. Never raises."""
        if self._closed:
            return
        self._ready()
        if self._pending:
            count = len(self._pending)
            if self._store_pending():
                self._say(tn("{count} finished game could not be added to the score history yet; "
                             "they are kept in {file} and will be added next time.",
                             "{count} finished games could not be added to the score history yet; "
                             "they are kept in {file} and will be added next time.", count,
                             file=self.pending_path.name))
            else:
                self._say(tn("The result of {count} finished game could not be saved.",
                             "The result of {count} finished games could not be saved.", count))
        self._drop_connection()
        self._closed = True

    def __enter__(self) -> "ScoreDatabase":
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def _first_json_cell(rows, kind: type):
    """The first row's JSON cell read as ``kind``; None when there is no row or the
    cell was edited by hand into something else (not JSON, too deep, a number...)."""
    if not rows:
        return None
    try:
        data = safejson.loads(rows[0][0])
    except ValueError:
        return None
    return data if isinstance(data, kind) else None
