"""The fast enumerators of legal actions against the reference ones.

``canasta.engine.options.legal_actions_reference`` enumerates the legal actions the way the engine
first did, every candidate through the full validators; ``legal_actions`` takes
shortcuts (candidates judged from their counts, costly searches skipped when they
cannot succeed). At every position of many seeded random games, in every game and
under several Classic options, both must give the same list in the same order, and
the fast going-out plan must be the reference one.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from canasta.engine import Discard, Draw, Rules, apply_in_place, legal_actions, new_game
from canasta.engine.going_out import going_out_plan, going_out_plan_reference
from canasta.engine.options import legal_actions_reference
from canasta.engine.state import DEAL_OVER, GAME_OVER, PLAY

TABLES = [
    {"variant": "classic", "players": 4},
    {"variant": "classic", "players": 2},
    {"variant": "classic", "players": 3},
    {"variant": "classic", "players": 6},
    {"variant": "classic", "players": 6, "teams": 2},
    {"variant": "classic", "players": 4, "more_naturals_than_wilds": True, "melds_close": True},
    {"variant": "classic", "players": 4, "pile_always_frozen": True, "wild_limit": 1, "canasta_size": 4},
    {"variant": "classic", "players": 2, "canastas_to_go_out": 0, "stock_exhausted": "end"},
    {"variant": "classic", "players": 4, "canastas_to_go_out": 3, "black_three_freezes": True},
    {"variant": "samba", "players": 4},
    {"variant": "bolivia", "players": 4},
    {"variant": "american", "players": 4},
    {"variant": "hand_and_foot", "players": 4},
]


def _compare_game(options: dict, game: int, deals: int = 2, bias: float = 0.5) -> int:
    """Play a seeded random game, comparing the fast and the reference enumerators at
    every position; returns how many positions were compared."""
    rng = random.Random(f"ref|{sorted(options.items())}|{game}")
    st = new_game(Rules(**options), seed=f"ref-{game}")
    seen = 0
    played = 0
    while True:
        while st.phase not in (DEAL_OVER, GAME_OVER):
            fast = legal_actions(st)
            ref = legal_actions_reference(st)
            assert fast == ref, (options, game, st)
            assert [type(a) for a in fast] == [type(a) for a in ref]
            if st.phase == PLAY:
                assert going_out_plan(st, st.turn) == going_out_plan_reference(st, st.turn), (options, game)
            seen += 1
            rich = [a for a in fast if not isinstance(a, (Draw, Discard))]
            a = rng.choice(rich) if rich and rng.random() < bias else rng.choice(fast)
            apply_in_place(st, a)
        played += 1
        if st.phase == GAME_OVER or played >= deals:
            return seen
        apply_in_place(st, legal_actions(st)[0])


@pytest.mark.parametrize("options", TABLES, ids=lambda o: "-".join(str(v) for v in o.values()))
def test_fast_legal_actions_equal_the_reference(options):
    games = 30 if options["variant"] == "classic" else 6
    seen = sum(_compare_game(options, g, bias=(0.2, 0.5, 0.8)[g % 3]) for g in range(games))
    assert seen > 500


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=hs.integers(0, 10**6), players=hs.sampled_from([2, 3, 4, 6]),
       wild_limit=hs.integers(1, 4), size=hs.integers(4, 8), out=hs.integers(0, 3),
       more_naturals=hs.booleans(), close=hs.booleans(), frozen=hs.booleans(), bias=hs.floats(0, 1))
def test_fast_legal_actions_equal_the_reference_under_any_options(seed, players, wild_limit, size, out,
                                                                   more_naturals, close, frozen, bias):
    options = {"variant": "classic", "players": players, "wild_limit": wild_limit, "canasta_size": size,
               "canastas_to_go_out": out, "more_naturals_than_wilds": more_naturals, "melds_close": close,
               "pile_always_frozen": frozen}
    _compare_game(options, seed, deals=1, bias=bias)
