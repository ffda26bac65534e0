"""Issue #11, items 1 to 4 through the window: a hostile file in the user folders never
stops the game, the menu, Continue or the Statistics screen."""

from __future__ import annotations

import json
import re
import sqlite3

import pytest

from canasta.store import paths
from canasta.store.database import DB_FILE, ScoreDatabase
from canasta.store.saves import SNAPSHOT_FILE
from canasta.store.settings import SETTINGS_FILE
from canasta.ui.menus import MainMenu
from canasta.ui.screens.newgame import NewGameScreen
from canasta.ui.screens.stats import StatisticsScreen
from canasta.ui.table import TableScene
from harness import click, frames, shutdown
from test_corrupt import valid_save, write_save, SEATS

pytestmark = pytest.mark.usefixtures("user_folders")


def kept(folder, stem, suffix):
    return sorted(p for p in folder.iterdir()
                  if re.fullmatch(rf"{re.escape(stem)}-\d{{8}}-\d{{6}}(-\d+)?{re.escape(suffix)}", p.name))


def test_a_deeply_nested_save_does_not_stop_the_game(launch):
    """Item 1: RecursionError at every start before."""
    folder = paths.state_dir()
    content = b'{"record": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    (folder / SNAPSHOT_FILE).write_bytes(content)
    app, session = launch()
    assert isinstance(app.scene, MainMenu) and session.resumable is None
    [copy] = kept(folder, "current-game", ".json")
    assert copy.read_bytes() == content and copy.name in session.notices[0]
    frames(app, 2)


def test_a_saved_at_that_is_a_number_keeps_the_game(launch):
    """Item 2: the main menu crashed on ``saved_at: 12345``."""
    write_save(valid_save())
    snapshot = paths.state_dir() / SNAPSHOT_FILE
    payload = json.loads(snapshot.read_text(encoding="utf-8"))
    payload["saved_at"] = 12345
    snapshot.write_text(json.dumps(payload), encoding="utf-8")
    app, session = launch()
    frames(app, 2)
    assert session.resumable is not None and "saved" not in session.resumable.describe()
    click(app, app.scene.control("continue"))
    assert isinstance(app.scene, TableScene)
    frames(app, 2)


@pytest.mark.parametrize("name", ["Ma\x00rta", "\u200b", "Tab\tname", "x" * 30])
def test_a_seat_name_the_settings_refuse_sets_the_save_aside(launch, name):
    """Item 3: a NUL in a saved name crashed Continue in the text drawing."""
    write_save(valid_save(), seats=[SEATS[0], {**SEATS[1], "name": name}, *SEATS[2:]])
    app, session = launch()
    frames(app, 2)
    assert session.resumable is None
    [notice] = session.notices
    assert notice.startswith("The saved game could not be resumed (a seat's name must be")
    [copy] = kept(paths.state_dir(), "current-game", ".json")
    assert copy.name in notice


def test_a_remembered_seat_name_with_a_nul_is_not_drawn(launch):
    (paths.config_dir() / SETTINGS_FILE).write_text(
        '[last_game]\nseats = [{name = "You"}, {name = "Evil\\u0000"}]\n', encoding="utf-8")
    app, session = launch()
    click(app, app.scene.control("new"))
    form = app.scene
    assert isinstance(form, NewGameScreen)
    assert "\x00" not in form.seats[1].name
    frames(app, 2)


GAME = {
    "variant": "classic-4",
    "options": {"target_score": 5000},
    "seats": [{"name": "You", "kind": "human"}, {"name": "Ann", "kind": "computer", "level": "easy"},
              {"name": "Bob", "kind": "computer", "level": "easy"}, {"name": "Cid", "kind": "computer", "level": "easy"}],
    "team_names": ["You & Bob", "Ann & Cid"],
    "deals": [{"dealer": 0, "went_out": 0, "scores": [1200, 300]}, {"dealer": 1, "went_out": 1, "scores": [3900, 900]}],
}


@pytest.mark.parametrize("column, value", [("options_json", "{{"), ("team_names_json", "5"),
                                           ("seats_json", '[{"name": "\\u0000", "kind": "human"}]')])
def test_damaged_score_rows_leave_the_other_games_on_the_statistics_screen(launch, column, value):
    """Item 4: JSONDecodeError / TypeError on the Statistics screen before."""
    with ScoreDatabase() as db:
        for uid in ("one", "two", "three"):
            db.record_game({**GAME, "uid": uid})
    conn = sqlite3.connect(paths.data_dir() / DB_FILE)
    conn.execute(f"UPDATE games SET {column} = ? WHERE uid = 'two'", (value,))
    conn.commit()
    conn.close()
    app, session = launch()
    click(app, app.scene.control("statistics"))
    screen = app.scene
    assert isinstance(screen, StatisticsScreen)
    for _ in range(3):
        frames(app)
    assert [g["uid"] for g in screen.games] == ["three", "one"]
    assert screen.stats["games_played"] == 2
    assert [n for n in session.notices if "damaged" in n] == [
        "The score history has 1 damaged entry; it is left out of the figures and kept in scores.sqlite3."]
    shutdown(app, session)
    conn = sqlite3.connect(paths.data_dir() / DB_FILE)
    assert conn.execute(f"SELECT {column} FROM games WHERE uid = 'two'").fetchone() == (value,)


# --------------------------------------------------------------------------- 7. folders that are files


@pytest.mark.parametrize("kind", ["config", "state"])
def test_a_user_folder_that_is_a_file_is_said_in_one_sentence(launch, kind):
    folder = {"config": paths.config_dir, "state": paths.state_dir}[kind](create=False)
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.write_text("not a folder")
    app, session = launch()
    [notice] = session.notices
    assert str(folder) in notice and "is a file, not a folder" in notice
    a_game_works_for_a_while(app)
    assert session.notices == [notice]  # saving the settings and the game does not say it again
    assert folder.read_text() == "not a folder"


def a_game_works_for_a_while(app):
    from harness import enter_deal_number, play
    click(app, app.scene.control("new"))
    enter_deal_number(app, app.scene)
    click(app, app.scene.control("start"))
    table = app.scene
    assert isinstance(table, TableScene)
    assert play(table, lambda: len(table.game.actions) >= 10)
    return table


# --------------------------------------------------------------------------- 8. a second copy


def test_a_second_copy_runs_with_saving_off(launch):
    import os
    import subprocess
    import sys
    from pathlib import Path

    from canasta.ui.session import ALREADY_OPEN
    from test_corrupt import finish_a_game

    write_save(valid_save())
    snapshot = paths.state_dir() / SNAPSHOT_FILE
    first_copys_game = snapshot.read_bytes()
    holder = ("from canasta.store.lock import InstanceLock\nimport time\n"
              "print(InstanceLock().acquire(), flush=True)\ntime.sleep(120)\n")
    root = Path(__file__).resolve().parents[2]
    proc = subprocess.Popen([sys.executable, "-c", holder], env=dict(os.environ, PYTHONPATH=str(root)),
                            stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "held"
        app, session = launch()
        assert session.notices == [ALREADY_OPEN]
        assert session.resumable is None and not app.scene.control("continue").visible
        table = a_game_works_for_a_while(app)
        session.save_now(checkpoint=True)
        shutdown(app, session)
        assert snapshot.read_bytes() == first_copys_game  # never overwritten
        app, session = launch()
        finish_a_game(app, session)  # a game to its end: recorded, and still no save removed
        assert snapshot.read_bytes() == first_copys_game
        assert session.db.recent_games()[0]["id"] is not None
        shutdown(app, session)
    finally:
        proc.kill()
        proc.wait(10)
    app, session = launch()  # the first copy has gone (killed): this one is the only one
    assert session.notices == [] and session.resumable is not None
