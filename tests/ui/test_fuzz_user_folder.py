"""A fuzz test of the user folders (issue #11, "beyond the list").

Hypothesis builds damaged and hostile files of every kind the game keeps: the
settings, the saved game and its journal, the score history's rows (and the database
file itself), and the results waiting to be added to it. For each set of files the game
is started as ``python -m canasta`` starts it (headless), then the main menu is drawn
(and the New game and Rules screens, which read the remembered setup), Continue is
pressed when offered (and a few moves played), and the Statistics screen is drawn with
every game in its list selected in turn.

Nothing may raise, every notice must be printable, and no file may vanish: each one is
still where it was (read, perhaps rewritten), or set aside beside it with a timestamp
and the very same bytes, or was taken into a newer file (the journal into a fresh
snapshot, the waiting results into the database, a finished game into the history).

The examples are derandomized (the same ones at every run) and few enough for the whole
file to run in well under a minute.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import sys
import tempfile
import unicodedata
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from canasta.store import paths
from canasta.store.database import DB_FILE, ScoreDatabase
from canasta.store.saves import JOURNAL_FILE, SNAPSHOT_FILE
from canasta.store.settings import SETTINGS_FILE
from canasta.ui.menus import MainMenu
from canasta.ui.screens.stats import StatisticsScreen
from canasta.ui.table import TableScene
from harness import boot, click, frames, play, shutdown
from test_corrupt import SEATS, valid_save

PENDING_FILE = "scores-pending.json"
# no shrinking: a failure is reported as found (shrinking a window run can take minutes)
# CANASTA_FUZZ_EXAMPLES=500 runs a longer, random (not derandomized) search by hand.
EXPLORE = int(os.environ.get("CANASTA_FUZZ_EXAMPLES", "0"))
FUZZ = settings(max_examples=EXPLORE or 20, deadline=None, derandomize=not EXPLORE, database=None, print_blob=True,
                phases=(Phase.explicit, Phase.generate),
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.filter_too_much])

# --------------------------------------------------------------------------- hostile values

NASTY_TEXT = st.sampled_from([
    "", " ", "\x00", "A\x00B", "\u200b", "\ufeff", "\ud800", "\u2028", "\x1b[31m", "x" * 5000, "../../etc",
    "2026-11-23T10:15:00+01:00", "9999-99-99", "classic-4", "easy", "human", "computer", "NaN", "{{", "[",
    "\U0001F600", "\u0301", "Zoë",
]) | st.text(max_size=30)
NASTY_INT = st.sampled_from([0, 1, -1, 2, 3, 7, 2**31, -(2**63), 2**63 - 1, 10**30, 10**400]) | st.integers(-5, 10)
NASTY_FLOAT = st.sampled_from([0.5, -0.0, 1e308, float("inf"), float("-inf"), float("nan")])
SCALARS = st.none() | st.booleans() | NASTY_INT | NASTY_FLOAT | NASTY_TEXT
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(NASTY_TEXT, inner, max_size=4), max_leaves=12)


def deep(depth: int) -> str:
    return "[" * depth + "]" * depth


def to_json(value) -> str:
    try:
        return json.dumps(value)
    except (ValueError, TypeError):  # an integer too long to write
        return "0"


@st.composite
def mutated(draw, document):
    """``document`` (JSON-able) with one to three places replaced or removed."""
    doc = json.loads(json.dumps(document))
    for _ in range(draw(st.integers(1, 3))):
        path = []
        node = doc
        while isinstance(node, (dict, list)) and node and draw(st.booleans()):
            key = draw(st.sampled_from(sorted(node) if isinstance(node, dict) else list(range(len(node)))))
            path.append(key)
            node = node[key]
        if not path:
            continue
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        how = draw(st.sampled_from(["replace", "replace", "remove", "deep"]))
        if how == "remove":
            del parent[path[-1]]
        elif how == "deep":
            parent[path[-1]] = json.loads(deep(40))
        else:
            parent[path[-1]] = draw(VALUES)
    return doc


@st.composite
def damaged_bytes(draw, good: bytes):
    """``good`` truncated, with bytes changed, replaced by random bytes, or nested very deep."""
    how = draw(st.sampled_from(["truncate", "flip", "random", "deep", "empty"]))
    if how == "truncate":
        return good[: draw(st.integers(0, max(0, len(good) - 1)))]
    if how == "flip":
        data = bytearray(good)
        for _ in range(draw(st.integers(1, 8))):
            if data:
                data[draw(st.integers(0, len(data) - 1))] = draw(st.integers(0, 255))
        return bytes(data)
    if how == "random":
        return draw(st.binary(max_size=300))
    if how == "deep":
        return b'{"record": ' + deep(draw(st.sampled_from([50, 5000, 100_000]))).encode() + b"}"
    return b""


# --------------------------------------------------------------------------- sound files to start from

RECORD = valid_save(16, seed=5)
SNAPSHOT_ACTIONS = 10


SNAPSHOT_RECORD = {**RECORD, "actions": RECORD["actions"][:SNAPSHOT_ACTIONS]}


def snapshot_payload(record=None, seats=None) -> dict:
    record = SNAPSHOT_RECORD if record is None else record
    return {"format": "canasta-save", "version": 1, "saved_at": "2026-11-23T10:15:00+01:00",
            "generation": "g1", "record": record,
            "extra": {"seats": SEATS if seats is None else seats, "preset": "classic-4", "uid": "u-save"}}


def journal_lines() -> list[dict]:
    return [{"g": "g1", "i": i, "a": a} for i, a in enumerate(RECORD["actions"]) if i >= SNAPSHOT_ACTIONS]


GAME = {
    "uid": "u-1", "started_at": "2026-11-20T20:00:00+01:00", "finished_at": "2026-11-20T20:45:00+01:00",
    "variant": "classic-4", "options": {"target_score": 5000, "players": 4},
    "seats": [{"name": "You", "kind": "human", "level": None}, {"name": "Ann", "kind": "computer", "level": "easy"},
              {"name": "Bob", "kind": "computer", "level": "easy"}, {"name": "Cid", "kind": "computer", "level": "easy"}],
    "team_names": ["You & Bob", "Ann & Cid"],
    "deals": [{"dealer": 0, "went_out": 2, "concealed": False, "items": [{"natural_canastas": 1}, {}],
               "scores": [1630, 575]},
              {"dealer": 1, "went_out": 1, "concealed": True, "items": [{}, {"mixed_canastas": 2}],
               "scores": [3600, 900]}],
}
GAME_COLUMNS = ["uid", "started_at", "finished_at", "variant", "options_json", "seats_json", "team_names_json",
                "human_team", "final_totals_json", "winners_json", "deals_played"]
DEAL_COLUMNS = ["game_id", "number", "dealer", "went_out", "concealed", "items_json", "deal_scores_json",
                "totals_json"]
CELLS = (VALUES.map(to_json) | NASTY_TEXT | st.binary(max_size=20) | NASTY_INT.filter(lambda n: abs(n) < 2**63)
         | NASTY_FLOAT | st.just(deep(3000)) | st.none())

# --------------------------------------------------------------------------- building a user folder


class Folders:
    """Fresh user folders for one example (the XDG variables, or CANASTA_HOME elsewhere)."""

    def __init__(self):
        self._tmp = tempfile.TemporaryDirectory(prefix="canasta-fuzz-")
        self.root = Path(self._tmp.name)
        self._saved = {k: os.environ.get(k) for k in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME",
                                                      paths.HOME_ENV)}

    def __enter__(self):
        if sys.platform.startswith("linux"):
            os.environ.pop(paths.HOME_ENV, None)
            for kind in ("config", "data", "state"):
                os.environ[f"XDG_{kind.upper()}_HOME"] = str(self.root / kind)
        else:
            os.environ[paths.HOME_ENV] = str(self.root / "home")
        for folder in (paths.config_dir(), paths.data_dir(), paths.state_dir()):
            folder.mkdir(parents=True, exist_ok=True)
        return self

    def __exit__(self, *exc):
        for key, value in self._saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        self._tmp.cleanup()


def write(path: Path, data: bytes, written: dict) -> None:
    path.write_bytes(data)
    written[path] = data


def sound_database(folder: Path) -> None:
    with ScoreDatabase(folder / DB_FILE) as db:
        db.record_game({**GAME, "record": RECORD})  # the record is kept for Review
        db.record_game({**GAME, "uid": "u-2", "finished_at": "2026-11-21T20:45:00+01:00"})


# --------------------------------------------------------------------------- driving the game

SET_ASIDE = re.compile(r"-\d{8}-\d{6}(-\d+)?")


def printable(text: str) -> bool:
    return all(unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp") for ch in text)


def drive(written: dict, games_before: int = 0) -> None:
    """Start, menu, Continue, Statistics, close; then check that no file vanished."""
    app, session = boot()
    try:
        frames(app, 2)
        assert isinstance(app.scene, MainMenu)
        # the screens that read the remembered setup (settings' last_game)
        session.show_new_game()
        frames(app, 2)
        session.show_rules(session.rules_choices())
        frames(app, 2)
        session.show_main_menu()
        frames(app)
        if session.resumable is not None:
            click(app, app.scene.control("continue"))
            table = app.scene
            assert isinstance(table, TableScene)
            frames(app, 2)
            moves = len(table.game.actions)
            play(table, lambda: len(table.game.actions) >= moves + 3, limit=400)
            frames(app, 2)
            session.leave_table()
            frames(app)
        click(app, app.scene.control("statistics"))
        screen = app.scene
        assert isinstance(screen, StatisticsScreen)
        frames(app, 2)
        for i in range(min(len(screen.games), 4)):
            screen.games_list.select(i)
            frames(app)
        games = list(screen.games)
        for game in games[:2]:  # Review, from the statistics: the kept record replayed on the table
            if session.review_stored_game(game, back=session.show_main_menu):
                frames(app, 3)
                session.show_main_menu()
                frames(app)
        screen.back()
        frames(app, 2)
        for notice in session.notices:
            assert printable(notice), notice
    finally:
        shutdown(app, session)
    check_nothing_vanished(written, games_before)


def stored_uids() -> set:
    """The uid of every row of the games table, damaged or not."""
    path = paths.data_dir() / DB_FILE
    if not path.exists():
        return set()
    conn = sqlite3.connect(path)
    try:
        return {row[0] for row in conn.execute("SELECT uid FROM games")}
    except sqlite3.Error:
        return set()
    finally:
        conn.close()


def pending_taken(data: bytes, stored: set, games_before: int) -> bool:
    """Whether the waiting games are all in the score history now: those with a uid by
    it, those without one (the history gives them a fresh uid) by count."""
    try:
        games = json.loads(data)["games"]
        named = {str(g["uid"]) for g in games if g.get("uid")}
        unnamed = sum(1 for g in games if not g.get("uid"))
    except Exception:
        return False  # not a file that could have been taken in
    return named <= stored and len(stored) - games_before >= unnamed


def journal_taken(data: bytes, snapshot: Path) -> bool:
    """Whether every move of the journal's complete lines is in the fresh snapshot (a
    journal whose moves are not there must have been kept as a copy)."""
    if b"\x00" in data:
        return False   # moves lost in place: only a kept copy may account for it
    try:
        fresh = json.loads(snapshot.read_bytes())["record"]["actions"]
    except Exception:
        return False
    *complete, _torn = data.split(b"\n")
    for line in complete:
        try:
            entry = json.loads(line)
        except ValueError:
            return False
        if not isinstance(entry, dict):
            return False
        if entry.get("g") != "g1":
            continue   # a line of an older snapshot
        i = entry.get("i")
        if not isinstance(i, int) or not 0 <= i < len(fresh) or fresh[i] != entry.get("a"):
            return False
    return True


def check_nothing_vanished(written: dict, games_before: int) -> None:
    for path, data in written.items():
        if path.exists():
            continue
        stem, dot, rest = path.name.partition(".")
        copies = [p for p in path.parent.iterdir()
                  if p.name.startswith(stem + "-") and SET_ASIDE.search(p.name) and p.name.endswith(dot + rest)]
        if any(p.read_bytes() == data for p in copies if p.is_file()):
            continue
        if path.name == JOURNAL_FILE and journal_taken(data, path.parent / SNAPSHOT_FILE):
            continue  # taken into a fresh snapshot
        stored = stored_uids()
        if path.name == PENDING_FILE and pending_taken(data, stored, games_before):
            continue  # taken into the score history
        if path.name in (SNAPSHOT_FILE, JOURNAL_FILE) and len(stored) > games_before:
            continue  # a finished game, put in the score history
        pytest.fail(f"{path.name} vanished without a copy: {sorted(p.name for p in path.parent.iterdir())}")


# --------------------------------------------------------------------------- the tests

KNOWN_SETTINGS = ["animation_speed", "sound", "volume", "card_back", "table_colour", "four_colour", "large_cards", "text_size", "card_size",
                  "show_points", "hand_sort", "confirm_discard", "hints_allowed", "undo_allowed", "fullscreen",
                  "window_size", "player_name", "last_game"]
TOML_SCALARS = st.booleans() | st.integers(-(2**63), 2**63 - 1) | st.floats(allow_nan=False) | NASTY_TEXT.filter(
    lambda s: "\ud800" not in s)
TOML_VALUES = st.recursive(TOML_SCALARS, lambda inner: st.lists(inner, max_size=3)
                           | st.dictionaries(st.text(max_size=8), inner, max_size=3), max_leaves=8)


@st.composite
def settings_files(draw) -> bytes:
    from canasta.store.settings import dumps_toml
    if draw(st.integers(0, 4)) == 0:
        return draw(damaged_bytes(b'animation_speed = "fast"\nvolume = 0.5\nplayer_name = "Ann"\n'))
    data = draw(st.dictionaries(st.sampled_from(KNOWN_SETTINGS) | st.text(max_size=10), TOML_VALUES, max_size=6))
    if draw(st.booleans()):
        data["last_game"] = {"preset": draw(NASTY_TEXT), "rules": draw(TOML_VALUES),
                             "seats": draw(st.lists(st.dictionaries(st.sampled_from(["name", "human", "level"]),
                                                                    TOML_VALUES, max_size=3), max_size=7))}
    try:
        return dumps_toml(data).encode("utf-8")
    except (TypeError, ValueError, UnicodeEncodeError):
        return b"x = 1\n"


@FUZZ
@given(content=settings_files())
def test_hostile_settings(content):
    with Folders():
        written = {}
        write(paths.config_dir() / SETTINGS_FILE, content, written)
        drive(written)


@st.composite
def saves(draw) -> bytes:
    how = draw(st.sampled_from(["payload", "payload", "record", "seats", "bytes"]))
    if how == "bytes":
        return draw(damaged_bytes(json.dumps(snapshot_payload()).encode()))
    if how == "record":
        return json.dumps(snapshot_payload(record=draw(mutated(SNAPSHOT_RECORD)))).encode()
    if how == "seats":
        return json.dumps(snapshot_payload(seats=draw(mutated(SEATS)))).encode()
    return to_json(draw(mutated(snapshot_payload()))).encode()


@FUZZ
@given(content=saves(), with_journal=st.booleans())
def test_hostile_saved_games(content, with_journal):
    with Folders():
        written = {}
        write(paths.state_dir() / SNAPSHOT_FILE, content, written)
        if with_journal:
            lines = "".join(json.dumps(line) + "\n" for line in journal_lines()).encode()
            write(paths.state_dir() / JOURNAL_FILE, lines, written)
        drive(written)


@st.composite
def journals(draw) -> bytes:
    lines = [json.dumps(line) for line in journal_lines()]
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.integers(0, len(lines)))
        how = draw(st.sampled_from(["mutate", "junk", "deep", "drop", "other-generation"]))
        if how == "mutate" and where < len(lines) and len(lines[where]) < 1000 and lines[where].startswith('{"g"'):
            lines[where] = to_json(draw(mutated(json.loads(lines[where]))))
        elif how == "junk":
            lines.insert(where, draw(st.text(max_size=40)).replace("\n", " "))
        elif how == "deep":
            lines.insert(where, '{"g": "g1", "i": 10, "a": ' + deep(draw(st.sampled_from([60, 100_000]))) + "}")
        elif how == "drop" and where < len(lines):
            del lines[where]
        else:
            lines.insert(where, json.dumps({"g": "old", "i": 3, "a": {"type": "draw"}}))
    data = ("\n".join(lines) + "\n").encode("utf-8", "surrogatepass")
    if draw(st.booleans()):
        data = data[: draw(st.integers(0, len(data)))]  # torn
    return data


@FUZZ
@given(content=journals())
def test_hostile_journals(content):
    with Folders():
        written = {}
        write(paths.state_dir() / SNAPSHOT_FILE, json.dumps(snapshot_payload()).encode(), written)
        write(paths.state_dir() / JOURNAL_FILE, content, written)
        drive(written)


@FUZZ
@given(changes=st.lists(st.tuples(st.sampled_from(["games", "deals", "records"]), st.integers(0, 10),
                                  CELLS | mutated(RECORD).map(to_json),
                                  st.sampled_from(["u-1", "u-2"])), min_size=1, max_size=4),
       damage=st.none() | st.integers(100, 8000))
def test_hostile_score_rows(changes, damage):
    with Folders():
        folder = paths.data_dir()
        sound_database(folder)
        conn = sqlite3.connect(folder / DB_FILE, isolation_level=None)
        for table, column_index, value, uid in changes:
            game_id = conn.execute("SELECT id FROM games WHERE uid = ?", (uid,)).fetchone()
            if game_id is None:
                continue
            try:
                if table == "games":
                    column = GAME_COLUMNS[column_index % len(GAME_COLUMNS)]
                    conn.execute(f"UPDATE games SET {column} = ? WHERE uid = ?", (value, uid))
                elif table == "records":
                    conn.execute("UPDATE records SET record_json = ?", (value,))
                else:
                    column = DEAL_COLUMNS[column_index % len(DEAL_COLUMNS)]
                    conn.execute(f"UPDATE deals SET {column} = ? WHERE game_id = ? AND number = 1",
                                 (value, game_id[0]))
            except (sqlite3.Error, UnicodeEncodeError):
                pass  # a constraint refused it (or SQLite cannot hold it): that cell stays sound
        conn.close()
        written = {}
        data = (folder / DB_FILE).read_bytes()
        if damage is not None and damage < len(data):
            data = data[:damage] + bytes(b ^ 0x5A for b in data[damage:damage + 64]) + data[damage + 64:]
        write(folder / DB_FILE, data, written)
        drive(written)


@st.composite
def pending_files(draw) -> bytes:
    good = {"format": "canasta-pending-scores", "version": 1, "games": [{**GAME, "uid": "p-1"}]}
    if draw(st.integers(0, 3)) == 0:
        return draw(damaged_bytes(json.dumps(good).encode()))
    return to_json(draw(mutated(good))).encode()


@FUZZ
@given(content=pending_files())
def test_hostile_pending_results(content):
    with Folders():
        written = {}
        write(paths.data_dir() / PENDING_FILE, content, written)
        drive(written)


@settings(FUZZ, max_examples=EXPLORE or 12)
@given(settings_content=settings_files(), save=saves(), journal=journals(), pending=pending_files(),
       cell=CELLS)
def test_everything_hostile_at_once(settings_content, save, journal, pending, cell):
    with Folders():
        sound_database(paths.data_dir())
        conn = sqlite3.connect(paths.data_dir() / DB_FILE, isolation_level=None)
        try:
            conn.execute("UPDATE games SET team_names_json = ? WHERE uid = 'u-1'", (cell,))
        except (sqlite3.Error, UnicodeEncodeError):
            pass
        conn.close()
        written = {}
        write(paths.config_dir() / SETTINGS_FILE, settings_content, written)
        write(paths.state_dir() / SNAPSHOT_FILE, save, written)
        write(paths.state_dir() / JOURNAL_FILE, journal, written)
        write(paths.data_dir() / PENDING_FILE, pending, written)
        drive(written, games_before=2)
