"""A damaged saved game, record file or list of seats is told on the main menu in the
player's language: the notice keeps the message (not only its English), and the engine's
reason inside it is rendered in that language too."""

from __future__ import annotations

import json

import pytest

from canasta import i18n
from canasta.engine import Rules
from canasta.engine.record import Game
from canasta.store import save_game
from canasta.ui.menus import MainMenu
from layout_check import probe_frame

pytestmark = pytest.mark.usefixtures("user_folders", "english_after")
SEATS = [{"name": "You", "human": True, "level": "medium"}] + [
    {"name": n, "human": False, "level": "easy"} for n in ("Marta", "Luis", "Ines")]


def drawn(app) -> str:
    """The text the open screen draws, its lines joined by spaces."""
    return " ".join(w for kind, _r, w, _l in probe_frame(app).items if kind == "text")


def write_save(record, seats=SEATS) -> None:
    assert save_game(record, {"seats": seats, "preset": "classic-4", "uid": "x1"}, checkpoint=True) == []


def test_a_hand_edited_saved_game_is_told_in_german(launch):
    record = Game(Rules(), 11).to_json()
    record["actions"] = [{"type": "draw"}, {"type": "discard", "card": 9999}]
    write_save(record)
    app, session = launch(["--lang", "de"])
    assert isinstance(app.scene, MainMenu)
    [notice] = session.notices
    assert notice.startswith("The saved game could not be resumed (move 2: 9999 is not a card of this game)")
    text = drawn(app)
    assert "Das gespeicherte Spiel konnte nicht fortgesetzt werden" in text
    assert "Zug 2: 9999 ist keine Karte dieses Spiels" in text
    assert "not a card" not in text and "saved game" not in text


def test_damaged_seats_are_told_in_spanish(launch):
    write_save(Game(Rules(), 11).to_json(), seats=SEATS[:1])
    app, session = launch(["--lang", "es"])
    assert "the seats are missing or do not match the number of players" in session.notices[0]
    text = drawn(app)
    assert "No se pudo retomar la partida guardada (faltan los asientos o no coinciden" in text
    assert "seats" not in text


def test_a_record_file_that_cannot_be_played_back_is_told_in_portuguese(launch, tmp_path):
    record = Game(Rules(), 11).to_json()
    record["actions"] = [{"type": "discard", "card": 5}]
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(record))
    app, session = launch(["--lang", "pt_BR", "--replay", str(path)])
    assert isinstance(app.scene, MainMenu)
    [notice] = session.notices
    assert notice.startswith("The record deal.json cannot be played back: Move 1 (discard) is not legal")
    text = drawn(app)
    assert "O registro deal.json não pode ser reproduzido: Jogada 1 (discard) não é válida" in text
    assert "played back" not in text
    i18n.set_language("pseudo")
    assert "played back" not in drawn(app)      # every part of it from the catalog


def test_rules_that_cannot_be_played_are_explained_in_german_on_the_new_game_form(launch):
    from canasta.ui.screens.newgame import NewGameScreen
    from harness import click, frames
    app, session = launch(["--lang", "de"])
    click(app, app.scene.control("new"))
    form = app.scene
    assert isinstance(form, NewGameScreen)
    click(app, form.control("tab_rules"))
    form.set_opt("hand_size", 20)
    form.set_opt("decks", 1)      # too few cards for the deal
    frames(app)
    assert form.error == "20 cards each for 4 players do not fit in 1 packs."
    said = "Für 4 Spieler mit je 20 Karten reicht die Zahl der Kartenspiele (1) nicht."
    assert form.control("start").explanation() == said
    assert "do not fit" not in drawn(app) and "reicht die Zahl der Kartenspiele" in drawn(app)
