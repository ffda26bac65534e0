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
from ...i18n import N_, Text, t, tn
from ...vocab import shown_name
from ..table.controller import DEAL_STAGGER, TableController


def seat_names(players: int) -> list[str]:
    from ..table import SEAT_NAMES
    return list(SEAT_NAMES.get(players, [t("Player {number}", number=i + 1) for i in range(players)]))


def seat_word(name: str):
    """A seat's name as a message argument: a default seat name ("North") is the
    language's own, a player's name stays as typed."""
    return shown_name(name)

#: a move of the turn list: (someone else's, the reviewer's own "You ...")
_MOVES = {
    "draw": (N_("{name} draws"), N_("You draw")),
    "restock": (N_("{name} turns the pile over and draws"), N_("You turn the pile over and draw")),
    "take": (N_("{name} takes the pile"), N_("You take the pile")),
    "out": (N_("{name} melds and goes out"), N_("You meld and go out")),
    "to_out": (N_("{name} melds to go out"), N_("You meld to go out")),
    "discard": (N_("{name} discards {card}"), N_("You discard {card}")),
    "ask": (N_("{name} asks to go out"), N_("You ask to go out")),
    "yes": (N_("{name} says yes"), N_("You say yes")),
    "no": (N_("{name} says no"), N_("You say no")),
    "pass": (N_("{name} passes"), N_("You pass")),
    "play": (N_("{name} plays"), N_("You play")),
}


def move_text(name: str, action, before_hand: int = 0, restock: bool = False) -> Text:
    """'West discards the nine of hearts' ('You discard...'): one move, for the turn list
    (``restock``: a draw that turned the pile over into a new stock, RULES.md 9.1), as a
    message rendered in the player's language where it is drawn."""
    you = name == "You"
    kind = type(action)
    if kind is NextDeal:
        return Text(N_("Next deal"))
    if kind is Meld:
        used = sum(len(g.cards) for g in action.groups)
        if not (before_hand and before_hand - used <= 1):
            if you:
                return tn("You meld {count} card", "You meld {count} cards", used)
            return tn("{name} melds {count} card", "{name} melds {count} cards", used, name=seat_word(name))
        key = "out" if before_hand - used == 0 else "to_out"
    elif kind is Draw:
        key = "restock" if restock else "draw"
    else:
        key = {TakePile: "take", Discard: "discard", Ask: "ask", Pass: "pass"}.get(kind, "play")
        if kind is Answer:
            key = "yes" if action.yes else "no"
    args = {"card": describe(action.card)} if kind is Discard else {}
    if isinstance(args.get("card"), str) and not isinstance(args["card"], Text):
        args["card"] = Text(args["card"])
    if you:
        return t(_MOVES[key][1], **args)
    return t(_MOVES[key][0], name=seat_word(name), **args)


def review_titles(name: str, deal: int, deals: int) -> list[Text]:
    """The review's title, longest first (the first that fits is shown)."""
    whose = (t("Review: deal {number} of {count}, your decisions", number=deal, count=deals) if name == "You" else
             t("Review: deal {number} of {count}, {name}'s decisions", number=deal, count=deals, name=seat_word(name)))
    return [whose, t("Review: deal {number} of {count}", number=deal, count=deals),
            t("Deal {number} of {count}", number=deal, count=deals)]


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
                self.failed = t("The coach stopped: {reason}", reason=item)
            else:
                out.append(item)

    def cancel(self) -> None:
        self.stop.set()

    @property
    def cancelled(self) -> bool:
        return self.stop.is_set()


