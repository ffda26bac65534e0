"""The sentences of errors as the window shows them: an exception's message kept a
message (``str(exc)`` keeps only its English), a reason shaped to sit inside brackets
in another sentence, and a notice made safe to draw, each rendered with ``tr`` in the
language in use when it is shown (the main menu's notices, the table's toasts)."""

from __future__ import annotations

from .. import i18n
from ..i18n import Text, tr
from ..store.names import shown


def _inside(s: str) -> str:
    """A sentence without its full stop, its first letter small (unless a capital
    follows it: "JSON ...")."""
    s = s.strip().rstrip(".")
    if len(s) > 1 and s[0].isupper() and not s[1].isupper():
        s = s[0].lower() + s[1:]
    return s


class Reason:
    """An engine sentence shaped to sit inside brackets in another sentence (no full
    stop, a small first letter), in the language in use when that sentence is shown:
    an argument of :func:`~canasta.i18n.t`. German keeps its capitals (its nouns have them)."""

    def __init__(self, exc: BaseException):
        first = sentence(exc)
        self.said = first if isinstance(first, Text) else first.strip()
        self.kind = type(exc).__name__

    def english(self) -> str:
        return _inside(str.__str__(self.said)) or self.kind

    def __format__(self, spec: str) -> str:
        said = tr(self.said)
        return (said.strip().rstrip(".") if i18n.current() == "de" else _inside(said)) or self.kind

    def __str__(self) -> str:
        return self.english()


def reason(exc: BaseException) -> Reason:
    """An engine sentence shaped to sit inside brackets in another sentence."""
    return Reason(exc)


def sentence(exc: BaseException) -> str:
    """An exception's sentence as it was raised (a message keeps its key and arguments,
    where ``str(exc)`` would keep only the English)."""
    first = exc.args[0] if len(exc.args) == 1 and isinstance(exc.args[0], str) else str(exc)
    return first


def safe(m):
    """A notice made safe to draw (unprintable characters, length), a message kept a
    message so that it is shown in the language in use."""
    cleaned = shown(m, 400)
    return m if isinstance(m, Text) and cleaned == m else cleaned
