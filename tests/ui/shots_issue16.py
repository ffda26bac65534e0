"""Screenshots for issue 16, from the real window on a virtual X screen, driven by xdotool.

    Xvfb :92 -screen 0 1920x1080x24 &
    DISPLAY=:92 python tests/ui/shots_issue16.py lesson OUT_DIR      # each step of Learn to play
    DISPLAY=:92 python tests/ui/shots_issue16.py late OUT_DIR        # long melds late in a deal
    DISPLAY=:92 python tests/ui/shots_issue16.py menu OUT_DIR        # the main menu

The game runs its own frame loop here (events read from the X server); every click
and drag is made by ``xdotool`` at the window point where the scene draws the card or
zone; each picture is the window as ``xwd`` reads it from the X server.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# a fresh home each run: settings kept by an earlier run (the log left pinned) would change the pictures
os.environ.setdefault("CANASTA_HOME", tempfile.mkdtemp(prefix="canasta-shots-issue16-"))

import pygame  # noqa: E402

from canasta.engine.cards import CODE_OF  # noqa: E402

DT = 1 / 60


class Window:
    def __init__(self, size):
        from canasta.__main__ import parse_args
        from canasta.ui.main import start
        self.app, self.session = start(parse_args(["--size", f"{size[0]}x{size[1]}", "--speed", "fast"]))
        self.pump(20)
        self.wid = str(pygame.display.get_wm_info()["window"])     # the X window the game draws in

    def pump(self, n: int = 1) -> None:
        for _ in range(n):
            self.app.step(DT)
            pygame.display.flip()
            time.sleep(DT / 2)

    def xdo(self, *args) -> None:
        subprocess.run(["xdotool", *map(str, args)], check=True)

    def move(self, pos) -> None:
        self.xdo("mousemove", "--window", self.wid, int(pos[0]), int(pos[1]))
        self.pump(3)

    def click(self, pos) -> None:
        self.move(pos)
        self.xdo("click", 1)
        self.pump(8)

    def drag(self, start, end, steps: int = 8) -> None:
        self.move(start)
        self.xdo("mousedown", 1)
        self.pump(3)
        for i in range(1, steps + 1):
            self.move((start[0] + (end[0] - start[0]) * i / steps, start[1] + (end[1] - start[1]) * i / steps))
        self.xdo("mouseup", 1)
        self.pump(8)

    def shot(self, path: str) -> None:
        self.pump(30)
        with open(path, "wb") as out:
            xwd = subprocess.run(["xwd", "-id", self.wid, "-silent"], capture_output=True, check=True).stdout
            out.write(subprocess.run(["convert", "xwd:-", "png:-"], input=xwd, capture_output=True,
                                     check=True).stdout)
        print(path)


def lesson(out: str, size=(1280, 800)) -> None:
    from canasta.ui.tutorial import YOU
    w = Window(size)
    app = w.app
    menu = app.scene
    w.click(menu.learn_button.rect.center)
    scene = app.scene
    lesson = scene.lesson

    def settle():
        for _ in range(900):
            w.pump()
            st = scene.state
            if not scene.animator.busy and (st.deal_over or (st.to_act == YOU and scene.ctl.my_turn())):
                return
        raise SystemExit("the lesson stalled")

    def card(code):
        return next(c for c in scene.state.hands[YOU] if CODE_OF[c] == code)

    def pick(*codes):
        for code in codes:
            w.click(scene.click_point(card(code)))

    def step_shot():
        settle()
        w.shot(os.path.join(out, f"learn-{lesson.index() + 1:02d}-{size[0]}x{size[1]}.png"))

    step_shot()                                                    # 1 draw
    w.click(scene.zone_centre("stock"))
    step_shot()                                                    # 2 first meld
    pick("KS", "KD", "KC", "KH")
    w.drag(scene.click_point(card("KS")), scene.zone_centre("meld_area"))
    w.shot(os.path.join(out, f"learn-02b-staged-{size[0]}x{size[1]}.png"))
    pick("8S", "8D", "8C")
    w.drag(scene.click_point(card("8S")), scene.zone_centre("meld_area"))
    w.click(next(b for b in scene.buttons if b.label == "Lay down").rect.center)
    step_shot()                                                    # 3 discard
    w.drag(scene.click_point(card("4C")), scene.zone_centre("pile"))
    step_shot()                                                    # 4 frozen pile
    w.click(scene.zone_centre("stock"))
    step_shot()                                                    # 5 add to a meld
    kings = lesson.kings_meld().id
    pick("KD", "JK")
    w.drag(scene.click_point(card("KD")), scene.meld_centre(kings))  # refused: the joker goes too
    w.shot(os.path.join(out, f"learn-05b-refused-{size[0]}x{size[1]}.png"))
    pick("JK")
    w.drag(scene.click_point(card("KD")), scene.meld_centre(kings))
    step_shot()                                                    # 6 discard
    w.drag(scene.click_point(card("4D")), scene.zone_centre("pile"))
    step_shot()                                                    # 7 take the pile
    pick("6D", "6H")
    w.click(scene.zone_centre("pile"))
    step_shot()                                                    # 8 canasta
    pick("KS", "JK")
    w.drag(scene.click_point(card("KS")), scene.meld_centre(kings))
    step_shot()                                                    # 9 go out
    pick("4C", "4D", "2C")
    w.drag(scene.click_point(card("4C")), scene.zone_centre("meld_area"))
    settle()
    w.shot(os.path.join(out, f"learn-10-out-{size[0]}x{size[1]}.png"))
    app.close()
    w.session.close()


def late_position(variant: str, players: int, seed: int):
    """The actions of a deal played by the easy players up to its last position before
    someone goes out, and the total number of melded cards there (the longest melds)."""
    from canasta.ai import make_player
    from canasta.engine import Rules, legal_actions
    from canasta.engine.observe import observe
    from canasta.engine.record import Game
    rules = Rules(variant=variant, players=players)
    game = Game(rules, seed)
    bots = [make_player("medium", seed=s) for s in range(players)]
    best = (0, 0)
    while not game.state.deal_over:
        st = game.state
        size = sum(len(m.cards) for team in st.melds for m in team)
        if st.to_act == 0 and st.phase == "draw" and size >= best[0]:
            best = (size, len(game.actions))
        game.play(bots[st.to_act].choose(observe(st, st.to_act), legal_actions(st)))
    return rules, game.actions[:best[1]], best[0]


def open_at(rules, actions, seed, size):
    """A window of ``size`` at the table of a game of ``rules`` dealt by ``seed`` (you at
    seat 0, medium players beside you) with ``actions`` played, taken up as Continue
    would (its move log rebuilt), the pointer resting on the stock."""
    from canasta.ui.table import SeatConfig
    from canasta.vocab import COMPUTER_NAMES
    w = Window(size)
    players = rules.players
    seats = [SeatConfig("You", True)] + [SeatConfig(n, False, "medium") for n in COMPUTER_NAMES[:players - 1]]
    scene = w.session.start_game(rules, seats, seed, save=False)
    for a in actions:
        scene.game.play(a)
    scene.ctl._rebuild_log()                 # the move log of the deal so far, as Continue builds it
    scene.refresh()
    w.pump(5)
    w.move(scene.zone_centre("stock"))
    return w, scene


def late(out: str, variant: str = "classic", players: int = 4) -> None:
    best = max((late_position(variant, players, seed) + (seed,) for seed in range(20, 26)), key=lambda x: x[2])
    rules, actions, size, seed = best
    print(f"{variant} {players}p seed {seed}: {len(actions)} actions, {size} melded cards")
    w, scene = open_at(rules, actions, seed, (1024, 640))
    w.xdo("key", "--window", w.wid, "g")     # G opens the move log over the right of the table
    w.pump(10)
    for wh in [(1024, 640), (1280, 800), (1920, 1080)]:
        w.xdo("windowmove", w.wid, 0, 0)         # all of it on the virtual screen
        w.xdo("windowsize", w.wid, *wh)          # the window is resized as a person would
        w.pump(20)
        assert w.app.screen.get_size() == wh, w.app.screen.get_size()
        w.move(scene.zone_centre("stock"))
        w.shot(os.path.join(out, f"late-{variant}-{players}p-log-{scene.ctl.log_mode}-{wh[0]}x{wh[1]}.png"))
    w.xdo("key", "--window", w.wid, "shift+g")   # Shift+G pins it at the side
    w.pump(10)
    for wh in [(1280, 800), (1920, 1080)]:
        w.xdo("windowsize", w.wid, *wh)
        w.pump(20)
        w.move(scene.zone_centre("stock"))
        w.shot(os.path.join(out, f"late-{variant}-{players}p-log-{scene.ctl.log_mode}-{wh[0]}x{wh[1]}.png"))
    w.app.close()
    w.session.close()


if __name__ == "__main__":
    what, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    if what == "lesson":
        lesson(out)
    elif what == "menu":
        w = Window((1280, 800))
        w.move((640, 200))
        w.shot(os.path.join(out, "main-menu.png"))
        w.app.close()
        w.session.close()
    else:
        late(out, *(sys.argv[3:4] or ["classic"]), *[int(x) for x in sys.argv[4:5]])
