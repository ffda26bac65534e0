"""The layout check: every screen of every game drawn once with the layout probe
listening (:class:`canasta.ui.draw.Probe`), and what overlaps reported.

:func:`problems` reads one frame's notes and says, in words, where

* two lines of text, or a text and a control, or two controls overlap (a control's own
  label inside it is not an overlap);
* a card covers a line of text or a control, or a text or a control lies under a card;
* a text, a control or a card is partly inside a panel and partly outside it (hangs
  over its edge, or the panel covers part of it);
* a control lies under a drawer (the move log opened over the right of the table,
  which may cover cards and labels there but never a control);

each only within one layer (a menu drawn over the dimmed table is a layer of its own).
:func:`cut_without_tip` says which texts were shortened with an ellipsis and show no
tip with their whole words when the pointer rests on them (checked with posted
mouse events).
"""

from __future__ import annotations

import pygame

from canasta.ui import draw

SLACK = 2          # pixels two rectangles may share (a font's box has blank rows)


def probe_frame(app) -> draw.Probe:
    """Draw one frame of the app's scene with the probe listening; return its notes."""
    probe = draw.Probe(app.screen.get_size())
    draw.PROBE = probe
    try:
        app.scene.draw(app.screen)
    finally:
        draw.PROBE = None
    return probe


def _overlap(a: pygame.Rect, b: pygame.Rect) -> bool:
    c = a.clip(b)
    return c.w > SLACK and c.h > SLACK


def _inside(outer: pygame.Rect, inner: pygame.Rect) -> bool:
    return outer.inflate(2 * SLACK, 2 * SLACK).contains(inner)


def _say(kind: str, rect: pygame.Rect, words: str) -> str:
    return f"{kind} {words[:40]!r} at {tuple(rect)}"


def problems(probe: draw.Probe, window: pygame.Rect) -> list[str]:
    out: list[str] = []
    layers = sorted({layer for *_, layer in probe.items})
    for layer in layers:
        items = [(k, r, w) for k, r, w, lay in probe.items if lay == layer and r.w > 0 and r.h > 0]
        texts = [(k, r, w) for k, r, w in items if k in ("text", "cut")]
        controls = [(k, r, w) for k, r, w in items if k == "control"]
        panels = [(k, r, w) for k, r, w in items if k == "panel"]
        drawers = [(k, r, w) for k, r, w in items if k == "drawer"]
        cards = [(k, r, w) for k, r, w in items if k == "card"]
        words = texts + controls
        for k, r, w in words + cards:
            if not _inside(window, r):
                out.append(f"{_say(k, r, w)} is outside the window {tuple(window)}")
        for i, (ka, ra, wa) in enumerate(words):
            for kb, rb, wb in words[i + 1:]:
                if not _overlap(ra, rb):
                    continue
                if (ka == "control" and kb != "control" and _inside(ra, rb)) or (
                        kb == "control" and ka != "control" and _inside(rb, ra)):
                    continue          # a control's own label or value
                if wa == wb and ka == kb == "text" and abs(ra.x - rb.x) <= 6 and abs(ra.y - rb.y) <= 6:
                    continue          # a title and its shadow
                out.append(f"{_say(ka, ra, wa)} overlaps {_say(kb, rb, wb)}")
        for _, rc, _ in cards:
            for k, r, w in words:
                if _overlap(rc, r):
                    out.append(f"a card at {tuple(rc)} overlaps {_say(k, r, w)}")
        for _, rd, wd in drawers:
            for k, r, w in controls:
                if _overlap(rd, r):
                    out.append(f"{_say(k, r, w)} lies under {wd!r} at {tuple(rd)}")
        for _, rp, wp in panels:
            for k, r, w in words + cards:
                if _overlap(rp, r) and not _inside(rp, r):
                    out.append(f"{_say(k, r, w)} hangs over the edge of the panel {wp!r} at {tuple(rp)}")
    # one finding per pair of places (a card fan meets a label once, not once a card)
    seen, unique = set(), []
    for line in out:
        if line not in seen:
            seen.add(line)
            unique.append(line)
    return unique


def cut_texts(probe: draw.Probe) -> list[tuple[pygame.Rect, str]]:
    return [(r, w) for k, r, w, _ in probe.items if k == "cut"]


def cut_without_tip(app, probe: draw.Probe) -> list[str]:
    """Rest the pointer on each shortened text (posted events, time enough for a tip to
    show) and say which show no tip holding their whole words."""
    out = []
    for rect, whole in cut_texts(probe):
        app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0))])
        for _ in range(50):
            app.step(1 / 60, [])
        after = probe_frame(app)
        tips = [w for k, _, w, _ in after.items if k == "tip"]
        if not any(whole in t for t in tips):
            out.append(f"{whole!r} is cut at {tuple(rect)} and shows no tip with its words")
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=(0, 0), rel=(0, 0), buttons=(0, 0, 0))])
    return out


def save_shot(app, folder: str, name: str, suffix: str) -> None:
    """The window as a PNG in ``folder``, named after the screen (a tour's screenshots)."""
    import os
    safe = "".join(ch if ch.isalnum() else "-" for ch in name)
    pygame.image.save(app.screen, os.path.join(folder, f"{safe}-{suffix}.png"))
