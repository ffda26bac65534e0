"""The new-game form's minimum-count table, across the foot of the Rules tab: the first
meld's minimum by the side's total (below zero, then one stepper per row of the table),
or, when the game counts it by the deal (Hand and Foot's 50, 90, 120, 150), one
stepper per deal. A part of :class:`~canasta.ui.screens.newgame.NewGameScreen`, which
provides ``opts``, ``set_opt``, ``MIN_Y``, ``LEFT_COL`` and ``RIGHT_COL``."""

from __future__ import annotations

import pygame

from ...engine.rules import DEAL_MINIMUMS
from ... import i18n
from ...i18n import t, tr
from ..forms import GOLD_DEEP, MUTED, Stepper, draw_fitted
from ..layout import View
from ..widgets import DIM, INK


def _grouped(points: int) -> str:
    """A threshold as the column heads write it: 1,500 in English (as always), the
    language's own grouping otherwise."""
    return f"{points:,}" if i18n.babel_locale() == "en" else i18n.number(points)

MINIMUMS = tuple(sorted(set(range(0, 310, 10)) | {15, 25, 75, 125, 155}))
NEGATIVE_MINIMUMS = (0, 15, 25, 50)
MINIMUM_DEAL_STEPS = range(6)    # the form edits the minimums of the first six deals at most


class MinimumTable:
    def set_minimum(self, index: int, value: int) -> None:
        table = list(self.opts["minimum_table"])
        threshold, _ = table[index]
        table[index] = (threshold, value)
        self.set_opt("minimum_table", tuple(table))

    def by_deal(self) -> bool:
        """Whether the first meld's minimum goes by the deal (Hand and Foot's 50, 90, 120,
        150) rather than by the side's score: then the form shows that table."""
        return self.opts.get("minimum_by") == "deal"

    def deal_minimums(self) -> list[int]:
        """The minimum of each deal, as far as the game's deals reach (the last one stands
        for every later deal)."""
        table = list(self.opts.get("deal_minimums") or DEAL_MINIMUMS)
        deals = self.opts.get("deals")
        return table[:deals] if isinstance(deals, int) and deals > 0 else table

    def set_deal_minimum(self, index: int, value: int) -> None:
        table = list(self.opts.get("deal_minimums") or DEAL_MINIMUMS)
        table[index] = value
        self.set_opt("deal_minimums", table)

    def _minimum(self, i: int) -> int:
        table = self.opts["minimum_table"]
        return table[i][1] if i < len(table) else 0

    def _deal_minimum(self, i: int) -> int:
        table = self.deal_minimums()
        return table[i] if i < len(table) else 0

    def _build_minimums(self) -> None:
        self.negative_step = Stepper([(n, str(n)) for n in NEGATIVE_MINIMUMS], lambda: self.opts["negative_minimum"],
                                     lambda v: self.set_opt("negative_minimum", v), name="negative_minimum", size=19)
        self.minimum_steps = [
            Stepper([(n, str(n)) for n in MINIMUMS], lambda i=i: self._minimum(i), lambda v, i=i: self.set_minimum(i, v),
                    name=f"minimum{i}", size=19)
            for i in range(5)]
        self.deal_steps = [
            Stepper([(n, str(n)) for n in MINIMUMS], lambda i=i: self._deal_minimum(i),
                    lambda v, i=i: self.set_deal_minimum(i, v), name=f"deal_minimum{i}", size=19)
            for i in range(len(MINIMUM_DEAL_STEPS))]

    def _lay_out_minimums(self, players_tab: bool) -> None:
        """Below zero, then one stepper per row; or, by the deal, one stepper per deal."""
        by_deal = self.by_deal()
        rows = len(self.opts["minimum_table"])
        deal_rows = min(len(self.deal_minimums()), len(self.deal_steps)) if by_deal else 0
        y = self.MIN_Y + 34
        x0, x1 = self.LEFT_COL[0] + 200, self.RIGHT_COL[1]
        n = deal_rows if by_deal else rows + 1
        gap = 10
        w = min(180, (x1 - x0 - gap * (n - 1)) // max(n, 1))
        self.negative_step.rect = pygame.Rect(x0, y, w, 34)
        self.negative_step.visible = not players_tab and not by_deal
        for i, c in enumerate(self.minimum_steps):
            c.visible = (not players_tab) and not by_deal and i < rows
            c.rect = pygame.Rect(x0 + (i + 1) * (w + gap), y, w, 34)
        for i, c in enumerate(self.deal_steps):
            c.visible = (not players_tab) and i < deal_rows
            c.rect = pygame.Rect(x0 + i * (w + gap), y, w, 34)

    def _draw_minimums(self, surf: pygame.Surface, v: View) -> None:
        x0, x1 = self.LEFT_COL[0], self.RIGHT_COL[1]
        y = self.MIN_Y
        pygame.draw.line(surf, GOLD_DEEP, v.pt(x0, y - 4), v.pt(x1, y - 4), 1)
        draw_fitted(surf, tr("Minimum count"), v.size(21), v.rect((x0, y + 10, 190, 26)), INK)
        if self.by_deal():
            draw_fitted(surf, tr("for the first meld, by the deal"), v.size(15), v.rect((x0, y + 42, 196, 22)), DIM)
            steps = [c for c in self.deal_steps if c.visible]
            deals = self.opts.get("deals")
            caps = [tr(t("deal {number}", number=i + 1)) for i in range(len(steps))]
            whole = len(self.opts.get("deal_minimums") or DEAL_MINIMUMS) == len(caps)
            if caps and whole and (not isinstance(deals, int) or deals > len(caps)):
                caps[-1] = tr(t("deal {number} on", number=len(caps)))      # the last minimum stands for every later deal
        else:
            draw_fitted(surf, tr("for the first meld, by the side's total"), v.size(15),
                        v.rect((x0, y + 42, 196, 22)), DIM)
            caps = [tr("below 0")] + [tr(t("{points}+", points=_grouped(p))) for p, _ in self.opts["minimum_table"]]
            steps = [self.negative_step] + self.minimum_steps[: len(caps) - 1]
        for cap, c in zip(caps, steps):
            draw_fitted(surf, cap, v.size(16), v.rect((c.rect.x, c.rect.y - 22, c.rect.w, 20)), MUTED,
                        align="center")
