"""How one meld's cards lie in its column of a side's band: the order they are fanned
in, a canasta squared up with its wild cards beneath, a closed run or wild canasta as
one stack, the lines of the label under it, and the height of its column fully open.
Pure functions of the meld and the column, used by :func:`.layout.lay_out`.
"""

from __future__ import annotations

from typing import Optional

from ...engine.cards import KIND_OF, RANK_OF, SUIT_OF, TWO, WILD_OF
from ..anim import Pose
from ..layout import CARD_H, CARD_W, MELD_SCALE

SIDEWAYS = 90                # the angle of a card lying across the pile or under a canasta
MELD_Z = 400
MELD_FAN = 15                # each card of a short meld shows this much of its top (at MELD_SCALE)
MELD_FAN_MIN = 2.0           # a fan closes up to this (only hand-made long fans get there)
MELD_TOP_PAD = 3             # the cards start this far below the band's top
MELD_LABEL_DY = 2            # a meld's label ends this far above the band's bottom
MELD_LABEL_GAP = 1           # felt between a meld's cards and its label
CANASTA_WILD_PEEK = 34       # the wild cards under a canasta peek out this far (at MELD_SCALE)
CANASTA_WILD_STEP = 7


def meld_order(m) -> list[int]:
    """The cards of a meld in the order they are fanned: a sequence in rank order (low
    at the top), a group its naturals then its wild cards, a wild meld twos then jokers."""
    if m.kind == "sequence":
        return sorted(m.cards, key=lambda c: (RANK_OF[c], c))
    if m.kind == "wild":
        return sorted(m.cards, key=lambda c: (KIND_OF[c] != TWO, c))
    return [c for c in m.cards if not WILD_OF[c]] + [c for c in m.cards if WILD_OF[c]]


def column_key(m):
    """Where a meld stands in its side's row: groups by rank (several groups of one rank
    side by side, oldest first), then sequences by suit and low end, wild melds, black threes."""
    if m.kind == "sequence":
        ranks = [RANK_OF[c] for c in m.cards]
        return (1, SUIT_OF[m.cards[0]] if m.cards else 0, min(ranks, default=0), m.id)
    return ({"group": 0, "wild": 2}.get(m.kind, 3), m.rank, 0, m.id)


def squared_poses(m, x: float, top_y: float, scale: float) -> dict[int, Pose]:
    """A closed run or wild canasta (samba, escalera, bolivia): one square stack, its
    highest card (a joker for a bolivia when it has one) on top."""
    order = meld_order(m)
    poses = {}
    for k, c in enumerate(order):
        poses[c] = Pose(x + 1, top_y + 1 + min(k, 3) * 0.8, True, 0, scale, MELD_Z + k)
    top = order[-1]
    poses[top] = Pose(x, top_y, True, 0, scale, MELD_Z + len(order) + 1)
    return poses


def meld_label_lines(m) -> int:
    """Lines under a meld: a canasta's mark, its size and its points on three lines; a
    sequence's run, then its points; any other meld its size and points on one line
    (a fan of six keeps room to show every card)."""
    if m.canasta is not None:
        return 3
    return 2 if m.kind == "sequence" else 1


def fan_step(n: int, scale: float, room: Optional[float]) -> float:
    """The spacing of a fan of ``n`` cards whose last card may start at most ``room``
    below the first: the full fan when it fits, closed up when it does not."""
    step = MELD_FAN * scale / MELD_SCALE
    if room is not None and n > 1:
        step = min(step, max(MELD_FAN_MIN, room / (n - 1)))
    return step


def meld_poses(m, x: float, top_y: float, scale: float = MELD_SCALE, sideways: bool = True,
               fan_room: Optional[float] = None) -> dict[int, Pose]:
    """A short meld is fanned downwards (a sequence in rank order); a canasta is squared
    up with its wild cards sideways beneath and a natural on top (red for a natural
    canasta, black for a mixed one when there is one); a samba, escalera or bolivia is
    squared up as one stack. ``sideways``: False where the column is too narrow for a
    card lying across (the wild cards under a canasta then peek out upright).
    ``fan_room``: how far below the first card's centre the last card's centre may
    lie (the label under the meld stays clear): a long fan, or the wild cards under
    a canasta, close up to fit."""
    poses = {}
    if (m.canasta is not None) and m.kind in ("sequence", "wild"):
        return squared_poses(m, x, top_y, scale)
    if (m.canasta is not None):
        naturals = [c for c in m.cards if not WILD_OF[c]]
        wilds = [c for c in m.cards if WILD_OF[c]]
        want_red = not wilds
        reds = [c for c in naturals if (SUIT_OF[c] in (1, 2)) == want_red]
        top = reds[-1] if reds else naturals[-1]
        peek, wstep = CANASTA_WILD_PEEK * scale / MELD_SCALE, CANASTA_WILD_STEP * scale / MELD_SCALE
        reach = peek + max(len(wilds) - 1, 0) * wstep + (CARD_W - CARD_H) * scale / 2 * bool(sideways)
        if fan_room is not None and wilds and reach > fan_room:
            shrink = max(fan_room, 0) / reach
            peek, wstep = peek * shrink, wstep * shrink
        z = MELD_Z
        for k, c in enumerate(wilds):
            poses[c] = Pose(x, top_y + peek + k * wstep, True, SIDEWAYS if sideways else 0, scale, z)
            z += 1
        for k, c in enumerate([c for c in naturals if c != top]):
            poses[c] = Pose(x + 1, top_y + 1 + min(k, 3) * 0.8, True, 0, scale, z)
            z += 1
        poses[top] = Pose(x, top_y, True, 0, scale, z + 1)
    else:
        order = meld_order(m)
        step = fan_step(len(order), scale, fan_room)
        for k, c in enumerate(order):
            poses[c] = Pose(x, top_y + k * step, True, 0, scale, MELD_Z + k)
    return poses


def natural_height(m, scale: float, label_h: float) -> float:
    """How high a meld's column is with its fan fully open and its label under it."""
    if m.canasta is not None and m.kind in ("sequence", "wild"):
        cards = CARD_H * scale + 4
    elif m.canasta is not None:
        wilds = sum(1 for c in m.cards if WILD_OF[c])
        cards = CARD_H * scale + (CANASTA_WILD_PEEK + max(wilds - 1, 0) * CANASTA_WILD_STEP) * scale / MELD_SCALE \
            if wilds else CARD_H * scale + 4
    else:
        cards = CARD_H * scale + (len(m.cards) - 1) * MELD_FAN * scale / MELD_SCALE
    return MELD_TOP_PAD + cards + MELD_LABEL_GAP + label_h + MELD_LABEL_DY + 2
