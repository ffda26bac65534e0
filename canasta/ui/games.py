"""The games of the family as the window offers them: names, presets, options.

Everything here is read off :mod:`canasta.engine.variants`: a game registered there
appears on the New game screen, in the rules screen's choices and in the statistics
without any change to the window. Classic comes first, then every other game in the
order it was registered.

A *preset* is a starting point for one game at one seating (``"samba-4"``: Samba,
four players in partnerships). Presets are found by asking the game's ``resolve``
which seatings it accepts; the preset key is what the score history stores as a
game's ``variant`` (with the game itself in its options).

The options a game shows are its module's ``OPTIONS`` (option names that
:class:`~canasta.engine.rules.Rules` knows; the target score alone when it names none). Each has a label, the values it steps through and a one-line explanation
(the module's ``OPTION_HELP``, then the engine's, then :data:`EXTRA_HELP`).
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, Optional

from ..engine import variants
from .. import i18n
from ..i18n import N_, Text, t, tn
from ..engine.registry import default_name
from ..engine.rules import BOOK_KINDS, OPTION_HELP, Rules, RulesError

#: The seatings a game may accept, in the order the presets are offered.
SEATINGS = ((4, None), (2, None), (3, None), (6, 3), (6, 2))
SEATING_WORDS = {(4, None): N_("four players in partnerships"), (2, None): N_("two players"),
                 (3, None): N_("three players"), (6, 3): N_("six players in three pairs"),
                 (6, 2): N_("six players in two teams of three")}
SEATING_SHORT = {(4, None): N_("4 players"), (2, None): N_("2 players"), (3, None): N_("3 players"),
                 (6, 3): N_("6 players (pairs)"), (6, 2): N_("6 players (threes)")}

#: The options a game that names none shows on the New game screen.
DEFAULT_OPTIONS = ("target_score",)

#: One-line explanations of the options the engine's OPTION_HELP does not cover.
EXTRA_HELP = {
    "twice_naturals": N_("A group must always hold at least twice as many naturals as wild cards."),
    "merge_groups": N_("Two groups of one rank may be combined into one during your turn."),
    "out_needs_clean": N_("One of the two canastas for going out must be natural or a samba."),
    "out_needs_escalera": N_("One of the two canastas for going out must be an escalera."),
    "sequence_canasta_bonus": N_("Bonus for a sequence of seven (a samba, or escalera in Bolivia)."),
    "bolivia_bonus": N_("Bonus for a bolivia: seven wild cards."),
    "black_three_in_hand": N_("What each black three left in a hand costs when the deal ends."),
    "take_onto_sequence": N_("The pile may be taken by adding its top card to a sequence's end."),
    "going_out_bonus": N_("Bonus for the side that goes out."),
    "concealed_bonus": N_("Extra bonus for going out concealed (the whole hand in one turn)."),
    "all_red_threes": N_("What all six red threes in one side's area are worth together."),
    "red_threes_need_two_canastas": N_("Red threes count plus only for a side with two canastas; else minus."),
    "minimum_7000": N_("Minimum count of a side whose total is 7,000 or more."),
    "wild_melds": N_("Wild cards alone may form a meld (seven make a bolivia)."),
}

#: Short labels of the options, as the form shows them.
LABELS = {
    "decks": "Packs", "hand_size": N_("Cards dealt"), "draw_count": N_("Cards drawn"),
    "canastas_to_go_out": N_("Canastas to go out"), "target_score": N_("Target score"),
    "stock_exhausted": N_("Stock runs out"), "wild_limit": N_("Wild cards in a meld"),
    "more_naturals_than_wilds": N_("More naturals than wilds"), "pile_always_frozen": N_("Pile always frozen"),
    "black_three_freezes": N_("Black threes freeze"), "ask_to_go_out": N_("Asking to go out"),
    "twice_naturals": N_("Twice as many naturals"), "merge_groups": N_("Merging groups"),
    "out_needs_clean": N_("Clean canasta to go out"), "out_needs_escalera": N_("Escalera to go out"),
    "sequence_canasta_bonus": N_("Sequence canasta bonus"), "bolivia_bonus": N_("Bolivia bonus"),
    "black_three_in_hand": N_("Black three in hand"), "take_onto_sequence": N_("Pile onto a sequence"),
    "going_out_bonus": N_("Going out bonus"), "concealed_bonus": N_("Concealed bonus"),
    "all_red_threes": N_("All six red threes"), "red_threes_need_two_canastas": N_("Red threes need two canastas"),
    "minimum_7000": N_("Minimum from 7,000"), "wild_melds": N_("Wild melds"),
    "foot_size": N_("Cards in the foot"), "pile_take": N_("Cards taken from the pile"), "wild_rule": N_("Wild cards in a meld"),
    "wild_books": N_("Wild books"), "book_closes": N_("Books close"), "minimum_by": N_("First meld minimum"),
    "books_to_go_out": N_("Books to go out"), "partner_in_foot": N_("Partner in foot"), "must_ask": N_("Must ask to go out"),
    "black_three_value": N_("Black three left"), "red_three_held": N_("Red three in a foot"), "deals": N_("Deals in a game"),
    "talon_bonus": N_("Talons to first melders"), "second_meld_after_canasta": N_("Second meld of a rank"),
    "initial_canasta_meets_minimum": N_("Canasta opens"), "initial_meld_with_pile": N_("Pile for the first meld"),
    "threes_optional": N_("Threes laid by choice"), "no_canasta_melds_negative": N_("No canasta: melds count minus"),
    "special_hands": N_("Special hands"),
    "jokers": N_("Jokers in the deck"), "natural_canastas_to_go_out": N_("Natural canastas to go out"),
}

TARGETS = (500, 1000, 1500, 2000, 2500, 3000, 4000, 5000, 6000, 7500, 8500, 10000, 12500, 15000, 20000)
BONUSES = (0, 100, 200, 300, 400, 500, 750, 1000, 1200, 1500, 2000, 2500, 3000)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("s" if n != 1 else "")


#: The values an option steps through: (value, label) pairs.
CHOICES: dict[str, list[tuple[Any, str]]] = {
    "decks": [(n, _plural(n, "pack")) for n in range(1, 5)],
    "hand_size": [(n, tn("{count} card", "{count} cards", n)) for n in range(5, 21)],
    "draw_count": [(n, _plural(n, "card")) for n in range(1, 6)],
    "canastas_to_go_out": [(n, "None" if n == 0 else str(n)) for n in range(0, 5)],
    "target_score": [(n, f"{n:,}") for n in TARGETS],
    "stock_exhausted": [("play_on", N_("Play on")), ("end", N_("End the deal")), ("reshuffle", N_("Turn the pile over"))],
    # house rules (RULES.md 9.1): None keeps the usual two jokers in each pack
    "jokers": [(None, N_("Two a pack"))] + [(n, "None" if n == 0 else str(n)) for n in range(0, 13)],
    "natural_canastas_to_go_out": [(0, "None"), (1, "One"), (2, "Two")],
    "concealed_bonus": [(n, f"{n:,}") for n in (0, 100, 200, 250, 300, 400, 500, 750, 1000)],
    "wild_limit": [(n, t("At most {n}", n=n)) for n in range(1, 7)],
    "black_three_in_hand": [(n, f"{n:,}") for n in (0, 5, 50, 100, 200)],
    "minimum_7000": [(n, str(n)) for n in (120, 150, 160, 180, 200)],
    # Hand and Foot
    "foot_size": [(n, tn("{count} card", "{count} cards", n)) for n in range(5, 21)],
    "pile_take": [(1, N_("The top card")), (7, N_("The top seven")), ("all", N_("The whole pile"))],
    "wild_rule": [("more_naturals", N_("Fewer than the naturals")), ("twice", N_("Half the naturals")),
                  ("max3", N_("At most three"))],
    "minimum_by": [("deal", N_("By deal: 50 to 150")), ("score", N_("By the side's score"))],
    # (the form holds the options as Rules.to_dict writes them: a table of book kinds)
    "books_to_go_out": [({"clean": c, "dirty": d, "wild": 0}, t("{clean} clean, {dirty} dirty", clean=c, dirty=d))
                        for c, d in ((2, 2), (1, 1), (1, 2), (2, 1), (3, 3))],
    "black_three_value": [(n, str(n)) for n in (0, 5)],
    "red_three_held": [(n, f"{n:,}") for n in (-100, -200, -300, -500)],
    "deals": [(n, _plural(n, "deal")) for n in range(1, 9)],
    # Modern American
    "initial_meld_with_pile": [("meld_first", N_("After melding first")), ("forbidden", "Never")],
}


def game_length(rules: Rules) -> str:
    """How long a game of these (resolved) rules lasts, in a few words: "game to 5,000"
    or "a game of 4 deals"."""
    if rules.deals:
        return tn("a game of {count} deal", "a game of {count} deals", rules.deals)
    target = rules.target_score
    return t("game to {target}", target=format(target, ",") if i18n.current() == "en" else i18n.number(target))


def naturals_to_go_out(rules: Rules) -> int:
    """How many of the canastas to go out must be natural (Classic's house rule)."""
    return rules.natural_canastas_to_go_out


def canasta_word(name: str) -> str:
    """What ``name`` calls a finished meld of seven: "book" in a game whose canastas are
    the book kinds (Hand and Foot), else "canasta"."""
    m = variants.get(name)
    kinds = tuple(getattr(m, "CANASTA_KINDS", ()) or ()) if m is not None else ()
    return "book" if kinds and set(kinds) <= set(BOOK_KINDS) else "canasta"


def glance(r: Rules) -> list[str]:
    """The rules that matter most, as the New game screen writes them in one line under
    the seats (resolved ``r``): the game, the hand, the draw, what going out needs (the
    game's own words when its module has ``glance``), the game's length."""
    own = getattr(game_module(r.variant), "glance", None)   # a game that says it its own way
    middle = own(r) if own is not None else [
        tn("{count} card each", "{count} cards each", r.hand_size), t("draw {count}", count=r.draw_count),
        tn("{count} canasta to go out", "{count} canastas to go out", r.canastas_to_go_out)]
    parts = [short_title(r.variant), *middle, game_length(r)]
    if own is None and r.pile_always_frozen:
        parts.append(N_("pile always frozen"))
    if r.ask_to_go_out:
        parts.append(N_("ask to go out"))
    return parts


def game_names() -> tuple[str, ...]:
    """Every game the engine plays, as registered (the default game, Classic, first)."""
    return variants.names()


def game_module(name: str):
    return variants.get(name)


def game_title(name: str) -> str:
    """The game's full name ("Classic Canasta", "Samba"), shown in the language in use."""
    m = variants.get(name)
    return Text(getattr(m, "TITLE", name.replace("_", " ").title()) if m is not None else name.replace("_", " ").title())


#: the short name Classic's title gives (its title less " Canasta"), for the catalog
_SHORT_NAMES = (N_("Classic"),)


def short_title(name: str) -> str:
    """The game's name in a list ("Classic", "Samba")."""
    m = variants.get(name)
    short = getattr(m, "SHORT_TITLE", None) if m is not None else None
    if short:
        return Text(short)
    title = game_title(name)
    return Text(title[: -len(" Canasta")]) if title.endswith(" Canasta") and title != "Canasta" else title


def _key(game: str, seating: tuple[int, Optional[int]]) -> str:
    players, teams = seating
    return f"{game}-{players}" + ("-threes" if teams == 2 else "")


def presets(game: str) -> dict[str, Rules]:
    """The seatings ``game`` is played at, as presets (key -> Rules), in offer order."""
    out: dict[str, Rules] = {}
    seen = []
    for seating in SEATINGS:
        players, teams = seating
        rules = Rules(variant=game, players=players, teams=2 if teams == 2 else None)
        try:
            resolved = rules.resolved()
        except RulesError:
            continue
        if resolved in seen or (teams is not None and resolved.teams != teams):
            continue
        seen.append(resolved)
        out[_key(game, seating)] = rules
    return out


def preset_for(game: str, players: int, teams: Optional[int]) -> Optional[str]:
    """The preset of ``game`` for that seating (else for that player count), if any."""
    keys = list(presets(game))
    for key in keys:
        if split_key(key)[1] == (players, teams if players == 6 else None):
            return key
    return next((k for k in keys if split_key(k)[1][0] == players), None)


def player_counts(game: str) -> list[int]:
    """The player counts ``game`` is played by."""
    return sorted({split_key(k)[1][0] for k in presets(game)})


def all_presets() -> dict[str, Rules]:
    out: dict[str, Rules] = {}
    for g in game_names():
        out.update(presets(g))
    return out


def split_key(key: str) -> tuple[str, Optional[tuple[int, Optional[int]]]]:
    """``"samba-6-threes"`` -> ("samba", (6, 2)); a key of no known form -> (key, None)."""
    parts = str(key).split("-")
    if len(parts) >= 2 and parts[1].isdigit():
        players = int(parts[1])
        seating = (6, 2 if parts[2:] == ["threes"] else 3) if players == 6 else (players, None)
        return parts[0], (seating if seating in SEATING_WORDS else None)
    return str(key), None


def preset_name(key: str) -> str:
    """"Samba, four players in partnerships"."""
    game, seating = split_key(key)
    return t("{game}, {seating}", game=short_title(game), seating=Text(SEATING_WORDS[seating])) if seating \
        else short_title(game)


def preset_short(key: str) -> str:
    """"Samba, 4 players" (for lists such as the statistics)."""
    game, seating = split_key(key)
    return t("{game}, {seating}", game=short_title(game), seating=Text(SEATING_SHORT[seating])) if seating \
        else short_title(game)


def preset_of(rules: Rules) -> str:
    """The preset a set of rules starts from (by game, player count and sides)."""
    r = rules.resolved()
    if r.players == 6:
        return _key(r.variant, (6, 2 if r.teams == 2 else 3))
    return _key(r.variant, (r.players, None))


def game_of_record(game: dict[str, Any]) -> str:
    """The game a score-history entry was played in: its options' ``variant``, else the
    first word of its preset key (entries before the other games were all Classic, the
    default game)."""
    options = game.get("options")
    if isinstance(options, dict) and isinstance(options.get("variant"), str):
        return options["variant"]
    key = game.get("variant")
    return split_key(key)[0] if isinstance(key, str) and key else default_name()


def option_keys(game: str) -> tuple[str, ...]:
    """The options the New game screen shows for ``game`` (see the module docs)."""
    known = {f.name for f in fields(Rules)}
    m = variants.get(game)
    keys = getattr(m, "OPTIONS", None) if m is not None else None
    if keys is None:
        keys = DEFAULT_OPTIONS
    return tuple(k for k in keys if k in known)


_ACCEPTS: dict[tuple[str, str, str], bool] = {}


def _accepts(game: str, key: str, value: Any) -> bool:
    """Whether ``game`` accepts ``key = value`` at one of its seatings at least (read
    once a value): a value no seating of the game takes is never offered, one that
    another seating takes is, and the form says why it does not fit this one."""
    memo = (game, key, repr(value))
    ok = _ACCEPTS.get(memo)
    if ok is None:
        ok = False
        for base in presets(game).values() or [Rules(variant=game)]:
            try:
                Rules.from_dict({**base.to_dict(), key: value}).resolved()
            except (RulesError, TypeError, ValueError):
                continue
            ok = True
            break
        _ACCEPTS[memo] = ok
    return ok


def option_help(game: str, key: str) -> str:
    m = variants.get(game)
    own = getattr(m, "OPTION_HELP", None) if m is not None else None
    if isinstance(own, dict) and key in own:
        return own[key]
    return OPTION_HELP.get(key) or EXTRA_HELP.get(key) or ""


def option_label(key: str) -> str:
    return LABELS.get(key) or key.replace("_", " ").capitalize()


def option_choices(key: str, current: Any, default: Any = None,
                   game: Optional[str] = None) -> Optional[list[tuple[Any, str]]]:
    """The values of a stepped option (None: a true/false option, shown as a toggle);
    with ``game``, only the values that game accepts (Classic alone turns the pile
    over into a new stock)."""
    if isinstance(current, bool) or isinstance(default, bool):
        return None
    if key in CHOICES:
        out = [(v, label) for v, label in CHOICES[key] if game is None or _accepts(game, key, v)]
    elif isinstance(current, int) or isinstance(default, int):
        out = [(n, f"{n:,}") for n in BONUSES]
    else:
        out = []
    for extra in (current, default):
        if extra is not None and extra not in [v for v, _ in out]:
            out.append((extra, f"{extra:,}" if isinstance(extra, int) else str(extra)))
            if all(isinstance(v, int) for v, _ in out):
                out.sort()
    return out
