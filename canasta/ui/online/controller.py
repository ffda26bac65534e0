"""The online table's controller: the local table's, with the server as the only authority.

:class:`OnlineController` is a :class:`~canasta.ui.table.controller.TableController`
whose game is what this seat knows: the observation the server sent, and a full state
that agrees with it (:func:`canasta.engine.observe.sample_state`, built on the network
thread) so that every question the table asks of the engine (is this drop legal, what
do the buttons allow, what does the hint say) has its usual answer. Nothing is played
locally: a move is checked against that state, sent (:meth:`NetLink.act`, which never
waits), and the table changes when the server's update comes back, animated from its
events like a local move. The other hands and the stock are backs with made-up ids
(:mod:`.facedown`). Undo is off; the computer seats are played by the server.

Each frame :meth:`tick` takes what arrived (:meth:`NetLink.poll`, never waiting): the
updates, the seats (who is there, who is away and for how long), the link going down
and coming back, the shuffle check's sentence, chat lines.
"""

from __future__ import annotations

import time
from typing import Any, Optional

from ...engine import IllegalAction, NextDeal, check
from ...engine.narrate import Line, opening_line, seen_lines
from ...engine.record import action_to_json
from ...engine.state import DEAL_OVER, GAME_OVER
from ...i18n import N_, Text, t
from ...vocab import LEVEL_WORDS, shown_name
from ...net.link import NetLink, Note, Update
from ..table.controller import TableController
from ..table.gestures import judge, refusal_of
from ..table.layout import TableLayout, lay_out
from .facedown import FaceDownIds
from .prepare import Prepared, take_layout, take_line
from .seats import seat_configs

def _seat(name):
    """A seat's name as a message argument: a default seat name ("North") is the
    language's own, a player's name stays as typed."""
    return shown_name(name)


CHAT_KEPT = 40
#: another seat's move waits for the cards still moving to land before it is shown (the
#: local table waits so before a computer moves again: each move is seen in turn), but
#: never longer than this many seconds, nor behind more than this many things arrived
HOLD_MOST = 1.0
HOLD_ITEMS = 4


class NetGame:
    """What the table's code reads of a game, for an online seat: the state (a full
    state agreeing with the seat's observation) and the actions seen."""

    def __init__(self, update: Update):
        self.state = update.mirror
        self.rules = update.obs.rules
        self.actions: list = []
        self.seed = None
        self.first_dealer = update.obs.dealer
        self.record: Optional[dict] = None    # the game's record, from the last finished deal

    def play(self, action, seat=None):
        raise RuntimeError("an online game is played by the server")


class OnlineController(TableController):
    """See the module documentation."""

    def __init__(self, app, link: NetLink, info: dict, first: Update, seats: list, **kw):
        self.link = link
        self.me = first.obs.seat
        self.obs = first.obs
        self.info = info
        prepared = first.prepared
        if prepared is not None and prepared.down is not None:
            self.down = prepared.down          # the network thread's backs: both count the same from here
        else:
            self.down = FaceDownIds()
            self.down.reset(first.obs)
        self.prepared: Optional[Prepared] = None   # of the update being applied
        self.origins: dict = {}
        self.sent: Optional[Any] = None        # the move on its way to the server
        self.link_state = "up"                 # "up", "down" (coming back) or "gone"
        self.down_since: Optional[float] = None
        self.info_at = time.monotonic()
        self.waiting_next = False
        self.chat: list[tuple[str, str]] = []  # (name, text), newest last
        self.chat_unread = 0
        self.chat_open = False                   # the scene's chat panel shows the lines
        self.closing_note = ""
        self.autoplay = False               # --autoplay: a computer plays this seat (the packaging test)
        self.waiting_items: list = []        # what arrived and is not yet shown (taken first)
        self.held_since: Optional[float] = None  # when the first of them was held back
        self.moving_at_start = False             # cards were moving when this frame began
        # (deal number, entries of its public history) the log has told
        self.history_seen = (first.obs.deal_number, len(first.obs.public_history))
        super().__init__(app, NetGame(first), seats, **kw)
        self.hot_seat = False
        self.humans = [self.me]
        self.viewer = self.me

    # -- what the local table does differently --------------------------------------
    def _rebuild_log(self) -> None:
        ob = self.obs
        if any(e.what in ("discard", "take", "meld") for e in ob.public_history):
            # sat down in the middle of a deal: what the table has seen of it
            names = self.names()
            self.log = [Line(-1, t("Deal {number}: {name} dealt.", number=ob.deal_number + 1, name=_seat(names[self.state.dealer])))]
            self.log += seen_lines(ob, ob.public_history, 0, names)
        else:
            self.log = [opening_line(self.state, self.names())]
        self.log_at = [0] * len(self.log)
        self.reveal_point = 0
        self.history_seen = (ob.deal_number, len(ob.public_history))

    def _catch_up_log(self, ob) -> None:
        """Back after a dropped connection: the log tells what the table saw meanwhile."""
        deal, seen = self.history_seen
        names = self.names()
        if deal != ob.deal_number:
            self.log = [Line(-1, t("Deal {number} began while the connection was down; {name} dealt.",
                                   number=ob.deal_number + 1, name=_seat(names[self.state.dealer])))]
            self.log_at = [len(self.game.actions)]
            seen = 0
        missed = seen_lines(ob, ob.public_history, seen, names)
        if missed:
            self.log.append(Line(-1, Text(N_("While the connection was down (draws are not seen):"))))
            self.log += missed
            self.log_at += [len(self.game.actions)] * (len(missed) + 1)

    def check_privacy(self) -> None:
        """One person at each screen: the hand is always this seat's, face up."""
        self.viewer = self.me
        self.privacy = None
        self.hand_open = True

    def lay_out(self) -> TableLayout:
        opts, face_down = self.layout_options(), self.down.face_down()
        out = take_layout(self.prepared, opts, face_down) or lay_out(self.obs, face_down, opts)
        self.prepared = None
        preparer = getattr(self.link, "prepare", None)
        if preparer is not None:
            preparer.opts = opts               # the next update is laid out ahead for these
        out.origin.update(self.origins)
        return out

    def relayout(self, order: tuple = (), snap: bool = False, deal: bool = False) -> None:
        if deal:
            order = self.down.deal_order(self.obs)
        super().relayout(order, snap=snap, deal=deal)
        self.origins = {}

    def undo_point(self) -> Optional[int]:
        return None

    def undo_refusal(self) -> str:
        return Text(N_("Undo is off in online games."))

    def why_not(self, what: str) -> str:
        if self.link_state != "up":
            return Text(N_("The connection is down: the game is coming back by itself."))
        if self.sent is not None and what not in ("hint",):
            return Text(N_("A moment: your move is on its way to the table."))
        return super().why_not(what)

    def my_turn(self) -> bool:
        return self.link_state == "up" and self.sent is None and super().my_turn()

    def play_drop(self, drop) -> bool:
        """A drop at an online table: the server plays the game, so the drop is not
        tried on this copy of it; its move is the one the engine previews, and it is
        sent as any move is (or the cards are staged, or slide back with the reason)."""
        return self.perform_previewed(judge(self.state, drop))

    def perform(self, action, quiet: bool = False) -> bool:
        """Check ``action`` here, then send it; the table changes when the server answers."""
        st = self.state
        if isinstance(action, NextDeal):
            if st.phase == DEAL_OVER:
                self.link.act({"type": "next_deal"})
                self.waiting_next = True
            return True
        if self.link_state != "up":
            self.say(Text(N_("The connection is down: your move can be made when the game is back.")), error=True)
            self.relayout()
            return False
        if st.to_act != self.me:
            return False
        try:
            check(st, action)
        except IllegalAction as e:
            if not quiet:
                self.say(refusal_of(e), error=True)
            self.relayout()
            return False
        self.cancel_hint()
        self.sent = action
        self.link.act(action_to_json(action, self.game.rules))
        return True

    def next_deal(self) -> None:
        st = self.state
        if st.phase == GAME_OVER:
            self.leave("deals_done" if self.autoplay else "game_over")
        elif st.phase == DEAL_OVER and not self.waiting_next:
            self.deals_done = st.deal_number + 1
            if self.autoplay_deals is not None and self.deals_done >= self.autoplay_deals:
                self.leave("deals_done")
                return
            self.perform(NextDeal())

    # -- what arrives ---------------------------------------------------------------
    def receive(self) -> None:
        """What arrived, in order; another seat's move is held back while the cards of
        the last one are still moving (see :data:`HOLD_MOST`), and what came after it
        with it."""
        items, self.waiting_items = self.waiting_items + self.link.poll(), []
        for i, item in enumerate(items):
            if isinstance(item, Update):
                if self._hold(item, len(items) - i):
                    self.waiting_items = items[i:]
                    return
                self.held_since = None
                self._update(item)
            else:
                self._note(item)

    def _hold(self, u: Update, queued: int) -> bool:
        moving = self.animator.busy or self.moving_at_start    # cards that land this frame: shown next frame
        if u.opening or u.seat == self.me or not moving or queued > HOLD_ITEMS:
            return False
        now = time.monotonic()
        if self.held_since is None:
            self.held_since = now
        return now - self.held_since < HOLD_MOST

    def _update(self, u: Update) -> None:
        self.obs = u.obs
        self.game.state = u.mirror
        self._verdict_key = None
        if u.n is not None or (u.seat == self.me and u.action is not None):
            self.sent = None
        self.prepared = u.prepared
        if u.opening:
            # the deal from its first card: at the start, or back after a dropped connection
            self.sent = None
            fresh = not self.game.actions and u.obs.deal_number == 0 and not u.obs.public_history
            if u.prepared is not None and u.prepared.down is not None:
                self.down = u.prepared.down
            else:
                self.down.reset(u.obs)
            self.selected.clear()
            self.staged = []
            if fresh:
                self.relayout(deal=True)
                self.app.sounds.play("deal")
            else:
                self._catch_up_log(u.obs)
                self.relayout(snap=True)
            self.history_seen = (u.obs.deal_number, len(u.obs.public_history))
            self.note_turn_start()
            return
        self.game.actions.append(u.action)
        if any(e.kind == "deal_started" for e in u.events):
            self.down.reset(u.obs)
            self.waiting_next = False
        else:
            self.origins = self.down.follow(u.events, u.obs, self._pose_of)
        names = self.names()
        self._log_action(u.seat, u.action, u.events, take_line(u.prepared, names))
        preparer = getattr(self.link, "prepare", None)
        if preparer is not None:
            preparer.names = tuple(names)
        self.history_seen = (u.obs.deal_number, len(u.obs.public_history))
        if u.seat == self.me and not self.toast.error:
            self.toast.left = 0
        if u.seat == self.me:
            self.selected.clear()
            self.staged = []
            self.hint_zones, self.hinted = (), None      # a hint serves until this seat's move is made
        self._after_events(u.events, u.seat, u.action)
        self.pause = 0.0          # the server paces the computers
        self.voice.moved(u.seat, u.action)

    def _pose_of(self, card: int):
        sp = self.animator.sprites.get(card)
        return sp.pose() if sp is not None else None

    def _note(self, n: Note) -> None:
        if n.kind == "table":
            self.info = n.data
            self.info_at = time.monotonic()
            fresh = seat_configs(n.data)
            if len(fresh) == len(self.seats):
                for i, seat in enumerate(fresh):
                    if i != self.me:           # a person away is played by a computer: said under their name
                        self.seats[i] = seat
            self.dirty = True
        elif n.kind == "link":
            self.link_state = n.data
            self.down_since = time.monotonic() if n.data == "down" else None
            if n.data == "up":
                self.closing_note = ""
                self.say(Text(N_("Back at the table: the connection is restored.")), 3.0)
            self.dirty = True
        elif n.kind in ("log", "warning"):
            self.log.append(Line(-1, n.data))
            self.log_at.append(len(self.game.actions))
            if n.kind == "warning":
                self.say(n.data, 8.0, error=True)
        elif n.kind == "record":
            self.game.record = n.data
        elif n.kind == "error":
            self.sent = None
            self.say(n.data, error=True)
            self.relayout()
        elif n.kind == "waiting":
            self.waiting_next = True
        elif n.kind == "chat":
            d = n.data
            self.chat.append((str(d.get("name", "")), str(d.get("text", ""))))
            del self.chat[:-CHAT_KEPT]
            if d.get("seat") != self.me:
                self.chat_unread += not self.chat_open       # a line read as it comes is not unread
                if not self.app.settings.chat_muted:
                    self.app.sounds.play("draw")
            self.dirty = True
        elif n.kind == "closing":
            self.closing_note = n.data
            self.dirty = True

    def tick(self, dt: float) -> None:
        # as at the local table: the frame's time first, then what arrived (a move's cards
        # set off from the next frame, so the frame that shows it draws them where they lie)
        self.moving_at_start = self.animator.busy
        self.advance(dt)
        self.receive()
        if self.ticket is not None:
            self._poll_ai()
        if self.state.deal_over and not self.animator.busy:
            if self.autoplay and self.sheet_shown and not self.waiting_next and self.state.deal_number + 1 > self.deals_done:
                self.next_deal()
            self.sheet_shown = True
        elif self.autoplay and self.ticket is None and not self.animator.busy and (self.my_turn() or self.answering()):
            from ...engine import legal_actions
            self.ticket = self.app.ai.request(self.me, self.obs, legal_actions(self.state), "easy")
            self._ticket_key = (len(self.game.actions), self.me)

    def idle(self) -> bool:
        # the seats' countdown changes every second; the banner with it
        return super().idle() and not self.absent() and self.link_state == "up"

    # -- who is there ---------------------------------------------------------------
    def seat_info(self, seat: int) -> dict:
        seats = self.info.get("seats") or []
        return seats[seat] if 0 <= seat < len(seats) else {}

    def is_person(self, seat: int) -> bool:
        return self.seat_info(seat).get("kind") == "person"

    def absent(self) -> list[tuple[int, Text]]:
        """The people missing from the table, each with what the table says of them:
        "waiting for Ana, 0:42" (the grace time counting down) or "a computer plays for Ana"."""
        out = []
        now = time.monotonic()
        for i, s in enumerate(self.info.get("seats") or []):
            if i == self.me or s.get("kind") != "person" or not s.get("taken"):
                continue
            name = s.get("name") or t("seat {number}", number=i + 1)
            if s.get("away"):
                out.append((i, t("a computer plays for {name}", name=name)))
            elif not s.get("connected", True):
                left = s.get("back_within")
                if left is None or self.link_state != "up":     # no word from the table: no clock to trust
                    out.append((i, t("waiting for {name}", name=name)))
                else:
                    left = max(0, int(round(float(left) - (now - self.info_at))))
                    clock = f"{left // 60}:{left % 60:02d}"
                    out.append((i, t("waiting for {name}, {time}", name=name, time=clock)))
        return out

    def seat_note(self, seat: int) -> list:
        """A person missing from the table, on their seat's label: "waiting for Ana, 0:42"
        (the grace time counting down), then "a computer plays for Ana"; each with a
        shorter form for a narrow label."""
        for i, text in self.absent():
            if i == seat:
                if text.key == "a computer plays for {name}":
                    return [text, Text(N_("computer plays"))]
                if "time" in text.args:
                    return [text, t("waiting, {time}", time=text.args["time"])]
                return [text, Text(N_("waiting"))]
        return []

    def turn_words(self) -> Text:
        """Whose turn it is, and whether a person or a computer plays it (the status line
        says it whenever the turn is not this seat's)."""
        st = self.state
        if st.deal_over:
            return Text(N_("The game is over.")) if st.game_over else Text(N_("The deal is over."))
        seat = st.to_act
        if seat == self.me:
            return Text(N_("Your turn."))
        name = _seat(self.seat_name(seat))
        if self.link_state != "up":         # what the table last said may no longer hold
            return t("{name} is to play; the table does not answer just now.", name=name)
        s = self.seat_info(seat)
        if s.get("kind") != "person":
            level = s.get("kind")
            who = t("a computer, {level}", level=Text(LEVEL_WORDS[level]) if level in LEVEL_WORDS else str(level))
        elif s.get("away"):
            who = t("a computer plays for {name}", name=name)
        elif not s.get("connected", True):
            note = self.seat_note(seat)
            who = t("a person, not connected: {note}", note=note[0]) if note else Text(N_("a person, not connected"))
        else:
            who = Text(N_("a person, at their computer"))
        if st.phase == "answer":
            return t("{name} ({who}) is deciding whether {other} may go out.", name=name, who=who,
                     other=_seat(self.seat_name(st.turn)))
        return t("{name} is playing ({who}).", name=name, who=who)
