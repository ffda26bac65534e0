"""Drawing helpers shared by every screen: the palette, text, panels and headings.

Text is drawn with pygame's default font (cached by size); :func:`fit_text` and
:func:`draw_fitted` keep a label inside its box at any window size. Positions given
to the helpers that take a :class:`~canasta.ui.layout.View` are logical (the 1280 x
800 table); the others take window pixels.
"""

from __future__ import annotations

import pygame

from .layout import View


# --------------------------------------------------------------------------- the layout probe


class Probe:
    """What one frame drew where, for the layout check (``tests/ui/test_layout_check.py``).

    While :data:`PROBE` holds one, every line of text, control, panel, tip and card drawn
    on a surface the size of the window is noted with its rectangle in window pixels,
    the words it shows (a control: its name and tip), and its layer: a dimmed screen
    (a menu over the table) starts a layer over the one below. Text shortened with an
    ellipsis is noted with its whole words. Drawing is unchanged."""

    def __init__(self, size: tuple[int, int]):
        self.size = tuple(size)
        self.items: list[tuple[str, pygame.Rect, str, int]] = []   # (kind, rect, words, layer)
        self.layer = 0
        self.cut: dict[str, str] = {}                              # shortened line -> its whole words

    def note(self, kind: str, dest, rect, words: str = "") -> None:
        if dest is None or tuple(dest.get_size()) == self.size:
            rect = pygame.Rect(rect)
            if dest is not None:
                rect = rect.clip(dest.get_clip())      # what a clipped list shows of a line
                if not rect.w or not rect.h:
                    return
            self.items.append((kind, rect, words, self.layer))


PROBE: "Probe | None" = None


def note(kind: str, dest, rect, words: str = "") -> None:
    """Tell the layout probe, when one listens, that ``kind`` was drawn at ``rect``."""
    if PROBE is not None:
        PROBE.note(kind, dest, rect, words)


def overlay() -> None:
    """Tell the layout probe that what is drawn next lies over the rest (a score sheet,
    a question put over the table): a layer of its own."""
    if PROBE is not None:
        PROBE.layer += 1

INK = (245, 245, 235)
DIM = (190, 205, 190)
GOLD = (240, 200, 90)
RED = (220, 80, 70)
PANEL = (18, 40, 28)
BUTTON = (40, 92, 62)
BUTTON_HOVER = (58, 122, 84)
BUTTON_OFF = (48, 64, 54)
FOCUS_RING = (250, 214, 110)
FIELD_BG = (10, 28, 19)
FIELD_BORDER = (96, 140, 106)
TRACK_OFF = (64, 78, 70)
TRACK_ON = (62, 150, 92)
GOLD_DEEP = (176, 128, 36)
GOLD_BUTTON = (196, 150, 52)
GOLD_BUTTON_HOVER = (222, 176, 70)
DARK_INK = (28, 22, 8)
MUTED = (140, 154, 142)

# --------------------------------------------------------------------------- high contrast
#
# The theme of the setting *High contrast*: a plain black table and panels with white
# edges; every text colour is lifted until it stands at least 7:1 against black (dark
# inks, meant for gold buttons, become black), and dark fills become black. The tests
# measure the ratio on the drawn screens (tests/ui/test_high_contrast.py).

HIGH_CONTRAST = False
HC_BACKGROUND = (0, 0, 0)
HC_EDGE = (255, 255, 255)
HC_RATIO = 7.5          # a little above 7:1, so anti-aliased edges do not pull a text below it


def luminance(colour) -> float:
    """The relative luminance of an sRGB colour (WCAG 2)."""
    out = []
    for c in colour[:3]:
        c = c / 255
        out.append(c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4)
    return 0.2126 * out[0] + 0.7152 * out[1] + 0.0722 * out[2]


def contrast(a, b) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def set_high_contrast(on: bool) -> None:
    global HIGH_CONTRAST
    if HIGH_CONTRAST != bool(on):
        HIGH_CONTRAST = bool(on)
        _TEXT_CACHE.clear()


def ink(colour):
    """A text colour as the theme shows it (unchanged unless high contrast is on)."""
    if not HIGH_CONTRAST:
        return colour
    rgb = tuple(int(c) for c in colour[:3])
    if luminance(rgb) < 0.2:
        return (0, 0, 0)            # a dark ink, for a light button
    t = 0.0
    out = rgb
    while contrast(out, HC_BACKGROUND) < HC_RATIO and t < 1.0:
        t += 0.05
        out = tuple(int(c + (255 - c) * t) for c in rgb)
    return out


def fill(colour):
    """A surface colour as the theme shows it: dark fills are black in high contrast."""
    if not HIGH_CONTRAST or luminance(colour) >= 0.2:
        return colour
    return HC_BACKGROUND


# --------------------------------------------------------------------------- text size
#
# The setting *Text size* (100% to 200%): every font is that much larger than the size
# asked for, on every screen and at the table. Sizes are asked for as ever (the pixel
# size at 100%); a line's height is ``size * text_scale()``. Fitted text (fit_text) may
# shrink back to what 100% fits, no further.

TEXT_SCALE = 1.0


def set_text_scale(scale: float) -> None:
    global TEXT_SCALE
    scale = min(2.0, max(1.0, float(scale)))
    if scale != TEXT_SCALE:
        TEXT_SCALE = scale
        _TEXT_CACHE.clear()


def text_scale() -> float:
    """The Text size setting as a factor (1.0 to 2.0)."""
    return TEXT_SCALE


#: a title (already large type) grows by at most this much with the Text size
TITLE_GROWTH = 1.25


def title_size(size: int) -> int:
    """The size to ask for a title of ``size`` pixels: it grows with the Text size up to
    :data:`TITLE_GROWTH`, not twice (large type is read by everyone, and keeps its place)."""
    return max(1, int(round(size * min(TEXT_SCALE, TITLE_GROWTH) / TEXT_SCALE)))


_FONTS: dict[tuple[int, bool], pygame.font.Font] = {}


def font(size: int, bold: bool = False) -> pygame.font.Font:
    size = max(8, int(round(int(size) * TEXT_SCALE)))
    key = (size, bold)
    f = _FONTS.get(key)
    if f is None:
        f = pygame.font.Font(None, size)
        f.set_bold(bold)
        _FONTS[key] = f
    return f


_TEXT_CACHE: dict[tuple, pygame.Surface] = {}


def text(s: str, size: int, colour=INK, bold: bool = False) -> pygame.Surface:
    """A rendered line of text (cached: labels repeat every frame)."""
    colour = ink(colour)
    key = (s, int(size), colour, bold, TEXT_SCALE)
    surf = _TEXT_CACHE.get(key)
    if surf is None:
        if len(_TEXT_CACHE) > 800:
            _TEXT_CACHE.clear()
        surf = font(size, bold).render(s, True, colour)
        _TEXT_CACHE[key] = surf
    return surf


def blit_text(dest: pygame.Surface, s: str, size: int, pos, colour=INK, bold=False,
              anchor: str = "topleft") -> pygame.Rect:
    surf = text(s, size, colour, bold)
    r = surf.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
    dest.blit(surf, r)
    if PROBE is not None and s.strip():
        full = PROBE.cut.get(s)
        PROBE.note("cut" if full else "text", dest, r, full or s)
    return r


def wrap(s: str, size: int, width: int, bold: bool = False) -> list[str]:
    """``s`` broken into lines no wider than ``width`` pixels at ``size`` (each ``\n``
    starts a new paragraph)."""
    f = font(size, bold)
    lines: list[str] = []
    for paragraph in s.split("\n"):
        line = ""
        for word in paragraph.split():
            trial = (line + " " + word).strip()
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines

def panel(dest: pygame.Surface, rect: pygame.Rect, colour=PANEL, alpha: int = 225, radius: int = 12,
          border=(90, 140, 100)) -> None:
    note("panel", dest, rect)
    if HIGH_CONTRAST:       # opaque and white-edged
        colour, alpha, border = HC_BACKGROUND, 255, HC_EDGE
    key = (rect.size, tuple(colour), alpha, radius, tuple(border) if border else None)
    surf = _PANELS.pop(key, None)
    if surf is None:
        surf = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(surf, (*colour, alpha), surf.get_rect(), border_radius=radius)
        if border:
            pygame.draw.rect(surf, (*border, 255), surf.get_rect(), width=2, border_radius=radius)
        if len(_PANELS) >= PANELS_KEPT:
            del _PANELS[next(iter(_PANELS))]      # the least recently drawn
    _PANELS[key] = surf
    dest.blit(surf, rect)


#: panels drawn lately, by size and look (a table draws the same dozen every frame)
_PANELS: dict[tuple, pygame.Surface] = {}
PANELS_KEPT = 48


# --------------------------------------------------------------------------- text


def fit_text(s: str, size: int, width: int, bold: bool = False, shrink: float = 0.72) -> tuple[str, int]:
    """``s`` and a font size at most ``size`` at which it fits ``width`` pixels.

    The size shrinks down to ``shrink`` of itself; if the text is still too wide, it
    is cut with an ellipsis. Every label on the screens goes through this, so text
    stays inside its box at any window size.
    """
    width = max(1, int(width))
    key = (s, int(size), width, bold, shrink, TEXT_SCALE)
    fitted = _FITTED.get(key)
    if fitted is None:
        fitted = _fit(s, int(size), width, bold, shrink)
        if len(_FITTED) > 2000:
            _FITTED.clear()
        _FITTED[key] = fitted
    line = fitted[0]
    if PROBE is not None and line and line != s:
        PROBE.cut[line] = s
    return fitted


#: lines already fitted (the same labels are fitted to the same boxes every frame)
_FITTED: dict[tuple, tuple[str, int]] = {}


def _fit(s: str, size: int, width: int, bold: bool, shrink: float) -> tuple[str, int]:
    # larger text may shrink back to what 100% fits (``shrink`` 1: not at all, as before)
    low = max(8, size) if shrink >= 1.0 else max(4, int(size * shrink / TEXT_SCALE))
    for candidate in range(size, low - 1, -1):
        if font(candidate, bold).size(s)[0] <= width:
            return s, candidate
    f = font(low, bold)
    cut = s
    while cut and f.size(cut + "...")[0] > width:
        cut = cut[:-1]
    return ((cut.rstrip() + "...") if cut else ""), low


def draw_fitted(dest: pygame.Surface, s: str, size: int, rect: pygame.Rect, colour=INK, bold: bool = False,
                align: str = "left") -> pygame.Rect:
    """Draw one line of text inside ``rect`` (pixels), vertically centred."""
    line, fs = fit_text(s, size, rect.w, bold)
    if align == "center":
        return blit_text(dest, line, fs, rect.center, colour, bold, anchor="center")
    if align == "right":
        return blit_text(dest, line, fs, (rect.right, rect.centery), colour, bold, anchor="midright")
    return blit_text(dest, line, fs, (rect.x, rect.centery), colour, bold, anchor="midleft")


def draw_one_or_two_lines(dest: pygame.Surface, s: str, size: int, rect: pygame.Rect, colour=INK) -> None:
    """One line of text in ``rect`` as :func:`draw_fitted` draws it when it fits; else (a
    longer language) a little smaller, over two lines from the top of ``rect``."""
    if fit_text(s, size, rect.w)[0] == s:
        draw_fitted(dest, s, size, rect, colour)
        return
    smaller = max(8, int(size * 0.9))
    rows = wrap(s, smaller, rect.w)
    step = font(smaller).get_linesize()
    for i, row in enumerate([rows[0], " ".join(rows[1:])] if len(rows) > 1 else rows):
        draw_fitted(dest, row, smaller, pygame.Rect(rect.x, rect.y + i * step, rect.w, step), colour)


def draw_fitted_centre(dest: pygame.Surface, s: str, size: int, cx: int, y: int, width: int, colour=INK) -> pygame.Rect:
    """One line centred at ``cx`` under ``y``, in smaller type if it must to fit ``width``."""
    line, size = fit_text(s, size, width)
    return blit_text(dest, line, size, (cx, y), colour, anchor="midtop")


def draw_heading(dest: pygame.Surface, v: View, label: str, x: float, y: float, width: float) -> None:
    """A section heading: gold small capitals with a thin rule to the right."""
    line, size = fit_text(label.upper(), v.size(17), v.size(width), bold=True)    # larger text: within its width
    r = blit_text(dest, line, size, v.pt(x, y), GOLD, bold=True)
    x0 = r.right + v.size(10)
    x1 = v.pt(x + width, y)[0]
    if x1 > x0:
        yy = r.centery
        pygame.draw.line(dest, (120, 110, 60), (x0, yy), (x1, yy), 1)


def draw_title(dest: pygame.Surface, v: View, title: str, subtitle: str = "") -> None:
    """The title of a screen, centred at the top, with a gold ornament under it."""
    r = blit_text(dest, title, title_size(v.size(50)), v.pt(640, 22), GOLD, bold=True, anchor="midtop")
    y = r.bottom + v.size(6)
    cx = r.centerx
    half = max(r.w // 2 + v.size(30), v.size(120))
    pygame.draw.line(dest, GOLD_DEEP, (cx - half, y), (cx - v.size(10), y), max(1, v.size(2)))
    pygame.draw.line(dest, GOLD_DEEP, (cx + v.size(10), y), (cx + half, y), max(1, v.size(2)))
    d = v.size(5)
    pygame.draw.polygon(dest, GOLD, [(cx, y - d), (cx + d, y), (cx, y + d), (cx - d, y)])
    if subtitle:
        # part of the title: grows as it does, at most a quarter (the screen's panels start under it)
        blit_text(dest, subtitle, title_size(v.size(20)), (cx, y + v.size(10)), DIM, anchor="midtop")


def dim(dest: pygame.Surface, alpha: int = 150) -> None:
    """Darken the whole surface (under a menu that overlays the table)."""
    if PROBE is not None:
        PROBE.layer += 1          # what is drawn now lies over the dimmed screen
    shade = pygame.Surface(dest.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, alpha))
    dest.blit(shade, (0, 0))


def section_panel(dest: pygame.Surface, v: View, rect, title: str = "") -> pygame.Rect:
    """A panel in logical coordinates, optionally titled; returns its pixel rect."""
    r = v.rect(rect)
    panel(dest, r, PANEL, 215, radius=v.size(14), border=(84, 128, 94))
    if title:
        lr = pygame.Rect(rect)
        draw_heading(dest, v, title, lr.x + 18, lr.y + 14, lr.w - 36)
    return r


def draw_tip(dest: pygame.Surface, v: View, rect, message: str, width: int = 420) -> pygame.Rect:
    """A control's explanation in a small dark box beside its logical ``rect``: to its
    right when there is room, else under it (or over it), kept inside the window;
    returns the box in pixels."""
    size = v.size(17)
    lines = wrap(message, size, v.size(width))
    line_h = int(size * 1.1 * TEXT_SCALE)
    w = max(font(size).size(line)[0] for line in lines) + v.size(20)
    h = line_h * len(lines) + v.size(12)
    anchor = v.rect(rect)
    box = pygame.Rect(0, 0, w, h)
    box.midleft = (anchor.right + v.size(14), anchor.centery)
    if box.right > dest.get_width() - v.size(4):
        box.midtop = (anchor.centerx, anchor.bottom + v.size(8))
        if box.bottom > dest.get_height() - v.size(4):
            box.midbottom = (anchor.centerx, anchor.top - v.size(8))
    box.clamp_ip(dest.get_rect())
    note("tip", dest, box, message)
    if PROBE is not None:
        PROBE.layer += 1          # a tip lies over what it explains
    panel(dest, box, (10, 24, 16), 240, radius=v.size(8), border=GOLD_DEEP)
    y = box.y + v.size(6) + line_h // 2
    for line in lines:
        blit_text(dest, line, size, (box.x + v.size(10), y), INK, anchor="midleft")
        y += line_h
    return box
