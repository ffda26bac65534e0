"""A state sampled from an observation shows that seat exactly the same observation,
public history included, and agrees with what the history tells."""

import random
from dataclasses import replace

import pytest

from canasta.engine import Rules, apply_in_place, legal_actions, new_game
from canasta.engine.history import held_from, pile_from
from canasta.engine.cards import KIND_OF
from canasta.engine.observe import observe, sample_state, unseen_cards
from canasta.engine.state import DEAL_OVER, GAME_OVER


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
            assert observe(world, seat) == ob
            # the unseen cards by kind, as the players count them
            by_kind = [0] * len(ob.unseen_by_kind())
            for c in unseen_cards(ob):
                by_kind[KIND_OF[c]] += 1
            assert ob.unseen_by_kind() == by_kind == replace(ob).unseen_by_kind()
            locations = world.all_card_locations()
            assert len(locations) == len(set(locations)) == world.total_cards
            # the history's facts hold in the sampled world
            assert world.pile == st.pile == pile_from(ob.public_history)
            for s, cards in enumerate(held_from(ob.public_history, players)):
                assert set(cards) <= set(world.hands[s]), "a card seen taken is not with its holder"
            assert [len(h) for h in world.hands] == [len(h) for h in st.hands]
            assert len(world.stock) == len(st.stock)
            checked += 1
            legal = legal_actions(st)
            apply_in_place(st, legal[rng.randrange(len(legal))])
    assert checked > 100


def test_sampled_worlds_differ_in_what_is_hidden():
    st = new_game(Rules(players=4), seed="sample-differ")
    for _ in range(30):
        legal = legal_actions(st)
        apply_in_place(st, legal[0])
    ob = observe(st, st.to_act)
    worlds = [sample_state(ob, random.Random(k)) for k in range(4)]
    hidden = {(tuple(sorted(w.hands[(ob.seat + 1) % 4])), tuple(w.stock)) for w in worlds}
    assert len(hidden) == 4
    # the same random numbers, the same world
    assert sample_state(ob, random.Random(1)) == sample_state(ob, random.Random(1))
