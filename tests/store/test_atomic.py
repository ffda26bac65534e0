"""Atomic writes, quarantine and the platform folders."""

from __future__ import annotations

import errno
import os
import re
import sys

import pytest

from canasta.store import atomic, paths
from canasta.store.atomic import atomic_write_bytes, atomic_write_text, quarantine, remove_stale_temps

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="XDG folders are a Linux convention")
TAGGED = re.compile(r"^settings-\d{8}-\d{6}(-\d+)?\.toml$")


@linux_only
def test_folders_follow_the_environment_at_call_time(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "one"))
    assert paths.config_dir() == tmp_path / "one" / "canasta"
    assert (tmp_path / "one" / "canasta").is_dir()
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "two"))
    assert paths.config_dir(create=False) == tmp_path / "two" / "canasta"
    assert not (tmp_path / "two").exists()


def test_canasta_home_puts_every_folder_under_one_directory(tmp_path, monkeypatch):
    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path / "portable"))
    assert paths.config_dir() == tmp_path / "portable" / "config"
    assert paths.data_dir() == tmp_path / "portable" / "data"
    assert paths.state_dir() == tmp_path / "portable" / "state"


@linux_only
def test_a_folder_that_cannot_be_created_is_not_an_error(tmp_path, monkeypatch):
    (tmp_path / "blocker").write_text("a file where a folder should be")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "blocker"))
    folder = paths.data_dir()  # must not raise
    assert not folder.exists()
    assert paths.ensure_dir(folder) == "a folder on its path is a file"


def test_atomic_write_replaces_content(tmp_path):
    target = tmp_path / "file.txt"
    atomic_write_text(target, "first\n")
    atomic_write_text(target, "second\n")
    assert target.read_text() == "second\n"
    assert os.listdir(tmp_path) == ["file.txt"]  # no temporary file left behind


def test_atomic_write_keeps_the_permission_bits(tmp_path):
    target = tmp_path / "file.txt"
    target.write_text("old")
    os.chmod(target, 0o640)
    atomic_write_bytes(target, b"new")
    assert (os.stat(target).st_mode & 0o777) == 0o640


def test_interrupted_write_leaves_the_old_file_intact(tmp_path, monkeypatch):
    target = tmp_path / "file.txt"
    target.write_text("the old, complete content")

    def killed(src, dst):
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(os, "replace", killed)
    with pytest.raises(OSError):
        atomic_write_text(target, "the new content")
    assert target.read_text() == "the old, complete content"
    assert os.listdir(tmp_path) == ["file.txt"]


def test_interrupted_fsync_leaves_the_old_file_intact(tmp_path, monkeypatch):
    target = tmp_path / "file.txt"
    target.write_bytes(b"old")
    monkeypatch.setattr(os, "fsync", lambda fd: (_ for _ in ()).throw(OSError(errno.ENOSPC, "No space left on device")))
    with pytest.raises(OSError):
        atomic_write_bytes(target, b"new")
    assert target.read_bytes() == b"old"


def test_quarantine_renames_with_a_timestamp_and_keeps_the_bytes(tmp_path):
    bad = tmp_path / "settings.toml"
    bad.write_bytes(b"\x00\xffbroken")
    kept = quarantine(bad)
    assert TAGGED.match(kept.name), kept.name
    assert kept.read_bytes() == b"\x00\xffbroken"
    assert not bad.exists()


def test_quarantine_never_overwrites_an_earlier_copy(tmp_path):
    bad = tmp_path / "settings.toml"
    moment = 1_800_000_000.0
    bad.write_text("one")
    first = quarantine(bad, moment=moment)
    bad.write_text("two")
    second = quarantine(bad, moment=moment)
    assert first != second
    assert first.read_text() == "one" and second.read_text() == "two"
    assert second.name == first.name.replace(".toml", "-2.toml")


def test_quarantine_moves_companions_with_the_same_tag(tmp_path):
    db = tmp_path / "scores.sqlite3"
    wal = tmp_path / "scores.sqlite3-wal"
    shm = tmp_path / "scores.sqlite3-shm"
    db.write_bytes(b"db")
    wal.write_bytes(b"wal")
    kept = quarantine(db, wal, shm, moment=1_800_000_000.0)
    tag = atomic.timestamp(1_800_000_000.0)
    assert kept.name == f"scores-{tag}.sqlite3"
    assert (tmp_path / f"scores-{tag}.sqlite3-wal").read_bytes() == b"wal"
    assert not (tmp_path / f"scores-{tag}.sqlite3-shm").exists()
    assert sorted(os.listdir(tmp_path)) == sorted([kept.name, f"scores-{tag}.sqlite3-wal"])


def test_quarantine_of_a_missing_file_raises(tmp_path):
    with pytest.raises(FileNotFoundError):
        quarantine(tmp_path / "nothing.json")


def test_stale_temporaries_are_removed_but_nothing_else(tmp_path):
    target = tmp_path / "current-game.json"
    (tmp_path / ".current-game.json.abc123.tmp").write_text("half a save")
    (tmp_path / ".other.json.abc123.tmp").write_text("someone else's")
    target.write_text("{}")
    assert remove_stale_temps(target) == 1
    assert sorted(os.listdir(tmp_path)) == [".other.json.abc123.tmp", "current-game.json"]


def test_describe_error_gives_short_reasons():
    assert paths.describe_error(PermissionError(errno.EACCES, "Permission denied")) == "permission denied"
    assert paths.describe_error(OSError(errno.ENOSPC, "No space left on device")) == "the disk is full"
    assert paths.describe_error(OSError(errno.EROFS, "Read-only file system")) == "the disk is read-only"
    assert paths.describe_error(OSError("Something Odd")) == "something Odd"
