"""A game from outside the package, through the real code (issue 25, item 2).

``quick_canasta`` lives under ``tests/`` and nothing under ``canasta/`` names it. Once
registered it is offered on the New game screen with its options, a deal of it is
played to its end with the mouse and the game to its end, the three computer levels
play it legally, the rules screen writes out its rules and its own score line, the
finished game is in Statistics and opens in Review, and a game of it is saved,
continued after a restart and its record read back.
"""

from __future__ import annotations

import json

import pygame
import pytest

import quick_canasta
from canasta.ai import make_player
from canasta.engine import Meld, Rules, apply, legal_actions, registry
from canasta.engine.observe import observe
from canasta.engine.record import Game
from harness import click as hclick, frames, play, shutdown
from helpers import settle
from layout_check import probe_frame
from test_games import choose_game, open_form
from test_table import gesture

pytestmark = pytest.mark.usefixtures("user_folders")


@pytest.fixture
def quick():
    registry.register(quick_canasta)
    yield quick_canasta
    registry.unregister(quick_canasta.NAME)


def _texts(app) -> list[str]:
    return [w for k, _, w, _ in probe_frame(app).items if k == "text"]


def _deal_by_mouse(app, table) -> set[str]:
    """The human seat's moves of one deal, chosen by a computer player and made with
    the mouse; the computers' moves as the frame loop makes them."""
    chooser = make_player("easy", seed=3)
    kinds: set[str] = set()
    settle(app, table)
    while not table.state.deal_over:
        st = table.state
        assert st.to_act == 0
        action = chooser.choose(observe(st, 0), legal_actions(st))
        expected = apply(st, action)[0]
        before = len(table.game.actions)
        if isinstance(action, Meld) and len(action.groups) > 1 and all(g.onto is not None for g in action.groups):
            # cards added to several melds at once: a person drags them one meld at a time
            for g in action.groups:
                gesture(app, table, Meld((g,)))
                settle(app, table)
        else:
            gesture(app, table, action)
        assert len(table.game.actions) > before, f"the mouse did not make {action!r}"
        after = table.state
        assert sorted(after.hands[0]) == sorted(expected.hands[0]) or after.deal_over
        kinds.add(type(action).__name__)
        settle(app, table)
    return kinds


def test_a_game_from_outside_is_offered_played_counted_and_reviewed(launch, quick):
    from canasta.ui.screens.review import ReviewScene
    from canasta.ui.screens.stats import StatisticsScreen
    from canasta.ui.table import TableScene
    app, session = launch()
    # the New game screen lists it, with its own options and their explanations
    form = open_form(app)
    choose_game(app, form, "quick")
    hclick(app, form.control("tab_rules"))
    rows = form.option_rows
    assert [c.name for _, _, c in rows] == list(quick.OPTIONS)
    assert [help_text for _, help_text, _ in rows] == [quick.OPTION_HELP[k] for k in quick.OPTIONS]
    hclick(app, form.control("tab_players"))
    hclick(app, form.control("start"))
    table = app.scene
    assert isinstance(table, TableScene)
    rules = table.game.state.rules
    assert (rules.variant, rules.hand_size, rules.canasta_size, rules.target_score) == ("quick", 7, 5, 1500)
    assert len(table.state.hands[0]) == 7

    # the first deal, to its score sheet, with the mouse
    kinds = _deal_by_mouse(app, table)
    assert {"Draw", "Discard"} <= kinds
    result = table.state.result
    labels = {line.label for team in result.lines for line in team}
    assert "Melded cards" in labels
    assert "Clean table" in {line.label for line in quick.score_rules(rules)}
    for team, lines in enumerate(result.lines):  # the deal's score is its lines' sum
        assert result.totals[team] == sum(line.points for line in lines)
        clean = bool(table.state.melds[team]) and not any(m.wilds for m in table.state.melds[team])
        assert ("Clean table" in {line.label for line in lines}) == clean

    # the rest of the game, each deal's sheet closed with a click
    for _ in range(40):
        if table.state.game_over:
            break
        hclick(app, table.sheet_button)
        frames(app)
        if table.state.game_over:
            break
        assert play(table, lambda: table.state.deal_over)
    assert table.state.game_over
    winners = list(table.state.winners)
    hclick(app, table.sheet_button)
    frames(app, 3)

    # Statistics: the finished game, named by its game, counted
    stats = app.scene
    assert isinstance(stats, StatisticsScreen)
    game = stats.selected_game
    assert game is not None and game["variant"].startswith("quick-") and game["winners"] == winners
    assert stats.stats["games_played"] == 1
    said = _texts(app)
    assert any("Quick" in t for t in said), said

    # Review replays it
    hclick(app, stats.control("review"))
    assert isinstance(app.scene, ReviewScene)
    frames(app)


@pytest.mark.parametrize("level_a, level_b", [("easy", "medium"), ("hard", "medium")])
def test_every_computer_level_plays_it_legally(quick, level_a, level_b):
    from canasta.arena import run_arena
    s = run_arena(level_a, level_b, deals=2, players=4, seed=41, variant="quick", budget_ms=40)
    assert s["complete"] and s["variant"] == "quick"
    assert s["deals"] == 2


def test_the_rules_screen_writes_out_its_rules(launch, quick):
    from canasta.ui.screens.rules import RulesScreen
    app, session = launch()
    session.show_rules([("Quick Canasta", Rules(variant="quick"))])
    assert isinstance(app.scene, RulesScreen)
    frames(app)
    text = " ".join(_texts(app))
    for _ in range(30):     # the score lines come further down the page
        if "Clean table" in text:
            break
        app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode="",
                                             scancode=0)])
        text += " " + " ".join(_texts(app))
    assert "THE GAME: QUICK CANASTA" in text   # headings are drawn in capitals
    assert "seven cards" in text
    assert "Clean table" in text


def test_a_game_of_it_is_saved_continued_and_its_record_read_back(launch, quick):
    from canasta.ui.main import default_seats
    app, session = launch()
    session.start_game(Rules(variant="quick"), default_seats(4, 1, "easy"), 12)
    table = app.scene
    assert play(table, lambda: len(table.game.actions) >= 12 and table.state.to_act == 0)
    snapshot = table.state.snapshot()
    record = json.loads(json.dumps(table.game.to_json()))
    back = Game.from_json(record)
    assert back.state.snapshot() == snapshot and back.rules.variant == "quick"
    from test_first_steps import _to_menu
    _to_menu(app)
    shutdown(app, session)
    pygame.display.init()
    app, session = launch()
    assert session.resumable is not None
    assert "Quick" in session.resumable.describe()
    hclick(app, app.scene.control("continue"))
    assert app.scene.state.snapshot() == snapshot
    # and it goes on
    chooser = make_player("easy")
    st = app.scene.state
    app.scene.perform(chooser.choose(observe(st, 0), legal_actions(st)))
    assert len(app.scene.game.actions) > len(record["actions"])
