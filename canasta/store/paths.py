"""Where Canasta keeps its files, and how storage problems are put into words.

The three folders come from platformdirs with the application name ``canasta``:

* :func:`config_dir` holds ``settings.toml`` (the player may edit it by hand);
* :func:`data_dir` holds the score history ``scores.sqlite3``;
* :func:`state_dir` holds the game in progress (``current-game.json`` and its journal).

Nothing is computed at import time: every call asks platformdirs again, so a change of
``XDG_CONFIG_HOME`` / ``XDG_DATA_HOME`` / ``XDG_STATE_HOME`` (which platformdirs honours
on Linux) or of ``CANASTA_HOME`` takes effect at once. ``CANASTA_HOME``, when set, puts
all three folders under one directory (``config/``, ``data/``, ``state/``), which is
handy for a portable install and for tests on any platform.

The storage modules never raise for an ordinary file-system problem. They return one
sentence per problem for the window to show; :func:`describe_error` supplies the short
reason inside those sentences ("permission denied", "the disk is full", ...).
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

import platformdirs

from ..i18n import N_, t

APP_NAME = "canasta"
HOME_ENV = "CANASTA_HOME"


def _base(kind: str) -> Path:
    """Return the folder of one kind ("config", "data" or "state"), without creating it."""
    home = os.environ.get(HOME_ENV)
    if home:
        return Path(home).expanduser() / kind
    if kind == "config":
        return platformdirs.user_config_path(APP_NAME, appauthor=False)
    if kind == "data":
        return platformdirs.user_data_path(APP_NAME, appauthor=False)
    if kind == "state":
        return platformdirs.user_state_path(APP_NAME, appauthor=False)
    raise ValueError(f"unknown folder kind {kind!r}")


def _created(path: Path, create: bool) -> Path:
    """Create ``path`` (and its parents) if asked; a failure is left for the writer to report."""
    if create:
        try:
            path.mkdir(parents=True, exist_ok=True)
        except OSError:
            # A read-only or otherwise unusable location: the caller finds out when it
            # tries to write, and reports it in a sentence then.
            pass
    return path


def config_dir(create: bool = True) -> Path:
    """The folder for ``settings.toml``, created on demand."""
    return _created(_base("config"), create)


def data_dir(create: bool = True) -> Path:
    """The folder for the score history database, created on demand."""
    return _created(_base("data"), create)


def state_dir(create: bool = True) -> Path:
    """The folder for the game in progress, created on demand."""
    return _created(_base("state"), create)


def file_in_place(path: str | os.PathLike[str]) -> bool:
    """True when ``path``, meant to be a folder, is a file (or anything but a folder)."""
    try:
        return Path(path).exists() and not Path(path).is_dir()
    except OSError:
        return False


def ensure_dir(path: Path) -> str | None:
    """Create ``path`` if needed; return ``None`` on success or the reason it failed."""
    if file_in_place(path):
        return t("{path} is a file, not a folder", path=str(path))
    try:
        Path(path).mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return describe_error(exc)
    if not Path(path).is_dir():
        return t("it is not a folder")
    return None


_ERRNO_REASONS = {
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("permission denied"),
    errno.EROFS: N_("the disk is read-only"),
    errno.ENOSPC: N_("the disk is full"),
    errno.ENOENT: N_("it is missing"),
    errno.EISDIR: N_("it is a folder"),
    errno.ENOTDIR: N_("a folder on its path is a file"),
    errno.EIO: N_("the disk reported an error"),
}
if hasattr(errno, "EDQUOT"):
    _ERRNO_REASONS[errno.EDQUOT] = N_("the disk quota is used up")


def describe_error(exc: BaseException) -> str:
    """A short, lower-case reason for a storage error, to sit inside a sentence."""
    if isinstance(exc, UnicodeDecodeError):
        return t("it is not readable text")
    if isinstance(exc, OSError):
        reason = _ERRNO_REASONS.get(exc.errno or 0)
        if reason:
            return t(reason)
        if isinstance(exc, PermissionError):
            return t("permission denied")
        if exc.strerror:
            return exc.strerror[:1].lower() + exc.strerror[1:]
    text = str(exc).strip() or type(exc).__name__
    return text[:1].lower() + text[1:]
