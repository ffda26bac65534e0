"""Samba's, Bolivia's and Classic's own sentences are messages: a refusal met at the
table (a sequence with a gap, a frozen pile, going out without an escalera, a lone
natural card), a rules error (a player count the game is not played by, a figure out
of range) and the score lines of the deal and of the rules screen. English is
unchanged; ``tr`` renders them whole in the player's language, the rank and suit
words and the figures too, and the pseudo-language brackets every word."""

from __future__ import annotations

import pytest

from canasta import i18n
from canasta.engine import Discard, Group, Meld, Rules, RulesError, TakePile, apply_in_place
from canasta.engine.setup import position
from canasta.engine.variants import samba
from canasta.engine.words import RANK_WORDS, word
from canasta.i18n import t, tr

from hands import hand_cards as ids, refusal


def table(hand, melds=(), variant="samba", phase="play", discard=("8S", "5C"), rules=None):
    """Four players, seat 0 to play, its side's melds ``melds`` (made by the partner)."""
    return position(rules or Rules(variant=variant), {
        "scores": [0, 0], "dealer": 3, "turn": 0, "phase": phase, "hands": [list(hand), ["5H"], ["5D"], ["6S"]],
        "stock": 40, "discard": list(discard), "melds": [[{"cards": m, "by": 2} for m in melds], []],
        "red_threes": [[], []]})


def rules_error(rules: Rules):
    with pytest.raises(RulesError) as e:
        rules.resolved()
    return e.value.args[0]


KINGS = ["KH", "KC", "KD", "KS", "KH", "KC", "KD"]
QUEENS = ["QH", "QC", "QD", "QS", "QH", "QC", "QD"]


def test_a_sequence_with_a_gap_is_refused_in_german_with_its_ranks_and_suit():
    st = table(["5H", "6H", "8H", "KS", "QD", "TD"], [["KH", "KC", "KD"]])
    reason = refusal(st, Meld((Group(ids(st, "6H", "8H", "5H")),)))
    assert reason == "A sequence is a run with no gap: six to eight of hearts leaves one (the ace is high only)."
    i18n.set_language("de")
    said = tr(reason)
    # the ranks' own words (German capitalises a rank: "Sechs"), the suit's
    six, eight, hearts = tr(word(RANK_WORDS[6])), tr(word(RANK_WORDS[8])), tr(t("hearts"))
    assert said == (f"Eine Folge hat keine Lücke: Zwischen {six} und {eight} in {hearts} fehlt eine Karte "
                    "(das Ass zählt nur hoch).")
    assert hearts == "Herz" and "hearts" not in said and "eight" not in said
    i18n.set_language("pseudo")
    said = tr(reason)
    assert said.startswith("[") and said.count("[") == 4      # the sentence, two ranks, the suit
    assert "hearts" not in said


def test_samba_s_frozen_pile_says_why_in_one_spanish_sentence():
    st = table(["5H", "6H", "8H", "KS", "QD", "TD"], phase="draw", discard=("5C", "KS"))
    reason = refusal(st, TakePile((), (), None))
    assert reason == "Only a natural pair of kings takes the pile: your side has not melded yet."
    i18n.set_language("es")
    assert tr(reason) == "Solo un par natural de reyes levanta el pozo: tu lado todavía no bajó."


def test_bolivia_s_going_out_without_an_escalera_is_refused_in_italian():
    st = table(["9S", "9C", "9D", "4C"], [KINGS, QUEENS], variant="bolivia")
    reason = refusal(st, Meld((Group(ids(st, "9S", "9C", "9D")),)))
    assert reason == "Going out needs an escalera (a sequence of seven) among your side's canastas."
    i18n.set_language("it")
    assert tr(reason) == "Per chiudere serve un'escalera (scala di sette) tra le canaste del tuo lato."


def test_going_out_without_a_samba_names_a_samba_not_an_escalera():
    """One message per game's name of the seven-card sequence (it was "an {seq}")."""
    st = table(["9S", "9C", "9D", "4C"], [KINGS, QUEENS], rules=Rules(variant="samba", out_needs_escalera=True))
    reason = refusal(st, Meld((Group(ids(st, "9S", "9C", "9D")),)))
    assert reason == "Going out needs a samba (a sequence of seven) among your side's canastas."
    i18n.set_language("fr")
    assert tr(reason) == "Pour sortir, il faut une samba (séquence de sept) parmi les canastas de votre camp."


def test_classic_s_lone_natural_card_is_refused_in_spanish():
    st = table(["KS", "2C", "JK", "4C", "5D"], rules=Rules(players=4))
    reason = refusal(st, Meld((Group(ids(st, "KS", "2C", "JK")),)))
    assert reason == ("A single king can only go on your side's meld of kings; "
                      "a new meld needs at least two natural kings.")
    i18n.set_language("es")
    spanish = tr(reason)      # the wording is the catalog's; the ranks are Spanish words in it
    assert spanish.startswith("Una sola carta (rey) solo")
    assert "juego de reyes de tu lado" in spanish and spanish.endswith("al menos dos reyes naturales.")


def test_rules_errors_of_the_games_are_translated_with_their_figures():
    reason = rules_error(Rules(variant="samba", players=5))
    assert reason == "Samba is played by 2, 3, 4 or 6 players, not 5."
    reason = rules_error(Rules(players=5))
    assert reason == "Classic Canasta is played by 2, 3, 4 or 6 players, not 5."
    high = rules_error(Rules(variant="bolivia", target_score=50))
    assert high == "The target score must be a whole number from 100 to 10,000,000."
    i18n.set_language("fr")
    assert tr(reason) == "Canasta classique se joue à 2, 3, 4 ou 6 joueurs, pas à 5."
    i18n.set_language("de")
    assert tr(high) == "Die Zielpunktzahl: muss eine ganze Zahl von 100 bis 10.000.000 sein."
    i18n.set_language("pseudo")
    said = tr(high)
    assert said.startswith("[") and "target" not in said


def test_a_bolivia_deal_s_score_lines_are_keys_the_sheet_renders_in_french():
    st = position(Rules(variant="bolivia"), {
        "scores": [0, 0], "dealer": 3, "turn": 0, "phase": "play",
        "hands": [["9S", "9C", "9D", "4C"], ["3S"], ["5D"], ["6S"]], "stock": 40, "discard": ["8S"],
        "melds": [[{"cards": ["5H", "6H", "7H", "8H", "9H", "TH", "JH"], "by": 2}, {"cards": KINGS, "by": 2}], []],
        "red_threes": [[], []], "played": [True] * 4})
    apply_in_place(st, Meld((Group(ids(st, "9S", "9C", "9D")),)))
    apply_in_place(st, Discard(st.hands[0][0]))
    ours = [line.label for line in st.result.lines[0]]
    theirs = [line.label for line in st.result.lines[1]]
    # the result keeps the English keys (histories and saves stay language-neutral)
    assert "Escaleras" in ours and "Black threes left in hand" in theirs
    i18n.set_language("fr")
    assert tr("Black threes left in hand") == "Trois noirs en main"
    shown = [tr(label) for label in ours + theirs]
    assert "Trois noirs en main" in shown and "Cartes posées" in shown
    assert "Black threes left in hand" not in shown and "Melded cards" not in shown


def test_samba_s_rules_screen_score_lines_in_german_and_pseudo():
    lines = samba.score_rules(Rules(variant="samba"))
    by_label = {str(line.label): line for line in lines}
    sambas = by_label["Sambas"]
    assert sambas.detail == "+1,500 each samba (a sequence of seven of one suit)"
    red = by_label["Red threes"]
    assert red.detail == "100 each, 1,000 for all six; taken off instead from a side with fewer than two canastas"
    i18n.set_language("de")
    assert tr(sambas.detail) == "+1.500 je Samba (Folge aus sieben einer Farbe)"
    assert tr(red.detail) == ("100 je Karte, 1.000 für alle sechs; "
                              "abgezogen bei einer Seite mit weniger als zwei Canastas")
    assert tr(red.label) == "Rote Dreier"
    i18n.set_language("pseudo")
    for line in lines:
        assert tr(line.label).startswith("[") and tr(line.detail).startswith("["), line
