"""The computer cannot reach hidden cards: its decisions depend on the observation only."""

from __future__ import annotations

import random

from canasta.ai import make_player
from canasta.ai.players import Player
from canasta.engine import Rules, legal_actions
from canasta.engine.observe import observe, sample_state

from .conftest import positions


def _twins(st, seat, ob, n=2, seed=0):
    """States that differ in the hidden hands and the stock order but show ``seat`` the
    same observation (and therefore the same legal actions)."""
    out = []
    rng = random.Random(seed)
    tries = 0
    while len(out) < n and tries < 20:
        tries += 1
        alt = sample_state(ob, rng)
        if observe(alt, seat) == ob:
            out.append(alt)
    return out


def _hidden(st, seat):
    return (tuple(tuple(sorted(h)) for s, h in enumerate(st.hands) if s != seat), tuple(st.stock))


def _decisions_differ(make, rules, seed, every):
    """How many positions got different decisions in states with the same observation."""
    differ = checked = 0
    for st, seat, ob, legal in positions(rules, seed, every=every):
        worlds = [st] + _twins(st, seat, ob)
        assert len({_hidden(w, seat) for w in worlds}) == len(worlds)  # really different
        choices = []
        for w in worlds:
            assert observe(w, seat) == ob
            lg = legal_actions(w)
            assert lg == legal
            choices.append(make(w).choose(observe(w, seat), lg))
        checked += 1
        if len(set(choices)) > 1:
            differ += 1
    return differ, checked


def test_every_level_decides_the_same_when_only_hidden_cards_differ():
    for level in ("easy", "medium", "random"):
        player = make_player(level, seed=5)
        for players in (2, 4):
            differ, checked = _decisions_differ(lambda w: player, Rules(players=players), f"fair-{level}", 2)
            assert checked > 20
            assert differ == 0, f"{level} changed its decision when only hidden cards changed"


def test_hard_decides_the_same_when_only_hidden_cards_differ():
    hard = make_player("hard", seed=9, budget_ms=40)
    differ, checked = _decisions_differ(lambda w: hard, Rules(players=4), "fair-hard", 6)
    assert checked > 10
    assert differ == 0


class _Peeker(Player):
    """A cheat, as a control: it throws the card the next player does not hold."""

    def __init__(self, state):
        self.state = state

    def choose(self, obs, legal, should_stop=None):
        nxt = set(self.state.hands[(obs.seat + 1) % obs.rules.players])
        from canasta.engine.cards import KIND_OF
        held = {KIND_OF[c] for c in nxt}
        ranked = sorted(legal, key=lambda a: (type(a).__name__ != "Discard",
                                              getattr(a, "card", -1) >= 0 and KIND_OF[a.card] in held,
                                              -len(self.state.stock) if self.state.stock else 0,
                                              self.state.stock[-1] if self.state.stock else 0))
        return ranked[0]


def test_the_check_catches_a_player_that_peeks():
    differ, checked = _decisions_differ(lambda w: _Peeker(w), Rules(players=4), "fair-cheat", 1)
    assert differ > 0
