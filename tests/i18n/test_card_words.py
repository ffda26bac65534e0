"""The grammar of the cards' words (issue #30): a card's name is one message per rank,
so its article agrees with its noun ("la reina de corazones", "el rey de picas",
"l'as de pique") and German writes its compound whole ("Kreuz-Sieben"); the rank
"two" and the number "two" are two messages (a context), so German says "eine Zwei"
but "zwei Könige"; the spoken table names each kind of card and of canasta with a
message of its own ("ein roter Dreier", "eine reine Canasta"). English is unchanged."""

from __future__ import annotations

import json
import pickle
import shutil

import pytest

from canasta import i18n
from canasta.engine.cards import JOKER, KIND_OF, RANK_OF, RED3, SUIT_OF, describe, not_in_hand
from canasta.engine.words import RANK_WORDS, card_name, count_word, rank_count
from canasta.i18n import Text, catalogs, t, tc, tr

CLUBS, DIAMONDS, HEARTS, SPADES = range(4)


def card(rank: int, suit: int) -> int:
    """The id of a card of a rank and suit (of the first pack)."""
    return next(c for c in range(len(KIND_OF)) if RANK_OF[c] == rank and SUIT_OF[c] == suit
                and KIND_OF[c] != JOKER)


def test_english_card_names_are_unchanged():
    assert describe(card(12, HEARTS)) == "the queen of hearts"
    assert describe(card(14, SPADES)) == "the ace of spades"
    assert describe(card(2, CLUBS)) == "the two of clubs"
    assert card_name(0, 0, joker=True) == "a joker"
    assert not_in_hand(card(13, DIAMONDS)) == "The king of diamonds is not in your hand."
    assert [str(RANK_WORDS[r]) for r in (2, 10, 11, 14, 15)] == ["two", "ten", "jack", "ace", "joker"]


@pytest.mark.parametrize("code, rank, suit, expected", [
    ("es", 12, HEARTS, "la reina de corazones"),
    ("es", 13, SPADES, "el rey de picas"),
    ("es", 11, DIAMONDS, "la jota de diamantes"),
    ("es", 7, CLUBS, "el siete de tréboles"),
    ("pt_BR", 12, HEARTS, "a dama de copas"),
    ("pt_BR", 13, HEARTS, "o rei de copas"),
    ("it", 14, SPADES, "l'asso di picche"),
    ("it", 8, DIAMONDS, "l'otto di quadri"),
    ("it", 12, HEARTS, "la donna di cuori"),
    ("fr", 14, SPADES, "l'as de pique"),
    ("fr", 12, HEARTS, "la dame de cœur"),
    ("fr", 8, CLUBS, "le huit de trèfle"),
    ("de", 7, CLUBS, "Kreuz-Sieben"),
    ("de", 2, HEARTS, "Herz-Zwei"),
    ("de", 13, DIAMONDS, "Karo-König"),
])
def test_a_card_s_article_agrees_with_its_rank_and_german_writes_the_compound_whole(code, rank, suit, expected):
    i18n.set_language(code)
    assert tr(describe(card(rank, suit))) == expected


def test_a_refusal_and_a_log_line_name_the_card_with_its_own_article():
    i18n.set_language("es")
    assert tr(not_in_hand(card(12, HEARTS))) == "No tenés la reina de corazones en la mano."
    assert tr(t("{who} discarded {card}.", who="Ana", card=describe(card(13, SPADES)))) == \
        "Ana descartó el rey de picas."
    i18n.set_language("de")
    assert tr(not_in_hand(card(7, CLUBS))) == "Du hast Kreuz-Sieben nicht auf der Hand."


def test_the_rank_two_and_the_number_two_are_two_messages():
    i18n.set_language("de")
    assert tr(RANK_WORDS[2]) == "Zwei"              # the card's rank: a noun
    assert tr(count_word(2)) == "zwei"              # the number
    assert tr(rank_count(13, 2)) == "zwei Könige"
    assert tr(rank_count(2, 2)) == "zwei Zweier"
    assert tr(RANK_WORDS[10]) == "Zehn" and tr(count_word(10)) == "zehn"
    # a sentence that takes the rank as its argument keeps the rank's word
    assert tr(t("a lone {rank} is your least useful card", rank=RANK_WORDS[9])) == \
        "eine einzelne Karte (Neun) nützt dir am wenigsten"


def test_the_pseudo_language_brackets_every_card_word():
    i18n.set_language("pseudo")
    shown = tr(describe(card(12, HEARTS)))
    assert shown.startswith("[thé qüééñ öf [héártš") and shown.endswith("]")
    assert tr(RANK_WORDS[2]).startswith("[twö")
    for value in (RANK_WORDS[2], rank_count(13, 2), describe(card(7, CLUBS))):
        shown = tr(value)
        assert shown.startswith("[") and shown.endswith("]") and shown != str(value)


# -- the message context itself --------------------------------------------------------

def test_a_word_with_a_context_keeps_it_when_made_into_a_message_copied_or_pickled():
    two = tc("rank", "two")
    assert two == "two" and two.context == "rank"
    assert t(two).context == "rank" and Text(two).context == "rank"
    assert pickle.loads(pickle.dumps(two)).context == "rank"
    assert t("two").context is None
    from canasta.engine.cards import sentence_start
    start = sentence_start(two)
    assert start == "Two" and pickle.loads(pickle.dumps(start)).context == "rank"


def test_the_template_holds_the_rank_apart_from_the_number():
    found = catalogs.template_ids(catalogs.extract())
    assert ("rank", "two") in found and "two" in found
    assert "the queen of {suit}" in found and "the {rank} of {suit}" not in found


def test_todo_and_fill_carry_a_message_with_a_context(tmp_path, monkeypatch):
    locale = tmp_path / "locale"
    shutil.copytree(catalogs.LOCALE_DIR, locale)
    monkeypatch.setattr(catalogs, "LOCALE_DIR", locale)
    monkeypatch.setattr(catalogs, "TEMPLATE", locale / "canasta.pot")
    template = catalogs.read_catalog(catalogs.TEMPLATE)
    template.add("queen", None, context="chess")
    catalogs.write_catalog(template, catalogs.TEMPLATE)
    catalogs.update(["de"])
    assert catalogs.untranslated(["de"]) == {"chess\x04queen": {"de": ""}}
    problems = catalogs.catalog_problems("de")       # empty, or guessed (fuzzy) by the update
    assert len(problems) == 1 and problems[0].endswith("'chess|queen'"), problems
    source = tmp_path / "new.json"
    source.write_text(json.dumps({"chess\u0004queen": {"de": "Königin"}, "queen": {"de": "nicht diese"}}),
                      encoding="utf-8")
    assert catalogs.fill([source], ["de"]) == {"de": 1}     # "queen" alone is no message of the catalog
    assert catalogs.untranslated(["de"]) == {} and catalogs.catalog_problems("de") == []
    german = catalogs.read_catalog(catalogs.po_path("de"), "de")
    assert german.get("queen", context="chess").string == "Königin"
    assert german.get("queen", context="rank").string == "Dame"      # the card's rank is untouched
    catalogs.compile_all(["de"])
    monkeypatch.setattr(i18n, "LOCALE_DIR", locale)
    i18n.set_language("de")
    assert tr(tc("chess", "queen")) == "Königin" and tr(tc("rank", "queen")) == "Dame"


# -- what the table says aloud ------------------------------------------------------------

def test_the_voice_names_each_kind_of_card_with_its_own_message():
    pytest.importorskip("pygame")
    from canasta.ui.table.voice import kind_words
    assert [kind_words(RED3, 1), kind_words(RED3, 2), kind_words(13, 1), kind_words(14, 1)] == \
        ["a red three", "two red threes", "a king", "an ace"]
    i18n.set_language("de")
    assert tr(kind_words(RED3, 1)) == "ein roter Dreier"
    assert tr(kind_words(12, 1)) == "eine Dame"
    assert tr(kind_words(12, 3)) == "drei Damen"
    i18n.set_language("es")
    assert tr(kind_words(12, 1)) == "una reina"
    assert tr(kind_words(RED3, 2)) == "dos tres rojos"


class _Meld:
    def __init__(self, kind="group", rank=13, canasta=None, suit=-1, low=0, high=0):
        self.kind, self.rank, self.canasta, self.suit, self.low, self.high = kind, rank, canasta, suit, low, high
        self.size, self.wilds = 7, 0


def test_the_voice_names_each_canasta_kind_with_its_own_message():
    pytest.importorskip("pygame")
    from canasta.ui.table.voice import meld_words
    assert meld_words(_Meld(canasta="natural")) == "kings, 7 cards, a natural canasta"
    assert meld_words(_Meld(rank=14, canasta="aces")) == "aces, 7 cards, an aces canasta"
    assert meld_words(_Meld(kind="sequence", canasta="samba", suit=HEARTS, low=4, high=10)) == \
        "a sequence of hearts, four to ten, 7 cards, a samba canasta"
    i18n.set_language("de")
    assert tr(meld_words(_Meld(canasta="natural"))) == "Könige, 7 Karten, eine reine Canasta"
    assert tr(meld_words(_Meld(kind="sequence", canasta="samba", suit=HEARTS, low=4, high=10))) == \
        "eine Herz-Folge, Vier bis Zehn, 7 Karten, eine Samba"
    i18n.set_language("es")
    assert tr(meld_words(_Meld(canasta="mixed"))) == "reyes, 7 cartas, una canasta sucia"


# -- the engine's refusals that name the card on the pile -------------------------------

def test_the_card_on_the_pile_is_named_with_its_article_in_a_real_refusal():
    from canasta.engine import IllegalAction, Rules, TakePile, check
    from canasta.engine.setup import position
    st = position(Rules(players=2), {
        "scores": [0, 0], "dealer": 1, "turn": 0, "phase": "draw",
        "hands": [["QH", "QC", "9S", "JH"], ["9H", "9C", "9D"]], "stock": 30, "discard": ["4S", "QS"],
        "melds": [[{"cards": ["KH", "KC", "KD"], "by": 0}, {"cards": ["QD", "QH", "QC"], "by": 0}], []],
    })
    kings = st.melds[0][0].id
    with pytest.raises(IllegalAction) as e:
        check(st, TakePile((), onto=kings))
    reason = e.value.args[0]
    assert reason == "The queen on the pile cannot go on that meld."
    i18n.set_language("es")
    assert tr(reason) == "No se puede agregar la reina del pozo a ese juego."
    i18n.set_language("de")
    assert tr(reason) == "An diese Meldung passt die Dame vom Ablagestapel nicht."
    i18n.set_language("fr")
    assert tr(reason) == "Impossible de poser la dame de la défausse sur cette combinaison."
    i18n.set_language("pseudo")
    assert tr(reason).startswith("[[thé qüééñ") and "queen" not in tr(reason)


def test_german_log_lines_keep_the_ranks_out_of_a_case_they_cannot_take():
    """The plural ranks are nominative words ("Asse", "ein Vierer"): the German log
    places them where the nominative is right, not after "mit"/"aus"."""
    from canasta.engine.narrate import canasta_words, cards_word, count_words
    four, joker = card(4, CLUBS), next(c for c in range(len(KIND_OF)) if KIND_OF[c] == JOKER)
    took = t("took the pile ({cards}) with {ranks}", cards=cards_word(1), ranks=count_words([four, joker]))
    aces = canasta_words("mixed", _Meld(rank=14))
    assert (took, aces) == ("took the pile (1 card) with a four and a joker", "a mixed canasta of aces")
    i18n.set_language("de")
    assert tr(took) == "nahm den Ablagestapel (1 Karte; dazu ein Vierer und ein Joker)"
    assert tr(aces) == "eine gemischte Canasta (Asse)"


def test_a_joker_is_named_as_every_card_is():
    """German names a card without an article (so "warf Kreuz-Sieben ab" and "Die offene
    Karte ist Kreuz-Sieben" both read right); the joker too: "warf Joker ab", never the
    nominative "warf ein Joker ab". The other languages keep their article."""
    joker = next(c for c in range(len(KIND_OF)) if KIND_OF[c] == JOKER)
    name = card_name(RANK_OF[joker], SUIT_OF[joker], True)
    assert name == "a joker"
    said = t("{who} discarded {card}.", who="Marta", card=name)
    i18n.set_language("de")
    assert tr(name) == "Joker" and tr(said) == "Marta warf Joker ab."
    assert tr(rank_count(15, 1)) == "ein Joker"       # a count stays a count: "dazu ein Vierer und ein Joker"
    i18n.set_language("es")
    assert tr(name) == "un comodín"
