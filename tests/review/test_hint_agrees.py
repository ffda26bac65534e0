"""The hint and the coach agree (issue #27): at every decision of a seat, the coach
judging the hint's move in its own worlds finds nothing clearly better, and the two
give the same fact behind the better move."""

from __future__ import annotations

import pytest

from canasta.ai.advice import advise, why
from canasta.ai.coach import judge, sentence
from canasta.engine import Rules, apply_in_place, legal_actions, new_game
from canasta.engine.observe import observe
from canasta.engine.state import DEAL_OVER, GAME_OVER
from canasta.ai.players import MediumPlayer
from canasta.ai.policy import trivial

WORLDS = 16
DECISIONS = 30


def decisions(variant: str, seed: str, most: int):
    """``most`` decisions of seat 0 in deals of medium players (as many deals as needed)."""
    med = MediumPlayer()
    found = deal = 0
    while found < most:
        st = new_game(Rules(variant=variant, players=4), seed=f"{seed}:{deal}", dealer=deal % 4)
        deal += 1
        while st.phase not in (DEAL_OVER, GAME_OVER) and found < most:
            legal = legal_actions(st)
            ob = observe(st, st.to_act)
            if st.to_act == 0 and trivial(legal) is None:
                found += 1
                yield ob, legal
            apply_in_place(st, med.choose(ob, legal))


@pytest.mark.parametrize("variant", ["classic", "samba"])
def test_the_coach_never_flags_a_hint_followed(variant):
    costs = []
    for ob, legal in decisions(variant, "agree", DECISIONS):
        hinted = advise(ob, legal, worlds=WORLDS, seconds=1e9).action
        best, cost, _, _ = judge(ob, legal, hinted, seed=0, worlds=WORLDS)
        costs.append(cost)
    assert len(costs) == DECISIONS
    assert costs == [0.0] * len(costs)


def test_the_coach_says_the_hints_fact_for_the_better_move():
    for ob, legal in decisions("classic", "agree:2", 30):
        discards = [a for a in legal if type(a).__name__ == "Discard"]
        if len(discards) < 2:
            continue
        better, worse = discards[0], discards[1]
        head, fact = why(ob, better, legal, runner=worse)
        said = sentence(ob, legal, worse, better, 120.0)
        assert said.endswith(f": {fact}.") or not fact, said
        assert "safest card you can spare" not in said and "least useful card" not in said
        return
    pytest.fail("no position with two discards")
