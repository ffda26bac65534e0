"""The game dictionary the score history stores: its documented shape checked, and
its optional parts filled in (see :mod:`canasta.store.database` for the shape).

Anything that does not have the shape raises ``ValueError``: from a caller that is a
bug, from a stored row it is damage (the database leaves such a row out).
"""

from __future__ import annotations

import json
import uuid
from datetime import datetime
from typing import Any

from ..vocab import SEAT_KINDS
from .names import check_name, check_text


def now() -> str:
    return datetime.now().astimezone().isoformat(timespec="seconds")


#: No score, total or count the game stores comes near this; larger ones are damage.
MAX_POINTS = 10**9


def whole(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} must be an integer, not {type(value).__name__}")
    if not -MAX_POINTS <= value <= MAX_POINTS:
        raise ValueError(f"{what} is out of range")
    return value


def text_field(value: Any, what: str, limit: int = 64) -> str:
    try:
        return check_text(value, limit)
    except ValueError as exc:
        raise ValueError(f"{what} {exc}") from None


def check_deal(deal: Any, number: int, teams: int, seats: int, running: list[int]) -> dict[str, Any]:
    """One deal checked against its game (``running``: the totals before it); ValueError if wrong."""
    if not isinstance(deal, dict):
        raise ValueError(f"deal {number} must be a dictionary")
    scores = deal.get("scores")
    if not isinstance(scores, list) or len(scores) != teams:
        raise ValueError(f"deal {number} must have one score per team")
    scores = [whole(s, f"deal {number}'s score") for s in scores]
    totals = deal.get("totals", [total + score for total, score in zip(running, scores)])
    if not isinstance(totals, list) or len(totals) != teams:
        raise ValueError(f"deal {number} must have one total per team")
    totals = [whole(t, f"deal {number}'s total") for t in totals]
    items = deal.get("items", [{} for _ in range(teams)])
    if not isinstance(items, list) or len(items) != teams or not all(isinstance(i, dict) for i in items):
        raise ValueError(f"deal {number}'s items must be one dictionary per team")
    went_out = deal.get("went_out")
    if went_out is not None:
        went_out = whole(went_out, f"deal {number}'s went_out")
        if not 0 <= went_out < seats:
            raise ValueError(f"deal {number}'s went_out is not a seat")
    dealer = whole(deal.get("dealer", 0), f"deal {number}'s dealer")
    if not 0 <= dealer < seats:
        raise ValueError(f"deal {number}'s dealer is not a seat")
    return {
        "number": number,
        "dealer": dealer,
        "went_out": went_out,
        "concealed": bool(deal.get("concealed", False)),
        "items": items,
        "scores": scores,
        "totals": totals,
    }


def normalise_game(game: dict[str, Any]) -> dict[str, Any]:
    """Check a game dictionary's shape and fill in its optional parts.

    Returns a new dictionary with every key of the documented shape present (seats
    with their ``team``, deals with ``number`` and ``totals``). Raises ``ValueError``
    for a dictionary that does not have the documented shape: that is a bug in the
    caller, not a storage problem.
    """
    if not isinstance(game, dict):
        raise ValueError("a game must be a dictionary")
    team_names = game.get("team_names")
    if not isinstance(team_names, list) or len(team_names) < 2:
        raise ValueError("team_names must list at least two teams")
    teams = len(team_names)
    seats_in = game.get("seats")
    if not isinstance(seats_in, list) or len(seats_in) < 2:
        raise ValueError("seats must list at least two seats")
    seats = []
    for index, seat in enumerate(seats_in):
        if not isinstance(seat, dict) or seat.get("kind") not in SEAT_KINDS:
            raise ValueError(f"seat {index} must be a dictionary with kind {' or '.join(map(repr, SEAT_KINDS))}")
        seat = dict(seat)
        seat.setdefault("name", f"Player {index + 1}")
        seat.setdefault("level", None)
        try:
            seat["name"] = check_name(seat["name"])  # the check of a name typed in the settings
        except ValueError as exc:
            raise ValueError(f"seat {index}'s name {exc}") from None
        if seat["level"] is not None:
            seat["level"] = text_field(seat["level"], f"seat {index}'s level", 24)
        seat["team"] = whole(seat.get("team", index % teams), f"seat {index}'s team")
        if not 0 <= seat["team"] < teams:
            raise ValueError(f"seat {index}'s team is out of range")
        seats.append(seat)

    deals = []
    running = [0] * teams
    deals_in = game.get("deals", [])
    if not isinstance(deals_in, list):
        raise ValueError("deals must be a list")
    for number, deal in enumerate(deals_in, start=1):
        deals.append(check_deal(deal, number, teams, len(seats), running))
        running = list(deals[-1]["totals"])

    final_totals = game.get("final_totals", running)
    if not isinstance(final_totals, list) or len(final_totals) != teams:
        raise ValueError("final_totals must have one total per team")
    final_totals = [whole(t, "a final total") for t in final_totals]
    winners = game.get("winners")
    if winners is None:
        best = max(final_totals)
        winners = [team for team, total in enumerate(final_totals) if total == best]
    if not isinstance(winners, list):
        raise ValueError("winners must be a list of teams")
    winners = [whole(w, "a winner") for w in winners]
    if not all(0 <= w < teams for w in winners):
        raise ValueError("a winner is not a team")

    if "human_team" in game:
        human_team = game["human_team"]
        if human_team is not None:
            human_team = whole(human_team, "human_team")
            if not 0 <= human_team < teams:
                raise ValueError("human_team is not a team")
    else:
        humans = [seat["team"] for seat in seats if seat["kind"] == "human"]
        human_team = seats[0]["team"] if seats[0]["kind"] == "human" else (humans[0] if humans else None)

    variant = game.get("variant")
    if not isinstance(variant, str) or not variant:
        raise ValueError("variant must be a name")
    variant = text_field(variant, "variant")
    options = game.get("options", {})
    if not isinstance(options, dict):
        raise ValueError("options must be a dictionary")
    if "target_score" in options:
        whole(options["target_score"], "the target score")
    game_record = game.get("record")  # the engine's game record, for replay (optional)
    if game_record is not None and not isinstance(game_record, dict):
        raise ValueError("record must be the game record's dictionary")
    result = {
        "uid": text_field(str(game.get("uid") or uuid.uuid4().hex), "uid"),
        "started_at": text_field(str(game.get("started_at") or now()), "started_at"),
        "finished_at": text_field(str(game.get("finished_at") or now()), "finished_at"),
        "variant": variant,
        "options": options,
        "seats": seats,
        "team_names": [text_field(str(name), "a team's name", 200) for name in team_names],
        "human_team": human_team,
        "deals": deals,
        "final_totals": final_totals,
        "winners": winners,
    }
    if game_record is not None:
        result["record"] = game_record
    json.dumps(result)  # a TypeError here means something that is not JSON-able
    return result
