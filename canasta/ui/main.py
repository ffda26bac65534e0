"""Start-up: settings, the window, the score history, and the first screen.

Normally the main menu (with Continue when a game was left in progress). The demo
and test options go straight to a table: ``--autoplay`` (computer players only,
quitting after ``--deals N``), and ``--hotseat N``, ``--players``, ``--variant``, ``--seed``
or ``--level`` when given. A file that cannot be used never stops the start: its
sentence is printed and shown on the main menu.
"""

from __future__ import annotations

from ..engine import Rules
from ..vocab import DEFAULT_LEVEL
from .session import Session, default_seats

__all__ = ["run", "start", "default_seats", "wants_table"]


def wants_table(args) -> bool:
    """True when the command line asks for a table straight away."""
    if getattr(args, "host_table", False) or getattr(args, "join", None):
        return False        # an online table: see start()
    return bool(args.autoplay or args.hotseat or args.players or args.seed is not None or args.level
                or getattr(args, "variant", None))


def _game(args) -> dict:
    """The game the command line names, as Rules' keyword (none named: the default game)."""
    variant = getattr(args, "variant", None)
    return {"variant": variant} if variant else {}


def start(args, ai=None):
    """Open the window and show the first screen; return ``(app, session)``.

    ``ai`` replaces the threaded computer players (the tests pass a synchronous one).
    """
    from ..store import load_settings
    from .app import App

    settings, messages = load_settings()
    if args.speed:
        settings.animation_speed = args.speed
    app = App(settings, size=args.size, ai=ai, language=getattr(args, "lang", None))
    session = Session(app)
    session.notify(*messages)
    app.messages.extend(messages)
    # the game left last time, checked now (a demonstration does not replace it, and
    # the main menu offers it when the demonstration is left)
    session.probe_saved_game()
    if wants_table(args):
        players = args.players or 4
        level = args.level or DEFAULT_LEVEL
        humans = 0 if args.autoplay else (args.hotseat or 1)
        seats = default_seats(players, min(humans, players), level, settings.player_name)
        # autoplay moves on from every score sheet by itself: for --deals N deals, or to
        # the end of the game (then the window closes)
        deals = args.deals if args.deals else (10**9 if args.autoplay else None)
        rules = Rules(**_game(args), players=players)
        session.start_game(rules, seats, args.seed, save=humans > 0,
                           autoplay=bool(args.autoplay), autoplay_deals=deals, screenshot=args.screenshot)
    elif getattr(args, "host_table", False) or getattr(args, "join", None):
        online = session.online
        online.autoplay = bool(args.autoplay)
        online.autoplay_deals = args.deals
        if args.join:
            online.join_at_once(*args.join)
        else:
            rules = Rules(**_game(args), players=args.players or 4)
            players = rules.resolved().players
            online.host(rules, ["person"] * players, 0, settings.player_name, None)
    elif getattr(args, "replay", None):
        session.open_record_file(args.replay)
    else:
        session.show_main_menu()
    return app, session


def run(args, ai=None) -> int:
    """Start, run the frame loop until the window closes, and put everything away."""
    app, session = start(args, ai)
    try:
        return app.run()
    finally:
        session.close()
