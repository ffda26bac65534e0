"""No sentence a player reads bypasses the catalog in the games' own modules (their
refusals, option names and help, rules text and score lines), in the engine's rules and
state, nor in the reasons a damaged record or seats file is refused: a literal scan, as
test_no_bypass.py does for the window and test_no_bypass_engine.py for the engine's core."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from literal_scan import ROOT, visible_literals  # noqa: E402

COVERED = (
    # Samba and Bolivia
    "canasta/engine/variants/samba_out.py",
    "canasta/engine/variants/samba_hand.py",
    "canasta/engine/variants/bolivia.py",
    "canasta/engine/variants/samba.py",
    "canasta/engine/variants/samba_melds.py",
    "canasta/engine/variants/samba_rules.py",

    # Modern American
    "canasta/engine/variants/american.py",
    "canasta/engine/variants/american_melds.py",
    "canasta/engine/variants/american_rules.py",

    # Hand and Foot, the engine's rules and state, damaged files
    "canasta/store/names.py",
    "canasta/engine/variants/hand_and_foot.py",
    "canasta/engine/variants/hand_and_foot_rules.py",
    "canasta/engine/rules.py",
    "canasta/engine/state.py",
    "canasta/engine/record.py",
    "canasta/engine/codec.py",
    "canasta/ui/session.py",
    "canasta/ui/reasons.py",


    # Classic
    "canasta/engine/variants/__init__.py",
    "canasta/engine/variants/classic.py",
)
#: literals that are for developers (a program's mistake, a command line, a repr), each
#: with the module that holds it
ALLOWED: set[tuple[str, str]] = {
    # Modern American's rules checked before a game starts: the New game form offers only
    # four players in partnerships, its own packs and hand size, targets from 500 and
    # wild-card limits 1-6, so only a command line (--rule) meets these (they may stay English)
    ("canasta/engine/variants/american.py",
     "Modern American Canasta is played by four players in two partnerships, not {}."),
    ("canasta/engine/variants/american.py", "Modern American Canasta is played by two partnerships."),
    ("canasta/engine/variants/american.py", "{} cards each and the talons do not fit in {} packs."),
    ("canasta/engine/variants/american.py", "The target score must be at least 100."),
    ("canasta/engine/variants/american.py", "The wild-card limit must be between 0 and 6."),
    ("canasta/engine/variants/american.py", "initial_meld_with_pile must be one of {}."),
    ("canasta/engine/variants/american.py", "stock_exhausted must be one of {}."),

    # Samba, Bolivia and Classic: an option's value that no form can set (only a hand-written
    # rules table can), named by its key; and the shape check of a malformed merge (a
    # program's mistake: a player's move is always well formed), as the core's are
    ("canasta/engine/variants/samba.py", "stock_exhausted must be one of {}."),
    ("canasta/engine/variants/classic.py", "stock_exhausted must be one of {}."),
    ("canasta/engine/variants/samba_rules.py", "The move names {}, which are not two melds."),

    # Hand and Foot, the engine's rules and state, damaged files:
    # option values no form can produce (the New game form offers these as choices)
    ("canasta/engine/variants/hand_and_foot.py", "wild_rule must be one of {}."),
    ("canasta/engine/variants/hand_and_foot.py", 'minimum_by must be "deal" or "score".'),
    # a command line's --rule KEY=VALUE (command-line errors stay English)
    ("canasta/engine/rules.py", "{} is not of the form OPTION=VALUE."),
    # reprs for developers, and the code State.clone is generated from
    ("canasta/engine/state.py", "TableMeld(rank={}, cards={}, by={}, kind={}, id={}, canasta={}, closed={})"),
    ("canasta/engine/state.py", "<State deal {} dealer {} turn {} {} hands {} stock {} pile {}{}>"),
    ("canasta/engine/state.py", "def clone(self):"),
    ("canasta/engine/state.py", "    s = new(State)"),
    ("canasta/engine/state.py", "    s.{} = self.{}"),
    ("canasta/engine/state.py", "    s.{} = self.{}[:]"),
    ("canasta/engine/state.py", "    s.{} = [x[:] for x in self.{}]"),
    ("canasta/engine/state.py", "    s.{} = [[m.copy() for m in team] for team in self.{}]"),
    ("canasta/engine/state.py", "    return s"),
    ("canasta/engine/state.py", "An independent copy of the state."),
}


@pytest.mark.parametrize("name", COVERED)
def test_no_sentence_of_a_game_bypasses_the_catalog(name):
    found = [text for _line, text in visible_literals(ROOT / name) if (name, text) not in ALLOWED]
    assert found == []


def test_the_scan_sees_a_bare_sentence(tmp_path, monkeypatch):
    """The scan is not blind: a refusal written as a bare literal is found."""
    module = tmp_path / "m.py"
    module.write_text('def check(x):\n    if x:\n        return "A meld needs three cards."\n')
    assert [text for _line, text in visible_literals(module)] == ["A meld needs three cards."]
