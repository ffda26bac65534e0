"""The table server's protocol, version 2: JSON text messages over a WebSocket.

Every message is one JSON object of at most :data:`MAX_MESSAGE` bytes with ``"v": 2``
and a type ``"t"``. What a client may send (each checked here, field by field, before
the server looks at it; anything else is refused with a one-line ``error``):

``create``  ``game`` (a registered game), ``rules`` (options over the game's defaults),
            ``seats`` (one per player: ``"person"`` or a computer level), ``seat`` and
            ``name`` (the creator's), ``grace`` (seconds a dropped seat is held), ``level``
            (who plays for an absent person), ``fill`` (open seats still empty at the start
            become computers), ``pause`` (seconds a computer waits before it acts)
``join``    ``code``, ``seat``, ``name``
``resume``  ``code``, ``token`` (after a dropped connection)
``start``   the creator deals
``act``     ``action`` in the record's JSON form (:mod:`canasta.engine.codec`), ``n`` a
            number the client chooses, echoed with the action's result
``look``    ``code``: the table's seats (who is there, which are free), without sitting down
``chat``    ``text``: one line (at most :data:`MAX_CHAT` characters) for the whole table

What the server sends: ``welcome`` (on connecting), ``seated`` (code, seat, token),
``table`` (the seats and who is there), ``commit`` (a deal's shuffle commitment),
``update`` (an action's public events and the seat's new observation), ``reveal`` (a
finished deal's seed and salt, and the game's record so far with the seeds of the
finished deals: everything in it is public once the deal is over), ``chat`` (seat,
name, text), ``closing`` (the host is closing the table; it comes back with them),
``error`` (one sentence). A seat receives only its own
observation (:func:`canasta.engine.observe.observe`) and the events of each action
with every card it may not see replaced by -1 (:func:`event_json`).

Version 2: a deal's score lines carry their words as messages, not as English: a word
with arguments is ``{"msg", "args"}`` (with ``"plural"``/``"n"`` and ``"ctx"`` where it
has them), a figure written with a thousands comma ``{"grouped": n}``, a word without
arguments its message key; each window says them in its player's language.
"""

from __future__ import annotations

import json
import math
import secrets
from dataclasses import asdict, fields
from typing import Any, Optional

from ..engine.codec import RecordError
from ..engine.events import Event
from ..engine.history import Shown
from ..engine.observe import MeldView, Observation
from ..engine.record import action_from_json, action_to_json
from ..engine.rules import Rules, RulesError
from ..engine.state import DealResult, Grouped, ScoreLine, TeamItems
from ..i18n import Text, from_parts
from ..engine.registry import default_name
from ..engine.variants import names as game_names
from ..store.names import check_name
from ..store.safejson import DamagedJSON, loads
from ..vocab import AI_LEVELS

VERSION = 2
MAX_MESSAGE = 64 * 1024
#: letters and digits of table codes: none that looks like another (no 0/O, 1/I/L, 5/S, 2/Z, 8/B)
CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679"
CODE_LENGTH = 6
TOKEN_BYTES = 24
PERSON = "person"
MAX_GRACE = 24 * 3600
MAX_PAUSE = 10.0
MAX_CHAT = 200
CLIENT_TYPES = ("create", "join", "resume", "start", "act", "look", "chat")


class ProtocolError(ValueError):
    """A message the server refuses; ``str()`` is the one-line reply."""


def one_line(text: str, limit: int = 200) -> str:
    """``text`` as one printable line of at most ``limit`` characters (a refusal may
    quote what the client sent, which can be anything)."""
    text = "".join(ch if ch.isprintable() else " " for ch in text)
    return text if len(text) <= limit else text[:limit - 1] + "\u2026"


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def encode(message: dict) -> str:
    return json.dumps({"v": VERSION, **message}, separators=(",", ":"), ensure_ascii=False)


# -- reading what a client sends -----------------------------------------------------

def _int(d: dict, key: str, low: int, high: int) -> int:
    v = d.get(key)
    if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
        raise ProtocolError(f"'{key}' must be a whole number from {low} to {high}.")
    return v


def _number(d: dict, key: str, low: float, high: float, default: float) -> float:
    v = d.get(key, default)
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or not low <= v <= high:
        raise ProtocolError(f"'{key}' must be a number from {low:g} to {high:g}.")
    return float(v)


def _text(d: dict, key: str, limit: int) -> str:
    v = d.get(key)
    if not isinstance(v, str) or not v or len(v) > limit:
        raise ProtocolError(f"'{key}' must be text of at most {limit} characters.")
    return v


def _name(d: dict) -> str:
    try:
        return check_name(d.get("name"))
    except ValueError as e:
        raise ProtocolError(f"The name {e}.") from None


def _code(d: dict) -> str:
    code = d.get("code")
    if not isinstance(code, str) or len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code.upper()):
        raise ProtocolError("That is not a table code (six letters and digits).")
    return code.upper()


def parse(data: Any) -> dict:
    """The checked message a client sent (``t`` and its fields, nothing else), or
    :class:`ProtocolError` saying what is wrong."""
    if isinstance(data, (bytes, bytearray)):
        raise ProtocolError("Messages must be JSON text, not binary.")
    if not isinstance(data, str) or len(data.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        raise ProtocolError(f"A message may be at most {MAX_MESSAGE // 1024} KiB.")
    try:
        d = loads(data)
    except DamagedJSON:
        raise ProtocolError("The message is not JSON.") from None
    if not isinstance(d, dict):
        raise ProtocolError("A message must be a JSON object.")
    if d.get("v") != VERSION or isinstance(d.get("v"), bool):
        raise ProtocolError(f"This server speaks protocol version {VERSION}.")
    t = d.get("t")
    if t not in CLIENT_TYPES:
        raise ProtocolError("Unknown message type.")
    return _READERS[t](d)


def _read_create(d: dict) -> dict:
    game = d.get("game", default_name())
    if game not in game_names():
        raise ProtocolError(f"Unknown game: choose one of {', '.join(game_names())}.")
    options = d.get("rules", {})
    if not isinstance(options, dict) or len(options) > 64:
        raise ProtocolError("'rules' must be an object of at most 64 options.")
    try:
        rules = Rules.from_dict({**options, "variant": game})
        resolved = rules.resolved()
    except (RulesError, TypeError, ValueError, OverflowError) as e:
        raise ProtocolError(f"The rules are not valid: {str(e).splitlines()[0][:200]}") from None
    seats = d.get("seats")
    players = resolved.players
    if not isinstance(seats, list) or len(seats) != players:
        raise ProtocolError(f"'seats' must list the {players} seats.")
    for s in seats:
        if s != PERSON and s not in AI_LEVELS:
            raise ProtocolError(f"A seat is '{PERSON}' or a computer level ({', '.join(AI_LEVELS)}).")
    seat = _int(d, "seat", 0, players - 1)
    if seats[seat] != PERSON:
        raise ProtocolError("The creator's own seat must be a person's.")
    level = d.get("level", "medium")
    if level not in AI_LEVELS:
        raise ProtocolError(f"'level' must be one of {', '.join(AI_LEVELS)}.")
    fill = d.get("fill", True)
    if not isinstance(fill, bool):
        raise ProtocolError("'fill' must be true or false.")
    return {"t": "create", "rules": rules, "seats": list(seats), "seat": seat, "name": _name(d),
            "grace": _number(d, "grace", 0, MAX_GRACE, 90), "level": level, "fill": fill,
            "pause": _number(d, "pause", 0, MAX_PAUSE, 0.6)}


def _read_join(d: dict) -> dict:
    return {"t": "join", "code": _code(d), "seat": _int(d, "seat", 0, 15), "name": _name(d)}


def _read_resume(d: dict) -> dict:
    return {"t": "resume", "code": _code(d), "token": _text(d, "token", 64)}


def _read_start(d: dict) -> dict:
    return {"t": "start"}


def _read_act(d: dict) -> dict:
    action = d.get("action")
    if not isinstance(action, dict):
        raise ProtocolError("'action' must be an action object.")
    return {"t": "act", "action": action, "n": _int(d, "n", 0, 2**31)}


def _read_look(d: dict) -> dict:
    return {"t": "look", "code": _code(d)}


def _read_chat(d: dict) -> dict:
    text = d.get("text")
    if not isinstance(text, str) or len(text) > MAX_CHAT:
        raise ProtocolError(f"A chat line is text of at most {MAX_CHAT} characters.")
    text = " ".join(one_line(text, MAX_CHAT).split())
    if not text:
        raise ProtocolError("A chat line needs some text.")
    return {"t": "chat", "text": text}


_READERS = {"create": _read_create, "join": _read_join, "resume": _read_resume, "start": _read_start,
            "act": _read_act, "look": _read_look, "chat": _read_chat}


def read_action(raw: dict, rules: Rules, limit: int):
    """The engine action of an ``act`` message, or ProtocolError."""
    try:
        return action_from_json(raw, limit, "The action", rules)
    except RecordError as e:
        raise ProtocolError(str(e)) from None


def action_json(action, rules: Rules) -> dict:
    return action_to_json(action, rules)


# -- what a seat may see -------------------------------------------------------------

_PUBLIC_ZONES = ("pile", "meld", "red3")
#: events other than moves whose card is a public one (the pile's freezing card)
_PUBLIC_CARD_EVENTS = ("frozen",)


def visible(zone: tuple, seat: int) -> bool:
    return bool(zone) and (zone[0] in _PUBLIC_ZONES or (zone[0] == "hand" and zone[1] == seat))


def event_json(e: Event, seat: int) -> list:
    """An event as ``seat`` may see it: [kind, card (-1 when hidden), src, dst, seat, team, info]."""
    card = e.card
    if card >= 0:
        if e.kind == "move":
            if not (visible(e.src, seat) or visible(e.dst, seat)):
                card = -1
        elif e.kind not in _PUBLIC_CARD_EVENTS:
            card = -1
    return [e.kind, card, list(e.src), list(e.dst), e.seat, e.team, _value_json(e.info)]


def event_from_json(v: list) -> Event:
    kind, card, src, dst, seat, team, info = v
    if kind == "deal_over":
        info = result_from_json(info)
    elif isinstance(info, list):
        info = tuple(info) if kind == "deal_started" else info
    return Event(kind, card, tuple(src), tuple(dst), seat, team, info)


def _value_json(v: Any) -> Any:
    if isinstance(v, DealResult):
        return result_json(v)
    if isinstance(v, (list, tuple)):
        return [_value_json(x) for x in v]
    if v is None or isinstance(v, (bool, int, float, str)):
        return v
    return str(v)


def _words_json(v: Any) -> Any:
    """A score line's words as the message and its arguments, not as English: each
    window renders them in its player's language (a word without arguments is its key,
    a plain string, as before)."""
    if isinstance(v, Text) and (v.args or v.plural is not None or getattr(v, "context", None)):
        d: dict = {"msg": v.key, "args": {k: _words_json(a) for k, a in v.args.items()}}
        if v.plural is not None:
            d["plural"], d["n"] = v.plural, v.n
        if getattr(v, "context", None):
            d["ctx"] = v.context
        return d
    if isinstance(v, Grouped):
        return {"grouped": int(v)}
    if isinstance(v, (list, tuple)):
        return [_words_json(x) for x in v]
    return v


def _words_from(v: Any) -> Any:
    """The words :func:`_words_json` sent (what is not well formed stays as it came)."""
    if isinstance(v, dict):
        if set(v) == {"grouped"} and isinstance(v["grouped"], int) and not isinstance(v["grouped"], bool):
            return Grouped(v["grouped"])
        msg, args = v.get("msg"), v.get("args", {})
        if isinstance(msg, str) and isinstance(args, dict) and len(args) <= 16:
            plural, n, ctx = v.get("plural"), v.get("n"), v.get("ctx")
            if plural is not None and not (isinstance(plural, str) and isinstance(n, int)):
                plural, n = None, None
            return from_parts(msg, plural, n, {str(k): _words_from(a) for k, a in args.items()},
                                 ctx if isinstance(ctx, str) else None)
        return str(msg or "")
    if isinstance(v, list):
        return [_words_from(x) for x in v]
    return v


def _line_json(line: ScoreLine) -> list:
    return [_words_json(line.label), line.points, _words_json(line.detail)]


def _line_from(v: list) -> ScoreLine:
    label, points, *rest = v
    return ScoreLine(_word_from(label), points, *[_word_from(x) for x in rest])


def _word_from(v: Any) -> Any:
    # a label or detail without arguments is its message key, read in the catalog where shown
    return Text(v) if isinstance(v, str) and not isinstance(v, Text) else _words_from(v)


def result_json(r: DealResult) -> dict:
    d = asdict(r)
    d["items_of"] = [type(t).__name__ for t in r.items]
    d["lines"] = [[_line_json(line) for line in team] for team in r.lines]
    for i, items in enumerate(r.items):
        if isinstance(getattr(items, "rows", None), list):
            d["items"][i]["rows"] = [_line_json(line) for line in items.rows]
    return d


def _items_class(name: str) -> type:
    todo = [TeamItems]
    while todo:
        cls = todo.pop()
        if cls.__name__ == name:
            return cls
        todo.extend(cls.__subclasses__())
    raise ValueError(f"unknown score items {name!r}")


def _items_from(name: str, t: dict) -> TeamItems:
    if isinstance(t.get("rows"), list):     # Modern American's score lines
        t = {**t, "rows": [_line_from(line) for line in t["rows"]]}
    return _items_class(name)(**t)


def result_from_json(d: Any) -> Optional[DealResult]:
    if d is None:
        return None
    return DealResult(d["number"], d["dealer"], d["went_out"], d["concealed"],
                      [_items_from(k, t) for k, t in zip(d["items_of"], d["items"])], list(d["totals"]),
                      [dict(c) for c in d["canastas"]],
                      [[_line_from(line) for line in team] for team in d["lines"]])


def _tuples(v: Any) -> Any:
    return tuple(_tuples(x) for x in v) if isinstance(v, list) else v


_OBS_FIELDS = [f.name for f in fields(Observation) if f.name != "memo"]


def observation_json(ob: Observation) -> dict:
    """Every field of the observation (and nothing else), ready for ``json.dumps``
    (tuples and named tuples go as lists)."""
    out: dict[str, Any] = {}
    for name in _OBS_FIELDS:
        v = getattr(ob, name)
        if name == "rules":
            v = _rules_json(v)
        elif name == "result":
            v = None if v is None else result_json(v)
        elif name == "history":
            v = [result_json(r) for r in v]
        elif name not in _PLAIN_FIELDS:
            v = _value_json(v)
        out[name] = v
    return out


#: fields json.dumps writes as they are: numbers, text, and tuples of them (named or not)
_PLAIN_FIELDS = frozenset(("seat", "to_act", "hand", "hand_sizes", "stock_size", "pile", "melds", "red3",
                           "foot_sizes", "talon_sizes", "known", "sideways", "counts", "minimums", "deal_number",
                           "dealer", "turn", "phase", "frozen", "asked", "permission", "melded_this_turn",
                           "took_pile", "played_before_turn", "partner_added", "scores", "played",
                           "turns_taken", "winners", "public_history"))
_RULES_JSON: dict[int, tuple[Rules, dict]] = {}


def _rules_json(rules: Rules) -> dict:
    got = _RULES_JSON.get(id(rules))
    if got is None or got[0] is not rules:
        if len(_RULES_JSON) > 1000:
            _RULES_JSON.clear()
        got = _RULES_JSON[id(rules)] = (rules, rules.to_dict())
    return got[1]


def observation_from_json(d: dict) -> Observation:
    """The Observation a client was sent (equal to the server's ``observe``)."""
    values = []
    for name in _OBS_FIELDS:
        v = d[name]
        if name == "rules":
            v = Rules.from_dict(v)
        elif name == "result":
            v = result_from_json(v)
        elif name == "history":
            v = tuple(result_from_json(r) for r in v)
        elif name == "melds":
            v = tuple(tuple(MeldView(m[0], tuple(m[1]), *m[2:]) for m in team) for team in v)
        elif name == "public_history":
            v = tuple(Shown(s[0], s[1], tuple(s[2]), s[3]) for s in v)
        else:
            v = _tuples(v)
        values.append(v)
    return Observation(*values)
