"""A game as rules + seed + first dealer + the list of actions.

That list is the save file, the replay, the undo stack and the bug report. It is
JSON, and reading it checks everything: a damaged or hand-edited record fails with
:class:`RecordError` naming what is wrong, and never yields a half-loaded game.
"""

from __future__ import annotations

import json
from typing import Any, Optional

from .actions import Action, Answer, Ask, Discard, Draw, Group, Meld, NextDeal, Pass, TakePile
from .core import IllegalAction, apply_in_place, new_game
from .events import Event
from .rules import Rules, RulesError
from .cards import KIND_OF
from .state import State

FORMAT = "canasta-record"
VERSION = 2
#: version 1 (before meld ids): groups named the rank of the meld they joined, and a
#: take joined the side's meld of the top card's rank; read by :func:`upgrade_v1`


class RecordError(ValueError):
    """A record that cannot be played back; the message says why in one sentence."""


def action_to_json(a: Action) -> dict[str, Any]:
    t = type(a)
    if t is Draw:
        return {"type": "draw"}
    if t is TakePile:
        d = {"type": "take", "with": list(a.with_cards), "melds": [_group_json(g) for g in a.melds]}
        if a.onto is not None:
            d["onto"] = a.onto
        return d
    if t is Meld:
        return {"type": "meld", "groups": [_group_json(g) for g in a.groups]}
    if t is Discard:
        return {"type": "discard", "card": a.card}
    if t is Ask:
        return {"type": "ask"}
    if t is Answer:
        return {"type": "answer", "yes": bool(a.yes)}
    if t is Pass:
        return {"type": "pass"}
    if t is NextDeal:
        return {"type": "next_deal"}
    raise TypeError(f"not an action: {a!r}")


def _group_json(g: Group) -> dict[str, Any]:
    d: dict[str, Any] = {"cards": list(g.cards)}
    if g.onto is not None:
        d["onto"] = g.onto
    return d


def _card(value: Any, limit: int, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < limit:
        raise RecordError(f"{where}: {value!r} is not a card of this game.")
    return value


def _cards(value: Any, limit: int, where: str) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise RecordError(f"{where}: expected a list of cards.")
    return tuple(_card(v, limit, where) for v in value)


def _meld_id(value: Any, where: str) -> Optional[int]:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise RecordError(f"{where}: {value!r} is not a meld.")
    return value


def _group_from(value: Any, limit: int, where: str) -> Group:
    if not isinstance(value, dict):
        raise RecordError(f"{where}: a meld group must be an object.")
    return Group(_cards(value.get("cards"), limit, where), _meld_id(value.get("onto"), where))


def _groups_from(value: Any, limit: int, where: str, group=_group_from) -> tuple:
    if not isinstance(value, list):
        raise RecordError(f"{where}: melds must be a list.")
    return tuple(group(g, limit, where) for g in value)


def action_from_json(d: Any, limit: int, where: str = "action") -> Action:
    if not isinstance(d, dict):
        raise RecordError(f"{where}: an action must be an object.")
    t = d.get("type")
    if t == "draw":
        return Draw()
    if t == "take":
        return TakePile(_cards(d.get("with", []), limit, where), _groups_from(d.get("melds", []), limit, where),
                        _meld_id(d.get("onto"), where))
    if t == "meld":
        groups = d.get("groups")
        if not isinstance(groups, list) or not groups:
            raise RecordError(f"{where}: a meld needs a list of groups.")
        return Meld(_groups_from(groups, limit, where))
    if t == "discard":
        return Discard(_card(d.get("card"), limit, where))
    if t == "ask":
        return Ask()
    if t == "answer":
        if not isinstance(d.get("yes"), bool):
            raise RecordError(f"{where}: an answer is yes: true or false.")
        return Answer(d["yes"])
    if t == "pass":
        return Pass()
    if t == "next_deal":
        return NextDeal()
    raise RecordError(f"{where}: unknown action type {t!r}.")


# -- version 1 ------------------------------------------------------------------------

def _old_group(value: Any, limit: int, where: str) -> tuple[tuple[int, ...], int]:
    if not isinstance(value, dict):
        raise RecordError(f"{where}: a meld group must be an object.")
    rank = value.get("rank", 0)
    if isinstance(rank, bool) or not isinstance(rank, int) or not (rank == 0 or 4 <= rank <= 14):
        raise RecordError(f"{where}: {rank!r} is not a rank.")
    return _cards(value.get("cards"), limit, where), rank


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
        return TakePile(_cards(d.get("with", []), limit, where),
                        _groups_from(d.get("melds", []), limit, where, group),
                        onto(KIND_OF[top]) if top is not None else None)
    groups = d.get("groups")
    if not isinstance(groups, list) or not groups:
        raise RecordError(f"{where}: a meld needs a list of groups.")
    return Meld(_groups_from(groups, limit, where, group))


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
            "actions": [action_to_json(a) for a in self.actions],
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"))

    @classmethod
    def from_json(cls, data: Any) -> "Game":
        """Play a record back; raises RecordError with the first problem found."""
        if not isinstance(data, dict):
            raise RecordError("The saved game is not a game record.")
        if data.get("format") != FORMAT:
            raise RecordError("The file is not a Canasta game record.")
        version = data.get("version")
        if version not in (1, VERSION) or isinstance(version, bool):
            raise RecordError(f"The game record has version {version!r}; this program reads versions 1 to {VERSION}.")
        try:
            rules = Rules.from_dict(data.get("rules", {}))
            rules.resolved()
        except RulesError as e:
            raise RecordError(f"The rules in the saved game are not valid: {e}") from None
        seed = data.get("seed")
        if not isinstance(seed, (int, str)) or isinstance(seed, bool):
            raise RecordError("The saved game has no valid seed.")
        dealer = data.get("dealer")
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < rules.players:
            raise RecordError("The saved game names no valid first dealer.")
        actions = data.get("actions")
        if not isinstance(actions, list):
            raise RecordError("The saved game has no list of moves.")
        game = cls(rules, seed, dealer)
        limit = game.state.total_cards
        for i, raw in enumerate(actions):
            where = f"Move {i + 1}"
            if version == 1:
                action = upgrade_v1(game.state, raw, limit, where)
            else:
                action = action_from_json(raw, limit, where)
            try:
                game.play(action)
            except IllegalAction as e:
                reason = str(e)
                reason = reason[:1].lower() + reason[1:]
                raise RecordError(f"{where} ({raw.get('type')}) is not legal in its position: {reason}") from None
        return game

    @classmethod
    def loads(cls, text: str) -> "Game":
        try:
            data = json.loads(text)
        except ValueError as e:
            raise RecordError(f"The saved game is not valid JSON ({e.msg} at line {e.lineno}).") from None
        return cls.from_json(data)
