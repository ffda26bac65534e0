"""A game replaced before its end is listed in Statistics as unfinished (issue 32, item 9).

Players who started and left games looked for them in Statistics and found "No
finished games yet". A game under Continue that a new game replaces now goes into the
score history with the deals it finished and no winner: Statistics lists it as
*Unfinished*, says it is not counted, and Review replays it.
"""

from __future__ import annotations

import pygame

from harness import click as hclick, frames, play
from layout_check import probe_frame
from test_first_steps import _to_menu


def _texts(app) -> str:
    return " | ".join(w for k, _, w, _ in probe_frame(app).items if k == "text")


def _start_new_game_from_menu(app, menu):
    from canasta.ui.screens.newgame import NewGameScreen
    from canasta.ui.table import TableScene
    hclick(app, menu.control("new"))
    form = app.scene
    assert isinstance(form, NewGameScreen)
    assert "Statistics lists it as unfinished" in _texts(app)
    hclick(app, form.control("start"))
    assert isinstance(app.scene, TableScene)
    return app.scene


def test_a_replaced_game_is_listed_as_unfinished_and_can_be_reviewed(launch, user_folders):
    from canasta.ui.screens.review import ReviewScene
    from canasta.ui.screens.stats import StatisticsScreen
    app, session = launch(["--seed", "5", "--level", "easy"])
    table = app.scene
    assert play(table, lambda: len(table.game.actions) >= 10 and table.state.to_act == 0)
    moves = len(table.game.actions)
    menu = _to_menu(app)
    _start_new_game_from_menu(app, menu)

    games = session.db.recent_games()
    assert len(games) == 1
    left = games[0]
    assert left["finished"] is False and left["won"] is None and left["winners"] == []
    assert left["deals_played"] == 0
    record = session.db.record_of(left["id"])
    assert record is not None and len(record["actions"]) == moves
    stats = session.db.statistics()
    assert stats["games_played"] == 0 and stats["games_unfinished"] == 1

    # Statistics: not counted, but listed, and said so
    menu = _to_menu(app)
    hclick(app, menu.control("statistics"))
    screen = app.scene
    assert isinstance(screen, StatisticsScreen)
    said = _texts(app)
    assert "1 game left before the end is listed under Recent games" in said, said
    assert "RECENT GAMES  (1 UNFINISHED, NOT COUNTED)" in said.upper(), said
    assert "Unfinished" in said, said
    assert "Lost" not in said, said

    # Review replays it from its moves
    hclick(app, screen.control("review"))
    assert isinstance(app.scene, ReviewScene)
    frames(app)


def test_finished_games_still_count_beside_an_unfinished_one(user_folders):
    from canasta.store import ScoreDatabase
    from canasta.ui.screens.stats import result_of

    def game(winners, totals):
        return {"variant": "classic", "options": {"target_score": 5000},
                "seats": [{"name": "You", "kind": "human"}, {"name": "Ada", "kind": "computer", "level": "hard"},
                          {"name": "Bo", "kind": "computer", "level": "hard"},
                          {"name": "Cy", "kind": "computer", "level": "hard"}],
                "team_names": ["Us", "Them"],
                "deals": [{"dealer": 0, "went_out": 1, "concealed": False, "items": [{}, {}],
                           "scores": totals}],
                "winners": winners}

    with ScoreDatabase() as db:
        db.record_game(game([0], [5200, 3100]))
        db.record_game(game([], [400, 900]))     # left after one deal, behind
        db.record_game(game([1], [2000, 5100]))
        stats = db.statistics()
        assert (stats["games_played"], stats["games_won"], stats["games_unfinished"]) == (2, 1, 1)
        assert stats["deals_played"] == 2       # the unfinished game's deal is not counted
        assert stats["by_level"]["hard"] == {"played": 2, "won": 1}
        assert [result_of(g) for g in db.recent_games()] == ["Lost", "Unfinished", "Won"]


def test_a_game_nobody_moved_in_is_not_recorded_when_replaced(launch, user_folders):
    app, session = launch(["--hotseat", "2", "--seed", "5"])
    assert app.scene.game.actions == []  # dealt, and the first person has not moved yet
    menu = _to_menu(app)
    _start_new_game_from_menu(app, menu)
    assert session.db.recent_games() == []


def test_a_saved_game_found_at_the_next_start_is_recorded_when_replaced(launch, user_folders):
    """The game under Continue comes from the save file after a restart: replacing it
    records it just the same."""
    from harness import shutdown
    app, session = launch(["--seed", "9", "--level", "easy"])
    table = app.scene
    assert play(table, lambda: len(table.game.actions) >= 6 and table.state.to_act == 0)
    _to_menu(app)
    shutdown(app, session)
    pygame.display.init()
    app, session = launch([])
    assert session.resumable is not None
    _start_new_game_from_menu(app, app.scene)
    games = session.db.recent_games()
    assert len(games) == 1 and games[0]["finished"] is False
