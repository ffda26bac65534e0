"""Sound effects synthesised at start-up, with no sound files and no numpy.

Each effect is computed as a list of floats in -1..1 (mono) by a small
recipe below, then packed with the :mod:`array` module into the exact sample
format the mixer reports (``pygame.mixer.get_init()``: rate, signed/unsigned
8 or 16 bit or 32-bit float, any number of channels) and handed to
``pygame.mixer.Sound(buffer=...)``.

If the mixer cannot start (no audio device, a driver error, anything at all),
the :class:`SoundBoard` is silent: ``available`` is False and ``play`` does
nothing. Sound is a nicety; it must never stop the game.
"""

from __future__ import annotations

import functools
import math
import random
from array import array
from typing import Callable

import pygame

__all__ = ["SOUND_NAMES", "SoundBoard", "synthesise"]

SOUND_NAMES: tuple[str, ...] = ("deal", "draw", "meld", "canasta", "going_out", "error")

# Note frequencies used by the recipes (equal temperament, A4 = 440 Hz).
_G4, _C5, _D5, _E5, _G5, _A5, _C6 = 392.00, 523.25, 587.33, 659.25, 783.99, 880.00, 1046.50


# --------------------------------------------------------------------------- building blocks


def _silence(rate: int, seconds: float) -> list[float]:
    return [0.0] * max(1, int(rate * seconds))


def _mix_into(out: list[float], sound: list[float], rate: int, at: float, gain: float = 1.0) -> None:
    """Add ``sound`` into ``out`` starting ``at`` seconds in (``out`` grows if needed)."""
    start = int(rate * at)
    end = start + len(sound)
    if end > len(out):
        out.extend([0.0] * (end - len(out)))
    for i, v in enumerate(sound):
        out[start + i] += v * gain


_TABLE_SIZE = 2048


@functools.lru_cache(maxsize=None)
def _wavetable(partials: tuple[float, ...]) -> list[float]:
    """One period of a waveform made of harmonic partials, sampled _TABLE_SIZE times."""
    two_pi = 2 * math.pi
    return [sum(amp * math.sin(two_pi * k * i / _TABLE_SIZE) for k, amp in enumerate(partials, start=1))
            for i in range(_TABLE_SIZE)]


def _tone(rate: int, freq: float, seconds: float, partials: tuple[float, ...] = (1.0,),
          attack: float = 0.005, decay: float = 0.1, vibrato: float = 0.0,
          glide_to: float | None = None) -> list[float]:
    """A note: harmonic partials (amplitudes of f, 2f, 3f, ...), a quick linear
    attack and an exponential decay with time constant ``decay`` seconds.

    ``vibrato`` is a depth in semitones at 5.5 Hz; ``glide_to`` slides the pitch
    linearly to another frequency over the note.
    """
    table = _wavetable(partials)
    mask = _TABLE_SIZE - 1
    n = max(1, int(rate * seconds))
    out = [0.0] * n
    attack_n = max(1, int(rate * attack))
    fall = math.exp(-1.0 / (rate * decay))
    step = _TABLE_SIZE / rate
    vib_step = 2 * math.pi * 5.5 / rate
    phase = 0.0
    env = 1.0
    for i in range(n):
        f = freq if glide_to is None else freq + (glide_to - freq) * (i / n)
        if vibrato:
            f *= 2 ** (vibrato * math.sin(vib_step * i) / 12)
        phase += f * step
        if i < attack_n:
            level = i / attack_n
        else:
            env *= fall
            level = env
        out[i] = table[int(phase) & mask] * level
    return out


def _noise_burst(rate: int, seconds: float, attack: float, decay: float,
                 low_cut: float, high_cut: float, seed: int,
                 sweep_to: float | None = None) -> list[float]:
    """Filtered white noise with an attack/decay envelope: a card's snap or slide.

    A one-pole high-pass at ``low_cut`` and a one-pole low-pass at ``high_cut``
    (which may sweep to ``sweep_to`` Hz) shape the hiss into a soft swish.
    The seed keeps the effect identical from one run to the next.
    """
    rng = random.Random(seed)
    n = max(1, int(rate * seconds))
    out = [0.0] * n
    hp_a = math.exp(-2 * math.pi * low_cut / rate)
    lp, hp_prev_in, hp_prev_out = 0.0, 0.0, 0.0
    for i in range(n):
        t = i / rate
        cut = high_cut if sweep_to is None else high_cut + (sweep_to - high_cut) * (i / n)
        lp_a = math.exp(-2 * math.pi * cut / rate)
        x = rng.uniform(-1.0, 1.0)
        lp = (1 - lp_a) * x + lp_a * lp
        hp = hp_a * (hp_prev_out + lp - hp_prev_in)
        hp_prev_in, hp_prev_out = lp, hp
        env = (t / attack if t < attack else 1.0) * math.exp(-max(0.0, t - attack) / decay)
        out[i] = hp * env
    return out


def _finish(samples: list[float], rate: int, peak: float) -> list[float]:
    """Normalise to ``peak`` and fade the last few milliseconds to avoid a click."""
    top = max((abs(v) for v in samples), default=0.0)
    if top > 0:
        k = peak / top
        samples = [v * k for v in samples]
    fade = min(len(samples), int(rate * 0.006))
    for i in range(fade):
        samples[-1 - i] *= i / fade
    return samples


# --------------------------------------------------------------------------- recipes


def _deal(rate: int) -> list[float]:
    """A short soft snap: a bright click of noise on a fast-decaying swish."""
    out = _noise_burst(rate, 0.11, 0.002, 0.022, 900, 6000, seed=11)
    _mix_into(out, _noise_burst(rate, 0.012, 0.0005, 0.003, 2500, 9000, seed=12), rate, 0.0, 0.6)
    return _finish(out, rate, 0.55)


def _draw(rate: int) -> list[float]:
    """A card slid off the stock: a slower swish whose brightness falls away."""
    out = _noise_burst(rate, 0.17, 0.03, 0.05, 400, 5000, seed=21, sweep_to=1500)
    return _finish(out, rate, 0.45)


def _meld(rate: int) -> list[float]:
    """Two soft rising tones (D5 then A5), sine with a little second harmonic."""
    out = _silence(rate, 0.4)
    soft = (1.0, 0.25, 0.05)
    _mix_into(out, _tone(rate, _D5, 0.3, soft, 0.006, 0.09), rate, 0.0, 0.8)
    _mix_into(out, _tone(rate, _A5, 0.32, soft, 0.006, 0.11), rate, 0.09)
    return _finish(out, rate, 0.5)


def _canasta(rate: int) -> list[float]:
    """A bright C major arpeggio, C5 E5 G5, the last note ringing on."""
    out = _silence(rate, 0.75)
    bright = (1.0, 0.5, 0.3, 0.15, 0.08)
    _mix_into(out, _tone(rate, _C5, 0.3, bright, 0.004, 0.1), rate, 0.0, 0.8)
    _mix_into(out, _tone(rate, _E5, 0.3, bright, 0.004, 0.1), rate, 0.085, 0.85)
    _mix_into(out, _tone(rate, _G5, 0.55, bright, 0.004, 0.2), rate, 0.17)
    _mix_into(out, _tone(rate, _C6, 0.5, (1.0, 0.2), 0.004, 0.16), rate, 0.17, 0.25)
    return _finish(out, rate, 0.6)


def _going_out(rate: int) -> list[float]:
    """A short brass-like fanfare: G4 C5 E5 rising to a held C major chord."""
    out = _silence(rate, 1.05)
    brass = (1.0, 0.6, 0.45, 0.3, 0.2, 0.12)
    for i, note in enumerate((_G4, _C5, _E5)):
        _mix_into(out, _tone(rate, note, 0.16, brass, 0.015, 0.09), rate, i * 0.11, 0.75)
    start = 0.33
    _mix_into(out, _tone(rate, _G5, 0.7, brass, 0.02, 0.32, vibrato=0.12), rate, start)
    _mix_into(out, _tone(rate, _E5, 0.7, brass, 0.02, 0.32, vibrato=0.1), rate, start, 0.6)
    _mix_into(out, _tone(rate, _C5, 0.7, brass, 0.02, 0.32, vibrato=0.08), rate, start, 0.5)
    return _finish(out, rate, 0.62)


def _error(rate: int) -> list[float]:
    """A low soft blip whose pitch sags: 'not there'."""
    out = _tone(rate, 210.0, 0.18, (1.0, 0.3), 0.008, 0.06, glide_to=150.0)
    return _finish(out, rate, 0.5)


_RECIPES: dict[str, Callable[[int], list[float]]] = {
    "deal": _deal,
    "draw": _draw,
    "meld": _meld,
    "canasta": _canasta,
    "going_out": _going_out,
    "error": _error,
}


def synthesise(name: str, rate: int) -> list[float]:
    """The mono samples (floats in -1..1) of effect ``name`` at ``rate`` Hz."""
    try:
        recipe = _RECIPES[name]
    except KeyError:
        raise ValueError(f"no sound called {name!r}; the sounds are {', '.join(SOUND_NAMES)}") from None
    return recipe(rate)


def _pack(samples: list[float], size: int, channels: int) -> bytes:
    """Raw PCM in the mixer's format.

    ``size`` is the format as ``pygame.mixer.get_init()`` reports it: -16/16
    for signed/unsigned 16 bit, -8/8 for 8 bit, -32 (or 32) for 32-bit float.
    Every channel gets the same (mono) signal.
    """
    channels = max(1, int(channels))
    clipped = [1.0 if v > 1.0 else -1.0 if v < -1.0 else v for v in samples]
    if size in (-32, 32):
        code, mono = "f", clipped
    elif size == -16:
        code, mono = "h", [round(v * 32767) for v in clipped]
    elif size == 16:
        code, mono = "H", [round(v * 32767) + 32768 for v in clipped]
    elif size == -8:
        code, mono = "b", [round(v * 127) for v in clipped]
    elif size == 8:
        code, mono = "B", [round(v * 127) + 128 for v in clipped]
    else:
        raise ValueError(f"unsupported mixer sample format {size!r}")
    if channels == 1:
        frames = mono
    else:
        frames = [mono[0]] * (len(mono) * channels)
        for c in range(channels):
            frames[c::channels] = mono
    # SDL's "system" formats are native-endian, as is array: nothing to swap.
    return array(code, frames).tobytes()


# --------------------------------------------------------------------------- the board


def _load_or_synthesise(name: str, rate: int, size: int, channels: int) -> "pygame.mixer.Sound":
    """The effect as rendered ahead into assets/sounds (by packaging/make_sounds.py, from
    the same recipe), which starts the game faster; synthesised here when the file is
    missing or unreadable."""
    try:
        from ..resources import asset_path
        return pygame.mixer.Sound(str(asset_path(f"sounds/{name}.wav")))
    except (OSError, pygame.error, FileNotFoundError):
        return pygame.mixer.Sound(buffer=_pack(synthesise(name, rate), size, channels))


class SoundBoard:
    """The game's sound effects, played by name.

    ``enabled`` switches sound on or off; ``volume`` is 0..1. The mixer is
    started here if nobody started it yet (44.1 kHz, 16 bit, stereo asked
    for; whatever it actually opens with is used). If that fails in any way,
    the board stays silent: ``available`` is False and ``play`` is a no-op.
    """

    def __init__(self, enabled: bool = True, volume: float = 0.7) -> None:  # noqa: D107
        self._enabled = bool(enabled)
        self._volume = _clamp(volume)
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            format_ = pygame.mixer.get_init()
            if not format_:
                raise pygame.error("the mixer did not start")
            rate, size, channels = format_
            for name in SOUND_NAMES:
                self._sounds[name] = _load_or_synthesise(name, rate, size, channels)
            self._apply_volume()
        except Exception:  # no device, a driver error, anything: play on in silence
            self._sounds = {}

    @property
    def available(self) -> bool:
        """True when the mixer started and every effect was built."""
        return len(self._sounds) == len(SOUND_NAMES)

    @property
    def enabled(self) -> bool:
        return self._enabled

    @property
    def volume(self) -> float:
        return self._volume

    def set_enabled(self, enabled: bool) -> None:
        """Switch sound on or off (switching off also stops what is playing)."""
        self._enabled = bool(enabled)
        if not self._enabled:
            for sound in self._sounds.values():
                try:
                    sound.stop()
                except Exception:
                    pass

    def set_volume(self, volume: float) -> None:
        """Set the volume, clamped to 0..1."""
        self._volume = _clamp(volume)
        self._apply_volume()

    def play(self, name: str) -> None:
        """Play effect ``name`` (one of :data:`SOUND_NAMES`) if sound is on and available.

        An unknown name raises ValueError whether or not sound is available,
        so a misspelt effect shows up in tests on any machine.
        """
        if name not in _RECIPES:
            raise ValueError(f"no sound called {name!r}; the sounds are {', '.join(SOUND_NAMES)}")
        if not self._enabled or not self.available:
            return
        try:
            self._sounds[name].play()
        except Exception:  # a mixer that fails mid-game must not end the game
            pass

    def duration(self, name: str) -> float:
        """How long effect ``name`` lasts, in seconds (0.0 when the board is silent)."""
        if name not in _RECIPES:
            raise ValueError(f"no sound called {name!r}; the sounds are {', '.join(SOUND_NAMES)}")
        sound = self._sounds.get(name)
        return sound.get_length() if sound is not None else 0.0

    def _apply_volume(self) -> None:
        for sound in self._sounds.values():
            try:
                sound.set_volume(self._volume)
            except Exception:
                pass


def _clamp(volume: float) -> float:
    try:
        v = float(volume)
    except (TypeError, ValueError):
        raise ValueError(f"volume must be a number from 0 to 1, not {volume!r}") from None
    if math.isnan(v):
        raise ValueError("volume must be a number from 0 to 1, not NaN")
    return min(1.0, max(0.0, v))
