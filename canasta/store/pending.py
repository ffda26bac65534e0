"""Results the score history could not write yet, kept in ``scores-pending.json``
beside the database until a later run can write them.

A file that cannot be read or is damaged is renamed aside with a timestamp, never
overwritten or removed. If it cannot even be renamed, this run leaves it alone, and
results that cannot reach the database are then kept in memory only.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable, Optional

from ..i18n import t
from . import safejson
from .atomic import atomic_write_text, quarantine, read_file
from .gamedict import normalise_game
from .paths import describe_error, ensure_dir

PENDING_FORMAT = "canasta-pending-scores"


def pending_path_for(database: Path) -> Path:
    """Where the results waiting for ``database`` are kept between runs."""
    stem = database.name.partition(".")[0] or database.name
    return database.with_name(f"{stem}-pending.json")


class PendingFile:
    """The pending-results file of one database; ``say`` receives one sentence per
    problem met. ``blocked``: this run must leave the file alone."""

    def __init__(self, path: Path, say: Callable[[str], None], *, blocked: bool = False) -> None:
        self.path = path
        self._say = say
        self.blocked = blocked

    def load(self) -> list[dict[str, Any]]:
        """The games waiting in the file (none if there is no file, or it was set aside)."""
        try:
            raw = read_file(self.path)
        except (FileNotFoundError, NotADirectoryError):
            return []
        except OSError as exc:
            self._keep_aside(describe_error(exc))
            return []
        try:
            data = safejson.loads(raw)
            if not isinstance(data, dict) or data.get("format") != PENDING_FORMAT or not isinstance(data.get("games"), list):
                raise ValueError("not a pending-results file")
            return [normalise_game(g) for g in data["games"]]
        except Exception:  # whatever the file holds, it is kept aside and never raises
            self._keep_aside(None)
            return []

    def _keep_aside(self, unreadable: Optional[str]) -> None:
        """Set the file aside: it could not be read (``unreadable``: why) or, with None,
        it was damaged; one sentence is said either way."""
        try:
            kept = quarantine(self.path)
        except OSError:
            self.blocked = True
            if unreadable is not None:
                self._say(t("Results waiting to be added to the score history could not be read ({why}); "
                            "{file} is left as it is.", why=unreadable, file=self.path.name))
            else:
                self._say(t("Results waiting to be added to the score history were damaged; "
                            "{file} is left as it is.", file=self.path.name))
            return
        if unreadable is not None:
            self._say(t("Results waiting to be added to the score history could not be read ({why}); "
                        "they were kept as {kept}.", why=unreadable, kept=kept.name))
        else:
            self._say(t("Results waiting to be added to the score history were damaged; they were kept as {kept}.",
                        kept=kept.name))

    def store(self, games: list[dict[str, Any]]) -> bool:
        """Mirror ``games`` to the file (or remove it when there are none); True if that worked."""
        if self.blocked:
            return False
        try:
            if games:
                ensure_dir(self.path.parent)
                payload = {"format": PENDING_FORMAT, "version": 1, "games": games}
                atomic_write_text(self.path, json.dumps(payload, indent=1))
            else:
                self.path.unlink(missing_ok=True)
        except OSError:
            return False
        return True
