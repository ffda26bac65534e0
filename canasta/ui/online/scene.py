"""The online table: the local table scene with what playing at a distance adds.

Over the usual table (:class:`~canasta.ui.table.TableScene`, with an
:class:`.controller.OnlineController`): a strip at the top saying the table's code and
whose turn it is, person or computer; a banner when this seat's connection is down
(the game comes back by itself) or while another person is missing ("waiting for Ana,
0:42", then "a computer plays for Ana"); Undo hidden; and a short chat beside the
move log (C-less: the *Chat* button or F9 opens it, a line of text and quick phrases,
muted or not in the settings).
"""

from __future__ import annotations

import time
from typing import Callable, Optional

import pygame

from ..draw import DIM, GOLD, INK, RED, blit_text, draw_fitted, panel
from ..layout import View
from ..table.layout import LOG_OVERLAY, MENU_BUTTON
from ..table.scene import TableScene
from ..widgets import Button
from ...i18n import N_, t, tr
from .controller import OnlineController

CHAT_KEY = pygame.K_F9
#: sent over the network as they are here (in English, the message key), so each player
#: reads them in their own language; a typed line is shown as typed
QUICK_PHRASES = (N_("Good game"), N_("One moment"), N_("Well played"), N_("Your turn"), N_("Thanks"))
STRIP = pygame.Rect(996, 42, 276, 24)         # under the Chat, Log and Menu buttons
BANNER = pygame.Rect(340, 120, 600, 44)
BANNER_OVER_SHEET = pygame.Rect(340, 58, 600, 44)   # above the score sheet, when it is open
#: seconds without an answer after which a lost table is said to be paused (its host gone)
HOST_SILENT_SECONDS = 15.0
CHAT_BOX = pygame.Rect(LOG_OVERLAY.x, LOG_OVERLAY.y, LOG_OVERLAY.w, LOG_OVERLAY.h)


class OnlineTableScene(TableScene):
    """See the module documentation."""

    def __init__(self, app, link, info: dict, first, seats: list, *, on_leave: Optional[Callable[[str], None]] = None,
                 on_change=None):
        ctl = OnlineController(app, link, info, first, seats, on_leave=on_leave, on_change=on_change)
        self.chat_text = ""
        self.chat_button = Button(N_("Chat"), self.toggle_chat, None, N_("Talk to the table (F9)"))
        self.mute_button = Button(N_("Mute"), self.toggle_mute, None, N_("Chat lines make no sound"))
        self.send_button = Button(N_("Send"), self.send_chat, None, N_("Send the line to the table"))
        self.quick_buttons = [Button(p, lambda p=p: self.send_chat(p), None, N_("Send it at once")) for p in QUICK_PHRASES]
        super().__init__(app, ctl.game, seats, on_leave=on_leave, on_change=on_change, ctl=ctl)

    # -- chat -----------------------------------------------------------------------
    @property
    def chat_open(self) -> bool:
        """Whether the chat panel is open (kept by the controller: a line that arrives
        while it is open is read as it comes, not counted unread)."""
        return self.ctl.chat_open

    @chat_open.setter
    def chat_open(self, value: bool) -> None:
        self.ctl.chat_open = value

    def toggle_chat(self) -> None:
        self.chat_open = not self.chat_open
        if self.chat_open:
            self.ctl.chat_unread = 0
            if self.ctl.log_mode == "open":
                self.toggle_log()
        self.ctl.dirty = True

    def toggle_mute(self) -> None:
        s = self.app.settings
        s.chat_muted = not s.chat_muted
        self._store_settings()

    def send_chat(self, text: Optional[str] = None) -> None:
        line = (text if text is not None else self.chat_text).strip()
        if line:
            self.ctl.link.chat(line[:200])
        if text is None:
            self.chat_text = ""
        self.ctl.dirty = True

    def toggle_log(self) -> None:
        if self.ctl.log_mode == "closed":
            self.chat_open = False
        super().toggle_log()

    # -- controls -------------------------------------------------------------------
    def place_controls(self) -> None:
        super().place_controls()
        v = self.view
        undo = self.buttons[7]
        undo.visible = False
        self.chat_button.rect = v.rect(MENU_BUTTON.move(-2 * (MENU_BUTTON.w + 8), 0))
        unread = self.ctl.chat_unread
        self.chat_button.label = (N_("Chat  x") if self.chat_open else t("Chat ({count})", count=unread) if unread
                                  else N_("Chat"))
        self.review_button.enabled = self.ctl.game.record is not None
        for b in [self.mute_button, self.send_button] + self.quick_buttons:
            b.visible = self.chat_open
        if not self.chat_open:
            return                      # the chat's own buttons are placed while it is open
        box = CHAT_BOX
        muted = self.app.settings.chat_muted
        self.mute_button.label = N_("Unmute") if muted else N_("Mute")
        self.mute_button.rect = v.rect(pygame.Rect(box.right - 88, box.y + 8, 80, 26))
        self.send_button.rect = v.rect(pygame.Rect(box.right - 78, box.bottom - 40, 70, 30))
        for i, b in enumerate(self.quick_buttons):
            col, row = i % 2, i // 2
            b.rect = v.rect(pygame.Rect(box.x + 8 + col * ((box.w - 24) // 2 + 8), box.bottom - 150 + row * 34,
                                        (box.w - 24) // 2, 28))

    # -- input ----------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        self.place_controls()
        if event.type == pygame.KEYDOWN and event.key == CHAT_KEY:
            self.toggle_chat()
            return
        if self.chat_open:
            if event.type == pygame.TEXTINPUT:
                self.chat_text = (self.chat_text + event.text)[:200]
                self.ctl.dirty = True
                return
            if event.type == pygame.KEYDOWN:
                if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                    self.send_chat()
                elif event.key == pygame.K_BACKSPACE:
                    self.chat_text = self.chat_text[:-1]
                elif event.key == pygame.K_ESCAPE:
                    self.chat_open = False
                self.ctl.dirty = True
                return
            if any(b.handle(event) for b in [self.mute_button, self.send_button] + self.quick_buttons):
                return
        if self.chat_button.handle(event):
            return
        super().handle(event)

    # -- drawing --------------------------------------------------------------------
    def draw(self, surf: pygame.Surface) -> None:
        super().draw(surf)
        v = self.view
        ctl = self.ctl
        if ctl.log_mode != "open" and not self.chat_open:
            self._strip(surf, v)        # the table's code; under the log or the chat when they are open
        self.chat_button.draw(surf, max(12, v.size(19)))
        banner = self.banner()
        if banner:
            text, error = banner
            r = v.rect(BANNER_OVER_SHEET if ctl.state.deal_over else BANNER)
            panel(surf, r, (110, 30, 26) if error else (30, 60, 44), 235, radius=v.size(10),
                  border=(230, 110, 96) if error else GOLD)
            draw_fitted(surf, text, v.size(21), r.inflate(-v.size(20), 0), INK, align="center")
        if self.chat_open:
            self._chat(surf, v)
        ctl.dirty = False

    def banner(self) -> Optional[tuple[str, bool]]:
        """The banner over the table (text, whether it is bad news), or None."""
        ctl = self.ctl
        if ctl.link_state == "down":
            since = time.monotonic() - (ctl.down_since or time.monotonic())
            if not ctl.closing_note and since >= HOST_SILENT_SECONDS and ctl.link.server is None:
                # no word from the host's game (it crashed, or its computer is off): the
                # table waits in its journal until the host's Continue brings it back
                return tr(t("The host does not answer: the table is paused until they are back ({seconds} s)",
                            seconds=int(since))), True
            note = tr(ctl.closing_note or N_("Your connection to the table was lost"))
            return tr(t("{note}: reconnecting... ({seconds} s)", note=note.rstrip('.'), seconds=int(since))), True
        if ctl.link_state == "gone":
            return tr("The table could not be reached again: go back to the menu and choose Continue."), True
        if ctl.state.deal_over and ctl.waiting_next and not ctl.state.game_over:
            return tr("Ready: waiting for the others to start the next deal."), False
        return None

    def _strip(self, surf: pygame.Surface, v: View) -> None:
        ctl = self.ctl
        r = v.rect(STRIP)
        panel(surf, r, alpha=200, radius=v.size(8))
        code = ctl.info.get("code", "")
        draw_fitted(surf, tr(t("Online table {code}", code=code)), v.size(16), r.inflate(-v.size(14), 0), GOLD, align="center")

    def _chat(self, surf: pygame.Surface, v: View) -> None:
        ctl = self.ctl
        box = v.rect(CHAT_BOX)
        panel(surf, box, alpha=240, radius=v.size(10), border=(90, 140, 100))
        blit_text(surf, tr("Chat"), v.size(19), (box.x + v.size(10), box.y + v.size(10)), GOLD)
        self.mute_button.draw(surf, max(11, v.size(16)))
        size = v.size(16)
        top = box.y + v.size(42)
        bottom = v.rect(self.quick_buttons[0].rect).y if False else self.quick_buttons[0].rect.y - v.size(8)
        line_h = int(size * 1.3)
        rows = max(0, (bottom - top) // line_h)
        lines = ctl.chat[-rows:] if rows else []
        y = top
        for name, text in lines:
            if text in QUICK_PHRASES:       # a quick phrase: in this player's language
                text = tr(text)
            draw_fitted(surf, tr(t("{name}: {text}", name=name, text=text)), size, pygame.Rect(box.x + v.size(10), y, box.w - v.size(20), line_h),
                        INK)
            y += line_h
        if not ctl.chat:
            draw_fitted(surf, tr("No one has said anything yet."), size,
                        pygame.Rect(box.x + v.size(10), top, box.w - v.size(20), line_h), DIM)
        for b in self.quick_buttons:
            b.draw(surf, max(11, v.size(15)))
        field = pygame.Rect(box.x + v.size(8), self.send_button.rect.y, self.send_button.rect.x - box.x - v.size(16),
                            self.send_button.rect.h)
        panel(surf, field, (10, 28, 19), 255, radius=v.size(6), border=(96, 140, 106))
        shown = self.chat_text or tr("Type a line, Enter sends it")
        draw_fitted(surf, shown + ("|" if self.chat_text else ""), size, field.inflate(-v.size(10), 0),
                    INK if self.chat_text else DIM)
        self.send_button.draw(surf, max(11, v.size(16)))

    def is_idle(self) -> bool:
        return super().is_idle() and self.banner() is None


__all__ = ["OnlineTableScene", "RED"]
