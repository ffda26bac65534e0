"""The entry point of the frozen executables built from ``packaging/canasta.spec``.

It does what ``python -m canasta`` does, plus two things only a frozen program needs:
pygame's greeting is hidden before pygame is first imported (a double-clicked program
has no console to print it to), and a child process started by ``multiprocessing``
(which re-runs this executable with its own arguments) is handed to
``multiprocessing.freeze_support`` instead of opening a second window. The module
``multiprocessing`` is imported only in that case, to keep start-up short.
"""

import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

if __name__ == "__main__":
    if any("multiprocessing" in arg for arg in sys.argv[1:]):
        import multiprocessing

        multiprocessing.freeze_support()
    from canasta.__main__ import main

    sys.exit(main())
