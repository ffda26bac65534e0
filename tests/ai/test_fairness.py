"""The computer cannot reach hidden cards: its decisions depend on the observation only,
that is on its own hand and the public history of the deal (RULES.md section 11).

At positions of real deals, other states are built that share everything public with
the real one (the table, the pile card by card, the whole public history, the cards
seen taken with the pile) but hold different hidden hands and a different stock
order; every level must decide the same in all of them. Two controls show that the
check can tell: a player that peeks at a hidden hand fails it, and a player that
leans on the public history passes it.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from canasta.ai import make_player
from canasta.ai.players import Player
from canasta.engine import Rules, legal_actions
from canasta.engine.observe import observe, sample_state

from .conftest import positions


def _twins(st, seat, ob, n=2, seed=0):
    """States that differ in the hidden hands and the stock order but show ``seat`` the
    same observation, public history included (and so the same legal actions)."""
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
            assert w.public_history == st.public_history
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


def test_hard_decides_the_same_when_only_hidden_cards_differ(stopped_clock):
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


class _Rememberer(Player):
    """A fair control that leans on the public history: it throws a card of the rank
    the table has discarded most (a dead rank), and takes the pile when the history
    shows it holds two or more cards of the ranks in hand."""

    def choose(self, obs, legal, should_stop=None):
        from canasta.engine.cards import KIND_OF
        from canasta.engine.history import DISCARD, pile_from
        discarded = Counter(KIND_OF[c] for e in obs.public_history if e.what == DISCARD for c in e.cards)
        pile = Counter(KIND_OF[c] for c in pile_from(obs.public_history))
        mine = {KIND_OF[c] for c in obs.hand}
        def score(i):
            a = legal[i]
            name = type(a).__name__
            if name == "Discard":
                return (1, discarded[KIND_OF[a.card]], -i)
            if name == "TakePile":
                return (2 if sum(pile[k] for k in mine) >= 2 else 0, 0, -i)
            return (0, 0, -i)
        return legal[max(range(len(legal)), key=score)]


def test_a_player_that_uses_the_public_history_passes_the_check():
    differ, checked = _decisions_differ(lambda w: _Rememberer(), Rules(players=4), "fair-memory", 1)
    assert checked > 20
    assert differ == 0


def test_the_history_control_really_uses_the_history():
    """Without the history its choices would change: the control is not vacuous."""
    player = _Rememberer()
    changed = 0
    for st, seat, ob, legal in positions(Rules(players=4), "fair-memory", every=1):
        if player.choose(ob, legal) != player.choose(replace(ob, public_history=()), legal):
            changed += 1
    assert changed > 0
