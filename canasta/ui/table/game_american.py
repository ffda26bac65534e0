"""Modern American Canasta at the table (see :mod:`.pieces`): the two talons beside
the stock, face down with their counts; what an unfinished sevens, aces or wild meld
puts at risk, beside the score panel; the *Lay threes* and *Lay special hand* buttons;
threes dragged onto the side's area are laid; the score sheet names a special hand.
"""

from __future__ import annotations

from typing import Optional

import pygame

from ...engine import is_legal
from ...engine.state import DRAW, PLAY
from ...engine.variants import american as G
from ..layout import CARD_H, CARD_W
from ..draw import note
from ..widgets import DIM, Button, blit_text, panel, wrap
from .layout import BUTTON_AREA, BUTTON_GAP, BUTTON_H, BUTTON_W, HUD_BOX
from ..draw import font
from .view import SIDE_LABEL_W, fit_first, fs, hud_box
from ...i18n import N_, Text, t, tr
from .gestures import Listed, LowerFirst
from .words import points, stock_label

TALON_X = 452                 # the talons' centre, left of the stock
TALON_Y = (318, 392)          # talon 0 (four cards) above talon 1 (three)
TALON_SCALE = 0.55
RISK_INK = (255, 150, 130)
RISK_W = 320                  # the risk panel's width
RISK_ROW = 20                 # and the height of one of its lines
RISK_AT = (HUD_BOX.right + 8, HUD_BOX.y)   # its top left, right of the score panel (a scene may say
                                           # otherwise with ``risk_at``: a review's title is there)


def buttons(ctl) -> list:
    return [Button(N_("Lay threes"), lambda: _lay_threes(ctl), pygame.K_3, N_("Lay your threes in your side's area")),
            Button(N_("Lay special hand"), lambda: ctl.perform(G.LaySpecial()), pygame.K_s,
                   N_("Lay your whole hand down as a special hand"))]


def _threes_in_hand(st) -> tuple:
    return tuple(c for c in st.hands[st.to_act] if G.is_three(c))


def _lay_threes(ctl) -> None:
    st = ctl.state
    threes = _threes_in_hand(st)
    picked = tuple(c for c in threes if c in ctl.selected) or threes
    action = G.LayThrees(picked)
    if not is_legal(st, action):
        # the stock is short: one at a time
        one = G.LayThrees(picked[:1])
        if picked and is_legal(st, one):
            action = one
    ctl.perform(action)


def place(scene, extra: list) -> None:
    """Both buttons always stand above the table's buttons, each in a row of its own as
    wide as two of them ("Lay special hand" is longer than a button of the table), and
    keep their places; each is usable only when its move is legal."""
    ctl = scene.ctl
    st = ctl.state
    mine = ctl.my_turn()
    lay, special = extra
    wide = 2 * BUTTON_W + BUTTON_GAP
    fr = ctl.layout.frame
    for k, b in enumerate(extra):
        y = fr.button_area.y - (len(extra) - k) * (fr.button_h + BUTTON_GAP)
        b.rect = scene.view.rect((fr.button_area.x, y, wide, fr.button_h))
        b.visible = True
    threes = _threes_in_hand(st) if st.phase in (DRAW, PLAY) else ()
    lay.enabled = bool(threes) and mine
    lay.why_disabled = "" if lay.enabled else tr(N_("Not your turn.") if not mine else N_("You hold no three."))
    special.enabled = (mine and st.phase == PLAY and len(st.hands[st.to_act]) == 14
                       and is_legal(st, G.LaySpecial()))
    special.why_disabled = "" if special.enabled else tr(
        N_("A special hand is 14 cards laid right after drawing from the stock, while your side has not melded."))
    if special.enabled:
        name = G.special_hand(st.hands[st.to_act]) or ""
        words, pts = G.SPECIAL_HANDS.get(name, ("", 0))
        special.tip = tr(t("Lay your hand down: {hand}, {points} points, and the deal ends",
                           hand=LowerFirst(words, whole=True), points=points(pts)))


def gesture(st, cards, zone):
    """Threes released on the side's meld area (or one of its melds) are laid."""
    if not cards or not all(G.is_three(c) for c in cards):
        return None
    if zone == "meld_area" or (zone or "").startswith("meld:"):
        return G.LayThrees(tuple(cards))
    return None


def risk_lines(ob) -> list[tuple[int, str]]:
    """(team, words) for each side whose unfinished melds would cost it if the deal ended."""
    out = []
    for team, melds in enumerate(ob.melds):
        cost = 0
        what = []
        for m in melds:
            c = G.at_risk(m)
            if c:
                cost += c
                name = N_("wild meld") if m.kind == "wild" else N_("sevens") if m.rank == 7 else N_("aces")
                what.append(t("{meld} {count}/7", meld=Text(name), count=len(m.cards)))
        if cost:
            out.append((team, t("{points} unfinished ({melds})", points=points(cost), melds=Listed(what))))
    return out


def draw(painter, surf: pygame.Surface, v) -> None:
    ctl = painter.scene.ctl
    ob = ctl.layout.seen
    if ob is None:
        return
    art = painter.app.art
    size = fs(v, 15)
    w, h = int(CARD_W * TALON_SCALE), int(CARD_H * TALON_SCALE)
    fr = ctl.layout.frame
    talon_x = TALON_X
    if fr.counts_beside:      # "Stock 35" is left of the stock: the talons further left
        label_w = font(fs(v, 18)).size(tr(stock_label(ob)))[0] / v.scale
        talon_x = ctl.layout.zones["stock"].x - 14 - label_w - 16 - w / 2
    for i, count in enumerate(ob.talon_sizes):
        # beside larger counts: the two talons close together, level with the stock
        y = (fr.pile_pos[1] + (i - 0.5) * 56) if fr.counts_beside else TALON_Y[i] + fr.mid_dy
        if count:
            r = v.rect((talon_x - w // 2, y - h // 2, w, h))
            back = art.back(r.w, r.h)
            for k in range(min(count, 4)):
                note("card", surf, surf.blit(back, (r.x - k * 2, r.y - k * 2)))
        # what a talon is, said in place: set aside and never played, unless the rules give
        # them to the first players to meld from the hand
        if fr.counts_beside:       # larger text: one line beside it, as long as there is room for
            x, mid = v.pt(talon_x - w // 2 - 8, y)
            key = talon_words(ob.rules, i)
            short = {"set aside, never played": N_("never played"), "to the first side to meld": N_("to the 1st side"),
                     "to the second side to meld": N_("to the 2nd side")}.get(key, key)
            line, lsize = fit_first([tr(t("Talon {count}: {words}", count=count, words=Text(key))),
                                     tr(t("Talon {count}: {words}", count=count, words=Text(short))),
                                     tr(t("Talon {count}", count=count))],
                                    fs(v, 12), x - v.pt(SIDE_LABEL_W + 12, 0)[0])
            blit_text(surf, line, lsize, (x, mid), DIM, anchor="midright")
            continue
        blit_text(surf, tr(t("Talon {count}", count=count)), size, v.pt(talon_x - w // 2 - 8, y - 8), DIM,
                  anchor="midright")
        blit_text(surf, tr(talon_words(ob.rules, i)), fs(v, 12), v.pt(talon_x - w // 2 - 8, y + 8), DIM,
                  anchor="midright")
    risks = risk_lines(ob)
    if risks:
        # a side's line wraps within the panel (it may risk three melds), each row centred in its height
        size = fs(v, 16)
        rows = [line for team, words in risks
                for line in wrap(tr(t("{side}: {risk}", side=ctl.team_name(team), risk=words)), size,
                                 v.size(RISK_W - 16))]
        hud = hud_box(ob.rules.teams, fr.text)
        x, y = getattr(painter.scene, "risk_at", (hud.right + 8, RISK_AT[1]))
        box = v.rect((x, y, RISK_W, 8 + RISK_ROW * len(rows)))
        panel(surf, box, alpha=200)
        for k, line in enumerate(rows):
            blit_text(surf, line, size, (box.x + v.size(8), box.y + v.size(4 + RISK_ROW * k + RISK_ROW // 2)),
                      RISK_INK, anchor="midleft")


def talon_words(rules, index: int) -> str:
    """What becomes of talon ``index`` (0: four cards, 1: three), in a few words."""
    if not getattr(rules, "talon_bonus", False):
        return N_("set aside, never played")
    return N_("to the first side to meld") if index == 0 else N_("to the second side to meld")


def sheet_subtitle(ctl, res) -> Optional[str]:
    st = ctl.state
    for team in range(st.rules.teams):
        s = G.laid_special(st, team)
        if s is not None:
            name, seat = s
            words, pts = G.SPECIAL_HANDS[name]
            return t("{name} laid a special hand: {hand}, {points} points.", name=ctl.seat_name(seat),
                     hand=LowerFirst(words, whole=True), points=points(pts))
    return None

