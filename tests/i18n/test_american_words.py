"""Modern American Canasta's own sentences are messages: its refusals (the always-frozen
pile, melds that close at seven, threes, special hands), its score lines on the score
sheet and its rules screen's scoring lines keep their English and are rendered in the
player's language by ``tr``, the ranks and figures inside them too, and every word is
bracketed in the pseudo-language."""

from __future__ import annotations

from canasta import i18n
from canasta.engine import Rules
from canasta.engine.actions import Draw, Group, Meld, TakePile
from canasta.engine.setup import position
from canasta.engine.variants import american as A
from canasta.i18n import tr

from hands import hand_cards as cards, refusal

RULES = Rules(variant="american")


def table(hand, phase="play", melds=None, threes=None, stock=30, discard=("4C",)):
    return position(RULES, {"turn": 0, "phase": phase, "stock": stock, "discard": list(discard),
                            "melds": melds or [[], []], "threes": threes or [[], []],
                            "hands": [list(hand), ["5H"], ["5C"], ["6H"]]})


def test_the_frozen_pile_is_refused_in_german_with_the_rank_in_german():
    st = table(["KH", "2C", "5D", "6S"], phase="draw", discard=("4C", "KD"))
    reason = refusal(st, TakePile(cards(st, "KH", "2C")))
    assert reason == ("The pile is always frozen: a natural and a wild card never take it; you need two "
                      "natural kings from your hand.")
    i18n.set_language("de")
    assert tr(reason) == ("Der Ablagestapel ist immer eingefroren: Eine natürliche und eine wilde Karte nehmen "
                          "ihn nie; du brauchst ein natürliches Paar Könige aus deiner Hand.")
    i18n.set_language("pseudo")
    said = tr(reason)
    assert said.startswith("[") and "kings" not in said and said.count("[") == 2   # the rank bracketed too


def test_a_meld_past_seven_cards_and_a_single_natural_are_refused_in_spanish():
    st = table(["9H", "9C", "2H", "5D"],
               melds=[[{"cards": ["9S", "9S", "9D", "9D", "9H", "2S"], "by": 2}], []])
    meld_id = st.melds[0][0].id
    reason = refusal(st, Meld((Group(cards(st, "9H", "9C"), meld_id),)))
    assert reason == "A meld holds at most seven cards: a canasta is complete and closed."
    i18n.set_language("es")
    assert tr(reason) == "Un juego tiene como máximo siete cartas: una canasta está completa y cerrada."
    i18n.set_language("en")
    st = table(["QH", "2C", "2H", "5D", "6S"],
               melds=[[{"cards": ["KS", "KD", "KH"], "by": 2}], []])
    reason = refusal(st, Meld((Group(cards(st, "QH", "2C", "2H")),)))
    assert reason == ("A new meld needs at least two natural queens; a single queen can only go on your "
                      "side's meld of queens.")
    i18n.set_language("es")
    assert tr(reason) == ("Un juego nuevo necesita al menos un par natural de reinas; una sola carta (reina) "
                          "solo va al juego de reinas de tu lado.")


def test_the_first_meld_through_the_pile_says_its_count_in_italian():
    st = table(["8H", "8C", "5D", "6S"], phase="draw", discard=("4C", "8D"))
    reason = refusal(st, TakePile(cards(st, "8H", "8C")))
    assert reason == ("Your side's first meld must count at least 125; this counts 0 (the pair that takes "
                      "the pile and the top card do not count).")
    i18n.set_language("it")
    assert tr(reason) == ("La prima calata del tuo lato deve valere almeno 125; questa vale 0 (la coppia che "
                          "prende il pozzo e la carta in cima non contano).")


def test_laying_threes_with_the_stock_empty_continues_the_going_out_sentence():
    """The going-out refusal continues the sentence after a colon: a small first letter
    in English and Spanish, German's capital kept."""
    st = table(["3H", "3S", "KH"], melds=[[{"cards": ["KS", "KD", "KC"], "by": 2}], []], stock=0)
    reason = refusal(st, A.LayThrees(cards(st, "3H", "3S")))
    assert reason == ("With the stock empty this would leave you a single card: you must keep a card to "
                      "discard: going out needs 2 canastas and your side has 0.")
    i18n.set_language("es")
    assert tr(reason) == ("Con el mazo vacío esto te dejaría una sola carta: tenés que guardar una carta para "
                          "descartar: para cerrar hacen falta 2 canastas y tu lado tiene 0.")
    i18n.set_language("de")
    assert tr(reason).startswith("Bei leerem Stapel bliebe dir nur eine Karte: Du musst eine Karte")


def test_a_special_hand_refusal_and_its_score_line_in_french():
    st = table(["AH", "KC", "QD", "JS", "TH", "9C", "8D", "7S", "6H", "5C", "4D", "4S", "2H", "2C"])
    reason = refusal(st, A.LaySpecial())
    assert reason == "These 14 cards are not a special hand (straight, seven pairs, pairs with wilds, garbage)."
    i18n.set_language("fr")
    assert tr(reason) == ("Ces 14 cartes ne sont pas une main spéciale (suite, sept paires, paires avec jokers, "
                          "rebut).")
    i18n.set_language("en")
    st = table(["4H", "4C", "5H", "5C", "6H", "6C", "8H", "8C", "9H", "9C", "TH", "TC", "KH"],
               phase="draw", stock=["5S", "KC"])
    from canasta.engine import apply_in_place
    apply_in_place(st, Draw())
    apply_in_place(st, A.LaySpecial())
    (line,) = st.result.lines[0]
    assert (line.label, line.points) == ("Special hand: seven pairs", 2500)
    i18n.set_language("fr")
    assert tr(line.label) == "Main spéciale : sept paires"


def test_the_score_sheet_lines_of_a_deal_in_spanish_and_pseudo():
    from canasta.ui.table.words import team_lines
    st = table(["5D", "6S"], melds=[[{"cards": ["7S", "7D", "7H"], "by": 2},
                                      {"cards": ["KS", "KD", "KH", "2C"], "by": 0}], []],
               threes=[["3H"], []])
    items, lines = A.score(st, None, False)

    class Result:
        pass
    res = Result()
    res.lines = lines
    english = team_lines(res, 0)
    assert english == [("Melded cards", "-65 (no canasta: minus)"), ("Unfinished sevens", "-2500 (3 of 7)"),
                       ("Red threes", "-100 (1, no canasta: minus)"), ("Cards left in hand", "-15")]
    i18n.set_language("es")
    assert team_lines(res, 0) == [("Cartas bajadas", "-65 (sin canasta: en negativo)"),
                                  ("Sietes sin terminar", "-2.500 (3 de 7)"),
                                  ("Tres rojos", "-100 (1, sin canasta: en negativo)"),
                                  ("Cartas en la mano", "-15")]
    i18n.set_language("pseudo")
    for label, cell in team_lines(res, 0):
        assert label.startswith("[") and label.endswith("]")
    assert "[" in team_lines(res, 0)[1][1]       # "3 of 7" is a message too


def test_the_rules_screen_scoring_lines_in_german_write_the_figures_the_german_way():
    from canasta.ui.screens.rules_words import score_line
    lines = {str(x.label): score_line(x) for x in A.score_rules(RULES)}
    assert lines["Wild canasta"] == "Wild canasta: +3,000 all twos, +2,500 with all four jokers, else +2,000."
    i18n.set_language("de")
    assert tr(lines["Wild canasta"]) == ("Joker-Canasta: +3.000 nur Zweier, +2.500 mit allen vier Jokern, "
                                         "sonst +2.000.")
    assert tr(lines["Unfinished sevens"]) == "Unfertige Siebener: -2.500 für eine Siebener-Meldung unter sieben Karten."
    for line in lines.values():
        assert "each" not in tr(line) and "minus the" not in tr(line)


def test_the_score_lines_sent_to_an_online_table_are_read_in_the_player_s_language():
    """The server sends a deal's score lines as messages with their arguments, not as
    English: the joined player's sheet reads "3 de 7" in Spanish, "-2.500" grouped."""
    import json

    from canasta.engine.state import DealResult
    from canasta.net.protocol import result_from_json, result_json
    from canasta.ui.table.words import team_lines
    st = table(["5D", "6S"], melds=[[{"cards": ["7S", "7D", "7H"], "by": 2},
                                      {"cards": ["KS", "KD", "KH", "2C"], "by": 0}], []],
               threes=[["3H"], []])
    items, lines = A.score(st, None, False)
    sent = DealResult(0, 0, None, False, items, [0, 0], [{}, {}], lines)
    came = result_from_json(json.loads(json.dumps(result_json(sent))))
    assert team_lines(came, 0) == team_lines(sent, 0)          # the same English
    assert came.items[0].rows == sent.items[0].rows
    i18n.set_language("es")
    assert team_lines(came, 0) == [("Cartas bajadas", "-65 (sin canasta: en negativo)"),
                                   ("Sietes sin terminar", "-2.500 (3 de 7)"),
                                   ("Tres rojos", "-100 (1, sin canasta: en negativo)"),
                                   ("Cartas en la mano", "-15")]


def test_words_from_a_hostile_server_never_break_the_sheet():
    """A message the server made up (a placeholder it does not fill, a shape it should
    not have) is shown as it came, never raising."""
    from canasta.net.protocol import _line_from
    line = _line_from([{"msg": "{count.__class__} of {missing}", "args": {"count": 3}}, 5,
                       {"msg": 7, "args": []}])
    i18n.set_language("de")
    assert isinstance(tr(line.label), str) and isinstance(tr(line.detail), str)
