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
from ...i18n import N_, Text, t, tn
from .rules_words import Grouped, minimum_rows, number_word, number_word_capital, score_line

_n = number_word
_N = number_word_capital


def _cards(k: int) -> Text:
    return tn("{word} card", "{word} cards", k, word=_n(k))


def _deck_sentence(packs: str, decks: int, jokers) -> Text:
    """"Two packs shuffled together: 108 cards with four jokers." (with the house rule's
    jokers when they differ from two a pack)."""
    count = 2 * decks if jokers is None else jokers
    cards = 52 * decks + count
    if jokers is None or jokers == 2 * decks:
        return tn("{packs} shuffled together: {cards} cards with {word} joker.",
                  "{packs} shuffled together: {cards} cards with {word} jokers.", count,
                  packs=packs, cards=Grouped(cards), word=_n(count))
    return tn("{packs} shuffled together: {cards} cards with {word} joker (a house rule).",
              "{packs} shuffled together: {cards} cards with {word} jokers (a house rule).", count,
              packs=packs, cards=Grouped(cards), word=_n(count))


def _listed(parts: list) -> Text:
    """Items one after another, with commas ("natural +500, mixed +300")."""
    if len(parts) == 1:
        return parts[0]
    out = parts[0]
    for item in parts[1:]:
        out = t("{first}, {second}", first=out, second=item)
    return out


def score_rules(rules: Rules) -> list:
    """The game's description of its score lines (none from a game that gives none yet)."""
    describe = getattr(game_of(rules), "score_rules", None)
    return list(describe(rules)) if describe is not None else []


CANASTA_WORDS = {"natural": N_("natural (no wild card)"), "mixed": N_("mixed"),
                 "samba": N_("a samba (a sequence of seven)"), "escalera": N_("an escalera (a sequence of seven)"),
                 "bolivia": N_("a bolivia (seven wild cards)")}


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
        seating = t("{Word} players, each playing for themselves.", Word=_N(p))
    elif p == 4:
        seating = Text(N_("Four players in two partnerships; partners sit opposite each other."))
    elif teams == 3:
        seating = Text(N_("Six players in three pairs; partners sit opposite each other."))
    else:
        seating = Text(N_("Six players in two teams of three, seated alternately."))
    packs = Text(N_("One pack")) if decks == 1 else t("{Word} packs", Word=_N(decks))
    game_lines = [
        seating,
        _deck_sentence(packs, decks, r.jokers),
        t("Each player is dealt {hand}. A turn: draw {draw} from the stock "
          "(or take the discard pile), meld if you wish, then discard one card.",
          hand=_cards(r.hand_size), draw=_cards(r.draw_count)),
        (tn("A game is {word} deal; after the last one the higher total wins, and equal totals share the win.",
            "A game is {word} deals; after the last one the higher total wins, and equal totals share the win.",
            r.deals, word=_n(r.deals)) if r.deals else
         t("The game ends after the deal in which a side reaches {target} points; the higher total wins.",
           target=Grouped(r.target_score))),
    ]
    heading = getattr(game, "RULES_HEADING", None) or t("The game: {title}", title=Text(getattr(game, "TITLE", r.variant)))
    out.append((heading, game_lines))

    # -- card values
    out.append((N_("Card values"), [
        N_("Joker 50; ace and two 20; king down to eight 10; seven down to four, and black three, 5."),
        N_("Twos and jokers are wild. Red threes are bonus cards; black threes block the pile."),
    ]))

    # -- minimum count
    rows = minimum_rows(r)
    lines = [t("Side's total {label}: {minimum}", label=label, minimum=minimum) for label, minimum in rows]
    lines.append(N_("Only card points count toward it, never bonuses. Taking the pile, only its top card "
                    "and the cards melded with it count."))
    out.append((N_("First meld of a deal (minimum count)"), lines))

    # -- melds
    sc = r.scoring
    wl = r.wild_limit
    if sequences:
        melds = [N_("A group is three or more cards of one rank, four to ace, with at least two naturals; "
                    "your side may have several groups of one rank, and you say which one you add to.")]
    else:
        melds = [N_("A meld is three or more cards of one rank, four to ace, with at least two naturals.")]
    what = Text(N_("group")) if sequences else Text(N_("meld"))
    if r.more_naturals_than_wilds:
        melds.append(tn("A {what} always holds more naturals than wild cards, and at most {word} wild card.",
                        "A {what} always holds more naturals than wild cards, and at most {word} wild cards.",
                        wl, what=what, word=_n(wl)))
    else:
        melds.append(tn("At most {word} wild card in a {what}.", "At most {word} wild cards in a {what}.", wl,
                        word=_n(wl), what=what))
    if _opt(r, "twice_naturals", False):
        melds.append(N_("A group always holds at least twice as many naturals as wild cards."))
    if sequences:
        seq = next((k for k in canastas if k in ("samba", "escalera")), "samba")
        melds.append(N_("A sequence is three to seven naturals of one suit in a row, four up to ace (ace high "
                        "only), with no wild card and no three; it grows at either end, one card or several."))
        melds.append(t("Seven in sequence make {kind}: +{bonus}, and nothing more is added to it. "
                       "Sequences are never joined together.", kind=Text(CANASTA_WORDS[seq]),
                       bonus=Grouped(_canasta_bonus(game, seq, r))))
    if "wild" in kinds and _opt(r, "wild_melds", True):
        melds.append(N_("Three to seven wild cards alone make a wild meld; only wild cards join it."))
    group_kinds = [k for k in canastas if k in ("natural", "mixed")]
    parts = [t("{kind} +{bonus}", kind=Text(CANASTA_WORDS[k]), bonus=Grouped(_canasta_bonus(game, k, r)))
             for k in group_kinds]
    melds.append(t("A canasta is a {what} of {word} or more cards: {kinds}.", what=what, word=_n(r.canasta_size),
                   kinds=_listed(parts)))
    if sequences:
        melds.append(N_("No wild card is ever added to a canasta; naturals still may be."))
    if "bolivia" in canastas and _opt(r, "wild_melds", True):
        melds.append(t("Seven wild cards make a bolivia: +{bonus}, closed.",
                       bonus=Grouped(_canasta_bonus(game, "bolivia", r))))
    black = Text(N_("three or four")) if decks <= 2 else Text(N_("three or more"))
    melds.append(t("Black threes may be melded only when going out: {count}, without wild cards.", count=black))
    out.append((N_("Melds and canastas"), melds))

    # -- red threes
    reds = [t("Each red three is laid face up at once and replaced from the stock: {points} points.",
              points=Grouped(sc.red_three))]
    for count, total in r.red_three_table or ():
        reds.append(t("All {word} red threes of one side: {total} in all.", word=_n(count), total=Grouped(total))
                    if count == 2 * decks else
                    t("{Word} red threes of one side: {total} in all.", Word=_N(count), total=Grouped(total)))
    need_two = getattr(r, "red_threes_need_two_canastas", None)
    if need_two:
        reds.append(N_("They count plus for a side with at least two canastas when the deal ends, minus otherwise."))
    elif sc.red_threes_negative_without_meld:
        reds.append(N_("A side that has made no meld when the deal ends loses their value instead."))
    out.append((N_("Red threes"), reds))

    # -- the pile
    pile = [N_("The pile can never be taken while a wild card or a black three is on top.")]
    if r.pile_always_frozen:
        pile.append(N_("In this game the pile is always frozen."))
    elif r.black_three_freezes:
        pile.append(N_("It is frozen against your side while your side has not made its first meld; or while it "
                       "holds a wild card or a red three (turned sideways); or while a black three has been "
                       "discarded onto it."))
    else:
        pile.append(N_("It is frozen against your side while your side has not made its first meld; or while it "
                       "holds a wild card or a red three (turned sideways)."))
    if sequences:
        pile.append(N_("A natural pair of the top card's rank from your hand always takes it (frozen or not); "
                       "the three cards make a new group. One natural and one wild card never take it."))
        if not r.pile_always_frozen:
            pile.append(N_("Not frozen, the top card alone may go onto one of your side's melds that is not a "
                           "canasta: a group of its rank or a sequence of its suit whose end it extends.")
                        if _opt(r, "take_onto_sequence", True) else
                        N_("Not frozen, the top card alone may go onto one of your side's melds that is not a "
                           "canasta: a group of its rank."))
    else:
        pile.append(N_("Frozen, it is taken only with a natural pair of the top card's rank from your hand."))
        if not r.pile_always_frozen:
            pile.append(N_("Not frozen, also with one natural and one wild card, or by adding the top card to "
                           "your side's meld of that rank."))
    out.append((N_("The discard pile"), pile))

    # -- going out
    going = []
    need = r.canastas_to_go_out
    if need == 0:
        going.append(N_("A player may go out without a canasta."))
    else:
        going.append(_going_out_need(r, need))
    out_bonus = _opt(r, "going_out_bonus", sc.going_out)
    # a game with its own going-out figures (Samba) names its concealed bonus apart; Classic
    # counts it on top of going out, from its scoring table
    concealed = _opt(r, "concealed_bonus", None) if _opt(r, "going_out_bonus", None) is not None else None
    if concealed is None:
        going.append(t("Go out by melding every card, or all but one and discarding it: +{bonus}. "
                       "Concealed, the whole hand melded in one turn with a canasta: +{concealed} in all.",
                       bonus=Grouped(out_bonus), concealed=Grouped(sc.going_out + sc.concealed_extra)))
    elif concealed:
        going.append(t("Go out by melding every card, or all but one and discarding it: +{bonus}; "
                       "concealed, +{concealed} in all.", bonus=Grouped(out_bonus),
                       concealed=Grouped(out_bonus + concealed)))
    else:
        going.append(t("Go out by melding every card, or all but one and discarding it: +{bonus}. "
                       "Going out concealed earns nothing more.", bonus=Grouped(out_bonus)))
    if r.ask_to_go_out:
        going.append(N_("You may ask \"Partner, may I go out?\" once per turn, before melding; the answer binds."))
    if r.stock_exhausted == "end":
        going.append(N_("When the stock runs out, a player who cannot draw may still take the "
                        "discard pile if that is legal; otherwise the deal ends."))
    elif r.stock_exhausted == "reshuffle":
        going.append(N_("The first time the stock runs out, a player who does not take the pile turns it over, "
                        "all but its top card, into a new stock (not shuffled: its bottom card is drawn first) "
                        "and draws. The top card stays as the pile."))
        going.append(N_("The second time, play goes on while players take the discard pile; it must be taken "
                        "when its top card matches your side's meld."))
    else:
        going.append(N_("When the stock runs out, play goes on while players take the discard pile; "
                        "it must be taken when its top card matches your side's meld."))
    out.append((N_("Going out and the end of a deal"), going))

    # -- scoring: the game's own score lines, as the score sheet labels them
    lines = score_rules(r)
    if lines:
        scoring = [N_("A side's result for a deal is the sum of its score lines:")]
        scoring += [score_line(line) for line in lines]
    else:
        scoring = [N_("A side's result for a deal is the sum of its score lines, which the score sheet "
                      "lists after every deal.")]
    out.append((N_("Scoring a deal"), scoring))
    return out


def _going_out_need(r: Rules, need: int) -> Text:
    """What going out needs: "To go out your side needs at least one canasta...", the
    game's own kind of canasta where it asks for one."""
    if _opt(r, "out_needs_escalera", False):
        extra = Text(N_(", one of them an escalera"))
    elif _opt(r, "out_needs_clean", False):
        extra = Text(N_(", one of them natural or a samba"))
    elif games.naturals_to_go_out(r):
        natural = games.naturals_to_go_out(r)
        extra = (Text(N_(", all of them natural")) if natural >= need else
                 t(", {word} of them natural (no wild card)", word=_n(natural)) if need > 1 else
                 t(", {word} of it natural (no wild card)", word=_n(natural)))
    else:
        extra = ""
    if r.partnerships:
        return tn("To go out your side needs at least {word} canasta{extra}.",
                  "To go out your side needs at least {word} canastas{extra}.", need, word=_n(need), extra=extra)
    return tn("To go out you need at least {word} canasta{extra}.",
              "To go out you need at least {word} canastas{extra}.", need, word=_n(need), extra=extra)


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

    title = N_("Rules")

    def __init__(self, app, choices: list[tuple[str, Rules]], back: Callable[[], None]):
        super().__init__(app, back)
        self.choices = choices
        self.index = 0
        self.chooser = Stepper(lambda: [(i, label) for i, (label, _) in enumerate(self.choices)],
                               lambda: self.index, self._choose, name="which", wrap=True)
        self.fair_button = Button(N_("Why it is fair"), self._fair, pygame.K_w,
                                  N_("How the cards are shuffled and what the computer players see (W)"), name="fair")
        self.online_button = Button(N_("Playing online"), self._online, pygame.K_n,
                                    N_("Hosting a table, joining one, and what the online table shows (N)"),
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
