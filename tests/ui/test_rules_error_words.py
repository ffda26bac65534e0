"""A game's rules error on the New game screen (Samba's target score out of range) is
shown in the player's language, its figures written the language's way: the form
keeps the engine's message, not its English text."""

from __future__ import annotations

import pytest

from canasta.ui.screens.newgame import NewGameScreen
from harness import click, frames
from layout_check import probe_frame

pytestmark = pytest.mark.usefixtures("user_folders", "english_after")


def test_samba_s_rules_error_is_shown_in_german_on_new_game(launch):
    app, session = launch(["--lang", "de"])
    click(app, app.scene.control("new"))
    form = app.scene
    assert isinstance(form, NewGameScreen)
    form.set_opt("variant", "samba")
    form.set_opt("target_score", 50)
    frames(app)
    assert form.error == "The target score must be a whole number from 100 to 10,000,000."
    start = form.control("start")
    german = "Die Zielpunktzahl: muss eine ganze Zahl von 100 bis 10.000.000 sein."
    assert not start.enabled and start.explanation() == german
    drawn = " ".join(w for kind, _r, w, _l in probe_frame(app).items if kind == "text")
    assert "Zielpunktzahl" in drawn and "target score" not in drawn
