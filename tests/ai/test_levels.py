"""Every level plays legal moves under every player count and rule option, and whole
games reach their end."""

from __future__ import annotations

import pytest

from canasta.ai import LEVELS, make_player
from canasta.engine import Rules, apply_in_place, check, legal_actions, new_game
from canasta.engine.observe import observe

from .conftest import positions

RULE_SETS = [
    Rules(players=2),
    Rules(players=3),
    Rules(players=4),
    Rules(players=6),
    Rules(players=6, teams=2),
    Rules(players=4, more_naturals_than_wilds=True),
    Rules(players=4, pile_always_frozen=True),
    Rules(players=4, ask_to_go_out=True, black_three_freezes=True),
    Rules(players=4, stock_exhausted="end", wild_limit=2),
    Rules(players=2, draw_count=1, canastas_to_go_out=1),
]


def _player(level):
    return make_player(level, seed=11, budget_ms=30 if level == "hard" else None)


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: ",".join(f"{k}={v}" for k, v in r.to_dict().items()
                                                                    if k != "variant"))
def test_every_level_returns_a_legal_action(rules):
    players = {level: _player(level) for level in LEVELS}
    seen = 0
    for deal in range(3):
        for st, seat, ob, legal in positions(rules, f"legal-{rules!r}-{deal}", every=3):
            for level, p in players.items():
                if level == "hard" and seen % 4:
                    continue
                a = p.choose(ob, legal)
                assert a in legal, f"{level} chose {a!r}, not among the legal actions"
                check(st, a)
            seen += 1
    assert seen > 20


def _play_game(level, rules, seed):
    st = new_game(rules, seed=seed, dealer=0)
    seats = [make_player(level, seed=s, budget_ms=25 if level == "hard" else None)
             for s in range(st.rules.players)]
    steps = 0
    while not st.game_over:
        seat = st.to_act
        legal = legal_actions(st)
        a = seats[seat].choose(observe(st, seat), legal)
        apply_in_place(st, a)
        steps += 1
        assert steps < 20_000
    return st


@pytest.mark.parametrize("players,teams", [(2, None), (3, None), (6, None)])
@pytest.mark.parametrize("level", LEVELS)
def test_whole_games_reach_the_end(level, players, teams):
    target = 400 if level == "hard" else 1500
    st = _play_game(level, Rules(players=players, teams=teams, target_score=target), f"game-{level}-{players}")
    assert st.game_over
    assert max(st.result.totals) >= target
    assert st.winners


class _StoppedClock:
    """The search's safety cap reads the clock; a stopped clock keeps a loaded CI machine
    from cutting a search short, which is the only way timing may change a decision."""

    @staticmethod
    def perf_counter() -> float:
        return 0.0


def test_hard_is_deterministic_for_a_seed_and_an_observation(monkeypatch):
    from canasta.ai import search
    monkeypatch.setattr(search, "time", _StoppedClock)
    a = make_player("hard", seed=4, budget_ms=40)
    b = make_player("hard", seed=4, budget_ms=40)
    chosen = 0
    for st, seat, ob, legal in positions(Rules(players=4), "det", every=5):
        x = a.choose(ob, legal)
        # another player object, called after other decisions: same answer
        assert b.choose(ob, legal) == x
        assert a.choose(ob, legal) == x
        chosen += 1
    assert chosen > 5


def test_unknown_level_is_refused():
    with pytest.raises(ValueError):
        make_player("grandmaster")
