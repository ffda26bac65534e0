"""*Open record...*: pick a saved record file to replay (see :mod:`.review`)."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import pygame

from ..forms import Button as FormButton, ListView, Screen, draw_fitted, section_panel
from ..widgets import DIM, INK
from ...i18n import N_, tr


def record_files() -> list[Path]:
    """Record files the player can open: those exported from reviews (newest first)."""
    from ...store.paths import data_dir
    folder = data_dir(create=False) / "records"
    try:
        files = [p for p in folder.iterdir() if p.suffix == ".json" and p.is_file()]
    except OSError:
        return []
    return sorted(files, key=lambda p: p.stat().st_mtime, reverse=True)[:200]


class OpenRecordScreen(Screen):
    """*Open record...*: the record files saved from reviews, to replay one."""

    title = N_("Open record")
    subtitle = N_("Deals saved with Export in a review, newest first")
    BOX = pygame.Rect(240, 110, 800, 560)

    def __init__(self, session, back: Callable[[], None]):
        super().__init__(session.app)
        self.session = session
        self._back = back
        self.files = record_files()
        self.listing = ListView(self.files, self._row, row_height=34, name="records")
        self.open_button = FormButton(N_("Open"), self.open, pygame.K_RETURN, N_("Replay the selected deal"),
                                      name="open", style="primary")
        self.back_button = FormButton(N_("Back"), back, name="back")
        self.controls = [self.listing, self.open_button, self.back_button]
        self.default_focus = self.open_button if self.files else self.back_button

    def back(self) -> None:
        self._back()

    def open(self) -> None:
        i = self.listing.selected
        if i is None or not 0 <= i < len(self.files):
            return
        session, back = self.session, self._back
        session.open_record_file(str(self.files[i]),
                                 back=lambda: session.app.set_scene(OpenRecordScreen(session, back)))

    def layout(self) -> None:
        b = self.BOX
        self.listing.rect = pygame.Rect(b.x + 14, b.y + 48, b.w - 28, b.h - 62)
        self.open_button.rect = pygame.Rect(470, 720, 160, 46)
        self.back_button.rect = pygame.Rect(650, 720, 160, 46)
        self.open_button.enabled = bool(self.files)

    def _row(self, surf, v, r, path, selected) -> None:
        draw_fitted(surf, path.name, v.size(18), r.inflate(-v.size(20), 0), INK)

    def draw_content(self, surf, v) -> None:
        section_panel(surf, v, self.BOX, tr("Record files"))
        if not self.files:
            draw_fitted(surf, tr("No saved deals yet: use Export in a review, or python -m canasta --replay FILE."),
                        v.size(18), v.rect((self.BOX.x + 20, self.BOX.y + 60, self.BOX.w - 40, 30)), DIM)
