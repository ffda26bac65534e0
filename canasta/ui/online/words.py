"""The sentences the table server and the network layer say to a player, marked for
the catalogs.

The server (``canasta.net``) answers in English, the protocol's language, so the
network stays language-neutral; the window shows what it says with ``tr()``, which
finds these sentences in the player's catalog (a sentence not listed, or with a
number in it, is shown in English as it came).
"""

from __future__ import annotations

from ...i18n import N_, Text, t

SERVER_SENTENCES = (
    # joining and sitting down
    N_("No table has that code."),
    N_("This table is full: every seat is taken."),
    N_("This table has started; only its players can come back to it."),
    N_("That seat is not open for a person."),
    N_("That seat is taken."),
    N_("That is not a table code (six letters and digits)."),
    N_("This connection already has a seat."),
    N_("Create or join a table first."),
    N_("That token holds no seat at this table."),
    # starting and playing
    N_("Only the table's creator starts the deal."),
    N_("The table has already started."),
    N_("Every open seat must be taken before the deal (or let computers fill them)."),
    N_("The table has not started yet."),
    N_("The deal is not over."),
    N_("It is not your turn."),
    N_("A computer is playing for this seat."),
    N_("Too many messages: slow down."),
    N_("Too many bad messages: goodbye."),
    N_("The server could not handle that message."),
    N_("The host closed the table: it comes back when they open the game and choose Continue."),
    N_("A chat line needs some text."),
    # reaching the server
    N_("That is not a server address: type it as 192.168.1.20:8765 (the port after the colon)."),
    N_("No table server answered at that address: check it, and that the host's game is open."),
    N_("No table server is listening at that address: check the port, and that the host's game is open."),
    N_("That address could not be reached: check it, and that both computers are on the network."),
    N_("Type the host's address."),
    N_("The address starts with ws:// or wss://, or with the computer's address."),
    N_("The port (after the colon) is a number from 1 to 65535."),
    N_("That is not a computer's address."),
)


def seat_taken(name, yours: bool, away: bool):
    """A taken seat in the lobby: "Ana", "Ana  (you)", "Ana  (not connected)"."""
    if yours and away:
        return t("{name}  (you)  (not connected)", name=name)
    if yours:
        return t("{name}  (you)", name=name)
    if away:
        return t("{name}  (not connected)", name=name)
    return name          # a player's name, as typed (or "someone")


__all__ = ["SERVER_SENTENCES", "seat_taken"]

