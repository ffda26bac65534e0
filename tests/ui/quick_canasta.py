"""Quick Canasta: a small game of the family that lives outside the package.

It is the proof of the seam a new game uses (issue 25): nothing under ``canasta/``
names it, and ``tests/ui/test_outside_game.py`` registers it and plays it through the
real window, computer players, rules screen, statistics, review and records.

Its rules: Classic's melds and pile, seven cards each (eight with three players, nine
with two), canastas of five cards, a game to 1,500, and one score line of its own: a
side that melded without a single wild card scores 150 for its clean table.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Optional

from canasta.engine.rules import Rules, RulesError
from canasta.engine.state import ScoreLine, State, TeamItems
from canasta.engine.variants import classic

NAME = "quick"
TITLE = "Quick Canasta"
SHORT_TITLE = "Quick"

MELD_KINDS = classic.MELD_KINDS
CANASTA_KINDS = classic.CANASTA_KINDS
CANASTA_ITEMS = classic.CANASTA_ITEMS
CLASSIC_MELDS = True            # Classic's groups: the core's fast enumerators apply

HAND_SIZE = {2: 9, 3: 8, 4: 7}
CANASTA_SIZE = 5
TARGET = 1500
CLEAN_TABLE = 150

#: the options the New game screen shows for this game, with their explanations
OPTIONS = ("target_score", "wild_limit", "pile_always_frozen")
OPTION_HELP = {
    "target_score": "The game ends when a side reaches this total (1,500 in Quick Canasta).",
    "wild_limit": "The most wild cards one meld may hold.",
    "pile_always_frozen": "The pile is taken only with a natural pair of its top card.",
}

meld_error = classic.meld_error
new_meld_error = classic.new_meld_error
canasta_kind = classic.canasta_kind
is_closed = classic.is_closed
canasta_bonus = classic.canasta_bonus


def resolve(r: Rules) -> Rules:
    """Quick Canasta's defaults (short hands, canastas of five, a short game), then
    Classic's for the rest, checked as Classic checks them."""
    if r.players not in HAND_SIZE:
        raise RulesError(f"Quick Canasta is played by 2, 3 or 4 players, not {r.players}.")
    return classic.resolve(replace(
        r,
        hand_size=r.hand_size if r.hand_size is not None else HAND_SIZE[r.players],
        canasta_size=r.canasta_size if r.canasta_size is not None else CANASTA_SIZE,
        target_score=r.target_score if r.target_score is not None else TARGET))


@dataclass
class QuickItems(TeamItems):
    """Classic's items and the clean-table bonus."""

    clean_table: int = 0

    @property
    def total(self) -> int:
        return super().total + self.clean_table

    def lines(self) -> list[ScoreLine]:
        rows = super().lines()
        if self.clean_table:
            rows.insert(-1, ScoreLine("Clean table", self.clean_table))
        return rows


def _clean(st: State, team: int) -> bool:
    melds = st.melds[team]
    return bool(melds) and not any(m.wilds for m in melds)


def score(st: State, went_out: Optional[int], concealed: bool):
    """Classic's score, and 150 for a side whose melds hold no wild card."""
    items, _lines = classic.score(st, went_out, concealed)
    out = []
    for team, it in enumerate(items):
        quick = QuickItems(**vars(it))
        quick.clean_table = CLEAN_TABLE if _clean(st, team) else 0
        out.append(quick)
    return out, [it.lines() for it in out]


def score_rules(rules: Rules) -> list[ScoreLine]:
    lines = classic.score_rules(rules)
    lines.insert(-1, ScoreLine("Clean table", CLEAN_TABLE,
                               f"+{CLEAN_TABLE:,} for a side that melded without a single wild card"))
    return lines
