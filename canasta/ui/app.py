"""The window and its frame loop: read events, let the scene handle them, update
with the frame's time step, draw, flip. The loop never waits on a computer player."""

from __future__ import annotations

import os
import sys
import warnings
from typing import Optional

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from .. import i18n  # noqa: E402
from . import parts  # noqa: E402,F401  the games' own window parts, registered
from .cardart import CardArt  # noqa: E402
from .draw import HC_BACKGROUND, set_high_contrast, set_text_scale  # noqa: E402
from .scene import Scene  # noqa: E402
from .sound import SoundBoard  # noqa: E402

from ..vocab import MIN_WINDOW_SIZE as MIN_SIZE  # noqa: E402
from ..vocab import TABLE_COLOURS  # noqa: E402

#: The key that turns the sound off and on from any screen (M melds at the table), and
#: its name as the screens show it.
MUTE_KEY = pygame.K_F8
MUTE_KEY_NAME = "F8"


class App:
    """Owns the window, the shared resources (card art, sounds, computer players,
    settings) and the current scene."""

    def __init__(self, settings, size: Optional[tuple[int, int]] = None, ai=None,
                 language: Optional[str] = None):
        self.settings = settings
        #: ``--lang``: the language of this run, until the player picks one in Settings
        self.language_override = language
        self._language_setting = settings.language
        self.language = i18n.set_language(language or settings.language)
        pygame.init()
        w, h = size or tuple(settings.window_size)
        w, h = max(w, MIN_SIZE[0]), max(h, MIN_SIZE[1])
        flags = pygame.RESIZABLE
        self.screen = pygame.display.set_mode((w, h), flags)
        pygame.display.set_caption("Canasta")
        try:
            with warnings.catch_warnings():
                # pygame-ce 2.5 marks from_display_module as deprecated; it is still the
                # way to reach the display module's window
                warnings.simplefilter("ignore", DeprecationWarning)
                window = pygame.Window.from_display_module()
            window.minimum_size = MIN_SIZE
        except Exception:  # older SDL or an unusual video driver: the resize handler copes
            pass
        try:  # drawn ahead into assets/icons by packaging/make_icons.py
            from ..resources import asset_path
            pygame.display.set_icon(pygame.image.load(str(asset_path("icons/canasta-64.png"))))
        except (pygame.error, OSError):
            try:
                from .icon import draw_icon
                pygame.display.set_icon(draw_icon(64))
            except pygame.error:
                pass
        self.art = CardArt(settings.card_back, settings.four_colour, settings.show_points)
        set_high_contrast(settings.high_contrast)
        set_text_scale(settings.text_size / 100)
        self.sounds = SoundBoard(settings.sound, settings.volume)
        from .speech import Speech
        self.speech = Speech(settings)      # Read the game aloud; the back end is found when first needed
        self.speech.ready()                 # (at once when it is on: a missing voice is said at start-up)
        if ai is None:
            from ..ai.worker import AIWorker
            ai = AIWorker()
        self.ai = ai
        self.scene: Optional[Scene] = None
        self.running = True
        self.exit_code = 0
        self.keyboard_used = False
        self.clock = pygame.time.Clock()
        self._felt: dict[tuple, pygame.Surface] = {}
        self._rot: dict[tuple, pygame.Surface] = {}
        self._shots: list[str] = []
        self._since_draw = 1.0
        self.drew = False          # whether the last frame was drawn
        self.messages: list[str] = []
        #: called after :meth:`apply_settings` (a paused table re-lays its cards)
        self.settings_listeners: list = []
        #: the :class:`~canasta.ui.session.Session` driving the screens, when there is one
        self.session = None
        try:
            pygame.key.set_repeat(420, 45)
        except pygame.error:
            pass
        # for ``python -m canasta.bench startup``: quit right after the first drawn frame
        self.exit_after_first_frame = bool(os.environ.get("CANASTA_EXIT_AFTER_FIRST_FRAME"))
        if settings.fullscreen:
            self.toggle_fullscreen()

    # -- shared drawing resources ----------------------------------------------------
    def felt(self, size: tuple[int, int]) -> pygame.Surface:
        """The table cloth at this size: the chosen colour with a soft vignette."""
        colour = TABLE_COLOURS.value(self.settings.table_colour) or TABLE_COLOURS.value(TABLE_COLOURS[0])
        if self.settings.high_contrast:
            colour = None          # high contrast: a plain black table
        key = (size, colour)
        surf = self._felt.get(key)
        if surf is None:
            self._felt.clear()
            w, h = size
            if colour is None:
                surf = pygame.Surface(size)
                surf.fill(HC_BACKGROUND)
                self._felt[key] = surf
                return surf
            small = pygame.Surface((64, 40))
            for y in range(40):
                for x in range(64):
                    dx, dy = (x - 31.5) / 32, (y - 19.5) / 20
                    d = min(1.0, (dx * dx + dy * dy) ** 0.5)
                    f = 1.12 - 0.42 * d * d
                    small.set_at((x, y), tuple(max(0, min(255, int(c * f))) for c in colour))
            surf = pygame.transform.smoothscale(small, (w, h))
            if pygame.display.get_surface() is not None:
                surf = surf.convert()
            self._felt[key] = surf
        return surf

    def rotated(self, img: pygame.Surface, angle: float) -> pygame.Surface:
        a = int(round(angle))
        key = (id(img), a)
        out = self._rot.get(key)
        if out is None:
            if len(self._rot) > 400:
                self._rot.clear()
            # quarter turns are exact; other angles are filtered so edges stay smooth
            out = pygame.transform.rotate(img, a) if a % 90 == 0 else pygame.transform.rotozoom(img, a, 1.0)
            self._rot[key] = out
        return out

    def apply_settings(self) -> None:
        """Settings changed: art, sounds and animation follow at once."""
        self._since_draw = 1.0
        s = self.settings
        self.art.set_options(s.card_back, s.four_colour, s.show_points)
        self._rot.clear()
        self.sounds.set_enabled(s.sound)
        self.sounds.set_volume(s.volume)
        set_high_contrast(s.high_contrast)
        set_text_scale(s.text_size / 100)
        self._felt.clear()
        if s.language != self._language_setting:    # chosen in Settings: it wins over --lang
            self._language_setting = s.language
            self.language_override = None
        language = i18n.set_language(self.language_override or s.language)
        if language != self.language:
            self.language = language
            if self.scene is not None:      # its words are rebuilt, as after a window resize
                self.scene.resize()
        for listener in list(self.settings_listeners):
            listener()

    def toggle_mute(self) -> None:
        """The mute key: sound off (or back on) at once, kept in the settings, and said."""
        s = self.settings
        s.sound = not s.sound
        self.apply_settings()
        if self.session is not None:
            self.session.save_settings()
        sentence = (i18n.t("Sound off ({key} turns it back on).", key=MUTE_KEY_NAME) if not s.sound
                    else i18n.t("Sound on ({key} mutes it).", key=MUTE_KEY_NAME))
        if self.scene is not None:
            self.scene.notice(sentence, 3.0, error=False)

    def request_screenshot(self, path: str) -> None:
        self._shots.append(path)

    def toggle_fullscreen(self) -> None:
        try:
            pygame.display.toggle_fullscreen()
        except pygame.error:
            pass

    def set_scene(self, scene: Scene) -> None:
        """Show ``scene``; the scene left is closed (a table stops its computer players,
        and takes them up again when it comes back)."""
        old = self.scene
        self.scene = scene
        self._since_draw = 1.0   # a new scene is always drawn
        if scene.title and old is not scene:
            self.speech.say(f"{scene.title}.", interrupt=True)     # Read the game aloud: where you are
        if old is not None and old is not scene:
            old.close()

    # -- the loop --------------------------------------------------------------------
    def step(self, dt: float, events: Optional[list] = None) -> None:
        """One frame: events, update, draw, flip (tests call this with a fake time step).

        A scene that says it is idle (nothing moving, nothing changed) and got no input is
        not redrawn, except a quarter of a second after the last drawing: a table left
        open costs next to no processor time."""
        events = pygame.event.get() if events is None else events
        for event in events:
            if event.type == pygame.QUIT:
                self.running = False
                continue
            if event.type == pygame.VIDEORESIZE:
                w, h = max(event.w, MIN_SIZE[0]), max(event.h, MIN_SIZE[1])
                if (w, h) != (event.w, event.h):
                    self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
                else:
                    self.screen = pygame.display.get_surface()
                if self.scene is not None:
                    self.scene.resize()
                continue
            if event.type == pygame.KEYDOWN:
                self.keyboard_used = True
                if event.key == pygame.K_F11:
                    self.toggle_fullscreen()
                    continue
                if event.key == MUTE_KEY:
                    self.toggle_mute()
                    continue
            elif event.type == pygame.MOUSEBUTTONDOWN:
                self.keyboard_used = False
            if self.scene is not None:
                self.scene.handle(event)
        drawn = True
        if self.scene is not None:
            self.scene.update(dt)
            if (not events and not self._shots and self.scene.is_idle()
                    and self._since_draw < 0.25 and not self.exit_after_first_frame):
                drawn = False
                self._since_draw += dt
            else:
                self.scene.draw(self.screen)
                self._since_draw = 0.0
            if self.scene.quit_requested:
                self.running = False
            missing = self.speech.take_notice()    # no way to speak: said once
            if missing:
                self.scene.notice(missing, 8.0, error=False)
        for path in self._shots:
            try:
                pygame.image.save(self.screen, path)  # into a folder that exists: none is created
            except (pygame.error, OSError) as e:
                print(f"canasta: could not save the screenshot {path}: {e}", file=sys.stderr)
        self._shots.clear()
        self.drew = drawn      # whether this frame was drawn (an idle scene's is not)
        if drawn:
            pygame.display.flip()
        if self.exit_after_first_frame:
            print("canasta: first frame drawn", flush=True)
            self.running = False

    def run(self) -> int:
        while self.running:
            dt = self.clock.tick(60) / 1000.0
            self.step(min(dt, 0.1))
        self.close()
        return self.exit_code

    def close(self) -> None:
        scene = self.scene
        if scene is not None:
            scene.close()
        self.speech.close()
        try:
            self.ai.close()
        except Exception:
            pass
        # only the window closes: fonts and the mixer may still serve another App in
        # this process (the tests open several); the process exit frees the rest
        pygame.display.quit()
