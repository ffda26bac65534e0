"""The engine's refusals a player meets most (melding, going out, taking the pile, the
first meld's minimum, a card not in hand) are messages: English unchanged, rendered in
the player's language by ``tr`` with their arguments (ranks, counts) in that language
too, and every word bracketed in the pseudo-language."""

from __future__ import annotations

from canasta import i18n
from canasta.engine import Discard, Draw, Group, Meld, Rules, TakePile
from canasta.engine.setup import position
from canasta.i18n import tr

from hands import hand_cards as ids, refusal

KINGS = ["KH", "KC", "KD", "KS", "KH", "KC", "KD"]


def fresh(hand, discard=("TS",), phase="play", melds=None, scores=(0, 0), rules=None):
    return position(rules or Rules(players=2), {
        "scores": list(scores), "dealer": 1, "turn": 0, "phase": phase,
        "hands": [list(hand), ["9H", "9C", "9D"]], "stock": 30, "discard": list(discard),
        "melds": melds or [[], []],
    })


def test_a_first_meld_below_the_minimum_is_refused_in_german_with_its_figures():
    st = fresh(["4H", "4C", "4D", "9S", "JH"])
    reason = refusal(st, Meld((Group(tuple(ids(st, "4H", "4C", "4D"))),)))
    assert reason == "Your side's first meld must count at least 50; this counts 15."
    i18n.set_language("de")
    assert tr(reason) == "Eure Erstmeldung muss mindestens 50 zählen; diese zählt 15."
    i18n.set_language("es")
    assert tr(reason) == "La primera bajada de tu lado debe sumar al menos 50; esta suma 15."


def test_mixed_ranks_name_both_ranks_in_the_language_in_use():
    st = fresh(["4H", "4C", "5D", "9S", "JH"])
    reason = refusal(st, Meld((Group(tuple(ids(st, "4H", "4C", "5D"))),)))
    assert reason == "A meld holds cards of one rank: fours and fives cannot go together."
    i18n.set_language("it")
    said = tr(reason)
    assert said.startswith("Una combinazione ha carte di un solo valore:")
    assert "fours" not in said and "fives" not in said
    assert tr(i18n.t("fours")) in said and tr(i18n.t("fives")) in said
    i18n.set_language("pseudo")
    said = tr(reason)
    assert said.startswith("[") and "fours" not in said      # the rank word bracketed too
    assert said.count("[") == 3


def test_going_out_short_of_canastas_is_a_plural_message():
    st = fresh(["4H", "4C", "4D", "JH"], melds=[[{"cards": ["KH", "KC", "KD"], "by": 0}], []],
               rules=Rules(players=2, canastas_to_go_out=1))
    reason = refusal(st, Meld((Group(tuple(ids(st, "4H", "4C", "4D"))),)))
    assert reason == ("You must keep a card to discard: going out needs 1 canasta and your side has 0.")
    i18n.set_language("fr")
    assert tr(reason) == ("Gardez une carte à défausser : pour sortir, il faut 1 canasta "
                          "et votre camp en a 0.")
    st2 = position(Rules(players=2, canastas_to_go_out=2), {
        "scores": [0, 0], "dealer": 1, "turn": 0, "phase": "play",
        "hands": [["JH"], ["9H", "9C", "9D"]], "stock": 30, "discard": ["TS"],
        "melds": [[{"cards": KINGS, "by": 0}], []]})
    reason = refusal(st2, Discard(st2.hands[0][0]))
    i18n.set_language("en")
    assert reason == "Going out needs 2 canastas; your side has 1."
    i18n.set_language("pt_BR")
    assert tr(reason) == "Para bater são precisas 2 canastras; seu lado tem 1."


def test_taking_a_frozen_pile_without_a_natural_pair_is_refused_in_spanish():
    st = fresh(["KH", "2C", "9S", "JH"], discard=("4S", "KS"), phase="draw")
    reason = refusal(st, TakePile(tuple(ids(st, "KH", "2C"))))
    assert reason == ("To take it you need a natural pair of kings: your side has not melded yet, "
                      "so the pile is frozen.")
    i18n.set_language("es")
    said = tr(reason)
    assert said.startswith("Para levantarlo necesitás un par natural de ")
    assert "kings" not in said and tr(i18n.t("kings")) in said


def test_a_card_not_in_hand_keeps_its_capital_in_english_and_is_translated_whole():
    st = fresh(["4H", "4C", "4D", "9S", "JH"], discard=("4S", "QS"), phase="draw")
    from canasta.engine.cards import CODE_OF
    stranger = next(c for c in st.hands[1] if CODE_OF[c] == "9H")
    reason = refusal(st, TakePile((stranger, stranger + 13)))
    assert reason == "The nine of hearts is not in your hand."
    i18n.set_language("de")
    said = tr(reason)
    assert said.startswith("Du hast ") and said.endswith(" nicht auf der Hand.")
    assert "nine" not in said and "hearts" not in said


def test_the_turn_s_plain_refusals_are_translated():
    st = fresh(["4H", "4C", "4D", "9S", "JH"], phase="play")
    reason = refusal(st, Draw())
    assert reason == "You have drawn already: meld or discard."
    i18n.set_language("it")
    assert tr(reason) == "Hai già pescato: cala o scarta."
    i18n.set_language("pseudo")
    assert tr(reason).startswith("[") and tr(reason).endswith("]")
