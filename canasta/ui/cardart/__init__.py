"""Card faces and backs drawn by code, at whatever pixel size the table needs.

Nothing here is loaded from an image file. Every face is painted at the size
asked for, so a card is as crisp at 48x67 as it is at 140x196:

* shapes (the card body, pips, court panels, badges, the joker's cap) are drawn
  on a surface ``_SS`` times larger and shrunk once with ``smoothscale``, which
  antialiases every edge;
* text (indices, court letters, "WILD", "BONUS", ...) is rendered by the
  default pygame font directly at the final size, so it stays sharp;
* the bottom-right index is the top-left one turned by 180 degrees with an
  exact pixel flip, never a resampling rotation.

pygame's default font has no suit symbols, so suits are polygons and circles
(see :func:`draw_suit`, which the rest of the window may use for labels).

The module needs only ``pygame.init()`` (or ``pygame.font.init()``); it never
calls ``convert()``/``convert_alpha()`` and works with the dummy video driver.

Typical use::

    art = CardArt(back_theme="blue", four_colour=False, show_points=False)
    surf = art.face(card_id, 100, 140)   # cached: same code and size, same surface
    back = art.back(100, 140)
"""

from __future__ import annotations

import pygame

from canasta.engine.cards import CODE_OF

from .backs import BACK_PALETTES, BACK_THEMES, draw_back
from .faces import draw_face
from .suits import draw_suit, suit_colour

__all__ = [
    "BACK_THEMES",
    "CARD_ASPECT",
    "CardArt",
    "draw_suit",
    "suit_colour",
    "card_height_for_width",
]

# Width / height of a card: the common poker-size proportion 2.5 x 3.5 inches.
CARD_ASPECT = 5 / 7


def card_height_for_width(width: int) -> int:
    """The card height, in pixels, that keeps the 5:7 proportion for ``width``."""
    return max(1, round(width / CARD_ASPECT))



class CardArt:
    """Draws and caches card faces and backs.

    ``back_theme`` is one of :data:`BACK_THEMES`; ``four_colour`` prints clubs
    green and diamonds blue; ``show_points`` adds the card's point value (from
    ``POINTS_OF``) in the top-right corner. Faces are cached by (card code,
    width, height, options), so the two king of hearts of a double pack share
    one surface. Treat returned surfaces as read-only: copy before drawing on
    them. A "large cards" setting is only a bigger ``w`` and ``h`` from the
    caller (keep ``h = card_height_for_width(w)``); faces are drawn afresh at
    every size, never scaled up.
    """

    def __init__(self, back_theme: str = "blue", four_colour: bool = False,
                 show_points: bool = False) -> None:
        self._check_theme(back_theme)
        self.back_theme = back_theme
        self.four_colour = bool(four_colour)
        self.show_points = bool(show_points)
        self._faces: dict[tuple, pygame.Surface] = {}
        self._backs: dict[tuple, pygame.Surface] = {}

    # -- options

    @staticmethod
    def _check_theme(theme: str) -> None:
        if theme not in BACK_PALETTES:
            raise ValueError(f"unknown back theme {theme!r}; choose one of {', '.join(BACK_THEMES)}")

    def set_options(self, back_theme: str | None = None, four_colour: bool | None = None,
                    show_points: bool | None = None) -> None:
        """Change any of the options (None leaves one as it is) and empty the caches."""
        if back_theme is not None:
            self._check_theme(back_theme)
            self.back_theme = back_theme
        if four_colour is not None:
            self.four_colour = bool(four_colour)
        if show_points is not None:
            self.show_points = bool(show_points)
        self.clear_cache()

    def clear_cache(self) -> None:
        """Forget every cached face and back (they are redrawn on demand)."""
        self._faces.clear()
        self._backs.clear()

    def colour_of(self, suit: int) -> tuple[int, int, int]:
        """The ink of ``suit`` under this art's colour option."""
        return suit_colour(suit, self.four_colour)

    # -- public drawing

    def face(self, card_id: int, w: int, h: int) -> pygame.Surface:
        """The face of ``card_id`` as a ``w`` x ``h`` SRCALPHA surface (cached)."""
        if not 0 <= card_id < len(CODE_OF):
            raise ValueError(f"no card with id {card_id!r}")
        w, h = self._check_size(w, h)
        key = (CODE_OF[card_id], w, h, self.four_colour, self.show_points)
        surf = self._faces.get(key)
        if surf is None:
            surf = self._faces[key] = self._draw_face(card_id, w, h)
        return surf

    def back(self, w: int, h: int) -> pygame.Surface:
        """The back of a card in the current theme, ``w`` x ``h``, SRCALPHA (cached)."""
        w, h = self._check_size(w, h)
        key = (self.back_theme, w, h)
        surf = self._backs.get(key)
        if surf is None:
            surf = self._backs[key] = self._draw_back(self.back_theme, w, h)
        return surf

    @staticmethod
    def _check_size(w: int, h: int) -> tuple[int, int]:
        w, h = int(w), int(h)
        if w < 12 or h < 16:
            raise ValueError(f"a card must be at least 12x16 pixels, not {w}x{h}")
        return w, h

    def _draw_face(self, card_id: int, w: int, h: int) -> pygame.Surface:
        return draw_face(card_id, w, h, self.four_colour, self.show_points)

    @staticmethod
    def _draw_back(theme: str, w: int, h: int) -> pygame.Surface:
        return draw_back(theme, w, h)
