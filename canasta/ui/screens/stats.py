"""The statistics screen: how the player has been doing.

Figures from :func:`~canasta.store.statistics.compute_statistics` (games played and
won, by variant and by the opponents' level, average and best deal, canastas (books
in Hand and Foot), going out), the list of recent games, and a chart of every side's running total across the
deals of the selected game (the latest by default), drawn with ``pygame.draw``.

A stepper at the foot filters everything by game: all games, or one game of the
family (Classic, Samba, Bolivia...), as each recorded game's options name it.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Callable, Optional

import pygame

from ... import i18n
from ...i18n import N_, Text, t, tn, tr
from ...store.statistics import compute_statistics, online_game
from ...vocab import AI_LEVELS, HUMAN, side_name
from .. import games as family
from ..forms import GOLD_DEEP, MUTED, ListView, Button, Screen, Stepper, draw_fitted, section_panel
from ..layout import View
from ..widgets import DIM, GOLD, INK, blit_text, wrap
from ..draw import text_scale

LINE_COLOURS = ((240, 200, 90), (130, 190, 250), (240, 140, 120), (180, 230, 150))


def opponents_label(key: Any) -> str:
    """How the statistics name a game's opponents: their level, mixed levels or people."""
    if key in AI_LEVELS:
        return t("{level} computers", level=Text(AI_LEVELS.label(key)))
    return {"mixed": Text(N_("Mixed levels")), HUMAN: Text(N_("Other people"))}.get(key, str(key).capitalize())


def figure(n: int) -> str:
    """A count or score as Statistics writes it: 1,234 in English (as always), the
    language's own way otherwise (1.234)."""
    return f"{n:,}" if i18n.babel_locale() == "en" else i18n.number(n)


def short_date(iso: Optional[str]) -> str:
    if not iso:
        return ""
    try:
        moment = datetime.fromisoformat(iso)
    except ValueError:
        return iso[:16]
    code = i18n.babel_locale()
    if code != "en":
        try:
            from babel.dates import format_skeleton, format_time
            return f"{format_skeleton('MMMd', moment, locale=code)} {format_time(moment, 'HH:mm', locale=code)}"
        except Exception:        # Babel or its data missing: as in English
            pass
    return f"{moment.day} {moment:%b} {moment:%H:%M}"


def _text(value) -> Text:
    """A name from elsewhere as a message argument (translated if it is a key)."""
    return value if isinstance(value, Text) else Text(str(value))


def nice_step(span: float, lines: int = 5) -> int:
    """A round grid step that cuts ``span`` into about ``lines`` parts."""
    raw = max(span, 1) / lines
    magnitude = 10 ** (len(str(int(raw))) - 1)
    for m in (1, 2, 2.5, 5, 10):
        if m * magnitude >= raw:
            return int(m * magnitude)
    return int(10 * magnitude)


def result_of(game: dict[str, Any]) -> str:
    if game.get("finished") is False:
        return N_("Unfinished")
    won = game.get("won")
    if won is None:
        return N_("Watched")
    if won and len(game.get("winners", [])) > 1:
        return N_("Shared")
    return N_("Won") if won else N_("Lost")


#: a game's result inside a sentence ("Game chart  -  5 Nov 14:30, won")
RESULT_WORDS = {"Unfinished": N_("unfinished"), "Watched": N_("watched"), "Shared": N_("shared"),
                "Won": N_("won"), "Lost": N_("lost")}


def filtered(records: list[dict[str, Any]], game: Optional[str]) -> list[dict[str, Any]]:
    """The score-history entries of one game of the family (all of them for None)."""
    return [g for g in records if game is None or family.game_of_record(g) == game]


def made_caption(records: list[dict[str, Any]]) -> str:
    """The caption of the tile that counts finished melds of seven, in the words of the
    games counted: "canastas made", "books made" (Hand and Foot), or both."""
    words = {family.canasta_word(family.game_of_record(g)) for g in records}
    if words == {"book"}:
        return N_("books made")
    return N_("canastas and books made") if "book" in words else N_("canastas made")


def chart_series(deals: list[dict[str, Any]], teams: int) -> list[list[int]]:
    """Each side's running total after each deal, starting from 0 before the first."""
    series = [[0] for _ in range(teams)]
    for d in deals:
        totals = d.get("totals") or []
        for t in range(teams):
            series[t].append(int(totals[t]) if t < len(totals) else series[t][-1])
    return series


class StatisticsScreen(Screen):
    title = N_("Statistics")

    def __init__(self, session, back: Callable[[], None], select: Optional[str] = None):
        super().__init__(session.app)
        self.session = session
        self._back = back
        db = session.db
        self.game: Optional[str] = None            # the game shown (None: every game)
        self._all = db.all_games()
        self._waiting = db.statistics().get("waiting", 0)
        self._recent = db.recent_games(500)
        session.notify(*db.take_messages())
        played = {family.game_of_record(g) for g in self._all}
        self.game_names = [g for g in family.game_names()] + sorted(played - set(family.game_names()))
        self.games_list = ListView([], self._draw_row, row_height=34, name="recent", on_select=self._selected)
        self.game_step = Stepper(lambda: [(None, N_("All games"))] + [(g, family.short_title(g)) for g in self.game_names],
                                 lambda: self.game, self.show_game, name="game", wrap=True,
                                 tip=N_("Show the figures of one game of the family, or of all"))
        self.back_button = Button(N_("Back"), self.back, name="back", style="primary")
        self.review_button = Button(N_("Review"), self.review, pygame.K_r,
                                    N_("Replay the selected game deal by deal, with the coach (R)"), name="review")
        self.controls = [self.games_list, self.game_step, self.back_button, self.review_button]
        self.default_focus = self.back_button
        self.deals: list[dict[str, Any]] = []
        self.show_game(None)
        start = 0
        if select is not None:
            for i, g in enumerate(self.games):
                if g.get("uid") == select:
                    start = i
        if self.games:
            self.games_list.selected = None
            self.games_list.select(start)
            if not self.deals:
                self._selected(start)

    def back(self) -> None:
        self._back()

    def review(self) -> None:
        """Replay the selected game (its first deal) on the table, with the coach."""
        game = self.selected_game
        if game is None:
            return
        select = game.get("uid")
        if not self.session.review_stored_game(
                game, back=lambda: self.session.show_statistics(select=select, back=self._back)):
            self.toast.show(tr("This game was recorded before replays were kept."), 4.0)

    def show_game(self, game: Optional[str]) -> None:
        """Filter the figures, the recent games and the chart by game (None: all)."""
        self.game = game
        records = filtered(self._all, game)
        self.stats = compute_statistics(records)
        self.made_caption = made_caption(records)
        self.stats["waiting"] = self._waiting
        self.games = filtered(self._recent, game)[:50]
        self.games_list.items = self.games
        self.games_list.selected = None
        self.games_list.scroll = 0
        self.deals = []
        if self.games:
            self.games_list.select(0)
            if not self.deals:
                self._selected(0)

    @property
    def selected_game(self) -> Optional[dict[str, Any]]:
        i = self.games_list.selected
        return self.games[i] if i is not None and 0 <= i < len(self.games) else None

    def _selected(self, index: int) -> None:
        g = self.games[index]
        key = g["id"] if g.get("id") is not None else g["uid"]
        self.deals = self.session.db.deals_of(key)
        self.session.notify(*self.session.db.take_messages())

    # -- layout
    RECORD = pygame.Rect(40, 92, 560, 318)
    SPLIT = pygame.Rect(40, 420, 560, 292)
    CHART = pygame.Rect(620, 92, 620, 350)
    RECENT = pygame.Rect(620, 452, 620, 260)

    def layout(self) -> None:
        self.games_list.rect = pygame.Rect(self.RECENT.x + 14, self.RECENT.y + 48, self.RECENT.w - 34,
                                           self.RECENT.h - 60)
        self.games_list.visible = bool(self.games)
        self.back_button.rect = pygame.Rect(560, 730, 160, 46)
        self.review_button.rect = pygame.Rect(1080, 730, 160, 46)
        self.review_button.enabled = self.selected_game is not None
        self.game_step.rect = pygame.Rect(104, 734, 260, 38)

    # -- drawing
    def draw_content(self, surf: pygame.Surface, v: View) -> None:
        self._draw_record(surf, v)
        self._draw_split(surf, v)
        self._draw_chart(surf, v)
        draw_fitted(surf, tr("Game"), v.size(20), v.rect((40, 734, 60, 38)), INK)
        unfinished = sum(1 for g in self.games if g.get("finished") is False)
        section_panel(surf, v, self.RECENT, tr(tn("Recent games  ({count} unfinished, not counted)",
                                                  "Recent games  ({count} unfinished, not counted)", unfinished)
                                               if unfinished else N_("Recent games")))
        if not self.games:
            draw_fitted(surf, tr("Games will be listed here when they end or are replaced."), v.size(19),
                        v.rect((self.RECENT.x + 20, self.RECENT.y + 60, self.RECENT.w - 40, 30)), DIM)

    def _draw_record(self, surf: pygame.Surface, v: View) -> None:
        box = self.RECORD
        section_panel(surf, v, box, tr("Your record"))
        s = self.stats
        played = s.get("games_played", 0)
        if not played:
            # what counts, and where a game not finished is (players look for it here)
            lines = [tr("No finished games yet: a game counts here once it is played to its end.")]
            unfinished = s.get("games_unfinished", 0)
            if s.get("games_recorded", 0) > unfinished:
                lines = [tr("Only games between computers so far: play a game yourself to the end to see your "
                            "record.")]
            if unfinished:
                lines.append(tr(tn("{count} game left before the end is listed under Recent games, and can be "
                                   "reviewed.", "{count} games left before the end are listed under Recent games, "
                                   "and can be reviewed.", unfinished)))
            lines.append("")
            resumable = getattr(self.session, "resumable", None)
            if resumable is not None:
                lines.append(tr(t("In progress: {game}. Continue it from the main menu.", game=_text(resumable.describe()))))
            else:
                lines.append(tr("A game left before its end waits under Continue on the main menu; when a "
                                "new game replaces it, it is listed here as unfinished."))
            size = v.size(20)
            y = v.pt(0, box.y + 60)[1]
            x = v.pt(box.x + 24, 0)[0]
            bottom = v.pt(0, box.bottom - 8)[1]

            def height(size: int) -> int:
                rows = sum(len(wrap(p, size, v.size(box.w - 48))) for p in lines if p)
                return rows * int(size * 1.3 * text_scale()) + len(lines) * int(size * 0.5 * text_scale())

            while y + height(size) > bottom and size * text_scale() > v.size(20) * 0.75:
                size -= 1          # larger text: smaller type until the panel holds it (never under 75%)
            for paragraph in lines:
                for line in (wrap(paragraph, size, v.size(box.w - 48)) if paragraph else []):
                    blit_text(surf, line, size, (x, y), DIM)
                    y += int(size * 1.3 * text_scale())
                y += int(size * 0.5 * text_scale())
            return
        won = s.get("games_won", 0)
        avg = s.get("average_deal_score")
        best = s.get("best_deal")
        tiles = [
            (figure(played), N_("games played")),
            (figure(won), t("won ({percent}%)", percent=round(100 * won / played))),
            (figure(s.get('deals_played', 0)), N_("deals played")),
            (figure(round(avg)) if avg is not None else "-", N_("average deal score")),
            (figure(best['score']) if best else "-", N_("best deal")),
            (figure(s.get('canastas_made', 0)), self.made_caption),
        ]
        tw, th = (box.w - 48 - 2 * 12) // 3, 96
        for i, (value, caption) in enumerate(tiles):
            col, row = i % 3, i // 3
            r = pygame.Rect(box.x + 24 + col * (tw + 12), box.y + 46 + row * (th + 12), tw, th)
            pr = v.rect(r)
            tile = pygame.Surface(pr.size, pygame.SRCALPHA)
            pygame.draw.rect(tile, (0, 0, 0, 55), tile.get_rect(), border_radius=v.size(10))
            surf.blit(tile, pr)
            draw_fitted(surf, value, v.size(40), v.rect((r.x + 8, r.y + 12, r.w - 16, 44)), GOLD, bold=True,
                        align="center")
            draw_fitted(surf, tr(caption), v.size(17), v.rect((r.x + 8, r.y + 62, r.w - 16, 22)), DIM, align="center")
        out, concealed = s.get("went_out", 0), s.get("went_out_concealed", 0)
        line = (tn("Your side went out {figure} time, {concealed} of them concealed. Best deal: {date}.",
                   "Your side went out {figure} times, {concealed} of them concealed. Best deal: {date}.", out,
                   figure=figure(out), concealed=figure(concealed), date=short_date(best.get('finished_at')))
                if best else
                tn("Your side went out {figure} time, {concealed} of them concealed.",
                   "Your side went out {figure} times, {concealed} of them concealed.", out,
                   figure=figure(out), concealed=figure(concealed)))
        line = tr(line)
        draw_fitted(surf, line, v.size(18), v.rect((box.x + 24, box.bottom - 44, box.w - 48, 26)), INK)

    def _draw_split(self, surf: pygame.Surface, v: View) -> None:
        box = self.SPLIT
        section_panel(surf, v, box, tr("Won and played"))
        s = self.stats
        tables = [(N_("Variant"), [(family.preset_short(k), e) for k, e in sorted(s.get("by_variant", {}).items())]),
                  (N_("Opponents"), [(opponents_label(k), e)
                                 for k, e in sorted(s.get("by_level", {}).items(), key=lambda kv: str(kv[0]))])]
        if not any(rows for _, rows in tables):
            draw_fitted(surf, tr("Games you finish are counted here by variant and by opponents."), v.size(18),
                        v.rect((box.x + 24, box.y + 56, box.w - 48, 26)), DIM)
            return
        col_w = (box.w - 48 - 20) // 2
        for ci, (title, rows) in enumerate(tables):
            x = box.x + 24 + ci * (col_w + 20)
            y = box.y + 46
            blit_text(surf, tr(title), v.size(16), v.pt(x, y), MUTED)
            blit_text(surf, tr("won / played"), v.size(16), v.pt(x + col_w, y), MUTED, anchor="topright")
            y += 24
            for label, entry in rows[:7]:
                draw_fitted(surf, tr(label), v.size(18), v.rect((x, y, col_w - 80, 26)), INK)
                draw_fitted(surf, f"{figure(entry.get('won', 0))} / {figure(entry.get('played', 0))}", v.size(18),
                            v.rect((x + col_w - 80, y, 80, 26)), GOLD, align="right")
                y += 30

    def _draw_row(self, surf: pygame.Surface, v: View, r: pygame.Rect, game: dict, selected: bool) -> None:
        pad = v.size(10)
        w = r.w - 2 * pad
        cols = [(0.0, 0.23, short_date(game.get("finished_at")), DIM, "left"),
                (0.24, 0.30, tr(t("{game}  ·  online", game=_text(family.preset_short(str(game.get("variant")))))
                                if online_game(game) else family.preset_short(str(game.get("variant")))), INK, "left"),
                (0.55, 0.30, " - ".join(figure(n) for n in game.get("final_totals", [])), INK, "left"),
                (0.86, 0.14, tr(result_of(game)), GOLD if result_of(game) in ("Won", "Shared") else DIM, "right")]
        for start, width, label, colour, align in cols:
            rect = pygame.Rect(r.x + pad + int(w * start), r.y, int(w * width), r.h)
            draw_fitted(surf, label, v.size(18), rect, colour, align=align)

    def _draw_chart(self, surf: pygame.Surface, v: View) -> None:
        box = self.CHART
        game = self.selected_game
        title = N_("Game chart")
        if game is not None and self.deals:
            title = t("Game chart  -  {date}, {result}", date=short_date(game.get('finished_at')),
                      result=Text(RESULT_WORDS[result_of(game)]))
        elif game is not None and game.get("finished") is False:
            title = t("Game chart  -  {date}, unfinished", date=short_date(game.get('finished_at')))
        section_panel(surf, v, box, tr(title))
        if game is None or not self.deals:
            words = (N_("This game was left before its first deal ended: Review replays it.")
                     if game is not None and game.get("finished") is False
                     else N_("The running totals of a finished game are drawn here."))
            draw_fitted(surf, tr(words), v.size(19),
                        v.rect((box.x + 24, box.y + 60, box.w - 48, 30)), DIM)
            return
        names = game.get("team_names", [])
        teams = len(names) or len(self.deals[0].get("totals", []))
        series = chart_series(self.deals, teams)
        # the legend: each side's colour, name and final total
        lx = box.x + 24
        ly = box.y + 44
        legend_w = (box.w - 48) // max(1, teams)
        for side in range(teams):
            colour = LINE_COLOURS[side % len(LINE_COLOURS)]
            x = lx + side * legend_w
            pygame.draw.line(surf, colour, v.pt(x, ly + 11), v.pt(x + 22, ly + 11), max(2, v.size(3)))
            # a stored side's name is English ("You & Luis"): its default names are shown
            # in the language in use
            name = (side_name(str(names[side]).split(" & ")) if side < len(names)
                    else tr(t("Side {number}", number=side + 1)))
            label = tr(t("{name}: {total}", name=name, total=figure(series[side][-1])))
            draw_fitted(surf, label, v.size(17), v.rect((x + 28, ly, legend_w - 36, 22)), INK)
        plot = pygame.Rect(box.x + 80, box.y + 84, box.w - 108, box.h - 130)
        target = (game.get("options") or {}).get("target_score")
        values = [x for s in series for x in s] + ([target] if isinstance(target, int) else [])
        lo, hi = min(values + [0]), max(values + [100])
        step = nice_step(hi - lo)
        lo = (lo // step) * step
        hi = -((-hi) // step) * step
        span = max(1, hi - lo)
        n = len(series[0]) - 1

        def pt(i: int, value: float) -> tuple[int, int]:
            x = plot.x + (plot.w * i / max(1, n))
            y = plot.bottom - plot.h * (value - lo) / span
            return v.pt(x, y)

        # grid and axis labels
        value = lo
        while value <= hi:
            y = pt(0, value)[1]
            colour = (110, 140, 116) if value == 0 else (52, 86, 62)
            pygame.draw.line(surf, colour, (v.pt(plot.x, 0)[0], y), (v.pt(plot.right, 0)[0], y), 1)
            blit_text(surf, figure(value), v.size(15), (v.pt(plot.x - 8, 0)[0], y), MUTED, anchor="midright")
            value += step
        for i in range(n + 1):
            if n > 12 and i % ((n + 11) // 12):
                continue
            x = pt(i, lo)[0]
            blit_text(surf, str(i), v.size(15), (x, v.pt(0, plot.bottom + 6)[1]), MUTED, anchor="midtop")
        blit_text(surf, tr("deal"), v.size(15), v.pt(plot.right, plot.bottom + 24), MUTED, anchor="topright")
        if isinstance(target, int) and lo <= target <= hi:
            y = pt(0, target)[1]
            x = v.pt(plot.x, 0)[0]
            x_end = v.pt(plot.right, 0)[0]
            dash = max(4, v.size(8))
            while x < x_end:
                pygame.draw.line(surf, GOLD_DEEP, (x, y), (min(x + dash, x_end), y), max(1, v.size(2)))
                x += dash * 2
            blit_text(surf, tr(t("target {target}", target=figure(target))), v.size(15), (v.pt(plot.x, 0)[0] + v.size(6), y - v.size(4)),
                      GOLD_DEEP, anchor="bottomleft")
        for side in range(teams):
            colour = LINE_COLOURS[side % len(LINE_COLOURS)]
            points = [pt(i, val) for i, val in enumerate(series[side])]
            if len(points) > 1:
                pygame.draw.lines(surf, colour, False, points, max(2, v.size(3)))
            for p in points:
                pygame.draw.circle(surf, colour, p, max(3, v.size(5)))
                pygame.draw.circle(surf, (12, 34, 22), p, max(1, v.size(2)))
