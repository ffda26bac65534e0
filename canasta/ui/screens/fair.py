"""Why the game is fair: a page of plain sentences, reached from the rules screen (the
game's help) with its *Why it is fair* button or the W key.

What it says is what the code does, and ``tests/ui/test_fair_page.py`` holds the page
to it: the deal number comes from the operating system's random source
(``random.SystemRandom``, in :func:`canasta.ui.screens.newgame.random_deal_number`, or
in :func:`canasta.engine.moves.new_game` when none is given); each deal is shuffled by
``random.Random`` seeded with the number and the deal's count
(:func:`canasta.engine.moves.deck_for_deal`), the first dealer drawn the same way; the
computer players get :func:`canasta.engine.observe.observe` and the legal moves,
nothing else (RULES.md section 11), which ``tests/ai/test_fairness.py`` and
``tests/engine/test_knowledge.py`` check.
"""

from __future__ import annotations

from ...i18n import N_
from .pages import PageScreen

FAIR_SECTIONS: list[tuple[str, list[str]]] = [
    (N_("Where the shuffle comes from"), [
        N_("Every game has a deal number. The New game screen fills it in with a number your computer's "
        "operating system draws at random (the same source of randomness used to make passwords), "
        "unless you type a number yourself."),
        N_("Each deal is shuffled from that number and the deal's place in the game (first, second...) by "
        "Python's standard random generator; the dealer of the first deal is drawn from the number the same way."),
        N_("Nothing else goes into the shuffle: not the scores, not who is winning, not the computer players' "
        "levels, not anything you did. Once the number is chosen, nobody can steer which cards come."),
        N_("When the stock runs out and a house rule turns the discard pile over into a new stock, it is turned "
        "over as it lies, not shuffled again."),
    ]),
    (N_("One number, one deal"), [
        N_("The same deal number with the same rules deals exactly the same cards, in the same order, to the "
        "same seats, on any computer."),
        N_("The pause menu (Escape at the table) shows the number of the game you are playing."),
    ]),
    (N_("What the computer players see"), [
        N_("A computer player sees what a person in its seat would see, and nothing more: its own hand and "
        "everything shown face up at the table, remembered perfectly (every discard, every meld, the cards "
        "taken with the pile, how many cards each hand and the stock hold, the scores)."),
        N_("It never sees another player's hand, a foot, a talon or the order of the stock. This is the "
        "rule written in section 11 of the rules the game is built on (RULES.md)."),
        N_("The program hands each computer player a view of the table built for its seat, and the list of "
        "moves it may make; the hidden cards are not in that view."),
    ]),
    (N_("How that is tested"), [
        N_("A test plays real deals and, at many moments, builds other deals that look the same from a computer "
        "player's seat but hold different hidden hands and a different stock. Every level must make the same "
        "choice in all of them (tests/ai/test_fairness.py)."),
        N_("That test is itself checked: a computer player made to peek at a hidden hand fails it."),
        N_("Another test checks, at every step of many random deals at two, three, four and six players, that a "
        "seat's view never names a hidden card, and that it does not change when hidden cards are swapped "
        "(tests/engine/test_knowledge.py)."),
    ]),
    (N_("Check a deal yourself"), [
        N_("Play the same deal again: start a New game with the same rules and type its deal number."),
        N_("Review it: Review on the score sheet (or on a game in Statistics) replays the deal move by move, "
        "and F turns every hand face up, so you can see what each player held when they chose."),
        N_("Export it: E in the review saves the deal as a record file that anyone can open with Open record... "
        "on the main menu."),
    ]),
]


class FairScreen(PageScreen):
    """The page: the rules screen's two columns, with the sentences above."""

    title = N_("Why the game is fair")

    def sections(self) -> list[tuple[str, list[str]]]:
        return FAIR_SECTIONS
