"""Settings, score history and the game in progress, in the platform's user folders.

Standard library and platformdirs only (no pygame). Every function here survives bad
files and unusable folders: instead of raising it returns, or collects, one sentence
per problem for the window to show, and sets any unusable file aside with a timestamp
rather than deleting it.

* :mod:`.paths`: the folders (``config_dir``, ``data_dir``, ``state_dir``).
* :mod:`.atomic`: whole-or-nothing writes and :func:`quarantine`.
* :mod:`.settings`: :class:`Settings`, :func:`load_settings`, :func:`save_settings`.
* :mod:`.database`: :class:`ScoreDatabase`, the finished games and their deals.
* :mod:`.saves`: :func:`save_game`, :func:`load_game`, :func:`discard_saved_game`,
  :func:`quarantine_saved_game`, the game in progress.
* :mod:`.names`: the one check of a name read from any file (and of other text drawn).
* :mod:`.safejson`: JSON parsing that turns every damaged or hostile text into ``ValueError``.
* :mod:`.lock`: :class:`InstanceLock`, one copy of the game at a time on the same folders.
"""

from .atomic import atomic_write_bytes, atomic_write_text, quarantine
from .database import ScoreDatabase
from .paths import config_dir, data_dir, describe_error, state_dir
from .saves import (
    SaveSlot,
    discard_saved_game,
    has_saved_game,
    load_game,
    quarantine_saved_game,
    save_game,
)
from .settings import Settings, load_settings, save_settings

__all__ = [
    "ScoreDatabase",
    "SaveSlot",
    "Settings",
    "atomic_write_bytes",
    "atomic_write_text",
    "config_dir",
    "data_dir",
    "describe_error",
    "discard_saved_game",
    "has_saved_game",
    "load_game",
    "load_settings",
    "quarantine",
    "quarantine_saved_game",
    "save_game",
    "save_settings",
    "state_dir",
]
