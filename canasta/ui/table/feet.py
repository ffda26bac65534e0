"""The table's pieces for games that deal a foot (Hand and Foot): each player's foot
lies face down beside their hand with its count until it is picked up, and a side's
books of one rank stack in one column with a count.

The layout calls :func:`lay_out_feet` (the foot cards are sprites like any other, so
a foot picked up glides into its hand), and :func:`stack_books` when it orders a
side's melds; the view calls :func:`draw_foot_labels`; the status line adds
:func:`foot_note`. Nothing here runs for a game without a foot.
"""

from __future__ import annotations

from typing import NamedTuple, Optional

from ...engine.observe import Observation
from ..anim import Pose
from ..layout import CARD_H, CARD_W, HAND_Y, OTHER_SCALE

FOOT_Z = 180
FOOT_STACK = 3                  # the stack shows this many edges
VIEWER_FOOT = (78, HAND_Y)      # the viewer's foot: left of the hand
SIDE_FOOT_DX = 66               # a foot beside a hand at the left or right edge, toward the middle
TOP_FOOT_GAP = 44               # a foot left of the hand at the top


class FootLabel(NamedTuple):
    seat: int
    x: float
    y: float          # the label's top
    count: int


def has_feet(ob: Observation) -> bool:
    return bool(ob.rules.foot_size)


def foot_place(players: int, seat: int, viewer: Optional[int], ob: Observation, fr=None) -> tuple[float, float]:
    """Where ``seat``'s foot lies: left of the viewer's hand, toward the middle beside a
    hand at the side, left of a hand at the top."""
    from .frame import DEFAULT
    from .layout import backs_half_width, seat_place
    fr = fr or DEFAULT
    cx, cy, orient = seat_place(players, seat, viewer, fr)
    if seat == (viewer if viewer is not None else 0):
        return VIEWER_FOOT[0], fr.hand_y
    if orient == "v":
        return (cx + SIDE_FOOT_DX if cx < 640 else cx - SIDE_FOOT_DX), cy
    half = backs_half_width(ob.hand_sizes[seat], orient)
    return cx - half - TOP_FOOT_GAP, cy


def lay_out_feet(ob: Observation, feet: tuple, viewer: Optional[int], out) -> None:
    """Poses of the feet still to be picked up (``feet``: the ids of each seat's foot
    cards, face down) and their labels, into the layout ``out``."""
    if not has_feet(ob):
        return
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


def draw_foot_labels(surf, v, layout, size: int, colour) -> None:
    """"Foot 11" under each foot still face down."""
    from ..widgets import blit_text
    for item in layout.labels:
        if isinstance(item, FootLabel):
            blit_text(surf, f"Foot {item.count}", size, v.pt(item.x, item.y), colour, anchor="midtop")


def foot_note(st, seat: int) -> str:
    """A few words on ``seat``'s foot for the status line ("" in a game without one)."""
    if not st.rules.foot_size:
        return ""
    if st.in_foot(seat):
        return "You are in your foot."
    return f"Your foot waits: {len(st.feet[seat])} cards."


def stacked_books(ob, team_melds, order: list[int]) -> tuple[list[int], dict[int, int]]:
    """In a game with feet, closed books of one rank and kind share a column (five packs
    make many): ``order`` without the books stacked under an earlier one, and for each of
    these the index of the book it lies under."""
    if not ob.rules.foot_size:
        return order, {}
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


def place_stacked(out, team_melds, under: dict[int, int]) -> None:
    """The stacked books' cards squared under the book they share a column with."""
    depth: dict[int, int] = {}
    for i, base in under.items():
        top = max((out.targets[c] for c in team_melds[base].cards if c in out.targets),
                  key=lambda p: p.z, default=None)
        if top is None:
            continue
        k = depth[base] = depth.get(base, 0) + 1
        for j, c in enumerate(team_melds[i].cards):
            out.targets[c] = Pose(top.x + 1.5 * k, top.y + 1.5 * k, True, 0, top.scale, top.z - 60 * k - 20 + j)


def books_in_stack(melds, m) -> int:
    """How many closed books of ``m``'s rank and kind its side holds (1 for any other meld)."""
    if m.canasta is None or not m.closed:
        return 1
    return sum(1 for x in melds if x.closed and x.canasta == m.canasta and x.kind == m.kind and x.rank == m.rank)


BOOK_MARKS = ("clean", "dirty", "wild")
_ = CARD_W
