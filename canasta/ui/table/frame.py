"""The table's frame: how its logical height is shared out among the hand, the status
line, the two meld bands and the stock and pile, from the window's shape and the
player's Text size and Card size.

The table is 1280 logical units wide (wider by the pinned move log's column) and at
least 800 high. When the window is taller than that width's 16:10 (always so with the
log pinned in a 16:10 window) the table is as high as the window, not letterboxed:
the hand, its label, the status line and the buttons keep to the bottom, the top
seat to the top, and the two meld bands share the height between.

Larger cards and text take room from the bands: the hand grows upwards, the status
line and the viewer's band move up above it, the band headers and meld labels get
taller lines, and the stock's and pile's counts go beside them rather than under. With
one other side its band starts right of the (larger) scores panel, and the seats at
the sides keep their names under that panel.
The bands keep at least :func:`min_band` each: when they would not, the pile (then
the hand) is drawn smaller than the Card size asks, never smaller than today's. At
100% and 100% in an 800-high table every place is the one it always was.
"""

from __future__ import annotations

from typing import NamedTuple

import pygame

from ..layout import CARD_H, LOGICAL_H, LOGICAL_W

HAND_LIFT = 22               # a selected card rises by this much (the layout's too)
TOP_BAND_Y = 112             # the top band's top at Text size 100%
BAND_X, BAND_W, BAND_W_TOP = 150, 900, 980
BAND_SPLIT = (150, 480, 650, 480)  # two other sides: left and right halves of the top
BUTTON_X, BUTTON_W_AREA = 1086, 188
BUTTON_H, BUTTON_GAP = 34, 6
MESSAGE_X, MESSAGE_W = 150, 930
MELD_LINE = 15               # one line of a meld's label at Text size 100%


HUD_BOX = pygame.Rect(8, 6, 250, 26)   # the scores panel at 100% (a row a side below this)
#: the widest a seat's label at the side may be (logical): it stays left of the bands
SIDE_LABEL_W = 138


def hud_box(teams: int, text: float = 1.0) -> pygame.Rect:
    """The scores panel at the top left (logical), larger with the frame's text factor."""
    row = 22 if teams <= 2 else 19
    return pygame.Rect(HUD_BOX.x, HUD_BOX.y, int(HUD_BOX.w + 110 * (text - 1)), int((HUD_BOX.h + row * teams) * text))


class Frame(NamedTuple):
    """Places on the table that depend on its height and the size settings (logical)."""

    height: int
    card: float                  # the Card size asked for (1.0 to 2.0)
    text: float                  # how much taller than at 100% a line of text is, in logical units
                                 # (the Text size; more in a small window, where text keeps a least size)
    hand_scale: float            # the viewer's hand as drawn (at most ``card``)
    pile_scale: float            # the stock and the pile
    hand_y: float                # the centre of the viewer's hand
    hand_label_y: float          # the bottom of "You: 11 cards"
    hand_zone: pygame.Rect
    message_box: pygame.Rect     # the status line and the messages that take its place
    status_y: float
    button_area: pygame.Rect
    button_h: int
    stock_pos: tuple[float, float]
    pile_pos: tuple[float, float]
    counts_beside: bool          # "Stock 40" and "Pile 7" beside the cards, not under them
    top_band: pygame.Rect        # the other side's band (or the two others' together)
    own_band: pygame.Rect        # the viewer's side's band
    mid_dy: float                # how far the middle moved down
    meld_line: float             # one line of a meld's label
    side_dy: float = 0.0         # how far the seats at the sides moved down

    def bands(self, players: int, teams: int, viewer_team: int) -> dict[int, pygame.Rect]:
        """The meld area of each side: the viewer's along the bottom, the others on top."""
        bands = {viewer_team: pygame.Rect(self.own_band)}
        others = [(viewer_team + k) % teams for k in range(1, teams)]
        top = self.top_band
        if len(others) == 1:
            bands[others[0]] = pygame.Rect(top)
        else:
            bands[others[0]] = pygame.Rect(BAND_SPLIT[0], top.y, BAND_SPLIT[1], top.h)
            bands[others[1]] = pygame.Rect(BAND_SPLIT[2], top.y, BAND_SPLIT[3], top.h)
        return bands


def min_band(text: float) -> float:
    """The least height a meld band keeps: a small card, a short fan and one line of label."""
    return 60 + 20 * text


def text_factor(text_size: float, scale: float, least: int = 17, usual: int = 18) -> float:
    """How much taller than at 100% a line of the table's text is in logical units, at a
    Text size of ``text_size`` (1.0 to 2.0) in a window drawing the table at ``scale``:
    the Text size, and more where a label's usual size falls under the ``least`` pixel
    size text keeps (view.fs: a small window). 1.0 at 100%, where every place stays."""
    if text_size <= 1.0:
        return 1.0
    return text_size * max(1.0, least / (usual * scale))


def table_height(window: tuple[int, int], width: int) -> int:
    """The logical height of a table ``width`` wide in a window of ``window`` pixels: 800,
    or more when the window is taller than the table's width at 16:10."""
    w, h = window
    if w <= 0 or h <= 0:
        return LOGICAL_H
    scale = min(w / width, h / LOGICAL_H)
    return max(LOGICAL_H, int(h / scale))


def _middle(pile_scale: float, text: float, beside: bool) -> float:
    """The height between the bands: the stock and the pile, their counts (under them,
    unless ``beside``) and the header of the viewer's band."""
    cards = CARD_H * pile_scale
    if beside:
        return 24 + cards + 22 * text
    return 20 + cards + 58 * text


def frame(height: int = LOGICAL_H, card: float = 1.0, text: float = 1.0, teams: int = 2) -> Frame:
    """The frame of a table ``height`` high at these sizes (module documentation)."""
    card = min(2.0, max(1.0, card))
    text = min(3.0, max(1.0, text))
    larger = card > 1.0 or text > 1.0
    hand_bottom = height - 6 - 20 * text
    msg_h = 22 + 24 * text
    # under the scores panel (view.hud_box: a row a side) and the top band's header
    hud = hud_box(teams, text)
    top_x = BAND_X
    if text > 1 and teams == 2:
        # larger text, one other side: its band starts right of the scores panel, and under
        # the top seat's name and count (not under the taller panel)
        top_x = hud.right + 10
        top_y = max(TOP_BAND_Y, 52 + 31 * text + 10)
    else:
        top_y = max(TOP_BAND_Y, hud.bottom + 14 * text + 6)
    hand_scale, pile_scale = card, 1.0 + (card - 1) / 2
    while True:
        hand_top = hand_bottom - CARD_H * hand_scale - HAND_LIFT
        msg_y = hand_top - 3 - msg_h
        own_bottom = msg_y + 3
        band = (own_bottom - top_y - _middle(pile_scale, text, larger)) / 2
        if not larger or band >= min_band(text):
            break
        if pile_scale > 1.0:                # the pile gives way first: the hand is what is read most
            pile_scale = max(1.0, round(pile_scale - 0.05, 2))
        elif hand_scale > 1.0:
            hand_scale = max(1.0, round(hand_scale - 0.05, 2))
        else:
            break
    top = pygame.Rect(top_x, int(top_y), BAND_X + BAND_W_TOP - top_x, int(band))
    own_top = int(own_bottom - band)
    own = pygame.Rect(BAND_X, own_top, BAND_W, int(own_bottom) - own_top)
    pile_y = top.bottom + (12 if larger else 31) + CARD_H * pile_scale / 2
    button_h = int(BUTTON_H + 16 * (text - 1))
    area_h = 4 * (button_h + BUTTON_GAP) + 22
    hand_zone_top = int(hand_top) - 4
    return Frame(
        height=height, card=card, text=text, hand_scale=hand_scale, pile_scale=pile_scale,
        hand_y=hand_bottom - CARD_H * hand_scale / 2, hand_label_y=height - 6,
        hand_zone=pygame.Rect(150, hand_zone_top, 980, height - hand_zone_top),
        message_box=pygame.Rect(MESSAGE_X, int(msg_y), MESSAGE_W, int(msg_h)),
        status_y=msg_y + 21 - 8 * (text - 1), button_area=pygame.Rect(BUTTON_X, int(height - area_h - 6),
                                                                     BUTTON_W_AREA, int(area_h)),
        button_h=button_h, stock_pos=(560, pile_y), pile_pos=(700, pile_y), counts_beside=larger,
        top_band=top, own_band=own, mid_dy=pile_y - 352, meld_line=MELD_LINE * text,
        # a side seat's name (over its fan of up to 94 units each way) stays under the scores panel
        side_dy=max(pile_y - 352, hud.bottom + 6 + 94 + 42 * text - 380) if top_x != BAND_X else pile_y - 352)


#: the frame of today's table (800 high, both sizes at 100%)
DEFAULT = frame()

__all__ = ["Frame", "frame", "table_height", "min_band", "DEFAULT", "LOGICAL_W"]
