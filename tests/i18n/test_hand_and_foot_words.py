"""Hand and Foot's own sentences (its refusals, its options' errors, its rules at a
glance, its score lines) and the engine's rules errors are messages: English unchanged,
rendered in the player's language by ``tr`` with the ranks, the kinds of book and the
figures in that language too, and every word bracketed in the pseudo-language."""

from __future__ import annotations

import pytest

from canasta import i18n
from canasta.engine import Group, Meld, Rules, RulesError
from canasta.engine.setup import position
from canasta.engine.words import RANK_WORDS, word
from canasta.engine.variants import hand_and_foot as HF
from canasta.i18n import tr
from canasta.ui.screens.rules_words import score_line
from canasta.ui.table.words import team_lines

from hands import hand_cards as cards, refusal

FEET = [None, ["4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD", "QD", "KD", "AD"],
        ["4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "KH", "AH"],
        ["4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS"]]
BOOKS = [{"cards": ["KH", "KC", "KD", "KS", "KH", "KC", "KD"], "by": 0},
         {"cards": ["QH", "QC", "QD", "QS", "QH", "QC", "QD"], "by": 2},
         {"cards": ["JH", "JC", "JD", "JS", "JH", "2C", "2D"], "by": 0}]


def in_foot(hand, melds=(), phase="play"):
    """Seat 0 playing from its foot (RULES-variants 10.4), its side holding ``melds``."""
    return position(Rules(variant="hand_and_foot"), {
        "scores": [0, 0], "deal_number": 1, "dealer": 3, "turn": 0, "phase": phase, "stock": 100,
        "discard": ["5C"], "melds": [list(melds), []], "red_threes": [[], []], "feet": FEET,
        "hands": [list(hand), ["TS"], ["JD"], ["QD"]]})


def test_going_out_short_of_books_names_the_kinds_in_the_language_in_use():
    st = in_foot(["8H", "8C", "8D", "4S"], BOOKS)
    reason = refusal(st, Meld((Group(cards(st, "8H", "8C", "8D")),)))
    assert reason == ("Going out needs 2 clean and 2 dirty books; your side has 2 clean and 1 dirty. "
                      "Keep at least two cards in your hand.")
    i18n.set_language("de")
    assert tr(reason) == ("Zum Ausmachen braucht ihr 2 reine Bücher und 2 gemischte Bücher; ihr habt "
                          "2 reine Bücher und 1 gemischtes Buch. Behalte mindestens zwei Karten auf der Hand.")
    i18n.set_language("es")
    assert tr(reason) == ("Para cerrar hacen falta 2 libros limpios y 2 libros sucios; tu lado tiene "
                          "2 libros limpios y 1 libro sucio. Quedate con al menos dos cartas en la mano.")
    i18n.set_language("pseudo")
    said = tr(reason)
    assert said.startswith("[[") and "clean" not in said and "Keep" not in said


def test_a_single_natural_names_its_rank_in_the_language_in_use():
    st = in_foot(["9H", "2C", "2D", "4S", "5S"])
    reason = refusal(st, Meld((Group(cards(st, "9H", "2C", "2D")),)))
    assert reason == ("A single nine can only go on your side's meld of nines; "
                      "a new meld needs at least two natural nines.")
    i18n.set_language("de")
    nine = tr(word(RANK_WORDS[9]))      # the rank's own word (the words' module says it)
    assert tr(reason) == (f"Eine einzelne Karte ({nine}) passt nur an eure Meldung der Neuner; "
                          "eine neue Meldung braucht mindestens zwei natürliche Neuner.")
    i18n.set_language("it")
    said = tr(reason)
    assert said.startswith("Una sola carta (") and "nine" not in said


def test_taking_the_pile_without_a_pair_is_refused_in_french():
    from canasta.engine import TakePile
    st = in_foot(["5H", "9S", "4S"], phase="draw")
    reason = refusal(st, TakePile(cards(st, "5H"), ()))
    assert reason == "To take the pile you need a natural pair of fives from your hand."
    i18n.set_language("fr")
    said = tr(reason)
    assert said.startswith("Pour prendre la défausse, il vous faut une paire naturelle de ")
    assert "fives" not in said and tr(i18n.t("fives")) in said


def test_options_errors_are_sentences_of_the_language_in_use():
    with pytest.raises(RulesError) as players:
        Rules(variant="hand_and_foot", players=3).resolved()
    with pytest.raises(RulesError) as foot:
        Rules(variant="hand_and_foot", foot_size=40).resolved()
    with pytest.raises(RulesError) as packs:
        Rules(hand_size=60).resolved()
    assert players.value.args[0] == "Hand and Foot is played by 4 or 6 players, not 3."
    assert foot.value.args[0] == "The foot must be a whole number from 1 to 30."
    assert packs.value.args[0] == "60 cards each for 4 players do not fit in 2 packs."
    i18n.set_language("de")
    assert tr(players.value.args[0]) == "Hand und Fuß spielen 4 oder 6 Spieler, nicht 3."
    assert tr(foot.value.args[0]) == "Der Fuß: muss eine ganze Zahl von 1 bis 30 sein."
    assert tr(packs.value.args[0]) == "Für 4 Spieler mit je 60 Karten reicht die Zahl der Kartenspiele (2) nicht."
    i18n.set_language("pseudo")
    assert all(tr(e.value.args[0]).startswith("[") for e in (players, foot, packs))
    assert tr(foot.value.args[0]).startswith("[[Thé fööt")      # the option's name is a message too


def test_the_rules_at_a_glance_in_german():
    r = Rules(variant="hand_and_foot").resolved()
    parts = HF.glance(r)
    assert parts == ["11 cards in hand, 11 in the foot", "draw 2", "2 clean and 2 dirty books to go out"]
    i18n.set_language("de")
    assert [tr(p) for p in parts] == ["11 Karten auf der Hand, 11 im Fuß", "2 ziehen",
                                      "zum Ausmachen: 2 reine Bücher und 2 gemischte Bücher"]
    none = HF.glance(Rules(variant="hand_and_foot", books_to_go_out={"clean": 0, "dirty": 0}).resolved())
    assert none[-1] == "no books to go out" and tr(none[-1]) == "keine Bücher zum Ausmachen"


def test_score_lines_on_the_sheet_and_the_rules_screen_in_the_language_in_use():
    r = Rules(variant="hand_and_foot", wild_books=True).resolved()
    rules_lines = [score_line(line) for line in HF.score_rules(r)]
    assert "Wild books: +1,500 each (seven wild cards)." in rules_lines
    i18n.set_language("de")
    said = [tr(s) for s in rules_lines]
    assert "Joker-Bücher: je +1.500 (sieben wilde Karten)." in said
    assert "Nicht aufgenommene Füße: minus die Punktwerte der Karten eines nie aufgenommenen Fußes." in said

    class Result:     # a deal's result as the score sheet reads it
        lines = [HF.HandFootItems(melded=420, natural_canastas=2, natural_bonus=1000, hand_cards=-35,
                                  feet_left=1, foot_cards=-60).lines()]
    i18n.set_language("es")
    assert team_lines(Result, 0) == [("Cartas bajadas", "420"), ("Libros limpios", "1.000 (2)"),
                                     ("Cartas en la mano", "-35"), ("Pies sin levantar", "-60 (1)")]
    i18n.set_language("pseudo")
    assert all(label.startswith("[") for label, _ in team_lines(Result, 0))
