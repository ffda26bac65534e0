"""The table's lettering: the sizes of its text, never under :data:`MIN_TEXT`, and the
wording that fits a width (longest first), with the few words every drawing part uses."""

from __future__ import annotations

from ...engine.cards import POINTS_OF
from ...i18n import tn, tr
from ..draw import fit_text, font
from ..layout import View

LABEL_SIZE, SMALL_SIZE, COUNT_SIZE = 18, 16, 15
TIP_SIZE = 17
MIN_TEXT = 17                 # the smallest text on the table (pygame's default font: capitals 8-9 px, as 12 px type)


def fs(v: View, n: float) -> int:
    """The pixel size of text ``n`` logical units high, never under :data:`MIN_TEXT` (the
    Text size then makes it larger: at 200%, twice what 100% draws in this window)."""
    return max(MIN_TEXT, v.size(n))


def cards(n: int) -> str:
    """"1 card", "5 cards"."""
    return tr(tn("{count} card", "{count} cards", n))


def meld_points(m) -> int:
    """The points of a meld's cards."""
    return sum(POINTS_OF[c] for c in m.cards)


def fit_first(choices, size: int, width: int, bold: bool = False) -> tuple[str, int]:
    """The first of ``choices`` (longest wording first) that fits ``width`` at ``size``;
    failing all, the last one made to fit (smaller, down to MIN_TEXT, then cut)."""
    for s in choices:
        if font(size, bold).size(s)[0] <= width:
            return s, size
    return fit_text(choices[-1], size, width, bold=bold, shrink=min(0.999, MIN_TEXT / max(size, 1)))
