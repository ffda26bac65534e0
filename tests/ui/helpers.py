"""Shared helpers for driving the real window with posted pygame events."""

from __future__ import annotations

import pygame

from canasta.ai import make_player


class SyncAI:
    """A stand-in for the threaded AIWorker: the same computer players, decided at
    once when asked, so that tests are deterministic."""

    def __init__(self, level: str | None = None):
        self.level = level
        self.pending = None
        self.ticket = 0
        self.requests = 0

    def request(self, seat, obs, legal, level):
        self.ticket += 1
        self.requests += 1
        player = make_player(self.level or level, seed=seat)
        self.pending = (self.ticket, player.choose(obs, legal))
        return self.ticket

    def poll(self):
        out, self.pending = self.pending, None
        return out

    def cancel(self):
        self.pending = None

    def close(self):
        pass


def click(app, pos, dt=1 / 60):
    app.step(dt, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos)])


def drag(app, start, end, steps=6, dt=1 / 60):
    events = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=start)]
    app.step(dt, events)
    for i in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * i / steps
        y = start[1] + (end[1] - start[1]) * i / steps
        app.step(dt, [pygame.event.Event(pygame.MOUSEMOTION, pos=(int(x), int(y)), rel=(0, 0), buttons=(1, 0, 0))])
    app.step(dt, [pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=end)])


def settle(app, scene, limit=4000):
    """Run frames until nothing moves and a human must act (or the deal ends)."""
    for _ in range(limit):
        app.step(1 / 60, [])
        st = scene.state
        if not scene.animator.busy and scene.pause <= 0 and (
                st.deal_over or scene.seats[st.to_act].human):
            return
    raise AssertionError("the table never came back to a human decision")
