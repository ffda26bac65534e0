"""Every conformance vector, the shared ones and ours, played through the engine,
and the command-line runner's contract (summary line, exit code, bad files)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from canasta.conformance import run_vector

HERE = Path(__file__).resolve().parent
REPO = Path(__file__).resolve().parents[2]
SHARED = Path(__file__).resolve().parents[3] / "shared" / "conformance"
OURS = HERE / "vectors"

# Vectors that show an engine bug (see the report); each must fail until fixed.
KNOWN_BUGS: dict[str, str] = {}


def _load(folder: Path):
    out = []
    for f in sorted(folder.glob("*.json")):
        vec = json.loads(f.read_text(encoding="utf-8"))
        vid = vec.get("id", f.stem)
        marks = ()
        if vid in KNOWN_BUGS:
            marks = (pytest.mark.xfail(strict=True, reason=KNOWN_BUGS[vid]),)
        out.append(pytest.param(vec, id=f"{folder.name}/{vid}", marks=marks))
    return out


def _shared_params():
    if not SHARED.is_dir():
        return [pytest.param(None, id="shared-missing",
                             marks=pytest.mark.skip(reason=f"the shared conformance folder {SHARED} does not exist"))]
    return _load(SHARED)


@pytest.mark.parametrize("vec", _shared_params())
def test_shared_vector(vec):
    problems = run_vector(vec)
    assert problems == [], f"{vec.get('id')}: {problems}"


@pytest.mark.parametrize("vec", _load(OURS))
def test_our_vector(vec):
    problems = run_vector(vec)
    assert problems == [], f"{vec.get('id')}: {problems}"


def test_our_vectors_are_well_formed():
    ids = set()
    shared_ids = set()
    if SHARED.is_dir():
        shared_ids = {json.loads(f.read_text())["id"] for f in SHARED.glob("*.json")}
    files = sorted(OURS.glob("*.json"))
    assert len(files) >= 40
    for f in files:
        vec = json.loads(f.read_text(encoding="utf-8"))
        assert set(vec) >= {"id", "about", "rules", "state", "actions", "expect"}, f.name
        assert vec["about"].strip().endswith("."), f.name
        assert vec["id"] not in ids and vec["id"] not in shared_ids, f"duplicate id {vec['id']}"
        assert f.stem.split("-", 1)[1] == vec["id"], f.name
        ids.add(vec["id"])
        for a in vec["actions"]:
            assert a["type"] in {"draw", "take", "meld", "discard", "ask", "answer", "pass"}, f.name
    assert set(KNOWN_BUGS) <= ids


# ---------------------------------------------------------------------------
# the command-line runner
# ---------------------------------------------------------------------------

GOOD = {
    "id": "cli-good",
    "about": "After a discard the seat on the left is to draw.",
    "rules": {},
    "state": {"scores": [0, 0], "dealer": 2, "turn": 3, "phase": "play",
              "hands": [["4H"], ["4C", "4D"], ["5D"], ["6S", "7S", "9D"]], "stock": 40,
              "discard": ["8S", "5C"], "melds": [[], []], "red_threes": [[], []]},
    "actions": [{"seat": 3, "type": "discard", "card": "9D"}],
    "expect": {"turn": 0, "phase": "draw", "discard_top": "9D"},
}


def _run_cli(*dirs: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "canasta.conformance", *map(str, dirs)],
                          capture_output=True, text=True, cwd=REPO, timeout=120)


def _write(folder: Path, name: str, vec) -> None:
    text = vec if isinstance(vec, str) else json.dumps(vec)
    (folder / name).write_text(text, encoding="utf-8")


def test_cli_all_pass(tmp_path):
    _write(tmp_path, "good.json", GOOD)
    out = _run_cli(tmp_path)
    lines = out.stdout.strip().splitlines()
    assert lines == ["PASS cli-good", "1 passed, 0 failed"]
    assert out.returncode == 0


def test_cli_reports_failure_and_exits_1(tmp_path):
    _write(tmp_path, "a-good.json", GOOD)
    wrong = dict(GOOD, id="cli-wrong", expect={"turn": 2})
    _write(tmp_path, "b-wrong.json", wrong)
    out = _run_cli(tmp_path)
    lines = out.stdout.strip().splitlines()
    assert lines[-1] == "1 passed, 1 failed"
    assert "PASS cli-good" in lines
    fail = [ln for ln in lines if ln.startswith("FAIL cli-wrong")]
    assert fail and "turn" in fail[0]
    assert out.returncode == 1


def test_cli_illegal_action_accepted_is_a_failure(tmp_path):
    vec = dict(GOOD, id="cli-not-illegal",
               actions=[{"seat": 3, "type": "discard", "card": "9D", "illegal": True}], expect={})
    _write(tmp_path, "x.json", vec)
    out = _run_cli(tmp_path)
    assert out.stdout.strip().splitlines()[-1] == "0 passed, 1 failed"
    assert out.returncode == 1


@pytest.mark.parametrize("name,content", [
    ("bad-json", "{ this is not json"),
    ("unknown-card", dict(GOOD, id="unknown-card",
                          state=dict(GOOD["state"], hands=[["ZZ"], ["4C"], ["5D"], ["6S", "9D"]]))),
    ("missing-state", {k: v for k, v in GOOD.items() if k != "state"} | {"id": "missing-state"}),
    ("not-an-object", "[1, 2, 3]"),
    ("too-many-copies", dict(GOOD, id="too-many-copies",
                             state=dict(GOOD["state"], hands=[["4H", "4H", "4H"], ["4C"], ["5D"], ["6S", "9D"]]))),
    ("unknown-action", dict(GOOD, id="unknown-action", actions=[{"seat": 3, "type": "shuffle"}])),
    ("unknown-rule", dict(GOOD, id="unknown-rule", rules={"no_such_option": 1})),
    ("bad-expect-key", dict(GOOD, id="bad-expect-key", expect={"no_such_fact": 1})),
    ("bad-deal-scores", {"id": "bad-deal-scores", "about": "x.", "rules": {},
                         "state": {"deal": {"scores": [0, 0, 0], "dealer": 3, "deck": ["4H"] * 2}},
                         "actions": [], "expect": {}}),
])
def test_cli_malformed_vector_is_a_fail_line(tmp_path, name, content):
    _write(tmp_path, "0-good.json", GOOD)
    _write(tmp_path, f"{name}.json", content)  # unreadable files are named by their stem
    out = _run_cli(tmp_path)
    assert "Traceback" not in out.stderr
    lines = out.stdout.strip().splitlines()
    assert lines[-1] == "1 passed, 1 failed", out.stdout + out.stderr
    assert lines[0] == "PASS cli-good"
    assert lines[1].startswith(f"FAIL {name}"), lines
    assert out.returncode == 1


def test_cli_without_arguments_is_usage_error():
    out = _run_cli()
    assert out.returncode == 2
    assert "usage" in out.stderr.lower()


def test_cli_runs_shared_and_ours_together():
    dirs = [OURS] + ([SHARED] if SHARED.is_dir() else [])
    out = _run_cli(*dirs)
    lines = out.stdout.strip().splitlines()
    n_files = sum(len(list(d.glob("*.json"))) for d in dirs)
    failed = [ln for ln in lines[:-1] if ln.startswith("FAIL ")]
    assert len(lines) == n_files + 1
    assert lines[-1] == f"{n_files - len(failed)} passed, {len(failed)} failed"
    assert {ln.split()[1].rstrip(":") for ln in failed} == set(KNOWN_BUGS)
