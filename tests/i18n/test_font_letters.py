"""The game's font shows every letter of its languages (measured: each glyph's metrics and
its rendered pixels, against the box a missing glyph is drawn as)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from canasta import i18n  # noqa: E402
from canasta.ui.draw import font  # noqa: E402

LETTERS = "áéíóúñçãõàèìòùäöüßœ«»¿¡ÁÉÍÓÚÑÇÀÈÒÙÄÖÜ"
#: what French writes between thousands (5 000), and the game's other spaces
SPACES = "\u202f\u00a0"
#: characters no font of the game has: how a missing glyph looks
MISSING = "\uffff"


@pytest.fixture(scope="module", autouse=True)
def fonts():
    pygame.font.init()
    yield


def ink(f, ch) -> pygame.Rect:
    """The rectangle of the pixels a character paints."""
    return f.render(ch, True, (255, 255, 255)).get_bounding_rect()


@pytest.mark.parametrize("size", [16, 22, 46])
@pytest.mark.parametrize("bold", [False, True])
def test_every_letter_of_the_languages_has_its_own_glyph(size, bold):
    f = font(size, bold)
    box_metrics, box_ink = f.metrics(MISSING)[0], ink(f, MISSING)
    for ch in LETTERS:
        (metrics,) = f.metrics(ch)
        assert metrics is not None and metrics != box_metrics, f"{ch!r} has no glyph in the game's font"
        drawn = ink(f, ch)
        assert drawn.w > 0 and drawn.h > 0, f"{ch!r} draws nothing"
        assert f.render(ch, True, (255, 255, 255)).get_size() != f.render(MISSING, True, (255, 255, 255)).get_size() \
            or drawn != box_ink, f"{ch!r} is drawn as the missing-glyph box"


@pytest.mark.parametrize("size", [16, 22])
def test_the_spaces_of_french_numbers_are_blank_and_no_wider_than_a_space(size):
    f = font(size)
    for ch in SPACES:
        assert ink(f, ch).w == 0, f"{ch!r} paints something (the missing-glyph box?)"
        assert 0 < f.size(ch)[0] <= f.size(" ")[0]
    # a French number as the game writes it: as wide as the digits and one narrow space
    written = i18n.number(5000, "fr")
    assert written == "5\u202f000"
    assert f.size(written)[0] <= f.size("5 000")[0] and ink(f, written).w > 0
