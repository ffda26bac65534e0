"""Synthesised sound effects and a SoundBoard that never breaks the game."""

import time

import pygame
import pytest

from canasta.ui import sound as sound_module
from canasta.ui.sound import SOUND_NAMES, SoundBoard, synthesise


@pytest.fixture
def fresh_mixer():
    """Stop the mixer before and after, so each test chooses how it starts."""
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


def test_every_effect_is_a_short_audible_signal():
    for name in SOUND_NAMES:
        samples = synthesise(name, 22050)
        seconds = len(samples) / 22050
        assert 0.05 < seconds < 1.5, name
        peak = max(abs(v) for v in samples)
        assert 0.3 < peak <= 1.0, name
        assert abs(samples[-1]) < 0.01, name  # faded out, no click at the end
    assert synthesise("meld", 22050) != synthesise("canasta", 22050)
    with pytest.raises(ValueError):
        synthesise("applause", 22050)


def test_board_plays_every_sound_with_the_dummy_driver(fresh_mixer):
    board = SoundBoard()
    assert board.available
    for name in SOUND_NAMES:
        board.play(name)
    assert pygame.mixer.get_busy()


def test_disabled_board_is_quiet(fresh_mixer):
    board = SoundBoard(enabled=False)
    assert board.available
    board.play("going_out")
    assert not pygame.mixer.get_busy()
    board.set_enabled(True)
    board.play("going_out")
    assert pygame.mixer.get_busy()
    board.set_enabled(False)  # also stops what is playing
    deadline = time.monotonic() + 1.0
    while pygame.mixer.get_busy() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not pygame.mixer.get_busy()


def test_volume_is_clamped_and_applied(fresh_mixer):
    board = SoundBoard(volume=0.7)
    assert board.volume == pytest.approx(0.7)
    board.set_volume(3)
    assert board.volume == 1.0
    board.set_volume(-1)
    assert board.volume == 0.0
    board.set_volume(0.25)
    assert board._sounds["deal"].get_volume() == pytest.approx(0.25, abs=0.01)
    with pytest.raises(ValueError):
        board.set_volume("loud")


@pytest.mark.parametrize("frequency,size,channels", [
    (44100, -16, 2), (22050, -16, 1), (48000, 16, 2), (11025, 8, 1), (44100, 32, 2),
])
def test_samples_match_the_mixer_format(fresh_mixer, frequency, size, channels):
    pygame.mixer.init(frequency=frequency, size=size, channels=channels)
    rate = pygame.mixer.get_init()[0]
    board = SoundBoard()
    assert board.available
    for name in SOUND_NAMES:
        expected = len(synthesise(name, rate)) / rate
        # Wrong sample width or channel count would make the length 2x or 0.5x off.
        assert board.duration(name) == pytest.approx(expected, rel=0.02), name
        board.play(name)


def test_board_is_silent_when_the_mixer_cannot_start(fresh_mixer, monkeypatch):
    def broken(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "init", broken)
    board = SoundBoard()
    assert board.available is False
    for name in SOUND_NAMES:
        board.play(name)  # does nothing, raises nothing
        assert board.duration(name) == 0.0
    board.set_volume(0.3)
    board.set_enabled(True)
    assert not pygame.mixer.get_busy()


def test_board_is_silent_when_building_a_sound_fails(fresh_mixer, monkeypatch):
    def broken(*args, **kwargs):
        raise MemoryError("out of memory")

    monkeypatch.setattr(sound_module.pygame.mixer, "Sound", broken)
    board = SoundBoard()
    assert not board.available
    board.play("canasta")


def test_unknown_sound_names_are_reported_even_when_silent(fresh_mixer, monkeypatch):
    with pytest.raises(ValueError):
        SoundBoard().play("tada")
    monkeypatch.setattr(pygame.mixer, "init", lambda *a, **k: (_ for _ in ()).throw(pygame.error("none")))
    with pytest.raises(ValueError):
        SoundBoard().play("tada")
