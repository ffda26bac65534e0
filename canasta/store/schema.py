"""The score history's SQLite schema: one migration per version, the expected
tables, and opening a file checked against them.

The version is kept in ``PRAGMA user_version``. :data:`MIGRATIONS` holds one function
per version step (version 2 added the game records and the coach's verdicts for
Review); to add version 3, append a function that takes a version-2 database to
version 3 and describe the new tables in :data:`EXPECTED_COLUMNS`.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Callable

from ..i18n import N_
from .atomic import NotAFile, read_file

DB_FILE = "scores.sqlite3"
SQLITE_MAGIC = b"SQLite format 3\x00"


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


class Unusable(Exception):
    """The file at the database path cannot be used as it is; ``str()`` says why."""


DAMAGED = N_("was damaged")   # said after "The score history"
NEWER = N_("comes from a newer version of Canasta")
FOREIGN = N_("is not in the form this version expects")
NOT_A_FILE = N_("was not a regular file")


def classify(exc: BaseException) -> str:
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


def connect(path: Path, timeout: float) -> sqlite3.Connection:
    """Open, check, migrate; raise ``Unusable`` or ``sqlite3.Error``/``OSError``."""
    try:   # a FIFO or a device in its place is refused here, never waited on
        header = read_file(path, len(SQLITE_MAGIC), head=True)
    except FileNotFoundError:
        header = b""
    except NotAFile:
        raise Unusable(NOT_A_FILE) from None
    if header and header != SQLITE_MAGIC:
        raise Unusable(DAMAGED)
    conn = sqlite3.connect(path, timeout=timeout, isolation_level=None)
    try:
        try:
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version > schema_version():
                raise Unusable(NEWER)
            if conn.execute("PRAGMA quick_check").fetchall() != [("ok",)]:
                raise Unusable(DAMAGED)
            # Migrate and check in one transaction, before anything else is written
            # (WAL mode included): a file of another form is rolled back and set
            # aside exactly as it was.
            migrate(conn, version)
            conn.execute("PRAGMA journal_mode=WAL").fetchone()
            conn.execute("PRAGMA foreign_keys=ON")
        except sqlite3.Error as exc:
            if classify(exc) == "unusable":
                raise Unusable(DAMAGED) from exc
            raise
    except BaseException:
        conn.close()
        raise
    return conn



def migrate(conn: sqlite3.Connection, version: int) -> None:
    if version == 0:
        tables = conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        ).fetchall()
        if tables:
            raise Unusable(FOREIGN)
    if version == schema_version():
        check_schema(conn)
        return
    conn.execute("BEGIN IMMEDIATE")
    try:
        for step in range(version, schema_version()):
            MIGRATIONS[step](conn)
            conn.execute(f"PRAGMA user_version = {step + 1}")
        check_schema(conn)
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise

def check_schema(conn: sqlite3.Connection) -> None:
    for table, columns in EXPECTED_COLUMNS.items():
        found = {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}
        if found != columns:
            raise Unusable(FOREIGN)
