"""Reduced motion and the mute key: cards move at once and nothing pulses; F8 turns the
sound off and on from any screen, at once, kept in the settings and said on screen."""

from __future__ import annotations

import tomllib

import pygame
import pytest

from canasta.store.settings import settings_path
from canasta.ui.app import MUTE_KEY, MUTE_KEY_NAME
from canasta.ui.menus import MainMenu
from canasta.ui.screens.settings import SettingsScreen
from canasta.ui.table import TableScene
from harness import click, frames, press

pytestmark = pytest.mark.usefixtures("user_folders")


def _saved():
    return tomllib.loads(settings_path().read_text(encoding="utf-8"))


def test_the_mute_key_is_not_a_table_key_and_is_shown_in_settings(launch):
    app, session = launch(["--players", "4", "--seed", "3"])
    table = app.scene
    assert isinstance(table, TableScene)
    keys = {b.key for b in table.buttons + [table.menu_button, table.log_button] if getattr(b, "key", None)}
    assert MUTE_KEY not in keys and pygame.K_m in keys  # M melds: the mute key is another
    session.show_settings()
    screen = app.scene
    assert isinstance(screen, SettingsScreen)
    row = next(help_text for label, help_text, _ in screen.right_rows if label == "Sound")
    assert MUTE_KEY_NAME in row


def test_the_mute_key_silences_at_once_on_any_screen_and_is_kept(launch):
    app, session = launch(["--players", "4", "--seed", "3"])
    table = app.scene
    assert app.sounds.enabled and app.settings.sound
    hand_before = list(table.state.hands[0])
    press(app, MUTE_KEY)
    assert not app.sounds.enabled and not app.settings.sound
    assert _saved()["sound"] is False
    assert MUTE_KEY_NAME in table.ctl.toast.message and "off" in table.ctl.toast.message
    assert list(table.state.hands[0]) == hand_before and app.scene is table   # nothing else happened
    session.show_main_menu()
    assert isinstance(app.scene, MainMenu)
    press(app, MUTE_KEY)
    assert app.sounds.enabled and _saved()["sound"] is True
    assert isinstance(app.scene, MainMenu)


def test_reduced_motion_moves_cards_at_once(launch):
    app, session = launch(["--players", "4", "--seed", "3", "--speed", "slow"])
    table = app.scene
    frames(app, 2)
    assert table.ctl.animator.speed == "slow"
    session.show_settings()
    frames(app, 1)
    click(app, app.scene.control("reduced_motion"))
    assert app.settings.reduced_motion and _saved()["reduced_motion"] is True
    session.resume_table()
    frames(app, 1)
    assert table.ctl.animator.speed == "instant"
    press(app, pygame.K_d)          # draw: the card is in the hand in the same frame
    assert not table.ctl.animator.busy


def test_reduced_motion_stops_the_lessons_pulsing_ring(launch):
    from canasta.ui.tutorial import start_lesson
    app, session = launch()
    lesson = start_lesson(session)
    frames(app, 2)
    card = lesson.ctl.state.hands[0][0]
    lesson.caption = lambda: ("Step", "Pick this card.", (), {card})   # a step that rings a card
    widths = set()
    import canasta.ui.tutorial as tutorial
    real = pygame.draw.rect

    def note_width(surf, colour, rect, width=0, **kw):
        if colour == tutorial.HIGHLIGHT:
            widths.add(width)
        return real(surf, colour, rect, width, **kw)

    def widths_over(seconds):
        widths.clear()
        for _ in range(int(seconds * 60)):
            lesson.t += 1 / 60
            lesson.draw(app.screen)
        return set(widths)

    pygame.draw.rect = note_width
    try:
        moving = widths_over(1.3)
        app.settings.reduced_motion = True
        still = widths_over(1.3)
    finally:
        pygame.draw.rect = real
    assert len(moving) > 1 and len(still) == 1
