"""The window's general screens (main menu, Settings, the pause menu) in the pseudo-language,
40% longer than English: nothing overlaps, leaves its panel or is cut without a tip, at
1024x640 and 1920x1080 (measured by the layout probe, as tests/ui/test_layout_check.py does).
``run_tour(..., language=CODE)`` there tours every screen in a language."""

from __future__ import annotations

import pytest

from canasta import i18n
from harness import boot, shutdown
from layout_check import probe_frame
from test_layout_check import Tour

pytestmark = pytest.mark.usefixtures("user_folders")
SIZES = ((1024, 640), (1920, 1080))


@pytest.mark.parametrize("text_size", [100, 200])
def test_the_general_screens_fit_in_the_pseudo_language(text_size):
    app, session = boot(["--lang", "pseudo"], size=SIZES[0])
    try:
        assert i18n.current() == "pseudo"
        tour = Tour(app, session)
        app.settings.text_size = text_size
        app.apply_settings()
        session.show_main_menu()
        tour.look("the main menu", sizes=SIZES)
        shown = [w for kind, _r, w, _l in probe_frame(app).items if kind == "text"]
        assert i18n.pseudo("The classic card game from Uruguay") in shown
        session.show_settings()
        tour.look("Settings", sizes=SIZES)
        from canasta.engine import Rules
        from canasta.ui.main import default_seats
        from canasta.ui.menus import PauseMenu
        table = session.start_game(Rules(), default_seats(4, 1, "easy"), 7, save=False)
        app.set_scene(PauseMenu(session, table))
        tour.look("the pause menu", sizes=SIZES)
        assert tour.found == []
    finally:
        shutdown(app, session)
        i18n.set_language("en")
