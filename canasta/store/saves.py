"""The game in progress, saved after every action and offered under Continue.

A game is fully determined by its record (rules, seed and the list of actions, built
by the engine), so saving means keeping that record safe. Two files in
:func:`~canasta.store.paths.state_dir` do it:

* ``current-game.json``, the snapshot: the whole record plus the table's ``extra``
  (seats, names, levels...), written atomically (temporary file, fsync, rename);
* ``current-game.journal``, one JSON line per action played since that snapshot,
  each appended and fsync-ed as it is played: saving after every action costs one
  short line, and a program killed while writing loses at most that line.

A snapshot is rewritten (and the journal started afresh) when the record changes in
any way other than new actions at its end (an undo, a new deal's summary, other
``extra``), every :data:`SNAPSHOT_EVERY` actions, and when asked (``checkpoint=True``,
for instance at the end of a deal). Loading takes the snapshot and every complete
journal line that extends it; a torn last line (the kill mid-write) is ignored.

This module does not judge the game itself: the caller replays the record through the
engine and, if that fails, calls :func:`quarantine_saved_game`. It does check that the
files are readable JSON of the right form, and sets aside, with a timestamp, anything
that is not, saying so in one sentence. Nothing here raises for a file-system problem.

``save_game(record, extra)`` takes the engine's record, a JSON-able dictionary with
at least :data:`REQUIRED_RECORD_KEYS` (``actions`` a list), and ``extra``, any
JSON-able dictionary. ``load_game()`` returns ``({"record": record, "extra": extra,
"saved_at": "2026-11-23T10:15:00+01:00"}, messages)`` or ``(None, messages)``.
"""

from __future__ import annotations

import json
import os
import uuid
from datetime import datetime
from pathlib import Path
from typing import Any, BinaryIO

from ..i18n import N_, Text, t
from . import safejson
from .atomic import atomic_write_text, quarantine, read_file, remove_stale_temps
from .paths import describe_error, ensure_dir, file_in_place, state_dir

SNAPSHOT_FILE = "current-game.json"
JOURNAL_FILE = "current-game.journal"
SAVE_FORMAT = "canasta-save"
SAVE_VERSION = 1
SNAPSHOT_EVERY = 40
REQUIRED_RECORD_KEYS = ("format", "version", "rules", "seed", "actions")


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class _BadSave(Exception):
    """The snapshot cannot be used; ``str()`` completes "The saved game ..."."""


class SaveSlot:
    """The saved game in progress in one folder (by default :func:`state_dir`).

    Keeps in memory what it last wrote, to tell an action added at the end (a journal
    line) from any other change (a new snapshot).
    """

    def __init__(self, folder: str | Path | None = None) -> None:
        self.folder = Path(folder) if folder is not None else state_dir()
        self.snapshot_path = self.folder / SNAPSHOT_FILE
        self.journal_path = self.folder / JOURNAL_FILE
        self._forget()
        self._journal: BinaryIO | None = None
        self._failing = False

    def _forget(self) -> None:
        """Forget what is on disk: the next save writes a full snapshot."""
        self._generation: str | None = None
        self._head: str | None = None
        self._actions: list[Any] = []
        self._journal_lines = 0

    def _close_journal(self) -> None:
        if self._journal is not None:
            try:
                self._journal.close()
            except OSError:
                pass
            self._journal = None

    def close(self) -> None:
        """Close the journal file (saving again reopens it)."""
        self._close_journal()

    # -- saving

    def save(self, record: dict[str, Any], extra: dict[str, Any] | None = None, *, checkpoint: bool = False) -> list[str]:
        """Save the game after an action; return the sentences to show (usually none).

        Cheap when ``record`` only gained actions at the end since the last save: they
        are appended to the journal. A failure to write is reported once (not at every
        action) and the game goes on; the next save tries again with a full snapshot.
        Raises ``ValueError``/``TypeError`` only for a record that is not a JSON-able
        dictionary with an ``actions`` list.
        """
        if not isinstance(record, dict) or not isinstance(record.get("actions"), list):
            raise ValueError("a game record must be a dictionary with an 'actions' list")
        extra = {} if extra is None else extra
        actions = record["actions"]
        head = json.dumps(
            {"record": {k: v for k, v in record.items() if k != "actions"}, "extra": extra}, sort_keys=True
        )
        saved = len(self._actions)
        appendable = (
            not checkpoint
            and self._generation is not None
            and head == self._head
            and len(actions) >= saved
            and self._journal_lines + len(actions) - saved <= SNAPSHOT_EVERY
            and actions[:saved] == self._actions
        )
        try:
            if appendable:
                self._append(actions[saved:])
            else:
                self._snapshot(record, extra, head)
        except OSError as exc:
            self._close_journal()
            self._forget()
            if self._failing:
                return []
            self._failing = True
            if file_in_place(self.folder):
                return [self.folder_is_a_file()]
            return [t("The game could not be saved ({why}); it goes on, "
                      "but cannot be continued later if it stops now.", why=describe_error(exc))]
        self._failing = False
        return []

    def _append(self, new_actions: list[Any]) -> None:
        if not new_actions:
            return
        start = len(self._actions)
        lines = "".join(
            _dumps({"g": self._generation, "i": start + k, "a": action}) + "\n"
            for k, action in enumerate(new_actions)
        )
        copies = json.loads("[" + ",".join(_dumps(a) for a in new_actions) + "]")
        if self._journal is None:
            self._journal = open(self.journal_path, "ab")
        self._journal.write(lines.encode("utf-8"))
        self._journal.flush()
        os.fsync(self._journal.fileno())
        self._actions.extend(copies)
        self._journal_lines += len(new_actions)

    def _snapshot(self, record: dict[str, Any], extra: dict[str, Any], head: str) -> None:
        generation = uuid.uuid4().hex
        payload = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "saved_at": datetime.now().astimezone().isoformat(timespec="seconds"),
            "generation": generation,
            "record": record,
            "extra": extra,
        }
        text = _dumps(payload)
        self._close_journal()
        problem = ensure_dir(self.folder)
        if problem is not None:
            raise OSError(problem)
        atomic_write_text(self.snapshot_path, text)
        # The snapshot holds every action now: lines of the old generation are void,
        # and are skipped on loading even if this removal does not happen.
        try:
            self.journal_path.unlink(missing_ok=True)
        except OSError:
            pass
        self._generation = generation
        self._head = head
        self._actions = json.loads(_dumps(record["actions"]))
        self._journal_lines = 0

    def folder_is_a_file(self) -> str:
        """The sentence for a state folder that is a file (said once, at start-up or at the first save)."""
        return t("Games cannot be saved: {folder} is a file, not a folder, "
                 "so a game played now cannot be continued later.", folder=str(self.folder))

    # -- loading

    def exists(self) -> bool:
        """True if there is a saved game to offer under Continue."""
        return self.snapshot_path.is_file()

    def load(self) -> tuple[dict[str, Any] | None, list[str]]:
        """Read the saved game: ``({"record", "extra", "saved_at"}, messages)`` or ``(None, messages)``.

        A snapshot that cannot be read or is not a saved game is set aside with a
        timestamp and ``None`` is returned with one sentence. Journal lines extend the
        snapshot up to the last complete one; a torn last line is dropped silently,
        while a damaged line in the middle ends the game there, with a sentence and the
        journal kept aside. The next :meth:`save` writes a fresh snapshot.
        """
        self._close_journal()
        self._forget()
        if file_in_place(self.folder):
            self._failing = True  # said now; the first failed save says nothing more
            return None, [self.folder_is_a_file()]
        remove_stale_temps(self.snapshot_path, older_than=60)
        try:
            raw = read_file(self.snapshot_path)
        except (FileNotFoundError, NotADirectoryError):
            self._remove_orphan_journal()
            return None, []
        except OSError as exc:
            return None, [self._set_aside(t("could not be read ({why})", why=describe_error(exc)))]
        try:
            payload = self._parse_snapshot(raw)
        except _BadSave as exc:
            return None, [self._set_aside(exc.args[0])]
        record = dict(payload["record"])
        actions = list(record["actions"])
        messages = self._read_journal(payload["generation"], actions)
        record["actions"] = actions
        return {"record": record, "extra": payload["extra"], "saved_at": _saved_at(payload.get("saved_at"))}, messages

    @staticmethod
    def _parse_snapshot(raw: bytes) -> dict[str, Any]:
        try:
            payload = safejson.loads(raw)
        except ValueError:  # not UTF-8, not JSON, or nested too deep to read
            raise _BadSave(N_("was damaged")) from None
        if not isinstance(payload, dict) or payload.get("format") != SAVE_FORMAT:
            raise _BadSave(N_("was not a Canasta saved game"))
        version = payload.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise _BadSave(N_("was damaged"))
        if version > SAVE_VERSION:
            raise _BadSave(N_("comes from a newer version of Canasta"))
        record = payload.get("record")
        if not isinstance(record, dict):
            raise _BadSave(N_("was incomplete"))
        missing = [key for key in REQUIRED_RECORD_KEYS if key not in record]
        if missing or not isinstance(record["actions"], list):
            raise _BadSave(N_("was incomplete"))
        if not isinstance(payload.get("extra", {}), dict) or not isinstance(payload.get("generation"), str):
            raise _BadSave(N_("was damaged"))
        payload.setdefault("extra", {})
        return payload

    def _read_journal(self, generation: str, actions: list[Any]) -> list[str]:
        """Append the journal's actions for ``generation`` to ``actions``; return sentences."""
        try:
            data = read_file(self.journal_path)
        except FileNotFoundError:
            return []
        except OSError as exc:
            kept = self._keep_journal()
            if kept:
                return [t("The last moves of the saved game could not be read ({why}); it resumes a "
                          "little earlier and the damaged part was kept as {kept}.",
                          why=describe_error(exc), kept=kept)]
            return [t("The last moves of the saved game could not be read ({why}); "
                      "it resumes a little earlier.", why=describe_error(exc))]
        lost = b"\x00" in data   # a file system that lost writes leaves NUL bytes in their place
        if lost:
            data = data[:data.index(b"\x00")]
        *complete, _torn = data.split(b"\n")  # the part after the last newline never counts
        for line in complete:
            try:
                entry = safejson.loads(line)
            except ValueError:
                entry = None
            if isinstance(entry, dict) and "g" in entry and entry["g"] != generation:
                continue  # a line the snapshot already includes
            if not isinstance(entry, dict) or entry.get("i") != len(actions) or "a" not in entry:
                return [_end_damaged(self._keep_journal())]
            actions.append(entry["a"])
        if lost:
            return [_end_damaged(self._keep_journal())]
        return []

    def _keep_journal(self) -> str:
        """Set a damaged journal aside; return the kept copy's name ("" if it stayed)."""
        try:
            kept = quarantine(self.journal_path)
        except OSError:
            return ""
        return kept.name

    def _remove_orphan_journal(self) -> None:
        # A journal without its snapshot is left from a finished game whose removal was
        # interrupted: it cannot be resumed on its own.
        try:
            self.journal_path.unlink(missing_ok=True)
        except OSError:
            pass

    def _set_aside(self, what_happened: str) -> str:
        what = what_happened if isinstance(what_happened, Text) else t(what_happened)
        try:
            kept = quarantine(self.snapshot_path, self.journal_path)
        except OSError as exc:
            return t("The saved game {what_happened} and could not be set aside ({why}); "
                     "it cannot be continued.", what_happened=what, why=describe_error(exc))
        return t("The saved game {what_happened}; it was kept as {kept} and cannot be continued.",
                 what_happened=what, kept=kept.name)

    # -- ending

    def discard(self) -> list[str]:
        """Remove the saved game (the game has ended); return the sentences to show."""
        self._close_journal()
        self._forget()
        try:
            self.snapshot_path.unlink(missing_ok=True)  # first: a lone journal is ignored
            self.journal_path.unlink(missing_ok=True)
        except OSError as exc:
            return [t("The finished game could not be removed from the saved games ({why}); "
                      "it may still be offered under Continue.", why=describe_error(exc))]
        return []

    def quarantine(self, reason: str) -> str:
        """Set the saved game aside because it could not be resumed; return the sentence.

        ``reason`` is the engine's explanation, put in brackets in the sentence.
        """
        self._close_journal()
        self._forget()
        if not self.snapshot_path.exists():
            return t("The saved game could not be resumed ({reason}).", reason=reason)
        try:
            kept = quarantine(self.snapshot_path, self.journal_path)
        except OSError as exc:
            return t("The saved game could not be resumed ({reason}) and could not be set aside ({why}).",
                     reason=reason, why=describe_error(exc))
        return t("The saved game could not be resumed ({reason}); it was kept as {kept}.",
                 reason=reason, kept=kept.name)


def _end_damaged(kept: str) -> str:
    """The sentence for a saved game whose last moves were damaged (``kept``: the name
    of the damaged part's copy, "" when it could not be set aside)."""
    if kept:
        return t("The end of the saved game was damaged; it resumes at the last sound move "
                 "and the damaged part was kept as {kept}.", kept=kept)
    return t("The end of the saved game was damaged; it resumes at the last sound move.")


def _saved_at(value: Any) -> str | None:
    """The moment of saving as ISO 8601 text, or ``None`` when the file's value is not one.

    Only the Continue line shows it, so a hand-edited value (a number, say) costs the
    game nothing: the time is simply not shown.
    """
    if not isinstance(value, str) or len(value) > 64:
        return None
    try:
        datetime.fromisoformat(value)
    except ValueError:
        return None
    return value


_slots: dict[Path, SaveSlot] = {}


def default_slot() -> SaveSlot:
    """The slot of the current :func:`state_dir` (looked up again at every call)."""
    folder = state_dir()
    slot = _slots.get(folder)
    if slot is None:
        slot = _slots[folder] = SaveSlot(folder)
    return slot


def save_game(record: dict[str, Any], extra: dict[str, Any] | None = None, *, checkpoint: bool = False) -> list[str]:
    """Save the game in progress after an action (see :meth:`SaveSlot.save`)."""
    return default_slot().save(record, extra, checkpoint=checkpoint)


def load_game() -> tuple[dict[str, Any] | None, list[str]]:
    """The saved game to offer under Continue, if any (see :meth:`SaveSlot.load`)."""
    return default_slot().load()


def has_saved_game() -> bool:
    """True if a game in progress was saved."""
    return default_slot().exists()


def discard_saved_game() -> list[str]:
    """Remove the saved game once it has ended."""
    return default_slot().discard()


def quarantine_saved_game(reason: str) -> str:
    """Set aside a saved game the engine could not replay; return the sentence to show."""
    return default_slot().quarantine(reason)
