"""Atomic writes, and setting bad files aside.

Every file Canasta writes is written whole or not at all: the new content goes to a
temporary file in the same folder, is flushed and ``fsync``-ed, and then replaces the
old file with :func:`os.replace` (an atomic rename on every supported system). A crash
at any moment leaves either the complete old file or the complete new one, plus at
worst a stray ``.<name>.*.tmp`` file that :func:`remove_stale_temps` clears up.

A file that cannot be used is never deleted: :func:`quarantine` renames it beside the
fresh one, with a timestamp (``settings-20261123-101500.toml``).

Every file the game reads goes through :func:`read_file`: only a regular file is read
(a FIFO, a device or a folder in its place is refused at once, without waiting on it),
and never more than a bound, so nothing in a folder can hang the game or fill memory.
"""

from __future__ import annotations

import os
import stat
import tempfile
import time
from pathlib import Path

TEMP_SUFFIX = ".tmp"


#: the most any file of the game is read to (a save or a record is a few hundred kB)
MAX_READ_BYTES = 16 * 1024 * 1024


class NotAFile(OSError):
    """What stands at the path is not a regular file, or is too large to be one of ours."""


def read_file(path: str | os.PathLike[str], limit: int = MAX_READ_BYTES) -> bytes:
    """The bytes of the regular file at ``path``. Raises ``FileNotFoundError`` and the
    other ``OSError``s of opening it, and :class:`NotAFile` (an ``OSError`` whose
    ``strerror`` reads inside a sentence) for a FIFO, a device, a socket or a folder, and
    for a file larger than ``limit`` bytes. Never blocks on a FIFO."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except IsADirectoryError:
        raise NotAFile(None, "it is a folder, not a file") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise NotAFile(None, "it is a folder, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise NotAFile(None, "it is not a regular file")
        if info.st_size > limit:
            raise NotAFile(None, f"it is too large ({info.st_size:,} bytes)")
        chunks = []
        got = 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
            if got > limit:   # it grew while being read
                raise NotAFile(None, f"it is too large (over {limit:,} bytes)")
        return b"".join(chunks)
    finally:
        os.close(fd)


def _temp_prefix(path: Path) -> str:
    return f".{path.name}."


def _fsync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable where the system allows it (not on Windows)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically.

    Writes a temporary file in the same folder, flushes and fsyncs it, then renames it
    over ``path``. An existing file keeps its permission bits. On any failure the
    temporary file is removed, the old file is untouched, and the ``OSError`` is raised.
    """
    target = Path(path)
    fd, temp_name = tempfile.mkstemp(
        prefix=_temp_prefix(target), suffix=TEMP_SUFFIX, dir=target.parent
    )
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        try:
            mode = stat.S_IMODE(os.stat(target).st_mode)
        except OSError:
            mode = None
        if mode is not None:
            os.chmod(temp_name, mode)
        os.replace(temp_name, target)
    except BaseException:
        try:
            os.unlink(temp_name)
        except OSError:
            pass
        raise
    _fsync_folder(target.parent)


def atomic_write_text(path: str | os.PathLike[str], text: str, encoding: str = "utf-8") -> None:
    """Replace ``path`` with ``text`` atomically (see :func:`atomic_write_bytes`).

    Newlines are written as ``\\n`` on every platform, so files compare byte for byte.
    """
    atomic_write_bytes(path, text.encode(encoding))


def timestamp(moment: float | None = None) -> str:
    """The local time as ``YYYYMMDD-HHMMSS``, the tag put on quarantined files."""
    return time.strftime("%Y%m%d-%H%M%S", time.localtime(moment))


def _tagged(path: Path, tag: str) -> Path:
    """``settings.toml`` -> ``settings-<tag>.toml``; ``scores.sqlite3-wal`` -> ``scores-<tag>.sqlite3-wal``."""
    name = path.name
    stem, dot, rest = name.partition(".")
    if not stem:  # a dot-file such as ".canasta": keep the whole name as the stem
        return path.with_name(f"{name}-{tag}")
    return path.with_name(f"{stem}-{tag}{dot}{rest}")


def quarantine(
    path: str | os.PathLike[str], *companions: str | os.PathLike[str], moment: float | None = None
) -> Path:
    """Rename a bad file (and any companion files) aside with a timestamp; return its new path.

    ``path`` becomes ``<stem>-YYYYMMDD-HHMMSS<suffix>``. Companions (a database's
    ``-wal`` and ``-shm`` files, a saved game's journal) get the same tag, so they stay
    together; those that do not exist are skipped. If a file of that name already
    exists, ``-2``, ``-3``... is added to the tag. Raises ``OSError`` if ``path``
    cannot be renamed (the companions are then left alone).
    """
    main = Path(path)
    others = [Path(c) for c in companions]
    base_tag = timestamp(moment)
    tag = base_tag
    counter = 1
    while any(_tagged(p, tag).exists() for p in [main, *others]):
        counter += 1
        tag = f"{base_tag}-{counter}"
    new_main = _tagged(main, tag)
    os.rename(main, new_main)
    for other in others:
        if other.exists():
            try:
                os.rename(other, _tagged(other, tag))
            except OSError:
                pass
    _fsync_folder(main.parent)
    return new_main


def remove_stale_temps(path: str | os.PathLike[str], older_than: float = 0.0) -> int:
    """Delete temporary files left beside ``path`` by an interrupted atomic write.

    Only files named like this module's own temporaries for ``path`` are touched, and
    only those last modified more than ``older_than`` seconds ago. Returns how many
    were removed; errors are ignored.
    """
    target = Path(path)
    prefix = _temp_prefix(target)
    removed = 0
    now = time.time()
    try:
        entries = list(target.parent.iterdir())
    except OSError:
        return 0
    for entry in entries:
        if entry.name.startswith(prefix) and entry.name.endswith(TEMP_SUFFIX):
            try:
                if now - entry.stat().st_mtime >= older_than:
                    entry.unlink()
                    removed += 1
            except OSError:
                pass
    return removed
