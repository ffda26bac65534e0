"""The Review scene in the real window: opened from Statistics, driven by posted keys,
the position checked against the engine at several steps; export; the coach thread."""

from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from canasta.ai import coach  # noqa: E402
from canasta.engine import apply_in_place, new_game  # noqa: E402
from canasta.engine.observe import observe  # noqa: E402
from canasta.review import coach_settings, play_deal, read_record, record_key  # noqa: E402
from canasta.store.database import ScoreDatabase  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def pygame_started():
    """pygame started (not quit afterwards: the window tests that follow share its fonts)."""
    pygame.init()


@pytest.fixture
def launch():
    from harness import boot, frames, shutdown
    started = []

    def start(argv=()):
        app, session = boot(argv)
        started.append((app, session))
        frames(app)
        return app, session

    yield start
    for app, session in started:
        shutdown(app, session)


def _summary(game, uid="rev-1"):
    st = game.state
    return {"uid": uid, "variant": "classic", "options": game.rules.to_dict(),
            "seats": [{"name": "You", "kind": "human"}] + [{"name": n, "kind": "computer", "level": "medium"}
                                                          for n in ("Ada", "Ben", "Cy")],
            "team_names": ["You & Ben", "Ada & Cy"],
            "deals": [{"dealer": r.dealer, "scores": list(r.scores)} for r in st.history],
            "record": game.to_json()}


def _engine_position(game, count):
    st = new_game(game.rules, game.seed, game.first_dealer)
    for a in game.actions[:count]:
        apply_in_place(st, a)
    return st


def _same_position(shown, expected):
    for seat in range(expected.rules.players):
        assert observe(shown, seat) == observe(expected, seat)
    assert shown.stock == expected.stock and shown.pile == expected.pile


def test_replay_from_statistics_with_posted_keys(launch):
    from harness import click, frames, press
    from canasta.ui.screens.review import ReviewScene
    from canasta.ui.screens.stats import StatisticsScreen

    game = play_deal("random", 6)
    verdicts = list(coach.review(game, 0, 1, worlds=8))
    with ScoreDatabase() as db:
        db.record_game(_summary(game))
        # the coach's verdicts kept with the game: the review shows them at once
        db.store_coach_results(record_key(game), 1, 0, coach_settings(0, coach.COACH_WORLDS),
                               [d.to_json() for d in verdicts])
        games_before = len(db.all_games())
    app, session = launch()
    session.show_statistics()
    frames(app)
    stats = app.scene
    assert isinstance(stats, StatisticsScreen)
    click(app, stats.review_button)
    frames(app, 2)
    scene = app.scene
    assert isinstance(scene, ReviewScene)
    assert scene.coach_state == "done" and scene.coach is None
    assert {d.index for d in scene.verdicts.values()} == {d.index for d in verdicts}
    flagged = [d for d in verdicts if d.flagged]
    assert scene.count == len(game.actions)
    _same_position(scene.state, _engine_position(game, 0))
    for target in (1, 2, 7, 20):
        while scene.step < target:
            press(app, pygame.K_RIGHT)
            frames(app, 3)
        assert scene.step == target
        _same_position(scene.state, _engine_position(game, target))
    press(app, pygame.K_LEFT)
    frames(app, 3)
    _same_position(scene.state, _engine_position(game, 19))
    press(app, pygame.K_END)
    frames(app, 3)
    assert scene.state.deal_over and scene.step == scene.count
    _same_position(scene.state, _engine_position(game, len(game.actions)))
    press(app, pygame.K_HOME)
    frames(app, 3)
    assert scene.step == 0
    # a flagged decision: jump there through the turn list; its sentence is the coach line
    if flagged:
        d = flagged[0]
        scene.go(d.index - scene.first)
        frames(app, 3)
        assert scene.current_verdict() == d
        assert "here was worth about" in d.sentence
    # every hand face up, then only the reviewer's
    press(app, pygame.K_f)
    frames(app, 3)
    assert not scene.all_face_up
    # closing goes back to Statistics; nothing was added to the history or changed
    press(app, pygame.K_ESCAPE)
    frames(app, 2)
    assert isinstance(app.scene, StatisticsScreen)
    with ScoreDatabase() as db:
        assert len(db.all_games()) == games_before
        assert db.record_of("rev-1") == game.to_json()


def test_export_from_a_review_and_reopen(launch, tmp_path):
    from harness import frames, press
    from canasta.ui.screens.review_open import record_files

    game = play_deal("medium", 4)
    path = tmp_path / "given.json"
    path.write_text(game.dumps())
    app, session = launch(["--replay", str(path)])
    scene = app.scene
    assert scene.__class__.__name__ == "ReviewScene"
    scene.cancel_coach()
    press(app, pygame.K_e)
    frames(app)
    files = record_files()
    assert len(files) == 1
    back = read_record(files[0])
    assert back.actions == game.actions and back.seed == game.seed


def test_replay_of_a_damaged_file_is_one_sentence(launch, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{ not json")
    app, session = launch(["--replay", str(bad)])
    assert app.scene.__class__.__name__ == "MainMenu"
    assert any("not valid JSON" in n for n in session.notices)


def test_the_coach_runs_in_the_background_and_can_be_cancelled(launch):
    from harness import frames, press
    from canasta.ui.screens.review import ReviewScene

    game = play_deal("random", 2)
    app, session = launch()
    scene = ReviewScene(app, game, db=session.db, worlds=6, on_close=session.show_main_menu)
    app.set_scene(scene)
    assert scene.coach_state == "running"
    deadline = time.monotonic() + 60
    while scene.coach_state == "running" and time.monotonic() < deadline:
        frames(app)
        time.sleep(0.01)
    assert scene.coach_state == "done" and scene.judged == scene.total == coach.count_decisions(game, 0, 1)
    assert session.db.coach_results(record_key(game), 1, 0, coach_settings(0, 6)) is not None
    # a second review is instant: read back from the history
    again = ReviewScene(app, game, db=session.db, worlds=6)
    assert again.coach_state == "done" and again.coach is None and len(again.verdicts) == scene.total
    # cancelled: stops, and nothing is kept
    other = play_deal("random", 3)
    third = ReviewScene(app, other, db=session.db, worlds=6)
    app.set_scene(third)
    press(app, pygame.K_c)
    frames(app)
    assert third.coach_state == "cancelled" and third.coach is None
    assert session.db.coach_results(record_key(other), 1, 0, coach_settings(0, 6)) is None


def test_review_from_the_score_sheet_at_the_end_of_the_game(launch):
    """The game-over score sheet has its own Review (click or R): it opens that game's
    last deal, closing comes back to the game-over sheet, and Finish still leads to
    Statistics with the game recorded once."""
    from harness import click, frames, play, press
    from canasta.engine import Rules
    from canasta.ui.screens.review import ReviewScene
    from canasta.ui.screens.stats import StatisticsScreen
    from canasta.ui.table import SeatConfig, TableScene

    app, session = launch()
    seats = [SeatConfig("You", True, "easy"), SeatConfig("Ada", False, "easy")]
    table = session.start_game(Rules(players=2, target_score=1000), seats, seed=5)
    for _ in range(40):
        play(table, lambda: table.state.deal_over)
        assert table.state.deal_over
        if table.state.game_over:
            break
        frames(app)
        click(app, table.sheet_button)
    st = table.state
    assert st.game_over
    frames(app)  # the game-over sheet is drawn, its buttons placed
    assert table.sheet_button.label == "Finish" and table.review_button.visible
    played = list(table.game.actions)
    assert len(session.db.all_games()) == 1
    for open_it in (lambda: click(app, table.review_button), lambda: press(app, pygame.K_r)):
        open_it()
        frames(app, 2)
        scene = app.scene
        assert isinstance(scene, ReviewScene)
        assert scene.deal == len(st.history) and scene.seat == 0
        press(app, pygame.K_END)
        frames(app, 3)
        _same_position(scene.state, _engine_position(table.game, len(played)))
        press(app, pygame.K_ESCAPE)
        frames(app, 2)
        assert app.scene is table and table.state.game_over and table.game.actions == played
    click(app, table.sheet_button)  # Finish
    frames(app)
    assert isinstance(app.scene, StatisticsScreen) and not isinstance(app.scene, TableScene)
    assert len(session.db.all_games()) == 1
