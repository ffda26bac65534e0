"""What the score history keeps of a finished game: :func:`finished_game_summary`, the
dictionary :meth:`canasta.store.ScoreDatabase.record_game` takes, for a game played
at this computer's table (:mod:`canasta.ui.session`) or online
(:mod:`canasta.ui.online.play`)."""

from __future__ import annotations

import uuid
from dataclasses import asdict
from typing import Any

from ..engine.record import Game
from ..engine.rules import Rules
from ..vocab import COMPUTER, HUMAN
from .games import preset_of
from .table import SeatConfig


def team_names(seats: list[SeatConfig], rules: Rules) -> list[str]:
    """Each side's players' names, joined by " & " (partners sit every ``teams`` seats)."""
    r = rules.resolved()
    return [" & ".join(seats[s].name for s in range(r.players) if s % r.teams == t) for t in range(r.teams)]


def finished_game_summary(game: Game, seats: list[SeatConfig], meta: dict[str, Any]) -> dict[str, Any]:
    """The dictionary :meth:`ScoreDatabase.record_game` takes, for a finished game."""
    st = game.state
    r = st.rules
    deals = [{
        "dealer": res.dealer,
        "went_out": res.went_out,
        "concealed": bool(res.concealed),
        "items": [asdict(it) for it in res.items],
        "scores": list(res.scores),
        "totals": list(res.totals),
    } for res in st.history]
    out: dict[str, Any] = {
        "uid": meta.get("uid") or uuid.uuid4().hex,
        "variant": meta.get("preset") or preset_of(r),
        "options": r.to_dict(),
        "seats": [{"name": s.name, "kind": HUMAN if s.human else COMPUTER,
                   "level": None if s.human else s.level} for s in seats],
        "team_names": team_names(seats, r),
        "deals": deals,
        "final_totals": list(st.history[-1].totals) if st.history else list(st.scores),
        "winners": list(st.winners),
        "record": game.to_json(),  # kept for Review (replay and coach)
    }
    if meta.get("started_at"):
        out["started_at"] = meta["started_at"]
    return out
