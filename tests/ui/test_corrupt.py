"""Bad files never stop the game.

A corrupt settings file, a damaged or hand-edited saved game, a database that is
damaged, empty, of another shape, from a newer version or locked, and folders that
cannot be made: each time the game starts, the main menu says in one sentence what
happened, the bad file is kept beside a fresh one, and a game can be played.
"""

from __future__ import annotations

import json
import os
import random
import re
import sqlite3
import sys

import pygame
import pytest

from canasta.engine import Draw, Rules
from canasta.engine.cards import KIND_OF
from canasta.engine.record import Game
from canasta.store import has_saved_game, paths, save_game
from canasta.store.database import DB_FILE
from canasta.store.saves import SNAPSHOT_FILE
from canasta.store.settings import SETTINGS_FILE
from canasta.ui.menus import MainMenu, PauseMenu
from harness import click, enter_deal_number, frames, play, press, shutdown
from canasta.ui.table import TableScene

SEATS = [{"name": "You", "human": True, "level": "medium"}] + [
    {"name": n, "human": False, "level": "easy"} for n in ("Marta", "Luis", "Ines")]

pytestmark = pytest.mark.usefixtures("user_folders")


def one_sentence(s: str) -> bool:
    """One sentence: ends with a full stop, and none inside (brackets aside)."""
    flat = s
    while re.search(r"\([^()]*\)", flat):
        flat = re.sub(r"\([^()]*\)", "", flat)
    return s.endswith(".") and not re.search(r"[.!?]\s+\S", flat[:-1])


def the_notice(session) -> str:
    assert len(session.notices) == 1, session.notices
    notice = session.notices[0]
    assert one_sentence(notice), notice
    return notice


def kept(folder, stem: str, suffix: str) -> list[str]:
    return sorted(p.name for p in folder.iterdir()
                  if re.fullmatch(rf"{re.escape(stem)}-\d{{8}}-\d{{6}}(-\d+)?{re.escape(suffix)}", p.name))


def a_game_works(app) -> TableScene:
    """From the main menu: a new game starts, is played a little, is left and continued."""
    menu = app.scene
    assert isinstance(menu, MainMenu)
    frames(app)
    click(app, menu.control("new"))
    enter_deal_number(app, app.scene)
    click(app, app.scene.control("start"))
    table = app.scene
    assert isinstance(table, TableScene)
    assert play(table, lambda: len(table.game.actions) >= 8)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, PauseMenu)
    click(app, app.scene.control("save_quit"))
    assert app.scene.control("continue").visible
    click(app, app.scene.control("continue"))
    assert app.scene is not table and isinstance(app.scene, TableScene)
    return app.scene


# --------------------------------------------------------------------------- settings


@pytest.mark.parametrize("content", [
    bytes(random.Random(1).randrange(256) for _ in range(600)),
    b'animation_speed = "fast"\nsound = true\nvolume = 0.4\ncard_back = "re',
    b"\xff\xfe\x00t\x00a\x00b\x00l\x00e",
], ids=["random bytes", "truncated", "utf-16"])
def test_a_corrupt_settings_file(launch, content):
    config = paths.config_dir()
    (config / SETTINGS_FILE).write_bytes(content)
    app, session = launch()
    notice = the_notice(session)
    assert notice.startswith("Your settings file was damaged; it was kept as settings-")
    [aside] = kept(config, "settings", ".toml")
    assert aside in notice and (config / aside).read_bytes() == content
    assert app.settings.animation_speed == "instant"  # defaults (and --speed)
    frames(app)
    a_game_works(app)
    assert (config / SETTINGS_FILE).is_file()  # a fresh one, beside the kept one


def test_settings_with_impossible_values_keep_the_rest(launch):
    config = paths.config_dir()
    (config / SETTINGS_FILE).write_text('table_colour = "blue"\nvolume = 7\ncard_back = "tartan"\n'
                                        'four_colour = true\n')
    app, session = launch()
    notice = the_notice(session)
    assert notice.startswith("Ignored in settings.toml: volume") and "card_back" in notice
    assert app.settings.table_colour == "blue" and app.settings.four_colour and app.settings.volume == 0.7
    a_game_works(app)


# --------------------------------------------------------------------------- saved games


def valid_save(actions: int = 6, seed: int = 11) -> dict:
    """A real record of a game in progress (the seat to act plays the easy player)."""
    from canasta.ai import make_player
    from canasta.engine import legal_actions
    from canasta.engine.observe import observe

    game = Game(Rules(), seed)
    p = make_player("easy")
    while len(game.actions) < actions:
        st = game.state
        game.play(p.choose(observe(st, st.to_act), legal_actions(st)))
    return game.to_json()


def write_save(record, seats=SEATS) -> None:
    assert save_game(record, {"seats": seats, "preset": "classic-4", "uid": "x1"}, checkpoint=True) == []


def mixed_rank_meld() -> dict:
    game = Game(Rules(), 11)
    game.play(Draw())
    st = game.state
    by_kind = {}
    for c in st.hands[st.to_act]:
        if 4 <= KIND_OF[c] <= 14:
            by_kind.setdefault(KIND_OF[c], c)
    record = game.to_json()
    record["actions"].append({"type": "meld", "groups": [{"cards": list(by_kind.values())[:3]}]})
    return record


def unknown_card() -> dict:
    record = valid_save(4)
    record["actions"].append({"type": "discard", "card": 9999})
    return record


def illegal_action() -> dict:
    record = Game(Rules(), 11).to_json()
    record["actions"] = [{"type": "discard", "card": 5}]  # nobody has drawn yet
    return record


@pytest.mark.parametrize("make, expect", [
    (unknown_card, "9999 is not a card of this game"),
    (mixed_rank_meld, "cannot go together"),
    (illegal_action, "is not legal in its position"),
    (lambda: {**valid_save(), "rules": {"players": 5}}, "rules in the saved game are not valid"),
    (lambda: {**valid_save(), "actions": valid_save()["actions"] + [{"type": "fly"}]}, "unknown action type"),
], ids=["a card that does not exist", "a meld of mixed ranks", "an illegal action", "five players",
        "an unknown action"])
def test_a_hand_edited_saved_game_is_set_aside(launch, make, expect):
    write_save(make())
    app, session = launch()
    notice = the_notice(session)
    assert notice.startswith("The saved game could not be resumed (") and expect in notice
    assert session.resumable is None and not app.scene.control("continue").visible
    [aside] = kept(paths.state_dir(), "current-game", ".json")
    assert aside in notice
    table = a_game_works(app)
    assert table.game.seed != 11 or len(table.game.actions) >= 8


@pytest.mark.parametrize("seats, expect", [
    (SEATS[:1], "the seats are missing"),
    ([{**SEATS[0], "human": "yes"}] + SEATS[1:], "the seats are damaged"),
    (SEATS[:3] + [{**SEATS[3], "level": "grandmaster"}], "unknown level 'grandmaster'"),
], ids=["too few", "not true or false", "unknown level"])
def test_a_saved_game_with_damaged_seats_is_set_aside(launch, seats, expect):
    write_save(valid_save(), seats=seats)
    app, session = launch()
    assert expect in the_notice(session)
    a_game_works(app)


@pytest.mark.parametrize("damage, expect", [
    (lambda raw: bytes(random.Random(2).randrange(256) for _ in range(len(raw))), "was damaged"),
    (lambda raw: raw[: len(raw) // 2], "was damaged"),
    (lambda raw: b"", "was damaged"),
    (lambda raw: json.dumps({"hello": "world"}).encode(), "was not a Canasta saved game"),
    (lambda raw: raw.replace(b'"version":1', b'"version":9', 1), "comes from a newer version"),
], ids=["random bytes", "truncated", "zero bytes", "another JSON file", "newer version"])
def test_a_damaged_saved_game_file(launch, damage, expect):
    write_save(valid_save())
    snapshot = paths.state_dir() / SNAPSHOT_FILE
    bad = damage(snapshot.read_bytes())
    snapshot.write_bytes(bad)
    app, session = launch()
    notice = the_notice(session)
    assert notice.startswith("The saved game ") and expect in notice
    [aside] = kept(paths.state_dir(), "current-game", ".json")
    assert (paths.state_dir() / aside).read_bytes() == bad
    a_game_works(app)
    assert has_saved_game()


# --------------------------------------------------------------------------- the score history


def finish_a_game(app, session) -> None:
    """A game to its end with the human seat played by the computer."""
    click(app, app.scene.control("new"))
    form = app.scene
    form.set_opt("target_score", 500)
    click(app, form.control("start"))
    table = app.scene
    for _ in range(30):
        play(table, lambda: table.state.deal_over)
        frames(app)  # the score sheet is drawn and its buttons placed
        if table.state.game_over:
            return
        click(app, table.sheet_button)
    raise AssertionError("the game did not end")


def make_db(build) -> None:
    path = paths.data_dir() / DB_FILE
    conn = sqlite3.connect(path)
    build(conn)
    conn.commit()
    conn.close()


@pytest.mark.parametrize("build, expect", [
    (lambda c: c.executescript("CREATE TABLE games (id INTEGER PRIMARY KEY, player TEXT, score INT);"
                               "PRAGMA user_version = 1;"), "is not in the form this version expects"),
    (lambda c: c.executescript("CREATE TABLE highscores (name TEXT, score INT);"),
     "is not in the form this version expects"),
    (lambda c: c.executescript("CREATE TABLE future (x); PRAGMA user_version = 42;"),
     "comes from a newer version of Canasta"),
], ids=["wrong schema", "another program's database", "newer version"])
def test_a_database_of_the_wrong_shape(launch, build, expect):
    make_db(build)
    app, session = launch()
    notice = the_notice(session)
    assert notice.startswith("The score history ") and expect in notice and "a new one was started" in notice
    assert kept(paths.data_dir(), "scores", ".sqlite3")
    finish_a_game(app, session)
    assert len(session.db.recent_games()) == 1


@pytest.mark.parametrize("content", [b"", bytes(random.Random(3).randrange(256) for _ in range(4096)),
                                     b"SQLite format 3\x00" + b"\x00" * 50],
                         ids=["zero bytes", "random bytes", "truncated after the header"])
def test_a_zero_byte_or_damaged_database(launch, content):
    (paths.data_dir() / DB_FILE).write_bytes(content)
    app, session = launch()
    if content:
        notice = the_notice(session)
        assert notice.startswith("The score history was damaged; it was kept as scores-")
        [aside] = kept(paths.data_dir(), "scores", ".sqlite3")
        assert (paths.data_dir() / aside).read_bytes() == content
    else:
        assert session.notices == []  # an empty file is simply a new score history
    finish_a_game(app, session)
    click(app, app.scene.sheet_button)
    assert app.scene.games and app.scene.stats["games_played"] == 1


def test_a_locked_database_keeps_the_result_until_it_is_free(launch):
    app, session = launch()
    shutdown(app, session)
    holder = sqlite3.connect(paths.data_dir() / DB_FILE, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        app, session = launch()
        finish_a_game(app, session)
        notice = the_notice(session)
        assert "in use by another program" in notice
        assert session.db.recent_games()[0]["id"] is None  # kept, waiting
        shutdown(app, session)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    app, session = launch()
    games = session.db.recent_games()
    assert len(games) == 1 and games[0]["id"] is not None


# --------------------------------------------------------------------------- folders


def test_folders_that_cannot_be_made(launch, tmp_path, monkeypatch):
    """A file where every user folder should be: the game still plays, and says what
    cannot be kept, one sentence for each."""
    blocker = tmp_path / "blocker"
    blocker.write_text("not a folder")
    if sys.platform.startswith("linux"):
        for kind in ("CONFIG", "DATA", "STATE"):
            monkeypatch.setenv(f"XDG_{kind}_HOME", str(blocker / kind.lower()))
    else:
        monkeypatch.setenv(paths.HOME_ENV, str(blocker))
    app, session = launch()
    assert [n for n in session.notices if "score history" in n]
    click(app, app.scene.control("new"))
    enter_deal_number(app, app.scene)
    click(app, app.scene.control("start"))
    table = app.scene
    assert isinstance(table, TableScene)
    assert play(table, lambda: len(table.game.actions) >= 10)
    notices = session.notices
    assert any(n.startswith("Your settings could not be saved") for n in notices)
    assert any(n.startswith("The game could not be saved") for n in notices)
    assert all(one_sentence(n) for n in notices), notices
    assert len(notices) == 3
    assert table.toast.message in notices  # said at the table too


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root writes anywhere")
def test_a_read_only_state_folder(launch):
    folder = paths.state_dir()
    os.chmod(folder, 0o500)
    try:
        app, session = launch()
        click(app, app.scene.control("new"))
        enter_deal_number(app, app.scene)
        click(app, app.scene.control("start"))
        table = app.scene
        assert play(table, lambda: len(table.game.actions) >= 6)
        assert any(n.startswith("The game could not be saved") for n in session.notices)
    finally:
        os.chmod(folder, 0o700)
