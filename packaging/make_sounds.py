"""Render the game's synthesised sound effects to WAV files, so the window can load them
instead of computing them at every start.

    python packaging/make_sounds.py [--out DIR] [--check]

For every name in :data:`canasta.ui.sound.SOUND_NAMES` it writes ``<name>.wav`` into
``assets/sounds/`` by default: the samples of :func:`canasta.ui.sound.synthesise` at
44 100 Hz, mono, signed 16-bit (the format ``SoundBoard`` asks the mixer for; SDL_mixer
converts a loaded WAV to whatever format the mixer actually opened with). The recipes
are seeded, so the files come out the same at every run.

``--check`` writes nothing: it renders again and compares with the files on disk (every
sample within 2 of 32 767), and exits 1 when they are missing or differ.
"""

from __future__ import annotations

import sys as _sys
from pathlib import Path as _Path

_sys.path.insert(0, str(_Path(__file__).resolve().parent))
from generated_files import run_cli, write_files  # noqa: E402

import io
import os
import sys
import wave
from array import array
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from a checkout: import this checkout's canasta
    sys.path.insert(0, str(ROOT))

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

RATE = 44100
DEFAULT_OUT = ROOT / "assets" / "sounds"


def render_wav(name: str, rate: int = RATE) -> bytes:
    """Effect ``name`` as a WAV file (mono, 16-bit signed, ``rate`` Hz)."""
    from canasta.ui.sound import synthesise

    samples = array("h", (round(max(-1.0, min(1.0, v)) * 32767) for v in synthesise(name, rate)))
    if sys.byteorder == "big":  # WAV is little-endian
        samples.byteswap()
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(samples.tobytes())
    return buf.getvalue()


def read_wav(data: bytes) -> tuple[int, int, int, array]:
    """(channels, sample width, rate, samples) of a WAV file written by :func:`render_wav`."""
    with wave.open(io.BytesIO(data), "rb") as w:
        channels, width, rate = w.getnchannels(), w.getsampwidth(), w.getframerate()
        frames = w.readframes(w.getnframes())
    samples = array("h", frames)
    if sys.byteorder == "big":
        samples.byteswap()
    return channels, width, rate, samples


def make_all() -> dict[str, bytes]:
    from canasta.ui.sound import SOUND_NAMES

    return {f"{name}.wav": render_wav(name) for name in SOUND_NAMES}


def check(out: Path, tolerance: int = 2) -> list[str]:
    problems = []
    for filename, data in make_all().items():
        path = out / filename
        if not path.is_file():
            problems.append(f"{path} is missing")
            continue
        try:
            old = read_wav(path.read_bytes())
        except (wave.Error, EOFError) as e:
            problems.append(f"{path} is not a readable WAV file ({e})")
            continue
        new = read_wav(data)
        if old[:3] != new[:3] or len(old[3]) != len(new[3]) or any(
                abs(a - b) > tolerance for a, b in zip(old[3], new[3])):
            problems.append(f"{path} is not what synthesise() makes now")
    return problems


def write(out: Path) -> list[Path]:
    return write_files(out, make_all())


def main(argv: list[str] | None = None) -> int:
    return run_cli("python packaging/make_sounds.py", __doc__, DEFAULT_OUT, make_all, check,
                   "match the recipes", argv)


if __name__ == "__main__":
    sys.exit(main())
