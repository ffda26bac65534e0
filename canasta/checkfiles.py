"""``python -m canasta --check-files``: what the game finds in each user folder.

For every file the game keeps it prints one line: ``sound``, ``missing``, ``damaged and
set aside as ...`` (the same checks as a start of the game, which also set a damaged
file aside, so it never troubles the game again), or ``in use by another copy`` when a
copy of the game is open on the same folders (nothing of the game in progress or the
score history is opened then). Files set aside earlier are listed too. It creates no
folder, starts no window, and always exits 0.

The engine is used to replay the saved game, as Continue would; pygame is not imported.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Callable, TextIO

from .store import paths
from .store.database import DB_FILE, ScoreDatabase
from .store.lock import BUSY, LOCK_FILE, UNKNOWN, InstanceLock
from .store.names import parse_seats
from .store.saves import JOURNAL_FILE, SNAPSHOT_FILE, SaveSlot
from .store.settings import SETTINGS_FILE, load_settings

_SET_ASIDE = re.compile(r"-\d{8}-\d{6}(-\d+)?[.-]")

Lines = list[tuple[str, str]]


def _set_aside_earlier(folder: Path, stems: tuple[str, ...], before: set[str]) -> Lines:
    found = []
    for name in sorted(before):
        if any(name.startswith(stem + "-") and _SET_ASIDE.search(name) for stem in stems):
            found.append((name, "set aside earlier (kept for you; the game no longer reads it)"))
    return found


def _new_copies(folder: Path, before: set[str]) -> list[str]:
    try:
        return sorted(p.name for p in folder.iterdir() if p.name not in before and _SET_ASIDE.search(p.name))
    except OSError:
        return []


def _listing(folder: Path) -> set[str]:
    try:
        return {p.name for p in folder.iterdir()}
    except OSError:
        return set()


def _status(messages: list[str], folder: Path, before: set[str], sound: str) -> str:
    copies = _new_copies(folder, before)
    if copies:
        return f"damaged and set aside as {', '.join(copies)} ({' '.join(messages)})"
    if any("could not be set aside" in m or "left as it is" in m for m in messages):
        return f"damaged, and it could not be set aside ({' '.join(messages)})"
    if messages:
        return f"{sound}, but: {' '.join(messages)}"
    return sound


def check_settings(folder: Path) -> Lines:
    target = folder / SETTINGS_FILE
    if not target.exists():
        return [(SETTINGS_FILE, "missing (the defaults are used)")]
    before = _listing(folder)
    _, messages = load_settings(target)
    return [(SETTINGS_FILE, _status(messages, folder, before, "sound"))] + _set_aside_earlier(
        folder, ("settings",), before
    )


def check_scores(folder: Path) -> Lines:
    db_path = folder / DB_FILE
    pending = folder / "scores-pending.json"
    before = _listing(folder)
    if not db_path.exists() and not pending.exists():
        return [(DB_FILE, "missing (started with the first finished game)"), (pending.name, "missing (nothing waiting)")]
    db = ScoreDatabase(db_path)
    try:
        opening = db.take_messages()
        games = db.all_games()
        reading = db.take_messages()
    finally:
        db.close()
    closing = db.take_messages()
    lines: Lines = []
    db_messages = [m for m in opening if "score history" in m and "waiting" not in m] + reading
    count = sum(1 for g in games if g.get("id") is not None)
    sound = f"sound ({count} finished game{'s' if count != 1 else ''})"
    copies = [c for c in _new_copies(folder, before) if c.startswith("scores-") and not c.startswith("scores-pending")]
    if copies:
        lines.append((DB_FILE, f"damaged and set aside as {', '.join(copies)} ({' '.join(db_messages)})"))
    elif db_messages:   # not called sound: what it holds could not all be read
        read = f"{count} finished game{'s' if count != 1 else ''} read"
        lines.append((DB_FILE, f"{read}, but: {' '.join(db_messages)}"))
    else:
        lines.append((DB_FILE, sound))
    pending_messages = [m for m in opening if "waiting" in m] + closing
    pending_copies = [c for c in _new_copies(folder, before) if c.startswith("scores-pending")]
    if pending_copies:
        lines.append((pending.name, f"damaged and set aside as {', '.join(pending_copies)} "
                                    f"({' '.join(pending_messages)})"))
    elif pending.name in before:
        state = "added to the score history" if not pending.exists() else "sound, still waiting"
        lines.append((pending.name, state + (f" ({' '.join(pending_messages)})" if pending_messages else "")))
    else:
        lines.append((pending.name, "missing (nothing waiting)"))
    return lines + _set_aside_earlier(folder, ("scores", "scores-pending"), before)


def check_saved_game(folder: Path) -> Lines:
    before = _listing(folder)
    if SNAPSHOT_FILE not in before:
        lines = [(SNAPSHOT_FILE, "missing (no game in progress)")]
        if JOURNAL_FILE in before:
            lines.append((JOURNAL_FILE, "left from a finished game (removed at the next start)"))
        return lines + _set_aside_earlier(folder, ("current-game",), before)
    slot = SaveSlot(folder)
    data, messages = slot.load()
    slot.close()
    if data is None:
        status = _status(messages, folder, before, "sound")
        return [(SNAPSHOT_FILE, status)] + _set_aside_earlier(folder, ("current-game",), before)
    # replayed as Continue does: a record the engine refuses is set aside the same way
    from .engine.record import Game

    try:
        game = Game.from_json(data["record"])
        parse_seats(data["extra"].get("seats"), game.state.rules.players)
    except Exception as exc:  # whatever the record provokes, as the window does
        reason = str(exc).strip().rstrip(".") or type(exc).__name__
        messages.append(slot.quarantine(reason[:1].lower() + reason[1:]))
        return [(SNAPSHOT_FILE, _status(messages, folder, before, "sound"))] + _set_aside_earlier(
            folder, ("current-game",), before
        )
    st = game.state
    what = "a finished game, put in the score history at the next start" if st.game_over else (
        f"deal {st.deal_number + 1} of a {st.rules.players}-player game, {len(game.actions)} moves")
    lines = [(SNAPSHOT_FILE, _status([m for m in messages if "damaged" not in m], folder, before, f"sound ({what})"))]
    if JOURNAL_FILE in before:
        journal_copies = [c for c in _new_copies(folder, before) if c.endswith(".journal")]
        said = [m for m in messages if "damaged" in m or "could not be read" in m]
        if journal_copies:
            lines.append((JOURNAL_FILE, f"damaged and set aside as {', '.join(journal_copies)} ({' '.join(messages)})"))
        elif said:
            lines.append((JOURNAL_FILE, f"damaged, and it could not be set aside ({' '.join(said)})"))
        else:
            lines.append((JOURNAL_FILE, "sound"))
    return lines + _set_aside_earlier(folder, ("current-game",), before)


def check_folder(title: str, folder: Path, check: Callable[[Path], Lines]) -> tuple[str, Lines]:
    heading = f"{title}: {folder}"
    if paths.file_in_place(folder):
        return heading, [("(folder)", "is a file, not a folder: nothing can be kept here until it is moved")]
    if not folder.is_dir():
        above = folder.parent
        while above != above.parent and not above.exists():
            above = above.parent
        if above.exists() and not above.is_dir():
            return heading, [("(folder)", f"cannot be created: {above} is a file, not a folder")]
        return heading, [("(folder)", "missing (created when the game first writes here)")]
    return heading, check(folder)


def report() -> list[tuple[str, Lines]]:
    """The sections of the report: ``[(heading, [(file name, status)])]``."""
    config, data, state = paths.config_dir(create=False), paths.data_dir(create=False), paths.state_dir(create=False)
    lock = InstanceLock(state)
    locked = lock.acquire(create=False)
    try:
        sections = [check_folder("Settings", config, check_settings)]
        if locked == BUSY:
            pid = lock.holder()
            by = f"another copy of the game (process {pid})" if pid else "another copy of the game"
            busy = f"in use by {by}; not checked while it is open"
            sections.append((f"Score history: {data}", [(DB_FILE, busy)]))
            sections.append((f"Game in progress: {state}", [
                (SNAPSHOT_FILE, busy), (LOCK_FILE, f"locked by {by}")]))
            return sections
        if locked == UNKNOWN:
            unknown = ("cannot be locked (it is not a file the game can lock, or the folder is read-only): "
                       "another copy may be open, and the game plays with saving off until it is fixed")
            sections.append((f"Score history: {data}", [(DB_FILE, "not checked: " + unknown.split(": ")[1])]))
            sections.append((f"Game in progress: {state}", [(SNAPSHOT_FILE, "not checked"), (LOCK_FILE, unknown)]))
            return sections
        sections.append(check_folder("Score history", data, check_scores))
        heading, lines = check_folder("Game in progress", state, check_saved_game)
        if state.is_dir():
            lines.append((LOCK_FILE, "free (no copy of the game is open)"))
        sections.append((heading, lines))
        return sections
    finally:
        lock.release()


def print_report(out: TextIO | None = None) -> int:
    """Print :func:`report`; return the exit status (always 0)."""
    out = out or sys.stdout
    print("Canasta: the files in your user folders", file=out)
    for heading, lines in report():
        print("", file=out)
        print(heading, file=out)
        for name, status in lines:
            print(f"  {name}: {status}", file=out)
    return 0
