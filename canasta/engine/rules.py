"""Every option of RULES.md as one frozen configuration (the presets the window offers are
worked out from the games' registry in canasta/ui/games.py).

Options that depend on the number of players (hand size, cards drawn, canastas
needed to go out, packs, target score, red-three bonuses, minimum-count table)
default to ``None`` here and are filled in by :meth:`Rules.resolved` from the
table of RULES.md section 9, so ``Rules(players=2)`` plays the two-player game
and an explicit ``Rules(players=2, draw_count=1)`` overrides one default only.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any

from ..i18n import N_, Text, t
from .cards import MAX_PACKS
from .codec import quoted
from .registry import default_name, get, names

STOCK_EXHAUSTED = ("play_on", "end")
#: Classic also offers the house rule of RULES.md 9.1: the pile turned into a new stock once
CLASSIC_STOCK_EXHAUSTED = STOCK_EXHAUSTED + ("reshuffle",)

BASE_MINIMUMS = ((0, 50), (1500, 90), (3000, 120))


_BOOL_OPTIONS = ("more_naturals_than_wilds", "pile_always_frozen", "black_three_freezes",
                 "ask_to_go_out", "melds_close", "twice_naturals", "merge_groups",
                 "out_needs_clean", "take_onto_sequence", "red_threes_need_two_canastas",
                 "wild_melds", "out_needs_escalera", "wild_books", "book_closes", "partner_in_foot",
                 "must_ask", "talon_bonus", "second_meld_after_canasta",
                 "initial_canasta_meets_minimum", "threes_optional", "no_canasta_melds_negative",
                 "special_hands")

#: options whose value is text
_TEXT_OPTIONS = ("variant", "stock_exhausted", "wild_rule", "minimum_by", "initial_meld_with_pile")

#: ``minimum_by = "deal"``: the minimum count of each deal of a game (the last one after)
DEAL_MINIMUMS = (50, 90, 120, 150)


class Grouped(int):
    """A figure in a sentence that English writes with a thousands comma (5,000), as
    the rules screens always did; ``tr`` writes it the language's way (5.000)."""

    def __format__(self, spec: str) -> str:
        return format(int(self), spec or ",")

    def __str__(self) -> str:
        return format(int(self), ",")


class RulesError(ValueError):
    """An impossible combination of options, with a sentence a player can read."""


@dataclass(frozen=True)
class Scoring:
    """A variant's bonus table (Classic's figures by default). Samba, Bolivia and Modern
    American change these figures and add their own kinds of canasta."""

    natural_canasta: int = 500
    mixed_canasta: int = 300
    going_out: int = 100
    concealed_extra: int = 100       # on top of going_out
    red_three: int = 100             # each, unless red_three_table says otherwise
    red_threes_negative_without_meld: bool = True


@dataclass(frozen=True)
class Rules:
    variant: str = field(default_factory=default_name)   # the game; none named: the first registered
    players: int = 4
    teams: int | None = None            # 6 players: 3 (pairs) or 2 (threes)
    decks: int | None = None
    hand_size: int | None = None
    draw_count: int | None = None
    canastas_to_go_out: int | None = None
    target_score: int | None = None
    negative_minimum: int = 15
    minimum_table: tuple[tuple[int, int], ...] | None = None
    wild_limit: int | None = None       # Classic 3, Samba and Bolivia 2
    more_naturals_than_wilds: bool = False
    pile_always_frozen: bool = False
    black_three_freezes: bool = False
    ask_to_go_out: bool | None = None
    stock_exhausted: str = "play_on"  # "end", or in Classic "reshuffle" (RULES.md 9.1)
    jokers: int | None = None           # jokers in the deck (None: two per pack; RULES.md 9.1)
    natural_canastas_to_go_out: int = 0  # how many of the canastas to go out must be natural
    red_three_table: tuple[tuple[int, int], ...] | None = None  # (count, total) overrides
    scoring: Scoring = Scoring()

    canasta_size: int | None = None     # cards that make a canasta (Classic: 7)
    melds_close: bool | None = None     # a canasta is closed: nothing more is added to it

    # -- Samba and Bolivia (RULES-variants.md 10.2, 10.3); None: the game's default ------
    twice_naturals: bool = False        # a group holds at least twice as many naturals as wilds
    merge_groups: bool = False          # two groups of one rank may be combined (a merge action)
    out_needs_clean: bool = False       # one of the canastas for going out natural or a samba
    sequence_canasta_bonus: int | None = None   # a samba / escalera (1500)
    minimum_7000: int | None = None     # the minimum count from 7,000 up (150)
    take_onto_sequence: bool = True     # the pile's top card may extend a sequence
    going_out_bonus: int | None = None  # Samba 200 (Classic: scoring.going_out)
    concealed_bonus: int | None = None  # Samba 0, on top of going out
    all_red_threes: int | None = None   # all six red threes together (1000)
    red_threes_need_two_canastas: bool | None = None  # red threes plus only with two canastas
    wild_melds: bool | None = None      # melds of wild cards alone (Bolivia)
    bolivia_bonus: int | None = None    # seven wild cards (2500)
    out_needs_escalera: bool | None = None      # going out needs a sequence canasta (Bolivia)
    black_three_in_hand: int | None = None      # a black three left in hand costs this (Bolivia 100)

    # -- games of a fixed number of deals, with a foot (Hand and Foot, RULES-variants.md 10.4) --
    foot_size: int | None = None        # cards dealt face down to each player's foot (None: no foot)
    pile_take: int | str | None = None  # cards of the pile taken, the top one included ("all", None: all)
    deals: int | None = None            # a game is this many deals (None: play to target_score)
    minimum_by: str | None = None       # "score" (minimum_table) or "deal" (deal_minimums)
    deal_minimums: tuple[int, ...] | None = None  # minimum_by "deal": the count of deal 1, 2, ...
    wild_rule: str | None = None        # "more_naturals", "twice" or "max3"
    wild_books: bool | None = None      # wild cards alone make a meld; seven a wild book
    book_closes: bool | None = None     # a book of seven takes nothing more
    books_to_go_out: tuple[tuple[str, int], ...] | None = None  # (("clean", 2), ("dirty", 2), ("wild", 0))
    partner_in_foot: bool | None = None  # going out needs every partner in their foot too
    must_ask: bool | None = None        # going out needs a "yes" from the partner this turn
    black_three_value: int | None = None  # a black three left in a hand or foot costs this
    red_three_held: int | None = None   # a red three in a foot never picked up (negative)

    # -- Modern American (RULES-variants.md 10.1); None: the game's default -------------
    talon_bonus: bool | None = None             # the talons go to the first melders from the hand
    second_meld_after_canasta: bool | None = None   # a new meld of a rank once its meld is a canasta
    initial_canasta_meets_minimum: bool | None = None   # a canasta in the initial meld meets it
    initial_meld_with_pile: str | None = None   # "meld_first" or "forbidden"
    threes_optional: bool | None = None         # threes laid by choice (else at the turn's start)
    no_canasta_melds_negative: bool | None = None   # melded cards count minus without a canasta
    special_hands: bool | None = None           # the four special hands

    # -- defaults that follow the game and the player count ---------------------------
    def resolved(self) -> "Rules":
        """A copy with every ``None`` replaced by its default, checked for sense. The game
        named by ``variant`` (a module of :mod:`canasta.engine.variants`) fills them in."""
        if not isinstance(self.variant, str):
            raise RulesError(N_("The game must be named by text."))
        game = get(self.variant)
        if game is None:
            raise RulesError(t("Unknown game {game}; this version plays: {games}.", game=quoted(self.variant),
                               games=", ".join(names())))
        if not getattr(game, "HOUSE_RULES", False):   # jokers, natural canastas (RULES.md 9.1)
            title = Text(getattr(game, "TITLE", self.variant))
            if self.jokers is not None:
                raise RulesError(t("{game} is played with the usual two jokers in each pack.", game=title))
            if self.natural_canastas_to_go_out:
                raise RulesError(t("{game} has no option of natural canastas to go out.", game=title))
            if self.stock_exhausted == "reshuffle":
                raise RulesError(t("{game} never turns the discard pile into a new stock.", game=title))
        return game.resolve(self)

    # -- derived facts -----------------------------------------------------------
    def team_of(self, seat: int) -> int:
        return seat % self.teams  # type: ignore[operator]

    def minimum_in(self, score: int, deal_number: int) -> int:
        """The minimum count of a team whose cumulative score is ``score`` in the deal
        ``deal_number`` (0 for the first) of the game."""
        if self.minimum_by == "deal":
            table = self.deal_minimums or DEAL_MINIMUMS
            return table[min(max(deal_number, 0), len(table) - 1)]
        return self.minimum_for(score)

    def minimum_for(self, score: int) -> int:
        """The minimum count of a team whose cumulative score is ``score``."""
        if score < 0:
            return self.negative_minimum
        need = 0
        for threshold, minimum in self.minimum_table or BASE_MINIMUMS:
            if score >= threshold:
                need = minimum
        return need

    def red_three_score(self, count: int) -> int:
        for n, total in self.red_three_table or ():
            if n == count:
                return total
        return self.scoring.red_three * count

    @property
    def partnerships(self) -> bool:
        return (self.teams or 0) < self.players

    # -- files ----------------------------------------------------------------
    def to_dict(self, resolved_only: bool = False) -> dict[str, Any]:
        d = asdict(self)
        if self.scoring == Scoring():
            d.pop("scoring")  # the usual table: keep files short
        for key in ("minimum_table", "red_three_table"):
            if d[key] is not None:
                d[key] = [list(x) for x in d[key]]
        if d["deal_minimums"] is not None:
            d["deal_minimums"] = list(d["deal_minimums"])
        if d["books_to_go_out"] is not None:
            d["books_to_go_out"] = dict(d["books_to_go_out"])
        if resolved_only:
            return d
        return {k: v for k, v in d.items() if v is not None}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Rules":
        """Build from a JSON object, rejecting unknown keys and wrong types by name."""
        if not isinstance(data, dict):
            raise RulesError(N_("The rules must be a table of options."))
        known = {f.name: f for f in fields(cls)}
        kwargs: dict[str, Any] = {}
        for key, value in data.items():
            if key not in known:
                raise RulesError(t("Unknown rule option {option}.", option=quoted(key)))
            if value is None:
                continue
            if key == "scoring":
                if not isinstance(value, dict):
                    raise RulesError(N_("scoring must be a table of bonus figures."))
                known_s = {f.name for f in fields(Scoring)}
                for k, v in value.items():
                    if k not in known_s:
                        raise RulesError(t("Unknown scoring figure {figure}.", figure=quoted(k)))
                    if k == "red_threes_negative_without_meld":
                        if not isinstance(v, bool):
                            raise RulesError(t("{option} must be true or false.", option="scoring." + k))
                    elif isinstance(v, bool) or not isinstance(v, int):
                        raise RulesError(t("{option} must be a whole number.", option="scoring." + k))
                    else:
                        _whole(v, f"scoring.{k}")
                value = Scoring(**value)
            elif key in ("minimum_table", "red_three_table"):
                try:
                    value = tuple((_whole(a), _whole(b)) for a, b in value)
                except (TypeError, ValueError):
                    raise RulesError(t("{option} must be a list of [number, number] pairs.", option=key)) from None
            elif key in _TEXT_OPTIONS:
                if not isinstance(value, str):
                    raise RulesError(t("{option} must be text.", option=key))
            elif key == "pile_take":
                if value != "all" and (isinstance(value, bool) or not isinstance(value, int)):
                    raise RulesError(N_('pile_take must be a whole number or "all".'))
            elif key == "deal_minimums":
                if not isinstance(value, (list, tuple)) or not value or not all(
                        isinstance(x, int) and not isinstance(x, bool) for x in value):
                    raise RulesError(N_("deal_minimums must be a list of whole numbers."))
                value = tuple(_whole(x, key) for x in value)
            elif key == "books_to_go_out":
                value = books_from(value)
            elif key in _BOOL_OPTIONS:
                if not isinstance(value, bool):
                    raise RulesError(t("{option} must be true or false.", option=key))
            else:
                if isinstance(value, bool) or not isinstance(value, int):
                    raise RulesError(t("{option} must be a whole number.", option=key))
                _whole(value, key)
            kwargs[key] = value
        return cls(**kwargs)


#: no option of any game comes near this (a target score is at most ten million)
_WHOLE_MAX = 10 ** 9


def _whole(value: Any, key: str = "") -> int:
    """A whole number of the rules read from a file (an integral float such as 50.0
    too), within a billion either way; ``ValueError``/``RulesError`` otherwise."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError("not a number")
    if isinstance(value, float) and not (value.is_integer() and abs(value) <= _WHOLE_MAX):
        raise ValueError("not a whole number")
    if not -_WHOLE_MAX <= value <= _WHOLE_MAX:
        if key:
            raise RulesError(t("{option} must be a whole number from -{most} to {most}.", option=key,
                               most=Grouped(_WHOLE_MAX)))
        raise ValueError("too large")
    return int(value)


OPTION_HELP: dict[str, str] = {
    "players": N_("How many people sit at the table: 2, 3, 4 or 6."),
    "teams": N_("Six players: three pairs (3) or two teams of three (2)."),
    "decks": N_("How many 54-card packs are shuffled together."),
    "hand_size": N_("Cards dealt to each player."),
    "draw_count": N_("Cards drawn from the stock each turn."),
    "canastas_to_go_out": N_("Canastas a side needs before a player may go out."),
    "target_score": N_("The game ends after the deal in which a side reaches this total."),
    "negative_minimum": N_("Minimum count of a side whose total is below zero."),
    "minimum_table": N_("Minimum count for the first meld of a deal, by the side's total."),
    "wild_limit": N_("The most wild cards a meld may hold."),
    "more_naturals_than_wilds": N_("A meld must always hold more natural cards than wild cards."),
    "pile_always_frozen": N_("The discard pile is always frozen: only a natural pair takes it."),
    "black_three_freezes": N_("A black three on the pile freezes it, like a wild card."),
    "ask_to_go_out": N_("A player may ask 'Partner, may I go out?' and must follow the answer."),
    "canasta_size": N_("Cards that make a canasta."),
    "melds_close": N_("A finished canasta is closed: nothing more can be added to it."),
    "stock_exhausted": N_("When the stock runs out: play on, taking the pile when it must be taken, or end the deal as soon as a player does not take it."),
    "jokers": N_("Jokers shuffled into the deck (usually two in each pack)."),
    "natural_canastas_to_go_out": N_("How many of the canastas to go out must have no wild card."),
}


BOOK_KINDS = ("clean", "dirty", "wild")


def rule_overrides(pairs: Any) -> dict[str, Any]:
    """Options given on a command line as ``KEY=VALUE`` (``jokers=6``,
    ``stock_exhausted=reshuffle``, ``ask_to_go_out=false``): a value is read as JSON
    when it is JSON, else kept as text. Raises RulesError naming a malformed pair."""
    import json
    out: dict[str, Any] = {}
    for pair in pairs or ():
        key, sep, text = str(pair).partition("=")
        if not sep or not key.strip():
            raise RulesError(f"{quoted(pair)} is not of the form OPTION=VALUE.")
        try:
            value = json.loads(text)
        except ValueError:
            value = text
        out[key.strip()] = value
    return out


def books_from(value: Any) -> tuple[tuple[str, int], ...]:
    """``books_to_go_out`` from a table ``{"clean": 2, "dirty": 2, "wild": 0}`` (kinds left
    out need none) or a list of pairs, as a tuple of (kind, count) pairs in BOOK_KINDS order."""
    if isinstance(value, (list, tuple)):
        try:
            value = {k: n for k, n in value}
        except (TypeError, ValueError):
            raise RulesError(N_("books_to_go_out must be a table of book kinds and counts.")) from None
    if not isinstance(value, dict):
        raise RulesError(N_("books_to_go_out must be a table of book kinds and counts."))
    for k, n in value.items():
        if k not in BOOK_KINDS:
            raise RulesError(t("Unknown kind of book {kind} (the kinds: {kinds}).", kind=quoted(k),
                               kinds=", ".join(BOOK_KINDS)))
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 20:
            raise RulesError(N_("The books needed to go out are whole numbers from 0 to 20."))
    return tuple((k, int(value.get(k, 0))) for k in BOOK_KINDS)


def check_table(decks: int, hand: int, players: int, draw: int, out: int) -> None:
    """The sanity checks every game of the family makes of its packs, hands, draw and
    canastas to go out (raises :class:`RulesError` with a sentence)."""
    if not 1 <= decks <= MAX_PACKS:
        raise RulesError(t("The game uses between one and {most} packs.", most=MAX_PACKS))
    if hand < 1 or hand * players + 1 > decks * 54:
        raise RulesError(t("{hand} cards each for {players} players do not fit in {decks} packs.",
                           hand=hand, players=players, decks=decks))
    if draw < 1 or draw > 5:
        raise RulesError(N_("Players draw between one and five cards."))
    if out < 0 or out > 5:
        raise RulesError(N_("Going out needs between zero and five canastas."))
