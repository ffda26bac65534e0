"""High contrast: measured on the drawn screens, every line of text stands at least 7:1
against what lies behind it (WCAG's enhanced contrast), the table is plain black, the
cards are white-edged; and the same measure finds lines below 7:1 in the usual theme
(so it can fail)."""

from __future__ import annotations

from collections import Counter

import pygame
import pytest

from canasta.engine import Rules
from canasta.ui import draw
from canasta.ui.draw import contrast
from layout_check import probe_frame
from test_layout_check import _late

pytestmark = pytest.mark.usefixtures("user_folders")


@pytest.fixture(autouse=True)
def usual_theme_after():
    """The theme is the drawing module's: put the usual one back for the tests after."""
    yield
    draw.set_high_contrast(False)


def measured(app) -> list[tuple[float, str]]:
    """(ratio, words) of every line of text the frame shows: the ratio of its inkiest
    pixel to the colour most of its box shows (its background). A line covered by a
    panel of a layer above it (the score sheet over the table) is not shown."""
    probe = probe_frame(app)
    screen = app.screen
    out = []
    covers = [(r, lay) for k, r, _, lay in probe.items if k == "panel"]
    for kind, rect, words, layer in probe.items:
        if kind not in ("text", "cut"):
            continue
        if any(lay > layer and r.colliderect(rect) for r, lay in covers):
            continue        # under a sheet or a menu drawn over it: not shown
        r = rect.clip(screen.get_rect())
        if r.w < 3 or r.h < 3:
            continue
        raw = pygame.image.tobytes(screen.subsurface(r), "RGB")
        pixels = [tuple(raw[i:i + 3]) for i in range(0, len(raw), 3)]
        background = Counter(pixels).most_common(1)[0][0]
        ratio = max(contrast(p, background) for p in set(pixels))
        if ratio > 1.05:       # an empty box (a blank line) has no ink to measure
            out.append((ratio, words or f"text at {tuple(r)}"))
    return out


def tour(app, session):
    """The screens, each drawn once: (name, measurements)."""
    from canasta.ui.main import default_seats
    from canasta.ui.screens.fair import FairScreen
    seen = []

    def look(name):
        app.step(1 / 60, [])
        seen.append((name, measured(app)))

    session.show_main_menu()
    look("main menu")
    session.show_new_game()
    look("new game")
    session.show_settings()
    look("settings")
    session.show_rules(session.rules_choices())
    look("rules")
    app.set_scene(FairScreen(app, back=session.show_main_menu))
    look("why the game is fair")
    session.show_statistics()
    look("statistics")
    for game, seed in (("classic", 40), ("samba", 41), ("bolivia", 42), ("hand_and_foot", 43), ("american", 44)):
        rules = Rules(variant=game)
        actions, whole = _late(rules, seed)
        scene = session.start_game(rules, default_seats(4, 1, "easy"), seed, save=False)
        for a in actions:
            scene.game.play(a)
        scene.ctl._rebuild_log()
        scene.refresh()
        look(f"{game} late in a deal")
        scene.scores_open = True
        look(f"{game} scores")
        scene.scores_open = False
        for a in whole[len(actions):]:
            scene.game.play(a)
        scene.ctl._rebuild_log()
        scene.refresh()
        scene.ctl.sheet_shown = True
        look(f"{game}, the deal's score sheet")
    app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)])
    look("the pause menu")
    return seen


def test_every_text_stands_at_seven_to_one_in_high_contrast(launch):
    app, session = launch()
    app.settings.high_contrast = True
    app.apply_settings()
    seen = tour(app, session)
    low = [f"{name}: {words!r} {ratio:.1f}:1" for name, found in seen for ratio, words in found if ratio < 7.0]
    total = sum(len(found) for _, found in seen)
    assert total > 200
    assert not low, f"{len(low)} of {total} texts below 7:1:\n" + "\n".join(low)


def test_the_usual_theme_has_texts_below_seven_to_one(launch):
    """The control: the same measure on the usual theme finds low-contrast text."""
    app, session = launch()
    assert not app.settings.high_contrast
    seen = tour(app, session)
    assert any(ratio < 7.0 for _, found in seen for ratio, _ in found)


def test_the_high_contrast_table_is_plain_black_with_white_edged_cards(launch):
    app, session = launch(["--seed", "1234"])
    app.settings.high_contrast = True
    app.apply_settings()
    app.step(1 / 60, [])
    w, h = app.screen.get_size()
    assert tuple(app.screen.get_at((3, h // 2)))[:3] == draw.HC_BACKGROUND
    table = app.scene
    card = table.hand_order[0]
    rect = table.painter._card_bounds(table.view, table.animator.sprites[card].pose())
    # the left edge of the leftmost hand card is white
    x = rect.x + 1
    column = [tuple(app.screen.get_at((x, y)))[:3] for y in range(rect.y + 20, rect.bottom - 20)]
    assert column and all(min(c) >= 240 for c in column)
    app.settings.high_contrast = False
    app.apply_settings()
    assert not draw.HIGH_CONTRAST


def test_a_drop_target_that_stages_is_told_by_its_shape_not_only_its_colour(launch):
    """While cards are dragged, a zone where the drop plays at once is outlined whole and
    one where it stages the cards shows only its corners: the two differ for a player who
    cannot tell green from gold (in either theme)."""
    from canasta.ui.table.layout import zone_rect
    from canasta.ui.table.scene import Drag
    from canasta.ui.table.view import DROP_OK, DROP_STAGE
    app, session = launch(["--seed", "1234"])
    for high in (False, True):
        app.settings.high_contrast = high
        app.apply_settings()
        table = app.scene
        lay = table.ctl.layout
        card = table.hand_order[0]
        table.drag = Drag([card], False, (0, 0), (0, 0), active=True,
                          targets={"pile": ("do", None), "meld_area": ("stage", None)})
        app.step(1 / 60, [])
        v = table.view

        def lit(name, colour):
            r = v.rect(zone_rect(lay, name)).inflate(6, 6)
            edge = {"top-middle": (r.centerx, r.top + 1), "top-left": (r.left + v.size(14), r.top + 1)}
            return {k: tuple(app.screen.get_at(p))[:3] == colour for k, p in edge.items()}

        assert lit("pile", DROP_OK) == {"top-middle": True, "top-left": True}
        assert lit("meld_area", DROP_STAGE) == {"top-middle": False, "top-left": True}
        table.drag = None
