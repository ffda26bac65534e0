"""The settings screen: changes apply at once and are still there after a restart."""

from __future__ import annotations

import tomllib

import pygame
import pytest

from canasta.store.settings import settings_path
from canasta.ui.app import TABLE_COLOURS
from canasta.ui.menus import MainMenu, PauseMenu
from harness import click, click_at, frames, play, press, shutdown, type_text
from canasta.ui.screens.settings import SettingsScreen
from canasta.ui.table import TableScene

pytestmark = pytest.mark.usefixtures("user_folders")


def corner_colour(app):
    """The cloth's colour in the middle of the left edge (no panel there)."""
    w, h = app.screen.get_size()
    return tuple(app.screen.get_at((3, h // 2)))[:3]


def test_settings_apply_at_once_and_survive_a_restart(launch):
    app, session = launch()
    click(app, app.scene.control("settings"))
    screen = app.scene
    assert isinstance(screen, SettingsScreen)
    green = corner_colour(app)
    # table colour: green -> blue, drawn at once
    stepper = screen.control("table_colour")
    click_at(app, stepper.rect.right - 8, stepper.rect.centery)
    assert app.settings.table_colour == "blue"
    blue = corner_colour(app)
    assert blue != green and blue[2] > blue[1]
    # four-colour deck and card points: the card art follows at once
    click(app, screen.control("four_colour"))
    click(app, screen.control("show_points"))
    assert app.art.four_colour and app.art.show_points
    # sound off, volume down by keyboard (focus it with the mouse, then Left twice)
    click(app, screen.control("sound"))
    assert not app.sounds.enabled
    click(app, screen.control("volume"))
    volume = app.settings.volume
    press(app, pygame.K_LEFT)
    press(app, pygame.K_LEFT)
    assert app.settings.volume == pytest.approx(volume - 0.1)
    assert app.sounds.volume == pytest.approx(volume - 0.1)
    # animation speed and hand sorting through the keyboard: Tab to the first stepper
    for _ in range(len(screen.controls)):
        if screen.focused is screen.control("animation_speed"):
            break
        press(app, pygame.K_TAB)
    assert screen.focused is screen.control("animation_speed")
    press(app, pygame.K_LEFT)  # instant -> fast
    assert app.settings.animation_speed == "fast"
    click_at(app, screen.control("hand_sort").rect.right - 8, screen.control("hand_sort").rect.centery)
    assert app.settings.hand_sort == "suit"
    # the name
    click(app, screen.control("player_name"))
    for _ in range(5):
        press(app, pygame.K_BACKSPACE)
    type_text(app, "Ana")
    assert app.settings.player_name == "Ana"
    click(app, screen.control("back"))
    assert isinstance(app.scene, MainMenu)
    on_disk = tomllib.loads(settings_path().read_text())
    assert on_disk["table_colour"] == "blue" and on_disk["four_colour"] is True

    # restart: everything is as it was left
    shutdown(app, session)
    app, session = launch()
    s = app.settings
    assert (s.table_colour, s.four_colour, s.show_points, s.sound, s.hand_sort, s.player_name) == (
        "blue", True, True, False, "suit", "Ana")
    assert s.volume == pytest.approx(volume - 0.1)
    assert app.art.four_colour and not app.sounds.enabled
    w, h = app.screen.get_size()
    cloth = app.felt((w, h)).get_at((w // 2, h // 2))
    assert cloth.b > cloth.g > cloth.r
    click(app, app.scene.control("settings"))
    assert app.scene.control("four_colour").value is True
    assert app.scene.control("table_colour").label() == "Blue"
    click(app, app.scene.control("defaults"))
    assert app.settings.table_colour == "green" and not app.settings.four_colour and app.settings.sound
    assert app.settings.player_name == "Ana"  # not a look-and-play setting


def test_settings_from_the_pause_menu_change_the_table_in_play(launch):
    app, session = launch(["--players", "4", "--seed", "3"])
    table = app.scene
    assert isinstance(table, TableScene)
    assert play(table, lambda: table.seats[table.state.to_act].human and table.state.phase == "play")
    frames(app)
    order_by_rank = list(table.hand_order)
    press(app, pygame.K_ESCAPE)
    click(app, app.scene.control("settings"))
    screen = app.scene
    hand_sort = screen.control("hand_sort")
    click_at(app, hand_sort.rect.right - 8, hand_sort.rect.centery)
    assert app.settings.hand_sort == "suit"
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, PauseMenu)
    click(app, app.scene.control("resume"))
    assert app.scene is table
    frames(app)
    assert sorted(table.hand_order) == sorted(order_by_rank)
    assert table.hand_order != order_by_rank  # re-sorted by suit without waiting for a move
    from canasta.engine.cards import SUIT_OF
    suits = [SUIT_OF[c] for c in table.hand_order if SUIT_OF[c] >= 0 and c % 54 % 13 not in (0, 1)]
    assert suits == sorted(suits)


def test_every_table_colour_of_the_settings_is_drawn():
    from canasta.store.settings import TABLE_COLOURS as CHOICES
    assert set(CHOICES) <= set(TABLE_COLOURS)
