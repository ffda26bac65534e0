"""The language tour: each screen of the issue's list (the main menu, New game with each
game's rules, Settings, the rules screen, a late deal's table of each game, its score
sheet, Statistics, a review, Learn to play's first step) is built once per window size
(1024x640 and 1920x1080) and drawn in every real language in that one pass (the language
switched as Settings does: ``set_language`` then ``resize()``), with the layout probe
listening. Every text must fit its place: no text overlaps another or a control, leaves
the window or its panel, or is cut short where English is not (measured widths, see
:mod:`layout_check`; English's own cuts, with their tips, are test_layout_check's)."""

from __future__ import annotations

import pygame
import pytest

from canasta import i18n
from layout_check import cut_texts, probe_frame, problems, save_shot
from test_layout_check import _late

pytestmark = pytest.mark.usefixtures("user_folders")
SIZES = ((1024, 640), (1920, 1080))
LANGUAGES = ("es", "pt_BR", "it", "de", "fr")


class LanguageTour:
    def __init__(self, app):
        self.app = app
        self.found: list[str] = []
        self.frames = 0
        self.shots = ""            # a folder: each frame is saved there too (for looking at them)

    def look(self, name: str, size, needs=None, needs_all=None) -> None:
        """Draw the scene in English, then in each language; ``needs``: what the screen
        must show, as a function giving the texts (any one will do) in the language in use;
        ``needs_all``: the same, every one of them."""
        app = self.app
        english_cuts = None
        for code in ("en",) + LANGUAGES:
            i18n.set_language(code)
            app.scene.resize()
            app.step(1 / 60, [])
            probe = probe_frame(app)
            self.frames += 1
            if self.shots:
                save_shot(app, self.shots, name, f"{code}-{size[0]}x{size[1]}")
            words = {w for kind, _r, w, _l in probe.items if kind in ("text", "cut", "control")}
            cuts = [(r, words) for r, words in cut_texts(probe)]
            if code == "en":
                # English is toured with the tips by test_layout_check: a box cut there (a
                # long help line in a narrow column, its tip showing the whole words) is a
                # box made to cut; in another language only what English does not cut counts
                english_cuts = {(r.x, r.y) for r, _ in cuts}
                english_words = words
                continue
            if not words - english_words:
                self.found.append(f"{name} in {code} at {size[0]}x{size[1]}: no word of it is translated")
            if needs is not None and not set(needs()) & words:
                self.found.append(f"{name} in {code} at {size[0]}x{size[1]}: none of {needs()} is shown")
            if needs_all is not None and set(needs_all()) - words:
                self.found.append(f"{name} in {code} at {size[0]}x{size[1]}: {set(needs_all()) - words} not shown")
            found = problems(probe, app.screen.get_rect())
            found += [f"{words!r} is cut at {tuple(r)}" for r, words in cuts if (r.x, r.y) not in english_cuts]
            self.found += [f"{name} in {code} at {size[0]}x{size[1]}: {line}" for line in found]
        i18n.set_language("en")


def _size(app, size) -> None:
    if app.screen.get_size() != size:
        app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        app.scene.resize()


def _tour(app, session, size, shots: str = "") -> LanguageTour:
    from canasta.engine import Rules, variants
    from canasta.engine.record import Game
    from canasta.ui.games import game_names
    from canasta.ui.main import default_seats
    from canasta.ui.screens.review import ReviewScene
    from canasta.ui.tutorial import start_lesson
    tour = LanguageTour(app)
    tour.shots = shots
    session.show_main_menu()
    _size(app, size)
    tour.look("the main menu", size)
    session.show_new_game()
    _size(app, size)
    form = app.scene
    tour.look("New game, players", size)
    for game in game_names():
        form.set_game(game)
        form._tab("rules")
        tour.look(f"New game, rules of {game}", size)
        form._tab("players")
    session.show_settings()
    _size(app, size)
    tour.look("Settings", size)
    session.show_rules(session.rules_choices())
    _size(app, size)
    tour.look("Rules", size)
    session.show_statistics()
    _size(app, size)
    tour.look("Statistics", size)
    for k, game in enumerate(variants.names()):
        rules = Rules(variant=game)
        actions, whole = _late(rules, 40 + k)
        scene = session.start_game(rules, default_seats(rules.resolved().players, 1, "easy"), 40 + k, save=False)
        _size(app, size)
        for a in actions:
            scene.game.play(a)
        scene.ctl._rebuild_log()
        scene.ctl.note_turn_start()
        scene.refresh()
        tour.look(f"a late deal of {game}", size)
        if game == "classic":
            review = ReviewScene(app, Game.from_json(scene.game.to_json()), run_coach=False)
            app.set_scene(review)
            _size(app, size)
            review.go(review.count // 2, animate=False)
            tour.look("Review of a Classic deal", size,      # its buttons in the language too
                      needs_all=lambda: [i18n.tr(i18n.N_(w)) for w in ("Score", "Turns", "Close")])
            app.set_scene(scene)
            _size(app, size)
        for a in whole[len(actions):]:
            scene.game.play(a)
        scene.ctl._rebuild_log()
        scene.refresh()
        scene.ctl.sheet_shown = True
        tour.look(f"the score sheet of {game}", size)
    # a frozen pile: its label keeps the word FROZEN in every language, at every size
    rules = Rules()
    actions, _ = _late(rules, 40)
    scene = session.start_game(rules, default_seats(4, 1, "easy"), 40, save=False)
    _size(app, size)
    for a in actions:
        scene.game.play(a)
    scene.game.state.frozen = True
    scene.refresh()
    n = len(scene.state.pile)
    tour.look("a late deal of classic, the pile frozen", size,
              needs=lambda: [i18n.tr(i18n.t("Pile {count}  FROZEN", count=n)), i18n.tr(i18n.t("{count}  FROZEN", count=n))])
    start_lesson(session)
    _size(app, size)
    for _ in range(30):
        app.step(1 / 60, [])
    tour.look("Learn to play, the first step", size)
    return tour


@pytest.mark.parametrize("size", SIZES)
def test_every_screen_fits_in_every_language(size):
    from harness import boot, shutdown
    app, session = boot(size=size)
    try:
        tour = _tour(app, session, size)
    finally:
        i18n.set_language("en")
        shutdown(app, session)
    assert tour.frames >= 6 * 20
    assert not tour.found, f"{len(tour.found)} problems:\n" + "\n".join(tour.found)
