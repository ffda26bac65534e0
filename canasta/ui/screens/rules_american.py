"""The rules screen's text for Modern American Canasta (RULES-variants.md 10.1),
written from the resolved options the way :func:`canasta.ui.screens.rules.rules_sections`
writes the other games."""

from __future__ import annotations

from ...engine.rules import Rules
from ...i18n import N_, Text, t, tn
from .rules_words import Grouped, number_word, number_word_capital, score_line
from ...engine.variants import american as G


_n = number_word
_N = number_word_capital


def _first_minimums(mins) -> Text:
    """"50 below 1,500, 90 from 1,500, 120 from 3,000" (the side's total decides)."""
    parts = [t("{minimum} from {total}", minimum=m, total=Grouped(total)) if total else
             t("{minimum} below {total}", minimum=m, total=Grouped(mins[1][0])) for total, m in mins]
    out = parts[0]
    for item in parts[1:]:
        out = t("{first}, {second}", first=out, second=item)
    return out


def sections(r: Rules) -> list[tuple[str, list[str]]]:
    """(heading, sentences) for Modern American under the resolved rules ``r``."""
    out: list[tuple[str, list[str]]] = []
    talons = (Text(N_("The player who first melds for a side from the hand takes a talon into hand after "
                      "discarding: the four cards if the other side has not melded, else the three."))
              if r.talon_bonus else Text(N_("They are never used: nobody sees, draws or scores them.")))
    out.append((t("The game: {title}", title=Text(G.TITLE)), [
        N_("Four players in two partnerships; partners sit opposite each other."),
        t("{Word} packs shuffled together: {cards} cards with {word} jokers.", Word=_N(r.decks),
          cards=r.decks * 54, word=_n(2 * r.decks)),
        t("Each player is dealt {word} cards. Then two talons are dealt face down beside the "
          "stock, of four and three cards. {talons}", word=_n(r.hand_size), talons=talons),
        N_("There is no upcard: the discard pile starts empty."),
        N_("A turn: draw one card from the stock (or take the pile), lay threes and meld if you wish, then "
           "discard one card. Every turn ends with a discard."),
        t("The game goes on until a side reaches {target} points at the end of a deal; the higher "
          "total wins.", target=Grouped(r.target_score)),
    ]))
    wilds = tn("at most {word} wild card", "at most {word} wild cards", r.wild_limit, word=_n(r.wild_limit))
    melds = [
        N_("Twos and jokers are wild. Threes are never melded and never discarded."),
        t("A meld is three to seven cards of one rank with at least two naturals and {wilds}, and always "
          "more naturals than wild cards.", wilds=wilds) if r.more_naturals_than_wilds else
        t("A meld is three to seven cards of one rank with at least two naturals and {wilds}.", wilds=wilds),
        N_("Seven cards make a canasta, and a canasta is closed: nothing more can be added."),
        N_("Sevens never take a wild card. Aces take wild cards only in your side's first meld; aces "
           "melded without them stay pure."),
        N_("Three or more wild cards alone make a wild meld; a side has one."),
        N_("A side has one meld of each rank; once it is a canasta, a new meld of that rank may start.")
        if r.second_meld_after_canasta else
        N_("A side has one meld of each rank, so once it is a canasta no more of that rank can be melded."),
    ]
    out.append((N_("Melds and canastas"), melds))
    mins = r.minimum_table or G.MINIMUMS
    first = [
        t("Your side's first meld must count at least {minimums} (by the side's total), and one of its "
          "melds must hold three natural cards of its rank from your hand.", minimums=_first_minimums(mins)),
    ]
    if r.initial_canasta_meets_minimum:
        first.append(N_("A complete canasta put down in the first meld meets both, whatever it counts."))
    out.append((N_("The first meld"), first))
    pile = [
        N_("The discard pile is always frozen: you take it only with a natural pair of its top card's rank "
           "from your hand. The three cards start a meld or join yours of that rank, so a meld of five or "
           "more of the rank stops you."),
        N_("A wild card on top of the pile stops anyone from taking it."),
    ]
    if r.initial_meld_with_pile == "meld_first":
        pile.append(N_("To take it for your side's first meld, first put down enough from your hand; the pair "
                       "that takes it and the top card do not count."))
    else:
        pile.append(N_("A side that has not melded may not take the pile."))
    out.append((N_("The discard pile"), pile))
    out.append((N_("Discards"), [
        N_("A three is never discarded."),
        N_("A wild card is discarded only when going out, or when nothing else but threes is left."),
        N_("On an empty pile an ace or a seven may be discarded only when you hold no other natural card."),
    ]))
    threes = [N_("Red and black threes are bonus cards. Lay them in your side's area whenever you like during "
                 "your turn; each is replaced from the stock.") if r.threes_optional else
              N_("Red and black threes are bonus cards. Lay them at the start of your turn; each is replaced "
                 "from the stock."),
              N_("Threes still in hand at the end count as laid.")]
    out.append((N_("Threes"), threes))
    going = [tn("Going out needs {word} canasta: meld all but one card and discard the last. There is no "
                "concealed bonus.",
                "Going out needs {word} canastas: meld all but one card and discard the last. There is no "
                "concealed bonus.", r.canastas_to_go_out, word=_n(r.canastas_to_go_out)),
             N_("When a player must draw from an empty stock and cannot or will not take the pile, the deal ends.")]
    if r.ask_to_go_out:
        going.append(N_("You may ask your partner \"May I go out?\" and must follow the answer."))
    out.append((N_("Going out"), going))
    if r.special_hands:
        out.append((N_("Special hands"), [
            N_("While your side has made no meld, right after drawing from the stock, you may lay down a whole "
               "hand of 14 cards that is a special hand. The deal ends at once and your side scores only it."),
            N_("Straight: one card of each rank from ace to two, plus a joker, 3,000."),
            N_("Seven pairs of seven natural ranks, 2,500."),
            N_("Pairs with wilds: seven pairs with twos, sevens and aces among them, 2,000."),
            N_("Garbage: two fours of a kind and two threes of a kind, no wild card, 2,000."),
        ]))
    scoring = [N_("A side's result for a deal is the sum of its score lines:")]
    scoring += [score_line(line) for line in G.score_rules(r)]
    out.append((N_("Scoring a deal"), scoring))
    return out
