"""The name a player goes by at an online table."""

from __future__ import annotations

import getpass

from ...store.names import MAX_NAME_LENGTH
from ...store.settings import Settings

#: the name in Settings until the player gives one
DEFAULT_NAME = Settings.player_name


def online_name(name: str) -> str:
    """The name the others see at an online table: the one in Settings, but not the
    default "You" (every player's table calls its own seat that, so the others would
    read "You is playing"): then this computer's login name, capitalised, or "Guest"."""
    name = (name or "").strip()
    if name and name.casefold() != DEFAULT_NAME.casefold():
        return name
    try:
        login = getpass.getuser().strip()
    except Exception:        # no login name to be had (an odd environment)
        login = ""
    login = "".join(ch for ch in login if ch.isprintable() and not ch.isspace())[:MAX_NAME_LENGTH]
    return login[:1].upper() + login[1:] if login and login != "root" else "Guest"


__all__ = ["DEFAULT_NAME", "online_name"]
