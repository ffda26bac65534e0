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


def _load(folder: Path, games: tuple[str, ...] = ()):
    """The vectors in ``folder``, and in its subfolders named in ``games`` (every
    subfolder when ``games`` is None)."""
    out = []
    files = sorted(folder.glob("*.json"))
    for sub in sorted(p for p in folder.iterdir() if p.is_dir()) if folder.is_dir() else ():
        if games is None or sub.name in games:
            files += sorted(sub.rglob("*.json"))
    for f in files:
        vec = json.loads(f.read_text(encoding="utf-8"))
        vid = vec.get("id", f.stem)
        marks = ()
        if vid in KNOWN_BUGS:
            marks = (pytest.mark.xfail(strict=True, reason=KNOWN_BUGS[vid]),)
        where = f.parent.relative_to(folder.parent).as_posix()
        out.append(pytest.param(vec, id=f"{where}/{vid}", marks=marks))
    return out


def _shared_params():
    if not SHARED.is_dir():
        return [pytest.param(None, id="shared-missing",
                             marks=pytest.mark.skip(reason=f"the shared conformance folder {SHARED} does not exist"))]
    from canasta.engine.variants import names
    return _load(SHARED, tuple(n for n in names() if n != "classic"))


@pytest.mark.parametrize("vec", _shared_params())
def test_shared_vector(vec):
    problems = run_vector(vec)
    assert problems == [], f"{vec.get('id')}: {problems}"


@pytest.mark.parametrize("vec", _load(OURS, None))
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
    # the Classic vectors: the shared folder's own files (its subfolders are the other games)
    out = _run_cli(*[f for d in dirs for f in sorted(d.glob("*.json"))])
    lines = out.stdout.strip().splitlines()
    n_files = sum(len(list(d.glob("*.json"))) for d in dirs)
    failed = [ln for ln in lines[:-1] if ln.startswith("FAIL ")]
    assert len(lines) == n_files + 1
    assert lines[-1] == f"{n_files - len(failed)} passed, {len(failed)} failed"
    assert {ln.split()[1].rstrip(":") for ln in failed} == set(KNOWN_BUGS)


def _variant_folders():
    if not SHARED.is_dir():
        return []
    return sorted(d for d in SHARED.iterdir() if d.is_dir())


@pytest.mark.skipif(not _variant_folders(), reason="no shared vectors of the other games")
def test_cli_reads_subfolders_and_fails_games_not_implemented_in_one_line():
    from canasta.engine.variants import names
    out = _run_cli(SHARED)
    assert "Traceback" not in out.stderr
    lines = out.stdout.strip().splitlines()
    files = sorted(SHARED.rglob("*.json"))
    assert len(lines) == len(files) + 1
    for f in files:
        vec = json.loads(f.read_text(encoding="utf-8"))
        game = vec.get("rules", {}).get("variant", "classic")
        mine = [ln for ln in lines if ln.split()[1].rstrip(":") == vec["id"]]
        assert len(mine) == 1, vec["id"]
        if game not in names():
            assert mine[0] == (f"FAIL {vec['id']}: the game {game!r} is not implemented yet "
                               f"(this engine plays: {', '.join(names())})")
    missing = any(json.loads(f.read_text(encoding="utf-8")).get("rules", {}).get("variant", "classic")
                  not in names() for f in files)
    assert out.returncode == (1 if missing else 0)   # every game played: every vector passes


def _vec(**kw):
    return json.loads(json.dumps(GOOD)) | {"id": "fmt"} | kw


def test_format_onto_index_and_meld_kinds():
    state = dict(GOOD["state"], turn=0, hands=[["KS", "2C", "9H", "9D", "9S", "5D", "7C", "8D"], ["4C"], ["5D"], ["6S"]],
                 melds=[[{"cards": ["QH", "QC", "QD"], "by": 2}, {"cards": ["KH", "KC", "KD"], "by": 0}], []])
    vec = _vec(state=state, actions=[
        {"seat": 0, "type": "meld", "melds": [{"onto": 1, "cards": ["KS", "2C"]}, ["9H", "9D", "9S"]]},
        {"seat": 0, "type": "discard", "card": "5D"}])
    vec["expect"] = {"melds": [[{"kind": "group", "rank": "Q", "size": 3, "closed": False},
                                {"rank": "K", "size": 5, "wilds": 1}, {"rank": "9", "size": 3}], []],
                     "canasta_kinds": [[], []]}
    assert run_vector(vec) == []
    bad = json.loads(json.dumps(vec))
    bad["actions"][0]["melds"][0]["onto"] = 5
    assert run_vector(bad) and "onto 5" in run_vector(bad)[0]
    wrong = json.loads(json.dumps(vec))
    wrong["expect"]["melds"][0][1]["closed"] = True
    assert run_vector(wrong)


def test_format_take_onto_and_canasta_kinds():
    state = dict(GOOD["state"], turn=0, phase="draw", discard=["4S", "KS"],
                 hands=[["5D", "6D"], ["4C"], ["5D"], ["6S"]],
                 melds=[[{"cards": ["KH", "KC", "KD", "KD", "KH", "KC"], "by": 2},
                         {"cards": ["QH", "QC", "QD", "QS", "QH", "QC", "2D"], "by": 2}], []])
    vec = _vec(state=state, actions=[{"seat": 0, "type": "take", "with": [], "onto": 0}])
    vec["expect"] = {"canasta_kinds": [["mixed", "natural"], []], "phase": "play"}
    assert run_vector(vec) == []
    vec["actions"][0]["onto"] = 1
    assert "onto 1" in run_vector(vec)[0]


@pytest.mark.parametrize("extra,expect", [
    ({"feet": [None, None, None, None]}, {}),
    ({"talons": [[], []]}, {}),
    ({}, {"threes": [{"red": 0, "black": 0}, {"red": 0, "black": 0}]}),
    ({}, {"in_foot": [False] * 4}),
])
def test_format_parts_of_other_games_fail_in_classic(extra, expect):
    vec = _vec(state=dict(GOOD["state"], **extra), expect=expect)
    problems = run_vector(vec)
    assert len(problems) == 1 and "not part of the game 'classic'" in problems[0]


def test_format_threes_action_fails_in_classic():
    vec = _vec(actions=[{"seat": 3, "type": "threes", "cards": ["3S"]}], expect={})
    assert "not part of the game 'classic'" in run_vector(vec)[0]


def test_format_deal_number():
    vec = _vec(state=dict(GOOD["state"], deal_number=3), expect={})
    from canasta.engine.setup import position, rules_from
    assert position(rules_from({}), vec["state"]).deal_number == 2
    assert run_vector(vec) == []
