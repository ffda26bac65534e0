"""The player's settings, kept as a human-editable TOML file.

``settings.toml`` lives in :func:`~canasta.store.paths.config_dir`. It is read with
:mod:`tomllib` and written by the small writer below (strings, booleans, integers,
floats, arrays and tables: exactly what :class:`Settings` holds).

Loading never fails:

* no file: the defaults, silently;
* a file that is not TOML (or not text, or cannot be read): it is set aside as
  ``settings-YYYYMMDD-HHMMSS.toml``, the defaults are used, and one sentence says so;
* a valid file with unknown keys or bad values: those keys are named in one sentence
  and ignored, every other value is kept, and the file stays where it is. Unknown keys
  (perhaps from a newer version of the game) are even written back on the next save,
  so nothing the player typed is lost; a bad value of a known key is replaced.

Saving never raises for a file-system problem either: it returns the sentence.
"""

from __future__ import annotations

import dataclasses
import math
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from ..vocab import (ANIMATION_SPEEDS, CARD_BACKS, COMPUTER_PAUSES, DEFAULT_COMPUTER_PAUSE, DEFAULT_SIZE_PERCENT,
                     DEFAULT_WINDOW_SIZE, HAND_SORTS, LARGE_CARDS_PERCENT, MIN_WINDOW_SIZE, SIZE_PERCENTS, TABLE_COLOURS)
from ..i18n import Listed, t
from .atomic import atomic_write_text, quarantine, read_file, remove_stale_temps
from .names import MAX_NAME_LENGTH, check_name, shown
from .paths import config_dir, describe_error, ensure_dir, file_in_place

SETTINGS_FILE = "settings.toml"
#: the largest settings file read (the game writes well under a kilobyte)
MAX_SETTINGS_BYTES = 256 * 1024

# The choices (animation speeds, card backs, table colours, hand orders) and the window
# sizes are the vocabulary's (canasta.vocab); the settings check against them.
MIN_WINDOW = MIN_WINDOW_SIZE
#: The largest window: an 8K screen (the command line's ``--size`` takes the same limit).
MAX_WINDOW_SIZE = (7680, 4320)
MAX_WINDOW = max(MAX_WINDOW_SIZE)
MAX_TABLE_DEPTH = 4


@dataclass
class Settings:
    """Everything the player can set, with its default.

    ``last_game`` remembers the setup of the last game (players, levels, variant,
    options...) as a plain dictionary of strings, booleans, numbers, lists and nested
    dictionaries, so the new-game screen can offer it again. TOML has no ``None``:
    keys whose value is ``None`` are left out when saving.
    """

    animation_speed: str = "normal"
    #: cards move at once and nothing pulses, whatever ``animation_speed`` says
    reduced_motion: bool = False
    #: seconds between two computer players' moves (one of ``COMPUTER_PAUSES``)
    computer_pause: float = DEFAULT_COMPUTER_PAUSE
    sound: bool = True
    #: Read the game aloud: a screen reader or the system's speech command (ui/speech.py)
    speech: bool = False
    volume: float = 0.7
    card_back: str = "blue"
    table_colour: str = "green"
    #: the high-contrast theme: black table and panels, white edges, text at 7:1 or more
    high_contrast: bool = False
    four_colour: bool = False
    #: Text size and Card size, in percent of the usual (100 to 200, in steps of 10); the
    #: old setting ``large_cards = true`` is read as a Card size of ``LARGE_CARDS_PERCENT``
    text_size: int = DEFAULT_SIZE_PERCENT
    card_size: int = DEFAULT_SIZE_PERCENT
    show_points: bool = False
    hand_sort: str = "rank"
    confirm_discard: bool = False
    #: the table's move log stays open in a column at its side
    log_pinned: bool = False
    hints_allowed: bool = True
    undo_allowed: bool = True
    #: online chat lines make no sound (the chat's Mute)
    chat_muted: bool = False
    fullscreen: bool = False
    window_size: list[int] = field(default_factory=lambda: list(DEFAULT_WINDOW_SIZE))
    player_name: str = "You"
    #: the language of the game's words: ``""`` is the computer's own (System default),
    #: else one of ``canasta.i18n.CODES``
    language: str = ""
    last_game: dict[str, Any] = field(default_factory=dict)
    #: Keys found in the file that this version does not know, written back unchanged.
    unknown: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)


# --------------------------------------------------------------------------- checks
#
# Each check takes the value read from the file and returns the value to use, or
# raises ValueError with the reason, phrased to follow the key's name
# ("volume (must be between 0 and 1)").


def _one_of(choices: tuple[str, ...]) -> Callable[[Any], str]:
    def check(value: Any) -> str:
        if not isinstance(value, str) or value not in choices:
            raise ValueError(t("must be one of {choices}", choices=", ".join(choices)))
        return value

    return check


def _boolean(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(t("must be true or false"))
    return value


def _volume(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(t("must be a number between 0 and 1"))
    if not (0.0 <= float(value) <= 1.0):  # also rejects nan
        raise ValueError(t("must be between 0 and 1"))
    return float(value)


def _pause(value: Any) -> float:
    """A number of seconds from 0 to 2, taken as the nearest pause the game offers."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(t("must be a number of seconds from 0 to 2"))
    if not (0.0 <= float(value) <= 2.0):  # also rejects nan
        raise ValueError(t("must be from 0 to 2 seconds"))
    return min(COMPUTER_PAUSES, key=lambda p: abs(p - float(value)))


def _percent(value: Any) -> int:
    """A size in percent, 100 to 200, taken as the nearest step the game offers."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(t("must be a percentage from 100 to 200"))
    if not (SIZE_PERCENTS[0] <= float(value) <= SIZE_PERCENTS[-1]):  # also rejects nan
        raise ValueError(t("must be from {low} to {high}", low=str(SIZE_PERCENTS[0]), high=str(SIZE_PERCENTS[-1])))
    return min(SIZE_PERCENTS, key=lambda p: abs(p - float(value)))


def _window_size(value: Any) -> list[int]:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise ValueError(t("must be two whole numbers, width and height"))
    width, height = value
    if not (MIN_WINDOW[0] <= width and MIN_WINDOW[1] <= height):
        raise ValueError(t("must be at least {width} by {height}", width=str(MIN_WINDOW[0]), height=str(MIN_WINDOW[1])))
    if not (width <= MAX_WINDOW_SIZE[0] and height <= MAX_WINDOW_SIZE[1]):
        raise ValueError(t("must be at most {width} by {height}", width=str(MAX_WINDOW_SIZE[0]), height=str(MAX_WINDOW_SIZE[1])))
    return [width, height]


def _language(value: Any) -> str:
    """``""`` (System default) or a language the game speaks."""
    from ..i18n import CODES, SYSTEM
    if not isinstance(value, str) or value not in (SYSTEM, *CODES):
        raise ValueError(t("must be \"\" (System default) or one of {codes}", codes=", ".join(CODES)))
    return value


#: The player's name, checked as every name read from a file is (see :mod:`.names`).
_player_name = check_name


def _is_plain(value: Any, depth: int = 0) -> bool:
    """True for JSON-like values TOML can hold: no dates, no nan/inf, not too deep."""
    if depth > MAX_TABLE_DEPTH:
        return False
    if isinstance(value, (str, bool)):
        return True
    if isinstance(value, int):
        return -(2**63) <= value < 2**63
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, list):
        return all(_is_plain(v, depth + 1) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and _is_plain(v, depth + 1) for k, v in value.items())
    return False


def _last_game(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ValueError(t("must be a table"))
    if not _is_plain(value):
        raise ValueError(t("holds values other than text, numbers, true/false, lists and tables"))
    return value


_CHECKS: dict[str, Callable[[Any], Any]] = {
    "animation_speed": _one_of(ANIMATION_SPEEDS),
    "reduced_motion": _boolean,
    "computer_pause": _pause,
    "sound": _boolean,
    "speech": _boolean,
    "volume": _volume,
    "card_back": _one_of(CARD_BACKS),
    "table_colour": _one_of(TABLE_COLOURS),
    "high_contrast": _boolean,
    "four_colour": _boolean,
    "text_size": _percent,
    "card_size": _percent,
    "show_points": _boolean,
    "hand_sort": _one_of(HAND_SORTS),
    "confirm_discard": _boolean,
    "log_pinned": _boolean,
    "hints_allowed": _boolean,
    "undo_allowed": _boolean,
    "chat_muted": _boolean,
    "fullscreen": _boolean,
    "window_size": _window_size,
    "player_name": _player_name,
    "language": _language,
    "last_game": _last_game,
}

assert set(_CHECKS) == {f.name for f in dataclasses.fields(Settings)} - {"unknown"}


def settings_from_dict(data: dict[str, Any]) -> tuple[Settings, list[str]]:
    """Build :class:`Settings` from parsed TOML; return it with the ignored keys' reasons.

    Every valid known key is taken; each unknown key is kept in ``Settings.unknown``
    and each bad value is replaced by the default. The second element lists
    ``"key (reason)"`` entries in file order.
    """
    settings = Settings()
    ignored: list[str] = []
    data = dict(data)
    old_large = data.pop("large_cards", None)      # before Card size: a Large cards switch
    if old_large is not None and "card_size" not in data:
        if isinstance(old_large, bool):
            settings.card_size = LARGE_CARDS_PERCENT if old_large else DEFAULT_SIZE_PERCENT
        else:
            ignored.append(t("{key} ({reason})", key="large_cards", reason=t("must be true or false")))
    for key, value in data.items():
        check = _CHECKS.get(key)
        if check is None:
            ignored.append(t("{key} (unknown)", key=shown(key)))
            if _is_plain(value):
                settings.unknown[key] = value
            continue
        try:
            setattr(settings, key, check(value))
        except ValueError as exc:
            ignored.append(t("{key} ({reason})", key=key, reason=exc.args[0] if exc.args and isinstance(exc.args[0], str) else str(exc)))
    return settings, ignored


# --------------------------------------------------------------------------- TOML writer

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")
_ESCAPES = {"\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r", '"': '\\"', "\\": "\\\\"}


def toml_string(text: str) -> str:
    """``text`` as a TOML basic string, with every character TOML forbids escaped."""
    out = []
    for ch in text:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ch < " " or ch == "\x7f":
            out.append(f"\\u{ord(ch):04X}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def toml_key(key: str) -> str:
    """A bare key when TOML allows it, else a quoted one."""
    return key if _BARE_KEY.match(key) else toml_string(key)


def toml_value(value: Any) -> str:
    """One TOML value on one line; dictionaries become inline tables.

    Raises ``TypeError`` for what TOML cannot hold (``None``, other objects) and
    ``ValueError`` for non-finite floats and integers out of TOML's 64-bit range.
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        if not -(2**63) <= value < 2**63:
            raise ValueError(f"integer {value} is out of TOML's range")
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"{value} cannot be saved in settings")
        return repr(value)  # always has '.', 'e' or both, as TOML requires
    if isinstance(value, str):
        return toml_string(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        pairs = [f"{toml_key(k)} = {toml_value(v)}" for k, v in value.items() if v is not None]
        return "{" + ", ".join(pairs) + "}" if pairs else "{}"
    raise TypeError(f"{type(value).__name__} cannot be saved in settings")


def dumps_toml(data: dict[str, Any], header: str = "") -> str:
    """Write a TOML document: plain keys first, then one ``[section]`` per dictionary.

    Dictionaries nested deeper are written as inline tables; ``None`` values are left
    out. ``header`` lines are written first as comments.
    """
    lines = [f"# {line}".rstrip() for line in header.splitlines()]
    if lines:
        lines.append("")
    tables = []
    for key, value in data.items():
        if value is None:
            continue
        if isinstance(value, dict):
            tables.append((key, value))
        else:
            lines.append(f"{toml_key(key)} = {toml_value(value)}")
    for key, table in tables:
        lines.append("")
        lines.append(f"[{toml_key(key)}]")
        for sub_key, sub_value in table.items():
            if sub_value is not None:
                lines.append(f"{toml_key(sub_key)} = {toml_value(sub_value)}")
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- load / save

_HEADER = (
    "Canasta settings. You may edit this file while the game is closed;\n"
    "unknown keys and values out of range are reported and ignored."
)


def settings_path() -> Path:
    """Where ``settings.toml`` is (the folder is created if it can be)."""
    return config_dir() / SETTINGS_FILE


def load_settings(path: str | Path | None = None) -> tuple[Settings, list[str]]:
    """Read the settings; return them with the sentences to show (usually none).

    Never raises for a missing, unreadable, damaged or partly invalid file; see the
    module documentation for what happens in each case.
    """
    target = Path(path) if path is not None else settings_path()
    if file_in_place(target.parent):
        return Settings(), [_folder_is_a_file(target.parent)]
    remove_stale_temps(target, older_than=60)
    try:
        raw = read_file(target, MAX_SETTINGS_BYTES)
    except (FileNotFoundError, NotADirectoryError):
        return Settings(), []  # nothing saved yet (or no folder: saving will say so)
    except OSError as exc:
        return Settings(), [_set_aside(target, t("could not be read ({why})", why=describe_error(exc)))]
    try:
        data = tomllib.loads(raw.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError, MemoryError):
        # not text, not TOML, a number too long to read (ValueError), nested too deep
        return Settings(), [_set_aside(target, t("was damaged"))]
    settings, ignored = settings_from_dict(data)
    messages = []
    if ignored:
        messages.append(t("Ignored in {file}: {keys}.", file=target.name, keys=Listed(ignored)))
    return settings, messages


def _folder_is_a_file(folder: Path) -> str:
    """The one sentence said at start-up and at every failed save when the folder is a file."""
    return t("Your settings cannot be kept: {folder} is a file, not a folder, so they last until you close the game.",
             folder=str(folder))


def _set_aside(target: Path, what_happened: str) -> str:
    """Quarantine a settings file that cannot be used; return the sentence to show."""
    try:
        kept = quarantine(target)
    except OSError:
        return t("Your settings file {what_happened} and could not be set aside; "
                 "the defaults are in use for this session.", what_happened=what_happened)
    return t("Your settings file {what_happened}; it was kept as {kept} and the defaults are in use.",
             what_happened=what_happened, kept=kept.name)


def _writable(settings: Settings) -> tuple[dict[str, Any], list[str]]:
    """The values to write, each passing the check that reading it back makes.

    A value that would be refused when read (a name with a control character, say) is
    written as its default instead, and named in the second element.
    """
    defaults = Settings()
    data: dict[str, Any] = {}
    refused: list[str] = []
    for f in dataclasses.fields(Settings):
        if f.name == "unknown":
            continue
        value = getattr(settings, f.name)
        try:
            checked = _CHECKS[f.name](value)
            toml_value(checked)
        except (ValueError, TypeError) as exc:
            refused.append(f"{f.name} ({exc})")
            checked = getattr(defaults, f.name)
        data[f.name] = checked
    last_game = data.pop("last_game")
    for key, value in settings.unknown.items():
        if isinstance(key, str) and key not in data and key != "last_game" and _is_plain(value):
            data[key] = value
    data["last_game"] = last_game
    return data, refused


def settings_to_toml(settings: Settings) -> str:
    """The text of ``settings.toml`` for these settings (unknown keys included)."""
    return dumps_toml(_writable(settings)[0], header=_HEADER)


def save_settings(settings: Settings, path: str | Path | None = None) -> list[str]:
    """Write the settings atomically; return the sentences to show (none on success).

    A folder that cannot be created or written leaves the settings in force for this
    session only, with one sentence saying so. Values TOML cannot hold (``None``
    inside a list, arbitrary objects) are a programming error and raise ``TypeError``.
    """
    target = Path(path) if path is not None else settings_path()
    data, refused = _writable(settings)
    text = dumps_toml(data, header=_HEADER)
    messages = []
    if refused:
        messages.append(t("Not saved in {file}, as it could not be read back: {keys}.", file=target.name,
                          keys=", ".join(refused)))
    if file_in_place(target.parent):
        return messages + [_folder_is_a_file(target.parent)]
    problem = ensure_dir(target.parent)
    if problem is None:
        try:
            atomic_write_text(target, text)
            return messages
        except OSError as exc:
            problem = describe_error(exc)
    return messages + [t("Your settings could not be saved ({problem}); they apply until you close the game.",
                         problem=problem)]
