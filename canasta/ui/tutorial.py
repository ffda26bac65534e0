"""Learn to play: a guided first deal on the real table.

The main menu's *Learn to play* deals a prepared hand (built from a position in the
conformance format, :func:`canasta.engine.setup.position`) and walks a beginner
through one real deal of Classic against Marta, on the normal table scene, layout,
view and animations:

1. draw from the stock;
2. a first meld that reaches 50 (four kings and three eights: 70);
3. a discard;
4. why the pile is frozen (Marta threw a wild card), and a draw;
5. adding a card to a meld;
6. a discard;
7. taking the frozen pile with a natural pair;
8. a canasta (seven kings with a joker);
9. going out.

Each step has a short caption, an arrow to the zone it is about and a ring round
the cards it uses. The player makes every move: the lesson advances when the
engine has played it. A move the lesson does not ask for is refused with a gentle
sentence through the controller's ``vet`` hook and changes nothing (nothing is
lost). Marta's moves are scripted (:class:`LessonPlayers`), and the stock is
stacked, so the lesson goes the same way every time.

The deal is short but real: two players, eleven cards each, one card drawn a turn,
one canasta to go out (the Rules say so; the engine checks every move).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Optional

import pygame

from ..engine import Discard, Draw, Meld, Rules, TakePile
from ..engine.cards import CODE_OF, describe
from ..engine.record import Game
from ..engine.setup import position
from ..engine.state import State
from ..vocab import DEFAULT_LEVEL
from ..i18n import N_, Text, t, tr
from .draw import GOLD, INK, fit_text, font, overlay, panel, text, text_scale, wrap
from .table.words import stock_label
from .layout import CARD_H, View
from .table.hint import cards_of
from .table.layout import COUNT_LABEL_DY, card_rect, zone_rect
from .table.scene import SeatConfig, TableScene

YOU, MARTA = 0, 1
LESSON_RULES = Rules(players=2, hand_size=11, draw_count=1, canastas_to_go_out=1)

# the prepared deal (card codes of the conformance format; two packs hold two of each)
YOUR_HAND = ["KS", "KD", "KC", "8S", "8D", "8C", "6D", "6H", "JK", "4C", "4D"]
MARTA_HAND = ["2C", "6S", "5C", "7C", "9S", "TD", "JH", "QC", "AS", "5H", "9D"]
UPCARD = "KS"
DRAWS = ["KH", "TC", "KD", "JD"]          # the stock's top cards, in the order they are drawn
MARTA_SCRIPT = [Draw, "2C", Draw, "6S"]   # her two turns: draw, then throw this card
STOCK_SEED = 16


def lesson_position() -> dict:
    """The deal as a conformance position: the hands, the upcard, the stacked stock
    (bottom first; the rest of the two packs in a fixed shuffled order beneath)."""
    used: dict[str, int] = {}
    for code in YOUR_HAND + MARTA_HAND + [UPCARD] + DRAWS:
        used[code] = used.get(code, 0) + 1
    rest = []
    for code in CODE_OF[:108]:
        if used.get(code, 0) > 0:
            used[code] -= 1
        else:
            rest.append(code)
    random.Random(STOCK_SEED).shuffle(rest)
    return {"scores": [0, 0], "dealer": MARTA, "turn": YOU, "phase": "draw",
            "hands": [YOUR_HAND, MARTA_HAND], "stock": rest + list(reversed(DRAWS)),
            "discard": [UPCARD], "melds": [[], []], "red_threes": [[], []]}


class LessonGame(Game):
    """A game that starts from the prepared deal (undo replays from it, not from a seed)."""

    def __init__(self):
        start = position(LESSON_RULES, lesson_position())
        self._start: State = start.clone()
        self.state = start
        self.rules = LESSON_RULES
        self.seed = "lesson"
        self.first_dealer = start.dealer
        self.actions = []

    def replay_to(self, count: int) -> None:
        if not 0 <= count <= len(self.actions):
            raise ValueError("no such point in the game")
        kept = self.actions[:count]
        self.state = self._start.clone()
        self.actions = []
        for a in kept:
            self.play(a)


class LessonPlayers:
    """The app's AI worker while the lesson runs: Marta's moves come from the script
    (her draws, then the cards she throws); anything else, a Hint, goes to the real
    worker."""

    TICKETS = 1_000_000_000

    def __init__(self, inner, lesson: "Lesson"):
        self.inner = inner
        self.lesson = lesson
        self.ready = None
        self.ticket = self.TICKETS

    def request(self, seat, obs, legal, level):
        if seat != MARTA:
            return self.inner.request(seat, obs, legal, level)
        self.ticket += 1
        self.ready = (self.ticket, self.lesson.marta_move(legal))
        return self.ticket

    def poll(self):
        if self.ready is not None:
            out, self.ready = self.ready, None
            return out
        return self.inner.poll()

    def cancel(self) -> None:
        self.ready = None
        self.inner.cancel()

    def close(self) -> None:
        self.inner.close()


@dataclass
class Step:
    title: str
    caption: str
    zones: tuple[str, ...]                 # the zones pointed at (the arrow goes to the first)
    cards: Callable[["Lesson"], set]       # the cards ringed
    done: Callable[["Lesson"], bool]       # the player has made this step's move
    vet: Callable[["Lesson", object], Optional[str]]   # None: the move is the one wanted


def _codes(cards) -> set[str]:
    return {CODE_OF[c] for c in cards}


class Lesson:
    """The steps of the guided deal and where the player is in them (read off the game,
    so an Undo steps back too)."""

    def __init__(self, game: LessonGame):
        self.game = game
        st = game._start
        hand = list(st.hands[YOU])
        self.kings = {c for c in hand if CODE_OF[c].startswith("K")}
        self.first_king = st.stock[-1]                       # KH, drawn first
        self.added_king = st.stock[-3]                       # KD, drawn at the second turn
        self.upcard = st.pile[-1]                            # KS, taken with the pile
        self.eights = {c for c in hand if CODE_OF[c].startswith("8")}
        self.sixes = {c for c in hand if CODE_OF[c].startswith("6")}
        self.joker = next(c for c in hand if CODE_OF[c] == "JK")
        self.four_c = next(c for c in hand if CODE_OF[c] == "4C")
        self.four_d = next(c for c in hand if CODE_OF[c] == "4D")
        self.two = next(c for c in st.hands[MARTA] if CODE_OF[c] == "2C")
        self.marta_done = 0
        self.steps = self._steps()

    # -- where the lesson is
    @property
    def state(self) -> State:
        return self.game.state

    def moves(self) -> int:
        return len(self.game.actions)

    def kings_meld(self):
        return next((m for m in self.state.melds[YOU] if m.rank == 13 and m.kind == "group"), None)

    def index(self) -> int:
        """The first step not yet done (len(steps) when the lesson is over)."""
        for i, step in enumerate(self.steps):
            if not step.done(self):
                return i
        return len(self.steps)

    def current(self) -> Optional[Step]:
        i = self.index()
        return self.steps[i] if i < len(self.steps) else None

    # -- the hooks
    def vet(self, action) -> Optional[str]:
        """None when ``action`` is the move the lesson waits for; else a gentle sentence."""
        step = self.current()
        if step is None:
            return None
        return step.vet(self, action)

    def marta_move(self, legal):
        """Marta's next scripted move (draw, or throw the named card)."""
        st = self.state
        want = MARTA_SCRIPT[min(self._marta_index(), len(MARTA_SCRIPT) - 1)]
        if want is Draw:
            action = Draw()
        else:
            card = next((c for c in st.hands[MARTA] if CODE_OF[c] == want), st.hands[MARTA][0])
            action = Discard(card)
        return action if action in legal else legal[0]

    def _marta_index(self) -> int:
        return sum(1 for i, a in enumerate(self.game.actions) if self._by(i) == MARTA)

    def _by(self, i: int) -> int:
        """The seat that played the game's ``i``-th action (the lesson's turns alternate
        draw, melds..., discard)."""
        seat = YOU
        for a in self.game.actions[:i]:
            if isinstance(a, Discard):
                seat = 1 - seat
        return seat

    # -- the steps
    def _steps(self) -> list[Step]:
        first = self.kings | {self.first_king} | self.eights

        def draw_only(why_not: str):
            def vet(lesson, action):
                return None if isinstance(action, Draw) else why_not
            return vet

        def first_meld(lesson, action):
            if isinstance(action, Meld) and set(cards_of(action)) == first:
                return None
            if isinstance(action, Meld):
                return N_("For this lesson, lay down the four kings and the three eights together (70 points).")
            return N_("First your first meld: the four kings and the three eights, then Lay down.")

        def discard(card: int):
            def vet(lesson, action):
                if isinstance(action, Discard) and action.card == card:
                    return None
                return t("Keep your other cards for now: throw the {card} on the pile.", card=describe(card))
            return vet

        def add_king(lesson, action):
            if isinstance(action, Meld) and set(cards_of(action)) == {self.added_king}:
                return None
            return N_("Add just the king to your kings: drag it onto them. Keep the joker for later.")

        def take(lesson, action):
            if isinstance(action, TakePile):
                return None
            return N_("Take the whole pile with your two sixes: click them both, then click the pile.")

        def canasta(lesson, action):
            if isinstance(action, Meld) and {self.upcard, self.joker} <= set(cards_of(action)):
                return None
            return N_("First the canasta: drag the king of spades and the joker onto your kings.")

        def go_out(lesson, action):
            if isinstance(action, Meld):
                return None
            return N_("Go out by melding the two fours and the 2: drag all three to your meld area.")

        def turn_passed(count: int):
            return lambda lesson: lesson.moves() >= count

        return [
            Step(N_("Draw a card"),
                 N_("A short real deal against Marta: 11 cards each, one card drawn a turn, one canasta to go out. "
                    "Start your turn: click the stock to draw."),
                 ("stock",), lambda lesson: set(), turn_passed(1),
                 draw_only(N_("First draw a card: click the stock. The pile is closed to you until your side "
                              "has melded."))),
            Step(N_("Your first meld: 50 or more"),
                 N_("Your first meld must be worth 50. Kings and eights count 10 each. Drag your four kings to "
                    "your meld area (40: they wait there), then the three eights, and press Lay down."),
                 ("meld_area",), lambda lesson: first, lambda lesson: bool(lesson.state.melds[YOU]), first_meld),
            Step(N_("Discard"),
                 N_("Each turn ends with a card thrown on the pile. Drag the 4 of clubs onto the pile."),
                 ("pile",), lambda lesson: {self.four_c}, turn_passed(3), discard(self.four_c)),
            Step(N_("The pile is frozen"),
                 N_("Marta threw a 2, a wild card: it lies across the pile and freezes it. Now it can only be "
                    "taken with two natural cards of its top card's rank. Draw from the stock."),
                 ("pile", "stock"), lambda lesson: set(), turn_passed(6),
                 draw_only(N_("Draw from the stock: a wild card is on top, so the pile cannot be taken now."))),
            Step(N_("Add to a meld"),
                 N_("You drew a king. Drag it onto your kings: adding to a meld needs no minimum."),
                 ("meld:kings",), lambda lesson: {self.added_king},
                 lambda lesson: bool(lesson.kings_meld()) and len(lesson.kings_meld().cards) >= 5, add_king),
            Step(N_("Discard"),
                 N_("Throw the 4 of diamonds on the pile."),
                 ("pile",), lambda lesson: {self.four_d}, turn_passed(8), discard(self.four_d)),
            Step(N_("Take the frozen pile"),
                 N_("Marta threw the 6 of spades, and you hold two natural sixes: they take the frozen pile. "
                    "Click your two sixes, then click the pile."),
                 ("pile",), lambda lesson: set(self.sixes), turn_passed(11), take),
            Step(N_("A canasta"),
                 N_("The whole pile is yours. Drag the king of spades and the joker onto your kings: seven "
                    "cards make a canasta."),
                 ("meld:kings",), lambda lesson: {self.upcard, self.joker},
                 lambda lesson: bool(lesson.kings_meld()) and lesson.kings_meld().canasta is not None, canasta),
            Step(N_("Go out"),
                 N_("With a canasta you may go out. Meld your last cards, the two fours with the 2 (a wild "
                    "card), in your meld area: an empty hand ends the deal."),
                 ("meld_area",), lambda lesson: {self.four_c, self.four_d, self.two},
                 lambda lesson: lesson.state.deal_over, go_out),
        ]


# --------------------------------------------------------------------------- the scene

CAPTION_BOX = pygame.Rect(150, 280, 352, 150)     # left of the stock: empty in a two-player deal
FINAL_BOX = pygame.Rect(340, 680, 600, 100)
CAPTION_TITLE, CAPTION_TEXT = 22, 18
HIGHLIGHT = (250, 214, 110)
ARROW = (250, 214, 110)


class LessonScene(TableScene):
    """The table with the lesson's captions over it (see the module documentation)."""

    def __init__(self, app, on_done: Callable[[], None]):
        self.on_done = on_done
        game = LessonGame()
        self.lesson = Lesson(game)
        self._inner_ai = app.ai
        app.ai = LessonPlayers(app.ai, self.lesson)
        seats = [SeatConfig("You", True), SeatConfig("Marta", False, DEFAULT_LEVEL)]
        super().__init__(app, game, seats, on_leave=self._leave)
        self.ctl.vet = self.lesson.vet
        self.sheet_button.action = self.finish
        self.t = 0.0

    # -- leaving
    def _leave(self, why: str) -> None:
        self.finish()

    def finish(self) -> None:
        self.close()
        self.on_done()

    def close(self) -> None:
        super().close()
        if isinstance(self.app.ai, LessonPlayers):
            self.app.ai = self._inner_ai

    # -- frames
    def update(self, dt: float) -> None:
        self.t += dt
        super().update(dt)

    def place_controls(self) -> None:
        super().place_controls()
        self.sheet_button.label = tr(N_("Finish"))
        self.review_button.visible = False

    def is_idle(self) -> bool:
        return False     # the highlight pulses

    def caption(self) -> tuple[str, str, tuple[str, ...], set]:
        """The title, sentence, zones and cards shown now."""
        st = self.ctl.state
        step = self.lesson.current()
        n = len(self.lesson.steps)
        if st.deal_over:
            return (N_("You went out!"),
                    N_("That was a whole deal. The sheet counts each side's melds, canastas and the cards "
                       "left in hand. Press Finish to go back to the menu."), (), set())
        if st.to_act == MARTA:
            return (N_("Marta's turn"), N_("Marta draws, then throws a card on the pile. Watch the pile."), ("pile",),
                    set())
        if step is None:
            return ("", "", (), set())
        i = self.lesson.index()
        return (t("Step {number} of {steps}: {title}", number=i + 1, steps=n, title=Text(step.title)), step.caption,
                step.zones, step.cards(self.lesson))

    def zone(self, name: str) -> Optional[pygame.Rect]:
        """A logical rectangle for a zone the captions name ("meld:kings": the kings)."""
        lay = self.ctl.layout
        if name == "meld:kings":
            m = self.lesson.kings_meld()
            return lay.meld_zones.get(m.id) if m is not None else None
        return zone_rect(lay, name)

    def draw(self, surf: pygame.Surface) -> None:
        super().draw(surf)
        if self.ctl.privacy is not None:
            return
        title, sentence, zones, cards = self.caption()
        if not sentence:
            return
        v = self.view
        pulse = 1.0 if self.app.settings.reduced_motion else 0.5 + 0.5 * abs(((self.t * 1.6) % 2) - 1)
        width = max(2, v.size(3))
        rects = [r for r in (self.zone(z) for z in zones) if r is not None]
        if not self.ctl.state.deal_over:
            for r in rects:
                pygame.draw.rect(surf, HIGHLIGHT, v.rect(r).inflate(8, 8), width=width, border_radius=v.size(10))
            for c in cards:
                sp = self.ctl.animator.sprites.get(c)
                if sp is not None:
                    pygame.draw.rect(surf, HIGHLIGHT, v.rect(card_rect(sp.pose())).inflate(6, 6),
                                     width=max(2, int(width * (0.6 + pulse * 0.6))), border_radius=v.size(7))
        box = self._caption_box(surf, v, tr(title), tr(sentence))
        if rects and not self.ctl.state.deal_over:
            self._arrow(surf, v, box, v.rect(rects[0]))

    def _caption_box(self, surf, v: View, title: str, sentence: str) -> pygame.Rect:
        from .table.view import MIN_TEXT, fs
        tsize, size = fs(v, CAPTION_TITLE), fs(v, CAPTION_TEXT)
        box = v.rect(CAPTION_BOX)
        fr = self.ctl.layout.frame
        if fr.counts_beside and not self.ctl.state.deal_over:
            # larger sizes: under the top band, left of "Stock 85" (now beside the stock); a
            # taller caption may lie over the felt of your band, as a tip does
            label_w = font(fs(v, 18)).size(tr(stock_label(self.ctl.layout.seen)))[0] / v.scale
            right = self.ctl.layout.zones["stock"].x - 14 - label_w - 24
            box = v.rect((CAPTION_BOX.x, fr.top_band.bottom + 8, max(200, right - CAPTION_BOX.x), CAPTION_BOX.h))
            overlay()
        if self.ctl.state.deal_over:
            box = v.rect(FINAL_BOX)      # under the score sheet
        pad = v.size(12)
        lines = wrap(sentence, size, box.w - 2 * pad)
        line_h = int(size * 0.78 * text_scale()) + 2
        need = pad * 2 + int(tsize * 0.8 * text_scale()) + v.size(6) + line_h * len(lines)
        box.h = need
        panel(surf, box, alpha=238, border=HIGHLIGHT)
        y = box.y + pad
        title, tsize = fit_text(title, tsize, box.w - 2 * pad, bold=True, shrink=min(0.999, MIN_TEXT / tsize))
        img = text(title, tsize, GOLD, bold=True)
        surf.blit(img, (box.x + pad, y))
        y += img.get_height() + v.size(6)
        for line in lines:
            img = text(line, size, INK)
            surf.blit(img, (box.x + pad, y))
            y += line_h
        return box

    def _arrow(self, surf, v: View, box: pygame.Rect, target: pygame.Rect) -> None:
        """A line with a head from the caption to the edge of the zone, leaving from the
        side of the caption whose line crosses no other card zone (the stock, the pile)."""
        others = [v.rect(r.union(r.move(0, COUNT_LABEL_DY - CARD_H // 2 + 20)))     # with its count under it
                  for name, r in self.ctl.layout.zones.items() if name in ("stock", "pile") and v.rect(r) != target]
        edge = target.inflate(12, 12)
        ends = [pygame.Vector2(p) for p in (edge.midleft, edge.midtop, edge.midbottom, edge.midright)]
        starts = [pygame.Vector2(p) for p in (box.midright, box.topright, (box.right - v.size(30), box.top),
                                               box.midbottom, (box.right - v.size(30), box.bottom),
                                               box.bottomright)]

        def clear(a, b) -> bool:
            return not any(r.inflate(6, 6).clipline(a, b) for r in others) and not target.clipline(a, b)

        def nearest(a):     # the point of the zone's edge nearest to ``a``
            return pygame.Vector2(min(max(a.x, edge.left), edge.right), min(max(a.y, edge.top), edge.bottom))

        pairs = [(a, b) for a in starts for b in ends + [nearest(a)]]
        fine = [ab for ab in pairs if clear(*ab)]
        start, end = min(fine or pairs, key=lambda ab: (ab[1] - ab[0]).length())
        d = end - start
        if d.length() < v.size(12):
            return
        u = d.normalize()
        head = v.size(14)
        pygame.draw.line(surf, ARROW, start, end - u * head * 0.6, max(2, v.size(4)))
        side = pygame.Vector2(-u.y, u.x) * head * 0.6
        pygame.draw.polygon(surf, ARROW, [end, end - u * head + side, end - u * head - side])


def start_lesson(session) -> LessonScene:
    """Open the guided deal from the main menu; it goes back to the menu when done."""
    app = session.app
    scene = LessonScene(app, on_done=session.show_main_menu)
    app.set_scene(scene)
    return scene
