"""Every screen of every game at 1024x640, 1280x800 and 1920x1080, with Text size and
Card size at 100% (and cards at 110%, what Large cards became) and again at 200%, and
the move log closed, open and pinned: no two texts or controls overlap, no card
covers a text or a control, nothing leaves the window or hangs over a panel's edge,
no text is cut without a tip that shows its whole words (see :mod:`layout_check`),
and with the log pinned the table fills the window's height (no letterbox bands).

Each screen is set up once and drawn once per window size (one frame each, with the
probe listening); the positions at the table are played by the engine's quick
players, not through the window, to keep the tour short.
"""

from __future__ import annotations

import pygame
import pytest

from layout_check import cut_without_tip, probe_frame, problems, save_shot

SIZES = ((1024, 640), (1280, 800), (1920, 1080))


def _late(rules, seed: int, share: float = 0.6):
    """The actions of a deal up to a point about ``share`` of the way through, at the
    human seat's turn after drawing, and the whole deal's actions."""
    from canasta.ai import make_player
    from canasta.engine import legal_actions
    from canasta.engine.observe import observe
    from canasta.engine.record import Game
    game = Game(rules, seed)
    bots = [make_player("easy", seed=s) for s in range(rules.resolved().players)]
    stops = []
    while not game.state.deal_over:
        st = game.state
        if st.to_act == 0 and st.phase == "play":
            stops.append(len(game.actions))
        game.play(bots[st.to_act].choose(observe(st, st.to_act), legal_actions(st)))
    whole = list(game.actions)
    at = stops[int(len(stops) * share)] if stops else 0
    return whole[:at], whole


def empty_bands(probe) -> tuple[int, int]:
    """The empty felt above and below everything the table drew (pixels): the move log's
    column runs the window's height, so only what lies beside it counts."""
    rects = [r for kind, r, words, _ in probe.items if kind in ("text", "cut", "control", "card", "panel")
             and words != "the move log"]
    return min(r.top for r in rects), probe.size[1] - max(r.bottom for r in rects)


#: the most empty felt left above or below the table with the log pinned (it was 63 px at
#: 1280x800 while the table kept to a 16:10 letterbox)
BAND_MOST = 10


class Tour:
    def __init__(self, app, session):
        self.app, self.session = app, session
        self.found: list[str] = []
        self.frames = 0
        self.shots = ""            # a folder: each frame is saved there too (for looking at them)
        self.sizes = 100           # Text size and Card size, in percent
        self.bands: list[tuple[str, int, int]] = []   # with the log pinned: (frame, felt above, felt below)

    def look(self, name: str, sizes=SIZES, tips: bool = True) -> None:
        """Draw the current scene once at each size and note what the probe finds."""
        app = self.app
        for size in sizes:
            if app.screen.get_size() != size:
                app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
                app.scene.resize()
            app.step(1 / 60, [])
            probe = probe_frame(app)
            self.frames += 1
            if self.shots:
                save_shot(app, self.shots, name, f"{size[0]}x{size[1]}")
            window = app.screen.get_rect()
            found = problems(probe, window)
            if "log pinned" in name:
                above, below = empty_bands(probe)
                self.bands.append((f"{name} at {size[0]}x{size[1]}", above, below))
            if tips:
                found += cut_without_tip(app, probe)
            self.found += [f"{name} at {size[0]}x{size[1]}: {line}" for line in found]


def _table(tour, rules, seed, label, humans=1):
    from canasta.engine import variants  # noqa: F401
    from canasta.ui.main import default_seats
    session, app = tour.session, tour.app
    actions, whole = _late(rules, seed)
    seats = default_seats(rules.resolved().players, humans, "easy")
    scene = session.start_game(rules, seats, seed, save=False)
    for a in actions:
        scene.game.play(a)
    scene.ctl._rebuild_log()
    scene.ctl.note_turn_start()
    g = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_g, mod=0, unicode="g", scancode=0)
    shift_g = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_g, mod=pygame.KMOD_SHIFT, unicode="G", scancode=0)
    sizes = (100, 110) if tour.sizes == 100 else (tour.sizes,)   # 110: what an old "large cards" became
    for cards in sizes:
        app.settings.card_size = cards
        scene.refresh()
        # the log as a player opens it: closed, G opens it, Shift+G pins it (and unpins it)
        for mode, keys in (("closed", []), ("open", [g]), ("pinned", [shift_g])):
            app.step(1 / 60, keys)
            assert scene.ctl.log_mode == mode
            scene.ctl.toast.show("Marta & Ines completed a natural canasta!", 3)
            tour.look(f"{label}, cards at {cards}%, log {mode}")
        app.step(1 / 60, [shift_g])
        assert scene.ctl.log_mode == "closed"
    app.settings.card_size = tour.sizes
    # the deal's end: the score sheet
    for a in whole[len(actions):]:
        scene.game.play(a)
    scene.ctl._rebuild_log()
    scene.refresh()
    scene.ctl.sheet_shown = True
    tour.look(f"{label}, the score sheet")
    return scene


def run_tour(app, session, shots: str = "", sizes: int = 100, language: str = "") -> Tour:
    """Every screen, with Text size and Card size at ``sizes`` percent, in ``language``
    (a code of canasta.i18n.CODES or "pseudo"; "" leaves the language as it is)."""
    from canasta.engine import Rules, variants
    from canasta.engine.record import Game
    from canasta.ui.games import game_names
    tour = Tour(app, session)
    tour.shots = shots
    tour.sizes = sizes
    app.settings.text_size = app.settings.card_size = sizes
    if language:
        app.language_override = language     # as python -m canasta --lang does
    app.apply_settings()
    session.show_main_menu()
    tour.look("the main menu")
    session.show_new_game()
    tour.look("New game, players")
    form = app.scene
    form.set_players(6)
    form.seats[2].human = True
    tour.look("New game, six players")
    form.set_players(4)
    for game in game_names():
        form.set_game(game) if hasattr(form, "set_game") else None
        form._tab("rules")
        tour.look(f"New game, rules of {game}")
        form._tab("players")
    session.show_settings()
    tour.look("Settings")
    app.settings.card_size = 200
    app.scene.resize()
    tour.look("Settings, cards at 200%")
    app.settings.card_size = tour.sizes
    session.show_statistics()
    tour.look("Statistics")
    session.show_rules(session.rules_choices())
    tour.look("Rules")
    from canasta.ui.screens.fair import FairScreen
    app.set_scene(FairScreen(app, back=session.show_main_menu))
    tour.look("Why the game is fair")
    for k, game in enumerate(variants.names()):
        rules = Rules(variant=game)
        scene = _table(tour, rules, 40 + k, game)
        if game == "classic":
            # Review of that deal, its own table
            scene.ctl.leave("review") if False else None
            from canasta.ui.screens.review import ReviewScene
            review = ReviewScene(app, Game.from_json(scene.game.to_json()), run_coach=False)
            app.set_scene(review)
            review.go(review.count // 2, animate=False)
            tour.look("Review of a Classic deal")
            # a move the coach flagged, with a long sentence (as the coach words them)
            from canasta.ai.coach import Decision
            index = review.first + review.step - 1
            played = review.record.actions[index]
            review.verdicts[index] = Decision(
                index, review.deal, 0, played, played, 180.0, 5, 8,
                "Keeping the two kings for the pile was worth more: with them the frozen pile, twelve cards, "
                "was yours next turn, and the side's first canasta with it.")
            tour.look("Review of a Classic deal, a move the coach flagged")
            app.settings.card_size = 200
            review.ctl.refresh()
            tour.look("Review of a Classic deal, a move the coach flagged, cards at 200%")
            app.settings.card_size = tour.sizes
            review.ctl.refresh()
    # melds staged that the engine does not yet take for a first meld: its long reason
    from canasta.engine.cards import CODE_OF
    from canasta.engine.setup import position
    from canasta.ui.main import default_seats
    from test_first_steps import AMERICAN_PLAY
    american = Rules(variant="american")
    scene = session.start_game(american, default_seats(4, 1, "easy"), 3, save=False)
    scene.game.state = position(american, AMERICAN_PLAY)
    scene.refresh()
    for codes in (("KH", "KC", "JK"), ("AH", "AC", "2D")):
        hand = list(scene.state.hands[0])
        cards = [next(c for c in hand if CODE_OF[c] == code) for code in codes]
        scene.ctl.release(cards, "meld_area")
    scene.ctl.toast.left = 0
    assert len(scene.staged) == 2
    tour.look("Modern American, two melds staged, not yet a first meld")
    # the end of a game of four deals (Hand and Foot): the score sheet and the game's panel beside it
    from canasta.ai import make_player
    from canasta.engine import NextDeal, apply_in_place, legal_actions, new_game
    from canasta.engine.observe import observe
    st = new_game(Rules(variant="hand_and_foot"), seed=4)
    bot = make_player("easy")
    while not st.game_over:
        apply_in_place(st, NextDeal() if st.deal_over else bot.choose(observe(st, st.to_act), legal_actions(st)))
    scene = session.start_game(Rules(variant="hand_and_foot"), default_seats(4, 1, "easy"), 4, save=False)
    scene.game.state = st
    scene.refresh()
    scene.ctl.sheet_shown = True
    tour.look("Hand and Foot, the game is over")
    # the scores so far (C), a question put over the table, a button's tip under the pointer
    classic = Rules()
    actions, _ = _late(classic, 40)
    scene = session.start_game(classic, default_seats(4, 1, "easy"), 40, save=False)
    for a in actions:
        scene.game.play(a)
    scene.ctl._rebuild_log()
    scene.refresh()
    scene.scores_open = True
    tour.look("the scores so far")
    scene.scores_open = False
    scene.ctl.confirm = ("Discard the king of hearts onto the pile?", lambda: None)
    tour.look("a question on the table")
    scene.ctl.confirm = None
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=scene.buttons[0].rect.center, rel=(0, 0),
                                         buttons=(0, 0, 0))])
    for _ in range(60):
        app.step(1 / 60, [])
    tour.look("a button's tip at the table", tips=False)
    # Learn to play's first step, and Open record
    from canasta.ui.tutorial import start_lesson
    start_lesson(session)
    for _ in range(30):
        app.step(1 / 60, [])
    tour.look("Learn to play, the first step")
    from canasta.ui.screens.review_open import OpenRecordScreen
    app.set_scene(OpenRecordScreen(session, back=session.show_main_menu))
    tour.look("Open record")
    # two people at one screen: the privacy screen
    from canasta.ui.main import default_seats
    hot = session.start_game(Rules(), default_seats(4, 2, "easy"), 5, save=False)
    tour.look("the hot-seat privacy screen")
    from harness import play
    assert play(hot, lambda: len(hot.game.actions) > 24 and hot.privacy is not None)
    tour.look("the hot-seat privacy screen, what happened since")
    # a game in progress: the pause menu, then the main menu with Continue
    table = session.start_game(Rules(), default_seats(4, 1, "easy"), 7)
    assert play(table, lambda: len(table.game.actions) >= 10 and table.state.to_act == 0)
    app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=0)])
    tour.look("the pause menu")
    session.leave_table()
    tour.look("the main menu with Continue")
    session.show_statistics()
    tour.look("Statistics with a game in progress")
    # a new game replaces it: Statistics lists it as unfinished
    session.start_game(Rules(), default_seats(4, 1, "easy"), 8)
    session.leave_table()
    session.show_statistics()
    tour.look("Statistics with an unfinished game")
    del table
    return tour


@pytest.mark.usefixtures("user_folders")
def test_no_screen_overlaps_or_cuts_text_without_a_tip():
    from harness import boot, shutdown
    app, session = boot(size=SIZES[1])
    try:
        tour = run_tour(app, session)
    finally:
        shutdown(app, session)
    assert tour.frames >= 100
    assert not tour.found, f"{len(tour.found)} problems:\n" + "\n".join(tour.found)
    assert len(tour.bands) == 5 * 2 * 3
    wide = [f"{name}: {above} px above, {below} px below" for name, above, below in tour.bands
            if above > BAND_MOST or below > BAND_MOST]
    assert not wide, "the pinned log leaves the table letterboxed:\n" + "\n".join(wide)


@pytest.mark.usefixtures("user_folders")
def test_at_text_and_card_size_200_nothing_overlaps_is_cut_or_leaves_the_window():
    """The same tour with Text size and Card size at 200%: every screen, every game's late
    deal with the log closed, open and pinned, at 1024x640, 1280x800 and 1920x1080."""
    from harness import boot, shutdown
    app, session = boot(size=SIZES[1])
    try:
        tour = run_tour(app, session, sizes=200)
    finally:
        shutdown(app, session)
    assert tour.frames >= 100
    assert not tour.found, f"{len(tour.found)} problems:\n" + "\n".join(tour.found)
    assert len(tour.bands) == 5 * 3
    wide = [f"{name}: {above} px above, {below} px below" for name, above, below in tour.bands
            if above > BAND_MOST or below > BAND_MOST]
    assert not wide, "the pinned log leaves the table letterboxed:\n" + "\n".join(wide)


if __name__ == "__main__":   # python tests/ui/test_layout_check.py: the findings, one a line
    import os
    import sys
    import tempfile
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["CANASTA_HOME"] = tempfile.mkdtemp()
    sys.path.insert(0, os.path.dirname(__file__))
    pygame.init()
    from harness import boot
    app, session = boot(size=SIZES[1])
    t = run_tour(app, session, sys.argv[1] if len(sys.argv) > 1 else "",
                 sizes=int(sys.argv[2]) if len(sys.argv) > 2 else 100)
    print("\n".join(t.found))
    print(len(t.found), "problems in", t.frames, "frames")
    for name, above, below in t.bands:
        print(f"{name}: {above} px above, {below} px below")
