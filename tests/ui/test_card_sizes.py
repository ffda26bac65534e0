"""Cards grow with the window, and what is written on them stays readable: at
1600x1000 the cards are visibly larger than at 1280x800, and the points badge of
every card the table draws at 1024x640 has digits about 10 px type or more."""

from __future__ import annotations

import pygame
import pytest

from canasta.engine import Rules
from canasta.engine.record import Game
from canasta.store.settings import Settings
from canasta.ui.app import App
from canasta.ui.cardart import CardArt
from canasta.ui.cardart.faces import POINTS_MIN_PX, POINTS_MIN_W
from canasta.ui.main import default_seats
from canasta.ui.table import TableScene

from helpers import SyncAI


def table_at(size, show_points=False, state=None):
    settings = Settings()
    settings.animation_speed = "instant"
    settings.show_points = show_points
    app = App(settings, size=size, ai=SyncAI())
    game = Game(state.rules if state is not None else Rules(players=4), 3)
    if state is not None:
        game.state = state
    scene = TableScene(app, game, default_seats(game.state.rules.players, 1, "easy"))
    app.set_scene(scene)
    for _ in range(3):
        app.step(1 / 60, [])
    return app, scene


def drawn_faces(app, scene) -> list[tuple[int, int, int]]:
    """(card, w, h) of every face drawn in one frame."""
    seen = []
    real = app.art.face

    def recording(card, w, h):
        seen.append((card, int(w), int(h)))
        return real(card, w, h)

    app.art.face = recording
    scene.ctl.dirty = True
    scene.painter.forget_layer()       # every card drawn this frame (none kept from the last)
    app.step(1 / 60, [])
    app.art.face = real
    return seen


def test_cards_are_visibly_larger_in_a_larger_window():
    widths = {}
    for size in [(1280, 800), (1600, 1000)]:
        app, scene = table_at(size)
        try:
            faces = drawn_faces(app, scene)
            hand = set(scene.hand_order)
            widths[size] = (max(w for c, w, _ in faces if c in hand), sorted(w for _, w, _ in faces))
        finally:
            app.close()
    small, large = widths[(1280, 800)], widths[(1600, 1000)]
    assert large[0] >= small[0] * 1.2                    # the hand's cards
    assert large[1][0] >= small[1][0] * 1.2 - 1          # the smallest card drawn too


def digit_height(art_on: CardArt, art_off: CardArt, card: int, w: int, h: int) -> int:
    """The height of what the points badge adds to a face."""
    on, off = art_on.face(card, w, h), art_off.face(card, w, h)
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    for x in range(w // 2, w):
        for y in range(0, h // 3):
            if on.get_at((x, y)) != off.get_at((x, y)):
                mask.set_at((x, y), (255, 255, 255, 255))
    return mask.get_bounding_rect().h


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_points_badges_are_readable_at_1024x640(players):
    from test_meld_room import table
    st = table("classic", players, [[("fan", 6), ("mixed", 9), ("natural", 8), ("fan", 3)] * 2,
                                    [("fan", 4), ("natural", 7)]])
    app, scene = table_at((1024, 640), show_points=True, state=st)
    try:
        faces = drawn_faces(app, scene)
    finally:
        app.close()
    on, off = CardArt(show_points=True), CardArt(show_points=False)
    sizes = {(w, h) for _, w, h in faces}
    assert sizes
    checked = 0
    for card, w, h in {(c, w, h) for c, w, h in faces if c % 7 == 0}:
        if w < POINTS_MIN_W:
            continue
        assert digit_height(on, off, card, w, h) >= POINTS_MIN_PX, (card, w, h)
        checked += 1
    assert checked
    # the meld cards at this size are wide enough for the badge
    assert min(w for w, _ in sizes) >= POINTS_MIN_W
