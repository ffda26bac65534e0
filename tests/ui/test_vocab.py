"""One home for each word: the settings, the New game form, the store, the window and
the computer players all take their choices from canasta.vocab (presets from the
engine's rules), and no other module spells them out again."""

from __future__ import annotations

import ast
import pathlib
import re

import pytest

import canasta
from canasta import vocab
from canasta.ui.screens.newgame import NewGameScreen
from canasta.ui.screens.settings import SettingsScreen

PACKAGE = pathlib.Path(canasta.__file__).parent


def test_the_stores_checks_use_the_vocabulary_itself():
    from canasta.store import settings as store_settings

    assert store_settings.TABLE_COLOURS is vocab.TABLE_COLOURS
    assert store_settings.ANIMATION_SPEEDS is vocab.ANIMATION_SPEEDS
    assert store_settings.CARD_BACKS is vocab.CARD_BACKS
    assert store_settings.HAND_SORTS is vocab.HAND_SORTS
    assert store_settings.MIN_WINDOW == vocab.MIN_WINDOW_SIZE == (1024, 640)
    assert store_settings.Settings().window_size == list(vocab.DEFAULT_WINDOW_SIZE)


def test_the_window_and_the_players_use_the_vocabulary_itself():
    from canasta import ai
    from canasta.__main__ import parse_args
    from canasta.ui import anim, app
    from canasta.ui.cardart import BACK_THEMES
    from canasta.ui.cardart.backs import BACK_PALETTES

    assert app.TABLE_COLOURS is vocab.TABLE_COLOURS and app.MIN_SIZE == vocab.MIN_WINDOW_SIZE
    assert anim.SPEEDS is vocab.ANIMATION_SPEEDS
    assert BACK_THEMES is vocab.CARD_BACKS and set(BACK_PALETTES) == set(vocab.CARD_BACKS)
    assert ai.LEVELS is vocab.AI_LEVELS and set(vocab.LEVELS) < set(ai.LEVELS)
    assert all(vocab.TABLE_COLOURS.value(c) for c in vocab.TABLE_COLOURS)
    for level in vocab.LEVELS:
        assert parse_args(["--level", level]).level == level
    for speed in vocab.ANIMATION_SPEEDS:
        assert parse_args(["--speed", speed]).speed == speed


@pytest.mark.usefixtures("user_folders")
def test_the_settings_and_the_new_game_form_offer_the_vocabularys_choices(launch):
    app, session = launch()
    session.show_settings()
    screen = app.scene
    assert isinstance(screen, SettingsScreen)
    for name, words in (("table_colour", vocab.TABLE_COLOURS), ("animation_speed", vocab.ANIMATION_SPEEDS),
                        ("card_back", vocab.CARD_BACKS), ("hand_sort", vocab.HAND_SORTS)):
        assert screen.control(name).choices == words.pairs(), name
    session.show_new_game()
    form = app.scene
    assert isinstance(form, NewGameScreen)
    assert form.control("level1").choices == vocab.LEVELS.pairs()
    assert [label for _, label in form.control("kind1").choices] == [vocab.SEAT_KINDS.label(k)
                                                                      for k in vocab.SEAT_KINDS]
    # the seats' compass names are the vocabulary's, and so is the level a new seat gets
    assert form.seats[1].level == vocab.DEFAULT_LEVEL


# The words of each family; a literal list, tuple, set or dictionary anywhere in canasta/
# holding enough of them to be a list of the family (three levels, say: two may be a pair
# picked for a comparison) is a second definition, unless it is the family's one home.
FAMILIES = {
    "levels": ({"easy", "medium", "hard", "random"}, 3, {"vocab.py"}),
    "seat kinds": ({"human", "computer"}, 2, {"vocab.py"}),
    "table colours": ({"green", "blue", "red", "grey", "brown"}, 3,
                      # the card backs share three colour names; their palettes are drawn art
                      {"vocab.py", "ui/cardart/backs.py"}),
    "speeds": ({"slow", "normal", "fast", "instant"}, 3, {"vocab.py"}),
    "hand sorts": ({"rank", "suit", "none"}, 3, {"vocab.py"}),
    "computer names": ({"Marta", "Luis", "Ines", "Hugo", "Rosa"}, 2, {"vocab.py"}),
    "seat names": ({"South", "North", "West", "East"}, 2, {"vocab.py"}),
}


def _word(node):
    """A literal, or the literal inside an N_("...") mark (the catalog's words)."""
    if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "N_" and node.args:
        node = node.args[0]
    return node.value if isinstance(node, ast.Constant) else None


def _literals(tree):
    for node in ast.walk(tree):
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            yield [_word(e) for e in node.elts if _word(e) is not None]
        elif isinstance(node, ast.Dict):
            yield [k.value for k in node.keys if isinstance(k, ast.Constant)]
        elif isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Choices":
            # Choices([(key, label, ...), ...]): its keys
            for arg in node.args:
                if isinstance(arg, (ast.List, ast.Tuple)):
                    yield [e.elts[0].value for e in arg.elts
                           if isinstance(e, ast.Tuple) and isinstance(e.elts[0], ast.Constant)]


def _homes(words: set, least: int) -> set:
    homes = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for values in _literals(tree):
            if len(words & {v for v in values if isinstance(v, str)}) >= least:
                homes.add(path.relative_to(PACKAGE).as_posix())
    return homes


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_each_word_is_defined_once(family):
    words, least, home = FAMILIES[family]
    assert _homes(words, least) == home


def test_window_sizes_and_preset_keys_are_not_spelt_out_again():
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"""f["']classic-\{""", text), rel
        if rel != "vocab.py":
            assert not re.search(r"\(\s*(1024\s*,\s*640|640\s*,\s*400)\s*\)", text), rel
