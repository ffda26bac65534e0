"""Card faces: the corner indices, pips, aces, court panels, badges and the joker.

:func:`draw_face` paints one face at the size asked for: its shapes on a
supersampled layer, its text at the final size, the lower index an exact half-turn
of the upper one.
"""

from __future__ import annotations

import math
from typing import Callable

import pygame

from canasta.engine.cards import BLACK3, JOKER, KIND_OF, POINTS_OF, RANK_OF, RED3, SUIT_OF, TWO

from .motifs import crown, flower, jester_cap, sword
from .paint import (BONUS_TEXT, COURT_PANEL, EDGE, FACE, GOLD, GOLD_DARK, INK, MUTED, RED, STOP, WHITE,
                    CAP_RATIO, blit_centred, ink_text, mix, rank_text, rounded_rect, star_points, supersampled)
from .suits import draw_suit, paint_suit, suit_colour

# --------------------------------------------------------------------------- pips

_L, _C, _R = 0.335, 0.5, 0.665
_PIPS = {
    2: [(_C, 0), (_C, 1)],
    3: [(_C, 0), (_C, 0.5), (_C, 1)],
    4: [(_L, 0), (_R, 0), (_L, 1), (_R, 1)],
    5: [(_L, 0), (_R, 0), (_C, 0.5), (_L, 1), (_R, 1)],
    6: [(_L, 0), (_R, 0), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)],
    7: [(_L, 0), (_R, 0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)],
    8: [(_L, 0), (_R, 0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_C, 0.75), (_L, 1), (_R, 1)],
    9: [(_L, 0), (_R, 0), (_L, 1 / 3), (_R, 1 / 3), (_C, 0.5),
        (_L, 2 / 3), (_R, 2 / 3), (_L, 1), (_R, 1)],
    10: [(_L, 0), (_R, 0), (_C, 1 / 6), (_L, 1 / 3), (_R, 1 / 3),
         (_L, 2 / 3), (_R, 2 / 3), (_C, 5 / 6), (_L, 1), (_R, 1)],
}



def draw_face(card_id: int, w: int, h: int, four_colour: bool = False, show_points: bool = False) -> pygame.Surface:
    """The face of ``card_id``, ``w`` x ``h``, as a new SRCALPHA surface."""
    rank, suit, kind = RANK_OF[card_id], SUIT_OF[card_id], KIND_OF[card_id]
    ink = suit_colour(suit, four_colour)
    radius = 0.07 * w
    shapes: list[Callable[[pygame.Surface, int], None]] = []
    texts: list[Callable[[pygame.Surface], None]] = []

    def body(big: pygame.Surface, s: int) -> None:
        edge = max(1.0, 0.012 * w) * s
        rounded_rect(big, EDGE, (0, 0, w * s, h * s), radius * s)
        rounded_rect(big, FACE, (edge, edge, w * s - 2 * edge, h * s - 2 * edge), radius * s - edge)

    shapes.append(body)
    if kind == JOKER:
        _joker(w, h, shapes, texts)
    else:
        _index(rank, suit, ink, w, h, texts)
        if rank == 14:
            _ace(suit, ink, w, h, shapes)
        elif rank >= 11:
            _court(rank, suit, ink, w, h, shapes, texts)
        else:
            _pips(rank, suit, kind, ink, w, h, shapes, texts)
    if show_points:
        _points(POINTS_OF[card_id], w, h, texts)

    def paint(big: pygame.Surface, s: int) -> None:
        for step in shapes:
            step(big, s)

    surf = supersampled((w, h), paint, EDGE)
    for step in texts:
        step(surf)
    return surf

def _index_metrics(w: int, h: int) -> tuple[float, float, float, float]:
    """Centre x, top y, rank cap height and suit height of a corner index."""
    # Small cards get a relatively larger index, which is what a fanned
    # hand shows; from 100 px high on the proportion is constant.
    boost = max(0.0, (100 - h) * 0.03)
    cap = max(6.0, 0.125 * h + boost)
    return 0.115 * w, 0.045 * h, cap, max(5.0, 0.085 * h + boost * 0.5)

def _index(rank: int, suit: int, ink, w: int, h: int, texts: list) -> None:
    """Rank and small suit in the top-left corner, turned round in the bottom-right."""
    cx, top, cap, suit_h = _index_metrics(w, h)

    def paint(surf: pygame.Surface) -> None:
        label = rank_text(rank, cap, ink)
        gap = max(1, round(0.018 * h))
        bw = max(label.get_width(), round(suit_h * 1.1)) + 2
        block = pygame.Surface((bw, label.get_height() + gap + round(suit_h)), pygame.SRCALPHA)
        block.blit(label, ((bw - label.get_width()) // 2, 0))
        sw = round(suit_h * 1.1)
        draw_suit(block, suit, ((bw - sw) // 2, label.get_height() + gap, sw, round(suit_h)), ink)
        x = round(cx - bw / 2)
        y = round(top)
        surf.blit(block, (x, y))
        surf.blit(pygame.transform.flip(block, True, True),
                  (w - x - bw, h - y - block.get_height()))

    texts.append(paint)

def _ace(suit: int, ink, w: int, h: int, shapes: list) -> None:
    """One large suit, with a thin ring for the ace of spades as on real packs."""
    size = 0.5 * w

    def paint(big: pygame.Surface, s: int) -> None:
        box = ((w - size) / 2 * s, (h - size) / 2 * s, size * s, size * s)
        if suit == 3:
            r = size * 0.72 * s
            pygame.draw.circle(big, ink, (w / 2 * s, h / 2 * s), r, max(1, round(0.012 * w * s)))
        paint_suit(big, suit, box, ink)

    shapes.append(paint)

def _pip_area(w: int, h: int) -> tuple[float, float, float]:
    """Top y, bottom y and pip size of the pip layout."""
    pip = 0.17 * w
    return 0.19 * h, 0.81 * h, pip

def _pips(rank: int, suit: int, kind: int, ink, w: int, h: int,
          shapes: list, texts: list) -> None:
    """Number cards 2..10: the classic pip layout, plus the ribbon of a two
    or the badge of a three (whose middle pip moves up to make room)."""
    top, bottom, pip = _pip_area(w, h)
    if kind in (RED3, BLACK3):
        # Two pips above the badge, one turned pip below it.
        positions = [(0.5 * w, top, False), (0.5 * w, top + 0.26 * (bottom - top), False),
                     (0.5 * w, bottom, True)]
    else:
        positions = [(fx * w, top + fy * (bottom - top), fy > 0.5) for fx, fy in _PIPS[rank]]

    def paint(big: pygame.Surface, s: int) -> None:
        for x, y, flip in positions:
            box = ((x - pip / 2) * s, (y - pip / 2) * s, pip * s, pip * s)
            paint_suit(big, suit, box, ink, flip)

    shapes.append(paint)
    if kind == TWO:
        _banner("WILD", w, h, h / 2, shapes, texts)
    elif kind == RED3:
        _badge("BONUS", w, h, shapes, texts, stop=False)
    elif kind == BLACK3:
        _badge("STOP", w, h, shapes, texts, stop=True)

def _banner(word: str, w: int, h: int, cy: float, shapes: list, texts: list) -> None:
    """A gold ribbon across the card with ``word`` on it (the wild cards)."""
    bw, bh = 0.62 * w, max(11.0, 0.12 * h)
    x0, y0 = (w - bw) / 2, cy - bh / 2

    def paint(big: pygame.Surface, s: int) -> None:
        notch = bh * 0.35
        # Swallow-tailed ends behind the band.
        for side in (-1, 1):
            ex = (w / 2 + side * bw / 2) * s
            tail = [(ex - side * notch * s, (y0 + bh * 0.2) * s),
                    (ex + side * notch * 1.4 * s, (y0 + bh * 0.2) * s),
                    (ex + side * notch * 0.6 * s, (y0 + bh * 0.6) * s),
                    (ex + side * notch * 1.4 * s, (y0 + bh * 1.0 + 0.1 * bh) * s),
                    (ex - side * notch * s, (y0 + bh * 1.1) * s)]
            pygame.draw.polygon(big, GOLD_DARK, tail)
        rounded_rect(big, GOLD_DARK, (x0 * s, y0 * s, bw * s, bh * s), bh * 0.2 * s)
        inset = max(1.0, 0.012 * w) * s
        rounded_rect(big, GOLD, (x0 * s + inset, y0 * s + inset, bw * s - 2 * inset,
                                   bh * s - 2 * inset), bh * 0.2 * s - inset)

    def text(surf: pygame.Surface) -> None:
        label = ink_text(word, bh * 0.58, INK, bw * 0.82)
        blit_centred(surf, label, w / 2, cy)

    shapes.append(paint)
    texts.append(text)

def _badge(word: str, w: int, h: int, shapes: list, texts: list, stop: bool) -> None:
    """The red three's gold "BONUS" badge or the black three's "STOP" sign."""
    top, bottom, pip = _pip_area(w, h)
    cy = top + 0.62 * (bottom - top)
    if stop:
        r = max(9.0, 0.15 * w)
    else:
        bw, bh = 0.64 * w, max(12.0, 0.13 * h)
        stars = w >= 70

    def paint(big: pygame.Surface, s: int) -> None:
        cx = w / 2
        if stop:
            # An octagonal stop sign with a white keyline.
            def octagon(radius: float) -> list[tuple[float, float]]:
                return [((cx + radius * math.cos(math.pi / 8 + i * math.pi / 4)) * s,
                         (cy + radius * math.sin(math.pi / 8 + i * math.pi / 4)) * s)
                        for i in range(8)]
            pygame.draw.polygon(big, STOP, octagon(r))
            pygame.draw.polygon(big, WHITE, octagon(r * 0.88))
            pygame.draw.polygon(big, STOP, octagon(r * 0.8))
        else:
            x0, y0 = cx - bw / 2, cy - bh / 2
            rounded_rect(big, GOLD_DARK, (x0 * s, y0 * s, bw * s, bh * s), bh / 2 * s)
            inset = max(1.0, 0.014 * w) * s
            rounded_rect(big, GOLD, (x0 * s + inset, y0 * s + inset, bw * s - 2 * inset,
                                       bh * s - 2 * inset), bh / 2 * s - inset)
            # A small star at each end of the pill, when there is room.
            for side in ((-1, 1) if stars else ()):
                sx = (cx + side * (bw / 2 - bh * 0.42)) * s
                pygame.draw.polygon(big, WHITE, star_points(sx, cy * s, bh * 0.26 * s, bh * 0.11 * s))

    def text(surf: pygame.Surface) -> None:
        if stop:
            label = ink_text(word, r * 0.5, WHITE, r * 1.55)
        else:
            label = ink_text(word, bh * 0.5, BONUS_TEXT, bw - (1.5 if stars else 0.6) * bh)
        blit_centred(surf, label, w / 2, cy)

    shapes.append(paint)
    texts.append(text)

def _court(rank: int, suit: int, ink, w: int, h: int, shapes: list, texts: list) -> None:
    """Jack, queen and king: a framed panel with a motif, the letter and the suit."""
    px0, py0, px1, py1 = 0.24 * w, 0.1 * h, 0.76 * w, 0.9 * h
    pw, ph = px1 - px0, py1 - py0
    tint = COURT_PANEL
    motif_cy = py0 + ph * 0.19
    letter_cy = py0 + ph * 0.535
    suit_cy = py0 + ph * 0.835

    def paint(big: pygame.Surface, s: int) -> None:
        line = max(1.0, 0.012 * w) * s
        rounded_rect(big, ink, (px0 * s, py0 * s, pw * s, ph * s), 0.04 * w * s)
        rounded_rect(big, GOLD, (px0 * s + line, py0 * s + line, pw * s - 2 * line, ph * s - 2 * line),
                      0.04 * w * s - line)
        inner = line * 2.2
        rounded_rect(big, tint, (px0 * s + inner, py0 * s + inner, pw * s - 2 * inner, ph * s - 2 * inner),
                      max(0.0, 0.04 * w * s - inner))
        # A thin rule under the motif and above the suit.
        for ry in (py0 + ph * 0.355, py0 + ph * 0.715):
            pygame.draw.line(big, mix(ink, WHITE, 0.55), ((px0 + pw * 0.18) * s, ry * s),
                             ((px1 - pw * 0.18) * s, ry * s), max(1, round(0.008 * w * s)))
        motif_w = pw * 0.7
        motif_h = ph * 0.24
        box = ((w / 2 - motif_w / 2) * s, (motif_cy - motif_h / 2) * s, motif_w * s, motif_h * s)
        {13: crown, 12: flower, 11: sword}[rank](big, box, ink)
        sh = ph * 0.15
        paint_suit(big, suit, ((w / 2 - sh / 2) * s, (suit_cy - sh / 2) * s, sh * s, sh * s), ink)

    def text(surf: pygame.Surface) -> None:
        letter = ink_text({11: "J", 12: "Q", 13: "K"}[rank], ph * 0.25, ink, pw * 0.8)
        blit_centred(surf, letter, w / 2, letter_cy)

    shapes.append(paint)
    texts.append(text)

def _joker(w: int, h: int, shapes: list, texts: list) -> None:
    """The joker: JOKER stacked in the corners, a jester's cap, WILD and a star."""
    cx = w / 2
    cap_box = (0.26 * w, 0.12 * h, 0.48 * w, 0.3 * h)

    def paint(big: pygame.Surface, s: int) -> None:
        jester_cap(big, tuple(v * s for v in cap_box))
        star_cy = 0.73 * h
        pygame.draw.polygon(big, GOLD_DARK, star_points(cx * s, star_cy * s, 0.15 * w * s, 0.065 * w * s))
        pygame.draw.polygon(big, GOLD, star_points(cx * s, star_cy * s, 0.125 * w * s, 0.052 * w * s))

    def corners(surf: pygame.Surface) -> None:
        cap = max(5.0, 0.068 * h)
        letters = [ink_text(ch, cap, RED if i % 2 == 0 else INK) for i, ch in enumerate("JOKER")]
        gap = max(1, round(0.01 * h))
        bw = max(letter.get_width() for letter in letters)
        bh = sum(letter.get_height() for letter in letters) + gap * (len(letters) - 1)
        block = pygame.Surface((bw, bh), pygame.SRCALPHA)
        y = 0
        for letter in letters:
            block.blit(letter, ((bw - letter.get_width()) // 2, y))
            y += letter.get_height() + gap
        x0 = round(0.115 * w - block.get_width() / 2)
        y0 = round(0.045 * h)
        surf.blit(block, (x0, y0))
        surf.blit(pygame.transform.flip(block, True, True),
                  (w - x0 - block.get_width(), h - y0 - block.get_height()))

    shapes.append(paint)
    texts.append(corners)
    _banner("WILD", w, h, 0.51 * h, shapes, texts)

POINTS_MIN_PX = 7       # the points badge's digits are never shorter (about 10 px type)
POINTS_MIN_W = 30        # a card narrower than this has no room for the badge beside its index


def points_digit_height(h: int) -> float:
    """How tall the digits of the points badge are on a card ``h`` pixels high."""
    return max(float(POINTS_MIN_PX), 0.07 * h)


def _points(points: int, w: int, h: int, texts: list) -> None:
    """The card's point value, small, in the top-right corner (readable on the smallest
    cards the table draws; left out on a card too narrow for it beside the index)."""
    if w < POINTS_MIN_W:
        return

    def paint(surf: pygame.Surface) -> None:
        # ink_text's cap height is nominal: the default font's digits come out at about
        # half the font size, so ask for what gives digits of the height wanted
        label = ink_text(str(points), points_digit_height(h) * 2 * CAP_RATIO, MUTED)
        surf.blit(label, (round(w - 0.06 * w - label.get_width()), round(0.045 * h)))

    texts.append(paint)
