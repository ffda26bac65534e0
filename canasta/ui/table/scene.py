"""The table scene: the window's input turned into the controller's calls.

:class:`TableScene` wires the three parts together: the controller
(:mod:`.controller`) keeps the game, the layout (:mod:`.layout`) says where things
are, the view (:mod:`.view`) draws. The scene itself hit-tests the mouse, follows
drags and places the buttons. The keyboard focus is the forms' own
(:class:`~canasta.ui.focus.FocusGroup`): Tab and Shift+Tab go round the hand and the
buttons, the arrow keys go to the nearest button in that direction, Enter and Space
press the focused button, a button's letter presses it. On the hand, Left and Right
move along the cards, Space picks the focused card and Enter lays the staged melds
down.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Callable, Optional

import pygame

from ...engine import Draw
from ...engine.record import Game
from ...engine.state import DRAW, PLAY
from ...i18n import N_, tr
from ...vocab import DEFAULT_LEVEL, SEAT_NAMES  # noqa: F401  (canasta.ui.table offers SEAT_NAMES)
from ..layout import View
from ..focus import FocusGroup
from ..scene import Scene
from ..widgets import Button
from .pieces import game_pieces
from .said import keep_words, write_words
from .controller import TableController
from .gestures import can_drag_meld, drop_targets
from .keyboard import SCORES_KEY, HandFocus, MeldFocus
from .layout import (BUTTON_AREA, DIALOG_NO, DIALOG_YES, MENU_BUTTON, sheet_buttons,
                     button_rects, card_rect, zone_at)
from .view import PRIVACY_SUMMARY_BUTTON, TableView, drag_pose

DRAG_THRESHOLD = 6            # pixels the pointer moves before a press becomes a drag


@dataclass
class SeatConfig:
    name: str
    human: bool
    level: str = DEFAULT_LEVEL


@dataclass
class Drag:
    cards: list[int]
    from_pile: bool
    start: tuple[int, int]
    pos: tuple[int, int]
    active: bool = False
    targets: Optional[dict] = None      # zone name -> ("do" | "stage" | "no", payload)
    from_meld: Optional[int] = None     # the id of the side's meld picked up (merge_groups)


class TableScene(Scene):
    """One game at the table. ``app`` gives the window, art, sounds, settings and AI."""

    def __init__(self, app, game: Game, seats: list[SeatConfig], *, autoplay_deals: Optional[int] = None,
                 screenshot: Optional[str] = None, on_leave: Optional[Callable[[str], None]] = None,
                 on_change: Optional[Callable[["TableScene", list], None]] = None,
                 ctl: Optional[TableController] = None):
        self.app = app
        self.screenshot = screenshot
        self.shot_taken_for: Optional[tuple] = None
        self.drag: Optional[Drag] = None
        if ctl is None:      # an online table brings its own controller (canasta.ui.online)
            ctl = TableController(app, game, seats, autoplay_deals=autoplay_deals, on_leave=on_leave,
                                  on_change=on_change, owner=self)
        ctl.owner = self
        self.ctl = ctl
        c = self.ctl
        self.buttons = [
            Button(N_("Draw"), c.draw_or_pass, pygame.K_d, N_("Draw from the stock")),
            Button(N_("Take pile"), c.take_pile, pygame.K_t, N_("Take the discard pile")),
            Button(N_("Meld"), c.meld_selected, pygame.K_m, N_("Meld the selected cards")),
            Button(N_("Discard"), c.discard_selected, pygame.K_x, N_("Discard the selected card")),
            Button(N_("Lay down"), c.lay_down, pygame.K_l, N_("Put the staged melds down")),
            Button(N_("Ask partner"), c.ask, pygame.K_a, N_("Partner, may I go out?")),
            Button(N_("Hint"), c.hint, pygame.K_h, N_("What would the computer do?")),
            Button(N_("Undo"), c.undo, pygame.K_u, N_("Back to the start of your turn.")),
        ]
        for b, short in zip(self.buttons, ((), (N_("Take"),), (), (), (N_("Lay"),), (N_("Ask"),), (), ())):
            b.short = short                             # a narrow table (log pinned, small window)
        self.pieces = game_pieces(game.state.rules)   # the game's own buttons (Modern American's threes)
        self.buttons += self.pieces.buttons(c) if self.pieces else []
        self.menu_button = Button(N_("Menu"), lambda: c.leave("pause"), None, N_("Pause: rules, settings, save and quit"))
        self.log_button = Button(N_("Log"), self.toggle_log, pygame.K_g,
                                 N_("The moves of this deal (G opens it, Shift+G pins it at the side)"))
        #: names of the play buttons, in their order (the controller's why_not takes them)
        self.button_names = ("draw", "take", "meld", "discard", "lay", "ask", "hint", "undo")
        #: the score sheet of every deal so far is open over the table
        self.scores_open = False
        self.sheet_button = Button(N_("Next deal"), c.next_deal, pygame.K_RETURN)
        self.leave_button = Button(N_("Back to menu"), lambda: c.leave("menu"))
        self.review_button = Button(N_("Review"), lambda: c.leave("review"), pygame.K_r,
                                    N_("Replay this deal move by move, with the coach (R)"))
        self.privacy_button = Button(N_("I am here"), c.reveal, pygame.K_RETURN)
        self.yes_button = Button(N_("Yes, go out"), lambda: c.answer(True))
        self.no_button = Button(N_("No, not yet"), lambda: c.answer(False))
        self.confirm_yes = Button(N_("Yes"), self._confirmed)
        self.confirm_no = Button(N_("No"), self._cancel_confirm)
        self._others = [self.menu_button, self.log_button, self.sheet_button, self.leave_button, self.review_button,
                        self.privacy_button, self.yes_button, self.no_button, self.confirm_yes, self.confirm_no]
        self._keys = keep_words(self.buttons + self._others)    # written in the language in use, again on resize
        self._words()
        self.hand_focus = HandFocus(self)
        self.meld_focus = MeldFocus(self)
        self.focus = FocusGroup([self.hand_focus, self.meld_focus] + self.buttons + [self.menu_button, self.log_button])
        self.focus.focused = self.hand_focus
        self.painter = TableView(self)
        self.place_controls()

    # ------------------------------------------------------------------ what others read
    game = property(lambda self: self.ctl.game)
    state = property(lambda self: self.ctl.game.state)
    seats = property(lambda self: self.ctl.seats)
    animator = property(lambda self: self.ctl.animator)
    toast = property(lambda self: self.ctl.toast)
    selected = property(lambda self: self.ctl.selected)
    staged = property(lambda self: self.ctl.staged)
    privacy = property(lambda self: self.ctl.privacy)
    viewer = property(lambda self: self.ctl.viewer)
    pause = property(lambda self: self.ctl.pause)
    deals_done = property(lambda self: self.ctl.deals_done)
    hand_order = property(lambda self: self.ctl.layout.hand_order)
    zones = property(lambda self: self.ctl.layout.zones)

    @property
    def autoplay_deals(self) -> Optional[int]:
        return self.ctl.autoplay_deals

    @autoplay_deals.setter
    def autoplay_deals(self, value: Optional[int]) -> None:
        self.ctl.autoplay_deals = value

    @property
    def quit_requested(self) -> bool:  # type: ignore[override]
        return self.ctl.quit_requested

    @property
    def view(self) -> View:
        # wider with the log pinned; as high as the window when it is taller than 16:10
        return View(*self.app.screen.get_size(), self.ctl.layout.width, self.ctl.layout.height)

    def perform(self, action, quiet: bool = False) -> bool:
        return self.ctl.perform(action, quiet)

    def my_turn(self) -> bool:
        return self.ctl.my_turn()

    _my_turn = my_turn

    # ------------------------------------------------------------------ the Scene protocol
    def is_idle(self) -> bool:
        return self.ctl.idle() and self.drag is None

    def _words(self) -> None:
        write_words(self.buttons + self._others, self._keys)    # the buttons' words in the language in use

    def resize(self) -> None:
        self._words()
        self.ctl.dirty = True
        self.painter.forget_layer()
        if (self.ctl.log_mode == "pinned" or self.ctl.layout_options().height != self.ctl.layout.height):
            self.ctl.refresh()        # the pinned log's width and the table's height follow the window's shape
        self.place_controls()

    def relayout(self, order: tuple = (), snap: bool = False) -> None:
        """Lay the table out again from the state (``order``: cards to move first)."""
        self.ctl.relayout(order, snap=snap)

    def refresh(self) -> None:
        """Lay the cards out again at once (after a change of settings: sorting, sizes)."""
        self.ctl.refresh()

    def notice(self, message: str, seconds: float = 6.0, error: bool = True) -> None:
        self.ctl.toast.show(message, seconds, error=error)

    def close(self) -> None:
        self.ctl.close()

    def update(self, dt: float) -> None:
        ctl = self.ctl
        ctl.tick(dt)
        st = ctl.state
        if st.deal_over and ctl.sheet_shown and self.screenshot:
            key = (st.deal_number, len(ctl.game.actions))
            if self.shot_taken_for != key:
                self.shot_taken_for = key
                self.app.request_screenshot(self.screenshot.replace("{deal}", str(st.deal_number + 1)))
        self.place_controls()

    def draw(self, surf: pygame.Surface) -> None:
        self.ctl.dirty = False
        self.painter.draw(surf)

    # ------------------------------------------------------------------ controls
    def place_controls(self) -> None:
        """Buttons: what they say, whether they work, where they are (every frame)."""
        ctl = self.ctl
        st = ctl.state
        v = self.view
        # cards still gliding do not stop a press: the action retargets them (a key pressed
        # just after a click is never dropped)
        mine = ctl.my_turn()
        ok = ctl.verdicts()
        draw, take, meld, discard, lay, ask, hint, undo = self.buttons[:8]
        restock = st.pile_becomes_stock()
        draw.label = tr(N_("Draw") if st.stock or restock or st.deal_over else N_("Pass"))
        draw.tip = tr(N_("Draw from the stock") if st.stock else
                      N_("The stock is empty: draw from the pile turned over into a new stock") if restock else
                      N_("The stock is empty: pass"))
        draw.enabled = mine and (ok["draw"] or ok["pass"])
        take.enabled = mine and ok["take"]
        meld.enabled = mine and st.phase in (DRAW, PLAY) and bool(ctl.selected)   # before drawing: staged to take the pile
        discard.enabled = mine and st.phase == PLAY and len(ctl.selected) == 1
        lay.enabled = mine and ok["lay"]
        ask.visible = st.rules.ask_to_go_out
        ask.enabled = mine and ok["ask"]
        hint.visible = self.app.settings.hints_allowed
        hint.enabled = mine and ctl.hint_ticket is None
        undo.visible = self.app.settings.undo_allowed   # hot-seat too: within a person's own turn
        undo.enabled = mine and ctl.undo_point() is not None
        undo.tip = tr(ctl.undo_target())
        for name, b in zip(self.button_names, self.buttons):
            b.why_disabled = "" if b.enabled else partial(ctl.button_why, name)
        # every button keeps its place: one that does not apply now is disabled, not moved
        # (only the game's rules and the settings decide which buttons there are)
        visible = [b for b in self.buttons[:8] if b.visible]
        fr = ctl.layout.frame
        for b, r in zip(visible, button_rects(len(visible), fr.button_area, fr.button_h)):
            b.rect = v.rect(r)
        if self.pieces:
            self.pieces.place(self, self.buttons[8:])   # the game's own buttons, in a row of their own
        self.menu_button.rect = v.rect(MENU_BUTTON)
        self.log_button.rect = v.rect(MENU_BUTTON.move(-(MENU_BUTTON.w + 8), 0))
        self.log_button.label = tr(N_("Log") if ctl.log_mode == "closed" else (N_("Log  x") if ctl.log_mode == "open"
                                                                                 else N_("Unpin")))
        self.sheet_button.label = tr(N_("Finish") if st.game_over else N_("Next deal"))
        for b, r in zip((self.sheet_button, self.leave_button, self.review_button), sheet_buttons(st.rules.teams)):
            b.rect = v.rect(r)
        self.privacy_button.rect = v.rect(PRIVACY_SUMMARY_BUTTON)
        for yes, no in ((self.yes_button, self.no_button), (self.confirm_yes, self.confirm_no)):
            yes.rect, no.rect = v.rect(DIALOG_YES), v.rect(DIALOG_NO)
        self.hand_focus.rect = v.rect(ctl.layout.zones["hand"]) if "hand" in ctl.layout.zones else pygame.Rect(0, 0, 0, 0)
        self.meld_focus.place(v)

    def toggle_log(self) -> None:
        """G: the move log opens over the right of the table, or closes."""
        ctl = self.ctl
        ctl.log_mode = "open" if ctl.log_mode == "closed" else "closed"
        if self.app.settings.log_pinned and ctl.log_mode == "closed":
            self.app.settings.log_pinned = False
            self._store_settings()
        ctl.refresh()

    def pin_log(self) -> None:
        """Shift+G: the move log stays at the side of the table (kept in the settings)."""
        ctl = self.ctl
        pinned = ctl.log_mode != "pinned"
        ctl.log_mode = "pinned" if pinned else "closed"
        self.app.settings.log_pinned = pinned
        self._store_settings()
        ctl.refresh()
        self.place_controls()

    def _store_settings(self) -> None:
        session = getattr(self.app, "session", None)
        if session is not None and hasattr(session, "save_settings"):
            session.save_settings()

    def explain_disabled(self, b) -> bool:
        """A press on a disabled button says why it cannot be used (True when it did)."""
        if b.visible and not b.enabled and b.why_disabled:
            self.ctl.say(b.why_disabled, 3.5)
            return True
        return False

    def focused_button(self) -> Optional[Button]:
        """The button with the keyboard focus (None: the hand has it, or nothing)."""
        f = self.focus.current()
        return f if isinstance(f, Button) else None

    def focused_card(self) -> Optional[int]:
        """The hand card with the keyboard focus, if the hand has it."""
        return self.hand_focus.card() if self.focus.current() is self.hand_focus else None

    def _confirmed(self) -> None:
        _, action = self.ctl.confirm
        self.ctl.confirm = None
        action()

    def _cancel_confirm(self) -> None:
        self.ctl.confirm = None

    # ------------------------------------------------------------------ input
    def handle(self, event: pygame.event.Event) -> None:
        ctl = self.ctl
        st = ctl.state
        self.place_controls()
        key = event.key if event.type == pygame.KEYDOWN else None
        if key == pygame.K_ESCAPE:
            if ctl.confirm:
                ctl.confirm = None
            elif self.scores_open:
                self.scores_open = False
            elif ctl.log_mode == "open":
                self.toggle_log()
            else:
                ctl.leave("pause")
            return
        if ctl.confirm:
            if key in (pygame.K_RETURN, pygame.K_y):
                self._confirmed()
            elif key == pygame.K_n:
                self._cancel_confirm()
            else:
                self.confirm_yes.handle(event) or self.confirm_no.handle(event)
            return
        if key is not None and ctl.voice.key(key, self):
            return      # F2..F6 read the table aloud
        if self.scores_open:
            if key is not None or (event.type == pygame.MOUSEBUTTONUP and event.button == 1):
                self.scores_open = False
            return
        if key == SCORES_KEY and ctl.privacy is None:
            self.scores_open = True
            return
        if key == pygame.K_g and not ctl.privacy:
            if event.mod & pygame.KMOD_SHIFT:
                self.pin_log()
            else:
                self.toggle_log()
            return
        if key == pygame.K_s and not (event.mod & pygame.KMOD_CTRL) and not ctl.human_to_act():
            ctl.skip_ahead()
            return
        if ctl.privacy is not None:
            if (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or key in (pygame.K_RETURN, pygame.K_SPACE):
                ctl.reveal()
            return
        if st.deal_over:
            if self.sheet_button.handle(event) or self.leave_button.handle(event) or self.review_button.handle(event):
                return
            if key == pygame.K_r:
                self.review_button.action()
                return
            if key in (pygame.K_RETURN, pygame.K_SPACE):
                ctl.next_deal()
            return
        if ctl.answering():
            if self.yes_button.handle(event) or self.no_button.handle(event):
                return
            if key in (pygame.K_y, pygame.K_n):
                ctl.answer(key == pygame.K_y)
            return
        if event.type == pygame.MOUSEMOTION:
            for b in self.buttons:   # disabled buttons too: their tip says why
                b.hover = b.visible and b.rect.collidepoint(event.pos)
        if self.menu_button.handle(event) or self.log_button.handle(event) or any(b.handle(event)
                                                                                   for b in self.buttons):
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and not (self.drag and self.drag.active):
            for b in self.buttons:   # a click on a disabled button: why
                if b.visible and b.rect.collidepoint(event.pos) and self.explain_disabled(b):
                    self.drag = None
                    return
            if self._hud_rect().collidepoint(event.pos):
                self.scores_open = True
                return
        if key is not None:
            self._key(event)
            return
        if not ctl.my_turn():
            if event.type == pygame.MOUSEBUTTONUP and self.drag:
                self.drag = None
                ctl.relayout()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._mouse_down(event.pos)
        elif event.type == pygame.MOUSEMOTION and self.drag:
            self._mouse_move(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag:
            self._mouse_up(event.pos)

    def _key(self, event) -> None:
        if event.key == pygame.K_z and (event.mod & pygame.KMOD_CTRL):
            self.ctl.undo()
            return
        if event.key == pygame.K_BACKSPACE and self.ctl.staged:
            self.ctl.unstage(len(self.ctl.staged) - 1)    # the last staged meld back to the hand
            return
        if self.focus.current() is None:
            self.focus.focused = self.hand_focus    # the focused button went away: back to the hand
        if self.focus.handle_key(event):
            self.ctl.voice.focus_moved(self)
            return
        # a key of a button that cannot be used now (or Enter on it): say why
        k = event.key
        target = next((b for b in self.buttons if b.key == k and b.visible), None)
        if target is None and k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            f = self.focus.focused
            target = f if f in self.buttons else None
        if target is not None:
            self.explain_disabled(target)

    def _hud_rect(self) -> pygame.Rect:
        """Where the score box is drawn (a click opens the sheet of every deal)."""
        return self.painter.hud_rect(self.view)

    # ------------------------------------------------------------------ the mouse
    def card_at(self, pos) -> Optional[int]:
        """The hand card under a window point (topmost)."""
        v = self.view
        hit = None
        for c in self.hand_order:
            sp = self.ctl.animator.sprites.get(c)
            if sp is not None and v.rect(card_rect(sp.pose())).collidepoint(pos):
                hit = c
        return hit

    def screen_pos_of(self, card: int) -> tuple[int, int]:
        """Where a card is drawn now (its centre, in window pixels): for tests and demos."""
        p = self.ctl.animator.sprites[card].pose()
        return self.view.pt(p.x, p.y)

    def click_point(self, card: int) -> tuple[int, int]:
        """A window point that hits ``card`` in the hand: the middle of its visible strip
        (the next card of the fan covers the rest)."""
        r = card_rect(self.ctl.animator.sprites[card].pose())
        order = self.hand_order
        visible_w = r.w
        if card in order and order.index(card) < len(order) - 1:
            visible_w = min(r.w, max(4, int(self.ctl.layout.hand_step)))
        return self.view.pt(r.x + visible_w / 2, r.y + 18)

    def zone_centre(self, name: str) -> tuple[int, int]:
        r = self.zones[name]
        return self.view.pt(r.centerx, r.centery)

    def meld_centre(self, meld_id: int) -> tuple[int, int]:
        """A window point on the viewer's side's meld with this id."""
        r = self.ctl.layout.meld_zones[meld_id]
        return self.view.pt(r.centerx, r.y + 40)

    def _mouse_down(self, pos) -> None:
        ctl = self.ctl
        st = ctl.state
        card = self.card_at(pos)
        if card is not None:
            self.drag = Drag([card], False, pos, pos)
            return
        v = self.view
        if v.rect(self.zones["pile"]).collidepoint(pos) and st.pile and st.phase == DRAW:
            self.drag = Drag([st.pile[-1]], True, pos, pos)
            return
        if v.rect(self.zones["stock"]).collidepoint(pos):
            ctl.perform(Draw())
            return
        # a staged group clicked: back to the hand
        for j, g in enumerate(ctl.staged):
            sprites = ctl.animator.sprites
            if any(v.rect(card_rect(sprites[c].pose())).collidepoint(pos) for c in g if c in sprites):
                ctl.unstage(j)
                return
        # one of the side's groups picked up, to be dropped on another (merge_groups)
        for meld_id, r in ctl.layout.meld_zones.items():
            if v.rect(r).collidepoint(pos) and can_drag_meld(st, meld_id):
                meld = st.meld_by_id(st.team_of(st.to_act), meld_id)
                self.drag = Drag(list(meld.cards), False, pos, pos, from_meld=meld_id)
                return

    def _mouse_move(self, pos) -> None:
        d = self.drag
        d.pos = pos
        if not d.active and (abs(pos[0] - d.start[0]) + abs(pos[1] - d.start[1])) > DRAG_THRESHOLD:
            d.active = True
            ctl = self.ctl
            if not d.from_pile and d.from_meld is None:
                c = d.cards[0]
                d.cards = ctl.selected_in_order() if c in ctl.selected else [c]
            lay = ctl.layout
            zones = [f"meld:{meld_id}" for meld_id in lay.meld_zones] + ["pile", "meld_area", "hand"]
            d.targets = drop_targets(ctl.state, d.cards, zones, from_pile=d.from_pile, staged=ctl.staged,
                                     selected=ctl.selected, from_meld=d.from_meld)

    def _mouse_up(self, pos) -> None:
        d = self.drag
        self.drag = None
        ctl = self.ctl
        if not d.active:
            if d.from_meld is not None:
                return   # a click on a meld picks nothing
            if d.from_pile:
                ctl.take_pile()
            else:
                ctl.toggle(d.cards[0])
            return
        # the cards leave the pointer where they were drawn: refused, they slide back from there;
        # played, they go on from there
        lx, ly = self.view.logical(*pos)
        n = len(d.cards)
        ctl.animator.let_go({c: drag_pose(lx, ly, i, n, sp.pose().scale) for i, c in enumerate(d.cards)
                             if (sp := ctl.animator.sprites.get(c)) is not None})
        ctl.release(d.cards, zone_at(ctl.layout, pos, d.from_pile, self.view.rect), from_pile=d.from_pile,
                    from_meld=d.from_meld)
