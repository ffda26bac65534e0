"""The menus and the new-game form, driven by real pygame events.

Every test runs with its own user folders (XDG_* redirected into tmp_path), the
dummy video and audio drivers (tests/ui/conftest.py), instant animations and a
synchronous computer player.
"""

from __future__ import annotations


import pygame
import pytest

from canasta.engine import Rules
from canasta.engine.record import Game
from canasta.ui.forms import Stepper, Toggle
from canasta.ui.menus import MainMenu, PauseMenu
from harness import DT, click, click_at, frames, press, type_text
from canasta.ui.screens.newgame import NewGameScreen
from canasta.ui.screens.rules import RulesScreen, minimum_rows, rules_summary
from canasta.ui.screens.settings import SettingsScreen
from canasta.ui.screens.stats import StatisticsScreen
from canasta.ui.table import TableScene

pytestmark = pytest.mark.usefixtures("user_folders")


def step_arrow(app, stepper: Stepper, d: int, times: int = 1) -> None:
    """Click a stepper's left (d < 0) or right arrow."""
    r = stepper.rect
    x = r.x + 8 if d < 0 else r.right - 8
    for _ in range(times):
        click_at(app, x, r.centery)


def test_the_main_menu_offers_new_game_statistics_rules_settings_and_quit(launch):
    app, session = launch()
    menu = app.scene
    assert isinstance(menu, MainMenu)
    assert not menu.control("continue").visible  # nothing in progress yet
    for name in ("new", "statistics", "rules", "settings", "quit"):
        assert menu.control(name).visible and menu.control(name).rect.w > 0
    click(app, menu.control("statistics"))
    assert isinstance(app.scene, StatisticsScreen)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MainMenu)
    click(app, app.scene.control("rules"))
    assert isinstance(app.scene, RulesScreen)
    click(app, app.scene.control("back"))
    click(app, app.scene.control("settings"))
    assert isinstance(app.scene, SettingsScreen)
    press(app, pygame.K_ESCAPE)
    click(app, app.scene.control("quit"))
    assert not app.running


def test_the_keyboard_alone_reaches_every_menu_entry(launch):
    app, session = launch()
    # New game has the focus; Down moves to Play online, then Statistics; Enter opens it
    press(app, pygame.K_DOWN)
    assert app.scene.focused is app.scene.control("online")
    press(app, pygame.K_DOWN)
    assert app.scene.focused is app.scene.control("statistics")
    press(app, pygame.K_RETURN)
    assert isinstance(app.scene, StatisticsScreen)
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_UP)  # wraps round from New game to Quit
    assert app.scene.focused is app.scene.control("quit")
    press(app, pygame.K_TAB)
    press(app, pygame.K_RETURN)  # Tab went on to New game (Dismiss is hidden)
    assert isinstance(app.scene, NewGameScreen)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MainMenu)


def test_a_game_set_up_and_started_from_the_keyboard(launch):
    app, session = launch()
    press(app, pygame.K_n, unicode="n")  # the New game shortcut
    form = app.scene
    assert isinstance(form, NewGameScreen)
    press(app, pygame.K_TAB)  # the Players tab
    press(app, pygame.K_DOWN)  # down to the game (asked first)
    assert form.focused is form.control("game")
    press(app, pygame.K_TAB)  # on to the number of players
    assert form.focused is form.control("players")
    press(app, pygame.K_LEFT)  # 4 -> 3 players
    assert form.players == 3 and form.opts["hand_size"] == 13
    press(app, pygame.K_DOWN)  # the first seat's name
    assert form.focused is form.control("name0")
    press(app, pygame.K_BACKSPACE)
    press(app, pygame.K_BACKSPACE)
    press(app, pygame.K_BACKSPACE)
    type_text(app, "Kim")
    press(app, pygame.K_RETURN)  # Enter in a text field moves on
    assert form.focused is form.control("kind0")
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MainMenu)
    press(app, pygame.K_n, unicode="n")
    form = app.scene
    assert form.players == 4 and form.seats[0].name == "You"  # nothing kept until a game starts
    press(app, pygame.K_RETURN)  # nothing focused: Enter starts the game
    assert isinstance(app.scene, TableScene)


def test_a_game_started_with_changed_options_is_played_by_those_rules(launch):
    app, session = launch()
    click(app, app.scene.control("new"))
    form = app.scene
    assert isinstance(form, NewGameScreen)
    # the deal number: typed in
    click(app, form.control("seed"))
    press(app, pygame.K_DELETE)
    type_text(app, "4242x")  # the letter is refused
    assert form.seed_text == "4242"
    # the rules tab: twelve cards each, the pile always frozen, two wild cards at most
    click(app, form.control("tab_rules"))
    step_arrow(app, form.control("hand_size"), +1)
    click(app, form.control("pile_always_frozen"))
    step_arrow(app, form.control("wild_limit"), -1)
    assert in_summary(form) == "3 changes"
    click(app, form.control("start"))
    table = app.scene
    assert isinstance(table, TableScene)
    rules = table.game.state.rules
    assert rules.hand_size == 12 and rules.pile_always_frozen and rules.wild_limit == 2
    assert table.game.seed == 4242
    # the engine dealt twelve cards to everyone (red threes are replaced), the very deal
    # the same number gives
    same = Game(Rules(players=4, hand_size=12, pile_always_frozen=True, wild_limit=2), 4242)
    assert table.game.state.hands == same.state.hands
    assert all(len(h) == 12 for h in table.game.state.hands)
    assert table.game.state.pile_frozen_for(0) and rules.pile_always_frozen
    # remembered for next time
    last = session.settings.last_game
    assert last["preset"] == "classic-4" and last["rules"]["hand_size"] == 12
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, PauseMenu)
    click(app, app.scene.control("save_quit"))
    click(app, app.scene.control("new"))
    again = app.scene
    assert again.opts["hand_size"] == 12 and again.opts["pile_always_frozen"] and again.opts["wild_limit"] == 2
    assert again.seed_text != "" and again.seed_text.isdigit()  # a fresh random deal number


def in_summary(form) -> str:
    return f"{form.changes_from_preset()} changes"


def test_six_players_choose_pairs_or_threes_and_each_seat(launch):
    app, session = launch()
    click(app, app.scene.control("new"))
    form = app.scene
    step_arrow(app, form.control("players"), +1)  # 4 -> 6
    assert form.players == 6 and form.opts["teams"] == 3
    assert all(form.control(f"name{i}").visible for i in range(6))
    step_arrow(app, form.control("sides"), +1)  # three pairs -> two teams of three
    assert form.preset == "classic-6-threes" and form.opts["teams"] == 2
    assert form.opts["target_score"] == 10000 and len(form.opts["minimum_table"]) == 4
    # seat 3 becomes a human called Zoe; seat 1 a hard computer
    click(app, form.control("kind3"))
    assert form.seats[3].human and not form.control("level3").visible
    click(app, form.control("name3"))
    for _ in range(10):
        press(app, pygame.K_BACKSPACE)
    type_text(app, "Zoe")
    step_arrow(app, form.control("level1"), +1)
    click(app, form.control("start"))
    table = app.scene
    assert isinstance(table, TableScene)
    r = table.game.state.rules
    assert (r.players, r.teams, r.decks, r.target_score) == (6, 2, 3, 10000)
    assert [s.human for s in table.seats] == [True, False, False, True, False, False]
    assert table.seats[3].name == "Zoe" and table.seats[1].level == "hard"


def test_impossible_rules_are_explained_and_cannot_start(launch):
    app, session = launch()
    click(app, app.scene.control("new"))
    form = app.scene
    click(app, form.control("tab_rules"))
    step_arrow(app, form.control("decks"), -1)  # one pack
    step_arrow(app, form.control("hand_size"), +1, times=9)  # 20 cards each
    assert form.error == "20 cards each for 4 players do not fit in 1 packs."
    assert not form.control("start").enabled
    click(app, form.control("start"))
    assert app.scene is form
    click(app, form.control("reset"))
    assert form.error is None and form.control("start").enabled


def test_the_rules_summary_follows_the_rules_in_force():
    six = rules_summary(Rules(players=6, teams=2))
    assert "Five red threes of one side: 1,000 in all." in six
    assert "All six red threes of one side: 1,200 in all." in six
    assert "Three packs shuffled together: 162 cards with six jokers." in six
    assert "Side's total 7,500 or more: 150" in six
    assert "Side's total 3,000 to 7,495: 120" in six
    assert minimum_rows(Rules()) == [("below 0", 15), ("0 to 1,495", 50), ("1,500 to 2,995", 90),
                                     ("3,000 or more", 120)]
    four = rules_summary(Rules())
    assert "All four red threes of one side: 800 in all." in four
    assert "To go out your side needs at least one canasta." in four
    assert any("ask \"Partner, may I go out?\"" in line for line in four)
    two = rules_summary(Rules(players=2, negative_minimum=0, black_three_freezes=True, stock_exhausted="end"))
    assert "Side's total below 0: 0" in two
    assert "To go out you need at least two canastas." in two
    assert not any("Partner" in line for line in two)
    assert any("a black three has been discarded onto it" in line for line in two)
    # issue 11 item 12: under "end" the pile may still be taken from the empty stock
    assert ("When the stock runs out, a player who cannot draw may still take the discard pile "
            "if that is legal; otherwise the deal ends.") in two
    assert any(": +100. Concealed" in line and "+200 in all" in line for line in four)
    assert any("natural (no wild card) +500, mixed +300." in line for line in four)
    from canasta.engine.rules import Scoring
    other = rules_summary(Rules(scoring=Scoring(natural_canasta=600, going_out=150, concealed_extra=50,
                                                red_threes_negative_without_meld=False)))
    assert any("natural (no wild card) +600, mixed +300." in line for line in other)
    assert any(": +150. Concealed" in line and "+200 in all" in line for line in other)
    assert not any("loses their value" in line for line in other)
    frozen = rules_summary(Rules(pile_always_frozen=True, more_naturals_than_wilds=True))
    assert "In this game the pile is always frozen." in frozen
    assert not any(line.startswith("Not frozen") for line in frozen)
    assert any("more naturals than wild cards" in line for line in frozen)


def test_the_rules_screen_in_a_game_shows_that_games_rules(launch):
    app, session = launch(["--players", "3", "--seed", "5"])
    table = app.scene
    assert isinstance(table, TableScene)
    press(app, pygame.K_ESCAPE)
    pause = app.scene
    assert isinstance(pause, PauseMenu)
    click(app, pause.control("rules"))
    screen = app.scene
    assert isinstance(screen, RulesScreen)
    assert screen.rules == table.game.state.rules and screen.rules.players == 3
    press(app, pygame.K_ESCAPE)
    assert app.scene is pause
    click(app, pause.control("resume"))
    assert app.scene is table


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_every_screen_draws_inside_the_window(launch, size):
    """Each screen at the smallest and a large window: controls on screen, no overlap
    between controls, and something drawn in every panel."""
    app, session = launch(size=size)
    w, h = app.screen.get_size()
    screens = []
    session.show_main_menu()
    screens.append(app.scene)
    session.show_new_game()
    screens.append(app.scene)
    session.show_settings()
    screens.append(app.scene)
    session.show_statistics()
    screens.append(app.scene)
    session.show_rules(session.rules_choices())
    screens.append(app.scene)
    for scene in screens:
        app.set_scene(scene)
        frames(app)
        v = scene.view
        shown = [c for c in scene.controls if c.visible and c.rect.w > 0]
        for c in shown:
            r = v.rect(c.rect)
            assert app.screen.get_rect().contains(r), (type(scene).__name__, c.name)
        for i, a in enumerate(shown):
            for b in shown[i + 1:]:
                assert not a.rect.colliderect(b.rect), (type(scene).__name__, a.name, b.name)
    # the rules tab of the form too
    form = screens[1]
    app.set_scene(form)
    form._tab("rules")
    frames(app)
    shown = [c for c in form.controls if c.visible and c.rect.w > 0]
    for i, a in enumerate(shown):
        for b in shown[i + 1:]:
            assert not a.rect.colliderect(b.rect), (a.name, b.name)
    assert isinstance(form.control("ask_to_go_out"), Toggle)
