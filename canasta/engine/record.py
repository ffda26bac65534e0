"""A game as rules + seed + first dealer + the list of actions.

A game played at a table server has a seed of its own for each deal (drawn when the
deal began, revealed when it ended): its record lists them as ``seeds``, and the deal
after a ``next_deal`` is shuffled from its own.

That list is the save file, the replay, the undo stack and the bug report. It is
JSON, and reading it checks everything: a damaged or hand-edited record fails with
:class:`RecordError` naming what is wrong, and never yields a half-loaded game.
"""

from __future__ import annotations

import json
from typing import Any, Optional

from .actions import Action, Group, Meld, NextDeal, TakePile
from ..i18n import N_, Text, t
from .codec import RecordError, as_text, cards_from, groups_from, quoted, reason_of
from .core import ACTIONS, IllegalAction, action_table, apply_in_place
from .moves import new_game
from .events import Event
from .rules import Rules, RulesError
from .cards import KIND_OF
from .state import State

FORMAT = "canasta-record"
VERSION = 2
#: what a record's sentences call a saved game ("The saved game has no valid seed.")
SAVED_GAME = N_("saved game")


def record_named(name: str) -> Text:
    """What a record's sentences call a record file: "record deal-3.json"."""
    return t("record {name}", name=name)


class Inside(Text):
    """A sentence put inside another after a colon: in English its first letter in
    lower case ("...: your side's first meld..."), as the records always said; a
    translation renders the sentence as its catalog writes it."""

    __slots__ = ()

    def __new__(cls, inner: Text):
        english = str.__str__(inner)
        self = str.__new__(cls, english[:1].lower() + english[1:])
        self.key, self.plural, self.n, self.args = inner.key, inner.plural, inner.n, inner.args
        return self

    def __reduce__(self):
        return (Inside, (Text(self.key, self.plural, self.n, **self.args),))
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
        raise RecordError(t("{where}: an action must be an object.", where=where))
    kind = d.get("type")
    for spec in (action_table(rules) if rules is not None else ACTIONS).values():
        if spec.name == kind:
            return spec.from_json(d, limit, where)
    raise RecordError(t("{where}: unknown action type {type}.", where=where, type=quoted(kind)))


# -- version 1 ------------------------------------------------------------------------

def _old_group(value: Any, limit: int, where: str) -> tuple[tuple[int, ...], int]:
    if not isinstance(value, dict):
        raise RecordError(t("{where}: a meld group must be an object.", where=where))
    rank = value.get("rank", 0)
    if isinstance(rank, bool) or not isinstance(rank, int) or not (rank == 0 or 4 <= rank <= 14):
        raise RecordError(t("{where}: {value} is not a rank.", where=where, value=quoted(rank)))
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
        raise RecordError(t("{where}: a meld needs a list of groups.", where=where))
    return Meld(groups_from(groups, limit, where, group))


class Game:
    """A game being played: its record and its current state, kept in step."""

    #: one seed per deal (a table server's game), or None: every deal from ``seed``
    seeds: Optional[list] = None

    def __init__(self, rules: Rules | None = None, seed: Any = None, dealer: Optional[int] = None,
                 seeds: Optional[list] = None):
        self.seeds = list(seeds) if seeds else None
        self.state: State = new_game(rules or Rules(), self.seeds[0] if self.seeds else seed, dealer)
        self.rules: Rules = rules or Rules()
        self.seed = self.state.seed
        self.first_dealer = self.state.dealer
        self.actions: list[Action] = []

    def fresh(self) -> "Game":
        """The same game before its first action (its rules, seeds and first dealer)."""
        return Game(self.rules, self.seed, self.first_dealer, self.seeds)

    def play(self, action: Action, seat: Optional[int] = None) -> list[Event]:
        """Apply ``action`` (raises IllegalAction and changes nothing when illegal)."""
        st = self.state
        if self.seeds and isinstance(action, NextDeal):
            nxt = st.deal_number + 1
            if nxt >= len(self.seeds):
                raise IllegalAction(N_("The record has no seed for the next deal."))
            before, st.seed = st.seed, self.seeds[nxt]
            try:
                events = apply_in_place(st, action, seat)
            except IllegalAction:
                st.seed = before
                raise
        else:
            events = apply_in_place(st, action, seat)
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
        out = {
            "format": FORMAT,
            "version": VERSION,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "dealer": self.first_dealer,
            "actions": [action_to_json(a, self.rules) for a in self.actions],
        }
        if self.seeds:
            out["seeds"] = list(self.seeds)
        return out

    def dumps(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"))

    @classmethod
    def from_json(cls, data: Any, what: Any = SAVED_GAME) -> "Game":
        """Play a record back; raises RecordError with the first problem found, in a
        sentence that calls the record ``what`` ("saved game", "record deal-3.json": a
        message, :data:`SAVED_GAME` or :func:`record_named`)."""
        what = as_text(what)
        if not isinstance(data, dict):
            raise RecordError(t("The {what} is not a game record.", what=what))
        if data.get("format") != FORMAT:
            raise RecordError(N_("The file is not a Canasta game record."))
        version = data.get("version")
        if version not in (1, VERSION) or isinstance(version, bool):
            raise RecordError(t("The {what} has version {version}; this program reads versions 1 to {newest}.",
                                what=what, version=quoted(version), newest=VERSION))
        try:
            rules = Rules.from_dict(data.get("rules", {}))
            rules.resolved()
        except RulesError as e:
            raise RecordError(t("The rules in the {what} are not valid: {reason}", what=what,
                                reason=reason_of(e))) from None
        seed = data.get("seed")
        if not seed_ok(seed):
            raise RecordError(t("The {what} has no valid seed.", what=what))
        dealer = data.get("dealer")
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < rules.players:
            raise RecordError(t("The {what} names no valid first dealer.", what=what))
        actions = data.get("actions")
        if not isinstance(actions, list):
            raise RecordError(t("The {what} has no list of moves.", what=what))
        seeds = data.get("seeds")
        if seeds is not None:
            if (not isinstance(seeds, list) or not seeds or len(seeds) > 10000
                    or not all(seed_ok(s) for s in seeds) or seeds[0] != seed):
                raise RecordError(t("The {what} has a list of deal seeds that is not valid.", what=what))
        game = cls(rules, seed, dealer, seeds)
        limit = game.state.card_limit
        for i, raw in enumerate(actions):
            where = t("Move {number}", number=i + 1)
            if version == 1:
                action = upgrade_v1(game.state, raw, limit, where)
            else:
                action = action_from_json(raw, limit, where, rules)
            try:
                game.play(action)
            except IllegalAction as e:
                raise RecordError(t("{where} ({type}) is not legal in its position: {reason}", where=where,
                                    type=str(raw.get("type"))[:40], reason=Inside(reason_of(e)))) from None
        return game

    @classmethod
    def loads(cls, text: str, what: Any = SAVED_GAME) -> "Game":
        what = as_text(what)
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            msg = e.msg[:-3] if e.msg.endswith(" at") else e.msg
            # the JSON reader's own words (English) stay as they are
            raise RecordError(t("The {what} is not valid JSON ({problem} at line {line}).", what=what,
                                problem=msg, line=e.lineno)) from None
        except (ValueError, RecursionError):
            # a number of thousands of digits, or values nested too deep to read
            raise RecordError(t("The {what} is not a game record this program can read.", what=what)) from None
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


