"""*Playing online*: a page of the game's help, reached from the rules screen (its
*Playing online* button or the N key), in the rules screen's two columns."""

from __future__ import annotations

from ...i18n import N_
from ..screens.pages import PageScreen

ONLINE_SECTIONS: list[tuple[str, list[str]]] = [
    (N_("Host a table"), [
        N_("Main menu, Play online, Host a table: choose the game and its rules as for a new game, and for each "
        "seat Me, Open (a person joins it from another computer) or a computer and its level."),
        N_("Create table starts a table server inside the game (nothing else to install). The next screen shows "
        "the table's code in large letters and this computer's address and port: give both to the others "
        "(Copy puts them on the clipboard), or they find the table in their list on the same home network."),
        N_("Start deals: open seats nobody has taken are played by computers."),
    ]),
    (N_("Join a table"), [
        N_("Main menu, Play online, Join a table: pick the table in the list of tables on this network, or type "
        "the host's address (as 192.168.1.20:8765) and the code, then Find table, and Sit here at a free seat. "
        "Your name is the one in Settings (until you give one, your computer's login name)."),
        N_("If the host's firewall asks, allow the game on private networks (TCP port 8765)."),
    ]),
    (N_("At the table"), [
        N_("The same table as a game on this computer: your hand only, drag cards to meld, the move log, "
        "hint and the score sheet. Undo is off. The line above your hand says whose turn it is, and whether a "
        "person or a computer plays it. Chat (F9) has a line to type and quick phrases; Mute silences it."),
        N_("If someone's connection drops, their seat says \"waiting for Ana\" with the time left; then a computer "
        "plays for Ana until she is back. If yours drops, a banner says so and the game reconnects by itself; "
        "the move log then tells what the table saw meanwhile. If the host's game stops without a word, the "
        "banner says the table is paused until the host is back."),
        N_("Each deal's end writes \"Shuffle checked\" in the move log: the server sent a fingerprint of the deal's "
        "shuffle before the first card and shows the shuffle after the last, and your game checks that they "
        "match the cards you saw."),
        N_("Leave the table from Escape, or close the game: your seat is kept. Continue on the main menu (or Play "
        "online, Back to table) sits you down again; a host's game brings its table back from where it was "
        "saved, and the others' games reconnect by themselves."),
    ]),
]


class OnlineHelpScreen(PageScreen):
    title = N_("Playing online")

    def sections(self) -> list[tuple[str, list[str]]]:
        return ONLINE_SECTIONS
