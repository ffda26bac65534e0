"""Every screen is a Scene, and the app and session reach screens only through it."""

import inspect
import re

from canasta.ui import app as app_module
from canasta.ui import session as session_module
from canasta.ui.menus import MainMenu, PauseMenu
from canasta.ui.scene import Scene
from canasta.ui.screens.newgame import NewGameScreen
from canasta.ui.screens.rules import RulesScreen
from canasta.ui.screens.settings import SettingsScreen
from canasta.ui.screens.stats import StatisticsScreen
from canasta.ui.table import TableScene


def test_every_screen_is_a_scene():
    for cls in (MainMenu, PauseMenu, NewGameScreen, RulesScreen, SettingsScreen, StatisticsScreen, TableScene):
        assert issubclass(cls, Scene), cls
        for name in ("handle", "update", "draw"):
            assert getattr(cls, name) is not getattr(Scene, name), (cls, name)


def test_app_and_session_never_probe_a_scene():
    for module in (app_module, session_module):
        source = inspect.getsource(module)
        assert not re.search(r"\b(hasattr|getattr)\(", source), module.__name__
        assert "._relayout" not in source
