"""The hard player's fitted judgement of Classic positions (canasta/ai/evaluation.py)
foretells how a deal ends better than the hand-made one it replaced, on deals the fit
never saw."""

from __future__ import annotations

import math

from canasta.ai.evaluation import FEATURES, WEIGHTS, applies, features, stage_of, value
from canasta.ai.fit_eval import _deal_rows, fit
from canasta.ai.search import table_evaluate
from canasta.engine import Rules, apply_in_place, legal_actions, new_game
from canasta.engine.observe import observe
from canasta.engine.state import DEAL_OVER, DRAW, GAME_OVER
from canasta.ai.policy import medium_choose


def _corr(xs, ys):
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    cov = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    vx = sum((x - mx) ** 2 for x in xs)
    vy = sum((y - my) ** 2 for y in ys)
    return cov / math.sqrt(vx * vy)


def _positions(deals: int):
    """(state, final margin of team 0) at the start of turns of deals played by medium players."""
    out = []
    for i in range(deals):
        st = new_game(Rules(players=4), seed=f"eval-test:{i}", dealer=i % 4)
        seen = []
        last = -1
        while st.phase not in (DEAL_OVER, GAME_OVER):
            if st.phase == DRAW and st.turn != last:
                last = st.turn
                if st.turn % 3 == 0:
                    seen.append(st.clone())
            legal = legal_actions(st)
            apply_in_place(st, legal[0] if len(legal) == 1 else medium_choose(observe(st, st.to_act), legal))
        margin = st.result.scores[0] - st.result.scores[1]
        out += [(s, margin) for s in seen]
    return out


def test_the_fitted_judgement_foretells_the_deal_better_than_the_hand_made_one():
    data = _positions(120)
    assert len(data) > 600
    actual = [m for _, m in data]
    fitted = [v[0] - v[1] for v in (value(s) for s, _ in data)]
    hand_made = [v[0] - v[1] for v in (table_evaluate(s) for s, _ in data)]
    r_fitted, r_hand = _corr(fitted, actual), _corr(hand_made, actual)
    assert r_fitted > 0.4
    assert r_fitted > r_hand + 0.02, (r_fitted, r_hand)


def test_the_weights_cover_every_fact_and_stage():
    assert len(WEIGHTS) == 4 and all(len(w) == len(FEATURES) for w in WEIGHTS)
    st = new_game(Rules(players=4), seed="eval-shape", dealer=0)
    assert applies(st.rules)
    assert not applies(new_game(Rules(players=2), seed="x", dealer=0).rules)
    assert not applies(new_game(Rules(players=4, variant="samba"), seed="x", dealer=0).rules)
    assert [len(row) for row in features(st)] == [len(FEATURES)] * 2
    assert stage_of(len(st.stock)) == 0 and stage_of(0) == 3


def test_the_fit_recovers_weights_from_its_rows():
    """The least-squares fit finds known weights again (the fitting code is not a stub)."""
    rows = [r for i in range(30) for r in _deal_rows((99, i))]
    assert rows and all(len(x) == len(FEATURES) for _, x, _ in rows)
    truth = [3.0 * (i % 5) - 4.0 for i in range(len(FEATURES))]
    made = [(x, sum(a * b for a, b in zip(truth, x))) for _, x, _ in rows]
    got = fit(made)
    preds = [sum(a * b for a, b in zip(got, x)) for x, _ in made]
    assert max(abs(p - y) for p, (_, y) in zip(preds, made)) < 1.0
