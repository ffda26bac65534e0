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
    # the table is being split by its own change; every other module of the window is small
    long = {}
    for path in sorted((PACKAGE / "ui").rglob("*.py")):
        rel = path.relative_to(PACKAGE / "ui").as_posix()
        if rel.startswith("table"):
            continue
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > 520:
            long[rel] = lines
    assert long == {}
