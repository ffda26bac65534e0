"""The screens around the table in the pseudo-language (issue #30): English made 40%
longer and bracketed, so a screen whose words would overflow in German or French, or
which shows a word that bypassed the catalog, is found before translators find it.

New game with each game (both tabs), the rules of each game, Why it is fair,
Statistics, a review, Open record, and the online screens (Play online, Host a table,
the lobby, Join a table with a listed table, its seats and an error) are drawn at
1024x640 and 1920x1080 with the layout probe listening: no text overlaps another or a
control, none hangs out of its panel, and a text shortened with an ellipsis shows its
whole words in a tip.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from canasta import i18n
from test_layout_check import Tour

SIZES = ((1024, 640), (1920, 1080))


class _Browser:
    """The home network's list of tables, without a network."""

    def tables(self):
        return [SimpleNamespace(host="Ana", game="Classic Canasta", code="K7Q2MX", address="192.168.1.20",
                                port=8765)]

    def problem(self):
        return ""

    def close(self):
        pass


class _Link:
    """A hosted table's link, without a network: the lobby only reads these."""

    port, url, server, seat, code = 8765, "ws://127.0.0.1:8765", object(), 0, "K7Q2MX"

    def poll(self):
        return []


def _tour_screens(app, session) -> Tour:
    from canasta.engine import Rules
    from canasta.engine.record import Game
    from canasta.engine.registry import default_name  # noqa: F401
    from canasta.ui import games
    from canasta.ui.main import default_seats
    from canasta.ui.screens.fair import FairScreen
    from canasta.ui.screens.review import ReviewScene
    from canasta.ui.screens.review_open import OpenRecordScreen
    from canasta.ui.screens.rules import RulesScreen
    from canasta.ui.online.screens import JoinScreen, LobbyScreen
    from harness import play
    tour = Tour(app, session)
    session.show_new_game()
    form = app.scene
    for game in games.game_names():
        form.set_game(game)
        form._tab("players")
        tour.look(f"New game, {game}", SIZES)
        form._tab("rules")
        # an option's explanation cut short is whole in its control's tip, which the
        # controls translate where they draw it (canasta.ui.forms): overlaps only here
        tour.look(f"New game, rules of {game}", SIZES, tips=False)
    for game in games.game_names():
        for key, rules in list(games.presets(game).items())[:1]:
            app.set_scene(RulesScreen(app, [(games.preset_name(key), rules)], back=session.show_main_menu))
            tour.look(f"Rules of {game}", SIZES)
    app.set_scene(FairScreen(app, back=session.show_main_menu))
    tour.look("Why the game is fair", SIZES)
    table = session.start_game(Rules(), default_seats(4, 1, "easy"), 7)
    assert play(table, lambda: len(table.game.actions) >= 12 and table.state.to_act == 0)
    app.set_scene(ReviewScene(app, Game.from_json(table.game.to_json()), run_coach=False))
    for _ in range(3):
        app.scene.forward()
    tour.look("Review", SIZES)
    session.leave_table()
    session.start_game(Rules(), default_seats(4, 1, "easy"), 8)    # the first is listed as unfinished
    session.leave_table()
    session.show_statistics()
    tour.look("Statistics", SIZES)
    app.set_scene(OpenRecordScreen(session, back=session.show_main_menu))
    tour.look("Open record", SIZES)
    online = session.online
    online.show_menu()
    tour.look("Play online", SIZES)
    online.show_host()
    tour.look("Host a table", SIZES)
    seats = [{"kind": "person", "taken": True, "name": "Sam"}, {"kind": "person", "taken": False},
             {"kind": "person", "taken": True, "name": "Ana", "connected": False}, {"kind": "easy"}]
    lobby = LobbyScreen(online, _Link(), None, hosting=True)
    lobby.info = {"code": "K7Q2MX", "seats": seats}
    lobby.addresses = ["192.168.1.20"]
    app.set_scene(lobby)
    tour.look("the lobby", SIZES)
    join = JoinScreen(online, _Browser())
    app.set_scene(join)
    app.step(1 / 60, [])
    tour.look("Join a table", SIZES)
    join.info = {"code": "K7Q2MX", "seats": seats}
    join.error = "No table has that code."
    tour.look("Join a table, its seats and an error", SIZES)
    return tour


@pytest.mark.usefixtures("user_folders")
def test_screens_around_the_table_fit_in_the_pseudo_language():
    from harness import boot, shutdown
    app, session = boot(size=SIZES[0])
    app.language_override = "pseudo"     # as python -m canasta --lang pseudo (the window's setting wins at boot)
    app.apply_settings()
    i18n.set_language("pseudo")
    try:
        tour = _tour_screens(app, session)
    finally:
        i18n.set_language("en")
        shutdown(app, session)
    assert tour.frames >= 2 * 17, tour.frames
    assert not tour.found, f"{len(tour.found)} problems:\n" + "\n".join(tour.found)
