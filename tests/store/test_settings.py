"""settings.toml: round trip, partial validity, damage, unreadable and unwritable places."""

from __future__ import annotations

import errno
import os
import tomllib

import pytest

from canasta.store import settings as settings_module
from canasta.store.settings import Settings, dumps_toml, load_settings, save_settings, settings_path


def kept_copies(folder):
    return sorted(p for p in folder.iterdir() if p.name.startswith("settings-") and p.suffix == ".toml")


def test_no_file_gives_the_defaults_silently():
    settings, messages = load_settings()
    assert settings == Settings()
    assert messages == []
    assert not settings_path().exists()


def test_round_trip_of_every_value():
    original = Settings(
        animation_speed="fast",
        reduced_motion=True,
        speech=True,
        high_contrast=True,
        sound=False,
        volume=0.25,
        card_back="purple",
        table_colour="grey",
        four_colour=True,
        text_size=150,
        card_size=170,
        show_points=True,
        hand_sort="suit",
        confirm_discard=True,
        hints_allowed=False,
        undo_allowed=False,
        chat_muted=True,
        fullscreen=True,
        window_size=[1920, 1080],
        player_name='Zoë "Q" \\ O\'Brien',
        last_game={
            "variant": "classic",
            "players": 4,
            "target_score": 5000,
            "levels": ["easy", "hard", "normal"],
            "seats": [{"name": "Ann\tB", "level": "easy"}, {"name": "Bob\n", "level": "hard"}],
            "ratio": 1.5,
            "teams": {"names": ["Us", "Them"]},
            "quoted key": True,
        },
    )
    assert save_settings(original) == []
    loaded, messages = load_settings()
    assert messages == []
    assert loaded == original
    assert loaded.last_game == original.last_game


# settings.toml as the game wrote it before the accessibility settings (issue 31)
OLD_FILE = """# Canasta settings. You may edit this file while the game is closed;
# unknown keys and values out of range are reported and ignored.

animation_speed = "fast"
computer_pause = 0.5
sound = false
volume = 0.4
card_back = "red"
table_colour = "blue"
four_colour = true
large_cards = true
show_points = false
hand_sort = "suit"
confirm_discard = false
log_pinned = false
hints_allowed = true
undo_allowed = true
fullscreen = false
window_size = [1280, 800]
player_name = "Ada"

[last_game]
variant = "classic"
"""

#: the settings added since, with their defaults
NEW_FIELDS = ("reduced_motion", "speech", "high_contrast", "text_size", "language")


def test_an_old_settings_file_loads_with_the_new_settings_at_their_defaults():
    settings_path().write_text(OLD_FILE, encoding="utf-8")
    loaded, messages = load_settings()
    assert messages == []
    assert (loaded.animation_speed, loaded.sound, loaded.volume, loaded.card_back, loaded.player_name) == (
        "fast", False, 0.4, "red", "Ada")
    for name in NEW_FIELDS:
        assert getattr(loaded, name) == getattr(Settings(), name)
    # its Large cards switch became a Card size, and is written as one
    assert loaded.card_size == 110
    assert save_settings(loaded) == []
    assert "large_cards" not in settings_path().read_text(encoding="utf-8")
    assert "card_size = 110\n" in settings_path().read_text(encoding="utf-8")
    again, messages = load_settings()
    assert again == loaded and messages == []


def test_old_normal_cards_are_a_card_size_of_100_and_a_card_size_wins_over_them():
    settings_path().write_text(OLD_FILE.replace("large_cards = true", "large_cards = false"), encoding="utf-8")
    loaded, messages = load_settings()
    assert (loaded.card_size, messages) == (100, [])
    settings_path().write_text("large_cards = true\ncard_size = 160\n", encoding="utf-8")
    assert load_settings() == (Settings(card_size=160), [])
    settings_path().write_text('large_cards = "big"\ntext_size = 120\n', encoding="utf-8")
    loaded, messages = load_settings()
    assert (loaded.card_size, loaded.text_size) == (100, 120)
    assert messages == ["Ignored in settings.toml: large_cards (must be true or false)."]


def test_sizes_are_percentages_from_100_to_200_in_steps_of_ten():
    settings_path().write_text("text_size = 146\ncard_size = 200.0\n", encoding="utf-8")
    loaded, messages = load_settings()
    assert (loaded.text_size, loaded.card_size, messages) == (150, 200, [])
    settings_path().write_text('text_size = 250\ncard_size = "big"\nvolume = 0.3\n', encoding="utf-8")
    loaded, messages = load_settings()
    assert (loaded.text_size, loaded.card_size, loaded.volume) == (100, 100, 0.3)
    assert messages == ["Ignored in settings.toml: text_size (must be from 100 to 200), "
                        "card_size (must be a percentage from 100 to 200)."]


def test_the_new_settings_refuse_bad_values_and_keep_the_rest():
    settings_path().write_text('reduced_motion = "yes"\nvolume = 0.3\n', encoding="utf-8")
    loaded, messages = load_settings()
    assert loaded.reduced_motion is False and loaded.volume == 0.3
    assert messages == ["Ignored in settings.toml: reduced_motion (must be true or false)."]


def test_the_online_chats_mute_is_kept_and_a_bad_value_refused():
    settings_path().write_text('chat_muted = true\n', encoding="utf-8")
    loaded, messages = load_settings()
    assert loaded.chat_muted is True and messages == []
    settings_path().write_text('chat_muted = 1\n', encoding="utf-8")
    loaded, messages = load_settings()
    assert loaded.chat_muted is False
    assert messages == ["Ignored in settings.toml: chat_muted (must be true or false)."]


def test_the_file_is_plain_toml_a_person_can_edit():
    save_settings(Settings(volume=0.5))
    text = settings_path().read_text(encoding="utf-8")
    assert text.startswith("# Canasta settings.")
    assert "volume = 0.5\n" in text
    assert "[last_game]" in text
    edited = text.replace("volume = 0.5", "volume = 0.9  # louder")
    settings_path().write_text(edited, encoding="utf-8")
    loaded, messages = load_settings()
    assert loaded.volume == 0.9 and messages == []


def test_unknown_keys_and_bad_values_are_reported_and_the_rest_kept():
    path = settings_path()
    path.write_text(
        'animation_speed = "fast"\n'
        "volume = 3\n"
        "colour_blind = true\n"
        'card_back = "gold"\n'
        "sound = false\n"
        "window_size = [100, 100]\n"
        'player_name = "Ada"\n',
        encoding="utf-8",
    )
    before = path.read_bytes()
    loaded, messages = load_settings()
    assert messages == [
        "Ignored in settings.toml: volume (must be between 0 and 1), colour_blind (unknown), "
        "card_back (must be one of blue, red, green, purple), window_size (must be at least 1024 by 640)."
    ]
    assert loaded.animation_speed == "fast"
    assert loaded.sound is False
    assert loaded.player_name == "Ada"
    assert loaded.volume == Settings().volume
    assert loaded.card_back == Settings().card_back
    assert loaded.window_size == Settings().window_size
    assert path.read_bytes() == before  # not quarantined, not rewritten
    assert kept_copies(path.parent) == []


def test_wrong_types_are_reported():
    settings_path().write_text('sound = "yes"\nvolume = true\nwindow_size = "big"\nlast_game = 4\n', encoding="utf-8")
    loaded, messages = load_settings()
    assert len(messages) == 1
    for key in ("sound", "volume", "window_size", "last_game"):
        assert key in messages[0]
    assert loaded == Settings()


def test_integer_volume_is_accepted_as_a_float():
    settings_path().write_text("volume = 1\n", encoding="utf-8")
    loaded, messages = load_settings()
    assert messages == [] and loaded.volume == 1.0 and isinstance(loaded.volume, float)


def test_last_game_with_values_toml_cannot_save_is_dropped():
    settings_path().write_text(
        'player_name = "Ada"\n[last_game]\nplayers = 4\nwhen = 2026-11-23T10:00:00\n', encoding="utf-8"
    )
    loaded, messages = load_settings()
    assert loaded.last_game == {}
    assert loaded.player_name == "Ada"
    assert len(messages) == 1 and messages[0].startswith("Ignored in settings.toml: last_game (")


def test_unknown_keys_survive_a_save():
    settings_path().write_text('future_option = "on"\n[future_table]\nx = 1\n', encoding="utf-8")
    loaded, _ = load_settings()
    loaded.volume = 0.1
    assert save_settings(loaded) == []
    data = tomllib.loads(settings_path().read_text(encoding="utf-8"))
    assert data["future_option"] == "on"
    assert data["future_table"] == {"x": 1}
    assert data["volume"] == 0.1


def test_random_bytes_are_set_aside_and_the_defaults_used():
    path = settings_path()
    garbage = bytes(range(256)) * 3 + b"\x00\xff[[[="
    path.write_bytes(garbage)
    loaded, messages = load_settings()
    assert loaded == Settings()
    assert len(messages) == 1
    copies = kept_copies(path.parent)
    assert len(copies) == 1
    assert copies[0].read_bytes() == garbage
    assert messages[0] == (
        f"Your settings file was damaged; it was kept as {copies[0].name} and the defaults are in use."
    )
    assert not path.exists()
    # The next save writes a fresh file beside the kept copy.
    assert save_settings(loaded) == []
    assert load_settings() == (Settings(), [])
    assert copies[0].read_bytes() == garbage


def test_broken_toml_syntax_is_set_aside():
    settings_path().write_text('volume = 0.5\nsound = \n[unclosed\n', encoding="utf-8")
    loaded, messages = load_settings()
    assert loaded == Settings()
    assert "was damaged" in messages[0]
    assert len(kept_copies(settings_path().parent)) == 1


def test_a_byte_order_mark_from_a_windows_editor_is_accepted():
    settings_path().write_bytes(b'\xef\xbb\xbfvolume = 0.4\n')
    loaded, messages = load_settings()
    assert messages == [] and loaded.volume == 0.4


def test_a_folder_in_place_of_the_file_is_set_aside():
    settings_path().mkdir()
    loaded, messages = load_settings()
    assert loaded == Settings()
    assert len(messages) == 1 and "could not be read" in messages[0]
    assert len(kept_copies(settings_path().parent)) == 1


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root reads any file")
def test_an_unreadable_file_gives_the_defaults_and_is_kept(tmp_path):
    path = settings_path()
    path.write_text("volume = 0.3\n")
    os.chmod(path, 0)
    try:
        loaded, messages = load_settings()
    finally:
        for p in path.parent.iterdir():
            os.chmod(p, 0o600)
    assert loaded == Settings()
    assert messages and "could not be read (permission denied)" in messages[0]
    copies = kept_copies(path.parent)
    assert len(copies) == 1 and copies[0].read_text() == "volume = 0.3\n"


def test_an_unreadable_file_simulated(monkeypatch):
    path = settings_path()
    path.write_text("volume = 0.3\n")
    import canasta.store.settings as settings_module
    real_read = settings_module.read_file

    def denied(target, limit):
        if os.path.basename(target) == "settings.toml":
            raise PermissionError(errno.EACCES, "Permission denied", str(target))
        return real_read(target, limit)

    monkeypatch.setattr(settings_module, "read_file", denied)
    loaded, messages = load_settings()
    assert loaded == Settings()
    assert messages[0].startswith("Your settings file could not be read (permission denied); it was kept as settings-")


def test_unwritable_folder_keeps_settings_for_the_session(read_only):
    path = settings_path()
    save_settings(Settings(volume=0.2))
    read_only(path.parent)
    messages = save_settings(Settings(volume=0.9))
    assert messages == [
        "Your settings could not be saved (permission denied); they apply until you close the game."
    ]
    loaded, load_messages = load_settings()
    assert load_messages == [] and loaded.volume == 0.2  # the old file is intact


def test_missing_folder_that_cannot_be_created(tmp_path, monkeypatch):
    (tmp_path / "not-a-folder").write_text("")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "not-a-folder"))
    monkeypatch.setenv("CANASTA_HOME", str(tmp_path / "not-a-folder"))
    loaded, messages = load_settings()
    assert loaded == Settings() and messages == []
    messages = save_settings(Settings(volume=0.9))
    assert len(messages) == 1 and messages[0].startswith("Your settings could not be saved (")


def test_an_interrupted_save_leaves_the_old_file(monkeypatch):
    save_settings(Settings(player_name="Old"))
    with monkeypatch.context() as patch:
        patch.setattr(os, "replace", lambda src, dst: (_ for _ in ()).throw(OSError(errno.ENOSPC, "No space left")))
        messages = save_settings(Settings(player_name="New"))
    assert messages and "(the disk is full)" in messages[0]
    loaded, _ = load_settings()
    assert loaded.player_name == "Old"
    assert [p.name for p in settings_path().parent.iterdir()] == ["settings.toml"]


def test_toml_writer_escapes_control_characters_and_quotes_keys():
    data = {"a b": "x\x01y\x7f\"\\", "ok": [1, 2.5, True, "s"], "t": {"inner key": {"deep": -3}}}
    assert tomllib.loads(dumps_toml(data)) == data


def test_toml_writer_refuses_what_toml_cannot_hold():
    with pytest.raises(TypeError):
        settings_module.toml_value(object())
    with pytest.raises(ValueError):
        settings_module.toml_value(float("nan"))
    with pytest.raises(ValueError):
        settings_module.toml_value(2**70)


def test_the_language_is_kept_and_a_bad_one_refused_in_one_sentence():
    assert Settings().language == ""            # System default
    settings_path().write_text('language = "pt_BR"\nvolume = 0.3\n', encoding="utf-8")
    loaded, messages = load_settings()
    assert (loaded.language, loaded.volume, messages) == ("pt_BR", 0.3, [])
    assert save_settings(loaded) == [] and 'language = "pt_BR"\n' in settings_path().read_text(encoding="utf-8")
    for bad in ('"klingon"', '"pseudo"', "3"):
        settings_path().write_text(f'language = {bad}\nvolume = 0.3\n', encoding="utf-8")
        loaded, messages = load_settings()
        assert (loaded.language, loaded.volume) == ("", 0.3)
        assert messages == ['Ignored in settings.toml: language (must be "" (System default) or one of '
                            'en, es, pt_BR, it, de, fr).']
