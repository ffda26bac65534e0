"""Bolivia (RULES-variants.md section 10.3): Samba with wild melds (seven wild cards
are a bolivia, 2,500), the seven-card sequence named escalera, going out with an
escalera, a black three left in hand at 100, and 15,000 to win.

Everything else is Samba's code (``samba.py``); this module names the game and its
defaults.
"""

from __future__ import annotations

from ...i18n import N_
from ..rules import Rules
from . import samba as _samba
from .samba import (CANASTA_SIZE, MergeGroups, SEQUENCE_MAX, WILD_MELD_MAX, canasta_bonus, canasta_kind, classify,  # noqa: F401
                    describe_meld, extend_error, group_error, is_closed, is_sequence_canasta, meld_error,
                    score, score_rules)

NAME = "bolivia"
TITLE = N_("Bolivia")

MELD_KINDS = ("group", "sequence", "wild", "black3")
CANASTA_KINDS = ("natural", "mixed", "escalera", "bolivia")
#: the items of a deal's result that count canastas (escaleras are its sequence canastas)
CANASTA_ITEMS = ("natural_canastas", "mixed_canastas", "sequence_canastas", "bolivias")
#: the options the New game screen shows, in order
OPTIONS = ("target_score", "stock_exhausted", "wild_limit", "twice_naturals", "merge_groups",
           "out_needs_escalera", "sequence_canasta_bonus", "bolivia_bonus", "black_three_in_hand",
           "pile_always_frozen", "take_onto_sequence", "black_three_freezes", "going_out_bonus",
           "concealed_bonus", "all_red_threes", "red_threes_need_two_canastas", "ask_to_go_out")
SEQUENCE_CANASTA = "escalera"
HAND_SIZE = _samba.HAND_SIZE

DEFAULTS = dict(target_score=15000, wild_melds=True, out_needs_escalera=True,
                black_three_in_hand=100, bolivia_bonus=2500)


def resolve(r: Rules) -> Rules:
    """Bolivia's defaults (10.3.7; the rest as Samba's 10.2.12), checked for sense."""
    return _samba.resolve_with(r, TITLE, DEFAULTS)
