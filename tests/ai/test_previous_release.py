"""The previous release of the medium and hard players (``medium-r1``, ``hard-r1``, before
issue #15) stays exactly the player it was, so that the arena's "each level beats its
previous release" keeps measuring against the same opponent.

The fingerprints below were taken at commit 6506fad, where ``medium`` and ``hard`` were
these players: six seeded deals played by four release-1 medium players (every action
and the final scores), and six decisions of the release-1 hard player in a seeded deal."""

import hashlib

import pytest

from canasta.ai import ARENA_LEVELS, LEVELS, make_player
from canasta.ai.policy import trivial
from canasta.engine import Rules, apply_in_place, legal_actions, new_game
from canasta.engine.observe import observe
from canasta.engine.state import DEAL_OVER, GAME_OVER

MEDIUM_R1 = "1c526d5b4d523df4"
HARD_R1 = "5632a6accdefc8e8"


def _medium_trace(level: str) -> str:
    h = hashlib.sha256()
    for sd in range(6):
        st = new_game(Rules(players=4), seed=f"r1:{sd}", dealer=sd % 4)
        players = [make_player(level) for _ in range(4)]
        while st.phase not in (DEAL_OVER, GAME_OVER):
            legal = legal_actions(st)
            a = players[st.to_act].choose(observe(st, st.to_act), legal)
            h.update(repr(a).encode())
            apply_in_place(st, a)
        h.update(repr(st.result.scores).encode())
    return h.hexdigest()[:16]


def _hard_trace(level: str, medium: str, n: int = 6) -> str:
    h = hashlib.sha256()
    st = new_game(Rules(players=4), seed="r1:hard", dealer=0)
    m = make_player(medium)
    hard = make_player(level, seed=3, cap_ms=60000)
    done = 0
    while st.phase not in (DEAL_OVER, GAME_OVER) and done < n:
        legal = legal_actions(st)
        ob = observe(st, st.to_act)
        if trivial(legal) is None and st.to_act == 0:
            h.update(repr(hard.choose(ob, legal)).encode())
            done += 1
        apply_in_place(st, m.choose(ob, legal))
    return h.hexdigest()[:16]


def test_medium_r1_plays_exactly_as_released():
    assert _medium_trace("medium-r1") == MEDIUM_R1


def test_hard_r1_decides_exactly_as_released():
    assert _hard_trace("hard-r1", "medium-r1") == HARD_R1


def test_previous_release_is_for_the_arena_only():
    assert "hard-r1" in ARENA_LEVELS and "medium-r1" in ARENA_LEVELS
    assert "hard-r1" not in LEVELS and "medium-r1" not in LEVELS
    assert make_player("hard-r1").level == "hard-r1"
    with pytest.raises(ValueError):
        make_player("hard-r9")
