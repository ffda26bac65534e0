"""Issue 26, items 5, 6, 7, 9 and 10: nothing a friend's file or a damaged folder holds
can crash, hang or quietly lose a move.

A FIFO in place of a file would block a plain read for ever: those tests run the read
in a child process, so that a regression fails the test instead of hanging the suite.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from canasta.engine import Rules
from canasta.engine.record import Game, RecordError
from canasta.review import read_record
from canasta.store import paths
from canasta.store.atomic import NotAFile, read_file
from canasta.store.lock import BUSY, HELD, UNKNOWN, InstanceLock
from canasta.store.saves import JOURNAL_FILE, SNAPSHOT_FILE, SaveSlot
from canasta.store.settings import Settings, load_settings


def _game(moves: int = 12, seed: int = 7) -> Game:
    from canasta.engine import legal_actions
    game = Game(Rules(), seed)
    while len(game.actions) < moves:
        game.play(legal_actions(game.state)[0])
    return game


def _in_child(code: str, env_home: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "CANASTA_HOME": str(env_home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, env=env)


# --------------------------------------------------------------------------- 5. settings.toml


@pytest.mark.parametrize("text", ["x = " + "[" * 1000 + "]" * 1000, "volume = " + "9" * 5000,
                                  "a = {b = " * 600 + "1" + "}" * 600])
def test_a_damaged_settings_file_is_set_aside_in_one_sentence(tmp_path, text):
    path = tmp_path / "settings.toml"
    path.write_text(text)
    loaded, messages = load_settings(path)
    assert loaded == Settings()
    assert len(messages) == 1 and messages[0].startswith("Your settings file was damaged; it was kept as settings-")
    assert not path.exists() and len(list(tmp_path.iterdir())) == 1


# --------------------------------------------------------------------------- 7. FIFOs and devices


def test_read_file_refuses_what_is_not_a_regular_file(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    (tmp_path / "zero").symlink_to("/dev/zero")
    for target, why in ((fifo, "not a regular file"), (tmp_path / "zero", "not a regular file"),
                        (tmp_path, "a folder")):
        with pytest.raises(NotAFile) as exc:
            read_file(target)
        assert why in exc.value.strerror
    big = tmp_path / "big"
    big.write_bytes(b"x" * 2000)
    with pytest.raises(NotAFile):
        read_file(big, limit=1000)
    assert read_file(big, limit=2000) == b"x" * 2000


@pytest.mark.parametrize("name", ["settings", "snapshot", "journal", "pending"])
def test_a_fifo_in_place_of_a_user_file_does_not_hang_the_start(tmp_path, name):
    code = f"""
import os, json
from canasta.store import paths
from canasta.store.settings import load_settings, settings_path
from canasta.store.saves import SaveSlot, SNAPSHOT_FILE, JOURNAL_FILE
from canasta.store.database import ScoreDatabase
name = {name!r}
if name == "settings":
    target = settings_path(); target.parent.mkdir(parents=True, exist_ok=True); os.mkfifo(target)
    print(load_settings()[1])
elif name in ("snapshot", "journal"):
    from canasta.engine import Rules, legal_actions
    from canasta.engine.record import Game
    folder = paths.state_dir(); folder.mkdir(parents=True, exist_ok=True)
    g = Game(Rules(), 3)
    slot = SaveSlot(folder); slot.save(g.to_json()); slot.close()
    target = folder / (SNAPSHOT_FILE if name == "snapshot" else JOURNAL_FILE)
    target.unlink(missing_ok=True); os.mkfifo(target)
    print(SaveSlot(folder).load()[1])
else:
    db = ScoreDatabase(); db.close()
    target = db.pending_path; target.unlink(missing_ok=True); os.mkfifo(target)
    db = ScoreDatabase(); print(db.take_messages() if hasattr(db, "take_messages") else "opened"); db.close()
"""
    out = _in_child(code, tmp_path)
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stderr
    if name in ("settings", "snapshot", "journal"):
        assert "not a regular file" in out.stdout


def test_replay_of_a_fifo_or_a_device_is_one_sentence(tmp_path):
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    (tmp_path / "zero.json").symlink_to("/dev/zero")
    for target in (fifo, tmp_path / "zero.json"):
        code = (f"from canasta.review import read_record\nfrom canasta.engine.codec import RecordError\n"
                f"try:\n    read_record({str(target)!r})\nexcept RecordError as e:\n    print(e)\n")
        out = _in_child(code, tmp_path)
        assert out.returncode == 0 and "Traceback" not in out.stderr, out.stderr
        assert out.stdout.strip() == f"The record {target.name} could not be read (it is not a regular file)."


# --------------------------------------------------------------------------- 6. record files


def _record_file(tmp_path: Path, text: str, name: str = "friend.json") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


@pytest.mark.parametrize("change", [
    lambda t: t.replace('"players": 4', '"players": 1e400'),
    lambda t: t.replace('"players": 4', '"players": Infinity'),
    lambda t: t.replace('"players": 4', '"players": -Infinity'),
    lambda t: t.replace('"players": 4', '"players": 4, "minimum_table": [[1e400, 5]]'),
    lambda t: t.replace('"players": 4', '"players": 4, "minimum_table": [[-Infinity, 5]]'),
    lambda t: t.replace('"players": 4', '"players": 4, "target_score": ' + "9" * 4000),
    lambda t: t.replace('"players": 4', '"players": 4, "target_score": ' + "9" * 400),
    lambda t: t.replace('"seed": 7', '"seed": ' + "9" * 4301),
    lambda t: t.replace('"seed": 7', '"seed": "' + "x" * 5000 + '"'),
    lambda t: t.replace('"seed": 7', '"seed": 1e400'),
    lambda t: t.replace('"version": 2', '"version": ' + "9" * 4000),
    lambda t: t.replace('"format"', '"\\u0000format"'),
    lambda t: t.replace('{"format"', '{"bad": "\x01", "format"'),
])
def test_hostile_record_fields_give_one_sentence_naming_the_file(tmp_path, change):
    text = change(json.dumps(_game().to_json()))
    path = _record_file(tmp_path, text)
    with pytest.raises(RecordError) as exc:
        read_record(path)
    message = str(exc.value)
    assert "friend.json" in message and "saved game" not in message
    assert len(message) < 300 and "\n" not in message and "at at" not in message


def test_a_sound_record_still_reads(tmp_path):
    game = _game()
    path = _record_file(tmp_path, json.dumps(game.to_json()))
    assert read_record(path).actions == game.actions


def _paths_in(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths_in(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value[:3]):
            yield from _paths_in(v, prefix + (i,))


RECORD = _game(20, 5).to_json()
PATHS = list(_paths_in(RECORD))[1:]
HOSTILE = (st.sampled_from([float("inf"), float("-inf"), float("nan"), 10 ** 400, -10 ** 4000, 1e308, None, True,
                            "", "x" * 10000, [], {}, [[[]]], -1, 2 ** 63])
           | st.integers() | st.text(max_size=20) | st.floats())


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(where=st.sampled_from(PATHS), value=HOSTILE, cut=st.none() | st.integers(0, 4000),
       depth=st.none() | st.sampled_from([50, 1000, 100_000]))
def test_fuzzed_record_files_give_one_sentence(tmp_path, where, value, cut, depth):
    """Non-finite and huge numbers, wrong types at every key, deep nesting, truncated
    files: through ``read_record`` (``--replay``, ``canasta.review``, *Open record...*)
    each is a game or a RecordError of one sentence naming the file."""
    data = json.loads(json.dumps(RECORD))
    target = data
    for key in where[:-1]:
        target = target[key]
    target[where[-1]] = value
    text = json.dumps(data, allow_nan=True)
    if depth is not None:
        text = text.replace('"actions": [', '"actions": [' + "[" * depth + "]" * depth + ", ", 1)
    if cut is not None:
        text = text[:cut]
    path = _record_file(tmp_path, text, "fuzz.json")
    try:
        read_record(path)
    except RecordError as exc:
        message = str(exc)
        assert "fuzz.json" in message and "\n" not in message and len(message) < 400, message


# --------------------------------------------------------------------------- 9. a journal of NUL bytes


def test_a_journal_of_nul_bytes_is_set_aside_and_said(tmp_path):
    game = _game(4)
    slot = SaveSlot(tmp_path)
    slot.save(game.to_json())
    for _ in range(10):      # ten moves go to the journal
        from canasta.engine import legal_actions
        game.play(legal_actions(game.state)[0])
        slot.save(game.to_json())
    slot.close()
    journal = tmp_path / JOURNAL_FILE
    size = journal.stat().st_size
    assert size > 0
    journal.write_bytes(b"\x00" * size)   # the file system lost the writes
    data, messages = SaveSlot(tmp_path).load()
    assert len(data["record"]["actions"]) == 4
    assert len(messages) == 1 and "damaged" in messages[0] and "kept as" in messages[0]
    kept = [p for p in tmp_path.iterdir() if p.name.endswith(".journal") and p.name != JOURNAL_FILE]
    assert kept and kept[0].read_bytes() == b"\x00" * size


def test_check_files_calls_a_nul_journal_damaged(tmp_path, monkeypatch):
    from canasta.checkfiles import check_saved_game
    game = _game(4)
    slot = SaveSlot(tmp_path)
    seats = {"seats": [{"name": "You", "human": True, "level": "medium"}]
             + [{"name": f"P{i}", "human": False, "level": "easy"} for i in range(1, 4)]}
    slot.save(game.to_json(), seats)
    from canasta.engine import legal_actions
    game.play(legal_actions(game.state)[0])
    slot.save(game.to_json(), seats)
    slot.close()
    journal = tmp_path / JOURNAL_FILE
    journal.write_bytes(b"\x00" * journal.stat().st_size)
    lines = dict(check_saved_game(tmp_path))
    assert lines[JOURNAL_FILE].startswith("damaged and set aside as ")


# --------------------------------------------------------------------------- 10. the lock


def test_a_folder_named_canasta_lock_is_not_free(tmp_path):
    (tmp_path / "canasta.lock").mkdir()
    lock = InstanceLock(tmp_path)
    assert lock.acquire() == UNKNOWN


def test_a_fifo_named_canasta_lock_is_not_free(tmp_path):
    os.mkfifo(tmp_path / "canasta.lock")
    assert InstanceLock(tmp_path).acquire() == UNKNOWN


def test_the_lock_still_works(tmp_path):
    first, second = InstanceLock(tmp_path), InstanceLock(tmp_path)
    assert first.acquire() == HELD
    assert second.acquire() == BUSY
    first.release()


def test_check_files_and_the_window_treat_an_unlockable_lock_as_in_use(tmp_path, monkeypatch):
    monkeypatch.setenv("CANASTA_HOME", str(tmp_path))
    state = paths.state_dir()
    state.mkdir(parents=True, exist_ok=True)
    (state / "canasta.lock").mkdir()
    from canasta.checkfiles import report
    text = repr(report())
    assert "free" not in text and "cannot be locked" in text


# --------------------------------------------------------------------------- 11. the smaller ones


def test_two_deals_with_the_same_seed_export_to_two_files(tmp_path):
    from canasta.engine import legal_actions
    from canasta.review import export_deal
    one, two = Game(Rules(), 7), Game(Rules(), 7)
    for game in (one, two):
        game.play(legal_actions(game.state)[0])   # the draw
    one.play(legal_actions(one.state)[-1])
    two.play(legal_actions(two.state)[-2])
    assert one.actions != two.actions
    first = export_deal(one, 1, tmp_path)
    second = export_deal(two, 1, tmp_path)
    assert first != second and first.exists() and second.exists()
    assert read_record(first).actions == one.actions and read_record(second).actions == two.actions
    assert export_deal(one, 1, tmp_path) == first   # the same deal again: the same file


def test_check_files_with_canasta_home_a_file_says_so(tmp_path, monkeypatch):
    home = tmp_path / "home"
    home.write_text("not a folder")
    monkeypatch.setenv("CANASTA_HOME", str(home))
    from canasta.checkfiles import report
    sections = report()
    statuses = [status for _heading, lines in sections for _name, status in lines]
    assert statuses and all("missing" not in s for s in statuses), statuses
    assert any(f"{home} is a file" in s for s in statuses)
