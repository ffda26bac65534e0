"""A state sampled from an observation shows that seat exactly the same observation."""

import random

import pytest

from canasta.engine import Rules, apply_in_place, legal_actions, new_game
from canasta.engine.observe import observe, sample_state
from canasta.engine.state import DEAL_OVER, GAME_OVER

FIELDS = ("hand", "hand_sizes", "known", "melds", "red3", "pile_top", "pile_size", "pile_cards",
          "sideways", "frozen", "stock_size", "scores", "turn", "phase", "played")


@pytest.mark.parametrize("players,option", [(2, {}), (3, {}), (4, {}), (6, {}),
                                            (4, {"black_three_freezes": True})])
def test_sampled_states_agree_with_the_observation(players, option):
    rng = random.Random(players)
    checked = 0
    for g in range(6):
        st = new_game(Rules(players=players, **option), seed=f"sample-{g}")
        while st.phase not in (DEAL_OVER, GAME_OVER):
            seat = st.to_act
            ob = observe(st, seat)
            world = sample_state(ob, random.Random(checked))
            again = observe(world, seat)
            for f in FIELDS:
                assert getattr(again, f) == getattr(ob, f), f
            locations = world.all_card_locations()
            assert len(locations) == len(set(locations)) == world.total_cards
            checked += 1
            legal = legal_actions(st)
            apply_in_place(st, legal[rng.randrange(len(legal))])
    assert checked > 100
