"""Where every card, drop zone and label of the table lies: a pure function of what
the viewer knows and the view options.

Everything is in the logical 1280 x 800 table (:class:`~canasta.ui.layout.View`
scales it to the window). :func:`lay_out` reads the viewer's
:class:`~canasta.engine.observe.Observation`, the ids of the face-down cards
(:class:`FaceDown`) and :class:`LayoutOptions`, and returns a :class:`TableLayout`;
it changes nothing and draws nothing, so the controller can ask for a layout after
every change and the view can draw from the last one.

What the window knows is what the seat at the bottom knows, as the computer players
do: every card drawn face up and every count (the viewer's hand, the pile and its
sideways cards, the melds, the red threes, the hand sizes, the stock's size) comes
from the observation. The state gives only the ids of the cards drawn as backs --
the other hands and the stock -- because a sprite is keyed by its card's id (a card
glides from the stock to a hand as the same sprite); see :class:`FaceDown`. The
layout never looks at what those ids are.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple, Optional

import pygame

from ...engine.cards import KIND_OF, SUIT_OF, TWO, WILD_OF
from ...engine.observe import Observation
from ..anim import Pose
from .meld_poses import (MELD_LABEL_DY, MELD_LABEL_GAP, MELD_TOP_PAD, SIDEWAYS, column_key, fan_step,
                         meld_label_lines, meld_poses, natural_height)
from .pieces import table_part
from .frame import DEFAULT as DEFAULT_FRAME, HUD_BOX as FRAME_HUD_BOX, Frame, frame
from ..layout import (BUTTON_AREA, CARD_H, CARD_W, HAND_Y, LOGICAL_H, LOGICAL_W, MELD_SCALE, OTHER_SCALE, PILE_POS, RED3_SCALE,
                      SEAT_PLACES, STOCK_POS, team_bands)

CENTRE_X = LOGICAL_W // 2

# -- the stock and the pile
STOCK_SPRITES = 3            # only the top few stock cards are sprites; a stack is drawn beneath
STOCK_Z = 10
PILE_SHOWN = 6               # the top pile cards drawn (and every sideways card)
PILE_Z = 100
PILE_FAN = 1.5               # each card under the top one peeks out by this much
PILE_FAN_DEPTH = 5
PILE_DROP_MARGIN = 30        # a drop near the pile counts as on it
COUNT_LABEL_DY = 62          # "Stock 40" and "Pile 7" sit this far below the cards' centres

# -- the viewer's hand
HAND_SPAN = 880              # the fan of the hand never gets wider than this
HAND_OVERLAP = 0.72          # at most this much of a card's width between two cards
HAND_LIFT = 22               # a selected card rises by this much
HAND_Z = 300
HAND_ZONE = pygame.Rect(150, HAND_Y - 75, 980, 150)
HAND_LABEL_Y = 794

# -- the other hands (backs)
BACKS_Z = 200
BACKS_SPAN_H, BACKS_STEP_H = 260, 14.0
BACKS_SPAN_V, BACKS_STEP_V = 150, 10.0

# -- melds in each team's band
MELD_SLOT = 68.0             # the widest a meld's column gets
MELD_MIN_SCALE = 0.40         # a side with many melds (Samba) gets smaller cards, never overlapping
MELD_COLUMN_GAP = 4           # at least this much felt between two meld columns
BAND_PAD = 10
BAND_PAD_RED3 = 52           # room for the red threes at the band's left end, and for the ring that marks
                             # a meld just made beside them (it reached over their column at 46)
STAGED_Z = 520
RED3_X, RED3_Y, RED3_STEP, RED3_Z = 24, 30, 16, 150
MELD_LINE = 15               # one line of a meld's label (room for 12 px text at 1024 x 640)

# -- buttons and panels
BUTTON_COLUMNS = 2
BUTTON_W, BUTTON_H, BUTTON_GAP = 90, 34, 6
MENU_BUTTON = pygame.Rect(1184, 8, 88, 30)
HUD_BOX = FRAME_HUD_BOX       # the scores panel (frame.hud_box: larger with the Text size)
STATUS_Y = 626
TOAST_CENTRE = (CENTRE_X, 420)
PRIVACY_BOX = pygame.Rect(340, 250, 600, 260)
PRIVACY_BUTTON = pygame.Rect(560, 420, 160, 44)
DIALOG_BOX = pygame.Rect(390, 300, 500, 150)
DIALOG_YES = pygame.Rect(430, 380, 190, 44)
DIALOG_NO = pygame.Rect(660, 380, 190, 44)
SHEET_Y, SHEET_H = 110, 560
SHEET_LABEL_W, SHEET_COLUMN_W = 300, 190
SHEET_NEXT = pygame.Rect(CENTRE_X - 190, 610, 180, 44)
SHEET_LEAVE = pygame.Rect(CENTRE_X + 10, 610, 180, 44)


def sheet_buttons(teams: int, count: int = 3) -> list[pygame.Rect]:
    """The score sheet's buttons (Next deal, Back to menu, Review) in a row along its
    bottom, all inside the sheet however many sides it has columns for."""
    width = SHEET_LABEL_W + SHEET_COLUMN_W * teams
    gap = 16
    w = min(180, (width - 40 - gap * (count - 1)) // count)
    x = CENTRE_X - (w * count + gap * (count - 1)) // 2
    return [pygame.Rect(x + k * (w + gap), SHEET_NEXT.y, w, SHEET_NEXT.h) for k in range(count)]

# -- the move log (the table helper draws it; the layout keeps its place)
LOG_MODES = ("closed", "open", "pinned")
LOG_W = 300                  # the pinned column beside the table (its width in a 16:10 window: see
LOG_W_RANGE = (240, 420)     # pinned_log_width, between these)
LOG_MARGIN = 8
LOG_OVERLAY = pygame.Rect(LOGICAL_W - 8 - LOG_W, MENU_BUTTON.bottom + 8, LOG_W, BUTTON_AREA.y - MENU_BUTTON.bottom - 20)


def pinned_log_width(window: tuple[int, int]) -> int:
    """The pinned column's logical width in a window of ``window`` pixels: the room the
    window has beside the table's 16:10, within :data:`LOG_W_RANGE`; a 16:10 window
    gives it the least, so that the table loses as little of its height as may be."""
    w, h = window
    spare = int(w / max(1, h) * LOGICAL_H) - LOGICAL_W
    return max(LOG_W_RANGE[0], min(LOG_W_RANGE[1], spare))


def log_rect(mode: str, log_w: int = LOG_W, height: int = LOGICAL_H) -> Optional[pygame.Rect]:
    """Where the move log is drawn: nowhere when closed; over the right of the table
    when opened; in a column of its own right of the table when pinned (the table is
    then ``LOGICAL_W + log_w`` wide and everything else keeps its place left of it)."""
    if mode == "pinned":
        return pygame.Rect(LOGICAL_W, LOG_MARGIN, log_w - LOG_MARGIN, height - 2 * LOG_MARGIN)
    if mode == "open":
        return pygame.Rect(LOG_OVERLAY)
    return None


def table_width(mode: str, log_w: int = LOG_W) -> int:
    """The logical width of the table with the move log in ``mode`` (see :func:`log_rect`)."""
    return LOGICAL_W + log_w if mode == "pinned" else LOGICAL_W


@dataclass(frozen=True)
class LayoutOptions:
    """What the table shows besides the observation: whose hand is face up, what is picked."""

    viewer: Optional[int]                   # the seat at the bottom of the table
    show_hand: bool                         # the viewer's hand is face up
    selected: frozenset = frozenset()
    staged: tuple = ()                      # groups of card ids staged for the first meld
    hand_sort: str = "rank"                 # "rank", "suit" or "none"
    card: float = 1.0                       # the Card size setting (1.0 to 2.0)
    log: str = "closed"                     # the move log: "closed", "open" or "pinned"
    log_w: int = LOG_W                      # the pinned log's width (pinned_log_width of the window)
    text: float = 1.0                       # the Text size setting (1.0 to 2.0)
    height: int = LOGICAL_H                 # the table's logical height (frame.table_height of the window)


class FaceDown(NamedTuple):
    """The ids of the cards the viewer sees only the backs of, for sprite identity.

    ``hands`` per seat, ``stock`` bottom card first. The layout draws these cards as
    backs, always, and takes nothing else from them (not their faces, which the ids
    would tell): counts come from the observation. The viewer's own hand is not here;
    it is in the observation, and drawn face down when ``LayoutOptions.show_hand`` is
    false (hot-seat privacy, a computer's turn). A hand that a replay shows face up
    is turned over by the replay after the layout (the game is over then), not here.
    """

    hands: tuple[tuple[int, ...], ...]
    stock: tuple[int, ...]
    feet: tuple[tuple[int, ...], ...] = ()     # each seat's foot still face down (a game with feet)


def face_down_ids(st, viewer: Optional[int]) -> FaceDown:
    """The face-down ids of ``st`` as ``viewer`` sees the table (the only thing the
    window reads of the state for the layout besides the observation)."""
    return FaceDown(tuple(() if s == viewer else tuple(h) for s, h in enumerate(st.hands)), tuple(st.stock),
                    tuple(tuple(f) for f in st.feet))


class SeatLabel(NamedTuple):
    seat: int
    x: float
    y: float
    orient: str          # "h" or "v"
    count: int           # cards in that hand
    own: bool            # the viewer's own (face-up) hand


class MeldLabel(NamedTuple):
    """Under a meld: ``lines`` lines of ``MELD_LINE`` in ``box`` (the last line's
    bottom at ``y``): a canasta's mark, its size (or a sequence's run), its points."""
    team: int
    index: int
    x: float
    y: float
    box: pygame.Rect = pygame.Rect(0, 0, 0, 0)
    lines: int = 2


class StagedLabel(NamedTuple):
    index: int
    x: float
    y: float
    box: pygame.Rect = pygame.Rect(0, 0, 0, 0)


@dataclass
class TableLayout:
    """Poses of the cards, drop zones and labels for one position of the table."""

    targets: dict[int, Pose] = field(default_factory=dict)   # where each shown card belongs
    origin: dict[int, Pose] = field(default_factory=dict)    # where a card not shown comes from
    zones: dict[str, pygame.Rect] = field(default_factory=dict)
    meld_zones: dict = field(default_factory=dict)           # meld id -> its column (viewer's side)
    bands: dict[int, pygame.Rect] = field(default_factory=dict)
    slots: dict[int, float] = field(default_factory=dict)    # the width of a meld column, per side
    meld_areas: dict = field(default_factory=dict)           # (team, index) -> where its cards lie
    labels: list = field(default_factory=list)
    hand_order: list[int] = field(default_factory=list)
    hand_step: float = 0.0
    viewer_team: int = 0
    seen: Optional[Observation] = None    # what it was laid out from: counts and labels read it
    log: Optional[pygame.Rect] = None     # where the move log is drawn (None: closed)
    width: int = LOGICAL_W                # the logical width (the View's ``logical_w``)
    height: int = LOGICAL_H               # the logical height (the View's ``logical_h``)
    frame: Frame = DEFAULT_FRAME          # where the hand, the status line, the bands and the pile are


def sort_key(card: int, mode: str):
    """Naturals by rank (or suit), then the wild cards (twos before jokers), then threes."""
    kind = KIND_OF[card]
    group = 0 if 4 <= kind <= 14 else (1 if WILD_OF[card] else 2)
    if mode == "suit" and group == 0:
        return (group, SUIT_OF[card], kind, card)
    return (group, kind if group != 1 else (0 if kind == TWO else 1), SUIT_OF[card], card)


def seat_place(players: int, seat: int, viewer: Optional[int], fr: Frame = DEFAULT_FRAME) -> tuple[float, float, str]:
    """Where a seat's hand lies, counted round the table from the viewer at the bottom (the
    viewer's at the frame's hand, the seats at the sides moved with the middle)."""
    base = viewer if viewer is not None else 0
    place = (seat - base) % players
    cx, cy, orient = SEAT_PLACES[players][place]
    if place == 0:
        return cx, fr.hand_y, orient
    if orient == "v":
        return cx, cy + fr.side_dy, orient
    return cx, cy, orient


def back_step(n: int, orient: str) -> float:
    """The spacing of a face-down hand of ``n`` cards."""
    if orient == "h":
        return min(BACKS_STEP_H, BACKS_SPAN_H / max(n, 1))
    return min(BACKS_STEP_V, BACKS_SPAN_V / max(n, 1))


def backs_half_width(n: int, orient: str) -> float:
    """Half the length of a face-down hand along its fan (labels sit beyond it)."""
    return (n - 1) * back_step(n, orient) / 2 + CARD_W * OTHER_SCALE / 2


def button_rects(count: int, area: pygame.Rect, height: int = BUTTON_H) -> list[pygame.Rect]:
    """The places of ``count`` visible buttons ``height`` high, in rows of two from the area's top left."""
    out = []
    for i in range(count):
        col, row = i % BUTTON_COLUMNS, i // BUTTON_COLUMNS
        out.append(pygame.Rect(area.x + col * (BUTTON_W + BUTTON_GAP), area.y + row * (height + BUTTON_GAP),
                               BUTTON_W, height))
    return out


def _stock_and_pile(st: Observation, down: FaceDown, out: TableLayout) -> None:
    sx, sy = out.frame.stock_pos
    k = out.frame.pile_scale
    for i, c in enumerate(down.stock[-STOCK_SPRITES:]):
        out.targets[c] = Pose(sx, sy, False, 0, k, STOCK_Z + i)
    for c in down.stock:
        out.origin[c] = Pose(sx, sy, False, 0, k, STOCK_Z)
    out.zones["stock"] = pygame.Rect(int(sx - CARD_W * k / 2), int(sy - CARD_H * k / 2), int(CARD_W * k), int(CARD_H * k))
    px, py = out.frame.pile_pos
    pile = st.pile
    shown = set(pile[-PILE_SHOWN:]) | set(st.sideways)
    for i, c in enumerate(pile):
        angle = SIDEWAYS if c in st.sideways else 0
        out.origin[c] = Pose(px, py, True, angle, k, PILE_Z + i)
        if c in shown:
            dx = -min(len(pile) - 1 - i, PILE_FAN_DEPTH) * PILE_FAN
            out.targets[c] = Pose(px + dx, py - dx, True, angle, k, PILE_Z + i)
    out.zones["pile"] = pygame.Rect(int(px - CARD_H * k / 2), int(py - CARD_H * k / 2), int(CARD_H * k), int(CARD_H * k))


def _hands(st: Observation, down: FaceDown, opts: LayoutOptions, out: TableLayout) -> None:
    players = st.rules.players
    for seat in range(players):
        hand = st.hand if seat == st.seat else down.hands[seat]
        cx, cy, orient = seat_place(players, seat, opts.viewer, out.frame)
        own = seat == st.seat and seat == opts.viewer and opts.show_hand
        if own:
            cards = sorted(hand, key=lambda c: sort_key(c, opts.hand_sort)) if opts.hand_sort != "none" \
                else list(hand)
            staged = {c for g in opts.staged for c in g}
            cards = [c for c in cards if c not in staged]
            n = len(cards)
            scale = out.frame.hand_scale
            w = CARD_W * scale
            # larger cards fan tighter: the fan is never wider than HAND_SPAN
            step = min(w * HAND_OVERLAP, (HAND_SPAN - w) / max(n - 1, 1)) if n > 1 else 0
            x0 = CENTRE_X - step * (n - 1) / 2
            # larger cards grow upwards: their bottom edge stays clear of the hand's label
            y = out.frame.hand_y
            for i, c in enumerate(cards):
                lift = -HAND_LIFT if c in opts.selected else 0
                out.targets[c] = Pose(x0 + i * step, y + lift, True, 0, scale, HAND_Z + i)
            out.zones["hand"] = pygame.Rect(out.frame.hand_zone)
            out.hand_order = cards
            out.hand_step = step
        else:
            n = len(hand)
            step = back_step(n, orient)
            for i, c in enumerate(hand):
                off = (i - (n - 1) / 2) * step
                if orient == "h":
                    out.targets[c] = Pose(cx + off, cy, False, 0, OTHER_SCALE, BACKS_Z + i)
                else:
                    out.targets[c] = Pose(cx, cy + off, False, SIDEWAYS, OTHER_SCALE, BACKS_Z + i)
        out.labels.append(SeatLabel(seat, cx, cy, orient, st.hand_sizes[seat], own))


BAND_USUAL_H = 160           # a band's height in today's 800-high table


def _melds(st, opts: LayoutOptions, out: TableLayout) -> None:
    """Each side's melds in columns along its band: every meld's cards inside its own
    area (``out.meld_areas``), its label in the lines under that area, never on a card."""
    r = st.rules
    vteam = st.team_of(opts.viewer if opts.viewer is not None else 0)
    out.viewer_team = vteam
    fr = out.frame
    out.bands = fr.bands(r.players, r.teams, vteam)
    own = table_part(r)
    for team, band in out.bands.items():
        team_melds = st.melds[team]
        order = sorted(range(len(team_melds)), key=lambda i: column_key(team_melds[i]))
        order, stacked = own.stack_melds(st, team_melds, order)   # Hand and Foot: books of a rank share a column
        columns = [("meld", i) for i in order]
        if team == vteam and opts.staged and opts.show_hand:
            columns += [("staged", j) for j in range(len(opts.staged))]
        reds = st.red3[team]
        left = band.x + (BAND_PAD_RED3 if reds else BAND_PAD)
        # the labels' lines: as many as the band has room for (larger text: fewer)
        most = max(1, int(band.h * 0.42 // fr.meld_line))
        line = fr.meld_line
        high = max([meld_label_lines(team_melds[i]) for i in order] + [1])
        # larger cards make larger melds where the band is wide and high enough (a long fan closes up)
        slot_max = MELD_SLOT * max(1.0, fr.card * 0.5 + 0.5)
        slot = min(slot_max, (band.right - BAND_PAD - left) / max(len(columns), 1))
        tall = (band.h - MELD_TOP_PAD - min(high, most) * line - MELD_LABEL_GAP - MELD_LABEL_DY - 14) / CARD_H
        scale = max(MELD_MIN_SCALE, min(MELD_SCALE * fr.card, (slot - MELD_COLUMN_GAP - 2) / CARD_W, tall))
        out.slots[team] = slot
        cw, ch = CARD_W * scale, CARD_H * scale
        x = left + cw / 2
        top_y = band.y + MELD_TOP_PAD + ch / 2
        label_y = band.bottom - MELD_LABEL_DY
        if band.h > BAND_USUAL_H:
            # a band taller than usual (a taller window): the labels under the longest fan's
            # natural length, not at the band's far bottom away from their cards
            label_y = band.y + min(band.h, max(BAND_USUAL_H, max(
                [natural_height(team_melds[i], scale, min(most, meld_label_lines(team_melds[i])) * line)
                 for i in order] + [0]))) - MELD_LABEL_DY
        sideways = CARD_H * scale <= slot - MELD_COLUMN_GAP
        for kind, idx in columns:
            col_left = int(x - cw / 2) - 1
            col_w = int(slot) - MELD_COLUMN_GAP
            lines = min(most, meld_label_lines(team_melds[idx])) if kind == "meld" else 1
            label_top = label_y - lines * line
            area = pygame.Rect(col_left, band.y + 1, col_w, int(label_top - MELD_LABEL_GAP) - band.y - 1)
            room = area.bottom - 1 - (top_y + ch / 2)     # the last card's centre may go this far down
            box = pygame.Rect(col_left, int(label_top), col_w, int(label_y - int(label_top)))
            if kind == "meld":
                out.targets.update(meld_poses(team_melds[idx], x, top_y, scale, sideways=sideways, fan_room=room))
                if team == vteam:
                    out.meld_zones[team_melds[idx].id] = pygame.Rect(col_left - 2, band.y, int(slot) - 2, band.h)
                out.meld_areas[(team, idx)] = area
                out.labels.append(MeldLabel(team, idx, x, label_y, box, lines))
            else:
                cards = sorted(opts.staged[idx], key=lambda c: sort_key(c, opts.hand_sort))
                step = fan_step(len(cards), scale, room)
                for k, c in enumerate(cards):
                    out.targets[c] = Pose(x, top_y + k * step, True, 0, scale, STAGED_Z + k)
                out.labels.append(StagedLabel(idx, x, label_y, box))
            x += slot
        place_stacked(out, team_melds, stacked)
        # the red threes' column closes up to stay inside a lower band (larger sizes)
        red_step = min(RED3_STEP, (band.h - RED3_Y - CARD_H * RED3_SCALE / 2 - 2) / max(len(reds) - 1, 1))
        for k, c in enumerate(reds):
            out.targets[c] = Pose(band.x + RED3_X, band.y + RED3_Y + k * red_step, True, 0, RED3_SCALE, RED3_Z + k)
        if team == vteam:
            out.zones["meld_area"] = band


def place_stacked(out: TableLayout, team_melds, under: dict[int, int]) -> None:
    """The melds a game stacks under another's column (``under``: meld index -> the
    index of the meld it lies under) squared beneath that meld's top card."""
    depth: dict[int, int] = {}
    for i, base in under.items():
        top = max((out.targets[c] for c in team_melds[base].cards if c in out.targets),
                  key=lambda p: p.z, default=None)
        if top is None:
            continue
        k = depth[base] = depth.get(base, 0) + 1
        for j, c in enumerate(team_melds[i].cards):
            out.targets[c] = Pose(top.x + 1.5 * k, top.y + 1.5 * k, True, 0, top.scale, top.z - 60 * k - 20 + j)


def lay_out(ob: Observation, down: FaceDown, opts: LayoutOptions) -> TableLayout:
    """The table as ``opts`` shows it to the seat that observed ``ob`` (its
    ``seat`` is ``opts.viewer``, or 0 when there is none); ``down`` gives only the
    ids of the cards drawn as backs (see the module documentation). At the end of a
    deal nothing more is revealed: the deal's result (``ob.result``) is what the
    score sheet shows."""
    out = TableLayout(seen=ob, log=log_rect(opts.log, opts.log_w, opts.height), width=table_width(opts.log, opts.log_w),
                      height=opts.height, frame=frame(opts.height, opts.card, opts.text, ob.rules.teams))
    _stock_and_pile(ob, down, out)
    _hands(ob, down, opts, out)
    table_part(ob.rules).lay_out(ob, down, opts.viewer, out)   # the game's own cards (a foot)
    _melds(ob, opts, out)
    return out


def zone_at(layout: TableLayout, pos, from_pile: bool = False, to_window=pygame.Rect) -> Optional[str]:
    """The drop zone under a point: "meld:<id>", "pile", "meld_area" or "hand" (the
    hand only for the pile's top card). ``to_window`` maps a logical rectangle to the
    space of ``pos`` (the view's ``rect`` for a window point)."""
    for meld_id, r in layout.meld_zones.items():
        if to_window(r).collidepoint(pos):
            return f"meld:{meld_id}"
    if to_window(layout.zones["pile"].inflate(PILE_DROP_MARGIN, PILE_DROP_MARGIN)).collidepoint(pos):
        return "pile"
    if "meld_area" in layout.zones and to_window(layout.zones["meld_area"]).collidepoint(pos):
        return "meld_area"
    if from_pile and "hand" in layout.zones and to_window(layout.zones["hand"]).collidepoint(pos):
        return "hand"
    return None


def zone_rect(layout: TableLayout, name: str) -> Optional[pygame.Rect]:
    """The rectangle of a named drop zone (see :func:`zone_at`)."""
    if name.startswith("meld:"):
        return next((r for meld_id, r in layout.meld_zones.items() if f"meld:{meld_id}" == name), None)
    return layout.zones.get(name)


def card_rect(p: Pose) -> pygame.Rect:
    """The logical rectangle a card covers in a pose."""
    w, h = CARD_W * p.scale, CARD_H * p.scale
    if abs(p.angle) % 180 == SIDEWAYS:
        w, h = h, w
    return pygame.Rect(int(p.x - w / 2), int(p.y - h / 2), int(w), int(h))
