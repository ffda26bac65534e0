"""The table's controller: selection, staging, privacy, undo and the flow of turns.

It keeps the game (:class:`canasta.engine.record.Game`) and what the person at the
screen has picked up, and it never decides a rule: drops become actions through
:func:`.gestures.propose` and the engine judges each as the game plays it
(:mod:`.drops`), buttons ask the engine what is legal (:mod:`.refusals`). After each
action it lays the table out again (:func:`.layout.lay_out`) and gives the animator
the new poses, in the order of the engine's move events. Computer players and hints
are asked of the app's :class:`~canasta.ai.worker.AIWorker`; the controller only
polls it, once a frame, from :meth:`tick`. Its other parts, each in a module of its
own: the move log (:mod:`.deal_log`) and undo (:mod:`.undo`).

Two fairness rules live here:

- **Undo never goes back past a card that was revealed** (:mod:`.undo`).
- **Hot-seat hands are private.** With two or more people at one screen, a hand is
  face up only while its owner is the seat to act and has said "I am here" on the
  privacy screen; while a computer plays, no hand is face up. A hot-seat game opens
  on a privacy screen.
"""

from __future__ import annotations

from typing import Callable, Optional

from ...engine import Answer, Ask, Discard, Draw, IllegalAction, Meld, NextDeal, Pass, TakePile, legal_actions
from ...engine.cards import describe
from ...engine.narrate import Line
from ...engine.observe import observe
from ...engine.record import Game
from ...engine.state import ANSWER, DEAL_OVER, DRAW, GAME_OVER, PLAY
from ..anim import Animator, Pose, motion_speed
from .voice import TableVoice
from .deal_log import DealLog, reveals_hidden_card
from .drops import Drops
from .undo import Undo
from .refusals import Refusals
from ...i18n import N_, t, tr
from ...vocab import shown_name, side_name
from .said import TableToast
from .words import kind_word
from .pieces import table_part
from .hint import Hint, cards_of, follows_hint, hint_zones
from .gestures import DRAW_FIRST, refusal_of, staged_meld
from .frame import table_height, text_factor
from .layout import LayoutOptions, TableLayout, face_down_ids, lay_out, pinned_log_width, table_width

_SIDE_NAMES: dict[tuple, object] = {}    # a side's name (a message) by its players' names
DEAL_STAGGER = 0.035          # seconds between two cards of a deal



class TableController(DealLog, Refusals, Drops, Undo):
    """One game at the table, without its window (see the module documentation)."""

    def __init__(self, app, game: Game, seats: list, *, autoplay_deals: Optional[int] = None,
                 on_leave: Optional[Callable[[str], None]] = None,
                 on_change: Optional[Callable[[object, list], None]] = None, owner=None):
        self.app = app
        self.game = game
        self.seats = seats
        self.autoplay_deals = autoplay_deals
        self.on_leave = on_leave
        self.on_change = on_change
        self.owner = owner if owner is not None else self   # what on_change is told changed
        self.animator = Animator(motion_speed(app.settings))
        self.toast = TableToast()
        self.voice = TableVoice(self)        # Read the game aloud (voice.py)
        self.layout = TableLayout()
        self.selected: set[int] = set()
        self.staged: list[tuple[int, ...]] = []
        self.confirm: Optional[tuple[str, Callable[[], None]]] = None
        self.answer_note = ""
        self.pause = 0.0
        self.deals_done = 0
        self.sheet_shown = False
        self.quit_requested = False
        self.dirty = True
        self.ticket: Optional[int] = None
        self._ticket_key: Optional[tuple[int, int]] = None
        self.hints = Hint(app)
        self.turn_start: Optional[int] = None
        self.reveal_point = 0            # actions before this point showed hidden cards
        self.humans = [i for i, s in enumerate(seats) if s.human]
        self.hot_seat = len(self.humans) >= 2
        self.viewer: Optional[int] = self.humans[0] if self.humans else 0
        self.privacy: Optional[int] = None   # the seat the screen must be passed to
        # the move log: "closed", "open" or "pinned" (layout.log_rect); pinned is remembered
        self.log_mode = "pinned" if getattr(app.settings, "log_pinned", False) else "closed"
        # a guide (Learn to play) may refuse a person's move it does not ask for: a
        # sentence for the toast, None to let it through (asked with None: what to say
        # instead of the engine's refusal of a gesture)
        self.vet: Optional[Callable[[object], Optional[str]]] = None
        self.hand_open = not self.hot_seat   # the viewer has sat down (hot-seat)
        self._verdict_key = None
        self._verdict: dict = {}
        #: the move log of the deal in progress (engine.narrate lines), and after how many
        #: actions of the game each line was written (undo cuts the log back)
        self.log: list[Line] = []
        self.log_at: list[int] = []
        #: the last move of each seat, marked on the table: seat -> (cards, seconds left)
        self.marks: dict[int, tuple[tuple[int, ...], float]] = {}
        #: hot-seat: how much of the log each seat has seen (the privacy screen tells the rest)
        self.seen_upto: dict[int, int] = {}
        #: S was pressed: the computer players' turns run without pauses until a person's turn
        self.skipping = False
        #: the zones the last hint's cards go to (lit until the position changes)
        self.hint_zones: tuple[str, ...] = ()
        #: the last hint's move, played as it is when Take pile or Meld is pressed with its cards picked
        self.hinted = None
        self._rebuild_log()
        self.check_privacy()
        if not game.actions and game.state.deal_number == 0:
            # the opening deal is animated too (the engine dealt it before the window opened)
            hands = game.state.hands
            longest = max(len(h) for h in hands)
            self.relayout(tuple(h[i] for i in range(longest) for h in hands if i < len(h)), deal=True)
        else:
            self.relayout(snap=True)
        self.note_turn_start()

    # ------------------------------------------------------------------ questions
    @property
    def state(self):
        return self.game.state

    def seat_name(self, seat: int) -> str:
        return shown_name(self.seats[seat].name)

    def seat_note(self, seat: int) -> list[str]:
        """What a seat's label says besides its cards, longest first (an online table's
        player waited for: "waiting for Ana, 0:42", "waiting, 0:42"); none here."""
        return []

    def team_name(self, team: int) -> str:
        r = self.state.rules
        names = tuple(self.seats[s].name for s in range(r.players) if s % r.teams == team)
        if names not in _SIDE_NAMES:          # asked several times a frame: made once
            _SIDE_NAMES[names] = side_name(names)
        return _SIDE_NAMES[names]

    def human_to_act(self) -> bool:
        st = self.state
        return not st.deal_over and self.seats[st.to_act].human

    def show_hand(self) -> bool:
        """The viewer's hand is face up."""
        return self.viewer is not None and self.privacy is None and self.hand_open

    def my_turn(self) -> bool:
        """The viewer is the seat to act and may play (no privacy screen, nothing moving)."""
        st = self.state
        return (self.human_to_act() and self.show_hand() and self.viewer == st.to_act
                and st.phase in (DRAW, PLAY))

    def answering(self) -> bool:
        """The viewer is asked by their partner whether they may go out."""
        st = self.state
        return (st.phase == ANSWER and not st.deal_over and self.seats[st.to_act].human
                and self.viewer == st.to_act and self.show_hand())

    def idle(self) -> bool:
        return not (self.dirty or self.animator.busy or self.toast.visible or self.hints.pending
                    or self.pause > 0 or self.confirm)

    def layout_options(self) -> LayoutOptions:
        s = self.app.settings
        window = self.app.screen.get_size()
        log_w = pinned_log_width(window)
        width = table_width(self.log_mode, log_w)
        height = table_height(window, width)
        scale = min(window[0] / width, window[1] / height) if min(window) > 0 else 1.0
        return LayoutOptions(self.viewer, self.show_hand(), frozenset(self.selected), tuple(self.staged),
                             s.hand_sort, s.card_size / 100, self.log_mode, log_w,
                             text_factor(s.text_size / 100, scale), height)

    # ------------------------------------------------------------------ layout
    def lay_out(self) -> TableLayout:
        """The layout of the table as the viewer knows it: one observation per change
        (the view draws from the layout it returns, never observing per frame), and
        from the state only the ids of the face-down cards (see :mod:`.layout`)."""
        st, opts = self.state, self.layout_options()
        seat = opts.viewer if opts.viewer is not None else 0
        return lay_out(observe(st, seat), face_down_ids(st, seat), opts)

    def relayout(self, order: tuple = (), snap: bool = False, deal: bool = False) -> None:
        """Lay the table out again from the state; the cards glide (or ``snap``) there."""
        self.dirty = True
        self.layout = self.lay_out()
        targets = self.layout.targets
        if snap:
            self.animator.snap(targets)
        elif deal:
            # a new deal: every card starts in the stock and is dealt out one by one
            self.animator.sprites = {}
            sx, sy = self.layout.frame.stock_pos
            stock = Pose(sx, sy, False, 0, self.layout.frame.pile_scale, 10)
            self.animator.retarget(targets, order, {c: stock for c in targets}, stagger=DEAL_STAGGER)
        else:
            self.animator.retarget(targets, order, self.layout.origin)

    def refresh(self) -> None:
        self._verdict_key = None
        self.relayout(snap=True)

    # ------------------------------------------------------------------ playing
    def say(self, message: str, seconds: float = 4.5, error: bool = False) -> None:
        self.toast.show(message, seconds, error=error)
        if error:
            self.app.sounds.play("error")

    def perform(self, action, quiet: bool = False) -> bool:
        """Play ``action`` for the seat to act; an illegal one shows the engine's sentence
        (a guided lesson's ``vet`` may keep a person's move back first)."""
        if self.guided():
            why = self.vet(action)
            if why:
                self.say(why, 5.0)
                self.relayout()
                return False
        refusal = self.attempt(action)
        if refusal is not None:
            if not quiet:
                self.say(refusal, error=True)
            self.relayout()
            return False
        return True

    def guided(self) -> bool:
        """A guide (Learn to play) vets the move of the person to act."""
        st = self.state
        return self.vet is not None and not st.deal_over and self.seats[st.to_act].human

    def attempt(self, action) -> Optional[str]:
        """Play ``action``: the engine judges it as the game plays it, its one verdict.
        None when it was played; else the engine's sentence, and nothing changed."""
        st = self.state
        actor = st.to_act
        try:
            events = self.game.play(action)
        except IllegalAction as e:
            return refusal_of(e)
        self.cancel_hint()
        self.hint_zones = ()
        self.hinted = None
        if reveals_hidden_card(action, events):
            self.reveal_point = len(self.game.actions)
        self._log_action(actor, action, events)
        if self.seats[actor].human and not self.toast.error:
            self.toast.left = 0   # a note about the move just made has served its purpose
        if not isinstance(action, (Ask, Answer)):
            self.selected.clear()
            if isinstance(action, (Meld, TakePile, Discard)) or self.state.to_act != actor:
                # laid down, taken with the pile, or the turn is over: staged cards are back
                # in the hand (they never stay on the table into the next player's turn)
                self.staged = []
        self._after_events(events, actor, action)
        self.voice.moved(actor, action)
        return None

    def _after_events(self, events, actor: int, action) -> None:
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
                self.answer_note = t("{name} asks: \"Partner, may I go out?\"", name=self.seat_name(e.seat))
            elif e.kind == "answered":
                self.answer_note = ""
                self.toast.show(t("{name} answers: Yes, go out.", name=self.seat_name(e.seat)) if e.info else
                                t("{name} answers: No, not yet.", name=self.seat_name(e.seat)), 3.5)
            elif e.kind == "canasta":
                done = (t("{side} completed a {kind} book!", side=self.team_name(e.team), kind=kind_word(e.info))
                        if table_part(self.state.rules).canasta_word == "book" else   # Hand and Foot says book
                        t("{side} completed a {kind} canasta!", side=self.team_name(e.team), kind=kind_word(e.info)))
                self.toast.show(done, 2.5)
            elif e.kind == "went_out":
                self.toast.show(t("{name} went out concealed!", name=self.seat_name(e.seat)) if e.info else
                                t("{name} went out!", name=self.seat_name(e.seat)), 3.0)
            elif e.kind == "pile_to_stock":
                self.toast.show(t("The stock ran out: {name} turned the pile over into a new stock of {count} cards.",
                                  name=self.seat_name(e.seat), count=len(e.info)), 4.0)
        if "deal_started" in kinds:
            self.sheet_shown = False
        self.check_privacy()
        # cards that moved glide in that order (the pile's, turned into the stock, first)
        moved = [c for e in events if e.kind == "pile_to_stock" for c in e.info]
        self.relayout(tuple(moved + [e.card for e in events if e.kind == "move"]), deal="deal_started" in kinds)
        if not self.seats[actor].human:
            # the pace of the table: the chosen pause after each computer move (none with
            # instant animations, or while skipping ahead)
            f = self.animator.factor
            self.pause = float(self.app.settings.computer_pause) if (f and not self.skipping) else 0.0
        if self.skipping and self.human_to_act():
            self.skipping = False
        self.note_turn_start()
        if self.on_change:
            self.on_change(self.owner, events)

    def note_turn_start(self) -> None:
        st = self.state
        if st.phase == DRAW and self.seats[st.turn].human:
            self.turn_start = len(self.game.actions)

    # ------------------------------------------------------------------ privacy
    def check_privacy(self) -> None:
        """Hot-seat: the hands are hidden until the next person is at the screen, and no
        hand is face up while a computer plays (see the module documentation)."""
        st = self.state
        if not self.hot_seat:
            if self.humans:
                self.viewer = self.humans[0]
            return
        if st.deal_over:
            self.hand_open = False
            return
        actor = st.to_act
        if not self.seats[actor].human:
            self.hand_open = False
        elif actor != self.viewer or not self.hand_open:
            self.privacy = actor
            self.hand_open = False
            self.selected.clear()
            self.staged = []

    def reveal(self) -> None:
        """The person asked for has sat down: show their hand."""
        if self.privacy is not None:
            self.viewer = self.privacy
            self.seen_upto[self.privacy] = len(self.log)
            self.privacy = None
            self.hand_open = True
            self.relayout(snap=True)

    # ------------------------------------------------------------------ gestures and buttons
    def toggle(self, card: int) -> None:
        self.selected.symmetric_difference_update({card})
        self.relayout()

    def lay_down(self) -> None:
        if self.staged:
            self.perform(staged_meld(self.staged))

    def draw_or_pass(self) -> None:
        st = self.state
        self.perform(Draw() if st.stock or st.pile_becomes_stock() else Pass())

    def take_pile(self) -> None:
        st = self.state
        if follows_hint(self.hinted, TakePile, self.selected, self.staged):
            self.perform(self.hinted)
        elif st.pile:
            self.release([st.pile[-1]], "hand", from_pile=True)

    def meld_selected(self) -> None:
        if follows_hint(self.hinted, Meld, self.selected, self.staged):
            self.perform(self.hinted)
        elif self.selected:
            self.release(self.selected_in_order(), "meld_area")

    def discard_selected(self) -> None:
        if len(self.selected) == 1:
            self.discard(next(iter(self.selected)))

    def selected_in_order(self) -> list[int]:
        order = self.layout.hand_order
        return [c for c in order if c in self.selected] + [c for c in self.selected if c not in order]

    def discard(self, card: int) -> None:
        st = self.state
        if st.phase == DRAW:
            self.say(DRAW_FIRST, error=True)
            return
        if self.app.settings.confirm_discard and len(st.hands[st.to_act]) > 1:
            self.confirm = (t("Discard {card}?", card=describe(card)), lambda: self.perform(Discard(card)))
            return
        self.perform(Discard(card))

    def answer(self, yes: bool) -> None:
        self.perform(Answer(yes))

    def ask(self) -> None:
        self.perform(Ask())

    # ------------------------------------------------------------------ hints
    @property
    def hint_ticket(self) -> Optional[int]:
        return self.hints.ticket

    def hint(self) -> None:
        """Ask the hard player (on the AI worker) what it would do; shown when it answers."""
        if not self.hints.pending:
            self.hints.ask(self.state)
            self.toast.show(N_("Thinking about a hint..."), 2)

    def cancel_hint(self) -> None:
        """Drop a hint still being thought about (the position changed, or the table closed)."""
        self.hints.cancel()

    def _hint_answered(self, action) -> None:
        self.toast.show(self.hints.answer(action), 8)
        self.hint_zones = hint_zones(action) if action is not None else ()
        self.hinted = action
        cards = cards_of(action)
        if cards:
            self.selected = set(cards) & set(self.state.hands[self.state.to_act])
            self.staged = []
            self.relayout()
        self.dirty = True

    # ------------------------------------------------------------------ time
    def tick(self, dt: float) -> None:
        """The frame's step: animations, hints, computer turns, the end of a deal."""
        if self.skipping:
            if self.animator.busy:
                self.animator.snap(self.layout.targets)
            self.pause = 0.0
        self.advance(dt)
        if self.animator.busy:
            return
        if self.pause > 0:
            self.pause -= dt
            return
        st = self.state
        if st.deal_over:
            if self.autoplay_deals is not None and self.sheet_shown:
                self.next_deal()
            else:
                self.sheet_shown = True
            return
        actor = st.to_act
        if self.seats[actor].human:
            return
        if self.ticket is not None:
            self._poll_ai()
            return
        self.ticket = self.app.ai.request(actor, observe(st, actor), legal_actions(st), self.seats[actor].level)
        self._ticket_key = (len(self.game.actions), actor)

    def advance(self, dt: float) -> None:
        """The frame's time for what moves and fades, at any table (local or online): the
        cards at the speed the settings say, the message, the voice, the rings of the
        last moves, and a hint being thought about (its progress shown)."""
        self.animator.set_speed(motion_speed(self.app.settings))
        self.animator.update(dt)
        self.toast.update(dt)
        self.voice.tick()
        if self.marks and not self.animator.busy:
            self.marks = {seat: (cards, left - dt) for seat, (cards, left) in self.marks.items() if left - dt > 0}
        if self.hints.pending:
            self._poll_ai()
            text = self.hints.progress_text() if self.hints.pending else ""
            if text and (tr(text) != self.toast.message or self.toast.left < 0.5):
                self.toast.show(text, 2)   # the hint's progress mark
                self.dirty = True

    def _poll_ai(self) -> None:
        result = self.app.ai.poll()
        if result is None:
            return
        ticket, action = result
        if ticket == self.hints.ticket:
            self._hint_answered(action)
            return
        if ticket != self.ticket:
            return
        self.ticket = None
        st = self.state
        if (len(self.game.actions), st.to_act) != self._ticket_key:
            return
        if action is None or not self.perform(action, quiet=True):
            # never stall: fall back to the first legal action
            self.perform(legal_actions(st)[0], quiet=True)

    def skip_ahead(self) -> None:
        """S: the computer players' moves run on without pauses or gliding cards until it
        is a person's turn again."""
        if self.human_to_act() and not self.state.deal_over:
            return
        self.skipping = True
        self.pause = 0.0
        self.animator.snap(self.layout.targets)
        self.dirty = True

    def next_deal(self) -> None:
        st = self.state
        if st.phase == GAME_OVER:
            self.leave("game_over")
            return
        if st.phase == DEAL_OVER:
            self.deals_done += 1
            if self.autoplay_deals is not None and self.deals_done >= self.autoplay_deals:
                self.leave("deals_done")
                return
            self.perform(NextDeal())
            self.check_privacy()

    def leave(self, why: str) -> None:
        """``why``: "pause" (Escape, Menu), "menu" (Back to menu), "game_over" (Finish),
        "deals_done" (a demo reached its --deals)."""
        if self.on_leave:
            self.on_leave(why)
        else:
            self.quit_requested = True

    def close(self) -> None:
        """Leaving the table: stop any computer decision or hint in progress."""
        self.app.ai.cancel()
        self.ticket = None
        self.hints.forget()
