"""Helpers for the computer players' tests: positions met in real deals."""

from __future__ import annotations

import pytest

from canasta.engine import Rules, apply_in_place, legal_actions, new_game
from canasta.engine.observe import observe


def positions(rules: Rules, seed: str, every: int = 1, limit: int = 10_000):
    """(state, seat, observation, legal) at each decision of a deal played by medium players."""
    from canasta.ai import make_player

    med = make_player("medium")
    st = new_game(rules, seed=seed, dealer=0)
    k = 0
    while not st.deal_over and k < limit:
        seat = st.to_act
        legal = legal_actions(st)
        ob = observe(st, seat)
        if k % every == 0:
            yield st, seat, ob, legal
        apply_in_place(st, med.choose(ob, legal))
        k += 1


@pytest.fixture
def fast_hard():
    """A hard player with a small fixed number of worlds (fast enough for tests)."""
    from canasta.ai import make_player

    return make_player("hard", seed=3, budget_ms=40)


class _StoppedClock:
    """The hard player's safety cap reads the clock; stopped, a loaded machine cannot
    cut a search short, which is the only way timing may change a decision."""

    @staticmethod
    def perf_counter() -> float:
        return 0.0


@pytest.fixture
def stopped_clock(monkeypatch):
    from canasta.ai import search
    monkeypatch.setattr(search, "time", _StoppedClock)
