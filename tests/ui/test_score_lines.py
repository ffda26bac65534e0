"""The screens around the table write no score row of their own: the rules screen
lists the game's score lines as the engine names and counts them."""

from __future__ import annotations

import pathlib
import random

import canasta
from canasta.engine import Meld, Rules, TakePile, apply, legal_actions, new_game
from canasta.engine.state import ScoreLine
from canasta.engine.variants import game_of
from canasta.ui.screens.rules import rules_sections

UI = pathlib.Path(canasta.__file__).parent / "ui"


def _scoring(rules: Rules) -> list[str]:
    return dict(rules_sections(rules))["Scoring a deal"]


def test_the_rules_screen_writes_out_the_games_score_lines():
    r = Rules().resolved()
    lines = game_of(r).score_rules(r)
    assert _scoring(Rules())[1:] == [f"{line.label}: {line.detail}." for line in lines]


def test_the_rules_screen_follows_the_game_not_a_list_of_its_own(monkeypatch):
    game = game_of(Rules().resolved())
    monkeypatch.setattr(game, "score_rules", lambda rules: [ScoreLine("Samba bonus", 1500, "+1,500 each")])
    assert _scoring(Rules())[1:] == ["Samba bonus: +1,500 each."]


def test_the_lines_described_are_the_lines_a_deal_is_scored_in():
    r = Rules().resolved()
    described = {line.label for line in game_of(r).score_rules(r)}
    rng = random.Random(3)
    seen = set()
    for seed in range(3):
        st = new_game(Rules(), seed=seed)
        while not st.deal_over:
            legal = legal_actions(st)
            rich = [a for a in legal if isinstance(a, (Meld, TakePile))]
            st = apply(st, rng.choice(rich) if rich and rng.random() < 0.7 else rng.choice(legal))[0]
        seen |= {line.label for team in st.result.lines for line in team}
    assert seen and seen <= described


def test_no_screen_spells_out_a_classic_score_row():
    rows = ("Melded cards", "Natural canastas", "Mixed canastas", "Cards left in hand", "natural_canastas",
            "mixed_canastas", "canasta bonuses")
    screens = [UI / "menus.py", UI / "forms.py", *sorted((UI / "screens").glob("*.py"))]
    for path in screens:
        text = path.read_text(encoding="utf-8")
        assert not [row for row in rows if row in text], path.name


def test_the_rules_of_every_game_and_seating_can_be_written_out():
    from canasta.ui import games

    for key, rules in games.all_presets().items():
        sections = dict(rules_sections(rules))
        assert sections["Scoring a deal"], key


def test_samba_and_bolivia_have_their_own_score_lines_on_the_rules_screen():
    samba = _scoring(Rules(variant="samba"))
    bolivia = _scoring(Rules(variant="bolivia"))
    assert "Sambas: +1,500 each samba (a sequence of seven of one suit)." in samba
    assert not any(line.startswith(("Bolivias", "Escaleras", "Concealed", "Black threes")) for line in samba)
    assert "Escaleras: +1,500 each escalera (a sequence of seven of one suit)." in bolivia
    assert "Bolivias: +2,500 each bolivia (seven wild cards)." in bolivia
    assert "Black threes left in hand: minus 100 each black three still in a hand." in bolivia
    assert any(line.startswith("Red threes: 100 each, 1,000 for all six; taken off instead from a side "
                               "with fewer than two canastas") for line in samba)
    for variant in ("samba", "bolivia"):
        r = Rules(variant=variant).resolved()
        assert _scoring(Rules(variant=variant))[1:] == [f"{line.label}: {line.detail}."
                                                         for line in game_of(r).score_rules(r)]


def test_samba_and_bolivia_deals_are_scored_in_the_lines_described():
    for variant in ("samba", "bolivia"):
        r = Rules(variant=variant).resolved()
        described = {line.label for line in game_of(r).score_rules(r)}
        rng = random.Random(5)
        seen = set()
        for seed in range(3):
            st = new_game(Rules(variant=variant), seed=seed)
            while not st.deal_over:
                legal = legal_actions(st)
                rich = [a for a in legal if isinstance(a, (Meld, TakePile))]
                st = apply(st, rng.choice(rich) if rich and rng.random() < 0.7 else rng.choice(legal))[0]
            seen |= {line.label for team in st.result.lines for line in team}
        assert seen and seen <= described, (variant, seen - described)
