"""The move log's place in the table layout: none when closed, over the right of the
table when opened, a column of its own when pinned with everything else left of it."""

from __future__ import annotations

import pygame
import pytest

from canasta.engine import Rules
from canasta.engine.record import Game
from canasta.engine.observe import observe
from canasta.ui.layout import BUTTON_AREA, LOGICAL_H, LOGICAL_W, View
from canasta.ui.table.layout import (LOG_MODES, MENU_BUTTON, LayoutOptions, card_rect, face_down_ids, lay_out,
                                     log_rect, table_width)


def laid(players: int, mode: str):
    st = Game(Rules(players=players), 5).state
    return lay_out(observe(st, 0), face_down_ids(st, 0), LayoutOptions(0, True, log=mode))


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_the_log_rect_by_mode(players):
    closed, opened, pinned = (laid(players, m) for m in LOG_MODES)
    assert closed.log is None and closed.width == LOGICAL_W
    # opened: an overlay inside the table, clear of the Menu button and the buttons
    assert opened.width == LOGICAL_W
    assert pygame.Rect(0, 0, LOGICAL_W, LOGICAL_H).contains(opened.log)
    assert not opened.log.colliderect(MENU_BUTTON) and not opened.log.colliderect(BUTTON_AREA)
    assert opened.targets == closed.targets
    # pinned: a column right of the table; the cards, zones and bands stay left of it
    assert pinned.width == table_width("pinned") > LOGICAL_W
    assert pinned.log.x >= LOGICAL_W and pinned.log.right <= pinned.width
    assert pinned.log.h >= LOGICAL_H * 0.9
    for pose in pinned.targets.values():
        assert card_rect(pose).right <= pinned.log.x
    for r in list(pinned.zones.values()) + list(pinned.bands.values()) + [BUTTON_AREA, MENU_BUTTON]:
        assert r.right <= pinned.log.x
    assert log_rect("closed") is None


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_a_pinned_log_fits_the_window(size):
    lay = laid(4, "pinned")
    v = View(*size, lay.width)
    window = pygame.Rect(0, 0, *size)
    assert window.contains(v.rect(lay.log))
    assert window.contains(v.rect((0, 0, LOGICAL_W, LOGICAL_H)))


def test_the_scene_lays_out_round_a_pinned_log():
    from canasta.store.settings import Settings
    from canasta.ui.app import App
    from canasta.ui.main import default_seats
    from canasta.ui.table import TableScene
    from helpers import SyncAI

    settings = Settings()
    settings.animation_speed = "instant"
    app = App(settings, size=(1280, 800), ai=SyncAI())
    scene = TableScene(app, Game(Rules(), 7), default_seats(4, 1, "easy"))
    app.set_scene(scene)
    app.step(1 / 60, [])
    assert scene.ctl.layout.log is None and scene.view.logical_w == LOGICAL_W
    scene.ctl.log_mode = "pinned"
    scene.refresh()
    app.step(1 / 60, [])
    lay = scene.ctl.layout
    assert lay.log is not None and scene.view.logical_w == lay.width
    # the buttons moved with the narrower table: all left of the log's column
    log_px = scene.view.rect(lay.log)
    for b in scene.buttons:
        if b.visible:
            assert b.rect.right <= log_px.x
    app.close()
