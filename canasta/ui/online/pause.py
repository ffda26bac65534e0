"""Escape at an online table: go on, or leave it (the seat is held; *Back to table* returns)."""

from __future__ import annotations

import pygame

from ..forms import Button, Screen, dim, draw_fitted
from ..widgets import DIM, INK, panel
from ...i18n import N_, tr


class OnlinePause(Screen):
    title = ""
    BOX = pygame.Rect(390, 230, 500, 330)

    def __init__(self, online, table):
        super().__init__(online.app)
        self.online = online
        self.table = table
        self.resume_button = Button(N_("Resume"), online.resume_table, pygame.K_RETURN, N_("Back to the table"),
                                    name="resume", style="primary", size=22)
        self.settings_button = Button(N_("Settings"), lambda: online.session.show_settings(back=online.resume_table),
                                      pygame.K_o, N_("How the game looks and sounds (O)"), name="settings", size=22)
        #: the table's server runs in this window: leaving it closes the table for everyone
        #: (the others are told it is paused) until the host's Continue brings it back
        self.hosting = getattr(online.link, "server", None) is not None
        self.leave_button = Button(N_("Leave the table"), self._leave, pygame.K_q,
                                   N_("The table pauses for everyone until you choose Continue") if self.hosting
                                   else N_("Your seat is held; a computer plays it after the grace time"),
                                   name="leave", size=22)
        self.controls = [self.resume_button, self.settings_button, self.leave_button]
        self.default_focus = self.resume_button

    def _leave(self) -> None:
        self.online.leave_table()
        self.online.session.show_main_menu()

    def back(self) -> None:
        self.online.resume_table()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.table.ctl.receive()       # the table goes on meanwhile: nothing piles up

    def layout(self) -> None:
        b = self.BOX
        for i, btn in enumerate((self.resume_button, self.settings_button, self.leave_button)):
            btn.rect = pygame.Rect(b.x + 80, b.y + 70 + i * 64, b.w - 160, 50)

    def draw_background(self, surf) -> None:
        self.table.draw(surf)
        dim(surf, 150)

    def draw_content(self, surf, v) -> None:
        panel(surf, v.rect(self.BOX), alpha=240, radius=v.size(14))
        title, below = ((N_("You host this table"),
                         N_("Leaving pauses the table for everyone; Continue on the main menu brings it back."))
                        if self.hosting else
                        (N_("Online table: the game goes on"),
                         N_("Leaving holds your seat; Play online, Back to table returns to it.")))
        draw_fitted(surf, tr(title), v.size(22), v.rect((self.BOX.x, self.BOX.y + 20, self.BOX.w, 34)), INK,
                    align="center")
        draw_fitted(surf, tr(below), v.size(16), v.rect((self.BOX.x + 20, self.BOX.bottom - 52, self.BOX.w - 40, 30)),
                    DIM, align="center")
