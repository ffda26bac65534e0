"""The rules screen: the rules in force, written out from the resolved options.

:func:`rules_sections` turns a :class:`~canasta.engine.rules.Rules` into headed
sections of short sentences (the minimum-count table, the bonuses, what freezes the
pile, what going out needs...), so what the screen says is what the engine plays. It
reads the game's module for what differs between the games of the family: the kinds
of meld (sequences, wild melds), the kinds of canasta and their bonuses.
"""

from __future__ import annotations

from typing import Callable

import pygame

from ...engine import variants
from ...engine.rules import Rules
from ...engine.variants import game_of
from .. import games
from ..forms import Button, Stepper
from ..online.help import OnlineHelpScreen
from .. import parts as _registered  # noqa: F401  the games' own rules pages, registered
from ..plugins import part
from .fair import FairScreen
from .pages import PageScreen
from .rules_words import minimum_rows, number_word

_n = number_word


def _cards(k: int) -> str:
    return f"{_n(k)} card" + ("" if k == 1 else "s")


def _deck_sentence(packs: str, decks: int, jokers) -> str:
    """"Two packs shuffled together: 108 cards with four jokers." (with the house rule's
    jokers when they differ from two a pack)."""
    count = 2 * decks if jokers is None else jokers
    cards = 52 * decks + count
    return (f"{packs} shuffled together: {cards:,} cards with {_n(count)} joker{'s' if count != 1 else ''}"
            + ("." if jokers is None or jokers == 2 * decks else " (a house rule)."))


def score_rules(rules: Rules) -> list:
    """The game's description of its score lines (none from a game that gives none yet)."""
    describe = getattr(game_of(rules), "score_rules", None)
    return list(describe(rules)) if describe is not None else []


CANASTA_WORDS = {"natural": "natural (no wild card)", "mixed": "mixed", "samba": "a samba (a sequence of seven)",
                 "escalera": "an escalera (a sequence of seven)", "bolivia": "a bolivia (seven wild cards)"}


def _opt(r: Rules, key: str, default=None):
    """An option of the rules, or ``default`` for a game whose rules do not have it."""
    value = getattr(r, key, None)
    return default if value is None else value


def _canasta_bonus(game, kind: str, r: Rules) -> int:
    if hasattr(game, "canasta_bonus"):
        return game.canasta_bonus(kind, r)
    return r.scoring.natural_canasta if kind == "natural" else r.scoring.mixed_canasta


def rules_sections(rules: Rules) -> list[tuple[str, list[str]]]:
    """The rules in force, as (heading, sentences) sections: read off the resolved
    options and the game's module (its meld kinds, canasta kinds and bonuses)."""
    r = rules.resolved()
    own = part(r, "rules")             # a game whose text is its own (Hand and Foot, Modern American)
    if own is not None:
        return own.sections(r)
    game = variants.game_of(r)
    kinds = tuple(getattr(game, "MELD_KINDS", ("group", "black3")))
    canastas = tuple(getattr(game, "CANASTA_KINDS", ("natural", "mixed")))
    sequences = "sequence" in kinds
    p, teams, decks = r.players, r.teams, r.decks
    out: list[tuple[str, list[str]]] = []

    # -- the game
    if p in (2, 3):
        seating = f"{_n(p).capitalize()} players, each playing for themselves."
    elif p == 4:
        seating = "Four players in two partnerships; partners sit opposite each other."
    elif teams == 3:
        seating = "Six players in three pairs; partners sit opposite each other."
    else:
        seating = "Six players in two teams of three, seated alternately."
    packs = "One pack" if decks == 1 else f"{_n(decks).capitalize()} packs"
    game_lines = [
        seating,
        _deck_sentence(packs, decks, r.jokers),
        f"Each player is dealt {_cards(r.hand_size)}. A turn: draw {_cards(r.draw_count)} from the stock "
        "(or take the discard pile), meld if you wish, then discard one card.",
        (f"A game is {_n(r.deals)} deal{'s' if r.deals != 1 else ''}; after the last one the higher total "
         "wins, and equal totals share the win." if r.deals else
         f"The game ends after the deal in which a side reaches {r.target_score:,} points; "
         "the higher total wins."),
    ]
    heading = getattr(game, "RULES_HEADING", None) or f"The game: {getattr(game, 'TITLE', r.variant)}"
    out.append((heading, game_lines))

    # -- card values
    out.append(("Card values", [
        "Joker 50; ace and two 20; king down to eight 10; seven down to four, and black three, 5.",
        "Twos and jokers are wild. Red threes are bonus cards; black threes block the pile.",
    ]))

    # -- minimum count
    rows = minimum_rows(r)
    lines = [f"Side's total {label}: {minimum}" for label, minimum in rows]
    lines.append("Only card points count toward it, never bonuses. Taking the pile, only its top card "
                 "and the cards melded with it count.")
    out.append(("First meld of a deal (minimum count)", lines))

    # -- melds
    sc = r.scoring
    wl = r.wild_limit
    if sequences:
        melds = ["A group is three or more cards of one rank, four to ace, with at least two naturals; "
                 "your side may have several groups of one rank, and you say which one you add to."]
    else:
        melds = ["A meld is three or more cards of one rank, four to ace, with at least two naturals."]
    what = "group" if sequences else "meld"
    if r.more_naturals_than_wilds:
        melds.append(f"A {what} always holds more naturals than wild cards, and at most {_n(wl)} wild "
                     f"card{'s' if wl != 1 else ''}.")
    else:
        melds.append(f"At most {_n(wl)} wild card{'s' if wl != 1 else ''} in a {what}.")
    if _opt(r, "twice_naturals", False):
        melds.append("A group always holds at least twice as many naturals as wild cards.")
    if sequences:
        seq = next((k for k in canastas if k in ("samba", "escalera")), "samba")
        melds.append("A sequence is three to seven naturals of one suit in a row, four up to ace (ace high "
                     "only), with no wild card and no three; it grows at either end, one card or several.")
        melds.append(f"Seven in sequence make {CANASTA_WORDS[seq]}: +{_canasta_bonus(game, seq, r):,}, and "
                     "nothing more is added to it. Sequences are never joined together.")
    if "wild" in kinds and _opt(r, "wild_melds", True):
        melds.append("Three to seven wild cards alone make a wild meld; only wild cards join it.")
    group_kinds = [k for k in canastas if k in ("natural", "mixed")]
    parts = [f"{CANASTA_WORDS[k]} +{_canasta_bonus(game, k, r):,}" for k in group_kinds]
    melds.append(f"A canasta is a {what} of {_n(r.canasta_size)} or more cards: " + ", ".join(parts) + ".")
    if sequences:
        melds.append("No wild card is ever added to a canasta; naturals still may be.")
    if "bolivia" in canastas and _opt(r, "wild_melds", True):
        melds.append(f"Seven wild cards make a bolivia: +{_canasta_bonus(game, 'bolivia', r):,}, closed.")
    black = "three or four" if decks <= 2 else "three or more"
    melds.append(f"Black threes may be melded only when going out: {black}, without wild cards.")
    out.append(("Melds and canastas", melds))

    # -- red threes
    reds = [f"Each red three is laid face up at once and replaced from the stock: {sc.red_three:,} points."]
    for count, total in r.red_three_table or ():
        reds.append(f"All {_n(count)} red threes of one side: {total:,} in all." if count == 2 * decks
                    else f"{_n(count).capitalize()} red threes of one side: {total:,} in all.")
    need_two = getattr(r, "red_threes_need_two_canastas", None)
    if need_two:
        reds.append("They count plus for a side with at least two canastas when the deal ends, minus otherwise.")
    elif sc.red_threes_negative_without_meld:
        reds.append("A side that has made no meld when the deal ends loses their value instead.")
    out.append(("Red threes", reds))

    # -- the pile
    pile = ["The pile can never be taken while a wild card or a black three is on top."]
    if r.pile_always_frozen:
        pile.append("In this game the pile is always frozen.")
    else:
        freezes = ["your side has not made its first meld", "it holds a wild card or a red three (turned sideways)"]
        if r.black_three_freezes:
            freezes.append("a black three has been discarded onto it")
        pile.append("It is frozen against your side while " + "; or while ".join(freezes) + ".")
    if sequences:
        pile.append("A natural pair of the top card's rank from your hand always takes it (frozen or not); "
                    "the three cards make a new group. One natural and one wild card never take it.")
        if not r.pile_always_frozen:
            onto = "a group of its rank" + (" or a sequence of its suit whose end it extends"
                                            if _opt(r, "take_onto_sequence", True) else "")
            pile.append(f"Not frozen, the top card alone may go onto one of your side's melds that is not a "
                        f"canasta: {onto}.")
    else:
        pile.append("Frozen, it is taken only with a natural pair of the top card's rank from your hand.")
        if not r.pile_always_frozen:
            pile.append("Not frozen, also with one natural and one wild card, or by adding the top card to "
                        "your side's meld of that rank.")
    out.append(("The discard pile", pile))

    # -- going out
    going = []
    need = r.canastas_to_go_out
    if need == 0:
        going.append("A player may go out without a canasta.")
    else:
        side = "your side needs" if r.partnerships else "you need"
        extra = ""
        if _opt(r, "out_needs_escalera", False):
            extra = ", one of them an escalera"
        elif _opt(r, "out_needs_clean", False):
            extra = ", one of them natural or a samba"
        elif games.naturals_to_go_out(r):
            natural = games.naturals_to_go_out(r)
            extra = (", all of them natural" if natural >= need else
                     f", {_n(natural)} of {'them' if need > 1 else 'it'} natural (no wild card)")
        going.append(f"To go out {side} at least {_n(need)} canasta{'s' if need != 1 else ''}{extra}.")
    out_bonus = _opt(r, "going_out_bonus", sc.going_out)
    # a game with its own going-out figures (Samba) names its concealed bonus apart; Classic
    # counts it on top of going out, from its scoring table
    concealed = _opt(r, "concealed_bonus", None) if _opt(r, "going_out_bonus", None) is not None else None
    if concealed is None:
        going.append(f"Go out by melding every card, or all but one and discarding it: +{out_bonus:,}. "
                     "Concealed, the whole hand melded in one turn with a canasta: "
                     f"+{sc.going_out + sc.concealed_extra:,} in all.")
    else:
        going.append(f"Go out by melding every card, or all but one and discarding it: +{out_bonus:,}"
                     + (f"; concealed, +{out_bonus + concealed:,} in all." if concealed
                        else ". Going out concealed earns nothing more."))
    if r.ask_to_go_out:
        going.append("You may ask \"Partner, may I go out?\" once per turn, before melding; the answer binds.")
    if r.stock_exhausted == "end":
        going.append("When the stock runs out, a player who cannot draw may still take the "
                     "discard pile if that is legal; otherwise the deal ends.")
    elif r.stock_exhausted == "reshuffle":
        going.append("The first time the stock runs out, a player who does not take the pile turns it over, "
                     "all but its top card, into a new stock (not shuffled: its bottom card is drawn first) "
                     "and draws. The top card stays as the pile.")
        going.append("The second time, play goes on while players take the discard pile; it must be taken "
                     "when its top card matches your side's meld.")
    else:
        going.append("When the stock runs out, play goes on while players take the discard pile; "
                     "it must be taken when its top card matches your side's meld.")
    out.append(("Going out and the end of a deal", going))

    # -- scoring: the game's own score lines, as the score sheet labels them
    lines = score_rules(r)
    if lines:
        scoring = ["A side's result for a deal is the sum of its score lines:"]
        scoring += [f"{line.label}: {line.detail}." for line in lines]
    else:
        scoring = ["A side's result for a deal is the sum of its score lines, which the score sheet "
                   "lists after every deal."]
    out.append(("Scoring a deal", scoring))
    return out


def rules_summary(rules: Rules) -> list[str]:
    """The rules screen's text as lines: each section's heading, then its sentences."""
    lines: list[str] = []
    for heading, sentences in rules_sections(rules):
        lines.append(heading)
        lines.extend(sentences)
    return lines


class RulesScreen(PageScreen):
    """The rules in force, in two columns; a stepper chooses among several sets, and two
    buttons open the help's pages (*Why it is fair*, *Playing online*)."""

    title = "Rules"

    def __init__(self, app, choices: list[tuple[str, Rules]], back: Callable[[], None]):
        super().__init__(app, back)
        self.choices = choices
        self.index = 0
        self.chooser = Stepper(lambda: [(i, label) for i, (label, _) in enumerate(self.choices)],
                               lambda: self.index, self._choose, name="which", wrap=True)
        self.fair_button = Button("Why it is fair", self._fair, pygame.K_w,
                                  "How the cards are shuffled and what the computer players see (W)", name="fair")
        self.online_button = Button("Playing online", self._online, pygame.K_n,
                                    "Hosting a table, joining one, and what the online table shows (N)",
                                    name="online_help")
        self.controls = [self.chooser, self.back_button, self.fair_button, self.online_button]
        self.default_focus = self.back_button if len(choices) < 2 else self.chooser

    @property
    def rules(self) -> Rules:
        return self.choices[self.index][1]

    def _choose(self, i: int) -> None:
        self.index = i
        self.scroll = 0

    def sections(self) -> list[tuple[str, list[str]]]:
        """What the two columns say: the rules in force."""
        return rules_sections(self.rules)

    def _online(self) -> None:
        self.app.set_scene(OnlineHelpScreen(self.app, back=lambda: self.app.set_scene(self)))

    def _fair(self) -> None:
        self.app.set_scene(FairScreen(self.app, back=lambda: self.app.set_scene(self)))

    def layout(self) -> None:
        super().layout()
        self.chooser.visible = len(self.choices) > 1
        self.chooser.rect = pygame.Rect(390, 94, 500, 38) if self.chooser.visible else pygame.Rect(0, 0, 0, 0)
        self.fair_button.rect = pygame.Rect(40, 730, 220, 46)
        self.online_button.rect = pygame.Rect(276, 730, 220, 46)

    @property
    def subtitle(self) -> str:  # type: ignore[override]
        return "" if len(self.choices) > 1 else self.choices[0][0]

    def area(self) -> pygame.Rect:
        if len(self.choices) > 1:
            return pygame.Rect(40, 144, 1200, 572)
        return super().area()
