"""Leaving and coming back to the same game, and finished games in the score history.

The game is driven through the real window: menus by posted events, the human
seat's moves made through the table (chosen by a computer player), the computer
seats moved by the frame loop with a synchronous worker.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time

import pygame
import pytest

from canasta.engine.record import Game
from canasta.store import has_saved_game, load_game, paths
from canasta.store.saves import JOURNAL_FILE, SNAPSHOT_FILE
from canasta.ui.menus import MainMenu, PauseMenu
from harness import boot, click, click_at, enter_deal_number, frames, play, press, shutdown
from canasta.ui.screens.newgame import TARGETS, NewGameScreen
from canasta.ui.screens.stats import LINE_COLOURS, StatisticsScreen
from canasta.ui.table import TableScene

pytestmark = pytest.mark.usefixtures("user_folders")


def quit_window(app, session) -> None:
    """The player closes the window: the frame loop stops and everything is put away."""
    app.step(1 / 60, [pygame.event.Event(pygame.QUIT)])
    assert not app.running
    shutdown(app, session)


def new_game_from_menu(app, target_clicks: int = 0) -> TableScene:
    """Main menu -> New game -> a deal number that gives a long first deal -> (a lower
    target score) -> Start."""
    click(app, app.scene.control("new"))
    form = app.scene
    assert isinstance(form, NewGameScreen)
    enter_deal_number(app, form)
    if target_clicks:
        click(app, form.control("tab_rules"))
        stepper = form.control("target_score")
        for _ in range(target_clicks):
            click_at(app, stepper.rect.x + 8, stepper.rect.centery)
    click(app, form.control("start"))
    table = app.scene
    assert isinstance(table, TableScene)
    return table


def test_quit_mid_deal_then_continue_finds_exactly_the_same_position(launch):
    app, session = launch()
    table = new_game_from_menu(app)
    # play into the deal, and stop where the human must act in the middle of a turn
    assert play(table, lambda: len(table.game.actions) >= 30 and table.seats[table.state.to_act].human
                and table.state.phase == "play")
    frames(app, 2)
    before = table.game.state.snapshot()
    actions = table.game.to_json()["actions"]
    seed, seats = table.game.seed, [(s.name, s.human, s.level) for s in table.seats]
    quit_window(app, session)

    app, session = launch()
    menu = app.scene
    assert isinstance(menu, MainMenu)
    assert menu.control("continue").visible
    click(app, menu.control("continue"))
    table = app.scene
    assert isinstance(table, TableScene)
    assert table.game.state.snapshot() == before
    assert table.game.to_json()["actions"] == actions
    assert table.game.seed == seed
    assert [(s.name, s.human, s.level) for s in table.seats] == seats
    assert table.viewer == 0 and table._my_turn()
    # and the game goes on from there
    assert play(table, lambda: len(table.game.actions) >= len(actions) + 6)


def test_save_and_quit_to_menu_then_continue_in_the_same_run(launch):
    app, session = launch()
    table = new_game_from_menu(app)
    assert play(table, lambda: len(table.game.actions) >= 12)
    before = table.game.state.snapshot()
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, PauseMenu)
    click(app, app.scene.control("save_quit"))
    assert isinstance(app.scene, MainMenu)
    # what is on disk replays to the same position
    data, messages = load_game()
    assert messages == [] and Game.from_json(data["record"]).state.snapshot() == before
    press(app, pygame.K_RETURN)  # Continue has the focus
    assert isinstance(app.scene, TableScene)
    assert app.scene.game.state.snapshot() == before


def finish(app, table, limit: int = 40) -> None:
    """Play deals until the game is over, clicking Next deal on each score sheet."""
    for _ in range(limit):
        play(table, lambda: table.state.deal_over)
        assert table.state.deal_over
        if table.state.game_over:
            frames(app)
            return
        frames(app)  # the score sheet is drawn (and its buttons placed)
        click(app, table.sheet_button)
    raise AssertionError("the game did not end")


def test_a_finished_game_is_in_the_database_and_on_the_statistics_screen(launch):
    app, session = launch()
    # target score down to 1,000 (four clicks from 5,000): a game of a few deals
    table = new_game_from_menu(app, target_clicks=TARGETS.index(5000) - TARGETS.index(1000))
    assert table.game.state.rules.target_score == 1000
    finish(app, table)
    st = table.game.state
    # recorded as soon as the last deal ended, and no longer offered under Continue
    games = session.db.recent_games()
    assert len(games) == 1
    game = games[0]
    assert game["final_totals"] == st.history[-1].totals
    assert game["deals_played"] == len(st.history)
    assert game["won"] == (0 in st.winners)
    assert game["options"]["target_score"] == 1000
    assert game["seats"][0] == {"name": "You", "kind": "human", "level": None, "team": 0}
    deals = session.db.deals_of(game["id"])
    assert [d["totals"] for d in deals] == [r.totals for r in st.history]
    assert deals[0]["items"][0]["melded"] == st.history[0].items[0].melded
    assert not has_saved_game()
    # Finish: the statistics screen with this game selected and charted
    click(app, table.sheet_button)
    screen = app.scene
    assert isinstance(screen, StatisticsScreen)
    assert screen.selected_game["uid"] == game["uid"]
    assert screen.stats["games_played"] == 1 and screen.stats["games_won"] == int(0 in st.winners)
    assert len(screen.deals) == len(st.history)
    frames(app)
    chart = screen.view.rect(screen.CHART)
    colours = {tuple(app.screen.get_at((x, y)))[:3] for x in range(chart.x, chart.right, 2)
               for y in range(chart.y, chart.bottom, 2)}
    assert LINE_COLOURS[0] in colours and LINE_COLOURS[1] in colours  # both sides' lines are drawn
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MainMenu) and not app.scene.control("continue").visible
    # the next start still has it
    quit_window(app, session)
    app, session = launch()
    assert [g["uid"] for g in session.db.recent_games()] == [game["uid"]]
    click(app, app.scene.control("statistics"))
    assert app.scene.games[0]["uid"] == game["uid"]


def test_a_game_between_computers_is_recorded_too(launch):
    app, session = launch(["--autoplay", "--deals", "30"])
    table = app.scene
    assert isinstance(table, TableScene)
    assert not has_saved_game()  # a demo never replaces the player's saved game
    finish(app, table)
    assert session.db.recent_games()[0]["won"] is None
    stats = session.db.statistics()
    assert stats["games_recorded"] == 1 and stats["games_played"] == 0


def test_leaving_a_demonstration_for_the_menu_leaves_the_saved_game_alone(launch):
    app, session = launch()
    table = new_game_from_menu(app)
    assert play(table, lambda: len(table.game.actions) >= 5)
    mine = table.game.to_json()["actions"]
    quit_window(app, session)
    app, session = launch(["--autoplay"])
    demo = app.scene
    assert isinstance(demo, TableScene) and not any(s.human for s in demo.seats)
    frames(app, 20)
    press(app, pygame.K_ESCAPE)
    click(app, app.scene.control("save_quit"))
    menu = app.scene
    assert isinstance(menu, MainMenu) and app.running
    # the demonstration is not kept: Continue is the player's own game
    assert menu.control("continue").visible
    assert session.resumable.game.to_json()["actions"] == mine
    quit_window(app, session)
    app, session = launch()
    assert session.resumable.game.to_json()["actions"] == mine


def test_a_save_killed_mid_write_resumes_at_the_last_complete_action(launch, user_folders):
    app, session = launch()
    table = new_game_from_menu(app)
    assert play(table, lambda: len(table.game.actions) >= 25)
    actions = table.game.to_json()["actions"]
    # killed: no clean shutdown (which would write a fresh snapshot); only the window goes,
    # and with the process the system's lock on the state folder
    app.close()
    session.instance_lock.release()
    state_dir = paths.state_dir()
    journal = state_dir / JOURNAL_FILE
    data = journal.read_bytes()
    assert data.endswith(b"\n") and data.count(b"\n") >= 2
    # the kill: the last action's line was half written
    last = data.rstrip(b"\n").rfind(b"\n") + 1
    journal.write_bytes(data[: last + (len(data) - last) // 2])
    # and an interrupted snapshot write left its temporary file behind
    (state_dir / f".{SNAPSHOT_FILE}.killed.tmp").write_text('{"format": "canasta-sa')

    app, session = launch()
    assert session.notices == []
    click(app, app.scene.control("continue"))
    table = app.scene
    assert table.game.to_json()["actions"] == actions[:-1]
    assert table.game.state.snapshot() == Game.from_json({**table.game.to_json(), "actions": actions[:-1]}).state.snapshot()
    assert play(table, lambda: len(table.game.actions) >= len(actions) + 3)


KILLED_RUN = textwrap.dedent("""
    import os, sys, time
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    from canasta.engine import Rules
    from harness import boot, play
    app, session = boot(["--players", "4", "--seed", "77"])
    # a target nobody reaches: the game is always in progress when the kill comes (a
    # finished game's save is removed, and a whole game can take under a second)
    table = session.start_game(Rules(players=4, target_score=10**7), app.scene.seats, 77)
    print("ready", flush=True)
    while True:                      # play on until killed, saving after every action
        play(table, lambda: False, limit=50)
        if table.state.deal_over:
            table.perform(__import__("canasta.engine", fromlist=["NextDeal"]).NextDeal())
""")


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_game_killed_while_saving_resumes_at_a_complete_action(launch, tmp_path):
    env = dict(os.environ)
    # the harness lives beside the tests (tests/ui), not in the package
    here = os.path.dirname(os.path.abspath(__file__))
    env["PYTHONPATH"] = os.pathsep.join(p for p in (here, env.get("PYTHONPATH", "")) if p)
    proc = subprocess.Popen([sys.executable, "-c", KILLED_RUN], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, cwd=os.getcwd())
    try:
        assert proc.stdout.readline().strip() == b"ready"
        time.sleep(0.8)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    app, session = launch()
    assert session.resumable is not None, session.notices
    click(app, app.scene.control("continue"))
    table = app.scene
    assert isinstance(table, TableScene)
    replayed = Game.from_json(table.game.to_json())
    assert replayed.state.snapshot() == table.game.state.snapshot()
    assert len(table.game.actions) > 0
