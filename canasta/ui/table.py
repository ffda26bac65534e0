"""The table: a game of Canasta played with the mouse and the keyboard.

The scene keeps a :class:`canasta.engine.record.Game` and never decides a rule
itself: every highlight, drop target and button asks the engine (``is_legal``,
``check``, ``legal_actions``, ``preview_groups``). After each action it lays the
table out again from the engine state and lets :class:`Animator` move the cards,
in the order of the engine's move events. Computer players decide on a worker
thread; the frame loop only polls.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Callable, Optional

import pygame

from ..engine import (Answer, Ask, Discard, Draw, Group, IllegalAction, Meld, NextDeal, Pass,
                      TakePile, check, is_legal, legal_actions, preview_groups)
from ..engine.cards import BLACK3, JOKER, KIND_OF, POINTS_OF, RANK_OF, SUIT_OF, TWO, WILD_OF, describe
from ..engine.observe import observe
from ..engine.record import Game
from ..engine.state import ANSWER, DEAL_OVER, DRAW, GAME_OVER, PLAY, partner_of
from .anim import Animator, Pose
from .scene import Scene
from .layout import (BUTTON_AREA, CARD_H, CARD_W, HAND_Y, MELD_SCALE, OTHER_SCALE, PILE_POS,
                     RED3_SCALE, SEAT_PLACES, STOCK_POS, View, team_bands)
from .widgets import GOLD, INK, DIM, Button, Toast, blit_text, panel, text

SEAT_NAMES = {2: ["South", "North"], 3: ["South", "West", "East"], 4: ["South", "West", "North", "East"],
              6: ["South", "South-west", "North-west", "North", "North-east", "South-east"]}


@dataclass
class SeatConfig:
    name: str
    human: bool
    level: str = "medium"


@dataclass
class Drag:
    cards: list[int]
    from_pile: bool
    start: tuple[int, int]
    pos: tuple[int, int]
    active: bool = False
    targets: Optional[dict] = None      # zone name -> ("do" | "stage", action or groups)


class TableScene(Scene):
    """One game at the table. ``app`` gives the window, art, sounds, settings and AI."""

    def __init__(self, app, game: Game, seats: list[SeatConfig], *, autoplay_deals: Optional[int] = None,
                 screenshot: Optional[str] = None, on_leave: Optional[Callable[[str], None]] = None,
                 on_change: Optional[Callable[["TableScene", list], None]] = None):
        self.app = app
        self.game = game
        self.seats = seats
        self.autoplay_deals = autoplay_deals
        self.screenshot = screenshot
        self.on_leave = on_leave
        self.on_change = on_change
        self.animator = Animator(app.settings.animation_speed)
        self.toast = Toast()
        self.selected: set[int] = set()
        self.staged: list[tuple[int, ...]] = []
        self.drag: Optional[Drag] = None
        self.focus = 0
        self.ticket = None
        self.pause = 0.0
        self.deals_done = 0
        self.shot_taken_for: Optional[int] = None
        self.sheet_shown = False
        self.quit_requested = False
        self._dirty = True
        self.turn_start: Optional[int] = None
        self.hint_thread: Optional[threading.Thread] = None
        self.hint_result = None
        self.answer_note = ""
        self.confirm: Optional[tuple[str, Callable[[], None]]] = None
        self._verdict_key = None
        humans = [i for i, s in enumerate(seats) if s.human]
        self.humans = humans
        self.viewer: Optional[int] = humans[0] if humans else 0
        self.privacy: Optional[int] = None   # seat the device must be passed to
        self.zones: dict[str, pygame.Rect] = {}
        self.meld_zones: dict[int, pygame.Rect] = {}
        self.labels: list = []
        self.hand_order: list[int] = []
        self.buttons = self._make_buttons()
        self._menu_button = Button("Menu", lambda: self._leave("pause"), None)
        self.sheet_button = Button("Next deal", self._next_deal, pygame.K_RETURN)
        self.leave_button = Button("Back to menu", lambda: self._leave("menu"))
        self.privacy_button = Button("I am here", self._reveal, pygame.K_RETURN)
        self.yes_button = Button("Yes, go out", lambda: self._answer(True))
        self.no_button = Button("No, not yet", lambda: self._answer(False))
        self._check_privacy()
        fresh = not game.actions and game.state.deal_number == 0
        if fresh:
            # the opening deal is animated too (the engine dealt it before the window opened)
            hands = game.state.hands
            longest = max(len(h) for h in hands)
            self._relayout(tuple(h[i] for i in range(longest) for h in hands if i < len(h)), deal=True)
        else:
            self._relayout(snap=True)
        self._note_turn_start()

    # ------------------------------------------------------------------ helpers
    @property
    def state(self):
        return self.game.state

    @property
    def view(self) -> View:
        return View(*self.app.screen.get_size())

    def seat_name(self, seat: int) -> str:
        return self.seats[seat].name

    def team_name(self, team: int) -> str:
        r = self.state.rules
        members = [self.seat_name(s) for s in range(r.players) if s % r.teams == team]
        return " & ".join(members)

    def _human_to_act(self) -> bool:
        st = self.state
        return not st.deal_over and self.seats[st.to_act].human

    def _my_turn(self) -> bool:
        """The viewer is the seat to act and may play (no privacy screen, nothing moving)."""
        st = self.state
        return (self._human_to_act() and self.privacy is None and self.viewer == st.to_act
                and st.phase in (DRAW, PLAY))

    def _sort_key(self, card: int):
        kind = KIND_OF[card]
        mode = self.app.settings.hand_sort
        group = 0 if 4 <= kind <= 14 else (1 if WILD_OF[card] else 2)
        if mode == "suit" and group == 0:
            return (group, SUIT_OF[card], kind, card)
        return (group, kind if group != 1 else (0 if kind == TWO else 1), SUIT_OF[card], card)

    # ------------------------------------------------------------------ buttons
    def _make_buttons(self) -> list[Button]:
        return [
            Button("Draw", self._draw_or_pass, pygame.K_d, "Draw from the stock"),
            Button("Take pile", self._take_pile_button, pygame.K_t, "Take the discard pile"),
            Button("Meld", self._meld_button, pygame.K_m, "Meld the selected cards"),
            Button("Discard", self._discard_button, pygame.K_x, "Discard the selected card"),
            Button("Lay down", self._lay_down, pygame.K_l, "Put the staged melds down"),
            Button("Ask partner", lambda: self.perform(Ask()), pygame.K_a, "Partner, may I go out?"),
            Button("Hint", self._hint, pygame.K_h, "What would the computer do?"),
            Button("Undo", self._undo, pygame.K_u, "Back to the start of your turn"),
        ]

    def _verdicts(self) -> dict:
        """What the engine allows now, asked once per change of position or staging
        (the buttons are drawn every frame; the engine is asked only when needed)."""
        st = self.state
        key = (len(self.game.actions), id(st), st.phase, tuple(self.staged))
        if self._verdict_key != key:
            legal = legal_actions(st) if st.phase in (DRAW, PLAY) else []
            self._verdict_key = key
            self._verdict = {
                "draw": any(isinstance(a, Draw) for a in legal),
                "pass": any(isinstance(a, Pass) for a in legal),
                "take": any(isinstance(a, TakePile) for a in legal) or (
                    st.phase == DRAW and bool(self.staged)),
                "ask": any(isinstance(a, Ask) for a in legal),
                "lay": bool(self.staged) and st.phase == PLAY and is_legal(st, self._staged_meld()),
            }
        return self._verdict

    def _update_buttons(self) -> None:
        st = self.state
        mine = self._my_turn() and not self.animator.busy
        ok = self._verdicts()
        draw, take, meld, discard, lay, ask, hint, undo = self.buttons
        draw.label = "Draw" if st.stock or st.deal_over else "Pass"
        draw.enabled = mine and (ok["draw"] or ok["pass"])
        take.enabled = mine and ok["take"]
        meld.enabled = mine and st.phase == PLAY and bool(self.selected)
        discard.enabled = mine and st.phase == PLAY and len(self.selected) == 1
        lay.visible = bool(self.staged)
        lay.enabled = mine and ok["lay"]
        ask.visible = st.rules.ask_to_go_out
        ask.enabled = mine and ok["ask"]
        hint.visible = self.app.settings.hints_allowed
        hint.enabled = mine and self.hint_thread is None
        undo.visible = self.app.settings.undo_allowed and len(self.humans) == 1
        undo.enabled = mine and self.turn_start is not None and len(self.game.actions) > self.turn_start

    def _layout_buttons(self) -> None:
        v = self.view
        visible = [b for b in self.buttons if b.visible]
        cols = 2
        bw, bh, gap = 90, 34, 6
        for i, b in enumerate(visible):
            col, row = i % cols, i // cols
            b.rect = v.rect((BUTTON_AREA.x + col * (bw + gap), BUTTON_AREA.y + row * (bh + gap), bw, bh))
        self._menu_button.rect = v.rect((1184, 8, 88, 30))

    # ------------------------------------------------------------------ layout
    def is_idle(self) -> bool:
        """Nothing on the table would look different if it were drawn again now."""
        return not (self._dirty or self.animator.busy or self.drag is not None or self.toast.visible
                    or self.hint_thread is not None or self.pause > 0 or self.confirm)

    def _relayout(self, order: tuple = (), snap: bool = False, deal: bool = False) -> None:
        self._dirty = True
        targets, origin = self._targets()
        if snap:
            self.animator.snap(targets)
        elif deal:
            # a new deal: every card starts in the stock and is dealt out one by one
            self.animator.sprites = {}
            stock = Pose(STOCK_POS[0], STOCK_POS[1], False, 0, 1.0, 10)
            self.animator.retarget(targets, order, {c: stock for c in targets}, stagger=0.035)
        else:
            self.animator.retarget(targets, order, origin)

    def _seat_place(self, seat: int):
        st = self.state
        n = st.rules.players
        base = self.viewer if self.viewer is not None else 0
        return SEAT_PLACES[n][(seat - base) % n]

    def _targets(self) -> tuple[dict[int, Pose], dict[int, Pose]]:
        st = self.state
        r = st.rules
        targets: dict[int, Pose] = {}
        origin: dict[int, Pose] = {}
        self.zones = {}
        self.meld_zones = {}
        self.labels = []
        viewer = self.viewer
        show_hand = viewer is not None and self.privacy is None
        # stock: only the top few cards are sprites; the stack is drawn beneath
        for i, c in enumerate(st.stock[-3:]):
            targets[c] = Pose(STOCK_POS[0], STOCK_POS[1], False, 0, 1.0, 10 + i)
        for c in st.stock:
            origin[c] = Pose(STOCK_POS[0], STOCK_POS[1], False, 0, 1.0, 10)
        self.zones["stock"] = pygame.Rect(STOCK_POS[0] - CARD_W // 2, STOCK_POS[1] - CARD_H // 2, CARD_W, CARD_H)
        # pile: the top cards and every sideways card
        pile = st.pile
        shown = set(pile[-6:]) | set(st.sideways)
        z = 100
        for i, c in enumerate(pile):
            origin[c] = Pose(PILE_POS[0], PILE_POS[1], True, 90 if c in st.sideways else 0, 1.0, z + i)
            if c in shown:
                depth = len(pile) - 1 - i
                dx = -min(depth, 5) * 1.5
                targets[c] = Pose(PILE_POS[0] + dx, PILE_POS[1] - dx, True,
                                  90 if c in st.sideways else 0, 1.0, z + i)
        self.zones["pile"] = pygame.Rect(PILE_POS[0] - CARD_H // 2, PILE_POS[1] - CARD_H // 2, CARD_H, CARD_H)
        # hands
        for seat in range(r.players):
            hand = st.hands[seat]
            cx, cy, orient = self._seat_place(seat)
            if seat == viewer and show_hand:
                cards = sorted(hand, key=self._sort_key) if self.app.settings.hand_sort != "none" else list(hand)
                cards = [c for c in cards if not self._is_staged(c)]
                self.hand_order = cards
                n = len(cards)
                scale = 1.12 if self.app.settings.large_cards else 1.0
                w = CARD_W * scale
                span = 880
                step = min(w * 0.72, (span - w) / max(n - 1, 1)) if n > 1 else 0
                x0 = 640 - step * (n - 1) / 2
                for i, c in enumerate(cards):
                    lift = -22 if c in self.selected else 0
                    targets[c] = Pose(x0 + i * step, HAND_Y + lift, True, 0, scale, 300 + i)
                self.zones["hand"] = pygame.Rect(150, HAND_Y - 75, 980, 150)
                self._hand_step = step
                self._hand_x0 = x0
                self._hand_scale = scale
            else:
                n = len(hand)
                step = self._back_step(n, orient)
                for i, c in enumerate(hand):
                    off = (i - (n - 1) / 2) * step
                    if orient == "h":
                        targets[c] = Pose(cx + off, cy, False, 0, OTHER_SCALE, 200 + i)
                    else:
                        targets[c] = Pose(cx, cy + off, False, 90, OTHER_SCALE, 200 + i)
            self.labels.append(("seat", seat, cx, cy, orient, len(hand)))
        # melds, by team
        vteam = st.team_of(viewer if viewer is not None else 0)
        bands = team_bands(r.players, r.teams, vteam)
        self.bands = bands
        for team, band in bands.items():
            melds = sorted(range(len(st.melds[team])), key=lambda i: (st.melds[team][i].kind != "group",
                                                                      st.melds[team][i].rank))
            groups = [("meld", i) for i in melds]
            if team == vteam and self.staged and show_hand:
                groups += [("staged", j) for j in range(len(self.staged))]
            count = max(len(groups), 1)
            reds = st.red3[team]
            left = band.x + (46 if reds else 10)
            slot = min(68.0, (band.right - 10 - left) / count)
            scale = max(0.58, min(MELD_SCALE, (slot - 6) / CARD_W))
            x = left + CARD_W * scale / 2
            top_y = band.y + CARD_H * scale / 2 + 4
            for kind, idx in groups:
                if kind == "meld":
                    m = st.melds[team][idx]
                    targets.update(self._meld_poses(m, x, top_y, scale))
                    zone = pygame.Rect(int(x - CARD_W * scale / 2) - 3, band.y, int(slot) - 2, band.h)
                    if team == vteam:
                        self.meld_zones[idx] = zone
                    self.labels.append(("meld", team, idx, x, band.bottom - 10))
                else:
                    cards = sorted(self.staged[idx], key=self._sort_key)
                    for k, c in enumerate(cards):
                        targets[c] = Pose(x, top_y + k * 15, True, 0, scale, 520 + k)
                    self.labels.append(("staged", team, idx, x, band.bottom - 10))
                x += slot
            # red threes at the band's left end
            for k, c in enumerate(reds):
                targets[c] = Pose(band.x + 24, band.y + 30 + k * 16, True, 0, RED3_SCALE, 150 + k)
            if team == vteam:
                self.zones["meld_area"] = band
        return targets, origin

    @staticmethod
    def _back_step(n: int, orient: str) -> float:
        return min(14.0, 260 / max(n, 1)) if orient == "h" else min(10.0, 150 / max(n, 1))

    def _meld_poses(self, m, x: float, top_y: float, scale: float = MELD_SCALE) -> dict[int, Pose]:
        poses = {}
        if len(m.cards) >= 7:
            # a canasta: squared up, wild cards sideways beneath, a natural on top
            # (red for a natural canasta, black for a mixed one when there is one)
            naturals = [c for c in m.cards if not WILD_OF[c]]
            wilds = [c for c in m.cards if WILD_OF[c]]
            want_red = not wilds
            reds = [c for c in naturals if (SUIT_OF[c] in (1, 2)) == want_red]
            top = reds[-1] if reds else naturals[-1]
            z = 400
            for k, c in enumerate(wilds):
                # sideways under the stack, peeking out below it
                poses[c] = Pose(x, top_y + 34 * scale / MELD_SCALE + k * 7, True, 90, scale, z)
                z += 1
            for k, c in enumerate([c for c in naturals if c != top]):
                poses[c] = Pose(x + 1, top_y + 1 + min(k, 3) * 0.8, True, 0, scale, z)
                z += 1
            poses[top] = Pose(x, top_y, True, 0, scale, z + 1)
        else:
            ordered = [c for c in m.cards if not WILD_OF[c]] + [c for c in m.cards if WILD_OF[c]]
            for k, c in enumerate(ordered):
                poses[c] = Pose(x, top_y + k * 15 * scale / MELD_SCALE, True, 0, scale, 400 + k)
        return poses

    def _is_staged(self, card: int) -> bool:
        return any(card in g for g in self.staged)

    # ------------------------------------------------------------------ actions
    def perform(self, action, quiet: bool = False) -> bool:
        """Play ``action`` for the seat to act; an illegal one shows the engine's sentence."""
        st = self.state
        try:
            check(st, action)
        except IllegalAction as e:
            if not quiet:
                self.toast.show(str(e), 4.5, error=True)
                self.app.sounds.play("error")
            self._relayout()
            return False
        actor = st.to_act
        events = self.game.play(action)
        if self.seats[actor].human and not self.toast.error:
            self.toast.left = 0   # a note about the move just made has served its purpose
        if not isinstance(action, (Ask, Answer)):
            self.selected.clear()
            if isinstance(action, (Meld, TakePile)):
                self.staged = []
        self.hint_result = None
        self._after_events(events, actor, action)
        return True

    def _after_events(self, events, actor: int, action) -> None:
        order = [e.card for e in events if e.kind == "move"]
        sounds = self.app.sounds
        kinds = {e.kind for e in events}
        if "deal_started" in kinds:
            sounds.play("deal")
        elif "went_out" in kinds:
            sounds.play("going_out")
        elif "canasta" in kinds:
            sounds.play("canasta")
        elif isinstance(action, (Meld, TakePile)):
            sounds.play("meld")
        elif isinstance(action, (Draw, Discard)):
            sounds.play("draw")
        for e in events:
            if e.kind == "asked":
                self.answer_note = f"{self.seat_name(e.seat)} asks: \"Partner, may I go out?\""
            elif e.kind == "answered":
                self.answer_note = ""
                who = self.seat_name(e.seat)
                self.toast.show(f"{who} answers: {'Yes, go out.' if e.info else 'No, not yet.'}", 3.5)
            elif e.kind == "canasta":
                self.toast.show(f"{self.team_name(e.team)} completed a {e.info} canasta!", 2.5)
            elif e.kind == "went_out":
                how = " concealed" if e.info else ""
                self.toast.show(f"{self.seat_name(e.seat)} went out{how}!", 3.0)
        if "deal_started" in kinds:
            self.sheet_shown = False
        self._check_privacy()
        self._relayout(tuple(order), deal="deal_started" in kinds)
        if not self.seats[actor].human:
            self.pause = 0.35 * max(self.animator.factor, 0.15) if self.animator.factor else 0.0
        self._note_turn_start()
        if self.on_change:
            self.on_change(self, events)

    def _note_turn_start(self) -> None:
        st = self.state
        if st.phase == DRAW and self.seats[st.turn].human:
            self.turn_start = len(self.game.actions)

    def _check_privacy(self) -> None:
        """With two or more humans, hide the hands until the next human is at the screen."""
        st = self.state
        if st.deal_over or len(self.humans) < 2:
            if len(self.humans) == 1:
                self.viewer = self.humans[0]
            return
        actor = st.to_act
        if self.seats[actor].human and actor != self.viewer:
            self.privacy = actor
            self.selected.clear()
            self.staged = []

    def _reveal(self) -> None:
        if self.privacy is not None:
            self.viewer = self.privacy
            self.privacy = None
            self._relayout(snap=True)

    def _answer(self, yes: bool) -> None:
        self.perform(Answer(yes))

    def _staged_meld(self) -> Meld:
        return Meld(tuple(Group(g) for g in self.staged))

    def _lay_down(self) -> None:
        if self.staged:
            self.perform(self._staged_meld())

    def _draw_or_pass(self) -> None:
        self.perform(Draw() if self.state.stock else Pass())

    def _take_pile_button(self) -> None:
        self.perform(TakePile(tuple(self.selected), tuple(Group(g) for g in self.staged)))

    def _meld_button(self) -> None:
        cards = tuple(self.selected)
        if cards:
            self._drop_on_meld_area(cards, from_button=True)

    def _discard_button(self) -> None:
        if len(self.selected) == 1:
            self._discard(next(iter(self.selected)))

    def _discard(self, card: int) -> None:
        if self.app.settings.confirm_discard and len(self.state.hands[self.state.to_act]) > 1:
            self.confirm = (f"Discard {describe(card)}?", lambda: self.perform(Discard(card)))
            return
        self.perform(Discard(card))

    def _groups_for(self, cards: tuple[int, ...]) -> list[Group]:
        """The group a set of selected cards makes: onto the side's meld of their rank
        when there is one."""
        st = self.state
        team = st.team_of(st.to_act)
        kinds = {KIND_OF[c] for c in cards if not WILD_OF[c]}
        if len(kinds) == 1:
            rank = next(iter(kinds))
            return [Group(cards, rank if st.meld_of(team, rank) else 0)]
        if not kinds:
            # wild cards alone: onto the only meld they can join, when that is clear
            return [Group(cards)]
        return [Group(cards)]

    def _drop_on_meld_area(self, cards: tuple[int, ...], from_button: bool = False) -> None:
        st = self.state
        group = self._groups_for(cards)[0]
        if st.phase == PLAY and not self.staged:
            action = Meld((group,))
            if is_legal(st, action):
                self.perform(action)
                return
        err, _ = preview_groups(st, [Group(g) for g in self.staged] + [group])
        if err is None:
            self.staged.append(tuple(group.cards))
            self.selected -= set(cards)
            if st.phase == PLAY and is_legal(st, self._staged_meld()):
                self.toast.show("Staged. Press Lay down to put these melds down together.", 3)
            else:
                self.toast.show(self._staging_note(), 3.5)
            self._relayout()
        else:
            # say why the move alone is illegal (the engine's sentence)
            try:
                check(st, Meld((group,)))
                msg = err
            except IllegalAction as e:
                msg = str(e) if st.phase == PLAY else err
            self.toast.show(msg, 4.5, error=True)
            self.app.sounds.play("error")
            self._relayout()

    def _staging_note(self) -> str:
        st = self.state
        team = st.team_of(st.to_act)
        pts = sum(POINTS_OF[c] for g in self.staged for c in g)
        if not st.opened(team):
            need = st.minimum(team)
            if pts >= need:
                return f"Staged {pts}: enough for your first meld ({need})."
            return f"Staged {pts} of the {need} your first meld needs."
        return f"Staged {pts} points."

    def _hint(self) -> None:
        if self.hint_thread is not None:
            return
        st = self.state
        seat = st.to_act
        obs = observe(st, seat)
        legal = legal_actions(st)

        def work():
            try:
                from ..ai import hint
                self.hint_result = hint(obs, legal)
            except Exception as e:  # a hint must never break the game
                self.hint_result = (None, f"No hint available ({e}).")

        self.hint_thread = threading.Thread(target=work, daemon=True)
        self.hint_thread.start()
        self.toast.show("Thinking about a hint...", 2)

    def _undo(self) -> None:
        if self.turn_start is None or len(self.game.actions) <= self.turn_start:
            return
        self.game.replay_to(self.turn_start)
        self.selected.clear()
        self.staged = []
        self._relayout()
        self.toast.show("Back to the start of your turn.", 2)
        if self.on_change:
            self.on_change(self, [])

    def _next_deal(self) -> None:
        st = self.state
        if st.phase == GAME_OVER:
            self._leave("game_over")
            return
        if st.phase == DEAL_OVER:
            self.deals_done += 1
            if self.autoplay_deals is not None and self.deals_done >= self.autoplay_deals:
                self._leave("deals_done")
                return
            self.perform(NextDeal())
            self._check_privacy()

    def _leave(self, why: str) -> None:
        """``why``: "pause" (Escape, Menu), "menu" (Back to menu), "game_over" (Finish),
        "deals_done" (a demo reached its --deals)."""
        if self.on_leave:
            self.on_leave(why)
        else:
            self.quit_requested = True

    def notice(self, message: str, seconds: float = 6.0, error: bool = True) -> None:
        self.toast.show(message, seconds, error=error)

    def resize(self) -> None:
        self._dirty = True

    def relayout(self, order: tuple = (), snap: bool = False) -> None:
        """Lay the table out again from the state (``order``: cards to move first)."""
        self._relayout(order, snap=snap)

    def refresh(self) -> None:
        """Lay the cards out again at once (after a change of settings: sorting, sizes)."""
        self._verdict_key = None
        self._relayout(snap=True)

    def close(self) -> None:
        """Leaving the table: stop any computer decision in progress."""
        self.app.ai.cancel()
        self.ticket = None

    # ------------------------------------------------------------------ input
    def handle(self, event: pygame.event.Event) -> None:
        st = self.state
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.confirm:
                self.confirm = None
                return
            self._leave("pause")
            return
        if self.confirm:
            self._handle_confirm(event)
            return
        if self.privacy is not None:
            if (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or \
                    (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE)):
                self._reveal()
            return
        if st.deal_over:
            if self.sheet_button.handle(event) or self.leave_button.handle(event):
                return
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE):
                self._next_deal()
            return
        if st.phase == ANSWER and self.seats[st.to_act].human and self.viewer == st.to_act:
            if self.yes_button.handle(event) or self.no_button.handle(event):
                return
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_y, pygame.K_n):
                self._answer(event.key == pygame.K_y)
            return
        if self._menu_button.handle(event):
            return
        for b in self.buttons:
            if b.handle(event):
                return
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        if not self._my_turn() or self.animator.busy:
            if event.type == pygame.MOUSEBUTTONUP and self.drag:
                self.drag = None
                self._relayout()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._mouse_down(event.pos)
        elif event.type == pygame.MOUSEMOTION and self.drag:
            self._mouse_move(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag:
            self._mouse_up(event.pos)

    def _handle_confirm(self, event) -> None:
        msg, action = self.confirm
        yes = event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_y)
        no = event.type == pygame.KEYDOWN and event.key == pygame.K_n
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            yes = self.yes_button.rect.collidepoint(event.pos)
            no = self.no_button.rect.collidepoint(event.pos)
        if yes:
            self.confirm = None
            action()
        elif no:
            self.confirm = None

    def card_at(self, pos) -> Optional[int]:
        """The hand card under a screen point (topmost)."""
        v = self.view
        hit = None
        for c in self.hand_order:
            sp = self.animator.sprites.get(c)
            if sp is None:
                continue
            p = sp.pose()
            r = self._card_rect(p)
            if v.rect(r).collidepoint(pos):
                hit = c
        return hit

    def _card_rect(self, p: Pose) -> pygame.Rect:
        w, h = CARD_W * p.scale, CARD_H * p.scale
        if abs(p.angle) % 180 == 90:
            w, h = h, w
        return pygame.Rect(int(p.x - w / 2), int(p.y - h / 2), int(w), int(h))

    def screen_pos_of(self, card: int) -> tuple[int, int]:
        """Where a card is drawn now (its centre, in window pixels): for tests and demos."""
        p = self.animator.sprites[card].pose()
        return self.view.pt(p.x, p.y)

    def click_point(self, card: int) -> tuple[int, int]:
        """A window point that hits ``card`` in the hand: the middle of its visible strip
        (the next card of the fan covers the rest)."""
        p = self.animator.sprites[card].pose()
        r = self._card_rect(p)
        order = self.hand_order
        visible_w = r.w
        if card in order and order.index(card) < len(order) - 1:
            visible_w = min(r.w, max(4, int(self._hand_step)))
        return self.view.pt(r.x + visible_w / 2, r.y + 18)

    def zone_centre(self, name: str) -> tuple[int, int]:
        r = self.zones[name]
        return self.view.pt(r.centerx, r.centery)

    def meld_centre(self, index: int) -> tuple[int, int]:
        r = self.meld_zones[index]
        return self.view.pt(r.centerx, r.y + 40)

    def _mouse_down(self, pos) -> None:
        st = self.state
        card = self.card_at(pos)
        if card is not None:
            self.drag = Drag([card], False, pos, pos)
            return
        v = self.view
        if v.rect(self.zones["pile"]).collidepoint(pos) and st.pile and st.phase == DRAW:
            self.drag = Drag([st.pile[-1]], True, pos, pos)
            return
        if v.rect(self.zones["stock"]).collidepoint(pos):
            self.perform(Draw())
            return
        # a staged group clicked: back to the hand
        for j, g in enumerate(self.staged):
            if any(v.rect(self._card_rect(self.animator.sprites[c].pose())).collidepoint(pos)
                   for c in g if c in self.animator.sprites):
                self.staged.pop(j)
                self._relayout()
                return

    def _mouse_move(self, pos) -> None:
        d = self.drag
        d.pos = pos
        if not d.active and (abs(pos[0] - d.start[0]) + abs(pos[1] - d.start[1])) > 6:
            d.active = True
            if not d.from_pile:
                c = d.cards[0]
                if c in self.selected:
                    d.cards = [x for x in self.hand_order if x in self.selected]
                else:
                    d.cards = [c]
            d.targets = self._drop_targets(d)

    def _mouse_up(self, pos) -> None:
        d = self.drag
        self.drag = None
        if not d.active:
            if not d.from_pile:
                c = d.cards[0]
                if c in self.selected:
                    self.selected.discard(c)
                else:
                    self.selected.add(c)
                self._relayout()
            else:
                self._take_pile_button()
            return
        zone = self._zone_at(pos, d)
        if zone is None:
            self._relayout()   # slides back
            return
        what, payload = d.targets.get(zone, (None, None))
        if what == "do":
            self.perform(payload)
        elif what == "stage":
            self._drop_on_meld_area(tuple(d.cards))
        else:
            # an illegal drop: the cards slide back and the engine says why
            self.perform(payload, quiet=False) if payload is not None else self._relayout()

    def _zone_at(self, pos, d: Drag) -> Optional[str]:
        v = self.view
        for idx, r in self.meld_zones.items():
            if v.rect(r).collidepoint(pos):
                return f"meld:{idx}"
        if v.rect(self.zones["pile"].inflate(30, 30)).collidepoint(pos):
            return "pile"
        if v.rect(self.zones["meld_area"]).collidepoint(pos):
            return "meld_area"
        if d.from_pile and v.rect(self.zones.get("hand", pygame.Rect(0, 0, 0, 0))).collidepoint(pos):
            return "hand"
        return None

    def _drop_targets(self, d: Drag) -> dict:
        """Each zone's verdict for this drag: ("do", action) when the engine accepts it,
        ("stage", None) when it can join the staged initial meld, ("no", action) otherwise."""
        st = self.state
        team = st.team_of(st.to_act)
        out: dict = {}
        staged = tuple(Group(g) for g in self.staged)
        if d.from_pile:
            action = TakePile(tuple(self.selected), staged)
            verdict = ("do", action) if is_legal(st, action) else ("no", action)
            for idx in self.meld_zones:
                out[f"meld:{idx}"] = verdict
            out["meld_area"] = verdict
            out["hand"] = verdict
            return out
        cards = tuple(d.cards)
        if st.phase == PLAY and len(cards) == 1:
            a = Discard(cards[0])
            out["pile"] = ("do", a) if is_legal(st, a) else ("no", a)
        elif st.phase == DRAW:
            a = TakePile(cards, staged)
            out["pile"] = ("do", a) if is_legal(st, a) else ("no", a)
        for idx, _ in self.meld_zones.items():
            m = st.melds[team][idx]
            a = Meld((Group(cards, m.rank if m.kind == "group" else 0),))
            if st.phase == PLAY and not self.staged and is_legal(st, a):
                out[f"meld:{idx}"] = ("do", a)
            else:
                out[f"meld:{idx}"] = ("no", a)
        group = self._groups_for(cards)[0]
        a = Meld((group,))
        if st.phase == PLAY and not self.staged and is_legal(st, a):
            out["meld_area"] = ("do", a)
        elif preview_groups(st, list(staged) + [group])[0] is None:
            out["meld_area"] = ("stage", None)
        else:
            out["meld_area"] = ("no", a)
        return out

    def _key(self, event) -> None:
        k = event.key
        if k in (pygame.K_LEFT, pygame.K_RIGHT) and self.hand_order:
            self.focus = (self.focus + (1 if k == pygame.K_RIGHT else -1)) % len(self.hand_order)
        elif k == pygame.K_SPACE and self.hand_order and self._my_turn():
            c = self.hand_order[min(self.focus, len(self.hand_order) - 1)]
            self.selected.symmetric_difference_update({c})
            self._relayout()
        elif k == pygame.K_RETURN and self.staged and self._my_turn():
            self._lay_down()
        elif k == pygame.K_z and (event.mod & pygame.KMOD_CTRL):
            self._undo()
        elif k == pygame.K_x and not self.selected and self.hand_order and self._my_turn():
            self._discard(self.hand_order[min(self.focus, len(self.hand_order) - 1)])
        else:
            for b in self.buttons:
                if b.key == k and b.visible and b.enabled:
                    b.action()
                    return

    # ------------------------------------------------------------------ time
    def update(self, dt: float) -> None:
        self.animator.set_speed(self.app.settings.animation_speed)
        self.animator.update(dt)
        self.toast.update(dt)
        if self.hint_thread is not None and not self.hint_thread.is_alive():
            self.hint_thread = None
            action, reason = self.hint_result or (None, "")
            self.toast.show(reason or "No hint.", 6)
            if action is not None:
                self._show_hint_cards(action)
        if self.animator.busy:
            return
        if self.pause > 0:
            self.pause -= dt
            return
        st = self.state
        if st.deal_over:
            if self.autoplay_deals is not None and self.sheet_shown:
                self._next_deal()
            return
        actor = st.to_act
        if self.seats[actor].human:
            return
        if self.ticket is None:
            obs = observe(st, actor)
            self.ticket = self.app.ai.request(actor, obs, legal_actions(st), self.seats[actor].level)
            self._ticket_key = (len(self.game.actions), actor)
            return
        result = self.app.ai.poll()
        if result is None:
            return
        ticket, action = result
        if ticket != self.ticket:
            return
        self.ticket = None
        if (len(self.game.actions), st.to_act) != self._ticket_key:
            return
        if not self.perform(action, quiet=True):
            # never stall: fall back to the first legal action
            self.perform(legal_actions(st)[0], quiet=True)

    def _show_hint_cards(self, action) -> None:
        cards: list[int] = []
        if isinstance(action, Meld):
            for g in action.groups:
                cards.extend(g.cards)
        elif isinstance(action, TakePile):
            cards.extend(action.with_cards)
            for g in action.melds:
                cards.extend(g.cards)
        elif isinstance(action, Discard):
            cards.append(action.card)
        if cards:
            self.selected = set(cards) & set(self.state.hands[self.state.to_act])
            self.staged = []
            self._relayout()

    # ------------------------------------------------------------------ drawing
    def status_line(self) -> str:
        st = self.state
        if st.deal_over:
            return "The game is over." if st.game_over else "The deal is over."
        actor = st.to_act
        if self.privacy is not None:
            return f"Pass the screen to {self.seat_name(self.privacy)}."
        if not self.seats[actor].human:
            if st.phase == ANSWER:
                return f"{self.seat_name(actor)} is deciding whether {self.seat_name(st.turn)} may go out."
            return f"{self.seat_name(actor)} is playing."
        if st.phase == ANSWER:
            return f"{self.seat_name(st.turn)} asks you: may I go out?"
        team = st.team_of(actor)
        if st.phase == DRAW:
            if not st.stock:
                return "The stock is empty: take the pile if you can, or pass."
            tail = "" if st.opened(team) else f" Your side's first meld needs {st.minimum(team)}."
            return "Your turn: draw from the stock, or take the pile." + tail
        if len(st.hands[actor]) == 1:
            return "Discard your last card to go out."
        if st.permission is True:
            return "Your partner said yes: go out this turn."
        if self.staged:
            return self._staging_note() + " Drag more melds to the table, then Lay down."
        return "Meld what you can (drag cards to your melds), then discard one card."

    def draw(self, surf: pygame.Surface) -> None:
        self._dirty = False
        v = self.view
        art = self.app.art
        surf.blit(self.app.felt(surf.get_size()), (0, 0))
        if self.privacy is not None:
            self._draw_privacy(surf, v)
            return
        self._layout_buttons()
        self._update_buttons()
        self._draw_zones(surf, v)
        st = self.state
        # the stock stack under its top cards
        if st.stock:
            r = v.rect(self.zones["stock"])
            back = art.back(r.w, r.h)
            for i in range(min(4, len(st.stock) // 12 + 1)):
                surf.blit(back, (r.x - i * 2, r.y - i * 2))
        dragged = set(self.drag.cards) if (self.drag and self.drag.active) else set()
        for card, pose, moving in self.animator.in_draw_order():
            if card in dragged:
                continue
            self._blit_card(surf, v, card, pose)
        self._draw_labels(surf, v)
        if self.drag and self.drag.active:
            # the dragged cards gather in a small fan under the pointer
            lx, ly = v.logical(*self.drag.pos)
            n = len(self.drag.cards)
            for i, c in enumerate(self.drag.cards):
                sp = self.animator.sprites.get(c)
                scale = sp.pose().scale if sp else 1.0
                p = Pose(lx + (i - (n - 1) / 2) * 16, ly + 12, True, 0, scale, 999)
                self._blit_card(surf, v, c, p, shadow=True)
        self._draw_hud(surf, v)
        for b in self.buttons:
            b.draw(surf, v.size(19))
        self._menu_button.draw(surf, v.size(19))
        if st.phase == ANSWER and self.seats[st.to_act].human and self.viewer == st.to_act and not st.deal_over:
            self._draw_question(surf, v)
        if self.confirm:
            self._draw_confirm(surf, v)
        self.toast.draw(surf, v.pt(640, 420), v.size(24), v.size(620))
        if st.deal_over:
            self._draw_sheet(surf, v)

    def _blit_card(self, surf, v: View, card: int, pose: Pose, shadow: bool = False) -> None:
        art = self.app.art
        w = v.size(CARD_W * pose.scale)
        h = v.size(CARD_H * pose.scale)
        img = art.face(card, w, h) if pose.face_up else art.back(w, h)
        if abs(pose.angle) > 0.5:
            img = self.app.rotated(img, pose.angle)
        cx, cy = v.pt(pose.x, pose.y)
        r = img.get_rect(center=(cx, cy))
        if shadow:
            sh = pygame.Surface(r.size, pygame.SRCALPHA)
            sh.fill((0, 0, 0, 70))
            surf.blit(sh, r.move(4, 5))
        surf.blit(img, r)
        if card in self.selected and pose.face_up and not shadow:
            pygame.draw.rect(surf, GOLD, r.inflate(2, 2), width=max(2, v.size(3)), border_radius=v.size(6))
        if self.hand_order and self._my_turn() and self.app.keyboard_used \
                and card == self.hand_order[min(self.focus, len(self.hand_order) - 1)]:
            pygame.draw.rect(surf, (120, 200, 255), r.inflate(6, 6), width=2, border_radius=v.size(7))

    def _draw_zones(self, surf, v: View) -> None:
        st = self.state
        vteam = st.team_of(self.viewer if self.viewer is not None else 0)
        for team, band in self.bands.items():
            r = v.rect(band)
            s = pygame.Surface(r.size, pygame.SRCALPHA)
            pygame.draw.rect(s, (0, 0, 0, 38), s.get_rect(), border_radius=v.size(14))
            surf.blit(s, r)
            label = self.team_name(team) + ("  (your side)" if team == vteam and self.humans else "")
            if not st.melds[team]:
                label += f"  -  first meld needs {st.minimum(team)}"
            blit_text(surf, label, v.size(18), (r.x + v.size(10), r.y - v.size(15)), DIM)
        # drop highlights while dragging
        d = self.drag
        if d and d.active and d.targets:
            hover = self._zone_at(d.pos, d)
            for name, (what, _) in d.targets.items():
                if what not in ("do", "stage"):
                    continue
                if name.startswith("meld:"):
                    rect = self.meld_zones.get(int(name[5:]))
                elif name == "hand":
                    rect = self.zones.get("hand")
                else:
                    rect = self.zones.get(name)
                if rect is None:
                    continue
                colour = (110, 230, 130) if what == "do" else (240, 200, 90)
                width = v.size(4) if name == hover else v.size(2)
                pygame.draw.rect(surf, colour, v.rect(rect).inflate(6, 6), width=width, border_radius=v.size(10))

    def _draw_labels(self, surf, v: View) -> None:
        st = self.state
        fs = v.size(18)
        for item in self.labels:
            if item[0] == "seat":
                _, seat, cx, cy, orient, n = item
                name = self.seat_name(seat)
                mark = "  *" if seat == st.turn and not st.deal_over else ""
                colour = GOLD if seat == st.turn and not st.deal_over else INK
                if seat == self.viewer and self.privacy is None:
                    blit_text(surf, f"{name}: {n} cards{mark}", fs, v.pt(640, 794), colour, anchor="midbottom")
                    continue
                detail = f"{self.seats[seat].level}, {n} cards" if not self.seats[seat].human else f"{n} cards"
                if orient == "h":
                    half = (n - 1) * self._back_step(n, "h") / 2 + CARD_W * OTHER_SCALE / 2
                    x, y = cx + half + 14, cy - 18
                    blit_text(surf, name + mark, fs, v.pt(x, y), colour)
                    blit_text(surf, detail, v.size(16), v.pt(x, y + 19), DIM)
                else:
                    half = (n - 1) * self._back_step(n, "v") / 2 + CARD_W * OTHER_SCALE / 2
                    y = cy - half - 42
                    left = cx < 640
                    x = 8 if left else 1272
                    anchor = "topleft" if left else "topright"
                    blit_text(surf, name + mark, fs, v.pt(x, y), colour, anchor=anchor)
                    blit_text(surf, detail, v.size(16), v.pt(x, y + 19), DIM, anchor=anchor)
            elif item[0] == "meld":
                _, team, idx, x, y = item
                m = st.melds[team][idx]
                if len(m.cards) >= 7:
                    kind = "natural" if m.wilds == 0 else "mixed"
                    blit_text(surf, "CANASTA", v.size(15), v.pt(x, y - 13), GOLD, bold=True,
                              anchor="midbottom")
                    blit_text(surf, f"{kind} {len(m.cards)}", v.size(15), v.pt(x, y), GOLD,
                              anchor="midbottom")
                else:
                    blit_text(surf, f"{len(m.cards)}", v.size(15), v.pt(x, y), DIM, anchor="midbottom")
            elif item[0] == "staged":
                _, team, idx, x, y = item
                blit_text(surf, "staged", v.size(15), v.pt(x, y), GOLD, anchor="midbottom")
        # stock and pile counts, frozen mark
        sx, sy = STOCK_POS
        blit_text(surf, f"Stock {len(st.stock)}", v.size(18), v.pt(sx, sy + 62), INK, anchor="midtop")
        px, py = PILE_POS
        label = f"Pile {len(st.pile)}" + ("  FROZEN" if st.frozen else "")
        blit_text(surf, label, v.size(18), v.pt(px, py + 62), (140, 200, 255) if st.frozen else INK,
                  anchor="midtop")

    def _draw_hud(self, surf, v: View) -> None:
        st = self.state
        r = st.rules
        row = 22 if r.teams <= 2 else 19
        box = v.rect((8, 6, 250, 26 + row * r.teams))
        panel(surf, box, alpha=200)
        fs = v.size(18)
        blit_text(surf, f"Deal {st.deal_number + 1}  -  to {r.target_score}", fs, (box.x + 10, box.y + 5), DIM)
        for t in range(r.teams):
            y = box.y + v.size(24 + row * t)
            blit_text(surf, self.team_name(t), fs, (box.x + 10, y))
            blit_text(surf, str(st.totals[t]), fs, (box.right - 10, y), GOLD, anchor="topright")
        # what to do next
        line = self.answer_note or self.status_line()
        blit_text(surf, line, v.size(22), v.pt(640, 626), INK, anchor="midtop")

    def _draw_privacy(self, surf, v: View) -> None:
        name = self.seat_name(self.privacy)
        box = v.rect((340, 250, 600, 260))
        panel(surf, box)
        blit_text(surf, f"Pass to {name}, then click", v.size(40), (box.centerx, box.y + v.size(50)),
                  GOLD, anchor="midtop")
        blit_text(surf, "Every hand is hidden until the next player is at the screen.", v.size(21),
                  (box.centerx, box.y + v.size(110)), DIM, anchor="midtop")
        self.privacy_button.rect = v.rect((560, 420, 160, 44))
        self.privacy_button.draw(surf, v.size(22))

    def _draw_question(self, surf, v: View) -> None:
        st = self.state
        box = v.rect((390, 300, 500, 150))
        panel(surf, box)
        blit_text(surf, f"{self.seat_name(st.turn)} asks: \"Partner, may I go out?\"", v.size(24),
                  (box.centerx, box.y + v.size(24)), INK, anchor="midtop")
        self.yes_button.rect = v.rect((430, 380, 190, 44))
        self.no_button.rect = v.rect((660, 380, 190, 44))
        self.yes_button.draw(surf, v.size(21))
        self.no_button.draw(surf, v.size(21))

    def _draw_confirm(self, surf, v: View) -> None:
        msg, _ = self.confirm
        box = v.rect((390, 300, 500, 150))
        panel(surf, box)
        blit_text(surf, msg, v.size(24), (box.centerx, box.y + v.size(24)), INK, anchor="midtop")
        self.yes_button.rect = v.rect((430, 380, 190, 44))
        self.no_button.rect = v.rect((660, 380, 190, 44))
        self.yes_button.label, self.no_button.label = "Yes", "No"
        self.yes_button.draw(surf, v.size(21))
        self.no_button.draw(surf, v.size(21))
        self.yes_button.label, self.no_button.label = "Yes, go out", "No, not yet"

    def _draw_sheet(self, surf, v: View) -> None:
        st = self.state
        res = st.result
        if res is None:
            return
        r = st.rules
        teams = r.teams
        width = 300 + 190 * teams
        box = v.rect((640 - width // 2, 110, width, 560))
        panel(surf, box, alpha=242)
        fs = v.size(20)
        title = "Game over" if st.game_over else f"Deal {res.number + 1} is over"
        blit_text(surf, title, v.size(34), (box.centerx, box.y + v.size(14)), GOLD, anchor="midtop")
        if res.went_out is not None:
            how = " concealed" if res.concealed else ""
            sub = f"{self.seat_name(res.went_out)} went out{how}."
        else:
            sub = "Nobody went out: the stock ran out."
        blit_text(surf, sub, v.size(21), (box.centerx, box.y + v.size(50)), DIM, anchor="midtop")
        rows = ["Melded cards", "Natural canastas", "Mixed canastas", "Red threes", "Going out",
                "Concealed", "Cards left in hand"]
        x0 = box.x + v.size(20)
        colx = [box.x + v.size(300 + 190 * t + 150) for t in range(teams)]
        y = box.y + v.size(86)
        for t in range(teams):
            blit_text(surf, self.team_name(t), v.size(19), (colx[t], y), GOLD, anchor="topright")
        y += v.size(30)
        for label in rows:
            blit_text(surf, label, fs, (x0, y), INK)
            for t, it in enumerate(res.items):
                value = {
                    "Melded cards": it.melded,
                    "Natural canastas": it.natural_bonus,
                    "Mixed canastas": it.mixed_bonus,
                    "Red threes": it.red_three_score,
                    "Going out": it.going_out,
                    "Concealed": it.concealed,
                    "Cards left in hand": it.in_hand,
                }[label]
                extra = ""
                if label == "Natural canastas" and it.natural_canastas:
                    extra = f" ({it.natural_canastas})"
                elif label == "Mixed canastas" and it.mixed_canastas:
                    extra = f" ({it.mixed_canastas})"
                elif label == "Red threes" and it.red_threes:
                    extra = f" ({it.red_threes})"
                blit_text(surf, f"{value}{extra}", fs, (colx[t], y), INK, anchor="topright")
            y += v.size(27)
        pygame.draw.line(surf, DIM, (x0, y + 2), (box.right - v.size(20), y + 2), 1)
        y += v.size(10)
        for label, values in (("This deal", res.scores), ("Total", res.totals)):
            blit_text(surf, label, fs, (x0, y), GOLD, bold=True)
            for t in range(teams):
                blit_text(surf, str(values[t]), fs, (colx[t], y), GOLD, bold=True, anchor="topright")
            y += v.size(28)
        if not st.game_over:
            blit_text(surf, "Next first meld", fs, (x0, y), DIM)
            for t in range(teams):
                blit_text(surf, str(r.minimum_for(res.totals[t])), fs, (colx[t], y), DIM, anchor="topright")
        else:
            names = " and ".join(self.team_name(t) for t in st.winners)
            verb = "win" if len(st.winners) > 1 or "&" in names else "wins"
            blit_text(surf, f"{names} {verb}!", v.size(28), (box.centerx, y), GOLD, anchor="midtop")
        self.sheet_button.label = "Finish" if st.game_over else "Next deal"
        self.sheet_button.rect = v.rect((640 - 190, 610, 180, 44))
        self.leave_button.rect = v.rect((640 + 10, 610, 180, 44))
        self.sheet_button.draw(surf, v.size(21))
        self.leave_button.draw(surf, v.size(21))
        self.sheet_shown = True
        if self.screenshot and self.shot_taken_for != (st.deal_number, len(self.game.actions)):
            self.shot_taken_for = (st.deal_number, len(self.game.actions))
            self.app.request_screenshot(self.screenshot.replace("{deal}", str(st.deal_number + 1)))
