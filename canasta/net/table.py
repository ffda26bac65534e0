"""One table of the server: its seats, its game and its journal (no networking here).

The game is the engine's: the rules, the first dealer and the list of actions, plus one
seed per deal (each drawn fresh from the operating system when its deal starts, see
:mod:`canasta.net.shuffle`). The engine shuffles a deal from ``state.seed``, so the
table sets ``state.seed`` to the new deal's seed just before the ``next_deal`` action;
:func:`replay` does the same to rebuild the position from a journal.

The table is saved like a game in progress (:class:`canasta.store.saves.SaveSlot`, one
folder per table): a snapshot holding the record and the table's ``extra`` (seats,
names, the hashes of the seats' tokens, the deals' seeds and salts), and a journal line
per action. After a crash it comes back at its last complete action.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional

from ..engine import IllegalAction, NextDeal, Rules, apply_in_place, deal_from_deck
from ..engine.moves import shuffled_deck
from ..engine.codec import RecordError
from ..engine.observe import observe
from ..engine.record import FORMAT, VERSION, action_from_json, action_to_json
from ..engine.state import DEAL_OVER, GAME_OVER, State
from ..store.saves import SaveSlot
from . import protocol
from .protocol import PERSON, ProtocolError
from .shuffle import commitment, fresh_seed

TABLE_FORMAT = "canasta-table"


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass
class Seat:
    """Who sits in a seat: a person (``name``, the hash of their token) or a computer
    (``level``). A person's seat with ``away`` True is being played by a computer of
    the table's level until the person comes back."""

    kind: str                     # PERSON or a computer level
    name: str = ""
    token_hash: str = ""
    away: bool = False

    @property
    def taken(self) -> bool:
        return self.kind != PERSON or bool(self.token_hash)

    def to_json(self) -> dict:
        return {"kind": self.kind, "name": self.name, "token": self.token_hash, "away": self.away}

    @classmethod
    def from_json(cls, d: Any) -> "Seat":
        if not isinstance(d, dict):
            raise ValueError("a seat must be an object")
        return cls(str(d["kind"]), str(d.get("name", "")), str(d.get("token", "")), bool(d.get("away", False)))


def replay(rules: Rules, dealer: int, seeds: list[str], actions: list) -> tuple[State, list]:
    """The position after ``actions`` (record JSON), each deal dealt from its seed, and
    the events of the deal in progress from its first card (for a client that comes
    back, so it can still check the shuffle)."""
    st, events = deal_from_deck(rules, shuffled_deck(rules, seeds[0], 0), dealer, None, seeds[0], 0)
    limit = st.card_limit
    for i, raw in enumerate(actions):
        action = action_from_json(raw, limit, f"Move {i + 1}", rules)
        if isinstance(action, NextDeal):
            if st.deal_number + 1 >= len(seeds):
                raise RecordError(f"Move {i + 1} starts a deal that has no seed.")
            st.seed = seeds[st.deal_number + 1]
            events = []
        try:
            events += apply_in_place(st, action)
        except IllegalAction as e:
            raise RecordError(f"Move {i + 1} is not legal in its position: {e}") from None
    return st, events


class Table:
    """A table: seats, options, the game, and where it is saved."""

    def __init__(self, code: str, rules: Rules, seats: list[Seat], creator: int, *, grace: float = 90,
                 level: str = "medium", fill: bool = True, pause: float = 0.6,
                 folder: Optional[Path] = None, deals: Optional[list[dict]] = None,
                 dealer: Optional[int] = None, actions: Optional[list] = None, started: bool = False):
        self.code = code
        self.rules = rules
        self.seats = seats
        self.creator = creator
        self.grace = grace
        self.level = level
        self.fill = fill
        self.pause = pause
        self.started = started
        self.deals = deals if deals is not None else [{"seed": fresh_seed(), "salt": fresh_seed()}]
        players = len(seats)
        self.dealer = dealer if dealer is not None else secrets.randbelow(players)
        self.actions: list = list(actions or [])
        #: the state, and the events of the deal in progress from its first card
        self.state, self.deal_log = replay(rules, self.dealer, [d["seed"] for d in self.deals], self.actions)
        #: seats that asked for the next deal (a finished deal waits for every person)
        self.ready: set[int] = set()
        self.slot = SaveSlot(folder) if folder is not None else None

    # -- seats --------------------------------------------------------------------------
    @classmethod
    def create(cls, code: str, msg: dict, folder: Optional[Path]) -> tuple["Table", str]:
        """A new table from a checked ``create`` message; returns it and the creator's token."""
        seats = [Seat(kind) for kind in msg["seats"]]
        token = protocol.new_token()
        me = seats[msg["seat"]]
        me.name, me.token_hash = msg["name"], _hash(token)
        table = cls(code, msg["rules"], seats, msg["seat"], grace=msg["grace"], level=msg["level"],
                    fill=msg["fill"], pause=msg["pause"], folder=folder)
        table.save(checkpoint=True)
        return table, token

    def join(self, seat: int, name: str) -> str:
        if self.started:
            raise ProtocolError("This table has started; only its players can come back to it.")
        if not 0 <= seat < len(self.seats) or self.seats[seat].kind != PERSON:
            raise ProtocolError("That seat is not open for a person.")
        if self.seats[seat].taken:
            raise ProtocolError("That seat is taken.")
        token = protocol.new_token()
        self.seats[seat].name, self.seats[seat].token_hash = name, _hash(token)
        self.save(checkpoint=True)
        return token

    def seat_of(self, token: str) -> Optional[int]:
        """The seat this token acts for (compared in constant time), or None."""
        h = _hash(token)
        found = None
        for i, s in enumerate(self.seats):
            if s.token_hash and hmac.compare_digest(s.token_hash, h):
                found = i
        return found

    def start(self, seat: int) -> None:
        if seat != self.creator:
            raise ProtocolError("Only the table's creator starts the deal.")
        if self.started:
            raise ProtocolError("The table has already started.")
        empty = [i for i, s in enumerate(self.seats) if not s.taken]
        if empty and not self.fill:
            raise ProtocolError("Every open seat must be taken before the deal (or let computers fill them).")
        for i in empty:
            self.seats[i] = Seat(self.level, "Computer")
        self.started = True
        self.save(checkpoint=True)

    def is_computer(self, seat: int) -> bool:
        s = self.seats[seat]
        return s.kind != PERSON or s.away

    def level_of(self, seat: int) -> str:
        s = self.seats[seat]
        return s.kind if s.kind != PERSON else self.level

    # -- the game -----------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.state.phase == GAME_OVER

    def waiting_for(self) -> Optional[int]:
        """The seat whose decision the game waits for (None between deals and at the end)."""
        if not self.started or self.state.phase in (DEAL_OVER, GAME_OVER):
            return None
        return self.state.to_act

    def commitment(self) -> dict:
        deal = self.state.deal_number
        d = self.deals[deal]
        return {"t": "commit", "deal": deal, "hash": commitment(d["seed"], d["salt"])}

    def reveal(self) -> dict:
        deal = self.state.deal_number
        d = self.deals[deal]
        return {"t": "reveal", "deal": deal, "seed": d["seed"], "salt": d["salt"]}

    def act(self, seat: int, raw: dict) -> tuple[Optional[Any], list, bool]:
        """Play the action (record JSON) of ``seat``. Returns (the action, its events,
        whether a new deal began); raises ProtocolError with the engine's sentence when
        it is not this seat's or not legal, and changes nothing then."""
        if not self.started:
            raise ProtocolError("The table has not started yet.")
        st = self.state
        action = protocol.read_action(raw, self.rules, st.card_limit)
        if isinstance(action, NextDeal):
            if st.phase != DEAL_OVER:
                raise ProtocolError("The deal is not over.")
            self.ready.add(seat)
            if not self.all_ready():
                return None, [], False
            return self.next_deal()
        if st.to_act != seat:
            raise ProtocolError("It is not your turn.")
        try:
            events = apply_in_place(st, action)
        except IllegalAction as e:
            raise ProtocolError(str(e)) from None
        self.actions.append(action_to_json(action, self.rules))
        self.deal_log += events
        self.save(checkpoint=st.phase in (DEAL_OVER, GAME_OVER))
        return action, events, False

    def all_ready(self) -> bool:
        return all(i in self.ready or self.is_computer(i) for i in range(len(self.seats)))

    def next_deal(self) -> tuple[Any, list, bool]:
        """Deal the next deal from a fresh seed (the deal must be over)."""
        st = self.state
        self.ready.clear()
        self.deals.append({"seed": fresh_seed(), "salt": fresh_seed()})
        st.seed = self.deals[st.deal_number + 1]["seed"]
        action = NextDeal()
        events = apply_in_place(st, action)
        self.actions.append(action_to_json(action, self.rules))
        self.deal_log = list(events)
        self.save(checkpoint=True)
        return action, events, True

    def view(self, seat: int) -> dict:
        return protocol.observation_json(observe(self.state, seat))

    def info(self) -> dict:
        """The table as every seat sees it (no tokens)."""
        return {"t": "table", "code": self.code, "game": self.rules.variant, "rules": self.rules.to_dict(),
                "creator": self.creator, "started": self.started, "grace": self.grace,
                "seats": [{"kind": s.kind, "name": s.name, "taken": s.taken, "away": s.away}
                          for s in self.seats]}

    # -- saving -------------------------------------------------------------------------
    def record(self) -> dict:
        return {"format": FORMAT, "version": VERSION, "rules": self.rules.to_dict(),
                "seed": self.deals[0]["seed"], "dealer": self.dealer, "actions": self.actions}

    def extra(self) -> dict:
        return {"format": TABLE_FORMAT, "code": self.code, "creator": self.creator, "grace": self.grace,
                "level": self.level, "fill": self.fill, "pause": self.pause, "started": self.started,
                "deals": self.deals, "seats": [s.to_json() for s in self.seats]}

    def save(self, checkpoint: bool = False) -> list[str]:
        if self.slot is None:
            return []
        return self.slot.save(self.record(), self.extra(), checkpoint=checkpoint)

    @classmethod
    def load(cls, folder: Path) -> tuple[Optional["Table"], list[str]]:
        """The table saved in ``folder`` (at its last complete action), or None and why."""
        slot = SaveSlot(folder)
        saved, messages = slot.load()
        slot.close()
        if saved is None:
            return None, messages
        try:
            rec, x = saved["record"], saved["extra"]
            if x.get("format") != TABLE_FORMAT:
                raise ValueError("it is not a table")
            rules = Rules.from_dict(rec["rules"])
            deals = [{"seed": str(d["seed"]), "salt": str(d["salt"])} for d in x["deals"]]
            table = cls(str(x["code"]), rules, [Seat.from_json(s) for s in x["seats"]], int(x["creator"]),
                        grace=float(x["grace"]), level=str(x["level"]), fill=bool(x["fill"]),
                        pause=float(x["pause"]), folder=folder, deals=deals, dealer=int(rec["dealer"]),
                        actions=rec["actions"], started=bool(x["started"]))
        except (KeyError, TypeError, ValueError, RecordError) as e:
            return None, messages + [SaveSlot(folder).quarantine(str(e))]
        return table, messages
