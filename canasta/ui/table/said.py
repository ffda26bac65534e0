"""The table's words kept as messages and read in the language in use: the toast's
sentence (the engine's refusal, the coach's hint) whenever it is drawn, and the
buttons' labels, short forms and tips, written again on each resize (a switch of
language goes through it)."""

from __future__ import annotations

from ...i18n import tr
from ..widgets import Toast


class TableToast(Toast):
    """The table's message, kept as the sentence it was given (a message with its
    arguments) and read in the language in use whenever it is drawn, so a switch of
    language shows at the next frame."""

    @property
    def message(self) -> str:
        return tr(self.said)

    @message.setter
    def message(self, value) -> None:
        self.said = value


def keep_words(buttons) -> dict:
    """Each button's words as message keys (its label, tip and short forms), by its id."""
    return {id(b): (b.label, b.tip, tuple(b.short)) for b in buttons}


def write_words(buttons, keys: dict) -> None:
    """The buttons' words in the language in use (``keys`` from :func:`keep_words`)."""
    for b in buttons:
        kept = keys.get(id(b))
        if kept is not None:
            label, tip, short = kept
            b.label, b.tip, b.short = tr(label), tr(tip), tuple(tr(k) for k in short)
