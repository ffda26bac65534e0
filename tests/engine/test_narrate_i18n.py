"""The move log speaks the player's language (issue #30): every line of the narration is
a message of the catalog (a canasta.i18n.Text) with arguments, its English exactly what
the game wrote before the catalogs came (fixtures/narration_english.json, made by the
narration of that time from the same deals), every word of it goes through the catalog
(the pseudo-language brackets and accents each piece; only the seats' names, the card
notation and numbers are left as they are), and a record, which keeps only moves,
re-narrates in another language with the same events and gains no text."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from canasta import i18n
from canasta.engine import Rules, legal_actions
from canasta.engine.narrate import deal_lines, narrate, opening_line
from canasta.engine.record import Game
from canasta.engine.state import GAME_OVER

GOLDEN = json.loads((Path(__file__).parent / "fixtures" / "narration_english.json").read_text(encoding="utf-8"))
NAMES = {2: ["Ann", "Bob"], 4: ["Ann", "Bob", "Cat", "Dan"]}
#: letters the pseudo-language changes: an English word keeping them bypassed the catalog
PSEUDO_CHANGES = set("aceinousyACEINOUSYz")
#: card notation inside a meld's cards ("K-K-K-2", "Q-J-Joker")
NOTATION = {"A", "K", "Q", "J", "Joker"}


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def _play(key: str):
    """The deal(s) behind one golden entry: (names, lines as made)."""
    game, players, options = key.split("/")
    players = int(players)
    opts = {} if options == "default" else {o: True for o in options.split("+")}
    rules = Rules(variant=game, players=players, target_score=3000, **opts)
    rng = random.Random(11)
    g = Game(rules, seed=11)
    names = NAMES[players]
    lines = [opening_line(g.state, names).text]
    for _ in range(400):
        if g.state.phase == GAME_OVER:
            break
        legal = legal_actions(g.state)
        big = [a for a in legal if type(a).__name__ not in ("Draw", "Discard", "Pass")]
        action = max(big, key=lambda a: len(str(a))) if big and rng.random() < 0.7 else rng.choice(legal)
        seat = g.state.to_act
        events = g.play(action)
        lines.append(narrate(g.state, seat, action, events, names, strict=True).text)
    return g, names, lines


def test_the_golden_deals_cover_every_game():
    from canasta.engine import variants
    assert {k.split("/")[0] for k in GOLDEN} == set(variants.names())


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_every_line_is_a_message_whose_english_is_unchanged(key):
    _g, _names, lines = _play(key)
    assert [str(x) for x in lines] == GOLDEN[key]["lines"]
    for line in lines:
        assert isinstance(line, i18n.Text), line


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_every_word_of_every_line_comes_through_the_catalog(key):
    _g, names, lines = _play(key)
    i18n.set_language("pseudo")
    for line in lines:
        shown = i18n.tr(line)
        assert shown.startswith("[") and shown.endswith("]"), shown
        # the seats' names are arguments, never translated
        for name in names:
            if re.search(rf"\b{name}\b", line):
                assert name in shown, (line, shown)
        # an English word left as it is (not accented) bypassed the catalog
        bare = [w for w in re.findall(r"[A-Za-z]+", shown)
                if w not in names and w not in NOTATION and set(w) & PSEUDO_CHANGES]
        assert not bare, (line, shown, bare)


def test_a_record_renarrates_in_another_language_with_the_same_events_and_no_text():
    g, names, english = _play("samba/4/default")
    record = g.dumps()
    assert not re.search(r"dealt|melded|discarded|took the pile|drew", record)

    def events_of(lines_lang):
        i18n.set_language(lines_lang)
        seen = []
        again = Game.from_json(json.loads(record))
        lines = deal_lines(again, names, strict=True,
                           on_action=lambda i, seat, turn, action, events: seen.append(
                               (i, seat, turn, [(e.kind, e.card if hasattr(e, "card") else None) for e in events])))
        return seen, lines, again.dumps()

    seen_en, lines_en, dumped_en = events_of("en")
    seen_pseudo, lines_pseudo, dumped_pseudo = events_of("pseudo")
    assert seen_en == seen_pseudo and seen_en
    assert dumped_en == dumped_pseudo == record     # narrating adds nothing to the record
    assert [str(x.text) for x in lines_en] == [str(x.text) for x in lines_pseudo]
    assert [str(x.text) for x in lines_en] == english[-len(lines_en):]
    rendered = [i18n.tr(x.text) for x in lines_pseudo]
    assert all(r.startswith("[") and r != str(x.text) for r, x in zip(rendered, lines_pseudo))


def test_a_deal_played_in_spanish_reopens_in_portuguese_and_is_told_in_portuguese():
    """A deal played with the game in Spanish: its record holds no sentence, and reopened
    with the game in Brazilian Portuguese its move log is told in Portuguese (the
    catalogs the game ships, not the pseudo-language)."""
    i18n.set_language("es")
    g, names, _english = _play("classic/4/default")
    spanish = [i18n.tr(x.text) for x in deal_lines(g, names, strict=True)]
    assert any("robó una carta" in line or "tomó" in line for line in spanish), spanish[:5]
    record = json.dumps(json.loads(g.dumps()))
    assert "robó" not in record and not any(line in record for line in spanish)   # moves only, no words

    i18n.set_language("pt_BR")
    again = Game.from_json(json.loads(record))
    portuguese = [i18n.tr(x.text) for x in deal_lines(again, names, strict=True)]
    assert len(portuguese) == len(spanish)
    drew = i18n.gettext("drew a card")
    assert drew == "comprou uma carta"
    assert any(drew in line for line in portuguese), portuguese[:5]
    assert not any("robó" in line for line in portuguese)
    # the same moves, told line for line in the other language
    assert sum(a != b for a, b in zip(spanish, portuguese)) > len(spanish) // 2
