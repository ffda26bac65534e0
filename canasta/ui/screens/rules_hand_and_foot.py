"""The rules screen's text for Hand and Foot (RULES-variants.md 10.4), written from the
resolved options the way :func:`canasta.ui.screens.rules.rules_sections` writes the
other games."""

from __future__ import annotations

from ...engine.rules import Rules
from ...i18n import N_, Text, t, tn
from .rules_words import Grouped, minimum_rows, number_word, number_word_capital, score_line
from ...engine.variants import hand_and_foot as G


_n = number_word
_N = number_word_capital

#: how the books a side needs are named ("two clean and two dirty books")
BOOK_KINDS = {"clean": N_("{word} clean"), "dirty": N_("{word} dirty"), "wild": N_("{word} wild")}

WILD_RULES = {"more_naturals": N_("always more naturals than wild cards (one wild in three or four cards, two in "
                                  "five or six, three in seven)"),
              "twice": N_("at least twice as many naturals as wild cards (two wild cards at most)"),
              "max3": N_("at most three wild cards")}


def _cards(k: int) -> Text:
    return tn("{word} card", "{word} cards", k, word=_n(k))


def _books(need: dict) -> Text:
    """"two clean and two dirty" (or "no")."""
    parts = [t(BOOK_KINDS[k], word=_n(n)) if k in BOOK_KINDS else t("{word} {kind}", word=_n(n), kind=k)
             for k, n in need.items() if n]
    if not parts:
        return Text(N_("no"))
    out = parts[0]
    for item in parts[1:]:
        out = t("{first} and {second}", first=out, second=item)
    return out


def sections(r: Rules) -> list[tuple[str, list[str]]]:
    """(heading, sentences) for Hand and Foot under the resolved rules ``r``."""
    p, teams, decks = r.players, r.teams, r.decks
    out: list[tuple[str, list[str]]] = []
    if p == 4:
        seating = N_("Four players in two partnerships; partners sit opposite each other.")
    elif teams == 3:
        seating = N_("Six players in three pairs; partners sit opposite each other.")
    else:
        seating = N_("Six players in two teams of three, seated alternately.")
    game = [
        seating,
        t("{Word} packs shuffled together: {cards} cards with {word} jokers.", Word=_N(decks), cards=decks * 54,
          word=_n(2 * decks)),
        t("Each player is dealt a hand of {hand} and then a foot of {foot}, face down. You play your hand "
          "first; the foot waits, unseen even by you.", hand=_cards(r.hand_size), foot=_cards(r.foot_size)),
        t("A turn: draw {draw} from the stock (or take from the pile), meld if you wish, then discard one card.",
          draw=_cards(r.draw_count)),
        tn("A game is {word} deal; after the last one the higher total wins, and equal totals share the win.",
           "A game is {word} deals; after the last one the higher total wins, and equal totals share the win.",
           r.deals, word=_n(r.deals)),
    ]
    out.append((t("The game: {title}", title=Text(G.TITLE)), game))
    out.append((N_("Card values"), [
        t("Joker 50; ace and two 20; king down to eight 10; seven down to four 5; "
          "a black three left in hand {value}.", value=r.black_three_value),
        N_("Twos and jokers are wild. Red threes are bonus cards, laid at once and replaced; black threes are "
           "never melded and block the pile."),
    ]))
    if r.minimum_by == "deal":
        mins = list(r.deal_minimums or ())
        lines = [t("Deal {number}: {minimum} (and every later deal)", number=i + 1, minimum=m)
                 if i == len(mins) - 1 else t("Deal {number}: {minimum}", number=i + 1, minimum=m)
                 for i, m in enumerate(mins)]
    else:
        lines = [t("Side's total {label}: {minimum}", label=label, minimum=minimum)
                 for label, minimum in minimum_rows(r)]
    lines.append(N_("Only card points count toward it. Taking the pile, only its top card and the cards "
                    "melded with it count, never the other cards taken."))
    out.append((N_("First meld of a deal (minimum count)"), lines))
    rule = Text(WILD_RULES[r.wild_rule])
    sc = r.scoring
    melds = [
        t("A meld is three or more cards of one rank, four to ace, with at least two naturals; "
          "it holds {rule}.", rule=rule),
        t("Seven cards make a book: clean (no wild card) +{clean}, dirty (with wild cards) +{dirty}. "
          "A book is closed: nothing more is added to it.", clean=Grouped(sc.natural_canasta),
          dirty=Grouped(sc.mixed_canasta)) if r.book_closes else
        t("Seven cards make a book: clean (no wild card) +{clean}, dirty (with wild cards) +{dirty}. "
          "Naturals (never wild cards) may still be added to a book.", clean=Grouped(sc.natural_canasta),
          dirty=Grouped(sc.mixed_canasta)),
        N_("Your side has one open meld of a rank at a time; once it is a book, a new meld of that rank may start."),
    ]
    if r.wild_books:
        melds.append(t("Three or more wild cards alone make a wild meld; seven are a wild book: +{bonus}.",
                       bonus=Grouped(G.WILD_BOOK_BONUS)))
    else:
        melds.append(t("Wild cards alone never make a meld (with the wild books option, seven wild cards "
                       "would be a wild book worth +{bonus}).", bonus=Grouped(G.WILD_BOOK_BONUS)))
    out.append((N_("Melds and books"), melds))
    take = r.pile_take
    taken = (Text(N_("the whole pile")) if take == "all" else Text(N_("only the top card")) if take == 1
             else t("the top {word} cards (the top one melded)", word=_n(take)))
    out.append((N_("The discard pile"), [
        N_("The pile is taken only by melding its top card with a natural pair of its rank from your hand, "
           "as a new meld or onto your side's open meld of that rank."),
        t("You then take {taken}; the rest of the pile stays. Never when a wild card or a three is on top.",
          taken=taken),
    ]))
    out.append((N_("The foot"), [
        N_("When your hand empties by melding, pick up your foot at once and go on with your turn."),
        N_("When it empties by discarding, pick up your foot at once; you play it on your next turn."),
        N_("Red threes in a foot are laid when it is picked up and replaced from the stock."),
    ]))
    need = G.books_needed(r)
    going = [tn("You go out from your foot, by melding every card or all but one and discarding it; your side "
                "needs at least {books} book. Going out: +{bonus}.",
                "You go out from your foot, by melding every card or all but one and discarding it; your side "
                "needs at least {books} books. Going out: +{bonus}.", sum(need.values()),
                books=_books(need), bonus=Grouped(sc.going_out))]
    if r.partner_in_foot:
        going.append(N_("Your partner must have picked up their foot too."))
    if r.ask_to_go_out:
        going.append(N_("You may ask \"Partner, may I go out?\" once per turn, before melding; the answer binds. "
                        "In these rules you must ask and hear yes.") if r.must_ask else
                     N_("You may ask \"Partner, may I go out?\" once per turn, before melding; the answer binds."))
    going.append(N_("When a player must draw from an empty stock and does not take the pile, the deal ends."))
    out.append((N_("Going out and the end of a deal"), going))
    scoring = [N_("A side's result for a deal is the sum of its score lines:")]
    scoring += [score_line(line) for line in G.score_rules(r)]
    out.append((N_("Scoring a deal"), scoring))
    return out
