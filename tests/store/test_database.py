"""The score history: figures, migrations, and every kind of bad database file."""

from __future__ import annotations

import json
import os
import re
import sqlite3

import pytest

from canasta.store import schema
from canasta.store.database import ScoreDatabase
from canasta.store.gamedict import normalise_game
from canasta.store.statistics import canasta_count
from canasta.store.paths import data_dir


def seats(level):
    return [
        {"name": "You", "kind": "human", "level": None},
        {"name": "Ann", "kind": "computer", "level": level},
        {"name": "Bob", "kind": "computer", "level": level},
        {"name": "Cid", "kind": "computer", "level": level},
    ]


def items(natural=0, mixed=0, **more):
    return {"melded": 0, "natural_canastas": natural, "mixed_canastas": mixed, **more}


def game_won():
    """Classic against easy opponents; the human's team (0) wins 5130 to 2775."""
    return {
        "uid": "game-a",
        "started_at": "2026-11-20T20:00:00+01:00",
        "finished_at": "2026-11-20T20:45:00+01:00",
        "variant": "classic",
        "options": {"target_score": 5000, "players": 4},
        "seats": seats("easy"),
        "team_names": ["North-South", "East-West"],
        "deals": [
            {"dealer": 0, "went_out": 2, "concealed": False, "items": [items(1, 2, melded=305), items(0, 1)],
             "scores": [1630, 575]},
            {"dealer": 1, "went_out": 1, "concealed": True, "items": [items(0, 1), items(2, 0)],
             "scores": [400, 2000]},
            {"dealer": 2, "went_out": 0, "concealed": True, "items": [items(1, 1), items()],
             "scores": [3100, 200]},
        ],
    }


def game_lost():
    """Samba against hard opponents; team 1 wins 5100 to -50."""
    return {
        "uid": "game-b",
        "started_at": "2026-11-21T20:00:00+01:00",
        "finished_at": "2026-11-21T20:30:00+01:00",
        "variant": "samba",
        "options": {"target_score": 10000},
        "seats": seats("hard"),
        "team_names": ["North-South", "East-West"],
        "deals": [
            {"dealer": 0, "went_out": 1, "concealed": False, "items": [items(0, 1), items(2, 1)],
             "scores": [-200, 2600]},
            {"dealer": 1, "went_out": 3, "concealed": False, "items": [items(), items(1, 1)],
             "scores": [150, 2500]},
        ],
    }


def db_path():
    return data_dir() / "scores.sqlite3"


def kept_copies():
    return sorted(p.name for p in data_dir().iterdir() if re.match(r"scores-\d{8}-\d{6}", p.name))


def raw(path=None):
    return sqlite3.connect(path or db_path(), isolation_level=None)


def make_db(path, statements, user_version):
    conn = raw(path)
    for statement in statements:
        conn.execute(statement)
    conn.execute(f"PRAGMA user_version = {user_version}")
    conn.close()


# --------------------------------------------------------------------------- figures


def test_statistics_of_two_games():
    with ScoreDatabase() as db:
        first = db.record_game(game_won())
        second = db.record_game(game_lost())
        assert isinstance(first, int) and isinstance(second, int) and first != second
        stats = db.statistics()
        assert db.messages == []
    assert stats["games_recorded"] == 2
    assert stats["games_played"] == 2
    assert stats["games_won"] == 1
    assert stats["by_variant"] == {"classic": {"played": 1, "won": 1}, "samba": {"played": 1, "won": 0}}
    assert stats["by_level"] == {"easy": {"played": 1, "won": 1}, "hard": {"played": 1, "won": 0}}
    assert stats["deals_played"] == 5
    assert stats["average_deal_score"] == pytest.approx((1630 + 400 + 3100 - 200 + 150) / 5)  # 1016
    assert stats["best_deal"] == {
        "score": 3100, "game_id": first, "number": 3,
        "finished_at": "2026-11-20T20:45:00+01:00", "variant": "classic",
    }
    assert stats["canastas_made"] == (1 + 2) + (0 + 1) + (1 + 1) + (0 + 1) + 0  # 7
    assert stats["went_out"] == 2  # seat 2 in deal 1 and seat 0 in deal 3 of the first game
    assert stats["went_out_concealed"] == 1
    assert stats["waiting"] == 0


def test_an_empty_history_has_empty_figures():
    with ScoreDatabase() as db:
        stats = db.statistics()
    assert stats["games_played"] == 0 and stats["average_deal_score"] is None and stats["best_deal"] is None


def test_games_without_a_human_are_recorded_but_not_counted():
    watched = game_won()
    watched["uid"] = "watched"
    watched["seats"] = [dict(s, kind="computer", level="hard") for s in watched["seats"]]
    with ScoreDatabase() as db:
        db.record_game(game_lost())
        db.record_game(watched)
        stats = db.statistics()
        recent = db.recent_games()
    assert stats["games_recorded"] == 2 and stats["games_played"] == 1 and stats["games_won"] == 0
    assert recent[0]["uid"] == "watched" and recent[0]["human_team"] is None and recent[0]["won"] is None


def test_hot_seat_and_mixed_levels_are_their_own_groups():
    hot_seat = game_won()
    hot_seat["uid"] = "hot"
    hot_seat["seats"][1] = {"name": "Eve", "kind": "human", "level": None}
    mixed = game_lost()
    mixed["seats"][3]["level"] = "easy"
    with ScoreDatabase() as db:
        db.record_game(hot_seat)
        db.record_game(mixed)
        assert db.statistics()["by_level"] == {"human": {"played": 1, "won": 1}, "mixed": {"played": 1, "won": 0}}


def test_deals_of_gives_both_teams_totals_across_deals():
    with ScoreDatabase() as db:
        game_id = db.record_game(game_won())
        deals = db.deals_of(game_id)
        assert db.deals_of("game-a") == deals
        assert db.deals_of(9999) == []
    assert [d["totals"] for d in deals] == [[1630, 575], [2030, 2575], [5130, 2775]]
    assert [d["scores"] for d in deals] == [[1630, 575], [400, 2000], [3100, 200]]
    assert [d["number"] for d in deals] == [1, 2, 3]
    assert deals[1]["went_out"] == 1 and deals[1]["concealed"] is True
    assert deals[0]["items"][0] == items(1, 2, melded=305)


def test_recent_games_newest_first_with_their_setup():
    with ScoreDatabase() as db:
        db.record_game(game_won())
        db.record_game(game_lost())
        recent = db.recent_games(5)
        assert [g["uid"] for g in db.recent_games(1)] == ["game-b"]
    assert [g["uid"] for g in recent] == ["game-b", "game-a"]
    newest = recent[0]
    assert newest["variant"] == "samba"
    assert newest["options"] == {"target_score": 10000}
    assert [s["level"] for s in newest["seats"]] == [None, "hard", "hard", "hard"]
    assert [s["team"] for s in newest["seats"]] == [0, 1, 0, 1]
    assert newest["final_totals"] == [-50, 5100]
    assert newest["winners"] == [1]
    assert newest["won"] is False
    assert newest["deals_played"] == 2
    assert newest["opponents_level"] == "hard"


def test_the_same_game_is_recorded_once():
    with ScoreDatabase() as db:
        first = db.record_game(game_won())
        again = db.record_game(game_won())
        assert first == again
        assert db.statistics()["games_recorded"] == 1
    assert raw().execute("SELECT count(*) FROM deals").fetchone()[0] == 3


def test_figures_survive_reopening():
    with ScoreDatabase() as db:
        db.record_game(game_won())
    with ScoreDatabase() as db:
        assert db.statistics()["games_won"] == 1
        assert db.messages == []


def test_shapes_are_checked():
    bad = game_won()
    bad["deals"][0]["scores"] = [1, 2, 3]
    with pytest.raises(ValueError):
        normalise_game(bad)
    with pytest.raises(ValueError):
        normalise_game({"variant": "classic", "seats": [], "team_names": ["a", "b"]})
    filled = normalise_game({**game_won(), "uid": None, "finished_at": None})
    assert len(filled["uid"]) == 32 and filled["finished_at"]
    assert filled["winners"] == [0] and filled["final_totals"] == [5130, 2775]


def test_a_shared_win_counts_as_won():
    tie = game_won()
    tie["deals"] = [{"dealer": 0, "went_out": None, "scores": [5000, 5000]}]
    with ScoreDatabase() as db:
        db.record_game(tie)
        stats = db.statistics()
    assert stats["games_won"] == 1 and stats["went_out"] == 0


def test_canasta_counts_read_either_form():
    assert canasta_count({"natural_canastas": 2, "mixed_canastas": 1, "melded": 400}) == 3
    assert canasta_count({"canastas": {"natural": 1, "sevens": 1}}) == 2
    assert canasta_count({"canastas": 4}) == 4
    assert canasta_count({"melded": 50}) == 0
    # Hand and Foot: clean and dirty books are its natural and mixed canastas, wild books apart
    assert canasta_count({"natural_canastas": 2, "mixed_canastas": 1, "wild_books": 1, "wild_bonus": 1500}) == 4
    # Bolivia: escaleras are its sequence canastas, and a bolivia counts too (the items
    # as the game writes them into the history)
    from dataclasses import asdict

    from canasta.engine.variants.samba import SambaItems
    items = asdict(SambaItems(natural_canastas=1, mixed_canastas=1, sequence_canastas=1, sequence_bonus=1000,
                              bolivias=2, bolivia_bonus=5000))
    assert canasta_count(items) == 5


# --------------------------------------------------------------------------- the file


def test_wal_mode_and_schema_version():
    ScoreDatabase().close()
    conn = raw()
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA user_version").fetchone()[0] == schema.schema_version() == 2
    assert {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")} == {
        "games", "deals", "records", "coach"}


def test_an_empty_version_0_database_is_migrated():
    data_dir().mkdir(parents=True, exist_ok=True)
    make_db(db_path(), ["CREATE TABLE t(x)", "DROP TABLE t"], 0)
    assert raw().execute("PRAGMA user_version").fetchone()[0] == 0
    with ScoreDatabase() as db:
        assert db.record_game(game_won()) is not None
        assert db.messages == []
    assert raw().execute("PRAGMA user_version").fetchone()[0] == schema.schema_version()
    assert kept_copies() == []


def test_a_later_migration_is_applied_to_an_existing_database(monkeypatch):
    with ScoreDatabase() as db:
        db.record_game(game_won())

    def add_notes(conn):
        conn.execute("ALTER TABLE games ADD COLUMN note TEXT")

    monkeypatch.setattr(schema, "MIGRATIONS", schema.MIGRATIONS + [add_notes])
    expected = {table: set(columns) for table, columns in schema.EXPECTED_COLUMNS.items()}
    expected["games"].add("note")
    monkeypatch.setattr(schema, "EXPECTED_COLUMNS", expected)
    with ScoreDatabase() as db:
        assert db.messages == []
        assert db.statistics()["games_won"] == 1
        db.record_game(game_lost())
    conn = raw()
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 3
    assert "note" in {r[1] for r in conn.execute("PRAGMA table_info(games)")}
    assert conn.execute("SELECT count(*) FROM games").fetchone()[0] == 2


def test_a_failing_migration_changes_nothing(monkeypatch):
    with ScoreDatabase() as db:
        db.record_game(game_won())

    def broken(conn):
        conn.execute("ALTER TABLE games ADD COLUMN note TEXT")
        conn.execute("THIS IS NOT SQL")

    monkeypatch.setattr(schema, "MIGRATIONS", schema.MIGRATIONS + [broken])
    db = ScoreDatabase()
    assert len(db.messages) == 1  # reported, not raised
    db.close()
    conn = raw()
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 2
    assert "note" not in {r[1] for r in conn.execute("PRAGMA table_info(games)")}


def test_a_zero_byte_file_is_a_new_database():
    data_dir().mkdir(parents=True, exist_ok=True)
    db_path().write_bytes(b"")
    with ScoreDatabase() as db:
        assert db.record_game(game_won()) is not None
        assert db.messages == []
    assert kept_copies() == []


def test_random_bytes_are_set_aside_and_a_fresh_database_started():
    data_dir().mkdir(parents=True, exist_ok=True)
    garbage = os.urandom(4096)
    db_path().write_bytes(garbage)
    with ScoreDatabase() as db:
        assert db.record_game(game_won()) is not None
        assert db.statistics()["games_played"] == 1
        messages = db.take_messages()
    copies = kept_copies()
    assert len(copies) == 1
    assert (data_dir() / copies[0]).read_bytes() == garbage
    assert messages == [f"The score history was damaged; it was kept as {copies[0]} and a new one was started."]


def test_a_truncated_database_is_set_aside():
    with ScoreDatabase() as db:
        for n in range(40):
            db.record_game({**game_won(), "uid": f"g{n}", "options": {"padding": "x" * 2000}})
    size = db_path().stat().st_size
    assert size > 8192
    with open(db_path(), "r+b") as handle:
        handle.truncate(size // 2 + 100)
    with ScoreDatabase() as db:
        messages = db.take_messages()
        assert db.record_game(game_lost()) is not None
        assert db.statistics()["games_recorded"] == 1
    assert len(kept_copies()) == 1
    assert messages and "was damaged" in messages[0]


def test_a_newer_database_is_kept_untouched():
    data_dir().mkdir(parents=True, exist_ok=True)
    make_db(db_path(), ["CREATE TABLE games(id INTEGER, future TEXT)", "INSERT INTO games VALUES (1, 'x')"], 7)
    with ScoreDatabase() as db:
        messages = db.take_messages()
        assert db.record_game(game_won()) is not None
    copies = [c for c in kept_copies() if c.endswith(".sqlite3")]
    assert len(copies) == 1
    assert messages == [
        f"The score history comes from a newer version of Canasta; it was kept as {copies[0]} "
        "and a new one was started."
    ]
    old = raw(data_dir() / copies[0])
    assert old.execute("PRAGMA user_version").fetchone()[0] == 7
    assert old.execute("SELECT * FROM games").fetchall() == [(1, "x")]


@pytest.mark.parametrize(
    "statements, version",
    [
        (["CREATE TABLE games(id INTEGER PRIMARY KEY, when_played TEXT)", "CREATE TABLE deals(x)"], 1),
        (["CREATE TABLE games(id INTEGER PRIMARY KEY)"], 1),  # deals missing
        (["CREATE TABLE photos(id INTEGER, data BLOB)", "INSERT INTO photos VALUES (1, x'00')"], 0),
    ],
    ids=["other-columns", "table-missing", "someone-elses-database"],
)
def test_a_database_of_another_form_is_set_aside(statements, version):
    data_dir().mkdir(parents=True, exist_ok=True)
    make_db(db_path(), statements, version)
    with ScoreDatabase() as db:
        messages = db.take_messages()
        assert db.record_game(game_won()) is not None
    assert len(messages) == 1 and "is not in the form this version expects" in messages[0]
    copies = [c for c in kept_copies() if c.endswith(".sqlite3")]
    assert len(copies) == 1
    created = {s.split()[2].split("(")[0] for s in statements if s.startswith("CREATE TABLE")}
    kept_tables = {r[0] for r in raw(data_dir() / copies[0]).execute("SELECT name FROM sqlite_master")}
    assert kept_tables == created  # the kept copy is the original, untouched


# --------------------------------------------------------------------------- locks and folders


def test_a_locked_database_keeps_the_result_and_writes_it_when_free():
    ScoreDatabase().close()
    blocker = raw()
    blocker.execute("BEGIN EXCLUSIVE")
    db = ScoreDatabase(timeout=0.05)
    assert db.record_game(game_won()) is None  # no exception
    assert db.messages == [
        "The score history is in use by another program; results are kept and will be saved as soon as it is free."
    ]
    assert db.pending_path.exists()  # kept on disk too, in case the program stops
    stats = db.statistics()  # still answers, counting the waiting game, and says nothing new
    assert stats["games_won"] == 1 and stats["waiting"] == 1
    assert db.recent_games()[0]["id"] is None
    assert len(db.messages) == 1
    blocker.execute("COMMIT")
    blocker.close()
    db.close()
    conn = raw()
    assert conn.execute("SELECT uid, deals_played FROM games").fetchall() == [("game-a", 3)]
    assert conn.execute("SELECT count(*) FROM deals").fetchone()[0] == 3
    assert not db.pending_path.exists()


def test_locked_while_opening_then_written_at_the_next_write():
    data_dir().mkdir(parents=True, exist_ok=True)
    blocker = raw()
    blocker.execute("CREATE TABLE placeholder(x)")
    blocker.execute("BEGIN EXCLUSIVE")  # rollback-journal mode: nobody can even read
    db = ScoreDatabase(timeout=0.05)
    assert len(db.messages) == 1 and "in use by another program" in db.messages[0]
    assert db.record_game(game_won()) is None
    assert db.statistics()["waiting"] == 1
    blocker.execute("DROP TABLE placeholder")
    blocker.execute("COMMIT")
    blocker.close()
    second = db.record_game(game_lost())
    assert isinstance(second, int)
    assert db.statistics()["games_recorded"] == 2 and db.statistics()["waiting"] == 0
    assert len(db.messages) == 1
    db.close()
    assert [r[0] for r in raw().execute("SELECT uid FROM games ORDER BY id")] == ["game-a", "game-b"]


def test_results_waiting_at_exit_are_added_at_the_next_start():
    ScoreDatabase().close()
    blocker = raw()
    blocker.execute("BEGIN EXCLUSIVE")
    db = ScoreDatabase(timeout=0.05)
    db.record_game(game_won())
    db.close()
    assert db.messages[-1] == (
        "1 finished game could not be added to the score history yet; "
        "they are kept in scores-pending.json and will be added next time."
    )
    saved = json.loads(db.pending_path.read_text())
    assert [g["uid"] for g in saved["games"]] == ["game-a"]
    blocker.execute("COMMIT")
    blocker.close()
    with ScoreDatabase() as db:
        assert db.messages == []
        assert db.statistics()["games_won"] == 1
    assert not db.pending_path.exists()


def test_a_data_folder_that_cannot_be_created(tmp_path, monkeypatch):
    (tmp_path / "file").write_text("")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "file"))
    monkeypatch.setenv("CANASTA_HOME", str(tmp_path / "file"))
    db = ScoreDatabase()
    assert db.messages == [
        "The score history cannot be written (a folder on its path is a file); "
        "results are kept and will be saved when it can be."
    ]
    assert db.record_game(game_won()) is None
    assert db.statistics()["games_won"] == 1
    assert db.deals_of("game-a")[2]["totals"] == [5130, 2775]
    db.close()
    assert db.messages[-1] == "The result of 1 finished game could not be saved."


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root writes anywhere")
def test_a_read_only_folder(tmp_path):
    with ScoreDatabase() as db:
        db.record_game(game_won())
    os.chmod(data_dir(), 0o500)
    try:
        db = ScoreDatabase(timeout=0.05)
        db.record_game(game_lost())
        messages = list(db.messages)
        db.close()
    finally:
        os.chmod(data_dir(), 0o700)
    assert messages and "cannot be written" in messages[0]
