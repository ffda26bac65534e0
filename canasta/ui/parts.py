"""The games whose window has parts of its own, registered (see :mod:`canasta.ui.plugins`):
the one list of them. Imported by the window (``app``) and the rules screen; the pure
parts of the table (the gesture function) never load it, so they need no pygame."""

from __future__ import annotations

from . import plugins
from .screens import rules_american, rules_hand_and_foot
from .table import game_american, game_hand_and_foot

# the others are drawn and written out by the shared code
plugins.register("american", table=game_american, rules=rules_american)
plugins.register("hand_and_foot", table=game_hand_and_foot, rules=rules_hand_and_foot)
