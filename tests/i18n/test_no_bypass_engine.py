"""No refusal a player meets bypasses the catalog in the engine's melding, going-out,
turn and card modules, nor in the store's saved-game, pending-results and folder
sentences (a literal scan, as test_no_bypass.py does for the window)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from literal_scan import ROOT, visible_literals  # noqa: E402

COVERED = (
    "canasta/engine/melding.py",     # melding, taking the pile, going out
    "canasta/engine/going_out.py",   # a meld action as a whole, the first meld's minimum
    "canasta/engine/core.py",        # the turn's order, asking, passing
    "canasta/engine/cards.py",       # a card not in hand
    "canasta/store/saves.py",        # the saved game's troubles
    "canasta/store/pending.py",      # results waiting for the score history
    "canasta/store/paths.py",        # the causes of storage errors
)
#: the shape checks of a malformed action (a program's or a damaged file's mistake,
#: for developers: a player's move is always well formed), the words they quote
ALLOWED = {
    ("canasta/engine/core.py", "The move names {}, which is not a card."),
    ("canasta/engine/core.py", "The move's {} should be a list of cards, not {}."),
    ("canasta/engine/core.py", "The move names {}, which is not a meld."),
    ("canasta/engine/core.py", "meld group"),
    ("canasta/engine/core.py", "The move's melds should be a list of groups of cards, not {}."),
    ("canasta/engine/core.py", "cards melded with the top card"),
    ("canasta/engine/core.py", "An answer is yes or no."),
    ("canasta/engine/core.py", "There is no seat {} at this table."),
    ("canasta/engine/core.py", "Unknown action {}."),
}


@pytest.mark.parametrize("name", COVERED)
def test_no_refusal_bypasses_the_catalog(name):
    found = [text for _line, text in visible_literals(ROOT / name) if (name, text) not in ALLOWED]
    assert found == []
