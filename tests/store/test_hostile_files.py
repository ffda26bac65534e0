"""Issue #11, items 1 to 6 at the level of the store: hostile files never raise, never
vanish, and names read back are names the settings accept."""

from __future__ import annotations

import json
import re
import sqlite3

import pytest

from canasta.store import database, load_settings, save_settings
from canasta.store.database import ScoreDatabase
from canasta.store.names import check_name
from canasta.store.paths import data_dir, state_dir
from canasta.store.saves import SNAPSHOT_FILE, load_game, save_game
from canasta.store.settings import Settings, settings_path

from .test_database import game_lost, game_won  # noqa: F401 (shared sample games)

TIMESTAMPED = r"-\d{8}-\d{6}(-\d+)?"


def record(n=4):
    return {"format": "canasta-record", "version": 1, "rules": {"players": 4}, "seed": 3, "dealer": 0,
            "actions": [{"type": "draw"}] * n}


def kept(folder, stem, suffix):
    return sorted(p for p in folder.iterdir() if re.fullmatch(re.escape(stem) + TIMESTAMPED + re.escape(suffix), p.name))


# --------------------------------------------------------------------------- 1. deep nesting


@pytest.mark.parametrize("depth", [100_000, 5_000, 200])
def test_a_deeply_nested_save_is_set_aside(depth):
    state_dir().mkdir(parents=True, exist_ok=True)
    content = b'{"record": ' + b"[" * depth + b"]" * depth + b"}"
    (state_dir() / SNAPSHOT_FILE).write_bytes(content)
    data, messages = load_game()  # RecursionError before the fix
    assert data is None
    [copy] = kept(state_dir(), "current-game", ".json")
    assert copy.read_bytes() == content
    assert messages == [f"The saved game was damaged; it was kept as {copy.name} and cannot be continued."]


def test_a_deeply_nested_journal_line_ends_the_game_there():
    assert save_game(record(4), {"seats": []}) == []
    journal = state_dir() / "current-game.journal"
    line = b'{"g": "x", "i": 4, "a": ' + b"[" * 100_000 + b"]" * 100_000 + b"}\n"
    with open(journal, "ab") as handle:
        handle.write(line)
    data, messages = load_game()
    assert data is not None and len(data["record"]["actions"]) == 4
    assert len(messages) == 1 and "damaged" in messages[0]


# --------------------------------------------------------------------------- 2. saved_at


@pytest.mark.parametrize("value", [12345, None, [1], "yesterday", "9" * 10_000])
def test_a_saved_at_that_is_not_a_time_is_left_out(value):
    assert save_game(record(), {"seats": []}, checkpoint=True) == []
    snapshot = state_dir() / SNAPSHOT_FILE
    payload = json.loads(snapshot.read_text())
    payload["saved_at"] = value
    snapshot.write_text(json.dumps(payload))
    data, messages = load_game()
    assert messages == [] and data is not None
    assert data["saved_at"] is None  # the game is kept; only its time is not shown


# --------------------------------------------------------------------------- 3. names


@pytest.mark.parametrize("name", ["A\x00B", "\u200b", "\ud800x", "Tab\there", "x" * 25, "   ", "\u2028"])
def test_names_the_settings_refuse(name):
    with pytest.raises(ValueError):
        check_name(name)


def test_save_settings_never_writes_a_name_load_settings_refuses():
    for bad in ("Nul\x00", "\u200b", "y" * 40, "\ud800"):
        messages = save_settings(Settings(player_name=bad, volume=0.3))
        assert messages and "player_name" in messages[0]
        loaded, load_messages = load_settings()
        assert load_messages == []
        assert loaded.player_name == Settings().player_name and loaded.volume == 0.3


def test_a_settings_key_with_a_nul_is_named_safely():
    settings_path().write_text('"bad\\u0000key" = 1\n', encoding="utf-8")
    _, messages = load_settings()
    assert messages == ["Ignored in settings.toml: bad?key (unknown)."]


# --------------------------------------------------------------------------- 4. damaged rows


@pytest.mark.parametrize("column, value", [
    ("options_json", "{{"),
    ("team_names_json", "5"),
    ("seats_json", '[{"name": "A\\u0000", "kind": "human"}]'),
    ("final_totals_json", '["a", "b"]'),
    ("winners_json", "[7]"),
    ("human_team", 9),
    ("finished_at", b"\x00\x01"),
    ("options_json", '{"target_score": 1e400}'),
    ("options_json", "[" * 10_000 + "]" * 10_000),
    ("team_names_json", '["Us", "Them\\u200b"]'),
], ids=["invalid-json", "wrong-type", "nul-name", "totals-text", "winner-out-of-range", "human-team",
        "blob-date", "huge-target", "deep", "zero-width"])
def test_a_damaged_game_row_is_reported_once_skipped_and_kept(column, value):
    with ScoreDatabase() as db:
        db.record_game(game_won())
        db.record_game(game_lost())
    conn = sqlite3.connect(data_dir() / database.DB_FILE)
    conn.execute(f"UPDATE games SET {column} = ? WHERE uid = 'game-a'", (value,))
    conn.commit()
    conn.close()
    with ScoreDatabase() as db:
        stats = db.statistics()
        recent = db.recent_games()
        games = db.all_games()
        by_id = db.deals_of(1)
        messages = db.take_messages()
    assert [g["uid"] for g in recent] == ["game-b"] and [g["uid"] for g in games] == ["game-b"]
    assert stats["games_played"] == 1 and stats["games_won"] == 0
    assert by_id == []
    assert messages == ["The score history has 1 damaged entry; it is left out of the figures and kept in "
                        "scores.sqlite3."]
    conn = sqlite3.connect(data_dir() / database.DB_FILE)
    assert conn.execute(f"SELECT {column} FROM games WHERE uid = 'game-a'").fetchone() == (value,)  # kept


@pytest.mark.parametrize("column, value", [
    ("totals_json", "{{"), ("deal_scores_json", '"x"'), ("items_json", "5"), ("went_out", 17), ("dealer", "x"),
])
def test_a_damaged_deal_row_is_left_out_and_the_game_still_shows(column, value):
    with ScoreDatabase() as db:
        game_id = db.record_game(game_won())
    conn = sqlite3.connect(data_dir() / database.DB_FILE)
    conn.execute(f"UPDATE deals SET {column} = ? WHERE game_id = ? AND number = 2", (value, game_id))
    conn.commit()
    conn.close()
    with ScoreDatabase() as db:
        deals = db.deals_of(game_id)
        stats = db.statistics()
        messages = db.take_messages()
    assert [d["number"] for d in deals] == [1, 3]
    assert stats["games_played"] == 1 and stats["deals_played"] == 2
    assert len(messages) == 1 and "1 damaged entry" in messages[0]


def test_pending_results_with_hostile_names_are_set_aside():
    data_dir().mkdir(parents=True, exist_ok=True)
    game = game_won()
    game["seats"][1]["name"] = "Ann\x00"
    pending = data_dir() / "scores-pending.json"
    content = json.dumps({"format": "canasta-pending-scores", "version": 1, "games": [game]}).encode()
    pending.write_bytes(content)
    with ScoreDatabase() as db:
        messages = db.take_messages()
        assert db.recent_games() == []
    [copy] = kept(data_dir(), "scores-pending", ".json")
    assert copy.read_bytes() == content and copy.name in messages[0]


# --------------------------------------------------------------------------- 5. pending file not UTF-8


@pytest.mark.parametrize("content", [b"\xff\xfe\x00garbage", b'{"format": "canasta-pending-scores", "games": ' +
                                     b"[" * 100_000])
def test_a_pending_file_that_cannot_be_read_is_kept(content):
    data_dir().mkdir(parents=True, exist_ok=True)
    pending = data_dir() / "scores-pending.json"
    pending.write_bytes(content)
    with ScoreDatabase() as db:
        messages = db.take_messages()
        db.record_game(game_won())  # writing a game used to remove the pending file
        assert len(db.recent_games()) == 1
    copies = kept(data_dir(), "scores-pending", ".json")
    assert [c.read_bytes() for c in copies] == [content]
    assert len(messages) == 1 and copies[0].name in messages[0]


def test_a_pending_file_that_cannot_be_renamed_is_left_alone(monkeypatch):
    data_dir().mkdir(parents=True, exist_ok=True)
    pending = data_dir() / "scores-pending.json"
    pending.write_bytes(b"\xff\xff")

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    from canasta.store import pending as pending_results
    monkeypatch.setattr(pending_results, "quarantine", refuse)
    with ScoreDatabase() as db:
        assert len(db.take_messages()) == 1
        db.record_game(game_won())
    assert pending.read_bytes() == b"\xff\xff"


# --------------------------------------------------------------------------- 6. another schema


@pytest.mark.parametrize("statements, version", [
    (["CREATE TABLE games(id INTEGER PRIMARY KEY, player TEXT, score INT)", "INSERT INTO games VALUES (1, 'a', 3)"],
     1),
    (["CREATE TABLE highscores(name TEXT, score INT)", "INSERT INTO highscores VALUES ('a', 3)"], 0),
    (["CREATE TABLE games(id INTEGER PRIMARY KEY)"], 1),
])
def test_a_database_of_another_schema_is_kept_byte_for_byte(statements, version):
    data_dir().mkdir(parents=True, exist_ok=True)
    path = data_dir() / database.DB_FILE
    conn = sqlite3.connect(path, isolation_level=None)
    for statement in statements:
        conn.execute(statement)
    conn.execute(f"PRAGMA user_version = {version}")
    conn.close()
    original = path.read_bytes()
    with ScoreDatabase() as db:
        messages = db.take_messages()
        assert db.record_game(game_won()) is not None
    [copy] = kept(data_dir(), "scores", ".sqlite3")
    assert copy.read_bytes() == original  # not even switched to WAL
    assert "is not in the form this version expects" in messages[0]


@pytest.mark.parametrize("value", [5, "[" * 100_000 + "]" * 100_000, b"\xff\xfe", "{{"])
def test_a_damaged_record_or_coach_row_reads_as_none(value):
    with ScoreDatabase() as db:
        game = dict(game_won(), record={"format": "canasta-record", "actions": []})
        game_id = db.record_game(game)
        assert db.store_coach_results("key", 1, 0, "s", [1, 2])
    conn = sqlite3.connect(data_dir() / database.DB_FILE)
    conn.execute("UPDATE records SET record_json = ?", (value,))
    conn.execute("UPDATE coach SET results_json = ?", (value,))
    conn.commit()
    conn.close()
    with ScoreDatabase() as db:
        assert db.record_of(game_id) is None and db.record_of("game-a") is None
        assert db.coach_results("key", 1, 0, "s") is None
