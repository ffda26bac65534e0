"""Figures over the recorded games, from the human side's point of view: games played
and won (by game and by the opponents' level), deals, the best deal, canastas made and
going out. Games left before their end (no winner) are counted apart."""

from __future__ import annotations

from typing import Any

from ..engine.registry import counted_items
from .gamedict import MAX_POINTS


def opponents_level(game: dict[str, Any]) -> str | None:
    """The level of the human team's opponents.

    The common level of the computer opponents, ``"mixed"`` if they differ,
    ``"human"`` if any opponent is a person (a hot-seat game), ``None`` if there
    is no human team.
    """
    human_team = game["human_team"]
    if human_team is None:
        return None
    opponents = [seat for seat in game["seats"] if seat["team"] != human_team]
    if any(seat["kind"] == "human" for seat in opponents):
        return "human"
    levels = {str(seat.get("level") or "unknown") for seat in opponents}
    return levels.pop() if len(levels) == 1 else "mixed"


def canasta_count(items: dict[str, Any]) -> int:
    """How many canastas one team's itemised deal result shows.

    Reads ``"canastas"`` (a count, or a ``{kind: count}`` dictionary) when present,
    otherwise adds up the items that count canastas as the games name them
    (:func:`canasta.engine.registry.counted_items`: every game's ``CANASTA_ITEMS``, such
    as ``natural_canastas``, ``mixed_canastas``, or a game's books and bolivias).
    """

    def count(value: Any) -> int:
        return value if isinstance(value, int) and not isinstance(value, bool) and 0 < value <= MAX_POINTS else 0

    if "canastas" in items:
        value = items["canastas"]
        if isinstance(value, dict):
            return sum(count(v) for v in value.values())
        return count(value)
    counted = counted_items()
    return sum(count(v) for k, v in items.items() if k in counted)


def compute_statistics(games: list[dict[str, Any]]) -> dict[str, Any]:
    """The figures of :meth:`ScoreDatabase.statistics` for normalised games (with deals)."""
    stats: dict[str, Any] = {
        "games_recorded": len(games),
        "games_played": 0,
        "games_unfinished": 0,
        "games_won": 0,
        "by_variant": {},
        "by_level": {},
        "deals_played": 0,
        "average_deal_score": None,
        "best_deal": None,
        "canastas_made": 0,
        "went_out": 0,
        "went_out_concealed": 0,
    }
    deal_score_sum = 0
    for game in games:
        team = game["human_team"]
        if team is None:
            continue
        if not game["winners"]:  # left before its end: listed, never counted as lost
            stats["games_unfinished"] += 1
            continue
        won = team in game["winners"]
        stats["games_played"] += 1
        stats["games_won"] += won
        for table, key in (("by_variant", game["variant"]), ("by_level", opponents_level(game))):
            entry = stats[table].setdefault(key, {"played": 0, "won": 0})
            entry["played"] += 1
            entry["won"] += won
        for deal in game["deals"]:
            score = deal["scores"][team]
            stats["deals_played"] += 1
            deal_score_sum += score
            best = stats["best_deal"]
            if best is None or score > best["score"]:
                stats["best_deal"] = {
                    "score": score,
                    "game_id": game.get("id"),
                    "number": deal["number"],
                    "finished_at": game["finished_at"],
                    "variant": game["variant"],
                }
            stats["canastas_made"] += canasta_count(deal["items"][team])
            went_out = deal["went_out"]
            if went_out is not None and game["seats"][went_out]["team"] == team:
                stats["went_out"] += 1
                stats["went_out_concealed"] += bool(deal["concealed"])
    if stats["deals_played"]:
        stats["average_deal_score"] = deal_score_sum / stats["deals_played"]
    return stats
