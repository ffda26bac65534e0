"""The entry point of the frozen executables built from ``packaging/canasta.spec``.

It does what ``python -m canasta`` does, after hiding pygame's greeting (set before pygame
is first imported: a double-clicked program has no console to print it to, and
``canasta/__main__.py`` sets it too, this is for any import that might come first).

The game does not use ``multiprocessing`` (its computer players think on a thread), so
this file does not call ``multiprocessing.freeze_support()``: referring to
``multiprocessing`` here would make PyInstaller bundle it and import it at every start.
Should the game ever start processes, call ``freeze_support()`` here first thing, or a
child started with the "spawn" method (Windows, macOS) opens a second game.
"""

import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

if __name__ == "__main__":
    from canasta.__main__ import main

    sys.exit(main())
