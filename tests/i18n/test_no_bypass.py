"""No word a player reads bypasses the catalog: the whole window, the move log, and the
hint's and the coach's sentences (the engine's refusals are scanned by
test_no_bypass_engine.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from literal_scan import ROOT, visible_literals  # noqa: E402

#: the modules (or folders) whose every shown literal goes through tr/t/tn/N_
COVERED = (
    "canasta/ui",                   # the whole window (its benchmarks aside: they print for developers)
    "canasta/engine/narrate.py",    # the move log
    "canasta/engine/words.py",      # the cards' names in the move log's sentences
    "canasta/ai",                   # the hint and the coach (their measures for developers aside)
)
#: files under COVERED that only developers read (benchmarks and measures that print figures)
SKIPPED = ("bench.py", "blunderbench.py", "quality.py")


def covered_files() -> list[Path]:
    files = []
    for entry in COVERED:
        path = ROOT / entry
        files.extend(sorted(f for f in path.rglob("*.py") if f.name not in SKIPPED) if path.is_dir() else [path])
    return files


@pytest.mark.parametrize("path", covered_files(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_shown_literal_bypasses_the_catalog(path):
    assert visible_literals(path) == []


def test_the_scan_finds_words_outside_the_catalog(tmp_path):
    module = tmp_path / "screen.py"
    module.write_text(
        '"""A docstring is not shown."""\n'
        'from canasta.i18n import N_, t, tr\n'
        'LABEL = N_("Deal again")\n'
        'OTHER = "Deal once more"\n'
        'def draw(surf, seat, n):\n'
        '    """Nor is this one."""\n'
        '    blit_text(surf, "Score", 20, (0, 0))\n'
        '    blit_text(surf, tr("Pile"), 20, (0, 0))\n'
        '    show(f"{seat} drew {n} cards")\n'
        '    show(tr(t("{name} drew a card", name=seat)))\n'
        '    note("panel", surf, None, "the preview panel")\n'
        '    if seat == "the north seat":\n'
        '        return {"some key here": 1}\n'
        '    Button("Back", None, name="back button")\n'
        '    return "{a} {b}".format(a=1, b=2)\n', "utf-8")
    assert visible_literals(module) == [(4, "Deal once more"), (7, "Score"), (9, "{} drew {} cards"), (14, "Back")]
