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
