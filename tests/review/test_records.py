"""Record files (export, re-open, damaged files), the command line on a stored record,
and the coach's verdicts kept in the score history."""

from __future__ import annotations

import json
import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from canasta.ai import coach
from canasta.engine.record import Game, RecordError
from canasta.review import cached_review, game_until_deal_end, main, play_deal, read_record, write_record
from canasta.store import database, schema
from canasta.store.database import ScoreDatabase

ROOT = Path(__file__).resolve().parents[2]
WORLDS = 12


def _game_dict(game: Game, uid: str = "g1") -> dict:
    st = game.state
    return {"uid": uid, "variant": "classic", "options": game.rules.to_dict(),
            "seats": [{"name": "You", "kind": "human"}] + [{"name": f"C{i}", "kind": "computer", "level": "medium"}
                                                          for i in range(1, 4)],
            "team_names": ["Us", "Them"],
            "deals": [{"dealer": r.dealer, "scores": list(r.scores)} for r in st.history],
            "record": game.to_json()}


def test_export_and_reopen_a_deal(tmp_path):
    game = play_deal("medium", 4)
    path = write_record(game, tmp_path / "deal.canasta.json", names=["You", "A", "B", "C"])
    back = read_record(path)
    assert back.actions == game.actions
    assert back.seed == game.seed and back.first_dealer == game.first_dealer
    assert back.state.result.scores == game.state.result.scores
    # one deal cut out of a longer record ends with that deal's score sheet
    one = game_until_deal_end(back, 1)
    assert one.actions == game.actions


@pytest.mark.parametrize("content, words", [
    (b"", "not valid JSON"),
    (b"{\"format\": \"canasta-record\"", "not valid JSON"),
    (b"\xff\xfe\x00garbage", "not text"),
    (b"[1, 2, 3]", "not a game record"),
    (b"{\"format\": \"chess\"}", "not a Canasta game record"),
])
def test_a_damaged_file_is_one_sentence(tmp_path, content, words):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(RecordError) as e:
        read_record(path)
    text = str(e.value)
    assert words in text and "\n" not in text and text.endswith((".", ")"))


def test_a_record_with_an_illegal_move_is_refused(tmp_path):
    game = play_deal("medium", 4)
    data = game.to_json()
    data["actions"][5] = {"type": "discard", "card": 0}
    (tmp_path / "x.json").write_text(json.dumps(data))
    with pytest.raises(RecordError, match="Move 6"):
        read_record(tmp_path / "x.json")


def test_missing_file_and_cli_never_shows_a_traceback(tmp_path, capsys):
    assert main([str(tmp_path / "nowhere.json")]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    (tmp_path / "bad.json").write_text("{")
    assert main([str(tmp_path / "bad.json")]) == 1
    assert "not valid JSON" in capsys.readouterr().err


def test_cli_on_a_record_stored_with_the_game(tmp_path):
    game = play_deal("random", 1)
    with ScoreDatabase() as db:
        db.record_game(_game_dict(game))
    with ScoreDatabase() as db:
        stored = db.record_of("g1")
    assert stored == game.to_json()
    path = tmp_path / "stored.json"
    path.write_text(json.dumps(stored))
    out_json = tmp_path / "verdicts.json"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run([sys.executable, "-m", "canasta.review", str(path), "--deal", "1", "--seat", "0",
                           "--json", str(out_json), "--worlds", str(WORLDS)],
                          capture_output=True, text=True, env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.strip().splitlines()
    m = re.fullmatch(r"(\d+) decisions, (\d+) flagged, expected cost (\d+) points", lines[-1])
    assert m, lines[-1]
    n, k = int(m.group(1)), int(m.group(2))
    assert len(lines) - 1 == k and n == coach.count_decisions(game, 0, 1)
    for line in lines[:-1]:
        assert re.match(r"deal 1, move \d+: -\d+  \S.* here was worth about \d+ more than ", line), line
    data = json.loads(out_json.read_text())
    assert len(data["decisions"]) == n and sum(d["flagged"] for d in data["decisions"]) == k
    # bad arguments are one sentence too
    proc = subprocess.run([sys.executable, "-m", "canasta.review", str(path), "--seat", "9"],
                          capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 2 and "no seat 9" in proc.stderr and "Traceback" not in proc.stderr


def test_second_review_comes_from_the_history(monkeypatch):
    game = play_deal("random", 2)
    with ScoreDatabase() as db:
        db.record_game(_game_dict(game, "g2"))
        first = list(cached_review(db, game, 0, 1, worlds=WORLDS))
    assert first

    def no_search(*a, **k):
        raise AssertionError("searched again")

    monkeypatch.setattr(coach, "score_actions", no_search)
    with ScoreDatabase() as db:
        again = list(cached_review(db, game, 0, 1, worlds=WORLDS))
    assert [(d.index, d.played, d.best, d.sentence) for d in again] == \
        [(d.index, d.played, d.best, d.sentence) for d in first]


def test_a_cancelled_review_is_not_kept():
    game = play_deal("random", 2)
    seen = []
    with ScoreDatabase() as db:
        for d in cached_review(db, game, 0, 1, worlds=WORLDS, should_stop=lambda: len(seen) >= 1):
            seen.append(d)
        from canasta.review import coach_settings, record_key
        assert db.coach_results(record_key(game), 1, 0, coach_settings(0, WORLDS)) is None


def test_a_version_1_history_migrates_and_keeps_its_games():
    from canasta.store.paths import data_dir
    path = data_dir() / database.DB_FILE
    conn = sqlite3.connect(path, isolation_level=None)
    schema.MIGRATIONS[0](conn)
    conn.execute("PRAGMA user_version = 1")
    conn.execute("INSERT INTO games (uid, started_at, finished_at, variant, options_json, seats_json, "
                 "team_names_json, human_team, final_totals_json, winners_json, deals_played) "
                 "VALUES ('old', '2026-01-01T10:00:00', '2026-01-01T11:00:00', 'classic', '{}', "
                 "'[{\"name\": \"You\", \"kind\": \"human\", \"team\": 0}, {\"name\": \"B\", \"kind\": \"computer\", "
                 "\"team\": 1}]', '[\"A\", \"B\"]', 0, '[5000, 100]', '[0]', 0)")
    conn.close()
    with ScoreDatabase() as db:
        assert db.messages == []
        assert [g["uid"] for g in db.recent_games()] == ["old"]
        assert db.record_of("old") is None  # recorded before replays were kept
        assert db.store_coach_results("k", 1, 0, "s", [{"x": 1}])
        assert db.coach_results("k", 1, 0, "s") == [{"x": 1}]
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == schema.schema_version() == 2


def test_verdicts_kept_by_an_older_coach_version_are_not_reused(monkeypatch):
    """The coach's wording changed with COACH_VERSION: what an older coach kept (its old
    sentences) is reviewed again, never shown."""
    import canasta.review as review_mod
    from canasta.review import coach_settings, record_key, stored_review

    game = play_deal("random", 2)
    old = coach.Decision(index=0, deal=1, seat=0, played=game.actions[0], best=game.actions[0], cost=100.0,
                         alternatives=2, worlds=WORLDS, sentence="the old coach's wording")
    assert coach.COACH_VERSION >= 2
    older = coach_settings(0, WORLDS).replace(f"coach{coach.COACH_VERSION}:", f"coach{coach.COACH_VERSION - 1}:")
    assert older != coach_settings(0, WORLDS)
    fresh = coach.Decision(index=0, deal=1, seat=0, played=game.actions[0], best=game.actions[0], cost=0.0,
                           alternatives=2, worlds=WORLDS, sentence="")
    monkeypatch.setattr(review_mod, "review", lambda *a, **k: iter([fresh]))
    with ScoreDatabase() as db:
        db.record_game(_game_dict(game, "g-old"))
        assert db.store_coach_results(record_key(game), 1, 0, older, [old.to_json()])
        assert stored_review(db, game, 0, 1, worlds=WORLDS) is None
        # the review runs again (the stand-in coach here) and keeps the new verdicts
        assert list(cached_review(db, game, 0, 1, worlds=WORLDS)) == [fresh]
        assert stored_review(db, game, 0, 1, worlds=WORLDS) == [fresh]
        # the same verdicts kept under today's version would have been read back
        assert db.store_coach_results(record_key(game), 1, 0, coach_settings(0, WORLDS), [old.to_json()])
        assert stored_review(db, game, 0, 1, worlds=WORLDS) == [old]
