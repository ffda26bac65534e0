"""The start-up benchmark's timing and its report of missing builds (no real game started)."""

import sys

import pytest

from canasta import startup_bench


def test_time_to_first_frame_waits_for_the_line():
    code = "import time; time.sleep(0.05); print('canasta: first frame drawn', flush=True)"
    seconds = startup_bench.time_to_first_frame([sys.executable, "-c", code], startup_bench._environment("x"))
    assert 0.05 <= seconds < 30


def test_a_program_that_draws_nothing_is_an_error():
    code = "import sys; print('oops', file=sys.stderr); sys.exit(3)"
    with pytest.raises(RuntimeError, match="exit status 3"):
        startup_bench.time_to_first_frame([sys.executable, "-c", code], startup_bench._environment("x"))


def test_missing_builds_are_reported_and_skipped(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("CANASTA_DIST", str(tmp_path))
    labels = {label: cmd for label, cmd in startup_bench.targets()}
    assert labels["one-file"] is None and labels["one-folder"] is None
    assert labels["python -m canasta"][-2:] == ["-m", "canasta"]
    # only the missing lines: replace the python target by a program that draws at once
    fake = [sys.executable, "-c", "print('canasta: first frame drawn')"]
    monkeypatch.setattr(startup_bench, "targets",
                        lambda: [("python -m canasta", fake), ("one-file", None), ("one-folder", None)])
    assert startup_bench.bench_startup(2) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("python -m canasta: median ") and "(2 runs" in out[0]
    assert out[1].startswith("one-file: not built") and out[2].startswith("one-folder: not built")
