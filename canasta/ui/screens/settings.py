"""The settings screen: how the game looks, sounds and helps. Every change applies
at once (cards are redrawn, sounds follow, a paused table re-lays its cards) and is
written to ``settings.toml`` straight away."""

from __future__ import annotations

from dataclasses import fields
from typing import Callable

import pygame

from ... import i18n
from ...i18n import N_, t, tr
from ...store import Settings, save_settings
from ...vocab import ANIMATION_SPEEDS, CARD_BACKS, COMPUTER_PAUSES, HAND_SORTS, SIZE_PERCENTS, TABLE_COLOURS, Choices
from ..controls import Verbatim
from ..forms import MUTED, Button, Screen, Slider, Stepper, TextField, Toggle, draw_fitted, section_panel
from ..draw import font, note
from ..app import MUTE_KEY_NAME
from ..table.voice import KEYS_SENTENCE
from ..layout import CARD_H, CARD_W, View
from ..widgets import DIM, INK, blit_text

# the settings "Restore defaults" puts back (not the name, the window or the last game)
LOOK_AND_PLAY = ("animation_speed", "reduced_motion", "high_contrast", "computer_pause", "sound", "speech", "volume", "card_back", "table_colour", "four_colour", "text_size", "card_size",
                 "show_points", "hand_sort", "confirm_discard", "hints_allowed", "undo_allowed")
# the preview: ten of clubs, queen of diamonds, ace of spades, a joker
PREVIEW = (8, 23, 51, 52)


def language_choices() -> list[tuple[str, str]]:
    """System default first, then each language named in itself (not translated)."""
    return [(i18n.SYSTEM, N_("System default")), *((code, Verbatim(name)) for code, name in i18n.LANGUAGES)]


class SettingsScreen(Screen):
    title = N_("Settings")

    def __init__(self, app, back: Callable[[], None], session=None):
        super().__init__(app)
        self.session = session
        self._back = back
        s = app.settings
        self.name_text = s.player_name

        def stepper(key: str, choices: Choices) -> Stepper:
            return Stepper(choices.pairs(), lambda: getattr(self.app.settings, key),
                           lambda v: self.set(key, v), name=key, wrap=key not in ("text_size", "card_size"))

        def toggle(key: str) -> Toggle:
            return Toggle(lambda: getattr(self.app.settings, key), lambda v: self.set(key, v), name=key)

        self.left_rows: list[tuple[str, str, object]] = [
            (N_("Animation speed"), N_("How fast the cards travel across the table."),
             stepper("animation_speed", ANIMATION_SPEEDS)),
            (N_("Table colour"), N_("The colour of the cloth."),
             stepper("table_colour", TABLE_COLOURS)),
            (N_("Card back"), N_("The pattern on the backs of the cards."),
             stepper("card_back", CARD_BACKS)),
            (N_("Four-colour deck"), N_("Clubs green and diamonds blue, to tell suits apart."), toggle("four_colour")),
            (N_("Text size"), N_("Larger words on every screen and at the table."), stepper("text_size", SIZE_PERCENTS)),
            (N_("Card size"), N_("Larger cards, your hand first."),
             stepper("card_size", SIZE_PERCENTS)),
            (N_("Show card points"), N_("Each card's point value in its corner."), toggle("show_points")),
            (N_("Hand sorting"), N_("How the cards in your hand are ordered."),
             stepper("hand_sort", HAND_SORTS)),
            (N_("Reduced motion"), N_("Cards move at once; nothing pulses or flashes."), toggle("reduced_motion")),
            (N_("High contrast"), N_("Black table, white edges, bolder outlines."), toggle("high_contrast")),
        ]
        self.right_rows: list[tuple[str, str, object]] = [
            (N_("Sound"), t("Card and table sound effects; {key} mutes them on any screen.", key=MUTE_KEY_NAME), toggle("sound")),
            (N_("Volume"), N_("How loud the effects play."),
             Slider(lambda: self.app.settings.volume, lambda v: self.set("volume", v), name="volume")),
            (N_("Read the game aloud"), N_("Moves and choices spoken; F2 to F6 read the table."),
             Toggle(lambda: self.app.settings.speech, lambda v: self.set("speech", v), name="speech",
                    tip=t("Through your screen reader or the system's voice. Keys at the table: {keys}.",
                          keys=KEYS_SENTENCE))),
            (N_("Computer pace"), N_("The pause after a computer's move."),
             stepper("computer_pause", COMPUTER_PAUSES)),
            (N_("Confirm discards"), N_("Ask before a card goes onto the pile."), toggle("confirm_discard")),
            (N_("Hints"), N_("Offer the Hint button at the table."), toggle("hints_allowed")),
            (N_("Undo"), N_("Offer Undo back to the start of your turn."), toggle("undo_allowed")),
            (N_("Your name"), N_("As it appears at the table and in the scores."),
             TextField(lambda: self.name_text, self._set_name, name="player_name", max_length=24,
                       placeholder=N_("Your name"))),
            (N_("Language"), N_("The game's words, in your language."),
             Stepper(language_choices, lambda: self.app.settings.language, lambda v: self.set("language", v),
                     name="language", wrap=True)),
        ]
        for label, _, control in self.left_rows + self.right_rows:
            control.spoken = label                 # what Read the game aloud calls it
        self.defaults_button = Button(N_("Restore defaults"), self.restore_defaults, name="defaults", size=20)
        self.back_button = Button(N_("Back"), self.back, name="back", style="primary")
        self.controls = [c for _, _, c in self.left_rows + self.right_rows] + [self.defaults_button,
                                                                             self.back_button]
        self.default_focus = self.left_rows[0][2]

    # -- changes
    def set(self, key: str, value) -> None:
        s = self.app.settings
        if getattr(s, key) == value:
            return
        setattr(s, key, value)
        self.app.apply_settings()
        if key in ("sound", "volume") and s.sound:
            self.app.sounds.play("draw")
        if key == "speech" and value:
            self.app.speech.say(tr("The game will be read aloud."), interrupt=True)
        self._save()

    def _set_name(self, value: str) -> None:
        self.name_text = value
        name = value.strip()
        if name and name != self.app.settings.player_name:
            self.app.settings.player_name = name
            self._save()

    def restore_defaults(self) -> None:
        fresh = Settings()
        s = self.app.settings
        for f in fields(Settings):
            if f.name in LOOK_AND_PLAY:
                setattr(s, f.name, getattr(fresh, f.name))
        self.app.apply_settings()
        self._save()
        self.toast.show(N_("The look and play settings are back to their defaults."), 3.0)

    def _save(self) -> None:
        if self.session is not None:
            self.session.save_settings()
            return
        for m in save_settings(self.app.settings):
            self.toast.show(m, 6.0, error=True)

    def back(self) -> None:
        if not self.name_text.strip():
            self.name_text = self.app.settings.player_name
        self._back()

    # -- layout
    LEFT = pygame.Rect(50, 100, 575, 612)
    RIGHT = pygame.Rect(655, 100, 575, 612)
    ROW_H = 54
    TOP = 150

    def layout(self) -> None:
        for area, rows in ((self.LEFT, self.left_rows), (self.RIGHT, self.right_rows)):
            y = self.TOP
            for _, _, control in rows:
                if isinstance(control, Toggle):
                    w = 130
                elif isinstance(control, (Slider, TextField)):
                    w = 230
                else:
                    w = 200
                control.rect = pygame.Rect(area.right - 24 - w, y + (self.ROW_H - 38) // 2, w, 38)
                y += self.ROW_H
        self.defaults_button.rect = pygame.Rect(50, 730, 220, 46)
        self.back_button.rect = pygame.Rect(560, 730, 160, 46)

    # -- drawing
    def draw_content(self, surf: pygame.Surface, v: View) -> None:
        for area, rows, title in ((self.LEFT, self.left_rows, N_("Cards and table")),
                                  (self.RIGHT, self.right_rows, N_("Sound and play"))):
            section_panel(surf, v, area, tr(title))
            y = self.TOP
            # larger text: the label higher in its row, the help line lower (draw_fitted keeps both
            # inside their boxes: a long help line gets smaller type, then its tip)
            # larger text: when a row has room for its label alone, the line that explains it
            # becomes its control's tip (pointing at it, or focusing it, shows it)
            brief = font(v.size(22)).get_linesize() + font(v.size(16)).get_linesize() > v.size(self.ROW_H) - v.size(4)
            for label, help_text, control in rows:
                label_w = control.rect.x - area.x - 24 - 16
                if brief:
                    if not getattr(control, "_own_tip", None):
                        control._own_tip = control.tip or "-"
                        control.tip = help_text if control.tip == "" else (help_text, control.tip)
                    draw_fitted(surf, tr(label), v.size(22), v.rect((area.x + 24, y + 2, label_w, self.ROW_H - 4)), INK)
                else:
                    if getattr(control, "_own_tip", None):
                        control.tip = "" if control._own_tip == "-" else control._own_tip
                        control._own_tip = None
                    draw_fitted(surf, tr(label), v.size(22), v.rect((area.x + 24, y + 8, label_w, 24)), INK)
                    draw_fitted(surf, tr(help_text), v.size(16), v.rect((area.x + 24, y + 34, label_w, 20)), DIM)
                y += self.ROW_H
        self._draw_preview(surf, v)

    def _draw_preview(self, surf: pygame.Surface, v: View) -> None:
        area = self.RIGHT
        top = self.TOP + len(self.right_rows) * self.ROW_H + 4
        box = pygame.Rect(area.x + 16, top, area.w - 32, area.bottom - top - 14)
        r = v.rect(box)
        shade = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(shade, (0, 0, 0, 60), shade.get_rect(), border_radius=v.size(10))
        surf.blit(shade, r)
        note("panel", surf, r, "the preview")
        label = blit_text(surf, tr("Preview"), v.size(16), (r.x + v.size(12), r.y + v.size(8)), MUTED)
        s = self.app.settings
        # the sizes side by side: the cards at 200% fill the box's height, at 100% half of it
        fit = min(1.0, (box.h - 10) / CARD_H)
        scale = fit * s.card_size / 200
        cw, ch = CARD_W * scale, CARD_H * scale
        gap = 12
        total = cw * (len(PREVIEW) + 1) + gap * len(PREVIEW)
        # a line of the table's text at the Text size, under the word "Preview"
        sample_text = tr(t("Pile {count}", count=12))
        below = (label.x, label.bottom + v.size(6))
        if below[1] + font(v.size(18)).get_linesize() > r.bottom - v.size(4):    # no room under it: beside it
            below = (label.right + v.size(12), label.y)
        sample = blit_text(surf, sample_text, v.size(18), below, INK)
        left = v.logical(max(label.right, sample.right), 0)[0] + 12 - box.x     # clear of both
        x = box.x + left + max(0.0, (box.w - left - total) / 2)
        cy = box.centery
        art = self.app.art
        w, h = v.size(cw), v.size(ch)
        for card in PREVIEW:
            img = art.face(card, w, h)
            note("card", surf, surf.blit(img, img.get_rect(center=v.pt(x + cw / 2, cy))))
            x += cw + gap
        img = art.back(w, h)
        note("card", surf, surf.blit(img, img.get_rect(center=v.pt(x + cw / 2, cy))))
