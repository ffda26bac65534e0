"""Screenshots for issue 32, from the real window on a virtual X screen, driven by xdotool.

    Xvfb :92 -screen 0 1920x1080x24 &
    DISPLAY=:92 python tests/ui/shots_issue32.py OUT_DIR

Each picture is the game's own window (its frame loop, events from the X server,
clicks and drags made by ``xdotool`` where the scene draws the card or control) read
with ``xwd``: staging in Modern American, a first meld that goes straight down, the
score sheet, the move log open in Modern American, a cut rule explained by its tip,
the main menu's Continue, Statistics with a
game in progress, and a review with the coach's flags.
"""

from __future__ import annotations

import os
import sys

from shots_issue16 import Window   # sets a fresh CANASTA_HOME before pygame starts

from canasta.engine.cards import CODE_OF  # noqa: E402


def key(w, name: str) -> None:
    w.xdo("key", "--window", w.wid, name)
    w.pump(10)


def table(w, rules, state=None, seed=7, actions=()):
    from canasta.ui.main import default_seats
    scene = w.session.start_game(rules, default_seats(rules.resolved().players, 1, "easy"), seed)
    if state is not None:
        scene.game.state = state
    for a in actions:
        scene.game.play(a)
    scene.ctl._rebuild_log()
    scene.ctl.note_turn_start()
    scene.refresh()
    w.pump(20)
    return scene


def stage(w, scene, codes) -> None:
    hand = scene.state.hands[0]
    picked = []
    for code in codes:
        picked.append(next(c for c in hand if CODE_OF[c] == code and c not in picked))
    for c in picked:
        w.click(scene.click_point(c))
    band = scene.zones["meld_area"]
    w.drag(scene.click_point(picked[0]), scene.view.pt(band.right - 40, band.bottom - 40))


def main(out: str) -> None:
    from canasta.engine import Rules
    from canasta.engine.setup import position
    from test_first_steps import AMERICAN_PLAY, CLASSIC_PLAY
    from test_layout_check import _late
    w = Window((1280, 800))
    app = w.app

    american = Rules(variant="american")
    scene = table(w, american, position(american, AMERICAN_PLAY))
    stage(w, scene, ["KH", "KC", "JK"])
    stage(w, scene, ["AH", "AC", "2D"])
    w.pump(240)                                            # the staging note's few seconds pass
    w.move((1000, 360))
    w.shot(os.path.join(out, "american-staged-not-a-first-meld.png"))

    classic = Rules()
    scene = table(w, classic, position(classic, CLASSIC_PLAY))
    stage(w, scene, ["KH", "KC", "JK"])
    w.move((1000, 360))
    w.shot(os.path.join(out, "first-meld-went-straight-down.png"))

    actions, whole = _late(american, 41)
    scene = table(w, american, seed=41, actions=actions)
    key(w, "g")
    w.move((1000, 360))
    w.shot(os.path.join(out, "american-log-open.png"))
    key(w, "g")

    actions, whole = _late(classic, 40)
    scene = table(w, classic, seed=40, actions=whole)
    w.pump(30)
    w.move((640, 560))
    w.shot(os.path.join(out, "score-sheet.png"))

    # back to the menu with the game in progress: Continue, then Statistics
    scene = table(w, classic, seed=40, actions=actions)
    key(w, "Escape")
    w.click(app.scene.view.rect(app.scene.control("save_quit").rect).center)
    w.move((640, 120))
    w.shot(os.path.join(out, "main-menu.png"))
    menu = app.scene
    w.click(menu.view.rect(menu.control("statistics").rect).center)
    w.move((640, 780))
    w.shot(os.path.join(out, "statistics-in-progress.png"))
    key(w, "Escape")

    # New game -> Rules: the pointer rests on a rule whose line is cut
    w.click(app.scene.view.rect(app.scene.control("new").rect).center)
    form = app.scene
    w.click(form.view.rect(form.control("tab_rules").rect).center)
    row = next(c for _, _, c in form.option_rows if c.name == "stock_exhausted")
    w.move(form.view.pt(200, row.rect.bottom - 6))
    w.pump(60)
    w.shot(os.path.join(out, "new-game-rules-tip.png"))
    key(w, "Escape")

    # (Settings with larger text and cards: shots_issue31.py)

    hint_shot(w, out)
    review_shot(w, out)


def hint_shot(w, out: str) -> None:
    """Hint (H) late in a Classic deal: the hard player's answer in the status line's
    place, its cards picked and the place they go lit."""
    from canasta.engine import Rules
    from test_layout_check import _late
    actions, _ = _late(Rules(), 40)
    scene = table(w, Rules(), seed=40, actions=actions)
    key(w, "h")
    for _ in range(3000):
        w.pump()
        if scene.ctl.hint_ticket is None and scene.ctl.hint_zones:
            break
    w.move((1000, 360))
    w.shot(os.path.join(out, "hint.png"))


def review_shot(w, out: str) -> None:
    """A review with the coach, as the game runs it, of the first deal (of a few) in
    which the coach flags a move; shown at a flagged move."""
    from canasta.engine import Rules
    from canasta.review import play_deal
    from canasta.ui.screens.review import ReviewScene
    app = w.app
    for seed in range(1, 12):
        review = ReviewScene(app, play_deal("medium", seed, rules=Rules()))
        app.set_scene(review)
        for _ in range(40000):
            w.pump()
            if review.coach is None:
                break
        flagged = sorted(i for i, d in review.verdicts.items() if d.flagged)
        if flagged:
            review.go(flagged[len(flagged) // 2] - review.first + 1, animate=False)
            break
    w.pump(20)
    w.move((640, 360))
    w.shot(os.path.join(out, "review-with-flags.png"))
    app.close()
    w.session.close()


if __name__ == "__main__":   # OUT_DIR [review]: every picture, or the review's alone
    os.makedirs(sys.argv[1], exist_ok=True)
    sys.path.insert(0, os.path.dirname(__file__))
    if sys.argv[2:3] == ["review"]:
        review_shot(Window((1280, 800)), sys.argv[1])
    elif sys.argv[2:3] == ["hint"]:
        hint_shot(Window((1280, 800)), sys.argv[1])
    else:
        main(sys.argv[1])
