"""The table in the pseudo-language (English 40% longer, accented, bracketed): a
late-deal table of every game, its score sheet and Learn to play's first step, drawn
at 1024x640 and 1920x1080 through the layout probe, show no overlapping text and no
text cut without a tip; the table's own words come through the catalog (bracketed),
and switching back to English (``set_language`` then ``resize``, as Settings does)
gives the English words at the next frame.
"""

from __future__ import annotations

import pygame
import pytest

from canasta import i18n

SIZES = ((1024, 640), (1920, 1080))


@pytest.fixture
def pseudo():
    i18n.set_language("pseudo")
    yield
    i18n.set_language("en")


def _bracketed(words: str) -> bool:
    return words.startswith("[") and words.endswith("]")


@pytest.mark.usefixtures("user_folders", "pseudo")
def test_every_table_in_the_pseudo_language_fits_and_is_translated():
    from canasta.engine import Rules, variants
    from canasta.ui.main import default_seats
    from canasta.ui.table.words import status_line
    from harness import boot, shutdown
    from test_layout_check import Tour, _late
    app, session = boot(size=SIZES[0])
    app.language_override = "pseudo"     # as python -m canasta --lang pseudo (the window's setting wins at boot)
    app.apply_settings()
    try:
        tour = Tour(app, session)
        g = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_g, mod=0, unicode="g", scancode=0)
        for k, game in enumerate(variants.names()):
            rules = Rules(variant=game)
            actions, whole = _late(rules, 40 + k)
            scene = session.start_game(rules, default_seats(rules.resolved().players, 1, "easy"), 40 + k,
                                       save=False)
            for a in actions:
                scene.game.play(a)
            scene.ctl._rebuild_log()
            scene.ctl.note_turn_start()
            scene.refresh()
            app.step(1 / 60, [])
            # the table's words come through the catalog: its buttons, its status line
            assert all(_bracketed(b.label) for b in scene.buttons if b.visible), [b.label for b in scene.buttons]
            assert _bracketed(i18n.tr(status_line(scene.ctl))), status_line(scene.ctl)
            scene.ctl.toast.show(i18n.t("{side} completed a {kind} canasta!", side="Marta & Ines",
                                        kind=i18n.Text("natural")), 3)
            assert _bracketed(scene.ctl.toast.message)
            tour.look(f"{game} in pseudo", sizes=SIZES)
            app.step(1 / 60, [g])
            tour.look(f"{game} in pseudo, the log open", sizes=SIZES)
            app.step(1 / 60, [g])
            for a in whole[len(actions):]:
                scene.game.play(a)
            scene.ctl._rebuild_log()
            scene.refresh()
            scene.ctl.sheet_shown = True
            tour.look(f"{game} in pseudo, the score sheet", sizes=SIZES)
            # a switch of language: the open table speaks English at the next frame
            i18n.set_language("en")
            scene.resize()
            app.step(1 / 60, [])
            assert scene.sheet_button.label in ("Next deal", "Finish") and scene.buttons[0].label == "Draw"
            i18n.set_language("pseudo")
            scene.resize()
            app.step(1 / 60, [])
            assert _bracketed(scene.sheet_button.label)
        from canasta.ui.tutorial import start_lesson
        start_lesson(session)
        for _ in range(30):
            app.step(1 / 60, [])
        title, sentence, _zones, _cards = app.scene.caption()
        assert _bracketed(i18n.tr(title)) and _bracketed(i18n.tr(sentence))
        tour.look("Learn to play, the first step, in pseudo", sizes=SIZES)
    finally:
        shutdown(app, session)
    assert tour.frames >= 2 * (3 * len(variants.names()) + 1)
    assert not tour.found, "\n".join(tour.found[:40])
