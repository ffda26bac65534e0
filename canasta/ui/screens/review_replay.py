"""The parts of a review that are not the screen: the turn list's words, where a deal
lies in its record, the table controller for a replay, and the coach's thread."""

from __future__ import annotations

import queue
import threading
from typing import Any, Optional

from ...ai import coach
from ...engine import Answer, Ask, Discard, Draw, Meld, NextDeal, Pass, TakePile
from ...engine.cards import describe
from ...engine.record import Game
from ...engine.state import DEAL_OVER, GAME_OVER
from ..anim import Pose, motion_speed
from ..table.controller import DEAL_STAGGER, TableController


def seat_names(players: int) -> list[str]:
    from ..table import SEAT_NAMES
    return list(SEAT_NAMES.get(players, [f"Player {i + 1}" for i in range(players)]))


_BASE_FORM = {"draws": "draw", "takes": "take", "melds": "meld", "discards": "discard", "asks": "ask",
              "says": "say", "passes": "pass", "plays": "play", "turns": "turn"}


def move_text(name: str, action, before_hand: int = 0, restock: bool = False) -> str:
    """'West discards the nine of hearts' ('You discard...'): one move, for the turn list
    (``restock``: a draw that turned the pile over into a new stock, RULES.md 9.1)."""
    text = _move_text(name, action, before_hand)
    if restock and type(action) is Draw:
        text = f"{name} turns the pile over and draws"
    if name == "You":
        head, _, rest = text[len(name) + 1:].partition(" ")
        text = f"You {_BASE_FORM.get(head, head)}" + (f" {rest}" if rest else "")
        text = text.replace(" and goes out", " and go out").replace(" and draws", " and draw")
    return text


def _move_text(name: str, action, before_hand: int = 0) -> str:
    t = type(action)
    if t is Draw:
        return f"{name} draws"
    if t is TakePile:
        return f"{name} takes the pile"
    if t is Meld:
        used = sum(len(g.cards) for g in action.groups)
        if before_hand and before_hand - used <= 1:
            return f"{name} melds and goes out" if before_hand - used == 0 else f"{name} melds to go out"
        return f"{name} melds {used} card{'s' if used != 1 else ''}"
    if t is Discard:
        return f"{name} discards {describe(action.card)}"
    if t is Ask:
        return f"{name} asks to go out"
    if t is Answer:
        return f"{name} says {'yes' if action.yes else 'no'}"
    if t is Pass:
        return f"{name} passes"
    if t is NextDeal:
        return "Next deal"
    return f"{name} plays"


def deal_bounds(game: Game, deal: int) -> tuple[int, int]:
    """(first, end) indexes in the record of deal ``deal`` (1-based): the actions
    ``first .. end - 1`` are the deal's moves, ``end`` leaves the score sheet."""
    first: Optional[int] = None
    end = len(game.actions)
    for i, st, _a in coach.positions(game):
        number = st.deal_number + 1
        if number == deal and first is None and st.phase not in (DEAL_OVER, GAME_OVER):
            first = i
        if number == deal and st.phase in (DEAL_OVER, GAME_OVER):
            end = i
            break
        if number > deal:
            end = i
            break
    if first is None:
        first = end = len(game.actions)
    return first, end


class ReviewController(TableController):
    """The table's controller for a replay: nobody plays, the hands show as chosen."""

    def __init__(self, app, game: Game, seats: list, reviewer: int, all_face_up: bool = True):
        self.reviewer = reviewer
        self.all_face_up = all_face_up
        super().__init__(app, game, seats)
        self.viewer = reviewer
        # no computer turns run at a replay, so there is nothing to skip: the table's
        # "S skips ahead" stays unsaid (S is the review's score sheet)
        self.skipping = True

    # nobody acts at a replay
    def check_privacy(self) -> None:
        self.hot_seat = False
        self.privacy = None
        self.hand_open = True
        self.viewer = getattr(self, "reviewer", 0)

    def human_to_act(self) -> bool:
        return False

    def my_turn(self) -> bool:
        return False

    def answering(self) -> bool:
        return False

    def note_turn_start(self) -> None:
        pass

    def relayout(self, order: tuple = (), snap: bool = False, deal: bool = False) -> None:
        """As the table lays out, but a replay may show every hand face up (the game is
        over: the record shows every hand, so they are turned over after the layout)."""
        self.dirty = True
        lay = self.lay_out()
        if self.all_face_up:
            for seat, hand in enumerate(self.state.hands):
                for c in hand:
                    p = lay.targets.get(c)
                    if p is not None and not p.face_up:
                        lay.targets[c] = Pose(p.x, p.y, True, p.angle, p.scale, p.z)
        self.layout = lay
        if snap:
            self.animator.snap(lay.targets)
        elif deal:
            self.animator.sprites = {}
            stock = Pose(*lay.frame.stock_pos, False, 0, lay.frame.pile_scale, 10)
            self.animator.retarget(lay.targets, order, {c: stock for c in lay.targets}, stagger=DEAL_STAGGER)
        else:
            self.animator.retarget(lay.targets, order, lay.origin)

    def tick(self, dt: float) -> None:
        self.animator.set_speed(motion_speed(self.app.settings))
        self.animator.update(dt)
        self.toast.update(dt)
        self.sheet_shown = self.state.deal_over

    def close(self) -> None:
        pass


class CoachThread:
    """The coach's verdicts on one deal, judged in a background thread (like the AI
    worker): ``poll()`` returns the verdicts found since the last call; ``cancel()``
    stops it within one decision's search."""

    def __init__(self, game: Game, seat: int, deal: int, seed: int = 0, worlds: int = coach.COACH_WORLDS):
        self.results: "queue.Queue[Any]" = queue.Queue()
        self.stop = threading.Event()
        self.done = False
        self.failed = ""
        self._thread = threading.Thread(target=self._run, args=(game, seat, deal, seed, worlds), daemon=True,
                                        name="canasta-coach")
        self._thread.start()

    def _run(self, game: Game, seat: int, deal: int, seed: int, worlds: int) -> None:
        try:
            for d in coach.review(game, seat, deal, seed=seed, worlds=worlds, should_stop=self.stop.is_set):
                self.results.put(d)
        except Exception as e:  # never into the window: the review goes on without the coach
            self.results.put(e)
        self.results.put(None)

    def poll(self) -> list:
        out = []
        while True:
            try:
                item = self.results.get_nowait()
            except queue.Empty:
                return out
            if item is None:
                self.done = True
            elif isinstance(item, Exception):
                self.failed = f"The coach stopped: {item}"
            else:
                out.append(item)

    def cancel(self) -> None:
        self.stop.set()

    @property
    def cancelled(self) -> bool:
        return self.stop.is_set()


