"""Driving the window without a person: for the tests and for screenshots.

* :class:`SyncWorker` plays the computer seats on the window's own thread (the
  decision is made when asked and handed over at the next poll), so a test or a
  screenshot run never waits on a thread.
* :func:`click`, :func:`press`, :func:`type_text` post real pygame events through
  ``App.step``, at the place a control is drawn.
* ``python tests/ui/harness.py OUT_DIR`` (from the checkout) draws every screen around the
  table to PNG files at three window sizes, with a throw-away score history, for
  looking at them.
"""

from __future__ import annotations

import os
import sys
from typing import Optional

import pygame

from canasta.ui.layout import View

DT = 1 / 60


class SyncWorker:
    """Computer players deciding at once (same interface as the threaded worker:
    ``request``, ``poll``, ``cancel``, ``close``). ``level`` overrides every seat's
    level when given (the tests use the quick ``"easy"`` player)."""

    def __init__(self, level: Optional[str] = None):
        self.level = level
        self.players: dict = {}
        self.ticket = 0
        self.ready = None
        self.requests = 0

    def request(self, seat, obs, legal, level):
        from canasta.ai import make_player
        lv = self.level or level
        player = self.players.get((seat, lv))
        if player is None:
            player = self.players[(seat, lv)] = make_player(lv, seed=seat)
        self.ticket += 1
        self.requests += 1
        self.ready = (self.ticket, player.choose(obs, legal))
        return self.ticket

    def poll(self):
        ready, self.ready = self.ready, None
        return ready

    def cancel(self) -> None:
        self.ready = None

    def close(self) -> None:
        self.ready = None


def centre_of(app, target) -> tuple[int, int]:
    """The window pixel at the centre of a control (or of a logical rect)."""
    rect = target.rect if hasattr(target, "rect") else pygame.Rect(target)
    return View(*app.screen.get_size()).rect(rect).center


def click(app, target, frames: int = 1) -> None:
    """Move to a control, press and release the left button there, then draw a frame."""
    pos = centre_of(app, target) if not (isinstance(target, tuple) and len(target) == 2) else target
    events = [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]
    app.step(DT, events)
    for _ in range(frames - 1):
        app.step(DT, [])


def click_at(app, lx: float, ly: float) -> None:
    """Click the window at a logical point (an arrow of a stepper, say)."""
    click(app, View(*app.screen.get_size()).pt(lx, ly))


def press(app, key: int, mod: int = 0, unicode: str = "") -> None:
    app.step(DT, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0),
                  pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0)])


def type_text(app, s: str) -> None:
    app.step(DT, [pygame.event.Event(pygame.TEXTINPUT, text=s)])


# A deal number whose first deal runs long (83 actions with the quick players), for
# tests that need the deal still going after a few dozen moves: now and then a fresh
# random number deals a hand that a partnership goes out with inside ten moves.
LONG_DEAL = "1234"


def enter_deal_number(app, form, number: str = LONG_DEAL) -> None:
    """Type ``number`` into the New game form's deal number field, as a player would."""
    click(app, form.control("seed"))
    press(app, pygame.K_DELETE)
    type_text(app, number)
    assert form.seed_text == number


def frames(app, n: int = 1) -> None:
    for _ in range(n):
        app.step(DT, [])


def boot(argv=(), size=(1280, 800), level: str = "easy"):
    """Start the game as ``python -m canasta`` would (instant animations, computer
    players on this thread); return ``(app, session)``."""
    from canasta.__main__ import parse_args
    from canasta.ui.main import start

    args = parse_args(["--speed", "instant", "--size", f"{size[0]}x{size[1]}", *argv])
    return start(args, ai=SyncWorker(level))


def shutdown(app, session) -> None:
    """Close the window the way the frame loop does when it ends."""
    app.close()
    session.close()


def play(table, until, limit: int = 50000, level: str = "easy") -> bool:
    """Play on at ``table`` until ``until()`` is true: the human seats' moves are
    chosen by a computer player and made through the table, the computer seats move
    as the frame loop would make them. Stops at the end of a deal (the score sheet
    waits for a click). Returns ``until()``."""
    from canasta.ai import make_player
    from canasta.engine import legal_actions
    from canasta.engine.observe import observe

    player = make_player(level)
    for _ in range(limit):
        if until():
            return True
        st = table.state
        if st.deal_over:
            break
        if table.seats[st.to_act].human:
            if table.privacy is not None:
                # the next player says "I am here"
                table.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
            table.perform(player.choose(observe(st, st.to_act), legal_actions(st)))
        else:
            table.update(DT)
    return until()


# --------------------------------------------------------------------------- screenshots


def _sample_games(session, count: int = 4) -> None:
    """Finish a few quick games (computer moves for every seat) into the score history."""
    from canasta.ai import make_player
    from canasta.engine import NextDeal, Rules, legal_actions
    from canasta.engine.observe import observe
    from canasta.engine.record import Game
    from canasta.ui.session import finished_game_summary
    from canasta.ui.table import SeatConfig

    player = make_player("easy")
    setups = [(Rules(players=4, target_score=1500), "classic-4"), (Rules(players=2, target_score=1000), "classic-2"),
              (Rules(players=3, target_score=1000), "classic-3"), (Rules(players=4, target_score=2000), "classic-4")]
    for k in range(count):
        rules, preset = setups[k % len(setups)]
        game = Game(rules, 100 + k)
        while not game.state.game_over:
            st = game.state
            game.play(NextDeal() if st.deal_over else player.choose(observe(st, st.to_act), legal_actions(st)))
        names = ["You", "Marta", "Luis", "Ines"]
        seats = [SeatConfig(names[i], i == 0, ("easy", "medium", "hard")[k % 3]) for i in range(rules.players)]
        session.db.record_game(finished_game_summary(game, seats, {"preset": preset}))


def render_all(out_dir: str, sizes=((1280, 800), (1024, 640), (1920, 1080))) -> list[str]:
    """Draw every screen at every size into ``out_dir``; return the files written."""
    import tempfile

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    home = tempfile.mkdtemp(prefix="canasta-shots-")
    os.environ["CANASTA_HOME"] = home
    from canasta.store import Settings
    from canasta.ui.app import App
    from canasta.ui.session import Session

    written = []
    os.makedirs(out_dir, exist_ok=True)
    settings = Settings()
    settings.animation_speed = "instant"
    app = App(settings, size=sizes[0], ai=SyncWorker("easy"))
    session = Session(app)
    _sample_games(session)
    session.notify("Your settings file was damaged; it was kept as settings-20261123-101500.toml and the "
                   "defaults are in use.")

    def shoot(name: str) -> None:
        for w, h in sizes:
            app.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
            app.scene.resize()
            app.step(DT, [])
            path = os.path.join(out_dir, f"{name}-{w}x{h}.png")
            pygame.image.save(app.screen, path)
            written.append(path)

    session.show_main_menu()
    shoot("main-menu")
    session.show_new_game()
    shoot("new-game-players")
    app.scene.set_players(6)
    app.scene.seats[2].human = True
    shoot("new-game-players-6")
    app.scene.set_players(4)
    app.scene._tab("rules")
    shoot("new-game-rules")
    app.scene.set_opt("hand_size", 20)
    app.scene.set_opt("decks", 1)
    shoot("new-game-rules-error")
    session.show_settings()
    shoot("settings")
    session.show_statistics()
    shoot("statistics")
    from canasta.engine.rules import Rules
    session.show_rules([("Classic, six players in two teams of three", Rules(players=6, teams=2))])
    shoot("rules")
    session.show_rules(session.rules_choices())
    shoot("rules-from-menu")
    # a game in progress: the pause menu over the table, then the main menu with Continue
    from canasta.ui.table import SeatConfig
    seats = [SeatConfig("You", True), SeatConfig("Marta", False), SeatConfig("Luis", False), SeatConfig("Ines", False)]
    table = session.start_game(Rules(players=4), seats, 2026)
    for _ in range(120):
        table.update(DT)
        if table.seats[table.state.to_act].human:
            break
    press(app, pygame.K_ESCAPE)
    shoot("pause")
    session.leave_table()
    shoot("main-menu-continue")
    session.close()
    app.close()
    return written


if __name__ == "__main__":
    out = sys.argv[1] if len(sys.argv) > 1 else "screens-out"
    for p in render_all(out):
        print(p)
