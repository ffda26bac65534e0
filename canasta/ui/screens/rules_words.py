"""Words the rules screens share: small numbers written out, the minimum-count table.

The sentences are :class:`~canasta.i18n.Text` messages whose English is what the
screens always said; a number written out ("seven") is a message of its own, so the
sentence around it is rendered in the player's language with the language's word.
"""

from __future__ import annotations

from ...engine.rules import Rules
from ...engine.state import Grouped  # noqa: F401  (the rules screens import it from here)
from ...i18n import N_, Text, t

NUMBER_WORDS = {0: N_("no"), 1: N_("one"), 2: N_("two"), 3: N_("three"), 4: N_("four"), 5: N_("five"),
                6: N_("six"), 7: N_("seven"), 8: N_("eight"), 9: N_("nine"), 10: N_("ten"), 11: N_("eleven"),
                12: N_("twelve")}
#: the same words starting a sentence
NUMBER_WORDS_CAPITAL = {0: N_("No"), 1: N_("One"), 2: N_("Two"), 3: N_("Three"), 4: N_("Four"), 5: N_("Five"),
                        6: N_("Six"), 7: N_("Seven"), 8: N_("Eight"), 9: N_("Nine"), 10: N_("Ten"),
                        11: N_("Eleven"), 12: N_("Twelve")}


def number_word(k: int):
    """A small number in words ("seven"), larger ones in figures."""
    return Text(NUMBER_WORDS[k]) if k in NUMBER_WORDS else Grouped(k)


def number_word_capital(k: int):
    """:func:`number_word` starting a sentence ("Seven")."""
    return Text(NUMBER_WORDS_CAPITAL[k]) if k in NUMBER_WORDS_CAPITAL else Grouped(k)


def score_line(line) -> Text:
    """A score line as the rules screens write it: "Each canasta: its bonus."."""
    return t("{label}: {detail}.", label=_as_text(line.label), detail=_as_text(line.detail))


def _as_text(value):
    return value if isinstance(value, Text) else Text(str(value))


def minimum_rows(rules: Rules) -> list[tuple[str, int]]:
    """The minimum-count table as (range of the side's total, minimum) rows."""
    r = rules.resolved()
    rows = [(Text(N_("below 0")), r.negative_minimum)]
    table = list(r.minimum_table or ())
    if table and table[0][0] > 0:
        rows.append((t("0 to {top}", top=Grouped(table[0][0] - 5)), 0))
    for i, (threshold, minimum) in enumerate(table):
        if i + 1 < len(table):
            rows.append((t("{low} to {top}", low=Grouped(threshold), top=Grouped(table[i + 1][0] - 5)), minimum))
        else:
            rows.append((t("{low} or more", low=Grouped(threshold)), minimum))
    return rows
