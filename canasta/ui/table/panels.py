"""The table's panels: the score box and the status line under the melds, a button's
tip, the privacy screen of a hot-seat game, the scores so far, a question asked at the
table and the score sheet at the end of a deal. Drawn by :class:`~.view.TableView`
(this is its :class:`TablePanels` part); nothing here changes anything.
"""

from __future__ import annotations

import pygame

from ..layout import View
from .. import draw as theme
from ..draw import draw_fitted_centre, fit_text, font, note, overlay
from ..widgets import DIM, GOLD, INK, blit_text, draw_lines_in, panel, text, wrap
from .frame import hud_box
from .game_sheet import draw_game_sheet
from .layout import CENTRE_X, DIALOG_BOX, SHEET_COLUMN_W, SHEET_H, SHEET_LABEL_W, SHEET_Y
from .lettering import LABEL_SIZE, TIP_SIZE, fit_first, fs
from ...i18n import N_, number, t, tr
from .words import and_list, points, sheet_rows, status_line, team_lines

FOCUS = (120, 200, 255)       # the keyboard's focus ring
PRIVACY_SUMMARY_BOX = pygame.Rect(290, 110, 700, 560)
PRIVACY_SUMMARY_BUTTON = pygame.Rect(560, 604, 160, 44)
SCORES_BOX = pygame.Rect(290, 90, 700, 560)


class TablePanels:
    """The panels' part of the table's view (its ``scene`` and ``app`` are the view's)."""

    def _hud(self, surf, v: View) -> None:
        ctl = self.scene.ctl
        st = ctl.state
        r = st.rules
        tx = ctl.layout.frame.text
        row = (22 if r.teams <= 2 else 19) * tx
        box = v.rect(hud_box(r.teams, tx))
        panel(surf, box, alpha=200)
        size = fs(v, LABEL_SIZE)
        deal = (t("Deal {number} of {deals}", number=st.deal_number + 1, deals=r.deals) if r.deals else
                t("Deal {number}  -  to {target}", number=st.deal_number + 1, target=r.target_score))
        blit_text(surf, tr(deal), size, (box.x + 10, box.y + 5), DIM)
        for team in range(r.teams):
            y = box.y + v.size(24 * tx + row * team)
            blit_text(surf, tr(ctl.team_name(team)), size, (box.x + 10, y))
            blit_text(surf, number(st.totals[team]), size, (box.right - 10, y), GOLD, anchor="topright")
        if (ctl.toast.visible and not st.deal_over) or getattr(self.scene, "status_hidden", False):
            return                # a message (a review: the coach) has the status line's place
        words = tr(ctl.answer_note or status_line(ctl))
        fr = ctl.layout.frame
        room = v.rect(fr.message_box)
        one_line = pygame.Rect((0, 0), font(v.size(22)).size(words))
        one_line.midtop = v.pt(CENTRE_X, fr.status_y)
        if one_line.w > room.w or any(b.visible and b.rect.colliderect(one_line) for b in self.scene.buttons):
            # a long line (the engine's reason a first meld is not yet made, a longer
            # language) wraps in its place, clear of the buttons beside it
            draw_lines_in(surf, words, room, v.size(22))
            return
        status = blit_text(surf, words, v.size(22), v.pt(CENTRE_X, fr.status_y), INK, anchor="midtop")
        if not st.deal_over and ctl.privacy is None and not ctl.seats[st.to_act].human and not ctl.skipping:
            blit_text(surf, tr(N_("S skips ahead")), fs(v, 15), (status.right + v.size(14), status.y + v.size(5)), DIM)

    def _focus_and_tip(self, surf, v: View) -> None:
        """The keyboard focus ring, and what the button under the pointer (or with the
        focus) does, or why it cannot be used now."""
        scene = self.scene
        b = scene.focused_button()
        keyboard = self.app.keyboard_used
        if b is not None and keyboard:
            pygame.draw.rect(surf, FOCUS, b.rect.inflate(6, 6), width=4 if theme.HIGH_CONTRAST else 2,
                             border_radius=v.size(9))
        melds = getattr(scene, "meld_focus", None)      # the meld Enter would drop on (not in a review)
        if keyboard and melds is not None and scene.focus.current() is melds:
            pygame.draw.rect(surf, FOCUS, melds.rect.inflate(6, 6), width=3, border_radius=v.size(9))
        tip_of = next((x for x in scene.buttons if x.visible and x.hover and x.explanation()), None)
        if tip_of is None and b is not None and keyboard and b.explanation():
            tip_of = b
        if tip_of is not None:
            img = text(tip_of.explanation(), fs(v, TIP_SIZE), INK)
            box = img.get_rect()
            top = min(x.rect.top for x in scene.buttons if x.visible)
            box.bottomright = (min(tip_of.rect.right, surf.get_width() - v.size(12)), top - v.size(10))
            note("tip", surf, box, tip_of.explanation())
            overlay()           # a tip lies over what it explains (larger text: over a meld's label too)
            panel(surf, box.inflate(v.size(14), v.size(8)), alpha=235)
            surf.blit(img, box)

    def _privacy(self, surf, v: View) -> None:
        """The screen passed to the next person: every hand hidden, and what happened
        since that person's last turn."""
        ctl = self.scene.ctl
        box = v.rect(PRIVACY_SUMMARY_BOX)
        panel(surf, box)
        room = box.w - v.size(40)
        line, size = fit_text(tr(t("Pass to {name}, then click", name=ctl.seat_name(ctl.privacy))), theme.title_size(fs(v, 38)), room)
        drawn = blit_text(surf, line, size, (box.centerx, box.y + v.size(26)), GOLD, anchor="midtop")
        drawn = draw_fitted_centre(surf, tr(N_("Every hand is hidden until the next player is at the screen.")), fs(v, 20),
                                   box.centerx, max(box.y + v.size(76), drawn.bottom + v.size(4)), room, DIM)
        lines = ctl.summary_for(ctl.privacy)
        x, y = box.x + v.size(36), max(box.y + v.size(122), drawn.bottom + v.size(12))
        first = ctl.privacy not in ctl.seen_upto
        head = tr((N_("So far in this deal:") if first else N_("Since your last turn:")) if lines else
                  N_("Nothing has happened since your last turn."))
        y = max(y + v.size(34), blit_text(surf, head, fs(v, 21), (x, y), INK, bold=True).bottom + v.size(6))
        bottom = v.rect(PRIVACY_SUMMARY_BUTTON).y - v.size(14)
        size = fs(v, 18)
        rows = []
        for line in lines:
            rows.extend(wrap(tr(line), size, box.w - v.size(72)))
        step = int(size * 1.25 * theme.text_scale())
        rows = rows[-max(1, (bottom - y) // step):]
        for row in rows:
            blit_text(surf, row, size, (x, y), INK)
            y += step
        self.scene.privacy_button.draw(surf, fs(v, 22))

    def hud_rect(self, v: View) -> pygame.Rect:
        ctl = self.scene.ctl
        return v.rect(hud_box(ctl.state.rules.teams, ctl.layout.frame.text))

    def _scores(self, surf, v: View) -> None:
        """The score sheet of the game so far: each deal's result and the running totals."""
        ctl = self.scene.ctl
        st = ctl.state
        teams = st.rules.teams
        box = v.rect(SCORES_BOX)
        overlay()
        panel(surf, box, alpha=244)
        blit_text(surf, tr(N_("The scores so far")), fs(v, 30), (box.centerx, box.y + v.size(14)), GOLD, anchor="midtop")
        tsize = fs(v, 19)
        x0 = box.x + v.size(24)
        col_w = (box.w - v.size(200)) // max(teams, 1)
        colx = [box.x + v.size(170) + col_w * (t + 1) - v.size(10) for t in range(teams)]
        y = box.y + v.size(62)
        blit_text(surf, tr(N_("Deal")), tsize, (x0, y), DIM)
        for k in range(teams):
            blit_text(surf, tr(ctl.team_name(k)), tsize, (colx[k], y), GOLD, anchor="topright")
        y += v.size(30)
        step = max(v.size(26), font(tsize).get_linesize() + 1)     # larger text: taller rows
        history = list(st.history)
        room = max(1, (box.bottom - v.size(110) - y) // step)
        if len(history) > room:
            history = history[-room:]
        if not history:
            blit_text(surf, tr(N_("No deal has been scored yet.")), tsize, (x0, y), DIM)
            y += step
        for res in history:
            who = (tr(t("{number}  {name} out", number=res.number + 1, name=ctl.seat_name(res.went_out)))
                   if res.went_out is not None else str(res.number + 1))
            blit_text(surf, who, tsize, (x0, y), INK)
            for k in range(teams):
                blit_text(surf, f"{points(res.scores[k], sign=True)}  = {points(res.totals[k])}", tsize, (colx[k], y), INK,
                          anchor="topright")
            y += step
        pygame.draw.line(surf, DIM, (x0, y + 2), (box.right - v.size(24), y + 2), 1)
        y += v.size(10)
        blit_text(surf, tr(t("Now (deal {number})", number=st.deal_number + 1)), tsize, (x0, y), GOLD, bold=True)
        for k in range(teams):
            blit_text(surf, points(st.totals[k]), tsize, (colx[k], y), GOLD, bold=True, anchor="topright")
        y += step
        r = st.rules
        goal = (t("A game of {deals} deals: the higher total after the last one wins.", deals=r.deals) if r.deals
                else t("To win: {target}", target=points(r.target_score)))
        blit_text(surf, tr(goal), tsize, (x0, y), DIM)
        blit_text(surf, tr(N_("Click or press any key to close.")), fs(v, 16), (box.centerx, box.bottom - v.size(30)), DIM,
                  anchor="midtop")

    def _dialog(self, surf, v: View, message: str, yes, no) -> None:
        message = tr(message)
        box = v.rect(DIALOG_BOX)
        overlay()
        panel(surf, box)
        if font(v.size(24)).size(message)[0] <= box.w - v.size(24):
            blit_text(surf, message, v.size(24), (box.centerx, box.y + v.size(24)), INK, anchor="midtop")
        else:       # larger text: wrapped above the answers, in smaller type if it must
            draw_lines_in(surf, message, pygame.Rect(box.x + v.size(12), box.y + v.size(8), box.w - v.size(24),
                                                     min(yes.rect.top, no.rect.top) - box.y - v.size(14)), v.size(24))
        yes.draw(surf, v.size(21))
        no.draw(surf, v.size(21))

    def _sheet(self, surf, v: View) -> None:
        """The score sheet: each side's score lines as the engine gives them."""
        scene, ctl = self.scene, self.scene.ctl
        st = ctl.state
        res = st.result
        if res is None:
            return
        overlay()
        r = st.rules
        teams = r.teams
        width = SHEET_LABEL_W + SHEET_COLUMN_W * teams
        box = v.rect((CENTRE_X - width // 2, SHEET_Y, width, SHEET_H))
        panel(surf, box, alpha=242)
        title = tr(N_("Game over") if st.game_over else t("Deal {number} is over", number=res.number + 1))
        drawn = blit_text(surf, title, v.size(34), (box.centerx, box.y + v.size(14)), GOLD, anchor="midtop")
        if res.went_out is not None:
            sub = (t("{name} went out concealed.", name=ctl.seat_name(res.went_out)) if res.concealed else
                   t("{name} went out.", name=ctl.seat_name(res.went_out)))
        else:
            sub = N_("Nobody went out: the stock ran out.")
        pieces = getattr(scene, "pieces", None)
        if pieces:
            sub = pieces.sheet_subtitle(ctl, res) or sub
        # the rows as the engine gives them, each line as high as its text (larger text: the
        # rows' type shrinks, down to what 100% shows, until they fit above the buttons)
        drawn = blit_text(surf, tr(sub), v.size(21), (box.centerx, max(box.y + v.size(50), drawn.bottom + v.size(2))), DIM,
                          anchor="midtop")
        x0 = box.x + v.size(20)
        colx = [box.x + v.size(SHEET_LABEL_W + SHEET_COLUMN_W * t + 150) for t in range(teams)]
        top = max(box.y + v.size(86), drawn.bottom + v.size(6))
        rows, cells = sheet_rows([team_lines(res, t) for t in range(teams)])
        # a cell too long for its column (a longer language) gives way to its points alone
        bare = {(tr(line.label), k): number(line.points) for k in range(teams) for line in res.lines[k]}
        bottom = scene.sheet_button.rect.top - v.size(6)
        fsz = fs(v, 20)
        while True:
            h = font(fsz).get_linesize()
            head = max(v.size(30), font(fs(v, 19)).get_linesize() + v.size(4))
            step, total_step = max(v.size(27), h + 1), max(v.size(28), h + 2)
            if top + head + step * len(rows) + v.size(10) + total_step * 3 <= bottom or fsz <= fs(v, 20) / theme.text_scale():
                break
            fsz -= 1
        y = top
        for k in range(teams):
            blit_text(surf, tr(ctl.team_name(k)), fs(v, 19), (colx[k], y), GOLD, anchor="topright")
        y += head
        for label in rows:
            blit_text(surf, label, fsz, (x0, y), INK)
            for k in range(teams):       # within its column (larger text: smaller type if it must)
                cell, csize = fit_first([cells.get((label, k), "-"), bare.get((label, k), "-")], fsz,
                                        v.size(SHEET_COLUMN_W - 12))
                blit_text(surf, cell, csize, (colx[k], y), INK, anchor="topright")
            y += step
        pygame.draw.line(surf, DIM, (x0, y + 2), (box.right - v.size(20), y + 2), 1)
        y += v.size(10)
        for label, values in ((N_("This deal"), res.scores), (N_("Total"), res.totals)):
            blit_text(surf, tr(label), fsz, (x0, y), GOLD, bold=True)
            for k in range(teams):
                blit_text(surf, number(values[k]), fsz, (colx[k], y), GOLD, bold=True, anchor="topright")
            y += total_step
        if not st.game_over:
            blit_text(surf, tr(N_("Next first meld")), fsz, (x0, y), DIM)
            for k in range(teams):
                blit_text(surf, number(r.minimum_in(res.totals[k], st.deal_number + 1)), fsz, (colx[k], y), DIM,
                          anchor="topright")
        else:
            names = and_list([ctl.team_name(k) for k in st.winners])
            won = (t("{names} win!", names=names) if len(st.winners) > 1 or "&" in names else
                   t("{names} wins!", names=names))
            blit_text(surf, tr(won), v.size(28), (box.centerx, y), GOLD, anchor="midtop")
        scene.sheet_button.draw(surf, v.size(21))
        scene.leave_button.draw(surf, v.size(21))
        scene.review_button.draw(surf, v.size(21))
        # a game of a fixed number of deals: each deal's result beside the sheet
        draw_game_sheet(surf, v, st, [ctl.team_name(t) for t in range(teams)],
                        pygame.Rect(CENTRE_X - width // 2, SHEET_Y, width, SHEET_H), ctl.layout.width,
                        lambda n: fs(v, n))

