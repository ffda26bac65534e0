"""The game in progress: snapshot + journal, kills mid-write, damaged files."""

from __future__ import annotations

import errno
import json
import os
import re
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from canasta.store import saves
from canasta.store.paths import state_dir
from canasta.store.saves import (
    SaveSlot,
    discard_saved_game,
    has_saved_game,
    load_game,
    quarantine_saved_game,
    save_game,
)

EXTRA = {"names": ["You", "Ann", "Bob", "Cid"], "levels": [None, "easy", "easy", "easy"], "hints": True}


def record(n_actions, seed=42):
    return {
        "format": "canasta-record",
        "version": 1,
        "rules": {"players": 4, "target_score": 5000},
        "seed": seed,
        "dealer": 0,
        "actions": [{"type": "draw", "n": i} if i % 2 == 0 else {"type": "discard", "card": i} for i in range(n_actions)],
    }


def snapshot_file():
    return state_dir() / saves.SNAPSHOT_FILE


def journal_file():
    return state_dir() / saves.JOURNAL_FILE


def kept(pattern):
    return sorted(p.name for p in state_dir().iterdir() if re.fullmatch(pattern, p.name))


def play(slot_or_none, upto, start=0, seed=42):
    """Save after every action from ``start`` to ``upto``, as the window does."""
    for n in range(start, upto + 1):
        messages = save_game(record(n, seed), EXTRA) if slot_or_none is None else slot_or_none.save(record(n, seed), EXTRA)
        assert messages == []


def test_nothing_saved():
    assert has_saved_game() is False
    assert load_game() == (None, [])


def test_round_trip():
    play(None, 7)
    assert has_saved_game()
    loaded, messages = load_game()
    assert messages == []
    assert loaded["record"] == record(7)
    assert loaded["extra"] == EXTRA
    assert re.match(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d", loaded["saved_at"])


def test_new_actions_go_to_the_journal_not_the_snapshot():
    save_game(record(3), EXTRA)
    snapshot_before = snapshot_file().read_bytes()
    play(None, 6, start=4)
    assert snapshot_file().read_bytes() == snapshot_before  # only the journal grew
    lines = journal_file().read_text().splitlines()
    assert [json.loads(line)["i"] for line in lines] == [3, 4, 5]
    assert [json.loads(line)["a"] for line in lines] == record(6)["actions"][3:]
    assert load_game()[0]["record"] == record(6)


def test_the_snapshot_is_renewed_regularly(monkeypatch):
    monkeypatch.setattr(saves, "SNAPSHOT_EVERY", 5)
    play(None, 23)
    assert len(journal_file().read_text().splitlines()) <= 5
    assert len(json.loads(snapshot_file().read_text())["record"]["actions"]) >= 23 - 5
    assert load_game()[0]["record"] == record(23)


def test_checkpoint_writes_a_snapshot():
    play(None, 5)
    save_game(record(6), EXTRA, checkpoint=True)
    assert not journal_file().exists()
    assert json.loads(snapshot_file().read_text())["record"] == record(6)


def test_undo_and_other_changes_rewrite_the_snapshot():
    play(None, 10)
    save_game(record(8), EXTRA)  # two actions undone
    assert load_game()[0]["record"] == record(8)
    play(None, 9, start=9)
    changed_extra = dict(EXTRA, hints=False)
    save_game(record(9), changed_extra)
    loaded, _ = load_game()
    assert loaded["record"] == record(9) and loaded["extra"] == changed_extra
    # the same number of actions, but different ones: not an extension
    other = record(9)
    other["actions"][4] = {"type": "discard", "card": 99}
    save_game(other, changed_extra)
    assert load_game()[0]["record"] == other


def test_a_mutated_record_object_is_still_saved_correctly():
    game = record(3)
    save_game(game, EXTRA)
    game["actions"].append({"type": "draw", "n": 100})
    save_game(game, EXTRA)
    game["actions"][0] = {"type": "pass"}  # changed in place: the prefix differs now
    save_game(game, EXTRA)
    assert load_game()[0]["record"] == game


def test_torn_last_journal_line_resumes_at_the_last_complete_action():
    play(None, 12, start=5)
    full_line = json.dumps({"g": "whatever", "i": 12, "a": {"type": "draw", "n": 12}})
    with open(journal_file(), "ab") as handle:  # the program was killed mid-write
        handle.write(full_line[: len(full_line) // 2].encode())
    loaded, messages = load_game()
    assert messages == []
    assert loaded["record"] == record(12)
    # Playing on after resuming starts a clean snapshot; the torn bytes are gone.
    save_game(record(13), EXTRA)
    assert not journal_file().exists()
    play(None, 15, start=14)
    loaded, messages = load_game()
    assert messages == [] and loaded["record"] == record(15)


def test_a_program_killed_while_saving_resumes_at_a_complete_action(tmp_path):
    """Kill a real process that saves after every action; what loads is always a clean prefix."""
    script = textwrap.dedent(
        """
        import sys
        from canasta.store.saves import save_game
        record = {"format": "canasta-record", "version": 1, "rules": {}, "seed": 1, "actions": []}
        n = 0
        while True:
            if n % 25 == 24:
                record["actions"] = record["actions"][:-1]   # an undo now and then
            else:
                record["actions"].append({"type": "draw", "n": n, "pad": "x" * 300})
            save_game(record, {"table": "t"}, checkpoint=(n % 97 == 0))
            n += 1
            if n == 5:
                print("ready", flush=True)
        """
    )
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([os.getcwd(), env.get("PYTHONPATH", "")])
    lengths = []
    for delay in (0.05, 0.2, 0.35):
        child = subprocess.Popen([sys.executable, "-c", script], env=env, stdout=subprocess.PIPE)
        assert child.stdout.readline().strip() == b"ready"
        time.sleep(delay)
        child.send_signal(signal.SIGKILL if hasattr(signal, "SIGKILL") else signal.SIGTERM)
        child.wait()
        loaded, messages = SaveSlot(state_dir()).load()
        assert messages == []
        actions = loaded["record"]["actions"]
        numbers = [a["n"] for a in actions]
        assert numbers == sorted(numbers) and len(numbers) >= 4
        assert all(a == {"type": "draw", "n": a["n"], "pad": "x" * 300} for a in actions)
        assert loaded["extra"] == {"table": "t"}
        lengths.append(len(actions))
        discard_saved_game()
    assert max(lengths) > 4


def test_an_interrupted_snapshot_keeps_the_last_complete_save(monkeypatch):
    play(None, 6)
    with monkeypatch.context() as patch:
        patch.setattr(os, "replace", lambda src, dst: (_ for _ in ()).throw(OSError(errno.EIO, "Input/output error")))
        messages = save_game(record(4), EXTRA)  # an undo needs a snapshot; the write dies
    assert messages == [
        "The game could not be saved (the disk reported an error); it goes on, "
        "but cannot be continued later if it stops now."
    ]
    loaded, messages = load_game()
    assert messages == [] and loaded["record"] == record(6)
    assert not [p for p in state_dir().iterdir() if p.name.endswith(".tmp")]
    # The next save succeeds again.
    assert save_game(record(5), EXTRA) == []
    assert load_game()[0]["record"] == record(5)


def test_stale_lines_of_an_older_snapshot_are_skipped():
    play(None, 4)
    old_lines = journal_file().read_bytes()
    save_game(record(6), EXTRA, checkpoint=True)
    with open(journal_file(), "ab") as handle:  # the old journal survived a crash
        handle.write(old_lines)
    assert load_game()[0]["record"] == record(6)


def test_a_damaged_line_in_the_middle_of_the_journal():
    save_game(record(2), EXTRA)
    play(None, 6, start=3)
    lines = journal_file().read_bytes().split(b"\n")
    lines[2] = b'{"g": broken'
    journal_file().write_bytes(b"\n".join(lines))
    loaded, messages = load_game()
    assert loaded["record"] == record(4)  # the two lines before the damage
    copies = kept(r"current-game-\d{8}-\d{6}\.journal")
    assert len(copies) == 1
    assert messages == [
        f"The end of the saved game was damaged; it resumes at the last sound move "
        f"and the damaged part was kept as {copies[0]}."
    ]


def test_a_truncated_snapshot_is_set_aside():
    play(None, 5)
    save_game(record(5), EXTRA, checkpoint=True)
    content = snapshot_file().read_bytes()
    snapshot_file().write_bytes(content[: len(content) // 2])
    loaded, messages = load_game()
    assert loaded is None
    copies = kept(r"current-game-\d{8}-\d{6}\.json")
    assert len(copies) == 1
    assert (state_dir() / copies[0]).read_bytes() == content[: len(content) // 2]
    assert messages == [f"The saved game was damaged; it was kept as {copies[0]} and cannot be continued."]
    assert not has_saved_game()


@pytest.mark.parametrize(
    "content, what",
    [
        (b"\xff\xfe\x00garbage", "was damaged"),
        (b"[1, 2, 3]", "was not a Canasta saved game"),
        (b'{"format": "canasta-save", "version": 1, "generation": "x", "extra": {}}', "was incomplete"),
        (
            b'{"format": "canasta-save", "version": 1, "generation": "x", "extra": {},'
            b' "record": {"format": "canasta-record", "version": 1, "seed": 1, "actions": []}}',
            "was incomplete",  # no rules
        ),
        (
            b'{"format": "canasta-save", "version": 1, "generation": "x",'
            b' "record": {"format": "canasta-record", "version": 1, "rules": {}, "seed": 1, "actions": {}}}',
            "was incomplete",  # actions not a list
        ),
        (b'{"format": "canasta-save", "version": 9, "record": {}}', "comes from a newer version of Canasta"),
    ],
    ids=["not-text", "not-an-object", "no-record", "missing-key", "actions-not-a-list", "newer"],
)
def test_hand_edited_or_damaged_snapshots_are_set_aside(content, what):
    state_dir().mkdir(parents=True, exist_ok=True)
    snapshot_file().write_bytes(content)
    journal_file().write_text('{"g": "x", "i": 0, "a": {}}\n')
    loaded, messages = load_game()
    assert loaded is None
    copies = kept(r"current-game-\d{8}-\d{6}\.json")
    assert messages == [f"The saved game {what}; it was kept as {copies[0]} and cannot be continued."]
    assert (state_dir() / copies[0]).read_bytes() == content
    assert kept(r"current-game-\d{8}-\d{6}\.journal") == [copies[0].replace(".json", ".journal")]


def test_a_journal_without_its_snapshot_is_dropped():
    state_dir().mkdir(parents=True, exist_ok=True)
    journal_file().write_text('{"g": "x", "i": 0, "a": {}}\n')
    assert load_game() == (None, [])
    assert not journal_file().exists()


def test_discard_after_the_game_ends():
    play(None, 5)
    assert discard_saved_game() == []
    assert not has_saved_game()
    assert sorted(os.listdir(state_dir())) == []
    assert load_game() == (None, [])


def test_quarantine_when_the_engine_cannot_replay():
    play(None, 5)
    message = quarantine_saved_game("move 4 is not legal in its position")
    copies = kept(r"current-game-\d{8}-\d{6}\.json")
    assert message == (
        f"The saved game could not be resumed (move 4 is not legal in its position); it was kept as {copies[0]}."
    )
    assert kept(r"current-game-\d{8}-\d{6}\.journal") == [copies[0].replace(".json", ".journal")]
    assert not has_saved_game()
    # a new game saves normally afterwards
    play(None, 2, seed=7)
    assert load_game()[0]["record"] == record(2, seed=7)


def test_an_unwritable_folder_is_reported_once(read_only):
    play(None, 3)
    assert load_game()[0]["record"] == record(3)  # resuming: the next save is a snapshot
    read_only(state_dir())
    first = save_game(record(4), EXTRA)
    assert len(first) == 1 and first[0].startswith("The game could not be saved (permission denied)")
    assert save_game(record(5), EXTRA) == []  # not repeated at every action
    assert save_game(record(2), EXTRA) == []  # nor when a snapshot is needed
    assert load_game()[0]["record"] == record(3)  # what was saved is intact


def test_a_state_folder_that_cannot_be_created(tmp_path, monkeypatch):
    (tmp_path / "file").write_text("")
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "file"))
    monkeypatch.setenv("CANASTA_HOME", str(tmp_path / "file"))
    messages = save_game(record(1), EXTRA)
    assert len(messages) == 1 and "a folder on its path is a file" in messages[0]
    assert load_game() == (None, [])
    assert not has_saved_game()


def test_saves_follow_the_state_folder(tmp_path, monkeypatch):
    play(None, 2)
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "elsewhere"))
    monkeypatch.setenv("CANASTA_HOME", str(tmp_path / "elsewhere"))
    assert load_game() == (None, [])


def test_a_record_without_actions_is_refused():
    with pytest.raises(ValueError):
        save_game({"format": "canasta-record"}, EXTRA)
