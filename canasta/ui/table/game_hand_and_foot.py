"""Hand and Foot at the table (see :mod:`.pieces`): each player's foot lies face down
beside their hand with its count until it is picked up, a side's books of one rank
stack in one column with a count, a book is called a book, and the status line says
whether the player's foot still waits.

The foot cards are sprites like any other (:func:`lay_out`), so a foot picked up
glides into its hand.
"""

from __future__ import annotations

from typing import NamedTuple, Optional

from ...engine.observe import Observation
from ..anim import Pose
from ..layout import CARD_H, HAND_Y, OTHER_SCALE
from ..widgets import DIM, blit_text
from .frame import DEFAULT, Frame
from .layout import backs_half_width, seat_place
from .view import SMALL_SIZE, fs
from ...i18n import N_, Text, t, tn, tr
from .words import kind_word

FOOT_Z = 180
FOOT_STACK = 3                  # the stack shows this many edges
VIEWER_FOOT = (78, HAND_Y)      # the viewer's foot: left of the hand
SIDE_FOOT_DX = 66               # a foot beside a hand at the left or right edge, toward the middle
TOP_FOOT_GAP = 44               # a foot left of the hand at the top
BOOK_MARKS = ("clean", "dirty", "wild")

#: the toast when a side completes one: "... completed a clean book!"
canasta_word = "book"


class FootLabel(NamedTuple):
    seat: int
    x: float
    y: float          # the label's top
    count: int


def foot_place(players: int, seat: int, viewer: Optional[int], ob: Observation,
               fr: Optional[Frame] = None) -> tuple[float, float]:
    """Where ``seat``'s foot lies: left of the viewer's hand, toward the middle beside a
    hand at the side, left of a hand at the top."""
    fr = fr or DEFAULT
    cx, cy, orient = seat_place(players, seat, viewer, fr)
    if seat == (viewer if viewer is not None else 0):
        return VIEWER_FOOT[0], fr.hand_y
    if orient == "v":
        return (cx + SIDE_FOOT_DX if cx < 640 else cx - SIDE_FOOT_DX), cy
    half = backs_half_width(ob.hand_sizes[seat], orient)
    return cx - half - TOP_FOOT_GAP, cy


def lay_out(ob: Observation, down, viewer: Optional[int], out) -> None:
    """Poses of the feet still to be picked up (``down.feet``: the ids of each seat's
    foot cards, face down) and their labels, into the layout ``out``."""
    feet = down.feet
    players = ob.rules.players
    for seat in range(players):
        n = ob.foot_sizes[seat]
        ids = feet[seat] if seat < len(feet) else ()
        if not n:
            continue
        x, y = foot_place(players, seat, viewer, ob, out.frame)
        for i, c in enumerate(ids):
            k = min(i, FOOT_STACK)
            out.targets[c] = Pose(x - k * 1.5, y - k * 1.5, False, 0, OTHER_SCALE, FOOT_Z + i)
            out.origin[c] = out.targets[c]
        out.labels.append(FootLabel(seat, x, y + CARD_H * OTHER_SCALE / 2 + 3, n))


def draw(painter, surf, v) -> None:
    """"Foot 11" under each foot still face down."""
    size = fs(v, SMALL_SIZE)
    for item in painter.scene.ctl.layout.labels:
        if isinstance(item, FootLabel):
            blit_text(surf, tr(t("Foot {count}", count=item.count)), size, v.pt(item.x, item.y), DIM, anchor="midtop")


def status_note(st, seat: int) -> str:
    """A few words on ``seat``'s foot for the status line."""
    if st.in_foot(seat):
        return Text(N_("You are in your foot."))
    return tn("Your foot waits: {count} card.", "Your foot waits: {count} cards.", len(st.feet[seat]))


def stack_melds(ob, team_melds, order: list[int]) -> tuple[list[int], dict[int, int]]:
    """Closed books of one rank and kind share a column (five packs make many):
    ``order`` without the books stacked under an earlier one, and for each of these the
    index of the book it lies under."""
    kept: list[int] = []
    under: dict[int, int] = {}
    first: dict[tuple, int] = {}
    for i in order:
        m = team_melds[i]
        if m.canasta is not None and m.closed:
            key = (m.kind, m.rank, m.canasta)
            if key in first:
                under[i] = first[key]
                continue
            first[key] = i
        kept.append(i)
    return kept, under


def books_in_stack(melds, m) -> int:
    """How many closed books of ``m``'s rank and kind its side holds (1 for any other meld)."""
    if m.canasta is None or not m.closed:
        return 1
    return sum(1 for x in melds if x.closed and x.canasta == m.canasta and x.kind == m.kind and x.rank == m.rank)


def meld_words(m, team_melds):
    """A book's label: BOOK (a wild book: WILD) and its kind, size and stack ("dirty 7 x2");
    narrow, the kind's letter (C, D, W) before the count, never the count alone."""
    if m.canasta not in BOOK_MARKS:
        return None
    mark = tr(N_("WILD") if m.canasta == "wild" else N_("BOOK"))
    marks = [mark, tr(N_("BK")) if m.canasta != "wild" else mark[:3] + "."]
    n = len(m.cards)
    stack = books_in_stack(team_melds, m)
    more = f" x{stack}" if stack > 1 else ""
    kind = tr(kind_word(m.canasta))
    letter = kind[0].upper()
    return marks, [f"{kind} {n}{more}", f"{kind[:3]}. {n}{more}", f"{letter}{n}{more}", f"{letter}{n}"]
