"""The rules screen's text for Hand and Foot (RULES-variants.md 10.4), written from the
resolved options the way :func:`canasta.ui.screens.rules.rules_sections` writes the
other games."""

from __future__ import annotations

from ...engine.rules import Rules
from .rules_words import minimum_rows, number_word
from ...engine.variants import hand_and_foot as G


def _n(k: int) -> str:
    return number_word(k)


def _cards(k: int) -> str:
    return f"{_n(k)} card" + ("" if k == 1 else "s")


def sections(r: Rules) -> list[tuple[str, list[str]]]:
    """(heading, sentences) for Hand and Foot under the resolved rules ``r``."""
    p, teams, decks = r.players, r.teams, r.decks
    out: list[tuple[str, list[str]]] = []
    if p == 4:
        seating = "Four players in two partnerships; partners sit opposite each other."
    elif teams == 3:
        seating = "Six players in three pairs; partners sit opposite each other."
    else:
        seating = "Six players in two teams of three, seated alternately."
    game = [
        seating,
        f"{_n(decks).capitalize()} packs shuffled together: {decks * 54} cards with {_n(2 * decks)} jokers.",
        f"Each player is dealt a hand of {_cards(r.hand_size)} and then a foot of {_cards(r.foot_size)}, "
        "face down. You play your hand first; the foot waits, unseen even by you.",
        f"A turn: draw {_cards(r.draw_count)} from the stock (or take from the pile), meld if you wish, "
        "then discard one card.",
        f"A game is {_n(r.deals)} deal{'s' if r.deals != 1 else ''}; after the last one the higher total wins, "
        "and equal totals share the win.",
    ]
    out.append((f"The game: {G.TITLE}", game))
    out.append(("Card values", [
        "Joker 50; ace and two 20; king down to eight 10; seven down to four 5; "
        f"a black three left in hand {r.black_three_value}.",
        "Twos and jokers are wild. Red threes are bonus cards, laid at once and replaced; black threes are "
        "never melded and block the pile.",
    ]))
    if r.minimum_by == "deal":
        mins = list(r.deal_minimums or ())
        lines = [f"Deal {i + 1}: {m}" + (" (and every later deal)" if i == len(mins) - 1 else "")
                 for i, m in enumerate(mins)]
    else:
        lines = [f"Side's total {label}: {minimum}" for label, minimum in minimum_rows(r)]
    lines.append("Only card points count toward it. Taking the pile, only its top card and the cards "
                 "melded with it count, never the other cards taken.")
    out.append(("First meld of a deal (minimum count)", lines))
    rule = {"more_naturals": "always more naturals than wild cards (one wild in three or four cards, two in "
                             "five or six, three in seven)",
            "twice": "at least twice as many naturals as wild cards (two wild cards at most)",
            "max3": "at most three wild cards"}[r.wild_rule]
    sc = r.scoring
    melds = [
        "A meld is three or more cards of one rank, four to ace, with at least two naturals; "
        f"it holds {rule}.",
        f"Seven cards make a book: clean (no wild card) +{sc.natural_canasta:,}, dirty (with wild cards) "
        f"+{sc.mixed_canasta:,}."
        + (" A book is closed: nothing more is added to it." if r.book_closes
           else " Naturals (never wild cards) may still be added to a book."),
        "Your side has one open meld of a rank at a time; once it is a book, a new meld of that rank may start.",
    ]
    if r.wild_books:
        melds.append(f"Three or more wild cards alone make a wild meld; seven are a wild book: "
                     f"+{G.WILD_BOOK_BONUS:,}.")
    else:
        melds.append(f"Wild cards alone never make a meld (with the wild books option, seven wild cards "
                     f"would be a wild book worth +{G.WILD_BOOK_BONUS:,}).")
    out.append(("Melds and books", melds))
    take = r.pile_take
    taken = ("the whole pile" if take == "all" else "only the top card" if take == 1
             else f"the top {_n(take)} cards (the top one melded)")
    out.append(("The discard pile", [
        "The pile is taken only by melding its top card with a natural pair of its rank from your hand, "
        "as a new meld or onto your side's open meld of that rank.",
        f"You then take {taken}; the rest of the pile stays. Never when a wild card or a three is on top.",
    ]))
    out.append(("The foot", [
        "When your hand empties by melding, pick up your foot at once and go on with your turn.",
        "When it empties by discarding, pick up your foot at once; you play it on your next turn.",
        "Red threes in a foot are laid when it is picked up and replaced from the stock.",
    ]))
    need = G.books_needed(r)
    books = " and ".join(f"{_n(n)} {k}" for k, n in need.items() if n) or "no"
    going = [f"You go out from your foot, by melding every card or all but one and discarding it; your side "
             f"needs at least {books} book{'s' if sum(need.values()) != 1 else ''}. "
             f"Going out: +{sc.going_out:,}."]
    if r.partner_in_foot:
        going.append("Your partner must have picked up their foot too.")
    if r.ask_to_go_out:
        going.append("You may ask \"Partner, may I go out?\" once per turn, before melding; the answer binds."
                     + (" In these rules you must ask and hear yes." if r.must_ask else ""))
    going.append("When a player must draw from an empty stock and does not take the pile, the deal ends.")
    out.append(("Going out and the end of a deal", going))
    scoring = ["A side's result for a deal is the sum of its score lines:"]
    scoring += [f"{line.label}: {line.detail}." for line in G.score_rules(r)]
    out.append(("Scoring a deal", scoring))
    return out
