"""The reasons a damaged record is refused are messages: the English sentence as it
always was, and the same reason in the player's language, with the engine's refusal or
the rules' error inside it rendered in that language too."""

from __future__ import annotations

import json

import pytest

from canasta import i18n
from canasta.engine import Rules
from canasta.engine.record import Game, RecordError
from canasta.i18n import tr
from canasta.review import read_record


def damaged(tmp_path, name, change) -> str:
    record = Game(Rules(), 11).to_json()
    change(record)
    path = tmp_path / name
    path.write_text(json.dumps(record))
    with pytest.raises(RecordError) as e:
        read_record(path)
    return e.value.args[0]


def test_an_illegal_move_in_a_record_is_told_in_german(tmp_path):
    reason = damaged(tmp_path, "deal.json", lambda r: r.update(actions=[{"type": "discard", "card": 5}]))
    assert reason == ("The record deal.json cannot be played back: Move 1 (discard) is not legal in its "
                      "position: draw first: from the stock, or take the pile.")
    i18n.set_language("de")
    assert tr(reason) == ("Die Aufzeichnung deal.json kann nicht abgespielt werden: Zug 1 (discard) ist an "
                          "dieser Stelle nicht erlaubt: Zieh zuerst: vom Stapel, oder nimm den Ablagestapel.")
    i18n.set_language("pseudo")
    said = tr(reason)
    # the sentence, the move's name and the engine's refusal inside it: each bracketed
    assert said.startswith("[") and said.count("[") == 4 and "Move" not in said and "draw first" not in said


def test_a_card_that_does_not_exist_and_a_missing_seed_in_spanish(tmp_path):
    card = damaged(tmp_path, "a.json",
                   lambda r: r.update(actions=[{"type": "draw"}, {"type": "discard", "card": 9999}]))
    seed = damaged(tmp_path, "b.json", lambda r: r.update(seed=None))
    assert card == "The record a.json cannot be played back: Move 2: 9999 is not a card of this game."
    assert seed == "The record b.json has no valid seed."
    i18n.set_language("es")
    assert tr(card) == "El registro a.json no se puede reproducir: Jugada 2: 9999 no es una carta de esta partida."
    assert tr(seed) == "Registro b.json: no tiene una semilla válida."


def test_rules_that_are_not_valid_say_why_in_italian(tmp_path):
    reason = damaged(tmp_path, "c.json", lambda r: r.update(rules={"players": 4, "hand_size": 60}))
    assert reason == ("The rules in the record c.json are not valid: "
                      "60 cards each for 4 players do not fit in 2 packs.")
    i18n.set_language("it")
    assert tr(reason) == ("Registrazione c.json: le regole non sono valide: "
                          "Per 4 giocatori con 60 carte a testa non bastano i mazzi (2).")


def test_a_file_that_is_not_there_or_not_text(tmp_path):
    (tmp_path / "x.json").write_bytes(b"\xff\xfe\x00junk")
    with pytest.raises(RecordError) as gone:
        read_record(tmp_path / "missing.json")
    with pytest.raises(RecordError) as binary:
        read_record(tmp_path / "x.json")
    assert binary.value.args[0] == "x.json is not a Canasta game record (it is not text)."
    i18n.set_language("fr")
    assert tr(gone.value.args[0]).startswith("Le fichier ") and tr(gone.value.args[0]).endswith(" n'existe pas.")
    assert tr(binary.value.args[0]) == "x.json n'est pas un relevé de partie de Canasta (ce n'est pas du texte)."


def test_seats_saved_beside_a_game_that_make_no_sense_in_german():
    from canasta.store.names import parse_seats
    seats = [{"name": "You", "human": True, "level": "medium"}, {"name": "x" * 30, "human": False, "level": "easy"}]
    with pytest.raises(ValueError) as long_name:
        parse_seats(seats, 2)
    with pytest.raises(ValueError) as level:
        parse_seats([seats[0], {"name": "Luis", "human": False, "level": "grandmaster"}], 2)
    assert long_name.value.args[0] == "A seat's name must be at most 24 characters."
    assert level.value.args[0] == "A seat has an unknown level 'grandmaster'."
    i18n.set_language("de")
    assert tr(long_name.value.args[0]) == "Der Name eines Platzes ist ungültig (darf höchstens 24 Zeichen haben)."
    assert tr(level.value.args[0]) == "Ein Platz hat eine unbekannte Stufe 'grandmaster'."
