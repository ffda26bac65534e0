"""The rules screen's text for Modern American Canasta (RULES-variants.md 10.1),
written from the resolved options the way :func:`canasta.ui.screens.rules.rules_sections`
writes the other games."""

from __future__ import annotations

from ...engine.rules import Rules
from .rules_words import number_word
from ...engine.variants import american as G


def _n(k: int) -> str:
    return number_word(k)


def sections(r: Rules) -> list[tuple[str, list[str]]]:
    """(heading, sentences) for Modern American under the resolved rules ``r``."""
    out: list[tuple[str, list[str]]] = []
    talons = ("The player who first melds for a side from the hand takes a talon into hand after "
              "discarding: the four cards if the other side has not melded, else the three."
              if r.talon_bonus else "They are never used: nobody sees, draws or scores them.")
    out.append((f"The game: {G.TITLE}", [
        "Four players in two partnerships; partners sit opposite each other.",
        f"{_n(r.decks).capitalize()} packs shuffled together: {r.decks * 54} cards with {_n(2 * r.decks)} jokers.",
        f"Each player is dealt {_n(r.hand_size)} cards. Then two talons are dealt face down beside the "
        f"stock, of four and three cards. {talons}",
        "There is no upcard: the discard pile starts empty.",
        "A turn: draw one card from the stock (or take the pile), lay threes and meld if you wish, then "
        "discard one card. Every turn ends with a discard.",
        f"The game goes on until a side reaches {r.target_score:,} points at the end of a deal; the higher "
        "total wins.",
    ]))
    wilds = f"at most {_n(r.wild_limit)} wild card{'s' if r.wild_limit != 1 else ''}"
    melds = [
        "Twos and jokers are wild. Threes are never melded and never discarded.",
        f"A meld is three to seven cards of one rank with at least two naturals and {wilds}"
        + (", and always more naturals than wild cards." if r.more_naturals_than_wilds else "."),
        "Seven cards make a canasta, and a canasta is closed: nothing more can be added.",
        "Sevens never take a wild card. Aces take wild cards only in your side's first meld; aces "
        "melded without them stay pure.",
        "Three or more wild cards alone make a wild meld; a side has one.",
        "A side has one meld of each rank"
        + ("; once it is a canasta, a new meld of that rank may start." if r.second_meld_after_canasta
           else ", so once it is a canasta no more of that rank can be melded."),
    ]
    out.append(("Melds and canastas", melds))
    mins = r.minimum_table or G.MINIMUMS
    first = [
        "Your side's first meld must count at least "
        + ", ".join(f"{m} from {t:,}" if t else f"{m} below {mins[1][0]:,}" for t, m in mins)
        + " (by the side's total), and one of its melds must hold three natural cards of its rank "
          "from your hand.",
    ]
    if r.initial_canasta_meets_minimum:
        first.append("A complete canasta put down in the first meld meets both, whatever it counts.")
    out.append(("The first meld", first))
    pile = [
        "The discard pile is always frozen: you take it only with a natural pair of its top card's rank "
        "from your hand. The three cards start a meld or join yours of that rank, so a meld of five or "
        "more of the rank stops you.",
        "A wild card on top of the pile stops anyone from taking it.",
    ]
    if r.initial_meld_with_pile == "meld_first":
        pile.append("To take it for your side's first meld, first put down enough from your hand; the pair "
                    "that takes it and the top card do not count.")
    else:
        pile.append("A side that has not melded may not take the pile.")
    out.append(("The discard pile", pile))
    out.append(("Discards", [
        "A three is never discarded.",
        "A wild card is discarded only when going out, or when nothing else but threes is left.",
        "On an empty pile an ace or a seven may be discarded only when you hold no other natural card.",
    ]))
    threes = ["Red and black threes are bonus cards. "
              + ("Lay them in your side's area whenever you like during your turn; "
                 if r.threes_optional else "Lay them at the start of your turn; ")
              + "each is replaced from the stock.",
              "Threes still in hand at the end count as laid."]
    out.append(("Threes", threes))
    going = [f"Going out needs {_n(r.canastas_to_go_out)} canasta{'s' if r.canastas_to_go_out != 1 else ''}: "
             "meld all but one card and discard the last. There is no concealed bonus.",
             "When a player must draw from an empty stock and cannot or will not take the pile, the deal ends."]
    if r.ask_to_go_out:
        going.append("You may ask your partner \"May I go out?\" and must follow the answer.")
    out.append(("Going out", going))
    if r.special_hands:
        out.append(("Special hands", [
            "While your side has made no meld, right after drawing from the stock, you may lay down a whole "
            "hand of 14 cards that is a special hand. The deal ends at once and your side scores only it.",
            "Straight: one card of each rank from ace to two, plus a joker, 3,000.",
            "Seven pairs of seven natural ranks, 2,500.",
            "Pairs with wilds: seven pairs with twos, sevens and aces among them, 2,000.",
            "Garbage: two fours of a kind and two threes of a kind, no wild card, 2,000.",
        ]))
    scoring = ["A side's result for a deal is the sum of its score lines:"]
    scoring += [f"{line.label}: {line.detail}." for line in G.score_rules(r)]
    out.append(("Scoring a deal", scoring))
    return out
