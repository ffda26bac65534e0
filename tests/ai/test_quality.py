"""The decision-quality measure (canasta.ai.quality): its positions, its playouts, and
the analysis player that is shown hidden hands (which no real player ever is)."""

import random
from collections import Counter

from canasta.ai import quality
from canasta.ai.policy import trivial
from canasta.engine import legal_actions
from canasta.engine.observe import observe
from canasta.engine.state import ANSWER


def _positions():
    return quality.collect_decisions(1, seed=3, level="medium", against="easy")


def test_positions_are_the_collected_sides_real_choices():
    pos = _positions()
    assert len(pos) > 20
    for st, seat in pos:
        assert st.to_act == seat
        assert st.phase != ANSWER
        assert trivial(legal_actions(st)) is None
    # both plays of the pair: the medium side sat at both teams' seats
    assert {seat % 2 for _, seat in pos} == {0, 1}


def test_a_playout_depends_on_its_shuffle_only_and_leaves_the_position_alone():
    st, seat = _positions()[5]
    before = repr((st.hands, st.stock, st.pile))
    a = legal_actions(st)[0]
    first = quality.playout_margin(st, seat, a, "k1")
    assert quality.playout_margin(st, seat, a, "k1") == first
    assert repr((st.hands, st.stock, st.pile)) == before
    assert len({quality.playout_margin(st, seat, a, f"k{i}") for i in range(8)}) > 1


def test_medium_moves_are_worth_more_than_random_ones():
    # over a deal pair's decisions, medium's move beats a random legal move's, and the
    # comparison is antisymmetric
    pos = _positions()
    ab = quality.compare(pos, "medium", "random", rollouts=6, seed=2)
    ba = quality.compare(pos, "random", "medium", rollouts=6, seed=2)
    assert ab["differ"] > 10
    assert ab["mean"] > 0
    assert abs(ab["mean"] + ba["mean"]) < 1e-9
    assert sum(n for n, _ in ab["kinds"].values()) == ab["differ"]


def test_the_revealing_analysis_player_sees_only_the_hands_it_is_shown():
    pos = _positions()
    st, seat = next((s, p) for s, p in pos if len(s.stock) > 20)
    ob = observe(st, seat)
    unseen = Counter(st.stock)
    for s in range(4):
        if s != seat:
            unseen.update(st.hands[s])
    for name, offs in quality.REVEAL.items():
        hard = quality.RevealingHard(st, offs)
        w = hard.world(ob, random.Random(1), True)
        again = Counter(w.stock)
        for s in range(4):
            if s == seat:
                assert w.hands[s] == st.hands[s]
                continue
            again.update(w.hands[s])
            assert len(w.hands[s]) == len(st.hands[s])
            assert Counter(w.hands[s]) >= Counter(ob.known[s])
            assert sum(w.counts[s]) == len(w.hands[s])
            if (s - seat) % 4 in offs:
                assert w.hands[s] == st.hands[s]
        assert again == unseen   # no card made or lost
    # a hand not shown is dealt afresh: over a few worlds it differs from the truth
    hard = quality.RevealingHard(st, quality.REVEAL["next"])
    prev = (seat + 3) % 4
    worlds = [hard.world(ob, random.Random(i), True) for i in range(5)]
    assert any(Counter(w.hands[prev]) != Counter(st.hands[prev]) for w in worlds)
