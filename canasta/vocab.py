"""One home for each word the packages share: levels, seat kinds and names, table
colours, animation speeds, card backs, hand orders and window sizes.

The store checks settings and saved seats against these, the window offers them as
choices and draws with them, the computer players and the command line accept them.
Nothing else defines them again. (Presets, a game at a seating, are read off the
engine's games by :mod:`canasta.ui.games`.) Standard library only: the engine, the
store and the AI import this without pygame.

Each list of choices is a :class:`Choices`: a tuple of its keys in order (so ``key in
TABLE_COLOURS`` and iterating work as on a tuple), with the label the window shows
for each and, where the word stands for something, its value (a colour, a speed).
"""

from __future__ import annotations

from typing import Any, Iterable, Optional

from .i18n import N_


class Choices(tuple):
    """Keys in their order, each with a label and an optional value (module docs)."""

    labels: dict[str, str]
    values: dict[str, Any]

    def __new__(cls, entries: Iterable[tuple]):
        entries = [tuple(e) for e in entries]
        self = super().__new__(cls, (e[0] for e in entries))
        self.labels = {e[0]: e[1] for e in entries}
        self.values = {e[0]: e[2] for e in entries if len(e) > 2}
        return self

    def label(self, key: Any) -> str:
        """The label of ``key`` (its ``str`` when it is not one of the choices)."""
        return self.labels.get(key, str(key))

    def value(self, key: Any, default: Optional[Any] = None) -> Any:
        return self.values.get(key, default)

    def pairs(self) -> list[tuple[Any, str]]:
        """(key, label) in order: what a chooser on a screen offers."""
        return [(k, self.labels[k]) for k in self]


# --------------------------------------------------------------------------- players

#: How well a computer seat plays (what the New game form and the saved seats offer).
LEVELS = Choices([("easy", N_("Easy")), ("medium", N_("Medium")), ("hard", N_("Hard"))])
DEFAULT_LEVEL = "medium"
#: Every computer player the AI can make: the levels, and one that moves at random
#: (for tests, benchmarks and the arena).
AI_LEVELS = Choices([*((k, LEVELS.label(k)) for k in LEVELS), ("random", N_("Random"))])

#: Who sits in a seat (the score history stores the key).
SEAT_KINDS = Choices([("human", N_("Human")), ("computer", N_("Computer"))])
HUMAN, COMPUTER = SEAT_KINDS

#: The seats' names round the table, by number of players (seat 0 is the player's).
SEAT_NAMES: dict[int, tuple[str, ...]] = {
    2: (N_("South"), N_("North")),
    3: (N_("South"), N_("West"), N_("East")),
    4: (N_("South"), N_("West"), N_("North"), N_("East")),
    6: (N_("South"), N_("South-west"), N_("North-west"), N_("North"), N_("North-east"), N_("South-east")),
}
#: The computer players' names, in seat order after the player's.
COMPUTER_NAMES = ("Marta", "Luis", "Ines", "Hugo", "Rosa")

# --------------------------------------------------------------------------- the look

#: The cloth: name, label and colour.
TABLE_COLOURS = Choices([
    ("green", N_("Green"), (22, 96, 56)),
    ("blue", N_("Blue"), (24, 70, 110)),
    ("red", N_("Red"), (112, 34, 40)),
    ("grey", N_("Grey"), (70, 76, 80)),
    ("brown", N_("Brown"), (96, 64, 40)),
])
#: How fast cards travel: name, label and the factor on every animation's duration.
ANIMATION_SPEEDS = Choices([
    ("slow", N_("Slow"), 1.7),
    ("normal", N_("Normal"), 1.0),
    ("fast", N_("Fast"), 0.45),
    ("instant", N_("Instant"), 0.0),
])
#: The pause after each computer player's move, in seconds (the table's pace).
COMPUTER_PAUSES = Choices([
    (0.0, N_("None")),
    (0.25, N_("A quarter second")),
    (0.5, N_("Half a second")),
    (1.0, N_("One second")),
    (1.5, N_("1.5 seconds")),
    (2.0, N_("Two seconds")),
])
DEFAULT_COMPUTER_PAUSE = 0.5
#: The patterns on the backs of the cards (the card art draws one for each).
CARD_BACKS = Choices([("blue", N_("Blue")), ("red", N_("Red")), ("green", N_("Green")), ("purple", N_("Purple"))])
#: Text size and Card size: percentages of the usual size, on top of the scaling by
#: window size (the settings screen steps through these).
SIZE_PERCENTS = Choices([(p, f"{p}%") for p in range(100, 201, 10)])
DEFAULT_SIZE_PERCENT = 100
#: The Card size an old settings file's ``large_cards = true`` becomes (large cards
#: were 1.12 times the usual size in the hand).
LARGE_CARDS_PERCENT = 110
#: How the cards in a hand are ordered.
HAND_SORTS = Choices([("rank", N_("By rank")), ("suit", N_("By suit")), ("none", N_("As dealt"))])

# --------------------------------------------------------------------------- the window

#: The smallest window the table is laid out for (the window cannot be made smaller).
MIN_WINDOW_SIZE = (1024, 640)
#: The window's size on a first start.
DEFAULT_WINDOW_SIZE = (1280, 800)


__all__ = ["Choices", "LEVELS", "DEFAULT_LEVEL", "AI_LEVELS", "SEAT_KINDS", "HUMAN", "COMPUTER", "SEAT_NAMES",
           "COMPUTER_NAMES", "TABLE_COLOURS", "ANIMATION_SPEEDS", "COMPUTER_PAUSES", "DEFAULT_COMPUTER_PAUSE", "CARD_BACKS", "HAND_SORTS", "SIZE_PERCENTS", "DEFAULT_SIZE_PERCENT", "LARGE_CARDS_PERCENT", "MIN_WINDOW_SIZE",
           "DEFAULT_WINDOW_SIZE"]
