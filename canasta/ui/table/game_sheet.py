"""The game sheet of a game of a fixed number of deals (Hand and Foot's four): each
deal's result per side and the totals, in a narrow panel beside the score sheet when
the game is over."""

from __future__ import annotations

import pygame

from ..widgets import DIM, GOLD, INK, blit_text, panel

GAP = 10          # between the score sheet and this panel
ROW = 26
MARGIN = 8


def deal_rows(history) -> list[tuple[str, list[int]]]:
    """("Deal 1", scores per side) for every deal of the game, then ("Total", totals)."""
    rows = [(f"Deal {res.number + 1}", list(res.scores)) for res in history]
    if history:
        rows.append(("Total", list(history[-1].totals)))
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
    rows = deal_rows(st.history)
    h = 44 + ROW * (len(rows) + 1) + 10
    box = pygame.Rect(room.x, room.y, room.w, min(room.h, h))
    if box.w < 120:
        return
    panel(surf, v.rect(box), alpha=242)
    narrow = (box.w - 16 - 64) / teams < 62      # three sides in a narrow panel: short row labels
    label_w = 34 if narrow else 64
    col_w = (box.w - 16 - label_w) / teams
    fsz = size_of(14 if narrow else 15)
    if narrow:
        rows = [(label.replace("Deal ", "") if label != "Total" else "All", values) for label, values in rows]
    blit_text(surf, "The game", size_of(20), v.pt(box.centerx, box.y + 8), GOLD, anchor="midtop")
    y = box.y + 40
    for t in range(teams):
        x = box.x + 8 + label_w + col_w * (t + 1)
        name = team_names[t]
        words = name.replace("&", " ").replace("-", " ").split()
        short = name if len(name) <= 8 else "".join(w[0].upper() for w in words)
        blit_text(surf, short, fsz, v.pt(x, y), GOLD, anchor="topright")
    y += ROW
    for i, (label, values) in enumerate(rows):
        total = i == len(rows) - 1
        ink = GOLD if total else INK
        if total:
            pygame.draw.line(surf, DIM, v.pt(box.x + 8, y - 3), v.pt(box.right - 8, y - 3), 1)
        blit_text(surf, label, fsz, v.pt(box.x + 8, y), ink, bold=total)
        for t in range(teams):
            x = box.x + 8 + label_w + col_w * (t + 1)
            blit_text(surf, f"{values[t]:,}", fsz, v.pt(x, y), ink, bold=total, anchor="topright")
        y += ROW
