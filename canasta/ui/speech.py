"""Read the game aloud: where the words go.

:class:`Speech` is the window's one voice. With the setting *Read the game aloud* on,
it finds a back end the first time it has something to say:

1. a screen reader, through ``accessible_output2`` (an optional package:
   ``pip install canasta[speech]``), on Windows and macOS, when one is running
   (NVDA, JAWS, VoiceOver...; the plain system voice it also offers does not count);
2. else the system's speech command: ``spd-say`` (speech-dispatcher) on Linux and
   other Unix systems, ``say`` on macOS;
3. else none: speech stays off for the session and :attr:`Speech.notice` holds the
   one sentence that says so (the window shows it once).

A command that fails later (removed, killed) switches speech off the same way. The
:class:`Recorder` back end keeps what was said in a list: the tests listen with it.

Nothing here imports pygame.
"""

from __future__ import annotations

import importlib
import platform
import shutil
import subprocess
from typing import Callable, Optional

from ..i18n import N_, t

NOT_FOUND = N_("Read the game aloud is off: no screen reader or speech command (spd-say or say) "
             "was found on this computer.")
FAILED = N_("Read the game aloud stopped: the speech command {name} could not be run ({why}).")

#: accessible_output2's outputs that are a plain synthesiser, not a screen reader
_NOT_READERS = {"sapi5", "sapi4", "sapi", "say", "e-speak", "espeak", "speech dispatcher", "nsspeech"}


class Recorder:
    """A back end that speaks nothing and keeps every sentence (``spoken``)."""

    name = "recording"

    def __init__(self) -> None:
        self.spoken: list[str] = []
        self.interruptions = 0

    def say(self, text: str, interrupt: bool = False) -> None:
        if interrupt:
            self.interruptions += 1
        self.spoken.append(text)

    def close(self) -> None:
        pass


class ScreenReader:
    """An ``accessible_output2`` output that is a running screen reader."""

    def __init__(self, output) -> None:
        self.output = output
        self.name = str(getattr(output, "name", type(output).__name__))

    def say(self, text: str, interrupt: bool = False) -> None:
        self.output.speak(text, interrupt=interrupt)

    def close(self) -> None:
        pass


class Command:
    """``spd-say`` or ``say`` run for each sentence, without waiting for it to finish.

    ``interrupt`` stops what is being said first (``spd-say -C``; ``say`` is stopped)."""

    def __init__(self, path: str, name: str, popen: Callable = subprocess.Popen) -> None:
        self.path, self.name, self._popen = path, name, popen
        self._running: list = []

    def _run(self, args: list[str]):
        return self._popen([self.path, *args], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)

    def say(self, text: str, interrupt: bool = False) -> None:
        self._running = [p for p in self._running if p.poll() is None]
        if interrupt:
            if self.name == "spd-say":
                self._run(["-C"])
            else:
                for p in self._running:
                    p.terminate()
                self._running = []
        text = text.lstrip("-").strip()       # never read as an option
        if text:
            self._running.append(self._run([text]))

    def close(self) -> None:
        for p in self._running:
            if p.poll() is None and self.name == "say":
                p.terminate()
        self._running = []


def find_backend(system: Optional[str] = None, which: Callable = shutil.which,
                 importer: Callable = importlib.import_module, popen: Callable = subprocess.Popen):
    """The first back end this computer offers (see the module documentation), or None."""
    system = system or platform.system()
    if system in ("Windows", "Darwin"):
        try:
            auto = importer("accessible_output2.outputs.auto").Auto()
            for output in getattr(auto, "outputs", []):
                name = str(getattr(output, "name", "")).lower()
                if name not in _NOT_READERS and output.is_active():
                    return ScreenReader(output)
        except Exception:   # not installed, or it failed to start: the command is next
            pass
    commands = ("say",) if system == "Darwin" else () if system == "Windows" else ("spd-say",)
    for name in commands:
        path = which(name)
        if path:
            return Command(path, name, popen)
    return None


class Speech:
    """The window's voice: says sentences when the setting is on (see the module
    documentation). ``backend`` may be given (the tests give a :class:`Recorder`)."""

    def __init__(self, settings, backend=None, finder: Optional[Callable] = None) -> None:
        self.settings = settings
        self.backend = backend
        self._finder = finder
        self._looked = backend is not None
        #: the one sentence saying speech is unavailable (the window shows it once)
        self.notice = ""
        self.notice_shown = False

    @property
    def on(self) -> bool:
        return bool(getattr(self.settings, "speech", False))

    def use(self, backend) -> None:
        """Speak through ``backend`` from now on (a test's :class:`Recorder`)."""
        self.backend = backend
        self._looked = True
        self.notice = ""

    def ready(self) -> bool:
        """True when the setting is on and a back end is there (looked for once)."""
        if not self.on:
            return False
        if not self._looked:
            self._looked = True
            self.backend = (self._finder or find_backend)()
            if self.backend is None:
                self.notice = NOT_FOUND
        return self.backend is not None

    def say(self, text: str, interrupt: bool = False) -> None:
        if not text or not self.ready():
            return
        try:
            self.backend.say(text, interrupt=interrupt)
        except Exception as exc:   # a command gone, a screen reader closed: off, said once
            name = getattr(self.backend, "name", "speech")
            self.backend = None
            self.notice = t(FAILED, name=name, why=type(exc).__name__ if not str(exc) else str(exc))
            self.notice_shown = False

    def take_notice(self) -> str:
        """The unavailability sentence, the first time it is asked for (then "")."""
        if self.notice and not self.notice_shown:
            self.notice_shown = True
            return self.notice
        return ""

    def close(self) -> None:
        if self.backend is not None:
            try:
                self.backend.close()
            except Exception:
                pass
