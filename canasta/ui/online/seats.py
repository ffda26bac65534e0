"""The seats of an online table as the table scene names them, read off the server's
table information (who sits where, a person or a computer, who is away)."""

from __future__ import annotations

from ...vocab import COMPUTER_NAMES, SEAT_NAMES
from ..table import SeatConfig


def seat_configs(info: dict) -> list[SeatConfig]:
    """The table's seats as the table scene names them."""
    out = []
    seats = info.get("seats") or []
    for i, s in enumerate(seats):
        kind = s.get("kind")
        if kind == "person" and s.get("taken") and not s.get("away"):
            out.append(SeatConfig(s.get("name") or SEAT_NAMES.get(len(seats), ("Player",) * 8)[i], True))
        elif kind == "person":
            out.append(SeatConfig(s.get("name") or COMPUTER_NAMES[(i - 1) % len(COMPUTER_NAMES)], False, "medium"))
        else:
            name = s.get("name") if s.get("name") not in ("", "Computer") else COMPUTER_NAMES[(i - 1) % len(COMPUTER_NAMES)]
            out.append(SeatConfig(name, False, kind or "medium"))
    return out
