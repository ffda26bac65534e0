"""The coach: it judges from the seat's observation only, maps the move played to the
choice it stands for, is repeatable for a seed, and says its verdict in a sentence."""

from __future__ import annotations

import random
import re

from canasta.ai import coach
from canasta.ai.coach import Decision, action_key, coach_decision, decisions_of, equivalent, review
from canasta.engine import Discard, legal_actions
from canasta.engine.cards import KIND_OF
from canasta.engine.observe import observe, sample_state
from canasta.review import play_deal

WORLDS = 12  # few worlds: these tests check behaviour, not strength


def test_decisions_are_the_seats_real_choices():
    game = play_deal("random", 3)
    found = list(decisions_of(game, 0))
    assert found
    for i, st, a in found:
        assert st.to_act == 0
        assert len(legal_actions(st)) > 1
        assert game.actions[i] == a
    assert all(st.deal_number == 0 for _, st, _ in found)
    assert list(decisions_of(game, 0, deal=2)) == []


def test_a_discard_maps_to_its_representative():
    game = play_deal("medium", 1)
    for i, st, a in decisions_of(game, 0):
        legal = legal_actions(st)
        if type(a) is Discard:
            twins = [c for c in st.hands[0] if KIND_OF[c] == KIND_OF[a.card]]
            for c in twins:  # any copy of the card is the same choice
                j = equivalent(Discard(c), legal)
                assert j is not None and legal[j] == next(x for x in legal if type(x) is Discard
                                                          and KIND_OF[x.card] == KIND_OF[c])
                assert action_key(Discard(c)) == action_key(a)
            return
    raise AssertionError("no discard to check")


def test_the_verdict_depends_on_the_observation_only():
    """Other hidden hands and another stock order, same observation: same verdict."""
    game = play_deal("random", 2)
    rng = random.Random(5)
    checked = 0
    for i, st, a in list(decisions_of(game, 0))[:4]:
        other = sample_state(observe(st, 0), rng)
        assert observe(other, 0) == observe(st, 0)
        assert other.hands != st.hands or other.stock != st.stock
        first = coach_decision(i, st, a, seed=3, worlds=WORLDS)
        second = coach_decision(i, other, a, seed=3, worlds=WORLDS)
        assert first == second
        checked += 1
    assert checked


def test_repeatable_for_a_seed_and_cost_is_never_negative():
    game = play_deal("random", 5)
    a = list(review(game, 0, seed=1, worlds=WORLDS))
    b = list(review(game, 0, seed=1, worlds=WORLDS))
    assert a == b and a
    assert all(d.cost >= 0 for d in a)
    assert all((d.cost == 0) == (d.best == d.played) for d in a)


def test_a_flag_says_what_was_better_and_why():
    sentences = []
    for index in range(6):
        game = play_deal("random", index)
        sentences += [d.sentence for d in review(game, 0, seed=0, worlds=24) if d.flagged]
        if sentences:
            break
    assert sentences, "a random player made no costly move in six deals"
    pattern = re.compile(r"^[A-Z][^:]* here was worth about \d+ more than [^:]+: .+\.$")
    for s in sentences:
        assert pattern.match(s), s


def test_review_stops_when_asked():
    game = play_deal("random", 7)
    seen = []
    stop = lambda: len(seen) >= 2  # noqa: E731
    for d in review(game, 0, seed=0, worlds=WORLDS, should_stop=stop):
        seen.append(d)
    assert len(seen) == 2


def test_a_verdict_survives_json():
    game = play_deal("random", 2)
    for d in review(game, 0, seed=0, worlds=WORLDS):
        back = Decision.from_json(d.to_json(), game.state.total_cards)
        assert back.played == d.played and back.best == d.best and back.index == d.index
        assert abs(back.cost - d.cost) < 0.06


def test_flag_threshold_is_about_forty():
    assert 30 <= coach.FLAG_POINTS <= 60
