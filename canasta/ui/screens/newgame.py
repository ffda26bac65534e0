"""The new-game form: who plays, by which rules, and which deal.

Two tabs. *Players*: first the game (Classic, then every other game the engine
registers, see :mod:`canasta.ui.games`), how many play (the counts that game allows;
for six, three pairs or two teams of three), each seat human or computer with a name
and a level, and the deal number (the seed: the same number and rules deal the same
cards; a fresh random one is offered each time). *Rules*: a preset of that game to
start from and that game's options, each with its one-line explanation. The rules are checked by ``Rules.resolved()`` as they
change; its sentence shows under the form and Start waits until they make sense.
The setup is remembered in ``settings.last_game`` and offered again next time.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Optional

import pygame

from ...engine.registry import default_name
from ...i18n import N_, Text, t, tn, tr
from ...engine.rules import Rules, RulesError
from ..forms import TIP_DELAY
from ..forms import (GOLD_DEEP, MUTED, Button, Screen, Stepper, TextField, Toggle, draw_fitted, draw_heading,
                     fit_text, section_panel, wrap_lines)
from ..layout import View
from ..draw import draw_one_or_two_lines, font, text_scale
from ...store.names import check_name
from .. import games
from ..games import preset_of
from .newgame_minimum import MinimumTable
from ...vocab import COMPUTER, COMPUTER_NAMES, DEFAULT_LEVEL, HUMAN, LEVELS, SEAT_KINDS, SEAT_NAMES
from ..table import SeatConfig
from ..widgets import DIM, GOLD, INK, blit_text, panel

PLAYER_COUNTS = (2, 3, 4, 6)
TARGETS = games.TARGETS
# options whose defaults follow the number of players (reset when it changes)
PLAYER_DEPENDENT = ("teams", "decks", "hand_size", "draw_count", "canastas_to_go_out", "target_score",
                    "minimum_table", "ask_to_go_out", "red_three_table")
TEAM_COLOURS = ((240, 200, 90), (130, 190, 250), (240, 140, 120))
MAX_SEATS = max(SEAT_NAMES)


@dataclass
class SeatSetup:
    name: str
    human: bool
    level: str = DEFAULT_LEVEL


def preset_options(key: str) -> dict[str, Any]:
    """The explicit options of a preset, as plain values (every default filled in but
    the red-three table, which follows the number of packs)."""
    d = games.all_presets()[key].resolved().to_dict(resolved_only=True)
    d["minimum_table"] = tuple(tuple(x) for x in d["minimum_table"])
    d["red_three_table"] = None
    return d


def remembered_rules(settings) -> tuple[str, Rules]:
    """The preset and rules of the last game set up (the classic game if none or unusable)."""
    last = settings.last_game if isinstance(settings.last_game, dict) else {}
    known = games.all_presets()
    preset = last.get("preset") if last.get("preset") in known else "classic-4"
    try:
        rules = Rules.from_dict(last.get("rules", {}) or known[preset].to_dict())
        rules.resolved()
    except (RulesError, TypeError, ValueError):
        return preset, known[preset]
    return preset_of(rules), rules


def player_dependent(game: str) -> set[str]:
    """The options whose defaults follow the seating in ``game`` (reset when it changes):
    those that differ between its presets, and Classic's usual ones."""
    found = set(PLAYER_DEPENDENT)
    values = [preset_options(k) for k in games.presets(game)]
    for key in set().union(*values) if values else ():
        if len({repr(v.get(key)) for v in values}) > 1:
            found.add(key)
    return found


def random_deal_number() -> str:
    return str(random.SystemRandom().randrange(1, 1_000_000))


class NewGameScreen(MinimumTable, Screen):
    title = N_("New game")

    def __init__(self, session, back: Callable[[], None]):
        super().__init__(session.app)
        self.session = session
        self._back = back
        self.tab = "players"
        self.error: Optional[str] = None
        settings = session.settings
        preset, rules = remembered_rules(settings)
        self.preset = preset
        self.opts = preset_options(preset)
        for k, v in rules.to_dict().items():
            if k != "red_three_table":
                self.opts[k] = tuple(tuple(x) for x in v) if k == "minimum_table" else v
        self.seats = self._remembered_seats(settings)
        self.seed_text = random_deal_number()
        self._build()
        self._validate()

    # ------------------------------------------------------------------ model
    def _remembered_seats(self, settings) -> list[SeatSetup]:
        seats = [SeatSetup(settings.player_name, True, DEFAULT_LEVEL)] + [
            SeatSetup(COMPUTER_NAMES[i], False, DEFAULT_LEVEL) for i in range(MAX_SEATS - 1)]
        last = settings.last_game.get("seats") if isinstance(settings.last_game, dict) else None
        if isinstance(last, list):
            for i, item in enumerate(last[:MAX_SEATS]):
                if not isinstance(item, dict):
                    continue
                name, human, level = item.get("name"), item.get("human"), item.get("level")
                try:
                    seats[i].name = check_name(name)  # as every name read from a file
                except ValueError:
                    pass
                if isinstance(human, bool):
                    seats[i].human = human
                if level in LEVELS:
                    seats[i].level = level
        return seats

    @property
    def players(self) -> int:
        return int(self.opts["players"])

    @property
    def game(self) -> str:
        return str(self.opts.get("variant") or default_name())

    def rules(self) -> Rules:
        """The rules as set (raises RulesError for values of the wrong kind)."""
        return Rules.from_dict({k: v for k, v in self.opts.items() if v is not None})

    def _validate(self) -> Optional[Rules]:
        try:
            resolved = self.rules().resolved()
        except RulesError as exc:
            # the sentence itself (a Text keeps its arguments, so ``tr`` renders it whole)
            self.error = exc.args[0] if exc.args and isinstance(exc.args[0], str) else str(exc)
            return None
        self.error = None
        return resolved

    def set_opt(self, key: str, value: Any) -> None:
        self.opts[key] = value
        self._validate()

    def apply_preset(self, key: str, keep_options: bool) -> None:
        """Switch to a preset; ``keep_options`` keeps the options that do not follow
        the number of players (the wild-card rules, freezing...)."""
        new = preset_options(key)
        game = new.get("variant", default_name())
        if keep_options and game == self.game:
            dependent = player_dependent(game)
            for k, v in self.opts.items():
                if k not in dependent and k not in ("players", "variant"):
                    new[k] = v
        game_changed = game != self.game
        self.opts = new
        self.preset = key
        if game_changed and hasattr(self, "option_rows"):
            self._build_options()
        self._validate()

    def player_counts(self) -> list[int]:
        return games.player_counts(self.game)

    def set_game(self, game: str) -> None:
        """Choose the game: its preset at the same seating when it has one, else its first."""
        if game == self.game:
            return
        key = games.preset_for(game, self.players, self.opts.get("teams")) or next(iter(games.presets(game)))
        self.apply_preset(key, keep_options=False)

    def set_players(self, n: int) -> None:
        if n == self.players:
            return
        key = games.preset_for(self.game, n, 2 if self.preset.endswith("-threes") else 3)
        if key is not None:
            self.apply_preset(key, keep_options=True)

    def set_sides(self, teams: int) -> None:
        if self.players == 6:
            key = games.preset_for(self.game, 6, teams)
            if key is not None:
                self.apply_preset(key, keep_options=True)

    def changes_from_preset(self) -> int:
        base = preset_options(self.preset)
        return sum(1 for k, v in self.opts.items() if base.get(k) != v)

    # ------------------------------------------------------------------ controls
    def _build(self) -> None:
        self.players_tab = Button(N_("Players"), lambda: self._tab("players"), name="tab_players", style="tab")
        self.rules_tab = Button(N_("Rules"), lambda: self._tab("rules"), name="tab_rules", style="tab")
        # players tab
        self.game_step = Stepper([(g, games.short_title(g)) for g in games.game_names()], lambda: self.game,
                                 self.set_game, name="game", wrap=True,
                                 tip=N_("Which game of the Canasta family: its rules and options follow"))
        self.players_step = Stepper(lambda: [(n, tn("{count} player", "{count} players", n)) for n in self.player_counts()],
                                    lambda: self.players, self.set_players, name="players")
        self.sides_step = Stepper(self._side_choices, lambda: self.opts["teams"], self.set_sides, name="sides")
        self.seat_rows = []
        for i in range(MAX_SEATS):
            seat = self.seats[i]
            name = TextField(lambda s=seat: s.name, lambda v, s=seat: setattr(s, "name", v), name=f"name{i}",
                             max_length=24, placeholder=COMPUTER_NAMES[i - 1] if i else N_("Your name"))
            kind = Stepper([(True, SEAT_KINDS.label(HUMAN)), (False, SEAT_KINDS.label(COMPUTER))], lambda s=seat: s.human,
                           lambda v, s=seat: setattr(s, "human", v), name=f"kind{i}", wrap=True)
            level = Stepper(LEVELS.pairs(), lambda s=seat: s.level,
                            lambda v, s=seat: setattr(s, "level", v), name=f"level{i}")
            self.seat_rows.append((name, kind, level))
        self.seed_field = TextField(lambda: self.seed_text, self._set_seed, name="seed", max_length=12,
                                    allowed=str.isdigit, placeholder=N_("random"))
        self.seed_button = Button(N_("New number"), lambda: self._set_seed(random_deal_number()), name="new_seed",
                                      size=19)
        # rules tab
        self.preset_step = Stepper(lambda: [(k, games.preset_name(k)) for k in games.presets(self.game)],
                                   lambda: self.preset, lambda k: self.apply_preset(k, keep_options=False),
                                   name="preset", wrap=True)
        self.reset_button = Button(N_("Reset to preset"), lambda: self.apply_preset(self.preset, False),
                                       name="reset", size=19)
        self._build_minimums()
        # bottom bar
        self.back_button = Button(N_("Back"), self.back, name="back")
        self.start_button = Button(N_("Start game"), self.start, name="start", style="primary", size=24)
        self._build_options()
        self.default_focus = self.start_button
        self.focused = None

    def _build_options(self) -> None:
        """The game's options, as (label, explanation, control) rows, and the Tab order."""
        defaults = preset_options(self.preset)

        def make(key):
            current = self.opts.get(key)
            choices = games.option_choices(key, current, defaults.get(key), self.game)
            if choices is None:
                return Toggle(lambda: bool(self.opts.get(key)), lambda v: self.set_opt(key, v), name=key)
            return Stepper(lambda: games.option_choices(key, self.opts.get(key), defaults.get(key), self.game),
                           lambda: self.opts.get(key), lambda v: self.set_opt(key, v), name=key)

        self.option_rows = [(games.option_label(k), games.option_help(self.game, k), make(k))
                            for k in games.option_keys(self.game)]
        for _, help_text, c in self.option_rows:
            c.tip = help_text                   # the whole explanation, when its line is cut short
        half = (len(self.option_rows) + 1) // 2
        self.left_options, self.right_options = self.option_rows[:half], self.option_rows[half:]
        controls = [self.players_tab, self.rules_tab, self.game_step, self.players_step, self.sides_step]
        for row in self.seat_rows:
            controls.extend(row)
        controls += [self.seed_field, self.seed_button, self.preset_step, self.reset_button]
        controls += [c for _, _, c in self.option_rows]
        controls += [self.negative_step] + self.minimum_steps + self.deal_steps + [self.back_button, self.start_button]
        focused = self.focused if hasattr(self, "focus_group") else None
        self.controls = controls
        if focused is not None and focused not in controls:
            self.focused = None

    def _side_choices(self) -> list[tuple[int, str]]:
        p = self.players
        if p == 6:
            return [(3, N_("Three pairs")), (2, N_("Two teams of three"))]
        if p == 4:
            return [(2, N_("Two partnerships"))]
        return [(p, N_("Each for themselves"))]

    def _tab(self, name: str) -> None:
        self.tab = name

    def _set_seed(self, value: str) -> None:
        self.seed_text = value

    def back(self) -> None:
        self._back()

    def shortcut(self, event) -> bool:
        if event.key == pygame.K_PAGEDOWN or event.key == pygame.K_PAGEUP:
            self._tab("rules" if self.tab == "players" else "players")
            return True
        return False

    # ------------------------------------------------------------------ start
    def seat_configs(self) -> list[SeatConfig]:
        out = []
        for i in range(self.players):
            s = self.seats[i]
            name = s.name.strip() or (self.session.settings.player_name if i == 0 else COMPUTER_NAMES[(i - 1) % len(COMPUTER_NAMES)])
            out.append(SeatConfig(name, s.human, s.level))
        return out

    def start(self) -> None:
        resolved = self._validate()
        if resolved is None:
            self.toast.show(tr(self.error or N_("These rules cannot be played.")), 4.0, error=True)
            return
        rules = self.rules()
        seats = self.seat_configs()
        seed = int(self.seed_text) if self.seed_text.strip() else None
        settings = self.session.settings
        settings.last_game = {
            "preset": self.preset,
            "rules": rules.to_dict(),
            "seats": [{"name": s.name, "human": s.human, "level": s.level} for s in seats],
        }
        if seats[0].human:
            settings.player_name = seats[0].name
        self.session.save_settings()
        self.session.start_game(rules, seats, seed, self.preset)

    # ------------------------------------------------------------------ layout
    PANEL = pygame.Rect(40, 142, 1200, 572)
    SEAT_Y = 300
    SEAT_H = 46
    OPT_Y = 210
    OPT_H = 74                # the tallest an option's row gets (two lines of explanation)
    OPT_COMPACT = 60          # below this a row shows one line of explanation
    MIN_Y = 636               # the minimum-count table, across the panel's foot
    LEFT_COL = (64, 620)
    RIGHT_COL = (660, 1216)

    def layout(self) -> None:
        players_tab = self.tab == "players"
        self.players_tab.selected = players_tab
        self.rules_tab.selected = not players_tab
        self.players_tab.rect = pygame.Rect(40, 94, 170, 42)
        self.rules_tab.rect = pygame.Rect(218, 94, 170, 42)
        self.back_button.rect = pygame.Rect(40, 732, 160, 46)
        self.start_button.rect = pygame.Rect(1040, 732, 200, 46)
        p = self.players
        self.start_button.enabled = self.error is None
        self.start_button.why_disabled = self.error or ""
        # players tab
        for c in [self.game_step, self.players_step, self.sides_step, self.seed_field, self.seed_button]:
            c.visible = players_tab
        self.game_step.rect = pygame.Rect(140, 186, 230, 38)
        self.players_step.rect = pygame.Rect(470, 186, 180, 38)
        self.sides_step.rect = pygame.Rect(750, 186, 290, 38)
        self.sides_step.enabled = p == 6
        for i, (name, kind, level) in enumerate(self.seat_rows):
            shown = players_tab and i < p
            y = self.SEAT_Y + i * self.SEAT_H
            for c in (name, kind, level):
                c.visible = shown
            name.rect = pygame.Rect(300, y, 310, 38)
            kind.rect = pygame.Rect(640, y, 200, 38)
            level.rect = pygame.Rect(870, y, 200, 38)
            level.visible = shown and not self.seats[i].human
        self.seed_field.rect = pygame.Rect(300, 626, 200, 38)
        self.seed_button.rect = pygame.Rect(516, 626, 170, 38)
        # rules tab
        for c in [self.preset_step, self.reset_button, self.negative_step] + self.minimum_steps + self.deal_steps:
            c.visible = not players_tab
        self.preset_step.rect = pygame.Rect(220, 156, 520, 38)
        self.reset_button.rect = pygame.Rect(760, 156, 200, 38)
        self.reset_button.enabled = self.changes_from_preset() > 0
        h = self.row_height()
        ch = 38 if h >= self.OPT_COMPACT else min(34, h - 6)
        for (x0, x1), options in ((self.LEFT_COL, self.left_options), (self.RIGHT_COL, self.right_options)):
            for j, (_, _, c) in enumerate(options):
                c.visible = not players_tab
                w = 130 if isinstance(c, Toggle) else 200
                c.rect = pygame.Rect(x1 - w, self.OPT_Y + j * h + (h - ch) // 2, w, ch)
        teams = self.opts["teams"] if self.opts["teams"] is not None else 0
        partnerships = teams < p
        for _, _, c in self.option_rows:
            if c.name == "ask_to_go_out":
                c.enabled = partnerships
        self._lay_out_minimums(players_tab)

    def option_at(self, lpos) -> Optional[Any]:
        """The option whose row (its name and explanation) is at the logical point."""
        if self.tab != "rules":
            return None
        h = self.row_height()
        for (x0, x1), options in ((self.LEFT_COL, self.left_options), (self.RIGHT_COL, self.right_options)):
            for j, (_, _, c) in enumerate(options):
                if pygame.Rect(x0, self.OPT_Y + j * h, x1 - x0, h).collidepoint(lpos) and c.visible:
                    return c
        return None

    def tip_control(self):
        """As every screen's, and an option's explanation while the pointer rests on its
        row (the line under its name may be cut short in a small window)."""
        c = super().tip_control()
        if c is None and not self.app.keyboard_used and self._rest >= TIP_DELAY and self.pressed is None:
            c = self.option_at(self.mouse)
        return c

    def row_height(self) -> int:
        """The height of an option's row: as tall as the game's options leave room for."""
        rows = max(len(self.left_options), len(self.right_options), 1)
        return min(self.OPT_H, (self.MIN_Y - 8 - self.OPT_Y) // rows)

    # ------------------------------------------------------------------ drawing
    def draw_content(self, surf: pygame.Surface, v: View) -> None:
        section_panel(surf, v, self.PANEL)
        # what will be played, beside the tabs
        changes = self.changes_from_preset()
        summary = tr(games.preset_name(self.preset)) if not changes else tr(
            tn("{preset}  ·  {count} change to the rules", "{preset}  ·  {count} changes to the rules", changes,
               preset=games.preset_name(self.preset)))
        draw_fitted(surf, summary, v.size(19), v.rect((410, 100, 830, 30)), DIM, align="right")
        if self.tab == "players":
            self._draw_players(surf, v)
        else:
            self._draw_rules(surf, v)
        # the bottom bar: what is wrong, or what starting does
        bar = v.rect((220, 732, 800, 46))
        if self.error:
            panel(surf, bar, (84, 26, 22), 235, radius=v.size(10), border=(210, 96, 84))
            inner = bar.inflate(-v.size(24), 0)
            lines = wrap_lines(tr(self.error), v.size(19), inner.w)
            if len(lines) == 1:
                draw_fitted(surf, lines[0], v.size(19), inner, INK, align="center")
            else:
                draw_fitted(surf, lines[0], v.size(17), pygame.Rect(inner.x, bar.y + v.size(3), inner.w, bar.h // 2),
                            INK, align="center")
                rest = " ".join(lines[1:])
                draw_fitted(surf, rest, v.size(17), pygame.Rect(inner.x, bar.centery - v.size(2), inner.w,
                                                                bar.h // 2), INK, align="center")
        elif self.session.resumable is not None:
            draw_fitted(surf, tr("Starting a new game replaces the game in progress (Statistics lists it as unfinished)."), v.size(18), bar, GOLD,
                        align="center")

    def _draw_players(self, surf: pygame.Surface, v: View) -> None:
        draw_heading(surf, v, tr("Table"), 64, 158, 1152)
        draw_fitted(surf, tr("Game"), v.size(21), v.rect((64, 186, 72, 38)), INK)
        draw_fitted(surf, tr("Players"), v.size(21), v.rect((388, 186, 80, 38)), INK)
        draw_fitted(surf, tr("Sides"), v.size(21), v.rect((676, 186, 70, 38)), INK)
        draw_heading(surf, v, tr("Seats"), 64, 240, 1152)
        for x, label in ((64, N_("Seat")), (300, N_("Name")), (640, N_("Player")), (870, N_("Computer level"))):
            blit_text(surf, tr(label), v.size(16), v.pt(x, 270), MUTED)
        p = self.players
        teams = self.opts["teams"] or p
        names = SEAT_NAMES[p]
        for i in range(p):
            y = self.SEAT_Y + i * self.SEAT_H
            team = i % teams
            colour = TEAM_COLOURS[team % len(TEAM_COLOURS)]
            cx, cy = v.pt(74, y + 19)
            pygame.draw.circle(surf, colour, (cx, cy), v.size(7))
            label = tr(t("{seat}  ·  side {side}", seat=Text(names[i]), side=team + 1) if teams < p else names[i])
            draw_fitted(surf, label, v.size(19), v.rect((90, y, 200, 38)), INK)
            if self.seats[i].human:
                draw_fitted(surf, tr("plays in person"), v.size(17), v.rect((886, y, 184, 38)), MUTED)
        if p <= 4 and not self.error:
            self._draw_glance(surf, v, self.SEAT_Y + p * self.SEAT_H + 24)
        self._draw_deal_row(surf, v)
        hint = (N_("Every seat is a computer: you will watch the game.") if not any(s.human for s in self.seats[:p])
                else N_("Several humans take turns at this screen; hands stay hidden between turns.")
                if sum(s.human for s in self.seats[:p]) > 1 else "")
        if hint:
            draw_fitted(surf, tr(hint), v.size(16), v.rect((64, 672, 1150, 30)), GOLD)

    def _draw_deal_row(self, surf: pygame.Surface, v: View) -> None:
        """The Deal row: the deal number (the online form puts the table's place here)."""
        draw_heading(surf, v, tr("Deal"), 64, 596, 1152)
        draw_fitted(surf, tr("Deal number"), v.size(21), v.rect((64, 626, 220, 38)), INK)
        draw_fitted(surf, tr("The same number and rules deal the same cards."), v.size(16),
                    v.rect((704, 626, 510, 38)), DIM)

    def _draw_glance(self, surf: pygame.Surface, v: View, y: int) -> None:
        """The rules that matter most, in one line, under the seats."""
        parts = games.glance(self.rules().resolved())
        draw_heading(surf, v, tr("Rules at a glance"), 64, y, 860)
        draw_fitted(surf, tr("Change them on the Rules tab."), v.size(16), v.rect((940, y - 6, 276, 30)), MUTED,
                    align="right")
        draw_one_or_two_lines(surf, "  ·  ".join(tr(p) for p in parts), v.size(19), v.rect((64, y + 24, 1152, 30)),
                              INK)

    def _draw_rules(self, surf: pygame.Surface, v: View) -> None:
        draw_fitted(surf, tr("Start from"), v.size(21), v.rect((64, 156, 150, 38)), INK)
        pygame.draw.line(surf, GOLD_DEEP, v.pt(64, 202), v.pt(1216, 202), 1)
        h = self.row_height()
        compact = h < self.OPT_COMPACT
        # no room for the explanation under the name at this Text size
        brief = (font(v.size(19)).get_linesize() + font(v.size(15)).get_linesize() > v.size(h) - v.size(2) if compact else
                 font(v.size(21)).get_linesize() + font(v.size(16)).get_linesize() > v.size(h) - v.size(4))
        for (x0, x1), options in ((self.LEFT_COL, self.left_options), (self.RIGHT_COL, self.right_options)):
            for j, (label, help_text, c) in enumerate(options):
                y = self.OPT_Y + j * h
                label_w = c.rect.x - x0 - 16
                colour = INK if c.enabled else MUTED
                label = tr(label)
                if not c.enabled and c.name == "ask_to_go_out":
                    help_text = N_("Only when partners play together.")
                if brief:       # larger text: the name alone; its explanation is the row's tip
                    draw_fitted(surf, label, v.size(21), v.rect((x0, y + 1, label_w, h - 2)), colour)
                    continue
                if compact:
                    drawn = draw_fitted(surf, label, v.size(19), v.rect((x0, y + 2, label_w, 22)), colour)
                    # never under the size 100% shows (cut instead: the row's tip has it all)
                    line, fs = fit_text(tr(help_text), v.size(15), v.size(label_w), shrink=0.85 if text_scale() == 1 else 0.999)
                    blit_text(surf, line, fs, (v.pt(x0, 0)[0], max(v.pt(0, y + 24)[1], drawn.bottom)), DIM)
                    continue
                drawn = draw_fitted(surf, label, v.size(21), v.rect((x0, y + 6, label_w, 24)), colour)
                lines = wrap_lines(tr(help_text), v.size(16), v.size(label_w))
                step = max(v.size(18), font(v.size(16)).get_linesize())
                room = max(1, (v.pt(0, y + h)[1] - max(v.pt(0, y + 31)[1], drawn.bottom)) // step)
                keep = min(2, room)          # larger text: one line, the rest in the row's tip
                if len(lines) > keep:
                    lines = lines[:keep - 1] + [fit_text(" ".join(lines[keep - 1:]), v.size(16), v.size(label_w),
                                                         shrink=1.0)[0]]     # cut: the row's tip has it all
                top = max(v.pt(0, y + 31)[1], drawn.bottom)
                for k, line in enumerate(lines):
                    blit_text(surf, line, v.size(16), (v.pt(x0, 0)[0], top + k * step), DIM)
        self._draw_minimums(surf, v)
