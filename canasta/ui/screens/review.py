"""Review: a finished deal played back on the real table, move by move, with the coach.

The deal is drawn by the table's own layout and view (:mod:`canasta.ui.table`): a
:class:`ReviewController` is the table's controller with the turn flow taken out (no
computer plays, nobody may move, no privacy screen), so stepping forward plays the
record's next move through the same code as a game, with its animations, and
stepping back replays the record to the earlier point and lets the cards glide back.

The replay works on its own copy of the record: the history and any game in progress are never changed.

Keys: Left/Right one move, Home/End the start and the end of the deal, Page Up/Down
the previous and next deal, F every hand face up or only the reviewer's, S the
score sheet, L the turn list, C cancel the coach, E export the deal, Escape close.
The turn list (click a move to jump there) and the slider under the table jump too.
"""

from __future__ import annotations

from typing import Callable, Optional

import pygame

from ...ai import coach
from ...engine.record import Game
from ...i18n import N_, t, tr
from ..layout import View
from ..scene import Scene
from ..table import SeatConfig
from ..table.pieces import game_pieces
from ..table.said import keep_words, write_words
from ..table.layout import CENTRE_X, SeatLabel, backs_half_width
from ..table.view import TableView, fit_first, hud_box, side_label_top
from .review_replay import CoachThread, ReviewController, deal_bounds, move_text, review_titles, seat_names
from ..draw import draw_tip, fit_text, text_scale
from ..widgets import DIM, GOLD, INK, Button, blit_text, font, panel, wrap

FLAG_INK = (255, 150, 120)
LIST_BOX = pygame.Rect(1000, 46, 272, 262)      # the turn list, above the right-hand seat (logical)
LIST_ROW = 22
LIST_MIN_H = 40 + 4 * LIST_ROW                  # it shortens to keep that seat's name in view, to this at least
SLIDER = pygame.Rect(300, 611, 680, 8)        # in the felt between the viewer's melds and the status line
SLIDER_KNOB = 7
PROGRESS = pygame.Rect(272, 56, 240, 8)     # the coach's progress, under the title
#: the move and the coach's word on it, in the status line's place under the slider and
#: above the hand (large cards too), left of the move buttons
COACH_BOX = pygame.Rect(150, 621, 830, 41)
RISK_AT = (770, 318)            # a game's risk panel (Modern American's), right of the pile: the title is
                                # where the table has it


class ReviewScene(Scene):
    """A deal played back on the table (see the module documentation)."""

    def __init__(self, app, record: Game, *, deal: int = 1, seat: int = 0, names: Optional[list[str]] = None,
                 db=None, on_close: Optional[Callable[[], None]] = None, coach_seed: int = 0,
                 worlds: int = coach.COACH_WORLDS, all_face_up: bool = True, run_coach: bool = True):
        self.app = app
        self.db = db
        self.on_close = on_close
        self.coach_seed = coach_seed
        self.worlds = worlds
        self.run_coach = run_coach
        # our own copy: the record given is never changed
        self.record = Game.from_json(record.to_json())
        players = self.record.state.rules.players
        self.names = list(names or seat_names(players))[:players]
        while len(self.names) < players:
            self.names.append(t("Player {number}", number=len(self.names) + 1))
        self.seat = seat if 0 <= seat < players else 0
        self.all_face_up = all_face_up
        self.deals = coach.deals_in(self.record)
        self.drag = None
        self.show_list = True
        self.dragging_slider = False
        self.buttons = [
            Button("<<", self.home, pygame.K_HOME, N_("The start of the deal (Home)")),
            Button("<", self.back, pygame.K_LEFT, N_("One move back (Left)")),
            Button(">", self.forward, pygame.K_RIGHT, N_("One move forward (Right)")),
            Button(">>", self.end, pygame.K_END, N_("The end of the deal (End)")),
            Button(N_("Hands"), self.toggle_hands, pygame.K_f, N_("Every hand face up, or only the reviewer's (F)")),
            Button(N_("Score"), self.score_sheet, pygame.K_s, N_("The deal's score sheet (S)")),
            Button(N_("Turns"), self.toggle_list, pygame.K_l, N_("Show or hide the turn list (L)")),
            Button(N_("Export"), self.export, pygame.K_e, N_("Save this deal as a record file (E)")),
        ]
        self.cancel_button = Button(N_("Stop coach"), self.cancel_coach, pygame.K_c, N_("Stop the coach (C)"))
        self.menu_button = Button(N_("Close"), self.close_review, None, N_("Close the review (Escape)"))
        self.sheet_button = Button(N_("Back a move"), self.back)
        self.leave_button = Button(N_("Close review"), self.close_review)
        self.yes_button = self.no_button = self.confirm_yes = self.confirm_no = self.privacy_button = Button("", lambda: None)
        self.review_button = Button("", lambda: None)
        self.review_button.visible = False
        self._worded = self.buttons + [self.cancel_button, self.menu_button, self.sheet_button, self.leave_button]
        self._keys = keep_words(self._worded)      # written in the language in use here, again on resize
        write_words(self._worded, self._keys)
        self.coach: Optional[CoachThread] = None
        # the game's own pieces as the table draws them (Modern American's talons); no buttons: nobody plays here
        self.pieces = game_pieces(self.record.state.rules)
        self.risk_at = RISK_AT
        self.open_deal(deal)

    # ------------------------------------------------------------------ the deal
    def open_deal(self, deal: int) -> None:
        self.cancel_coach()
        self.deal = max(1, min(deal, self.deals))
        self.first, self.end_index = deal_bounds(self.record, self.deal)
        self.count = self.end_index - self.first          # moves in this deal
        self.game = self.record.fresh()
        for a in self.record.actions[:self.first]:
            self.game.play(a)
        seats = [SeatConfig(n, i == self.seat, "medium") for i, n in enumerate(self.names)]
        self.ctl = ReviewController(self.app, self.game, seats, self.seat, self.all_face_up)
        self.step = 0
        self.moves = self._moves()
        self.verdicts: dict[int, coach.Decision] = {}
        self.total = coach.count_decisions(self.record, self.seat, self.deal)
        self.judged = 0
        self.coach_note = ""
        self.coach_state = "off"
        self._start_coach()
        self._say_position()

    def _moves(self) -> list[str]:
        out = []
        for i, st, a in coach.positions(self.record):
            if i < self.first:
                continue
            if i >= self.end_index:
                break
            out.append(move_text(self.names[st.to_act], a, len(st.hands[st.to_act]), restock=not st.stock))
        return out

    def _start_coach(self) -> None:
        if not self.run_coach or self.total == 0:
            self.coach_state = "done"
            return
        if self.db is not None:
            from ...review import stored_review
            kept = stored_review(self.db, self.record, self.seat, self.deal, seed=self.coach_seed,
                                 worlds=self.worlds)
            if kept is not None:
                for d in kept:
                    self.verdicts[d.index] = d
                self.judged = self.total
                self.coach_state = "done"
                return
        self.coach = CoachThread(self.record, self.seat, self.deal, self.coach_seed, self.worlds)
        self.coach_state = "running"

    def cancel_coach(self) -> None:
        if self.coach is not None and not self.coach.done:
            self.coach.cancel()
            self.coach_state = "cancelled"
        self.coach = None

    def _poll_coach(self) -> None:
        c = self.coach
        if c is None:
            return
        for d in c.poll():
            self.verdicts[d.index] = d
            self.judged += 1
        if c.failed:
            self.ctl.toast.show(c.failed, 5.0, error=True)
            self.coach_state = "cancelled"
            self.coach = None
        elif c.done:
            self.coach = None
            if c.cancelled:
                self.coach_state = "cancelled"
                return
            self.coach_state = "done"
            if self.db is not None:
                from ...review import coach_settings, record_key
                results = [self.verdicts[i].to_json() for i in sorted(self.verdicts)]
                self.db.store_coach_results(record_key(self.record), self.deal, self.seat,
                                            coach_settings(self.coach_seed, self.worlds), results)
                self.db.take_messages()

    # ------------------------------------------------------------------ moving
    def go(self, step: int, animate: bool = True) -> None:
        """Show the position after ``step`` moves of the deal."""
        step = max(0, min(step, self.count))
        if step == self.step:
            return
        if step == self.step + 1 and animate:
            self.ctl.perform(self.record.actions[self.first + self.step], quiet=True)
        else:
            target = self.first + step
            if target < len(self.game.actions):
                self.game.replay_to(target)
            else:
                for a in self.record.actions[len(self.game.actions):target]:
                    self.game.play(a)
            self.ctl.answer_note = ""
            self.ctl.relayout(snap=not animate or abs(step - self.step) > 1)
        self.step = step
        self._say_position()

    def forward(self) -> None:
        self.go(self.step + 1)

    def back(self) -> None:
        self.go(self.step - 1)

    def home(self) -> None:
        self.go(0)

    def end(self) -> None:
        self.go(self.count)

    def score_sheet(self) -> None:
        self.go(self.count, animate=False)

    def toggle_hands(self) -> None:
        self.all_face_up = not self.all_face_up
        self.ctl.all_face_up = self.all_face_up
        self.ctl.relayout(snap=False)

    def toggle_list(self) -> None:
        self.show_list = not self.show_list

    def export(self) -> None:
        from ...review import export_deal
        from ...store.paths import data_dir
        folder = data_dir() / "records"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path = export_deal(self.record, self.deal, folder, names=self.names, deal=self.deal)
        except OSError as e:
            self.ctl.toast.show(tr(t("The deal could not be saved ({reason}).", reason=str(e.strerror or e))), 6.0, error=True)
            return
        self.ctl.toast.show(tr(t("Deal saved as {path}", path=str(path))), 6.0)

    def close_review(self) -> None:
        self.cancel_coach()
        if self.on_close is not None:
            self.on_close()
        else:
            self.quit_requested = True

    def _say_position(self) -> None:
        """The status line: the last move, and the coach's word on it."""
        if self.step == 0:
            self.ctl.answer_note = t("Deal {number}: the cards are dealt. Right arrow plays the first move.", number=self.deal)
        else:
            self.ctl.answer_note = t("Move {number} of {count}: {move}.", number=self.step, count=self.count, move=self.moves[self.step - 1])

    def current_verdict(self) -> Optional[coach.Decision]:
        """The coach's flag on the move just shown, or on the move about to be made."""
        for index in (self.first + self.step - 1, self.first + self.step):
            d = self.verdicts.get(index)
            if d is not None and d.flagged:
                return d
        return None

    # ------------------------------------------------------------------ the Scene protocol
    @property
    def view(self) -> View:
        lay = self.ctl.layout
        return View(*self.app.screen.get_size(), lay.width, lay.height)

    @property
    def state(self):
        return self.game.state

    def focused_button(self):
        return None

    def focused_card(self):
        return None

    def is_idle(self) -> bool:
        return self.ctl.idle() and self.coach is None

    def resize(self) -> None:
        write_words(self._worded, self._keys)
        self.ctl.dirty = True

    def close(self) -> None:
        self.cancel_coach()

    def notice(self, message: str, seconds: float = 6.0, error: bool = True) -> None:
        self.ctl.toast.show(message, seconds, error=error)

    def update(self, dt: float) -> None:
        self._poll_coach()
        self.ctl.tick(dt)
        self.place_controls()

    def place_controls(self) -> None:
        v = self.view
        x0, y0 = 1086, 660
        for i, b in enumerate(self.buttons):
            col, row = i % 4, i // 4
            b.rect = v.rect((x0 - 100 + col * 73, y0 + row * 40, 68, 34))
        self.buttons[0].enabled = self.buttons[1].enabled = self.step > 0
        self.buttons[2].enabled = self.buttons[3].enabled = self.step < self.count
        self.buttons[4].label = tr(N_("Mine") if self.all_face_up else N_("All"))
        self.cancel_button.rect = v.rect((1040, 8, 136, 30))
        self.cancel_button.visible = self.coach is not None
        self.menu_button.rect = v.rect((1184, 8, 88, 30))
        from ..table.layout import SHEET_LEAVE, SHEET_NEXT
        self.sheet_button.rect = v.rect(SHEET_NEXT)
        self.leave_button.rect = v.rect(SHEET_LEAVE)

    def handle(self, event: pygame.event.Event) -> None:
        self.place_controls()
        v = self.view
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos              # the coach's sentence shows whole under it
        if event.type == pygame.KEYDOWN:
            k = event.key
            if k == pygame.K_ESCAPE:
                self.close_review()
            elif k == pygame.K_PAGEUP and self.deal > 1:
                self.open_deal(self.deal - 1)
            elif k == pygame.K_PAGEDOWN and self.deal < self.deals:
                self.open_deal(self.deal + 1)
            elif k == pygame.K_c:
                self.cancel_coach()
            else:
                for b in self.buttons:
                    if b.key == k and b.enabled:
                        b.action()
                        break
            return
        if self.state.deal_over and (self.sheet_button.handle(event) or self.leave_button.handle(event)):
            return
        if self.menu_button.handle(event) or self.cancel_button.handle(event):
            return
        if any(b.handle(event) for b in self.buttons):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if v.rect(self.slider().inflate(0, 16)).collidepoint(event.pos):
                self.dragging_slider = True
                self._slide(event.pos)
                return
            row = self._list_row_at(event.pos)
            if row is not None:
                self.go(row + 1)
        elif event.type == pygame.MOUSEMOTION and self.dragging_slider:
            self._slide(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.dragging_slider = False
        elif event.type == pygame.MOUSEWHEEL and self.show_list:
            self.list_scroll = max(0, getattr(self, "list_scroll", 0) - event.y * 3)

    def _slide(self, pos) -> None:
        lx, _ = self.view.logical(*pos)
        bar = self.slider()
        frac = (lx - bar.x) / bar.w
        self.go(int(round(max(0.0, min(1.0, frac)) * self.count)), animate=False)

    def covers(self) -> list[pygame.Rect]:
        """What the review draws over the table (logical): the turn list, while shown
        (the table keeps the labels under it clear)."""
        return [self._list_box()] if self.show_list else []

    def _list_box(self) -> pygame.Rect:
        """The turn list's place: above the name of the seat on the right (the longer its
        hand, the higher the name), which it never covers while a few rows remain."""
        box = pygame.Rect(LIST_BOX)
        tops = [side_label_top(s, self.ctl.layout.frame.text) for s in self.ctl.layout.labels
                if isinstance(s, SeatLabel) and not s.own and s.orient == "v" and s.x > CENTRE_X]
        least = LIST_MIN_H if self.ctl.layout.frame.text <= 1 else 40 + LIST_ROW   # larger sizes: a row at least
        tops = [t for t in tops if t - 6 >= box.y + least]
        if tops:
            box.h = min(box.h, int(min(tops)) - 6 - box.y)
        return box

    def _list_rows(self) -> tuple[int, int]:
        """(first move shown, rows) of the turn list, keeping the current move in view."""
        rows = (self._list_box().h - 40) // LIST_ROW
        scroll = getattr(self, "list_scroll", None)
        want = max(0, self.step - rows // 2)
        start = want if scroll is None or not (scroll <= self.step - 1 < scroll + rows) else scroll
        start = max(0, min(start, max(0, self.count - rows)))
        self.list_scroll = start
        return start, rows

    def _list_row_at(self, pos) -> Optional[int]:
        if not self.show_list:
            return None
        lx, ly = self.view.logical(*pos)
        box = self._list_box()
        if not box.collidepoint(lx, ly):
            return None
        start, rows = self._list_rows()
        i = start + int((ly - box.y - 34) // LIST_ROW)
        return i if 0 <= i < min(self.count, start + rows) and ly >= box.y + 34 else None

    # ------------------------------------------------------------------ drawing
    def slider(self) -> pygame.Rect:
        """The deal's slider (logical): :data:`SLIDER`, kept at the top of the status
        line's place wherever the table's frame puts it (larger sizes, a taller window)."""
        msg = self.ctl.layout.frame.message_box
        return SLIDER.move(0, msg.y + 6 - SLIDER.y)

    def coach_box(self) -> pygame.Rect:
        """The coach's sentence: :data:`COACH_BOX`, under the slider in the status line's place."""
        msg = self.ctl.layout.frame.message_box
        return pygame.Rect(COACH_BOX.x, msg.y + 16, COACH_BOX.w, msg.h - 5)

    def draw(self, surf: pygame.Surface) -> None:
        self.ctl.dirty = False
        # a move the coach flagged: its sentence takes the status line's place (see COACH_BOX)
        self.status_hidden = self.current_verdict() is not None and not self.state.deal_over
        TableView(self).draw(surf)
        v = self.view
        self._draw_coach(surf, v)
        self._draw_slider(surf, v)
        if self.show_list:
            self._draw_list(surf, v)
        self.cancel_button.draw(surf, v.size(16))
        bar = self.progress()
        line, size = fit_first([tr(m) for m in review_titles(self.names[self.seat], self.deal, self.deals)],
                               v.size(18), v.size(bar.w))
        blit_text(surf, line, size, v.pt(bar.x, 8), GOLD)
        if getattr(self, "coach_cut", "") and v.rect(self.coach_box()).collidepoint(getattr(self, "pointer", (-1, -1))):
            draw_tip(surf, v, self.coach_box(), self.coach_cut, width=640)

    def progress(self) -> pygame.Rect:
        """The coach's progress bar under the title (logical): :data:`PROGRESS`, right of the
        scores panel and left of the top seat's hand (both larger with larger sizes)."""
        hud = hud_box(self.state.rules.teams, self.ctl.layout.frame.text)
        x = max(PROGRESS.x, hud.right + 14)
        right = PROGRESS.right
        for item in self.ctl.layout.labels:
            if isinstance(item, SeatLabel) and not item.own and item.orient == "h":
                right = min(right, item.x - backs_half_width(item.count, item.orient) - 10)
        return pygame.Rect(x, PROGRESS.y + int(20 * (self.ctl.layout.frame.text - 1)), max(60, right - x), PROGRESS.h)

    def _draw_coach(self, surf: pygame.Surface, v: View) -> None:
        self.coach_cut = ""
        box = v.rect(self.progress())
        pygame.draw.rect(surf, (30, 50, 38), box, border_radius=4)
        done = self.judged / self.total if self.total else 1.0
        fill = box.copy()
        fill.w = int(box.w * done)
        pygame.draw.rect(surf, GOLD, fill, border_radius=4)
        flagged = sum(1 for d in self.verdicts.values() if d.flagged)
        if self.coach_state == "running":
            label = tr(t("Coach: {judged} of {total} judged, {flagged} flagged", judged=self.judged, total=self.total,
                         flagged=flagged))
        elif self.coach_state == "cancelled":
            label = tr(t("Coach stopped: {judged} of {total}, {flagged} flagged", judged=self.judged, total=self.total,
                         flagged=flagged))
        else:
            cost = sum(d.cost for d in self.verdicts.values())
            label = tr(t("Coach: {flagged} of {total} flagged, {cost} points lost", flagged=flagged, total=self.total,
                         cost=round(cost)))
        # within the bar's width: North's hand begins just right of it
        size = v.size(15)
        while size > 11 and font(size).size(label)[0] > box.w:
            size -= 1
        line, size = fit_first([label, tr(t("Coach: {flagged} of {total} flagged", flagged=flagged, total=self.total)),
                                tr(t("{flagged} flagged", flagged=flagged))], size, box.w)
        blit_text(surf, line, size, (box.x, box.y - v.size(4)), DIM, anchor="bottomleft")
        d = self.current_verdict()
        if d is not None and not self.state.deal_over:
            # two lines at most, a smaller type for a long sentence, never over the hand
            box = v.rect(self.coach_box())
            words = tr(t("{note}  Coach: {sentence}", note=self.ctl.answer_note, sentence=d.sentence))
            for pt in (17, 16, 15, 14, 13, 12):
                size = v.size(pt)
                step = int(size * 1.08 * text_scale())
                lines = wrap(words, size, box.w - v.size(16))
                if len(lines) * step + v.size(4) <= box.h:
                    break
            keep = max(2, (box.h - v.size(4)) // max(1, step))
            if len(lines) > keep:     # cut: pointing at it shows the whole sentence
                self.coach_cut = words
                lines = lines[:keep - 1] + [fit_text(" ".join(lines[keep - 1:]), size, box.w - v.size(16),
                                                     shrink=1.0)[0]]
            f = font(size)
            band = pygame.Rect(0, 0, max(f.size(line)[0] for line in lines) + v.size(16),
                               step * len(lines) + v.size(4))
            band.midtop = (box.centerx, box.y)
            pygame.draw.rect(surf, (22, 40, 29), band, border_radius=6)   # the hand's outline does not run through it
            y = band.y + v.size(2)
            for line in lines:
                blit_text(surf, line, size, (band.centerx, y), FLAG_INK, anchor="midtop")
                y += step

    def _draw_slider(self, surf: pygame.Surface, v: View) -> None:
        r = v.rect(self.slider())
        pygame.draw.rect(surf, (24, 44, 32), r, border_radius=6)
        for index, d in self.verdicts.items():
            if d.flagged and self.count:
                x = r.x + r.w * (index - self.first + 0.5) / self.count
                pygame.draw.line(surf, FLAG_INK, (x, r.y), (x, r.bottom), max(2, v.size(2)))
        x = r.x + (r.w * self.step / self.count if self.count else 0)
        pygame.draw.circle(surf, GOLD, (int(x), r.centery), max(5, v.size(SLIDER_KNOB)))

    def _draw_list(self, surf: pygame.Surface, v: View) -> None:
        at = self._list_box()
        box = v.rect(at)
        panel(surf, box, alpha=225)
        blit_text(surf, tr("Turns"), v.size(18), (box.x + v.size(10), box.y + v.size(8)), GOLD)
        start, rows = self._list_rows()
        y = at.y + 34
        for i in range(start, min(self.count, start + rows)):
            index = self.first + i
            d = self.verdicts.get(index)
            current = i == self.step - 1
            if current:
                pygame.draw.rect(surf, (60, 90, 70), v.rect((at.x + 4, y - 1, at.w - 8, LIST_ROW)),
                                 border_radius=4)
            colour = FLAG_INK if d is not None and d.flagged else (INK if current else DIM)
            label = f"{i + 1}. {tr(self.moves[i])}"
            width = at.w - 20
            if d is not None and d.flagged:
                blit_text(surf, f"-{d.cost:.0f}", v.size(15), v.pt(at.right - 10, y + 2), colour,
                          anchor="topright")
                width -= 44
            shown = wrap(label, v.size(15), v.size(width))[0]
            blit_text(surf, shown, v.size(15), v.pt(at.x + 10, y + 2), colour)
            y += LIST_ROW


