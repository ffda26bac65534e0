"""A hint the player can follow: after Hint (H), the keys the game teaches (T Take pile,
M Meld, X Discard, D Draw, A Ask partner, Y/N to a partner's question, 3 Lay threes in
Modern American) do exactly the
hinted move, in every game. The player's seat asks for a hint at each of its
decisions and follows it with posted key events, through the scene and its
controller as a person's keys go."""

from __future__ import annotations

import pygame
import pytest

from canasta.ai import make_player
from canasta.engine import Answer, Ask, Discard, Draw, Meld, Pass, Rules, TakePile
from canasta.engine.record import Game
from canasta.engine.variants import names
from canasta.store.settings import Settings
from canasta.ui.app import App
from canasta.ui.main import default_seats
from canasta.ui.table import TableScene

HINTS_PER_GAME = 200
KEY_FOR = {Draw: pygame.K_d, Pass: pygame.K_d, TakePile: pygame.K_t, Meld: pygame.K_m,
           Discard: pygame.K_x, Ask: pygame.K_a}
#: the keys of a game's own buttons (Modern American)
GAME_KEYS = {"LayThrees": pygame.K_3, "LaySpecial": pygame.K_s}


class QuickHintAI:
    """The real players decided at once; the hint is the real hint with few worlds (its
    moves, not its strength, are under test)."""

    def __init__(self):
        self.pending = None
        self.ticket = 0
        self.hints = []

    def request(self, seat, obs, legal, level):
        self.ticket += 1
        budget = 12 if level == "hint" else None
        action = make_player(level, seed=seat, budget_ms=budget).choose(obs, legal)
        if level == "hint":
            self.hints.append(action)
        self.pending = (self.ticket, action)
        return self.ticket

    def poll(self):
        out, self.pending = self.pending, None
        return out

    def cancel(self):
        self.pending = None

    def close(self):
        pass


def _key(app, k):
    app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")])


def _settle(app, scene, limit=3000):
    for _ in range(limit):
        app.step(1 / 60, [])
        st = scene.state
        if not scene.ctl.animator.busy and scene.ctl.pause <= 0 and (
                st.deal_over or scene.ctl.seats[st.to_act].human):
            return


def follow_hints(rules: Rules, seed: int, count: int) -> list[tuple]:
    """Ask and follow ``count`` hints at seat 0 (the other seats easy), dealing on as
    needed; returns (hinted, played) for each."""
    settings = Settings()
    settings.animation_speed = "instant"
    ai = QuickHintAI()
    app = App(settings, size=(1280, 800), ai=ai)
    game = Game(rules, seed)
    scene = TableScene(app, game, default_seats(game.state.rules.players, 1, "easy"))
    app.set_scene(scene)
    followed: list[tuple] = []
    for _ in range(40 * count):
        if len(followed) >= count:
            break
        _settle(app, scene)
        st = scene.state
        if st.phase == "game_over":
            game = Game(rules, seed + len(followed) + 1)
            scene = TableScene(app, game, default_seats(game.state.rules.players, 1, "easy"))
            app.set_scene(scene)
            continue
        if st.deal_over:
            _key(app, pygame.K_RETURN)
            continue
        before = len(scene.ctl.game.actions)
        _key(app, pygame.K_h)
        for _ in range(5):
            app.step(1 / 60, [])
        hinted = scene.ctl.hinted
        assert hinted is not None, "the hint never answered"
        if isinstance(hinted, Answer):
            _key(app, pygame.K_y if hinted.yes else pygame.K_n)
        else:
            k = KEY_FOR.get(type(hinted), GAME_KEYS.get(type(hinted).__name__))
            assert k is not None, f"no key teaches {hinted!r}"
            _key(app, k)
            if scene.ctl.confirm:
                _key(app, pygame.K_RETURN)
        actions = scene.ctl.game.actions
        played = actions[before] if len(actions) > before else None
        followed.append((hinted, played, scene.toast.message))
    return followed


@pytest.mark.parametrize("variant", names())
def test_every_hint_is_done_exactly_by_the_key_the_game_teaches(variant):
    followed = follow_hints(Rules(variant=variant), 3000 + len(variant), HINTS_PER_GAME)
    assert len(followed) == HINTS_PER_GAME
    wrong = [(h, p, why) for h, p, why in followed if h != p]
    assert not wrong, f"{len(wrong)} of {len(followed)} hints not done as hinted, e.g. {wrong[0]}"
    kinds = {type(h).__name__ for h, _, _ in followed}
    assert {"Discard", "Meld"} <= kinds or {"Discard", "TakePile"} <= kinds, kinds


def test_samba_744959_take_the_pile_as_hinted():
    """The first turn of Samba seed 744959: the hint takes the pile with six cards (a
    pair and a new meld); Take pile then did nothing but refuse."""
    followed = follow_hints(Rules(variant="samba"), 744959, 1)
    (hinted, played, why), = followed
    assert isinstance(hinted, TakePile) and hinted.melds, hinted
    assert played == hinted, why


class ThinkingAI(QuickHintAI):
    """A hint that never answers (still searching); the other seats play at once."""

    def __init__(self):
        super().__init__()
        self.cancels = 0

    def request(self, seat, obs, legal, level):
        if level != "hint":
            return super().request(seat, obs, legal, level)
        self.ticket += 1
        return self.ticket

    def cancel(self):
        self.cancels += 1
        self.pending = None


def test_a_hint_shows_its_progress_and_is_dropped_when_the_player_moves(monkeypatch):
    from canasta.ai import advice
    settings = Settings()
    settings.animation_speed = "instant"
    ai = ThinkingAI()
    app = App(settings, size=(1280, 800), ai=ai)
    game = Game(Rules(), 8)
    scene = TableScene(app, game, default_seats(4, 1, "easy"))
    app.set_scene(scene)
    _settle(app, scene)
    _key(app, pygame.K_h)
    assert scene.ctl.hint_ticket is not None
    monkeypatch.setattr(advice, "_progress", [12, 48])
    app.step(1 / 60, [])
    assert scene.toast.message == "Thinking about a hint... 25%"
    _key(app, pygame.K_d)                                  # the player draws meanwhile
    assert scene.state.phase == "play"
    assert ai.cancels >= 1 and scene.ctl.hint_ticket is None
