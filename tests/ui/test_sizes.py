"""Text size and Card size (100% to 200%): set on the Settings screen, kept in the
settings file, and drawn at the table: the hand's cards and the table's words are that
much larger where the table has room, today's places are kept at 100%, and the table
uses a taller window's whole height. (That nothing then overlaps or is cut, on every
screen, is the layout check's: tests/ui/test_layout_check.py.)"""

from __future__ import annotations

import tomllib

import pygame
import pytest

from canasta.engine import Rules
from canasta.engine.record import Game
from canasta.store.settings import Settings, settings_path
from canasta.ui import draw
from canasta.ui.app import App
from canasta.ui.main import default_seats
from canasta.ui.table import TableScene
from canasta.ui.table.frame import frame, min_band, table_height
from harness import click, click_at
from helpers import SyncAI
from layout_check import probe_frame

pytestmark = pytest.mark.usefixtures("user_folders")


def table_at(size, text=100, cards=100, pinned=False):
    settings = Settings(animation_speed="instant", text_size=text, card_size=cards, log_pinned=pinned)
    app = App(settings, size=size, ai=SyncAI())
    game = Game(Rules(players=4), 3)
    scene = TableScene(app, game, default_seats(4, 1, "easy"))
    app.set_scene(scene)                 # the log pinned in the settings: the table opens so
    for _ in range(3):
        app.step(1 / 60, [])
    return app, scene


def hand_card_height(app, scene) -> int:
    """The drawn height (pixels) of a card of the viewer's hand."""
    probe = probe_frame(app)
    card = scene.hand_order[0]
    pose = scene.ctl.layout.targets[card]
    centre = scene.view.pt(pose.x, pose.y)
    heights = [r.h for kind, r, _, _ in probe.items if kind == "card" and r.collidepoint(centre)]
    return max(heights)


def label_height(app, words_start: str) -> int:
    probe = probe_frame(app)
    return max(r.h for kind, r, words, _ in probe.items if kind == "text" and words.startswith(words_start))


def test_at_100_percent_every_place_of_the_table_is_where_it_always_was():
    f = frame()
    assert (tuple(f.top_band), tuple(f.own_band)) == ((150, 112, 980, 160), (150, 448, 900, 160))
    assert tuple(f.message_box) == (150, 605, 930, 46) and f.status_y == 626
    assert (f.hand_y, f.hand_label_y, tuple(f.hand_zone)) == (725, 794, (150, 650, 980, 150))
    assert tuple(f.button_area) == (1086, 612, 188, 182) and f.button_h == 34
    assert (f.stock_pos, f.pile_pos, f.hand_scale, f.pile_scale) == ((560, 352), (700, 352), 1.0, 1.0)
    assert not f.counts_beside


def test_a_taller_window_gives_the_bands_its_height_and_keeps_the_hand_at_the_bottom():
    assert table_height((1280, 800), 1280) == 800
    assert table_height((1280, 800), 1280 + 240) == 950        # the pinned log's column beside it
    assert table_height((1920, 1080), 1280) == 800              # wider: the table keeps its height
    tall = frame(950)
    assert tall.hand_label_y == 944 and tall.hand_y == 875
    assert tall.top_band.y == 112 and tall.top_band.h == tall.own_band.h == 235
    assert tall.own_band.bottom + 3 == tall.message_box.bottom - tall.message_box.h + 6


# (the table's height, the frame's text factor): 1280x800 at 100% and 200%, with the log
# pinned too, and a tall window; factors above 2 (text held at its least size in a window
# smaller than any the game opens) as harder cases
@pytest.mark.parametrize("height,text", [(800, 1.0), (800, 2.0), (950, 2.0), (800, 2.36), (950, 2.8), (1200, 3.0)])
def test_larger_sizes_keep_every_band_at_least_its_least_height(height, text):
    for card in (1.0, 1.5, 2.0):
        f = frame(height, card, text)
        # the pile, then the hand, give way before a band gets under its least height (in a
        # small window at 200% text even today's sizes leave less: the layout check's melds then fit)
        low = f.top_band.h < min_band(text) - 1 or f.own_band.h < min_band(text) - 1
        assert not low or (f.hand_scale == 1.0 and f.pile_scale == 1.0)
        assert f.top_band.h >= 80 and f.own_band.h >= 80
        assert 1.0 <= f.hand_scale <= card and 1.0 <= f.pile_scale <= max(1.0, card)
        # top to bottom: the top band, the pile, the viewer's band, the status line, the hand, its label
        assert f.top_band.bottom < f.pile_pos[1] - 49 * f.pile_scale
        assert f.pile_pos[1] + 49 * f.pile_scale < f.own_band.y
        assert f.own_band.bottom <= f.message_box.y + 3
        assert f.message_box.bottom <= f.hand_y - 49 * f.hand_scale - 20
        assert f.hand_y + 49 * f.hand_scale < f.hand_label_y - 10 * text


def test_card_size_200_draws_the_hand_twice_as_large_where_there_is_room():
    app, scene = table_at((1280, 800))
    usual = hand_card_height(app, scene)
    app.close()
    app, scene = table_at((1280, 800), cards=200)
    assert scene.ctl.layout.frame.hand_scale == 2.0
    assert hand_card_height(app, scene) == pytest.approx(2 * usual, abs=2)
    # the fan closes up rather than growing wider: a hand of eleven stays within its span
    xs = sorted(scene.ctl.layout.targets[c].x for c in scene.hand_order)
    assert xs[-1] - xs[0] + 140 <= 880 + 1
    app.close()


def test_both_sizes_at_200_with_the_log_pinned_at_1280x800():
    app, scene = table_at((1280, 800), text=100)
    usual_cards, usual_label = hand_card_height(app, scene), label_height(app, "You: ")
    app.close()
    app, scene = table_at((1280, 800), text=200, cards=200, pinned=True)
    assert scene.ctl.log_mode == "pinned" and scene.ctl.layout.height == 950
    assert scene.view.offset[1] == 0                         # no band above or below the table
    assert hand_card_height(app, scene) >= 1.6 * usual_cards * scene.view.scale
    assert label_height(app, "You: ") >= 1.6 * usual_label * scene.view.scale
    app.close()
    # without the log, the text's room comes first and the hand still grows by three quarters
    app, scene = table_at((1280, 800), text=200, cards=200)
    assert scene.ctl.layout.frame.hand_scale >= 1.75
    assert hand_card_height(app, scene) >= 1.7 * usual_cards
    app.close()


def test_text_size_makes_the_words_of_every_screen_larger(launch):
    app, session = launch()
    usual = label_height(app, "New game")
    app.settings.text_size = 200
    app.apply_settings()
    assert draw.text_scale() == 2.0
    assert label_height(app, "New game") >= 1.8 * usual
    app.settings.text_size = 100
    app.apply_settings()
    assert label_height(app, "New game") == usual


def test_the_size_settings_change_on_the_settings_screen_and_are_kept(launch):
    app, session = launch()
    click(app, app.scene.control("settings"))
    screen = app.scene
    for key in ("text_size", "card_size"):
        stepper = screen.control(key)
        for _ in range(3):
            click_at(app, stepper.rect.right - 8, stepper.rect.centery)
    assert (app.settings.text_size, app.settings.card_size) == (130, 130)
    assert draw.text_scale() == pytest.approx(1.3)
    stepper = screen.control("card_size")
    for _ in range(12):                                     # it stops at 200%, and does not wrap round
        click_at(app, stepper.rect.right - 8, stepper.rect.centery)
    assert app.settings.card_size == 200
    saved = tomllib.loads(settings_path().read_text(encoding="utf-8"))
    assert (saved["text_size"], saved["card_size"]) == (130, 200) and "large_cards" not in saved
    click(app, screen.control("defaults"))
    assert (app.settings.text_size, app.settings.card_size) == (100, 100)
    assert draw.text_scale() == 1.0
    pygame.event.clear()
