"""Start-up: settings, the window, and the first scene."""

from __future__ import annotations

import sys

from ..engine import Rules
from ..engine.record import Game
from .table import SEAT_NAMES, SeatConfig, TableScene


def default_seats(players: int, humans: int, level: str, name: str = "You") -> list[SeatConfig]:
    names = SEAT_NAMES[players]
    seats = []
    for i in range(players):
        if i < humans:
            seats.append(SeatConfig(name if (humans == 1 and i == 0) else names[i], True, level))
        else:
            seats.append(SeatConfig(names[i], False, level))
    return seats


def run(args) -> int:
    from ..store import load_settings
    from .app import App

    settings, messages = load_settings()
    if args.speed:
        settings.animation_speed = args.speed
    for m in messages:
        print(f"canasta: {m}", file=sys.stderr)
    app = App(settings, size=args.size)
    app.messages.extend(messages)
    players = args.players or 4
    level = args.level or "medium"
    humans = 0 if args.autoplay else (args.hotseat or 1)
    seats = default_seats(players, min(humans, players), level, settings.player_name)
    game = Game(Rules(players=players), args.seed)
    scene = TableScene(app, game, seats, autoplay_deals=args.deals if args.autoplay or args.deals else None,
                       screenshot=args.screenshot)
    app.set_scene(scene)
    return app.run()
