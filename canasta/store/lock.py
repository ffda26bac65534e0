"""One copy of the game at a time on the same user folders.

The first copy to start holds a lock on ``canasta.lock`` in the state folder (the folder
of the game in progress), taken with the system's own file locking: ``fcntl.flock`` on
Linux and macOS, ``msvcrt.locking`` on Windows. The system drops such a lock when its
process ends, however it ends, so a copy that crashed or was killed never blocks the
next start, and the lock file itself is never removed (removing it would let two copies
lock two different files). The holder writes its process id into the file, for
``--check-files`` to name.

A second copy finds the lock held (:meth:`InstanceLock.acquire` returns ``"busy"``);
the window then runs with saving off and says so (see :mod:`canasta.ui.session`). When
the folder is there but its lock cannot be taken (``canasta.lock`` is a folder, a FIFO,
unwritable...), another copy may be open for all the game can tell: ``"unknown"``, and
the window plays with saving off too.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from .atomic import read_file
from .paths import ensure_dir, file_in_place, state_dir

LOCK_FILE = "canasta.lock"

#: On Windows a locked region cannot be read by others: the lock sits on one byte far
#: past the process id, which stays readable.
_WINDOWS_LOCK_OFFSET = 1 << 20

HELD, BUSY, UNAVAILABLE, UNKNOWN = "held", "busy", "unavailable", "unknown"


def _try_lock(fd: int) -> bool:
    """Lock ``fd`` without waiting; False if another process holds it, OSError if locking fails."""
    if os.name == "nt":  # pragma: no cover - exercised on Windows only
        import msvcrt

        os.lseek(fd, _WINDOWS_LOCK_OFFSET, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError as exc:
            if exc.errno in (errno.EACCES, errno.EDEADLK):
                return False
            raise
        finally:
            os.lseek(fd, 0, os.SEEK_SET)
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        if exc.errno in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK):
            return False
        raise
    return True


def _unlock(fd: int) -> None:
    if os.name == "nt":  # pragma: no cover
        import msvcrt

        try:
            os.lseek(fd, _WINDOWS_LOCK_OFFSET, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        except OSError:
            pass
        return
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_UN)
    except OSError:
        pass


class InstanceLock:
    """The lock of one state folder (by default :func:`state_dir`)."""

    def __init__(self, folder: str | Path | None = None) -> None:
        self.folder = Path(folder) if folder is not None else state_dir(create=False)
        self.path = self.folder / LOCK_FILE
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self, create: bool = True) -> str:
        """Take the lock: ``"held"``, ``"busy"`` (another copy has it), ``"unknown"``
        or ``"unavailable"``.

        ``"unknown"``: the folder is there but its lock file cannot be opened or locked
        (it is a folder, a FIFO, unwritable, or the system refuses): whether another copy
        is open cannot be told, so the caller treats it as open. ``"unavailable"``: there
        is no folder to hold a lock (it is a file, or missing and ``create`` is False):
        nothing is saved there either, and saving reports its own trouble.
        """
        if self._fd is not None:
            return HELD
        if file_in_place(self.folder):
            return UNAVAILABLE
        if create:
            if ensure_dir(self.folder) is not None:
                return UNAVAILABLE
        elif not self.folder.is_dir():
            return UNAVAILABLE
        flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0) | getattr(os, "O_NONBLOCK", 0)
        try:
            fd = os.open(self.path, flags, 0o644)
        except OSError:
            return UNKNOWN
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                os.close(fd)
                return UNKNOWN   # a FIFO or a device: no lock the next copy would see
            if not _try_lock(fd):
                os.close(fd)
                return BUSY
        except OSError:
            os.close(fd)
            return UNKNOWN
        self._fd = fd
        try:
            os.ftruncate(fd, 0)
            os.lseek(fd, 0, os.SEEK_SET)
            os.write(fd, f"{os.getpid()}\n".encode("ascii"))
        except OSError:
            pass  # the id is only informative
        return HELD

    def release(self) -> None:
        """Let the next copy take the lock (the file stays). Never raises."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        _unlock(fd)
        try:
            os.close(fd)
        except OSError:
            pass

    def holder(self) -> int | None:
        """The process id written by the copy that holds (or last held) the lock, if readable."""
        try:
            text = read_file(self.path, 64).decode("ascii", errors="replace").strip()
        except OSError:
            return None
        return int(text) if text.isdigit() and len(text) < 12 else None

    def __enter__(self) -> "InstanceLock":
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.release()
