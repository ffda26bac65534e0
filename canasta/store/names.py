"""Names and other text read from files, checked before the window draws them.

A name typed in the settings (or on the New game form) is printable text of at most
:data:`MAX_NAME_LENGTH` characters. Every name read from a file (the settings, the
saved game's seats, the score history, the results waiting to be added to it) must pass
the same :func:`check_name`, and :func:`~canasta.store.settings.save_settings` writes
none that fails it, so a name the game writes is always a name it reads back.

Other stored text that is drawn (a team's names joined, a variant's key, a date) goes
through :func:`check_text`, the same test of characters with a looser length. Text put
into a sentence about a file (a key from the settings, say) goes through :func:`shown`,
which never fails.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from ..i18n import N_, Text, t
from ..vocab import DEFAULT_LEVEL, LEVELS

MAX_NAME_LENGTH = 24
MAX_TEXT_LENGTH = 200

# Control characters (NUL...), formatting characters that draw nothing (zero-width
# spaces, a byte order mark), lone surrogates that cannot be encoded, private and
# unassigned code points, and line or paragraph separators.
_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def printable(text: str) -> bool:
    """True when every character of ``text`` can be drawn on one line."""
    return all(unicodedata.category(ch) not in _REFUSED_CATEGORIES for ch in text)


def check_name(value: Any) -> str:
    """The name to use (surrounding spaces removed), or ``ValueError`` with the reason.

    The reason follows the thing named: "player_name (must be text)" (a message of the
    catalog: ``exc.args[0]``).
    """
    if not isinstance(value, str):
        raise ValueError(N_("must be text"))
    name = value.strip()
    if not name or not printable(name):
        raise ValueError(N_("must be a name of printable characters"))
    if len(name) > MAX_NAME_LENGTH:
        raise ValueError(t("must be at most {count} characters", count=MAX_NAME_LENGTH))
    return name


def check_text(value: Any, limit: int = MAX_TEXT_LENGTH) -> str:
    """Stored text to draw as it is, or ``ValueError`` (not text, not printable, too long)."""
    if not isinstance(value, str):
        raise ValueError(N_("must be text"))
    if not printable(value):
        raise ValueError(N_("must be printable text"))
    if len(value) > limit:
        raise ValueError(t("must be at most {count} characters", count=limit))
    return value


def shown(text: Any, limit: int = 40) -> str:
    """``text`` made safe to put in a sentence: unprintable characters become ``?``."""
    try:
        text = text if isinstance(text, str) else str(text)
    except ValueError:  # an integer too long to write out
        text = type(text).__name__
    out = "".join(ch if unicodedata.category(ch) not in _REFUSED_CATEGORIES else "?" for ch in text[: limit * 4])
    out = out.strip() or "?"
    return out if len(out) <= limit else out[: limit - 1] + "…"


#: The computer players' levels a saved seat may name (the vocabulary's).
SEAT_LEVELS = LEVELS


def parse_seats(data: Any, players: int) -> list[tuple[str, bool, str]]:
    """The seats saved beside a game as ``(name, human, level)``; ``ValueError`` (a sentence,
    a message of the catalog: ``exc.args[0]``) if wrong."""
    if not isinstance(data, list) or len(data) != players:
        raise ValueError(N_("The seats are missing or do not match the number of players."))
    seats = []
    for item in data:
        if not isinstance(item, dict):
            raise ValueError(N_("The seats are damaged."))
        name, human, level = item.get("name"), item.get("human"), item.get("level", DEFAULT_LEVEL)
        if not isinstance(name, str) or not name.strip() or not isinstance(human, bool):
            raise ValueError(N_("The seats are damaged."))
        try:
            name = check_name(name)  # the check a name typed in the settings passes
        except ValueError as exc:
            problem = exc.args[0] if isinstance(exc.args[0], Text) else Text(str(exc))
            raise ValueError(t("A seat's name {problem}.", problem=problem)) from None
        if not isinstance(level, str) or level not in SEAT_LEVELS:
            raise ValueError(t("A seat has an unknown level {level}.", level=repr(shown(level))))
        seats.append((name, human, level))
    return seats
