"""The table's labels: each side's header over its band (its name, its melds' points,
what its first meld needs), the label under each meld, each seat's name and count, and
the stock's and the pile's counts. Drawn by :class:`~.view.TableView` (this is its
:class:`TableLabels` part), from the layout's labels; nothing here changes anything.
"""

from __future__ import annotations

import pygame

from ...engine.cards import RANK_CHARS, RANK_OF, SUIT_OF
from ..cardart.suits import draw_suit
from ..layout import View
from ..draw import note
from ..widgets import DIM, GOLD, INK, blit_text, text
from .frame import SIDE_LABEL_W
from .layout import CENTRE_X, COUNT_LABEL_DY, MeldLabel, SeatLabel, StagedLabel, backs_half_width
from .lettering import COUNT_SIZE, LABEL_SIZE, SMALL_SIZE, cards, fit_first, fs, meld_points
from .pieces import table_part
from .words import frozen_reason, stock_label
from ... import i18n
from ...i18n import N_, Text, t, tr
from ...vocab import LEVEL_WORDS

RED_SUIT, BLACK_SUIT = (242, 112, 100), (236, 236, 228)   # a sequence's suit under it, on the felt
#: canastas marked by their own name
OWN_MARKS = {"samba": N_("SAMBA"), "escalera": N_("ESCALERA"), "bolivia": N_("BOLIVIA"), "sevens": N_("SEVENS"),
             "aces": N_("ACES"), "wild": N_("WILD")}
FROZEN_INK = (140, 200, 255)


def side_label_top(item: SeatLabel, text: float = 1.0) -> float:
    """The top of the name of a seat at the side (above its upright fan of cards);
    ``text``: the frame's text factor."""
    return item.y - backs_half_width(item.count, item.orient) - 42 * text


#: the widest the line under the top seat's name may be (clear of the buttons at the right)
TOP_NOTE_W = 300


class TableLabels:
    """The labels' part of the table's view (its ``scene`` and its cache of meld labels,
    ``_labels_drawn``, are the view's)."""

    def _band_header(self, surf, v: View, team: int, r: pygame.Rect) -> list[pygame.Rect]:
        """Above a side's band: its name at the left; at the right the points of its
        melds and, until it has melded, what its first meld needs."""
        ctl = self.scene.ctl
        lay = ctl.layout
        melds = lay.seen.melds[team]
        size = fs(v, LABEL_SIZE)
        y = r.y - v.size(4)
        total = sum(meld_points(m) for m in melds)
        sums = [t("melds {total} points", total=total), t("melds {total}", total=total)]
        if not melds:
            need = lay.seen.minimums[team]
            sums = [t("first meld needs {need}  -  melds {total}", need=need, total=total),
                    t("first meld needs {need}", need=need), t("needs {need}", need=need)]
        sums = [tr(s) for s in sums]
        right_x = r.right - v.size(10)
        covers = getattr(self.scene, "covers", None)
        for c in (covers() if covers else ()):   # a review's turn list lies over the band's right end
            c = v.rect(c)
            if c.top <= y <= c.bottom + v.size(4) and c.left < right_x:
                right_x = min(right_x, c.left - v.size(10))
        right, rsize = fit_first(sums, size, max(1, min(r.w * 0.55, right_x - r.x - v.size(60))))
        drawn = [blit_text(surf, right, rsize, (right_x, y), GOLD if not melds else DIM, anchor="bottomright")]
        name = ctl.team_name(team)
        names = [tr(t("{name}  (your side)", name=name)) if team == lay.viewer_team and ctl.humans else tr(name),
                 tr(name)]
        limit = drawn[0].x
        for zone in ("stock", "pile"):         # a narrow table: the stock's and pile's words
            z = lay.zones.get(zone)             # may come up to the header's row
            if z is not None:
                z = v.rect(z)
                if z.top <= y and y - size * 1.4 <= z.bottom + v.size(44) and z.centerx > r.x:
                    limit = min(limit, z.centerx - z.w)
        left, lsize = fit_first(names, size, max(1, limit - r.x - v.size(30)))
        drawn.append(blit_text(surf, left, lsize, (r.x + v.size(10), y), DIM, anchor="bottomleft"))
        return drawn

    def _labels(self, surf, v: View) -> None:
        ctl = self.scene.ctl
        st = ctl.state
        size = fs(v, LABEL_SIZE)
        for item in ctl.layout.labels:
            if isinstance(item, SeatLabel):
                self._seat_label(surf, v, item, size)
            elif isinstance(item, MeldLabel):
                self._meld_label(surf, v, st.melds[item.team][item.index], item)
            elif isinstance(item, StagedLabel):
                box = v.rect(item.box)
                line, ssize = fit_first([tr(N_("staged")), tr(N_("st."))], fs(v, COUNT_SIZE), box.w)
                blit_text(surf, line, ssize, box.center, GOLD, anchor="center")
        seen = ctl.layout.seen    # the counts as the viewer knows them
        fr = ctl.layout.frame
        (sx, sy), (px, py) = fr.stock_pos, fr.pile_pos
        why = tr(frozen_reason(seen, ctl.layout.viewer_team))
        label = tr(t("Pile {count}  FROZEN", count=seen.pile_size) if why else t("Pile {count}", count=seen.pile_size))
        stock_words = tr(stock_label(seen))
        if fr.counts_beside:
            # larger sizes: the counts beside the cards (the stock's left, the pile's right)
            stock = ctl.layout.zones["stock"]
            blit_text(surf, stock_words, size, v.pt(stock.x - 14, sy), INK, anchor="midright")
            x = ctl.layout.zones["pile"].right + 12
            top = blit_text(surf, label, size, v.pt(x, sy), FROZEN_INK if why else INK,
                            anchor="bottomleft" if why else "midleft")
            if why:
                blit_text(surf, why, fs(v, COUNT_SIZE), (top.x, top.bottom + v.size(2)), FROZEN_INK)
            return
        # each count within its half of the room between the two piles (a longer language:
        # shorter words, then the bare number; a frozen pile's word is kept, smaller if need be)
        room = v.size(max(40, abs(px - sx) - 12))
        stock_words, ssize = fit_first([stock_words, str(seen.stock_size)], size, room)
        # a frozen pile keeps its FROZEN word (the short form: the count and the word,
        # smaller if need be); only a form that would be cut gives way to the bare number
        choices = [label, tr(t("{count}  FROZEN", count=seen.pile_size))] if why else [label]
        label, lsize = fit_first(choices, size, room)
        if label not in choices:
            label, lsize = fit_first([str(seen.pile_size)], size, room)
        blit_text(surf, stock_words, ssize, v.pt(sx, sy + COUNT_LABEL_DY), INK, anchor="midtop")
        blit_text(surf, label, lsize, v.pt(px, py + COUNT_LABEL_DY), FROZEN_INK if why else INK, anchor="midtop")
        if why:
            blit_text(surf, why, fs(v, COUNT_SIZE), v.pt(px, py + COUNT_LABEL_DY + 19), FROZEN_INK,
                      anchor="midtop")

    def _meld_label(self, surf, v: View, m, item: MeldLabel) -> list[pygame.Rect]:
        """Under each meld, in the lines the layout keeps for it: the mark of a canasta's
        kind, its size (a sequence's run and suit), its points. Returns what it drew.
        Drawn once into a surface of its own and kept while the meld and the box stay."""
        box = v.rect(item.box)
        size = fs(v, COUNT_SIZE)
        st = self.scene.ctl.state
        # a canasta the game names its own way (Hand and Foot's books, stacked by rank)
        own = table_part(st.rules).meld_words(m, st.melds[item.team]) if m.canasta is not None else None
        key = (tuple(m.cards), m.kind, m.canasta, m.wilds, item.lines, box.size, size,
               tuple(map(tuple, own)) if own else None, i18n.current())
        hit = self._labels_drawn.get(key)
        if hit is None:
            if len(self._labels_drawn) > 256:
                self._labels_drawn.clear()
            pad = 2
            img = pygame.Surface((box.w + 2 * pad, box.h + 2 * pad), pygame.SRCALPHA)
            local = pygame.Rect(pad, pad, box.w, box.h)
            rects = self._paint_meld_label(img, v, m, item, local, size, own)
            hit = self._labels_drawn[key] = (img, [r.move(-pad, -pad) for r in rects])
        img, rects = hit
        surf.blit(img, (box.x - 2, box.y - 2))
        drawn = [r.move(box.x, box.y) for r in rects]
        for r in drawn:
            note("text", surf, r, "a meld's label")
        return drawn

    def _paint_meld_label(self, surf, v: View, m, item: MeldLabel, box: pygame.Rect, size: int,
                          own=None) -> list[pygame.Rect]:
        """The rows of a meld's label; ``own``: the game's words for a canasta it names
        its own way (the choices for its mark, and for its size's line)."""
        colour = GOLD if (m.canasta is not None) else DIM
        n = len(m.cards)
        rows: list[tuple] = []
        if own:
            rows.append((list(own[0]), GOLD, True))
        elif m.canasta is not None:
            mark = tr(OWN_MARKS.get(m.canasta, N_("CANASTA")))
            rows.append(([mark, mark[:3] + "."], GOLD, True))
        if m.kind == "sequence" and m.cards:
            rows.append((None, colour, False))
        pts = meld_points(m)
        if item.lines == 1:      # a short meld: its size and points on one line
            wild = m.kind == "wild"
            rows.append(([tr(t("wild {count} cards \u00b7 {points} pts", count=n, points=pts) if wild else
                             t("{count} cards \u00b7 {points} pts", count=n, points=pts)),
                          tr(t("wild {count} \u00b7 {points} pts", count=n, points=pts) if wild else
                             t("{count} \u00b7 {points} pts", count=n, points=pts)),
                          tr(t("{count} \u00b7 {points} pts", count=n, points=pts)),
                          f"{n} \u00b7 {pts}", f"{n}"], INK, False))
        else:
            if own:
                rows.append((list(own[1]), colour, False))
            elif m.kind == "wild":
                rows.append(([tr(t("wild {count}", count=n)), tr(t("w{count}", count=n))], colour, False))
            elif m.canasta is not None and m.kind != "sequence":
                word = tr(N_("natural") if m.wilds == 0 else N_("mixed"))
                rows.append(([f"{word} {n}", f"{word[:3]}. {n}", f"{n}"], colour, False))
            rows.append(([tr(t("{points} pts", points=pts)), f"{pts}"], INK if m.canasta is None else GOLD, False))
        rows = rows[-item.lines:] if item.lines else rows
        line_h = box.h / max(len(rows), 1)
        drawn = []
        for i, (choices, ink, bold) in enumerate(rows):
            cy = int(box.y + line_h * (i + 0.5))
            if choices is None:
                drawn += self._run_line(surf, v, m, box, cy, size, ink)
                continue
            line, lsize = fit_first(choices, size, box.w, bold)
            drawn.append(blit_text(surf, line, lsize, (box.centerx, cy), ink, bold=bold, anchor="center"))
        return drawn

    def _run_line(self, surf, v: View, m, box: pygame.Rect, cy: int, size: int, ink) -> list[pygame.Rect]:
        """A sequence's run (5-Q) with its suit drawn before it."""
        ranks = sorted(RANK_OF[c] for c in m.cards)
        run = f"{RANK_CHARS[ranks[0]]}-{RANK_CHARS[ranks[-1]]}".replace("T", "10")
        side = max(v.size(11), 9)
        gap = v.size(2)
        line, lsize = fit_first([run], size, box.w - side - gap)
        img = text(line, lsize, ink)
        r = img.get_rect(center=(box.centerx + (side + gap) // 2, cy))
        surf.blit(img, r)
        suit = SUIT_OF[m.cards[0]]
        glyph = pygame.Rect(r.x - side - gap, cy - side // 2, side, side)
        draw_suit(surf, suit, tuple(glyph), RED_SUIT if suit in (1, 2) else BLACK_SUIT)
        return [r, glyph]

    def _seat_label(self, surf, v: View, item: SeatLabel, size: int) -> None:
        ctl = self.scene.ctl
        st = ctl.state
        seat, n = item.seat, item.count
        name = ctl.seat_name(seat)
        turn = seat == st.turn and not st.deal_over
        mark = ""
        colour = GOLD if turn else INK
        if item.own:
            blit_text(surf, tr(t("{name}: {cards}", name=name, cards=cards(n))) + mark, size, v.pt(CENTRE_X, ctl.layout.frame.hand_label_y), colour,
                      anchor="midbottom")
            return
        detail = (tr(t("{level}, {cards}", level=Text(LEVEL_WORDS.get(ctl.seats[seat].level, ctl.seats[seat].level)), cards=cards(n))) if not ctl.seats[seat].human
                  else cards(n))
        waiting = [tr(x) for x in ctl.seat_note(seat)]       # a player waited for, at an online table
        details = ([tr(t("{note} · {detail}", note=x, detail=detail)) for x in waiting] + waiting if waiting
                   else [detail])
        ink = GOLD if waiting else DIM
        half = backs_half_width(n, item.orient)
        tx = ctl.layout.frame.text
        if item.orient == "h":
            x, y = item.x + half + 14, item.y - 18 * tx
            blit_text(surf, name + mark, size, v.pt(x, y), colour)
            line, lsize = fit_first(details, fs(v, SMALL_SIZE), v.size(TOP_NOTE_W))
            blit_text(surf, line, lsize, v.pt(x, y + 19 * tx), ink)
        else:
            y = side_label_top(item, tx)
            left = item.x < CENTRE_X
            x = 8 if left else 2 * CENTRE_X - 8
            anchor = "topleft" if left else "topright"
            width = v.size(SIDE_LABEL_W)       # clear of the bands beside it (larger text: smaller, or cut with a tip)
            line, lsize = fit_first([name + mark], size, width)
            blit_text(surf, line, lsize, v.pt(x, y), colour, anchor=anchor)
            # a longer language: the level gives way to the count of cards, then the bare count
            line, lsize = fit_first(details + ([cards(n), str(n)] if not waiting else []), fs(v, SMALL_SIZE), width)
            blit_text(surf, line, lsize, v.pt(x, y + 19 * tx), ink, anchor=anchor)
