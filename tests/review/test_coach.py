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


def test_a_meld_and_a_discard_are_followed_to_the_same_moment(monkeypatch):
    """A discard ends the turn and a meld does not: the coach must still follow both
    to the same moment of the deal, or the discard's line gets one turn of the
    reviewed side more and a meld looks like a mistake when it is not."""
    from canasta.ai import search
    from canasta.engine import apply_in_place
    from canasta.engine.actions import Meld
    from canasta.engine.state import PLAY

    game = play_deal("medium", 2)
    position = None
    for _i, st, _a in decisions_of(game, 0):
        legal = legal_actions(st)
        if st.phase == PLAY and st.stock and any(type(x) is Meld for x in legal) \
                and any(type(x) is Discard for x in legal):
            position = st
            break
    assert position is not None, "the seeded deal offers a choice between melding and discarding"
    legal = legal_actions(position)
    meld = next(x for x in legal if type(x) is Meld)
    discard = next(x for x in legal if type(x) is Discard)

    ends = []
    real = search.rollout

    def watched(st, depth, *args, **kw):
        real(st, depth, *args, **kw)
        ends.append((st.phase, st.turn, tuple(st.turns_taken)))

    monkeypatch.setattr(search, "rollout", watched)
    search.score_actions(observe(position, 0), [meld, discard], seed=1, worlds=8, depth=8)
    assert len(ends) >= 4
    for at_meld, at_discard in zip(ends[0::2], ends[1::2]):
        if "over" not in at_meld[0] and "over" not in at_discard[0]:
            assert at_meld[1:] == at_discard[1:]
    # and that moment is the start of the next player's turn, two rounds on
    still = [e for e in ends if "over" not in e[0]]
    assert still and all(turn == 1 for _phase, turn, _taken in still)
