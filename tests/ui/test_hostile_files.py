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
