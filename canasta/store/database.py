"""The score history: finished games and their deals in SQLite.

The database is ``scores.sqlite3`` in :func:`~canasta.store.paths.data_dir`, in WAL
mode, with its schema version in ``PRAGMA user_version``. :data:`MIGRATIONS` holds one
function per version step (version 2 added the game records and the coach's verdicts
for Review); to add version 3, append a function that takes a version-2 database to
version 3 and describe the new tables in :data:`EXPECTED_COLUMNS`.

Only finished games are recorded, each in one transaction with all its deals (the
game in progress lives in :mod:`canasta.store.saves`). Nothing here raises for a
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
                                        # from its "*_canastas" keys (see canasta_count)
                "scores": [1630, 575],  # the deal's score per team
                "totals": [1630, 575],  # optional; cumulative totals, summed if missing
            },
            ...
        ],
        "final_totals": [5120, 3880],  # optional; the last deal's totals if missing
        "winners": [0],                # optional; the teams with the highest total
        "record": {...},               # optional; the engine's game record (Game.to_json()),
                                       # kept in ``records`` for replay (see record_of)
    }
"""

from __future__ import annotations

import json
import sqlite3
import uuid
from datetime import datetime
from pathlib import Path
from typing import Any, Callable

from ..vocab import SEAT_KINDS
from . import safejson
from .atomic import NotAFile, atomic_write_text, quarantine, read_file
from .names import check_name, check_text
from .paths import data_dir, describe_error, ensure_dir

DB_FILE = "scores.sqlite3"
SQLITE_MAGIC = b"SQLite format 3\x00"
DEFAULT_TIMEOUT = 0.5
PENDING_FORMAT = "canasta-pending-scores"


# --------------------------------------------------------------------------- schema


def _migrate_0_to_1(conn: sqlite3.Connection) -> None:
    """Version 1: the games and their deals."""
    conn.execute(
        """
        CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            uid TEXT NOT NULL UNIQUE,
            started_at TEXT NOT NULL,
            finished_at TEXT NOT NULL,
            variant TEXT NOT NULL,
            options_json TEXT NOT NULL,
            seats_json TEXT NOT NULL,
            team_names_json TEXT NOT NULL,
            human_team INTEGER,
            final_totals_json TEXT NOT NULL,
            winners_json TEXT NOT NULL,
            deals_played INTEGER NOT NULL
        )
        """
    )
    conn.execute(
        """
        CREATE TABLE deals (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            number INTEGER NOT NULL,
            dealer INTEGER NOT NULL,
            went_out INTEGER,
            concealed INTEGER NOT NULL,
            items_json TEXT NOT NULL,
            deal_scores_json TEXT NOT NULL,
            totals_json TEXT NOT NULL,
            PRIMARY KEY (game_id, number)
        )
        """
    )
    conn.execute("CREATE INDEX games_by_finish ON games(finished_at)")


def _migrate_1_to_2(conn: sqlite3.Connection) -> None:
    """Version 2: each game's record (rules, seed, moves) for replay, and the coach's
    verdicts, so that a second review is instant."""
    conn.execute(
        """
        CREATE TABLE records (
            game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
            record_json TEXT NOT NULL
        )
        """
    )
    conn.execute(
        """
        CREATE TABLE coach (
            record_key TEXT NOT NULL,
            deal INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            settings TEXT NOT NULL,
            results_json TEXT NOT NULL,
            PRIMARY KEY (record_key, deal, seat, settings)
        )
        """
    )


#: ``MIGRATIONS[v]`` takes a database from version ``v`` to ``v + 1``.
MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_migrate_0_to_1, _migrate_1_to_2]


def schema_version() -> int:
    """The version this code writes: one step per migration."""
    return len(MIGRATIONS)


#: The tables and columns of the current version, checked at every opening.
EXPECTED_COLUMNS: dict[str, set[str]] = {
    "games": {
        "id", "uid", "started_at", "finished_at", "variant", "options_json", "seats_json",
        "team_names_json", "human_team", "final_totals_json", "winners_json", "deals_played",
    },
    "deals": {
        "game_id", "number", "dealer", "went_out", "concealed", "items_json",
        "deal_scores_json", "totals_json",
    },
    "records": {"game_id", "record_json"},
    "coach": {"record_key", "deal", "seat", "settings", "results_json"},
}


class _Unusable(Exception):
    """The file at the database path cannot be used as it is; ``str()`` says why."""


_DAMAGED = "was damaged"
_NEWER = "comes from a newer version of Canasta"
_FOREIGN = "is not in the form this version expects"


def _classify(exc: BaseException) -> str:
    """Sort an error into "locked", "unusable" (set the file aside) or "unavailable"."""
    if isinstance(exc, sqlite3.OperationalError):
        text = str(exc).lower()
        if "locked" in text or "busy" in text:
            return "locked"
        if "no such table" in text or "no such column" in text or "has no column" in text:
            return "unusable"
        return "unavailable"
    if isinstance(exc, sqlite3.IntegrityError):
        return "unavailable"
    if isinstance(exc, sqlite3.DatabaseError):  # "file is not a database", "malformed"
        return "unusable"
    return "unavailable"


def _now() -> str:
    return datetime.now().astimezone().isoformat(timespec="seconds")


# --------------------------------------------------------------------------- game dicts


#: No score, total or count the game stores comes near this; larger ones are damage.
MAX_POINTS = 10**9


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} must be an integer, not {type(value).__name__}")
    if not -MAX_POINTS <= value <= MAX_POINTS:
        raise ValueError(f"{what} is out of range")
    return value


def _text(value: Any, what: str, limit: int = 64) -> str:
    try:
        return check_text(value, limit)
    except ValueError as exc:
        raise ValueError(f"{what} {exc}") from None


def _deal(deal: Any, number: int, teams: int, seats: int, running: list[int]) -> dict[str, Any]:
    """One deal checked against its game (``running``: the totals before it); ValueError if wrong."""
    if not isinstance(deal, dict):
        raise ValueError(f"deal {number} must be a dictionary")
    scores = deal.get("scores")
    if not isinstance(scores, list) or len(scores) != teams:
        raise ValueError(f"deal {number} must have one score per team")
    scores = [_int(s, f"deal {number}'s score") for s in scores]
    totals = deal.get("totals", [total + score for total, score in zip(running, scores)])
    if not isinstance(totals, list) or len(totals) != teams:
        raise ValueError(f"deal {number} must have one total per team")
    totals = [_int(t, f"deal {number}'s total") for t in totals]
    items = deal.get("items", [{} for _ in range(teams)])
    if not isinstance(items, list) or len(items) != teams or not all(isinstance(i, dict) for i in items):
        raise ValueError(f"deal {number}'s items must be one dictionary per team")
    went_out = deal.get("went_out")
    if went_out is not None:
        went_out = _int(went_out, f"deal {number}'s went_out")
        if not 0 <= went_out < seats:
            raise ValueError(f"deal {number}'s went_out is not a seat")
    dealer = _int(deal.get("dealer", 0), f"deal {number}'s dealer")
    if not 0 <= dealer < seats:
        raise ValueError(f"deal {number}'s dealer is not a seat")
    return {
        "number": number,
        "dealer": dealer,
        "went_out": went_out,
        "concealed": bool(deal.get("concealed", False)),
        "items": items,
        "scores": scores,
        "totals": totals,
    }


def normalise_game(game: dict[str, Any]) -> dict[str, Any]:
    """Check a game dictionary's shape and fill in its optional parts.

    Returns a new dictionary with every key of the documented shape present (seats
    with their ``team``, deals with ``number`` and ``totals``). Raises ``ValueError``
    for a dictionary that does not have the documented shape: that is a bug in the
    caller, not a storage problem.
    """
    if not isinstance(game, dict):
        raise ValueError("a game must be a dictionary")
    team_names = game.get("team_names")
    if not isinstance(team_names, list) or len(team_names) < 2:
        raise ValueError("team_names must list at least two teams")
    teams = len(team_names)
    seats_in = game.get("seats")
    if not isinstance(seats_in, list) or len(seats_in) < 2:
        raise ValueError("seats must list at least two seats")
    seats = []
    for index, seat in enumerate(seats_in):
        if not isinstance(seat, dict) or seat.get("kind") not in SEAT_KINDS:
            raise ValueError(f"seat {index} must be a dictionary with kind {' or '.join(map(repr, SEAT_KINDS))}")
        seat = dict(seat)
        seat.setdefault("name", f"Player {index + 1}")
        seat.setdefault("level", None)
        try:
            seat["name"] = check_name(seat["name"])  # the check of a name typed in the settings
        except ValueError as exc:
            raise ValueError(f"seat {index}'s name {exc}") from None
        if seat["level"] is not None:
            seat["level"] = _text(seat["level"], f"seat {index}'s level", 24)
        seat["team"] = _int(seat.get("team", index % teams), f"seat {index}'s team")
        if not 0 <= seat["team"] < teams:
            raise ValueError(f"seat {index}'s team is out of range")
        seats.append(seat)

    deals = []
    running = [0] * teams
    deals_in = game.get("deals", [])
    if not isinstance(deals_in, list):
        raise ValueError("deals must be a list")
    for number, deal in enumerate(deals_in, start=1):
        deals.append(_deal(deal, number, teams, len(seats), running))
        running = list(deals[-1]["totals"])

    final_totals = game.get("final_totals", running)
    if not isinstance(final_totals, list) or len(final_totals) != teams:
        raise ValueError("final_totals must have one total per team")
    final_totals = [_int(t, "a final total") for t in final_totals]
    winners = game.get("winners")
    if winners is None:
        best = max(final_totals)
        winners = [team for team, total in enumerate(final_totals) if total == best]
    if not isinstance(winners, list):
        raise ValueError("winners must be a list of teams")
    winners = [_int(w, "a winner") for w in winners]
    if not all(0 <= w < teams for w in winners):
        raise ValueError("a winner is not a team")

    if "human_team" in game:
        human_team = game["human_team"]
        if human_team is not None:
            human_team = _int(human_team, "human_team")
            if not 0 <= human_team < teams:
                raise ValueError("human_team is not a team")
    else:
        humans = [seat["team"] for seat in seats if seat["kind"] == "human"]
        human_team = seats[0]["team"] if seats[0]["kind"] == "human" else (humans[0] if humans else None)

    variant = game.get("variant")
    if not isinstance(variant, str) or not variant:
        raise ValueError("variant must be a name")
    variant = _text(variant, "variant")
    options = game.get("options", {})
    if not isinstance(options, dict):
        raise ValueError("options must be a dictionary")
    if "target_score" in options:
        _int(options["target_score"], "the target score")
    game_record = game.get("record")  # the engine's game record, for replay (optional)
    if game_record is not None and not isinstance(game_record, dict):
        raise ValueError("record must be the game record's dictionary")
    result = {
        "uid": _text(str(game.get("uid") or uuid.uuid4().hex), "uid"),
        "started_at": _text(str(game.get("started_at") or _now()), "started_at"),
        "finished_at": _text(str(game.get("finished_at") or _now()), "finished_at"),
        "variant": variant,
        "options": options,
        "seats": seats,
        "team_names": [_text(str(name), "a team's name", 200) for name in team_names],
        "human_team": human_team,
        "deals": deals,
        "final_totals": final_totals,
        "winners": winners,
    }
    if game_record is not None:
        result["record"] = game_record
    json.dumps(result)  # a TypeError here means something that is not JSON-able
    return result


def online_game(game: dict[str, Any]) -> bool:
    """Whether a stored game was played online (its seats carry ``online``: a game played
    at a table server from the window, see canasta/ui/online/play.py)."""
    seats = game.get("seats")
    return isinstance(seats, list) and any(isinstance(s, dict) and s.get("online") is True for s in seats)


def opponents_level(game: dict[str, Any]) -> str | None:
    """The level of the human team's opponents.

    The common level of the computer opponents, ``"mixed"`` if they differ,
    ``"human"`` if any opponent is a person (a hot-seat game), ``None`` if there
    is no human team.
    """
    human_team = game["human_team"]
    if human_team is None:
        return None
    opponents = [seat for seat in game["seats"] if seat["team"] != human_team]
    if any(seat["kind"] == "human" for seat in opponents):
        return "human"
    levels = {str(seat.get("level") or "unknown") for seat in opponents}
    return levels.pop() if len(levels) == 1 else "mixed"


def canasta_count(items: dict[str, Any]) -> int:
    """How many canastas one team's itemised deal result shows.

    Reads ``"canastas"`` (a count, or a ``{kind: count}`` dictionary) when present,
    otherwise adds up every ``"<kind>_canastas"`` count, which is how the engine's
    ``TeamItems`` names them (``natural_canastas``, ``mixed_canastas``), and every
    ``"<kind>_books"`` count (Hand and Foot's ``wild_books``; its clean and dirty books
    are its natural and mixed canastas), and Bolivia's ``"bolivias"`` (its sambas and
    escaleras are its ``sequence_canastas``).
    """

    def count(value: Any) -> int:
        return value if isinstance(value, int) and not isinstance(value, bool) and 0 < value <= MAX_POINTS else 0

    if "canastas" in items:
        value = items["canastas"]
        if isinstance(value, dict):
            return sum(count(v) for v in value.values())
        return count(value)
    return sum(count(v) for k, v in items.items() if k.endswith(("_canastas", "_books")) or k == "bolivias")


def compute_statistics(games: list[dict[str, Any]]) -> dict[str, Any]:
    """The figures of :meth:`ScoreDatabase.statistics` for normalised games (with deals)."""
    stats: dict[str, Any] = {
        "games_recorded": len(games),
        "games_played": 0,
        "games_won": 0,
        "by_variant": {},
        "by_level": {},
        "deals_played": 0,
        "average_deal_score": None,
        "best_deal": None,
        "canastas_made": 0,
        "went_out": 0,
        "went_out_concealed": 0,
    }
    deal_score_sum = 0
    for game in games:
        team = game["human_team"]
        if team is None:
            continue
        won = team in game["winners"]
        stats["games_played"] += 1
        stats["games_won"] += won
        for table, key in (("by_variant", game["variant"]), ("by_level", opponents_level(game))):
            entry = stats[table].setdefault(key, {"played": 0, "won": 0})
            entry["played"] += 1
            entry["won"] += won
        for deal in game["deals"]:
            score = deal["scores"][team]
            stats["deals_played"] += 1
            deal_score_sum += score
            best = stats["best_deal"]
            if best is None or score > best["score"]:
                stats["best_deal"] = {
                    "score": score,
                    "game_id": game.get("id"),
                    "number": deal["number"],
                    "finished_at": game["finished_at"],
                    "variant": game["variant"],
                }
            stats["canastas_made"] += canasta_count(deal["items"][team])
            went_out = deal["went_out"]
            if went_out is not None and game["seats"][went_out]["team"] == team:
                stats["went_out"] += 1
                stats["went_out_concealed"] += bool(deal["concealed"])
    if stats["deals_played"]:
        stats["average_deal_score"] = deal_score_sum / stats["deals_played"]
    return stats


# --------------------------------------------------------------------------- database


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
        self._pending_blocked = not keep_pending
        self._damaged_rows: set[tuple[str, Any]] = set()  # reported once each
        if keep_pending:
            self._load_pending()
        self._ready()

    # -- files beside the database

    @property
    def pending_path(self) -> Path:
        """Where results that could not be written yet are kept between runs."""
        stem = self.path.name.partition(".")[0] or self.path.name
        return self.path.with_name(f"{stem}-pending.json")

    def _companions(self) -> list[Path]:
        return [self.path.with_name(self.path.name + suffix) for suffix in ("-wal", "-shm", "-journal")]

    def _load_pending(self) -> None:
        try:
            raw = read_file(self.pending_path)
        except (FileNotFoundError, NotADirectoryError):
            return
        except OSError as exc:
            self._keep_pending(f"could not be read ({describe_error(exc)})")
            return
        try:
            data = safejson.loads(raw)
            if not isinstance(data, dict) or data.get("format") != PENDING_FORMAT or not isinstance(data.get("games"), list):
                raise ValueError("not a pending-results file")
            games = [normalise_game(g) for g in data["games"]]
        except Exception:  # whatever the file holds, it is kept aside and never raises
            self._keep_pending("were damaged")
            return
        self._pending.extend(games)

    def _keep_pending(self, what_happened: str) -> None:
        """Set aside a pending file that cannot be used; it is never overwritten or removed.

        If it cannot even be renamed, this run leaves that file alone: new results that
        cannot be written to the database are then kept in memory only.
        """
        try:
            kept = quarantine(self.pending_path)
        except OSError:
            self._pending_blocked = True
            self._say(
                f"Results waiting to be added to the score history {what_happened}; "
                f"{self.pending_path.name} is left as it is."
            )
            return
        self._say(f"Results waiting to be added to the score history {what_happened}; they were kept as {kept.name}.")

    def _store_pending(self) -> bool:
        """Mirror the waiting results to the pending file (or remove it); True if that worked."""
        if self._pending_blocked:
            return False
        try:
            if self._pending:
                ensure_dir(self.pending_path.parent)
                payload = {"format": PENDING_FORMAT, "version": 1, "games": self._pending}
                atomic_write_text(self.pending_path, json.dumps(payload, indent=1))
            else:
                self.pending_path.unlink(missing_ok=True)
        except OSError:
            return False
        return True

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
            key, sentence = "locked", (
                "The score history is in use by another program; results are kept "
                "and will be saved as soon as it is free."
            )
        else:
            key, sentence = f"unavailable:{reason}", (
                f"The score history cannot be written ({reason}); results are kept "
                "and will be saved when it can be."
            )
        if self._trouble != key:
            self._trouble = key
            self._say(sentence)

    # -- opening

    def _connect_checked(self) -> sqlite3.Connection:
        """Open, check, migrate; raise ``_Unusable`` or ``sqlite3.Error``/``OSError``."""
        try:   # a FIFO or a device in its place is refused here, never waited on
            header = read_file(self.path, len(SQLITE_MAGIC), head=True)
        except FileNotFoundError:
            header = b""
        except NotAFile:
            raise _Unusable("was not a regular file") from None
        if header and header != SQLITE_MAGIC:
            raise _Unusable(_DAMAGED)
        conn = sqlite3.connect(self.path, timeout=self.timeout, isolation_level=None)
        try:
            try:
                version = conn.execute("PRAGMA user_version").fetchone()[0]
                if version > schema_version():
                    raise _Unusable(_NEWER)
                if conn.execute("PRAGMA quick_check").fetchall() != [("ok",)]:
                    raise _Unusable(_DAMAGED)
                # Migrate and check in one transaction, before anything else is written
                # (WAL mode included): a file of another form is rolled back and set
                # aside exactly as it was.
                self._migrate(conn, version)
                conn.execute("PRAGMA journal_mode=WAL").fetchone()
                conn.execute("PRAGMA foreign_keys=ON")
            except sqlite3.Error as exc:
                if _classify(exc) == "unusable":
                    raise _Unusable(_DAMAGED) from exc
                raise
        except BaseException:
            conn.close()
            raise
        return conn

    @staticmethod
    def _migrate(conn: sqlite3.Connection, version: int) -> None:
        if version == 0:
            tables = conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            ).fetchall()
            if tables:
                raise _Unusable(_FOREIGN)
        if version == schema_version():
            ScoreDatabase._check_schema(conn)
            return
        conn.execute("BEGIN IMMEDIATE")
        try:
            for step in range(version, schema_version()):
                MIGRATIONS[step](conn)
                conn.execute(f"PRAGMA user_version = {step + 1}")
            ScoreDatabase._check_schema(conn)
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise

    @staticmethod
    def _check_schema(conn: sqlite3.Connection) -> None:
        for table, columns in EXPECTED_COLUMNS.items():
            found = {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}
            if found != columns:
                raise _Unusable(_FOREIGN)

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
                self._conn = self._connect_checked()
            except _Unusable as exc:
                if retry and self._trouble != "unusable" and self._set_aside(str(exc)):
                    return self._ready(retry=False)
                if self._trouble != "unusable":
                    self._trouble_with("unavailable", "a new score history could not be started")
                return False
            except (sqlite3.Error, OSError) as exc:
                self._trouble_with(_classify(exc), describe_error(exc))
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
            self._say(
                f"The score history {what_happened} and could not be set aside ({describe_error(exc)}); "
                "results are kept and will be saved when it can be."
            )
            self._trouble = "unusable"
            return False
        self._say(f"The score history {what_happened}; it was kept as {kept.name} and a new one was started.")
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
        kind = _classify(exc)
        if kind == "unusable":
            self._set_aside(_DAMAGED)  # the next _ready() starts a fresh file
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
        """Record a finished game with all its deals (the shape is in the module docs).

        Returns the game's id, or ``None`` when the database cannot be written just
        now: the result is then kept (in memory and in the pending file) and written
        by a later operation. Raises ``ValueError`` only for a malformed dictionary.
        """
        record = normalise_game(game)
        self._pending.append(record)
        if not self._ready():
            if not self._store_pending():
                self._say("This game's result is only kept in memory until the game closes.")
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
            rows = "entry" if found == 1 else "entries"
            them = "it is" if found == 1 else "they are"
            self._say(
                f"The score history has {found} damaged {rows}; {them} left out of the figures "
                f"and kept in {self.path.name}."
            )

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
            number = _int(row[0], "the deal's number")
            deal = _deal(
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
        summary["won"] = None if team is None else team in game["winners"]
        summary["opponents_level"] = opponents_level(game)
        return summary

    def recent_games(self, n: int = 20) -> list[dict[str, Any]]:
        """The last ``n`` finished games, newest first, without their deals.

        Each is ``{"id", "uid", "started_at", "finished_at", "variant", "options",
        "seats", "team_names", "human_team", "final_totals", "winners",
        "deals_played", "won", "opponents_level"}``; ``id`` is ``None`` for a game
        still waiting to be written, and ``won`` is ``None`` when no human played.
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
        """Figures over every game a human played (the ``human_team``'s point of view).

        ``{"games_recorded", "games_played", "games_won",
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
            games = "game" if count == 1 else "games"
            if self._store_pending():
                self._say(
                    f"{count} finished {games} could not be added to the score history yet; "
                    f"they are kept in {self.pending_path.name} and will be added next time."
                )
            else:
                self._say(f"The result of {count} finished {games} could not be saved.")
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
