"""The move log of the deal: closed, opened over the right of the table like a drawer,
or pinned in a column of its own; drawn by :class:`~.view.TableView` (this is its
:class:`MoveLogPanel` part) once per change and kept as a surface.
"""

from __future__ import annotations

import pygame

from ..layout import View
from .. import draw as theme
from ..draw import PANEL, font, note
from ..widgets import DIM, GOLD, INK, blit_text, wrap
from .layout import LOG_MARGIN
from .lettering import fit_first, fs
from ... import i18n
from ...i18n import N_, t, tr

LOG_SIZE = 15
LOG_PANEL, LOG_BORDER = PANEL, (90, 140, 100)   # the log's panel, as the table's panels


def log_rect(ctl):
    """Where the move log is drawn (the layout keeps its place), or None when closed."""
    r = ctl.layout.log
    return pygame.Rect(r) if r is not None else None


class MoveLogPanel:
    """The move log's part of the table's view (its ``scene`` is the view's; the log's
    surface and wrapped lines are kept in ``_log_cache`` and ``_wrapped``)."""

    def _log(self, surf, v: View) -> None:
        """The move log of the deal, newest at the bottom (drawn once per change)."""
        ctl = self.scene.ctl
        r = log_rect(ctl)
        if r is None:
            return
        if ctl.log_mode == "open":
            # opened over the table, it ends above any button in its way (Modern American's
            # Lay threes and Lay special hand stand above the table's buttons)
            tops = [b.rect.top for b in self.scene.buttons if b.visible and b.rect.colliderect(v.rect(r))]
            if tops:
                r = pygame.Rect(r.x, r.y, r.w, max(60, int(v.logical(0, min(tops))[1]) - 12 - r.y))
        box = v.rect(r)
        if ctl.log_mode == "pinned":
            # the column runs the window's whole height (the table above and below it is
            # letterboxed when the window is not wide enough for both)
            margin = v.size(LOG_MARGIN)
            box = pygame.Rect(box.x, margin, box.w, surf.get_height() - 2 * margin)
        last = ctl.log[-1].text if ctl.log else ""
        key = (box.size, len(ctl.log), last, ctl.state.deal_number, ctl.log_mode, i18n.current())
        cached_key, img = self._log_cache
        if cached_key != key or img is None:
            img = self._render_log(ctl, box.size, v)
            self._log_cache = (key, img)
        surf.blit(img, box.topleft)
        # open, the log lies over the right of the table like a drawer (it may cover cards
        # and labels, never a control); pinned, it is a column of its own
        note("drawer" if ctl.log_mode == "open" else "panel", surf, box, "the move log")

    def _render_log(self, ctl, size, v: View) -> pygame.Surface:
        """The log's panel: its title, and as many of the newest lines as fit. Opaque
        with square corners, so that showing it every frame is a plain copy; each
        line is wrapped once (a new line does not wrap the others again)."""
        w, h = size
        img = pygame.Surface(size)
        if pygame.display.get_surface() is not None:
            img = img.convert()
        img.fill(LOG_PANEL)
        pygame.draw.rect(img, LOG_BORDER, img.get_rect(), width=2)
        pad = v.size(10)
        n = ctl.state.deal_number + 1
        title, tsize = fit_first([tr(t("Deal {number}: the moves", number=n)), tr(t("Deal {number}", number=n))],
                                 fs(v, 18), w - 2 * pad, bold=True)
        drawn = blit_text(img, title, tsize, (pad, pad), GOLD, bold=True)
        hint = tr(N_("G closes  ·  Shift+G pins") if ctl.log_mode == "open" else N_("Shift+G unpins"))
        hsize = fs(v, 13)
        top = drawn.bottom + v.size(10)
        if drawn.right + v.size(12) + font(hsize).size(hint)[0] <= w - pad:
            blit_text(img, hint, hsize, (w - pad, pad + v.size(3)), DIM, anchor="topright")
        else:                                   # a narrow log: the keys go under the title
            shown = blit_text(img, hint, hsize, (pad, drawn.bottom + v.size(2)), DIM)
            top = shown.bottom + v.size(8)
        tsize = fs(v, LOG_SIZE)
        step = int(tsize * 1.22 * theme.text_scale())
        gap = max(2, step // 2)                 # between two moves
        room = h - top - pad
        width = w - 2 * pad - v.size(8)
        if len(self._wrapped) > 2000:
            self._wrapped.clear()
        rows: list = []                          # (text, colour), None for the gap between two moves
        used = 0
        last = len(ctl.log) - 1
        for k in range(last, -1, -1):            # newest first, until the panel is full
            line = ctl.log[k]
            colour = GOLD if line.seat < 0 else (INK if k == last else (208, 214, 204))
            said = tr(line.text)      # the narration's message, in the language in use
            key = (said, tsize, width)
            wrapped = self._wrapped.get(key)
            if wrapped is None:
                wrapped = self._wrapped[key] = wrap(said, tsize, width)
            block = [((" " * 3 if j else "") + row, colour) for j, row in enumerate(wrapped)]
            if rows and used + len(block) * step + gap > room:
                break
            rows[:0] = block + ([None] if rows else [])
            used += len(block) * step + (gap if len(rows) > len(block) else 0)
        y = top
        for row in rows:
            if row is None:
                y += gap
                continue
            blit_text(img, row[0], tsize, (pad, y), row[1])
            y += step
        return img
