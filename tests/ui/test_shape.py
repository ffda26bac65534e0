"""The shape of the window package: what ships, and what stays with the tests."""

from __future__ import annotations

import pathlib

import canasta

PACKAGE = pathlib.Path(canasta.__file__).parent


def _sources():
    return sorted(PACKAGE.rglob("*.py"))


def test_the_test_harness_is_not_in_the_product():
    assert not (PACKAGE / "ui" / "screens" / "harness.py").exists()
    for path in _sources():
        text = path.read_text(encoding="utf-8")
        assert "harness" not in text, f"{path} refers to the test harness"


def test_no_window_module_is_over_about_500_lines():
    # every module of the window is small, the table's too (split by concern, issue 25)
    long = {}
    for path in sorted((PACKAGE / "ui").rglob("*.py")):
        rel = path.relative_to(PACKAGE / "ui").as_posix()
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > 520:
            long[rel] = lines
    assert long == {}


def test_the_shared_table_asks_a_games_part_rather_than_telling_the_game():
    """Outside a game's own table part (``table/game_<name>.py``, registered in
    ``ui/parts.py``), no table code reads ``foot_size`` to mean Hand and Foot, reads
    the rules' ``variant`` or compares anything with a game's name."""
    import ast

    from canasta.engine.registry import names
    games = set(names())
    found = []
    for path in sorted((PACKAGE / "ui" / "table").glob("*.py")):
        if path.name.startswith("game_"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr in ("foot_size", "variant"):
                found.append((path.name, node.lineno, node.attr))
            if isinstance(node, ast.Compare):
                for const in ast.walk(node):
                    if isinstance(const, ast.Constant) and const.value in games:
                        found.append((path.name, node.lineno, const.value))
    assert "hand_and_foot" in games and found == []
