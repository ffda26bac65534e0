"""The hint's and the coach's sentences are messages: shown in the player's language
(numbers the language's way), every word through the catalog, and kept with a
reviewed game as keys and arguments, so a review kept in one language is read in
another."""

from __future__ import annotations

import json
import random
import re

import pytest

from canasta import i18n
from canasta.ai import coach, make_player
from canasta.ai.advice import hint_sentence, why
from canasta.ai.explain import explain
from canasta.engine.cards import KIND_OF
from canasta.engine import Discard, Rules, apply_in_place, legal_actions, new_game
from canasta.engine.observe import observe
from canasta.engine.registry import names
from canasta.engine.state import DEAL_OVER, GAME_OVER, PLAY

#: letters the pseudo-language always accents: one left bare was never looked up
BARE = re.compile(r"[aceinousyACEINOUSY]")


def _discard_position(seed: str = "coach-words"):
    """A Classic position where the seat to act discards, with two different discards."""
    st = new_game(Rules(players=4), seed=seed)
    player = make_player("medium")
    while True:
        legal = legal_actions(st)
        obs = observe(st, st.to_act)
        discards = [a for a in legal if type(a) is Discard]
        kinds = {KIND_OF[a.card] for a in discards}
        if st.phase == PLAY and len(discards) >= 2 and len(obs.hand) > 3 and len(kinds) >= 2:
            return obs, legal, discards[0], discards[-1]
        apply_in_place(st, player.choose(obs, legal))


def test_the_hint_is_said_in_german_with_german_numbers():
    obs, legal, best, runner = _discard_position()
    said = hint_sentence(obs, legal, best, runner, 1234.0, 48)
    english = str(said)
    assert english.startswith("Discard ") and "About 1235 points better than discarding " in english
    assert english.endswith("(48 deals played out from here).")
    i18n.set_language("de")
    german = i18n.tr(said)
    assert "abwerfen" in german and "Etwa 1.235 Punkte besser als" in german
    assert german.endswith("(48 Runden von hier ausgespielt).")
    assert "Discard" not in german and "better" not in german
    assert str(said) == english          # the message itself stays the English sentence


def test_the_coach_is_said_in_spanish_starting_with_a_capital():
    obs, legal, best, runner = _discard_position()
    said = coach.sentence(obs, legal, runner, best, 1234.0)
    assert re.match(r"Discarding .+ here was worth about 1230 more than discarding .+: .+\.$", str(said))
    i18n.set_language("es")
    spanish = i18n.tr(said)
    assert re.match(r"Descartando .+ acá valía unos 1\.230 más que descartando .+: .+\.$", spanish), spanish
    i18n.set_language("pseudo")
    assert not BARE.search(i18n.tr(said))


def test_the_move_and_its_reason_are_two_messages():
    obs, legal, best, runner = _discard_position()
    head, reason = why(obs, best, legal, runner)
    assert str(head).startswith("Discard ") and reason
    i18n.set_language("fr")
    assert i18n.tr(head).startswith("Défausser ")
    assert i18n.tr(reason) != str(reason)


def _sentences(variant: str, steps: int = 60):
    """The hint's sentences (explanations, the move and its fact, the full hint) and the
    coach's, over one deal's first moves of ``variant``."""
    st = new_game(Rules(variant=variant, players=4), seed=f"words-{variant}")
    rnd = random.Random(variant)
    player = make_player("medium")
    for _ in range(steps):
        if st.phase in (DEAL_OVER, GAME_OVER):
            break
        legal = legal_actions(st)
        obs = observe(st, st.to_act)
        if len(legal) > 1:
            for a in rnd.sample(legal, min(4, len(legal))):
                other = legal[0] if a is not legal[0] else legal[-1]
                yield explain(obs, a, legal)
                yield from why(obs, a, legal, other, ("gift",))
                yield hint_sentence(obs, legal, a, other, 60.0, 48)
                yield coach.sentence(obs, legal, other, a, 120.0)
        apply_in_place(st, rnd.choice(legal) if rnd.random() < 0.3 else player.choose(obs, legal))


@pytest.mark.parametrize("variant", names())
def test_every_sentence_of_each_game_goes_through_the_catalog(variant):
    said = [s for s in _sentences(variant) if s]
    assert len(said) > 50
    i18n.set_language("pseudo")
    bare = [(str(s), i18n.tr(s)) for s in said if BARE.search(i18n.tr(s))]
    assert bare == []
    i18n.set_language("de")
    untranslated = [str(s) for s in said if i18n.tr(s) == str(s)]
    assert untranslated == []
    # points over a thousand are grouped the language's way (Samba's 1,500)
    i18n.set_language("es")
    for s in said:
        if "1,500" in str(s):
            assert "1.500" in i18n.tr(s) and "1,500" not in i18n.tr(s)


def test_a_kept_review_is_read_in_another_language(private_home):
    from canasta.review import coach_settings, play_deal, record_key, stored_review
    from canasta.store.database import ScoreDatabase

    game = play_deal("random", 2)
    verdicts = list(coach.review(game, 0, 1, worlds=8))
    flagged = [d for d in verdicts if d.flagged]
    assert flagged
    settings = coach_settings(0, 8)
    with ScoreDatabase() as db:
        i18n.set_language("es")        # kept while the game speaks Spanish...
        db.store_coach_results(record_key(game), 1, 0, settings, [d.to_json() for d in verdicts])
        kept = db.coach_results(record_key(game), 1, 0, settings)
        i18n.set_language("de")        # ...read in German
        back = stored_review(db, game, 0, 1, worlds=8)
    assert back == verdicts
    text = json.dumps(kept, ensure_ascii=False)
    assert "acá" not in text and "valía" not in text     # keys and arguments, not Spanish words
    for d in back:
        if d.flagged:
            assert "war hier etwa" in i18n.tr(d.sentence)
    # a damaged kept sentence is reviewed again, never shown
    damaged = [dict(d.to_json(), message={"key": 5}) for d in verdicts]
    with ScoreDatabase() as db:
        db.store_coach_results(record_key(game), 1, 0, settings, damaged)
        assert stored_review(db, game, 0, 1, worlds=8) is None


@pytest.fixture
def private_home(tmp_path, monkeypatch):
    monkeypatch.setenv("CANASTA_HOME", str(tmp_path / "home"))
    return tmp_path / "home"
