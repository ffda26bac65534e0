"""Shared set-up for the window tests: headless SDL drivers, pygame started once.

The environment variables must be set before pygame is first imported, which
is why they live at the top of this conftest (pytest imports it before the
test modules of this folder).
"""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402  (after the environment is set)
import pytest  # noqa: E402


@pytest.fixture(scope="session", autouse=True)
def pygame_started():
    """pygame.init() for the whole session, without opening a display mode."""
    pygame.init()
    yield
    pygame.quit()
