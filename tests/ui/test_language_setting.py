"""The Language setting and ``--lang``: the open screen speaks the new language at once."""

from __future__ import annotations

import io

import pytest

from canasta import i18n
from canasta.store.settings import load_settings, settings_path
from canasta.ui.menus import MainMenu
from canasta.ui.screens.settings import SettingsScreen
from harness import click, click_at, frames
from layout_check import probe_frame

pytestmark = pytest.mark.usefixtures("user_folders", "english_after")


def words(app) -> list[str]:
    """Every line of text the open screen draws (read by the layout probe)."""
    return [w for kind, _r, w, _l in probe_frame(app).items if kind == "text"]


@pytest.fixture
def spanish(tmp_path, monkeypatch):
    """A small Spanish catalog in place of the committed ones."""
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo
    catalog = Catalog(locale="es", domain=i18n.DOMAIN)
    for english, spanish in (("Settings", "Ajustes"), ("Sound and play", "Sonido y juego"),
                             ("Back", "Volver")):
        catalog.add(english, spanish)
    folder = tmp_path / "locale" / "es" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    (folder / f"{i18n.DOMAIN}.mo").write_bytes(buffer.getvalue())
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path / "locale")


def choose(app, screen, code):
    stepper = screen.control("language")
    for _ in range(len(stepper.choices)):
        if app.settings.language == code:
            return
        click_at(app, stepper.rect.right - 8, stepper.rect.centery)
    assert app.settings.language == code


def test_choosing_a_language_in_settings_changes_the_open_screens_at_once(launch, spanish):
    app, session = launch(["--lang", "en"])
    assert "Settings" in words(app)
    click(app, app.scene.control("settings"))
    screen = app.scene
    assert isinstance(screen, SettingsScreen)
    assert "Settings" in words(app) and "Ajustes" not in words(app)
    choose(app, screen, "es")
    assert app.scene is screen and i18n.current() == "es"
    shown = words(app)
    assert "Ajustes" in shown and "SONIDO Y JUEGO" in shown and "Settings" not in shown
    # kept for the next start
    assert load_settings(settings_path())[0].language == "es"
    click(app, screen.control("back"))
    frames(app)
    assert isinstance(app.scene, MainMenu)
    assert "Ajustes" in words(app)
    # back to English: System default is not offered as a language of its own
    click(app, app.scene.control("settings"))
    choose(app, app.scene, "en")
    assert "Settings" in words(app) and "Ajustes" not in words(app)


def test_the_pseudo_language_from_the_command_line_brackets_the_menu_and_settings(launch):
    app, session = launch(["--lang", "pseudo"])
    assert i18n.current() == "pseudo"
    menu = words(app)
    assert i18n.pseudo("Settings") in menu and "Settings" not in menu
    click(app, app.scene.control("settings"))
    shown = words(app)
    assert i18n.pseudo("Settings") in shown and i18n.pseudo("Sound and play").upper() in shown
    # the language names are each language's own, in any language
    choose(app, app.scene, "de")
    assert i18n.current() == "de"
    stepper = app.scene.control("language")
    assert stepper.label() == "Deutsch"
    # --lang was for that run: the setting is what the player chose
    assert load_settings(settings_path())[0].language == "de"


def test_lang_on_the_command_line_takes_a_known_code_only(capsys):
    from canasta.__main__ import parse_args
    assert parse_args(["--lang", "pt_BR"]).lang == "pt_BR"
    assert parse_args(["--lang", "pseudo"]).lang == "pseudo"
    with pytest.raises(SystemExit):
        parse_args(["--lang", "xx"])
    error = capsys.readouterr().err
    assert "--lang must be one of en, es, pt_BR, it, de, fr, pseudo, not xx" in error
