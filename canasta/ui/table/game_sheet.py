"""The game sheet of a game of a fixed number of deals (Hand and Foot's four): each
deal's result per side and the totals, in a narrow panel beside the score sheet when
the game is over."""

from __future__ import annotations

import pygame

from ..draw import font, text_scale
from ..widgets import DIM, GOLD, INK, blit_text, panel
from ...i18n import N_, Text, t, tr
from .words import points

GAP = 10          # between the score sheet and this panel
ROW = 26
MARGIN = 8


def deal_rows(history) -> list[tuple[str, list[int]]]:
    """("Deal 1", scores per side) for every deal of the game, then ("Total", totals)."""
    rows = [(t("Deal {number}", number=res.number + 1), list(res.scores)) for res in history]
    if history:
        rows.append((Text(N_("Total")), list(history[-1].totals)))
    return rows


def sheet_room(sheet: pygame.Rect, width: int) -> pygame.Rect:
    """The logical room beside the score sheet (right of it, else left of it)."""
    right = width - MARGIN - (sheet.right + GAP)
    left = sheet.x - GAP - MARGIN
    if right >= left:
        return pygame.Rect(sheet.right + GAP, sheet.y, right, sheet.h)
    return pygame.Rect(MARGIN, sheet.y, left, sheet.h)


def draw_game_sheet(surf, v, st, team_names, sheet: pygame.Rect, width: int, size_of) -> None:
    """Draw the deal-by-deal panel for ``st`` (a game over with ``rules.deals``) beside the
    logical rectangle ``sheet``; ``size_of(n)`` is the view's type size."""
    if not (st.game_over and st.rules.deals and st.history):
        return
    room = sheet_room(sheet, width)
    teams = st.rules.teams
    full = deal_rows(st.history)
    rows = [(tr(label), values) for label, values in full]
    if room.w < 120:
        return
    narrow = (room.w - 16 - 64) / teams < 62      # three sides in a narrow panel: short row labels
    fsz = size_of(14 if narrow else 15)
    widest = max((points(value) for _, values in rows for value in values), key=len)

    def needs(size: int, labels) -> float:        # the logical width a row takes at ``size``
        f = font(size, True)
        return (max(f.size(label)[0] for label, _ in labels) + teams * (f.size(widest)[0] + v.size(10))) / v.scale

    # larger text: short labels, then smaller type (never under what 100% shows) to fit the panel
    if not narrow and needs(fsz, rows) > room.w - 16:
        narrow = True
    if narrow:
        rows = [(str(label.args["number"]) if label.args else tr(N_("All")), values) for label, values in full]
    while needs(fsz, rows) > room.w - 16 and fsz * text_scale() > size_of(14 if narrow else 15):
        fsz -= 1
    label_w = max(34 if narrow else 64, max(font(fsz, True).size(label)[0] for label, _ in rows) / v.scale + 6)
    col_w = (room.w - 16 - label_w) / teams
    row = max(ROW, font(fsz).get_linesize() / v.scale + 2)
    head = max(40, font(size_of(20)).get_linesize() / v.scale + 12)
    h = head + row * (len(rows) + 1) + 10
    box = pygame.Rect(room.x, room.y, room.w, min(room.h, h))
    panel(surf, v.rect(box), alpha=242)
    blit_text(surf, tr(N_("The game")), size_of(20), v.pt(box.centerx, box.y + 8), GOLD, anchor="midtop")
    y = box.y + head
    for k in range(teams):
        x = box.x + 8 + label_w + col_w * (k + 1)
        name = tr(team_names[k])
        words = name.replace("&", " ").replace("-", " ").split()
        short = name if len(name) <= 8 else "".join(w[0].upper() for w in words)
        blit_text(surf, short, fsz, v.pt(x, y), GOLD, anchor="topright")
    y += row
    for i, (label, values) in enumerate(rows):
        total = i == len(rows) - 1
        ink = GOLD if total else INK
        if total:
            pygame.draw.line(surf, DIM, v.pt(box.x + 8, y - 3), v.pt(box.right - 8, y - 3), 1)
        blit_text(surf, label, fsz, v.pt(box.x + 8, y), ink, bold=total)
        for k in range(teams):
            x = box.x + 8 + label_w + col_w * (k + 1)
            blit_text(surf, points(values[k]), fsz, v.pt(x, y), ink, bold=total, anchor="topright")
        y += row
