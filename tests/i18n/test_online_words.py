"""What the network says to a player is read in their language: a connection that
failed for an unexpected reason, a server that did not answer in time, a home network
where tables cannot be listed, and the host closing the table. The server and the link
speak English (the network stays language-neutral); the window renders it with ``tr``."""

from __future__ import annotations

import sys
import time

import pytest

from canasta import i18n
from canasta.i18n import tr
from canasta.net.client import NoAnswer, TableClient
from canasta.net.lan import Browser
from canasta.net.link import describe_failure


def test_an_unexpected_connection_failure_is_said_in_the_player_s_language():
    said = describe_failure(RuntimeError("boom"))
    assert said == "The connection failed (RuntimeError)."
    i18n.set_language("de")
    german = tr(said)
    assert german != said and "RuntimeError" in german


def test_a_server_that_does_not_answer_is_said_with_its_seconds_in_the_player_s_language():
    import asyncio

    client = TableClient.__new__(TableClient)
    client.patience = 5.0
    client._replies = asyncio.Queue()

    async def ask():
        await client._reply("table")
    with pytest.raises(NoAnswer) as e:
        asyncio.run(ask())
    said = describe_failure(e.value)
    assert said == "The server did not answer within 5 seconds."
    i18n.set_language("es")
    spanish = tr(said)
    assert spanish != said and "5" in spanish


def test_tables_that_cannot_be_listed_are_said_in_the_player_s_language(monkeypatch):
    monkeypatch.setitem(sys.modules, "zeroconf", None)      # the package missing: its import fails
    browser = Browser()
    end = time.monotonic() + 5
    while not browser.problem() and time.monotonic() < end:
        time.sleep(0.01)
    said = browser.problem()
    assert said.startswith("Tables on this network cannot be listed (the zeroconf package is missing)")
    i18n.set_language("fr")
    assert tr(said) != said and tr(said)


def test_the_host_closing_the_table_is_said_in_the_player_s_language():
    from canasta.net.server import TableServer
    sent = []
    server = TableServer.__new__(TableServer)
    server.conns = {"ABCDEF": {0: "connection"}}
    server.send = lambda conn, message: sent.append(message)
    server.say_closing()
    note = sent[0]["msg"]
    assert note.startswith("The host closed the table")
    i18n.set_language("it")
    assert tr(note) != note
