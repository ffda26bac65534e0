"""Actions as JSON (the record, the save file, the journal): one encoder and one
decoder per action type, found through the action table (``core.ACTIONS``).

An encoded action is an object with a ``"type"`` (the action's name in the table)
and its fields. Decoding checks every value and raises :class:`RecordError` with a
sentence naming what is wrong.
"""

from __future__ import annotations

from typing import Any, Optional

from ..i18n import Text, t
from .actions import Answer, Ask, Discard, Draw, Group, Meld, NextDeal, Pass, TakePile


def quoted(value: Any, most: int = 40) -> str:
    """``repr`` of a value a message quotes from a file, a long one cut short (a
    record is another person's file: its values may be of any size)."""
    text = repr(value)
    return text if len(text) <= most else text[:most] + "..."


class RecordError(ValueError):
    """A record that cannot be played back; the message says why in one sentence (a
    :class:`~canasta.i18n.Text`: ``exc.args[0]``, rendered with ``tr`` where it is shown)."""


def as_text(value: Any) -> Text:
    """A sentence (a message of the catalog, or a plain ``str``) as an argument of another
    sentence, so that it is rendered in the language in use too."""
    return value if isinstance(value, Text) else Text(str(value))


def reason_of(exc: BaseException) -> Text:
    """An exception's sentence as a :class:`~canasta.i18n.Text` (``str(exc)`` would lose
    the message it was built from)."""
    first = exc.args[0] if len(exc.args) == 1 and isinstance(exc.args[0], str) else str(exc)
    return as_text(first)


def card_from(value: Any, limit: int, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < limit:
        raise RecordError(t("{where}: {value} is not a card of this game.", where=where, value=quoted(value)))
    return value


def cards_from(value: Any, limit: int, where: str) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise RecordError(t("{where}: expected a list of cards.", where=where))
    return tuple(card_from(v, limit, where) for v in value)


def meld_id_from(value: Any, where: str) -> Optional[int]:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise RecordError(t("{where}: {value} is not a meld.", where=where, value=quoted(value)))
    return value


def group_to_json(g: Group) -> dict[str, Any]:
    d: dict[str, Any] = {"cards": list(g.cards)}
    if g.onto is not None:
        d["onto"] = g.onto
    return d


def group_from(value: Any, limit: int, where: str) -> Group:
    if not isinstance(value, dict):
        raise RecordError(t("{where}: a meld group must be an object.", where=where))
    return Group(cards_from(value.get("cards"), limit, where), meld_id_from(value.get("onto"), where))


def groups_from(value: Any, limit: int, where: str, group=group_from) -> tuple:
    if not isinstance(value, list):
        raise RecordError(t("{where}: melds must be a list.", where=where))
    return tuple(group(g, limit, where) for g in value)


# -- one encoder and one decoder per action type (the decoders get the object
#    without needing its "type", which the table has already matched) ----------------

def no_fields(a) -> dict[str, Any]:
    return {}


def take_to_json(a: TakePile) -> dict[str, Any]:
    d: dict[str, Any] = {"with": list(a.with_cards), "melds": [group_to_json(g) for g in a.melds]}
    if a.onto is not None:
        d["onto"] = a.onto
    return d


def take_from(d: dict, limit: int, where: str) -> TakePile:
    return TakePile(cards_from(d.get("with", []), limit, where), groups_from(d.get("melds", []), limit, where),
                    meld_id_from(d.get("onto"), where))


def meld_to_json(a: Meld) -> dict[str, Any]:
    return {"groups": [group_to_json(g) for g in a.groups]}


def meld_from(d: dict, limit: int, where: str) -> Meld:
    groups = d.get("groups")
    if not isinstance(groups, list) or not groups:
        raise RecordError(t("{where}: a meld needs a list of groups.", where=where))
    return Meld(groups_from(groups, limit, where))


def discard_to_json(a: Discard) -> dict[str, Any]:
    return {"card": a.card}


def discard_from(d: dict, limit: int, where: str) -> Discard:
    return Discard(card_from(d.get("card"), limit, where))


def answer_to_json(a: Answer) -> dict[str, Any]:
    return {"yes": bool(a.yes)}


def answer_from(d: dict, limit: int, where: str) -> Answer:
    if not isinstance(d.get("yes"), bool):
        raise RecordError(t("{where}: an answer is yes: true or false.", where=where))
    return Answer(d["yes"])


def plain(cls):
    """The decoder of an action without fields."""
    def decode(d: dict, limit: int, where: str):
        return cls()
    return decode


draw_from, ask_from, pass_from, next_deal_from = plain(Draw), plain(Ask), plain(Pass), plain(NextDeal)
