"""Every store test runs with its own user folders under tmp_path.

``XDG_CONFIG_HOME``, ``XDG_DATA_HOME`` and ``XDG_STATE_HOME`` are pointed into the
test's temporary folder (platformdirs honours them on Linux), so nothing here ever
touches the real user folders. The ``read_only`` fixture makes a folder unwritable, by
permissions when that works and, when the tests run as root (who ignores them), by
making the file-system calls that write inside that folder fail as a read-only disk
would.
"""

from __future__ import annotations

import builtins
import errno
import io
import os
import stat
import sys
from pathlib import Path

import pytest

from canasta.store import paths


@pytest.fixture(autouse=True)
def user_folders(tmp_path, monkeypatch):
    """Redirect the three platform folders; return them as a dict of Paths."""
    if not sys.platform.startswith("linux"):
        # Elsewhere platformdirs ignores XDG_*; CANASTA_HOME does the same job.
        monkeypatch.setenv(paths.HOME_ENV, str(tmp_path / "home"))
    else:
        monkeypatch.delenv(paths.HOME_ENV, raising=False)
        monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
        monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
        monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    return {
        "config": paths.config_dir(create=False),
        "data": paths.data_dir(create=False),
        "state": paths.state_dir(create=False),
    }


def _inside(candidate, folder: Path) -> bool:
    try:
        return Path(os.fsdecode(candidate)).resolve().is_relative_to(folder)
    except (TypeError, ValueError, OSError):
        return False


@pytest.fixture
def read_only(monkeypatch):
    """Return a function that makes a folder unwritable for the rest of the test."""
    restore: list[Path] = []

    def make_read_only(folder: Path) -> None:
        folder = Path(folder).resolve()
        folder.mkdir(parents=True, exist_ok=True)
        os.chmod(folder, stat.S_IRUSR | stat.S_IXUSR)
        restore.append(folder)
        probe = folder / ".probe"
        try:
            probe.write_bytes(b"")
        except PermissionError:
            return  # permissions work: nothing more to do
        probe.unlink()

        def denied(name):
            return PermissionError(errno.EACCES, "Permission denied", os.fsdecode(name))

        real_open, real_os_open = builtins.open, os.open
        real_replace, real_rename, real_unlink = os.replace, os.rename, os.unlink

        def fake_open(file, mode="r", *args, **kwargs):
            if isinstance(file, (str, bytes, os.PathLike)) and _inside(file, folder) and set(mode) & set("wax+"):
                raise denied(file)
            return real_open(file, mode, *args, **kwargs)

        def fake_os_open(file, flags, *args, **kwargs):
            writing = flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT)
            if writing and _inside(file, folder):
                raise denied(file)
            return real_os_open(file, flags, *args, **kwargs)

        def guard(real):
            def fake(src, dst=None, *args, **kwargs):
                for name in (src, dst):
                    if name is not None and _inside(name, folder):
                        raise denied(name)
                return real(src, dst, *args, **kwargs) if dst is not None else real(src, *args, **kwargs)

            return fake

        monkeypatch.setattr(builtins, "open", fake_open)
        monkeypatch.setattr(io, "open", fake_open)
        monkeypatch.setattr(os, "open", fake_os_open)
        monkeypatch.setattr(os, "replace", guard(real_replace))
        monkeypatch.setattr(os, "rename", guard(real_rename))
        monkeypatch.setattr(os, "unlink", guard(real_unlink))

    yield make_read_only
    for folder in restore:
        os.chmod(folder, stat.S_IRWXU)
