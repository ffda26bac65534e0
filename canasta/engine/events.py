"""What ``apply`` reports, for the window to animate and the log to print.

Zones are tuples: ``("stock",)``, ``("pile",)``, ``("hand", seat)``,
``("meld", team, index)`` (index in that team's list of melds, stable for the
deal), ``("red3", team)`` and ``("foot", seat)``.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Event(NamedTuple):
    kind: str                 # see KINDS
    card: int = -1            # the card that moved, for "move"
    src: tuple = ()
    dst: tuple = ()
    seat: int = -1
    team: int = -1
    info: Any = None          # extra data: sideways flag, canasta kind, answer, result

    def __repr__(self) -> str:
        parts = [repr(self.kind)]
        for name in ("card", "src", "dst", "seat", "team", "info"):
            value = getattr(self, name)
            if value != Event._field_defaults[name]:
                parts.append(f"{name}={value!r}")
        return f"Event({', '.join(parts)})"


KINDS = {
    "deal_started": "a new deal: info = (deal number, dealer)",
    "move": "card moved from src to dst; info = True when it lies sideways in the pile",
    "frozen": "the pile is now frozen by a sideways card",
    "unfrozen": "the pile was taken (or turned into the stock) and is no longer frozen",
    "pile_to_stock": ("seat found the stock empty and drew from the pile turned over (RULES.md 9.1): "
                      "info = the cards that became the stock, bottom of the pile first"),
    "canasta": "a meld became a canasta: dst = its zone, info = 'natural' or 'mixed'",
    "turn": "seat is to act; info = phase",
    "asked": "seat asked its partner for permission to go out",
    "answered": "seat answered; info = True for yes",
    "foot": "seat picked up its foot; info = how many cards it held",
    "went_out": "seat went out; info = True when concealed",
    "deal_over": "the deal ended; info = the DealResult",
    "game_over": "the game ended; info = the winning teams",
}
