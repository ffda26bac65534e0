"""Shared set-up for the window tests: headless SDL drivers, pygame started once.

The environment variables must be set before pygame is first imported, which
is why they live at the top of this conftest (pytest imports it before the
test modules of this folder).
"""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# the window tests read English whatever the computer's language (System default follows it)
os.environ["LANGUAGE"] = "en"

import pygame  # noqa: E402  (after the environment is set)
import pytest  # noqa: E402


@pytest.fixture(scope="session", autouse=True)
def pygame_started():
    """pygame.init() for the whole session, without opening a display mode."""
    pygame.init()
    yield
    pygame.quit()


@pytest.fixture
def user_folders(tmp_path, monkeypatch):
    """Settings, scores and saves go to a fresh folder for this test (the XDG variables on
    Linux, CANASTA_HOME elsewhere)."""
    import sys
    from canasta.store import paths
    if sys.platform.startswith("linux"):
        monkeypatch.delenv(paths.HOME_ENV, raising=False)
        for kind in ("CONFIG", "DATA", "STATE"):
            monkeypatch.setenv(f"XDG_{kind}_HOME", str(tmp_path / kind.lower()))
    else:
        monkeypatch.setenv(paths.HOME_ENV, str(tmp_path / "home"))
    return tmp_path


@pytest.fixture
def english_after():
    """The language set back to English after a test that changes it."""
    yield
    from canasta import i18n
    i18n.set_language("en")


@pytest.fixture
def launch():
    """Start the game as ``python -m canasta`` does; every window is closed at the end."""
    from harness import boot, frames, shutdown
    started = []

    def start(argv=(), size=(1280, 800)):
        app, session = boot(argv, size)
        started.append((app, session))
        frames(app)
        return app, session

    yield start
    for app, session in started:
        if app.running or pygame.display.get_init():
            shutdown(app, session)
