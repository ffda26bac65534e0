"""Issue #11 items 7 (a user folder that is a file), 8 (one copy at a time), 9 (the
command line) and ``--check-files``, without a window."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from canasta.__main__ import MIN_SIZE, parse_args
from canasta.store import load_settings, save_settings
from canasta.store.lock import BUSY, HELD, LOCK_FILE, UNAVAILABLE, InstanceLock
from canasta.store.paths import config_dir, state_dir
from canasta.store.saves import SaveSlot, load_game, save_game
from canasta.store.settings import Settings

ROOT = Path(__file__).resolve().parents[2]


def record(n=3):
    return {"format": "canasta-record", "version": 1, "rules": {"players": 4}, "seed": 3, "dealer": 0,
            "actions": [{"type": "draw"}] * n}


# --------------------------------------------------------------------------- 7. folders that are files


def test_a_settings_folder_that_is_a_file_is_said_once(user_folders):
    folder = config_dir(create=False)
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.write_text("I am not a folder")
    settings, messages = load_settings()
    assert settings == Settings()
    assert messages == [f"Your settings cannot be kept: {folder} is a file, not a folder, so they last until you "
                        "close the game."]
    assert save_settings(Settings(volume=0.1)) == messages  # the same sentence, said once by the window
    assert folder.read_text() == "I am not a folder"


def test_a_state_folder_that_is_a_file_is_said_once(user_folders):
    folder = state_dir(create=False)
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.write_text("I am not a folder")
    slot = SaveSlot(folder)
    data, messages = slot.load()
    assert data is None
    assert messages == [f"Games cannot be saved: {folder} is a file, not a folder, so a game played now cannot "
                        "be continued later."]
    assert slot.save(record(), {}) == []  # already said
    fresh = SaveSlot(folder)
    assert fresh.save(record(), {}) == messages  # said at the first save when not said at start-up
    assert folder.read_text() == "I am not a folder"


# --------------------------------------------------------------------------- 8. the lock

HOLDER = """
import sys, time
from canasta.store.lock import InstanceLock
lock = InstanceLock()
print(lock.acquire(), flush=True)
time.sleep(60)
"""


def hold_lock_in_another_process():
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-c", HOLDER], env=env, stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == HELD
    return proc


def test_a_second_copy_finds_the_lock_busy_and_a_killed_one_never_blocks(user_folders):
    proc = hold_lock_in_another_process()
    try:
        lock = InstanceLock()
        assert lock.acquire() == BUSY
        assert lock.holder() == proc.pid
        assert not lock.held
    finally:
        proc.send_signal(signal.SIGKILL) if hasattr(signal, "SIGKILL") else proc.kill()
        proc.wait(10)
    lock = InstanceLock()
    assert lock.acquire() == HELD  # the crashed copy's lock went with it
    assert (state_dir() / LOCK_FILE).is_file()
    lock.release()
    assert (state_dir() / LOCK_FILE).is_file()  # the file stays; only the lock goes


def test_two_locks_in_one_process_also_exclude_each_other(user_folders):
    first, second = InstanceLock(), InstanceLock()
    assert first.acquire() == HELD and second.acquire() == BUSY
    first.release()
    assert second.acquire() == HELD
    second.release()


def test_no_lock_where_there_is_no_folder(user_folders):
    folder = state_dir(create=False)
    assert InstanceLock().acquire(create=False) == UNAVAILABLE and not folder.exists()
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.write_text("a file")
    assert InstanceLock().acquire() == UNAVAILABLE


# --------------------------------------------------------------------------- 9. the command line


@pytest.mark.parametrize("argv, expect", [
    (["--size", "0x0"], "--size must be between 1024x640 and 7680x4320, not 0x0"),
    (["--size", "100000x100000"], "--size must be between 1024x640 and 7680x4320, not 100000x100000"),
    (["--size", "1023x800"], "not 1023x800"),
    (["--size", "big"], "--size takes WIDTHxHEIGHT"),
    (["--deals", "0"], "--deals must be 1 or more, not 0"),
    (["--deals", "-3"], "--deals must be 1 or more, not -3"),
    (["--hotseat", "0"], "--hotseat must be between 1 and 6"),
    (["--screenshot", "/missing/dir/x.png"], "--screenshot cannot be written: the folder /missing/dir does not exist"),
    (["--screenshot", "shots/{deal}/x.png"], "{deal} in the file name only"),
])
def test_bad_command_lines_exit_2_with_one_sentence(capsys, argv, expect):
    with pytest.raises(SystemExit) as exit_:
        parse_args(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert expect in err and err.startswith("usage: canasta")


def test_sizes_at_the_limits_and_screenshots_into_a_folder_that_exists(tmp_path):
    assert parse_args(["--size", "1024x640"]).size == MIN_SIZE
    assert parse_args(["--size", "7680x4320"]).size == (7680, 4320)
    assert parse_args(["--deals", "1"]).deals == 1
    assert parse_args(["--screenshot", str(tmp_path / "deal-{deal}.png")]).screenshot
    assert parse_args(["--screenshot", "deal.png"]).screenshot == "deal.png"


def test_the_smallest_size_is_the_windows_minimum():
    pytest.importorskip("pygame")
    from canasta.ui.app import MIN_SIZE as WINDOW_MIN
    assert MIN_SIZE == WINDOW_MIN


def run_canasta(tmp_path, *argv):
    env = dict(os.environ, PYTHONPATH=str(ROOT), CANASTA_HOME=str(tmp_path / "home"), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, "-m", "canasta", *argv], env=env, capture_output=True, text=True,
                          timeout=120, cwd=tmp_path)


def test_a_missing_screenshot_folder_is_refused_and_not_created(tmp_path):
    out = run_canasta(tmp_path, "--autoplay", "--deals", "1", "--screenshot", str(tmp_path / "no" / "such" / "x.png"))
    assert out.returncode == 2 and "does not exist" in out.stderr
    assert not (tmp_path / "no").exists() and not (tmp_path / "home").exists()


# --------------------------------------------------------------------------- --check-files


def test_check_files_on_empty_folders_changes_nothing(tmp_path):
    out = run_canasta(tmp_path, "--check-files")
    assert out.returncode == 0, out.stderr
    assert out.stdout.count("missing (created when the game first writes here)") == 3
    assert not (tmp_path / "home").exists()


def test_check_files_names_each_file(tmp_path, monkeypatch):
    home = tmp_path / "home"
    monkeypatch.setenv("CANASTA_HOME", str(home))
    for kind in ("config", "data", "state"):
        (home / kind).mkdir(parents=True)
    (home / "config" / "settings.toml").write_bytes(b"\x00\xff not toml")
    assert save_game(record(), {"seats": []}, checkpoint=True) == []  # seats that do not fit: set aside
    out = run_canasta(tmp_path, "--check-files")
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert re.search(r"settings\.toml: damaged and set aside as settings-\d{8}-\d{6}\.toml", text)
    assert re.search(r"current-game\.json: damaged and set aside as current-game-\d{8}-\d{6}\.json", text)
    assert "scores.sqlite3: missing" in text and "canasta.lock: free" in text
    again = run_canasta(tmp_path, "--check-files").stdout
    assert "settings.toml: missing" in again and "set aside earlier" in again


def test_check_files_leaves_an_open_game_alone(user_folders, tmp_path):
    assert save_game(record(), {"seats": []}, checkpoint=True) == []
    before = (state_dir() / "current-game.json").read_bytes()
    proc = hold_lock_in_another_process()
    try:
        env = {k: v for k, v in os.environ.items()}
        env["PYTHONPATH"] = str(ROOT)
        out = subprocess.run([sys.executable, "-m", "canasta", "--check-files"], env=env, capture_output=True,
                             text=True, timeout=120)
    finally:
        proc.kill()
        proc.wait(10)
    assert out.returncode == 0
    assert f"canasta.lock: locked by another copy of the game (process {proc.pid})" in out.stdout
    assert (state_dir() / "current-game.json").read_bytes() == before
    assert load_game()[0] is not None
