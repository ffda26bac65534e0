"""The games of the Canasta family this engine plays: the one list of them.

A game is a plain Python module (its definition) registered here under its ``NAME``
(the value of ``Rules.variant``) with, when its play differs from Classic's, its rules
module: ``BOOK`` (the hooks of :func:`canasta.engine.registry.rulebook`) and ``ACTIONS``
(its own action types, ``{type: core.ActionSpec}``). See :mod:`canasta.engine.registry`. The core (turn order, drawing, the pile, going out, the record)
asks it for what differs from game to game:

``NAME``, ``TITLE``
    ``"classic"``, ``"Classic Canasta"``.
``resolve(rules) -> Rules``
    ``rules`` with every ``None`` option replaced by this game's default (they may
    depend on the player count), checked for sense (raises ``RulesError``).
``MELD_KINDS``
    the kinds of meld this game has (``"group"``, ``"black3"``; others add
    ``"sequence"``, ``"wild"``).
``meld_error(rules, kind, rank, naturals, wilds, new) -> str | None``
    whether a meld of that kind may hold that many naturals and wild cards (``new``:
    it is being started now), as a sentence for the player.
``new_meld_error(state, team, kind, rank, targets) -> str | None``
    whether the side may start another meld of that kind and rank (Classic: one group
    of a rank at a time; Samba allows a second); ``targets`` are the ids of the melds
    the same action adds to.
``canasta_kind(meld, rules) -> str | None`` and ``is_closed(meld, rules) -> bool``
    what the meld counts as once it is this big, and whether more may be added.
``score(state, went_out, concealed) -> (items, lines)``
    each team's itemised result of the deal, and its score lines (label, points,
    detail), which add up to the team's score for the deal.
``score_rules(rules) -> list[ScoreLine]``
    every line a deal's score may have, labelled as ``score`` labels them, with how it
    is counted as the detail (the rules screen writes these out).

Optional, for the window (``canasta/ui/games.py``): ``OPTIONS`` (the option names the
New game screen shows), ``OPTION_HELP``, ``SHORT_TITLE``, ``RULES_HEADING`` (the rules
screen's first heading), ``glance(rules)`` (New game's rules at a glance). The code
outside a game's modules asks these rather than testing the game's name; the game
played when none is named is the first registered here (``registry.default_name``).

See ``docs/engine.md`` ("How a game plugs in").
"""

from __future__ import annotations

from ..registry import game_of, get, names, refresh_meld, register, unregister
from . import american, american_rules, bolivia, classic, hand_and_foot, hand_and_foot_rules, samba, samba_rules

__all__ = ["game_of", "get", "names", "refresh_meld", "register", "unregister"]

# the games that ship, in the order the New game screen lists them
register(classic)
register(samba, samba_rules)
register(bolivia, samba_rules)
register(hand_and_foot, hand_and_foot_rules)
register(american, american_rules)
