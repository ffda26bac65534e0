"""The main menu and the pause menu.

Main menu: Continue (when a game is in progress), New game, Play online, Statistics, Rules,
Settings, Quit, with the one-sentence notices of any file that could not be used.
Pause menu (Escape at the table): Resume, Rules, Settings, Save and quit to menu,
drawn over the dimmed table.
"""

from __future__ import annotations

import math
from datetime import datetime
from typing import Optional

import pygame

from ..i18n import N_, t, tr
from .forms import GOLD_DEEP, MUTED, Button, Screen, dim, draw_fitted, wrap_lines
from .layout import View
from .widgets import DIM, GOLD, INK, blit_text, panel
from .draw import font, title_size

# the fan of cards over the title: ace of hearts, king of spades, joker, queen of
# diamonds, three of hearts
FAN = (38, 50, 52, 23, 27)
NOTICE_TEXT_W = 960 - 56 - 140


class MainMenu(Screen):
    def __init__(self, session):
        super().__init__(session.app)
        self.session = session
        self.continue_button = Button(N_("Continue"), self._continue, pygame.K_c, N_("Back to the game in progress (C)"),
                                      name="continue", style="primary", size=24)
        self.new_button = Button(N_("New game"), session.show_new_game, pygame.K_n, N_("Set up players and rules, and deal (N)"),
                                 name="new", size=24)
        self.online_button = Button(N_("Play online"), session.show_play_online, pygame.K_i,
                                    N_("Host a table or join one: play with others on their computers (I)"),
                                    name="online", size=24)
        self.stats_button = Button(N_("Statistics"), lambda: session.show_statistics(), pygame.K_s,
                                   N_("Your record, recent games and their charts (S)"), name="statistics", size=24)
        self.rules_button = Button(N_("Rules"), self._rules, pygame.K_r, N_("The rules in force, and why the game is fair (R)"),
                                   name="rules", size=24)
        self.settings_button = Button(N_("Settings"), lambda: session.show_settings(), pygame.K_o,
                                      N_("How the game looks, sounds and helps (O)"), name="settings", size=24)
        self.quit_button = Button(N_("Quit"), session.quit, name="quit", size=24)
        self.dismiss_button = Button(N_("Dismiss"), self._dismiss, name="dismiss", size=18)
        self.open_record_button = Button(N_("Open record..."), self._open_record, pygame.K_p,
                                         N_("Replay a saved deal with the coach (P)"), name="open_record", size=18)
        self.learn_button = Button(N_("Learn to play"), self._learn, pygame.K_l,
                                   N_("A guided first deal: every move explained on the table (L)"), name="learn",
                                   style="primary", size=18)
        # corner buttons reached by their keys (P, L) and the mouse, outside the Tab round
        self.open_record_button.can_focus = lambda: False  # type: ignore[method-assign]
        self.learn_button.can_focus = lambda: False  # type: ignore[method-assign]
        self.controls = [self.continue_button, self.new_button, self.online_button, self.stats_button, self.rules_button,
                         self.settings_button, self.quit_button, self.dismiss_button, self.open_record_button,
                         self.learn_button]
        self._kept: Optional[list] = None    # [the kept online table or None], read once a layout
        self.default_focus = self.continue_button if self._can_continue() else self.new_button
        self.focused = self.default_focus
        self.t = 0.0

    # -- actions
    def _kept_table(self) -> Optional[dict]:
        if self._kept is None:
            self._kept = [self._find_kept_table()]
        return self._kept[0]

    def _find_kept_table(self) -> Optional[dict]:
        """The online table this player left (hosted or joined), when Continue goes back
        to it: no game here is in progress, or the table was left after that game was
        last saved. A host's Continue brings the table back from its journal, and the
        others reconnect by themselves."""
        online = self.session.online
        seat = online.saved_seat()
        if seat is None:
            return None
        local = self.session.resumable
        if local is None:
            return seat
        left = online.seat_kept_at()
        try:
            saved = datetime.fromisoformat(local.saved_at).timestamp() if local.saved_at else None
        except (TypeError, ValueError, OverflowError):
            saved = None
        return seat if left is not None and (saved is None or left > saved) else None

    def _can_continue(self) -> bool:
        return self.session.resumable is not None or self._kept_table() is not None

    def _continue(self) -> None:
        if self._kept_table() is not None:
            self.session.online.rejoin()
        elif self.session.resumable is not None:
            self.session.continue_game()

    def continue_line(self) -> str:
        """The line under Continue: which game it goes back to."""
        seat = self._kept_table()
        if seat is None:
            return self.session.resumable.describe() if self.session.resumable is not None else ""
        whose = N_("you host it") if seat.get("hosting") else N_("hosted by another player")
        return tr(t("Online table {code}  ·  {whose}", code=seat.get("code", ""), whose=whose))

    def _rules(self) -> None:
        self.session.show_rules(self.session.rules_choices(), back=self.session.show_main_menu)

    def _learn(self) -> None:
        from .tutorial import start_lesson
        start_lesson(self.session)

    def _open_record(self) -> None:
        from .screens.review_open import OpenRecordScreen
        self.app.set_scene(OpenRecordScreen(self.session, back=self.session.show_main_menu))

    def _dismiss(self) -> None:
        self.session.notices.clear()
        if self.focused is self.dismiss_button:
            self.focus(self.default_focus)

    def back(self) -> None:
        self.focus(self.quit_button)

    # -- layout
    def layout(self) -> None:
        self._kept = None
        self.continue_button.visible = self._can_continue()
        # under the title and its line (larger with the Text size)
        v = self.view
        below = font(title_size(v.size(104)), True).get_linesize() + v.size(4) + font(v.size(22)).get_linesize()
        y = max(312, int(186 + below / v.scale) + 10)
        w, h, gap = 340, 44, 9
        for b in (self.continue_button, self.new_button, self.online_button, self.stats_button, self.rules_button,
                  self.settings_button, self.quit_button):
            if not b.visible:
                b.rect = pygame.Rect(0, 0, 0, 0)
                continue
            b.rect = pygame.Rect(640 - w // 2, y, w, h)
            y += h + gap
            if b is self.continue_button:
                y += 22  # room for the line that says which game
        self.open_record_button.rect = pygame.Rect(16, 8, 170, 34)
        self.learn_button.rect = pygame.Rect(1280 - 16 - 170, 8, 170, 34)
        notices = self.session.notices
        self.dismiss_button.visible = bool(notices)
        self.dismiss_button.rect = pygame.Rect(1080, 0, 110, 34)
        self._notice_box = None
        if notices:
            # as tall as the sentences need (measured at the logical size), within the room left
            count = sum(len(wrap_lines(tr(m), 18, NOTICE_TEXT_W)) for m in notices)
            h = min(790 - (y + 4), max(58, 20 * count + 6 * (len(notices) - 1) + 24))
            box = pygame.Rect(160, 790 - h, 960, h)
            self._notice_box = box
            self.dismiss_button.rect = pygame.Rect(box.right - 124, box.y + (min(h, 58) - 34) // 2, 110, 34)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.t += dt

    # -- drawing
    def draw_background(self, surf: pygame.Surface) -> None:
        super().draw_background(surf)
        # a darker band behind the title
        w, h = surf.get_size()
        band = pygame.Surface((w, h), pygame.SRCALPHA)
        for i in range(0, h // 2, 4):
            a = int(70 * (1 - i / (h / 2)))
            pygame.draw.rect(band, (0, 0, 0, a), (0, i, w, 4))
        surf.blit(band, (0, 0))

    def _draw_fan(self, surf: pygame.Surface, v: View) -> None:
        art = self.app.art
        cw, ch = v.size(76), v.size(106)
        pivot = (640, 314)
        n = len(FAN)
        for i, card in enumerate(FAN):
            angle = (i - (n - 1) / 2) * 11.0
            rad = math.radians(angle)
            dist = 218
            cx = pivot[0] + math.sin(rad) * dist
            cy = pivot[1] - math.cos(rad) * dist
            img = art.face(card, cw, ch)
            img = self.app.rotated(img, -angle)
            r = img.get_rect(center=v.pt(cx, cy))
            shadow = pygame.Surface(r.size, pygame.SRCALPHA)
            shadow.blit(img, (0, 0))
            shadow.fill((0, 0, 0, 90), special_flags=pygame.BLEND_RGBA_MULT)
            surf.blit(shadow, r.move(v.size(4), v.size(5)))
            surf.blit(img, r)

    def draw_content(self, surf: pygame.Surface, v: View) -> None:
        self._draw_fan(surf, v)
        # the title with a shadow
        pos = v.pt(640, 186)
        blit_text(surf, "Canasta", title_size(v.size(104)), (pos[0] + v.size(3), pos[1] + v.size(4)), (10, 30, 18),
                  bold=True, anchor="midtop")
        r = blit_text(surf, "Canasta", title_size(v.size(104)), pos, GOLD, bold=True, anchor="midtop")
        y = r.bottom + v.size(4)
        blit_text(surf, tr("The classic card game from Uruguay"), v.size(22), (r.centerx, y), DIM, anchor="midtop")
        line = self.continue_line() if self.continue_button.rect.w else ""
        if line:
            cr = v.rect(self.continue_button.rect)
            box = pygame.Rect(v.rect((340, 0, 600, 1)).x, cr.bottom + v.size(6), v.size(600), v.size(20))
            draw_fitted(surf, line, v.size(18), box, DIM, align="center")
        self._draw_notices(surf, v)

    def _draw_notices(self, surf: pygame.Surface, v: View) -> None:
        box = self._notice_box
        notices = self.session.notices
        if box is None or not notices:
            return
        r = v.rect(box)
        panel(surf, r, (58, 36, 16), 232, radius=v.size(12), border=(200, 150, 60))
        # an exclamation mark in a gold disc, level with the first line
        cx, cy = v.pt(box.x + 28, box.y + 29)
        pygame.draw.circle(surf, GOLD, (cx, cy), v.size(14))
        blit_text(surf, "!", v.size(24), (cx, cy + v.size(1)), (58, 36, 16), bold=True, anchor="center")
        width = v.size(NOTICE_TEXT_W)
        fs = v.size(18)
        line_h = v.size(20)
        y = cy - line_h // 2
        bottom = r.bottom - v.size(6)
        shown = 0
        for m in notices:
            lines = wrap_lines(tr(m), fs, width)
            if y + line_h * len(lines) > bottom and shown:
                break
            for line in lines:
                blit_text(surf, line, fs, (r.x + v.size(52), y + (line_h - fs) // 2 + v.size(2)), INK)
                y += line_h
            y += v.size(6)
            shown += 1
        if shown < len(notices):
            more = len(notices) - shown
            blit_text(surf, tr(t("and {more} more (see the log)", more=more)), v.size(16), (r.right - v.size(14), r.bottom - v.size(6)),
                      MUTED, anchor="bottomright")


class PauseMenu(Screen):
    """Over the table: Resume, Rules, Settings, Save and quit to menu."""

    def __init__(self, session, table):
        super().__init__(session.app)
        self.session = session
        self.table = table
        self.resume_button = Button(N_("Resume"), self.back, name="resume", style="primary", size=24)
        self.rules_button = Button(N_("Rules"), self._rules, name="rules", size=22)
        self.settings_button = Button(N_("Settings"), self._settings, name="settings", size=22)
        self.quit_button = Button(N_("Save and quit to menu"), session.leave_table, name="save_quit", size=22)
        self.controls = [self.resume_button, self.rules_button, self.settings_button, self.quit_button]
        self.default_focus = self.resume_button
        self.focused = self.resume_button
        self._backdrop = None

    def back(self) -> None:
        self.session.resume_table()

    def _again(self) -> None:
        self._backdrop = None
        self.app.set_scene(self)

    def _rules(self) -> None:
        self.session.show_rules([(N_("The game in progress"), self.table.game.state.rules)], back=self._again)

    def _settings(self) -> None:
        self.session.show_settings(back=self._again)

    def layout(self) -> None:
        y = 352
        for b in self.controls:
            b.rect = pygame.Rect(640 - 170, y, 340, 48)
            y += 60

    def resize(self) -> None:
        self._backdrop = None

    def draw_background(self, surf: pygame.Surface) -> None:
        size = surf.get_size()
        if self._backdrop is None or self._backdrop.get_size() != size:
            # the table as it stands, drawn once and dimmed: the game is paused
            layer = pygame.Surface(size)
            self.table.draw(layer)
            dim(layer, 150)
            self._backdrop = layer
        surf.blit(self._backdrop, (0, 0))

    def draw_content(self, surf: pygame.Surface, v: View) -> None:
        box = v.rect((430, 214, 420, 416))
        panel(surf, box, (16, 38, 26), 240, radius=v.size(16), border=(200, 160, 70))
        title = blit_text(surf, tr("Paused"), title_size(v.size(46)), (box.centerx, box.y + v.size(22)), GOLD, bold=True,
                          anchor="midtop")
        st = self.table.game.state
        seed = self.table.game.seed
        line = tr(t("Deal {deal}  -  deal number {seed}", deal=st.deal_number + 1, seed=str(seed)))
        row = v.rect((450, 282, 380, 24))
        row.y = max(row.y, title.bottom + v.size(2))
        draw_fitted(surf, line, v.size(19), row, DIM, align="center")
        pygame.draw.line(surf, GOLD_DEEP, v.pt(500, 322), v.pt(780, 322), max(1, v.size(1)))
        draw_fitted(surf, tr("The game is saved after every move."), v.size(17), v.rect((450, 598, 380, 22)), MUTED,
                    align="center")
