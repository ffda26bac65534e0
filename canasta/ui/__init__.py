"""The window: the only package that imports pygame."""

from . import plugins
from .screens import rules_american, rules_hand_and_foot
from .table import game_american

# the games whose window has parts of its own (the others are drawn by the shared code)
plugins.register("american", table=game_american, rules=rules_american)
plugins.register("hand_and_foot", rules=rules_hand_and_foot)
