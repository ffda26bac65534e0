"""Why the game is fair: the page is reached from the rules screen by key and by mouse,
and what it says about the shuffle is what the engine does."""

from __future__ import annotations

import random

import pygame
import pytest

from canasta.engine import Rules
from canasta.engine.cards import deck_ids
from canasta.engine.moves import new_game
from canasta.ui.menus import MainMenu
from canasta.ui.screens import newgame
from canasta.ui.screens.fair import FAIR_SECTIONS, FairScreen
from canasta.ui.screens.rules import RulesScreen
from harness import click, press

pytestmark = pytest.mark.usefixtures("user_folders")


def _page() -> str:
    return " ".join(h + " " + " ".join(s) for h, s in FAIR_SECTIONS)


def test_the_page_opens_from_the_rules_screen_by_key_and_by_mouse(launch):
    app, session = launch()
    assert isinstance(app.scene, MainMenu)
    press(app, pygame.K_r)
    rules = app.scene
    assert isinstance(rules, RulesScreen)
    press(app, pygame.K_w)
    assert isinstance(app.scene, FairScreen)
    assert not [c for c in app.scene.controls if c.name == "fair" and c.visible]  # no button to itself
    press(app, pygame.K_ESCAPE)
    assert app.scene is rules
    click(app, rules.control("fair"))
    assert isinstance(app.scene, FairScreen)
    click(app, app.scene.control("back"))
    assert app.scene is rules


def test_each_deal_is_shuffled_from_the_number_and_the_deal_count_alone():
    """The page: 'Each deal is shuffled from that number and the deal's place in the game
    ... Nothing else goes into the shuffle' and 'the same number ... deals exactly the
    same cards'."""
    for rules in (Rules(), Rules(players=2), Rules(variant="samba"), Rules(variant="hand_and_foot")):
        r = rules.resolved()
        a, b = new_game(rules, seed=31), new_game(rules, seed=31)
        assert a.hands == b.hands and a.stock == b.stock and a.dealer == b.dealer
        deck = deck_ids(r.decks, r.jokers)
        random.Random("31:0").shuffle(deck)
        # the stock is the shuffled deck's tail, top card last: nothing but the number chose it
        assert a.stock == deck[::-1][: len(a.stock)]
        assert a.dealer == random.Random("31:dealer").randrange(r.players)
        assert new_game(rules, seed=32).hands != a.hands
    assert "same deal number with the same rules deals exactly the same cards" in _page()


def test_the_deal_number_comes_from_the_operating_systems_random_source(monkeypatch):
    """The page: 'a number your computer's operating system draws at random'."""
    drawn = []

    class Recorder(random.SystemRandom):
        def randrange(self, *args):
            drawn.append(args)
            return 777

    monkeypatch.setattr(newgame.random, "SystemRandom", Recorder)
    assert newgame.random_deal_number() == "777" and drawn
    import canasta.engine.moves as moves
    monkeypatch.setattr(moves.random, "SystemRandom", Recorder)
    assert new_game(Rules()).seed == 777
    assert "operating system draws at random" in _page()


def test_the_page_names_the_tests_that_check_what_computers_see():
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    text = _page()
    for path in ("tests/ai/test_fairness.py", "tests/engine/test_knowledge.py"):
        assert path in text and (root / path).is_file()
    assert "section 11" in text
    assert "peek" in (root / "tests/ai/test_fairness.py").read_text(encoding="utf-8")
