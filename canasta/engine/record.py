"""A game as rules + seed + first dealer + the list of actions.

That list is the save file, the replay, the undo stack and the bug report. It is
JSON, and reading it checks everything: a damaged or hand-edited record fails with
:class:`RecordError` naming what is wrong, and never yields a half-loaded game.
"""

from __future__ import annotations

import json
from typing import Any, Optional

from .actions import Action, Group, Meld, TakePile
from .codec import RecordError, cards_from, groups_from, quoted
from .core import ACTIONS, IllegalAction, action_table, apply_in_place
from .moves import new_game
from .events import Event
from .rules import Rules, RulesError
from .cards import KIND_OF
from .state import State

FORMAT = "canasta-record"
VERSION = 2
#: version 1 (before meld ids): groups named the rank of the meld they joined, and a
#: take joined the side's meld of the top card's rank; read by :func:`upgrade_v1`


def action_to_json(a: Action, rules: Optional[Rules] = None) -> dict[str, Any]:
    """The JSON object of an action (the game's own actions need its ``rules``)."""
    spec = (action_table(rules) if rules is not None else ACTIONS).get(type(a))
    if spec is None:
        raise TypeError(f"not an action: {a!r}")
    return {"type": spec.name, **spec.to_json(a)}


def action_from_json(d: Any, limit: int, where: str = "action", rules: Optional[Rules] = None) -> Action:
    """The action a JSON object encodes; raises RecordError naming what is wrong."""
    if not isinstance(d, dict):
        raise RecordError(f"{where}: an action must be an object.")
    t = d.get("type")
    for spec in (action_table(rules) if rules is not None else ACTIONS).values():
        if spec.name == t:
            return spec.from_json(d, limit, where)
    raise RecordError(f"{where}: unknown action type {quoted(t)}.")


# -- version 1 ------------------------------------------------------------------------

def _old_group(value: Any, limit: int, where: str) -> tuple[tuple[int, ...], int]:
    if not isinstance(value, dict):
        raise RecordError(f"{where}: a meld group must be an object.")
    rank = value.get("rank", 0)
    if isinstance(rank, bool) or not isinstance(rank, int) or not (rank == 0 or 4 <= rank <= 14):
        raise RecordError(f"{where}: {quoted(rank)} is not a rank.")
    return cards_from(value.get("cards"), limit, where), rank


def upgrade_v1(st: State, d: Any, limit: int, where: str = "action") -> Action:
    """A version-1 action, read in the position ``st`` it was played in: a group that
    named a rank (or whose naturals have a rank) the side has a meld of goes onto that
    meld, and a take's top card onto the side's meld of its rank, as version 1 meant."""
    if not isinstance(d, dict) or d.get("type") not in ("take", "meld"):
        return action_from_json(d, limit, where)
    team = st.team_of(st.to_act)

    def onto(rank: int) -> Optional[int]:
        m = st.meld_of(team, rank) if rank else None
        return m.id if m is not None else None

    def group(value: Any, limit: int, where: str) -> Group:
        cards, rank = _old_group(value, limit, where)
        natural = next((KIND_OF[c] for c in cards if 4 <= KIND_OF[c] <= 14), 0)
        return Group(cards, onto(natural or rank))

    if d["type"] == "take":
        top = st.pile[-1] if st.pile else None
        return TakePile(cards_from(d.get("with", []), limit, where),
                        groups_from(d.get("melds", []), limit, where, group),
                        onto(KIND_OF[top]) if top is not None else None)
    groups = d.get("groups")
    if not isinstance(groups, list) or not groups:
        raise RecordError(f"{where}: a meld needs a list of groups.")
    return Meld(groups_from(groups, limit, where, group))


class Game:
    """A game being played: its record and its current state, kept in step."""

    def __init__(self, rules: Rules | None = None, seed: Any = None, dealer: Optional[int] = None):
        self.state: State = new_game(rules or Rules(), seed, dealer)
        self.rules: Rules = rules or Rules()
        self.seed = self.state.seed
        self.first_dealer = self.state.dealer
        self.actions: list[Action] = []

    def play(self, action: Action, seat: Optional[int] = None) -> list[Event]:
        """Apply ``action`` (raises IllegalAction and changes nothing when illegal)."""
        events = apply_in_place(self.state, action, seat)
        self.actions.append(action)
        return events

    def replay_to(self, count: int) -> None:
        """Rewind to the position after the first ``count`` actions (undo)."""
        if not 0 <= count <= len(self.actions):
            raise ValueError("no such point in the game")
        kept = self.actions[:count]
        self.state = new_game(self.rules, self.seed, self.first_dealer)
        self.actions = []
        for a in kept:
            self.play(a)

    # -- files ----------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "dealer": self.first_dealer,
            "actions": [action_to_json(a, self.rules) for a in self.actions],
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"))

    @classmethod
    def from_json(cls, data: Any, what: str = "saved game") -> "Game":
        """Play a record back; raises RecordError with the first problem found, in a
        sentence that calls the record ``what`` ("saved game", "record deal-3.json")."""
        if not isinstance(data, dict):
            raise RecordError(f"The {what} is not a game record.")
        if data.get("format") != FORMAT:
            raise RecordError("The file is not a Canasta game record.")
        version = data.get("version")
        if version not in (1, VERSION) or isinstance(version, bool):
            raise RecordError(f"The {what} has version {quoted(version)}; this program reads versions 1 to {VERSION}.")
        try:
            rules = Rules.from_dict(data.get("rules", {}))
            rules.resolved()
        except RulesError as e:
            raise RecordError(f"The rules in the {what} are not valid: {e}") from None
        seed = data.get("seed")
        if not seed_ok(seed):
            raise RecordError(f"The {what} has no valid seed.")
        dealer = data.get("dealer")
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < rules.players:
            raise RecordError(f"The {what} names no valid first dealer.")
        actions = data.get("actions")
        if not isinstance(actions, list):
            raise RecordError(f"The {what} has no list of moves.")
        game = cls(rules, seed, dealer)
        limit = game.state.card_limit
        for i, raw in enumerate(actions):
            where = f"Move {i + 1}"
            if version == 1:
                action = upgrade_v1(game.state, raw, limit, where)
            else:
                action = action_from_json(raw, limit, where, rules)
            try:
                game.play(action)
            except IllegalAction as e:
                reason = str(e)
                reason = reason[:1].lower() + reason[1:]
                raise RecordError(f"{where} ({str(raw.get('type'))[:40]}) is not legal in its position: {reason}") from None
        return game

    @classmethod
    def loads(cls, text: str, what: str = "saved game") -> "Game":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            msg = e.msg[:-3] if e.msg.endswith(" at") else e.msg
            raise RecordError(f"The {what} is not valid JSON ({msg} at line {e.lineno}).") from None
        except (ValueError, RecursionError):
            # a number of thousands of digits, or values nested too deep to read
            raise RecordError(f"The {what} is not a game record this program can read.") from None
        return cls.from_json(data, what)


#: the longest seed a record may hold (the game's own are numbers below 10**9)
MAX_SEED_LENGTH = 100


def seed_ok(seed: Any) -> bool:
    """Whether ``seed`` can be a game's seed: a whole number or a text, not too long."""
    if isinstance(seed, bool):
        return False
    if isinstance(seed, int):
        return -10 ** MAX_SEED_LENGTH < seed < 10 ** MAX_SEED_LENGTH
    return isinstance(seed, str) and len(seed) <= MAX_SEED_LENGTH


