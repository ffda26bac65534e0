"""The rules of Canasta: pure Python, standard library only.

    from canasta.engine import Rules, new_game, legal_actions, apply, check
"""

from .actions import Action, Answer, Ask, Discard, Draw, Group, Meld, NextDeal, Pass, TakePile, group, meld
from .cards import Card, card_code
from .core import IllegalAction, apply, apply_in_place, check, is_legal
from .going_out import going_out_plan
from .moves import deal_from_deck, new_game, score_items
from .options import preview_groups, legal_actions
from .events import Event
from .rules import Rules, RulesError
# the games that ship register themselves (the one list: variants/__init__.py)
from . import variants  # noqa: F401
from .state import ANSWER, DEAL_OVER, DRAW, GAME_OVER, PLAY, DealResult, ScoreLine, State, TableMeld, TeamItems

__all__ = [
    "Action", "Answer", "Ask", "Discard", "Draw", "Group", "Meld", "NextDeal", "Pass", "TakePile",
    "group", "meld", "Card", "card_code", "IllegalAction", "apply", "apply_in_place", "check",
    "deal_from_deck", "going_out_plan", "preview_groups", "is_legal", "legal_actions", "new_game", "score_items",
    "Event", "Rules", "RulesError", "ANSWER", "DEAL_OVER", "DRAW",
    "GAME_OVER", "PLAY", "DealResult", "ScoreLine", "State", "TableMeld", "TeamItems",
]
