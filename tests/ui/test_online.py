"""Playing online from the window: host a table, a person joins from another computer,
the deal is played to its end; wrong codes, full tables, no server; a dropped
connection and the exact table after it. Every server listens on 127.0.0.1 on a port
the system picks (CANASTA_HOST_ADDRESS)."""

from __future__ import annotations

import threading
import time

import pygame
import pytest

from harness import click, type_text
from online_helpers import Remote, host_table, play_my_turns, wait_for

from canasta.engine.observe import observe
from canasta.net import link as netlink
from canasta.ui.online.scene import OnlineTableScene
from canasta.ui.online.screens import JoinScreen, LobbyScreen


@pytest.fixture
def local_host(monkeypatch, user_folders):
    monkeypatch.setenv("CANASTA_HOST_ADDRESS", "127.0.0.1:0")
    return user_folders


def test_host_a_table_a_person_joins_and_a_deal_is_played_to_its_end(local_host, launch):
    app, session = launch()
    lobby = host_table(app, session, {2: "open", 1: "computer", 3: "computer"})
    code = lobby.info["code"]
    assert len(code) == 6 and lobby.link.port
    seats = lobby.info["seats"]
    assert [s["kind"] for s in seats] == ["person", "medium", "person", "medium"]
    assert seats[0]["name"] == "Sam" and not seats[2]["taken"]
    ana = Remote(lobby.link.local_url(), "Ana")
    try:
        ana.join(code, 2)
        assert wait_for(app, lambda: lobby.info["seats"][2].get("name") == "Ana")
        click(app, lobby.control("start"))
        assert wait_for(app, lambda: isinstance(app.scene, OnlineTableScene))
        table = app.scene
        ctl = table.ctl
        assert ctl.me == 0 and ctl.obs.seat == 0
        # at this seat's turn the table waits for it: the window knows what the server
        # says this seat may know, and no more
        server_table = lobby.link.server.tables[code]
        assert wait_for(app, ctl.my_turn, 60)
        assert ctl.obs == observe(server_table.state, 0)
        assert play_my_turns(app, lambda: ctl.state.deal_over, seconds=240)
        assert wait_for(app, lambda: any("shuffle" in line.text for line in ctl.log), 20)
        assert any(line.text.startswith("Shuffle checked: deal 1 was fixed before it began")
                   for line in ctl.log)
        assert ctl.obs == observe(server_table.state, 0)
        # no network call ever ran on the window's thread
        assert threading.current_thread().name not in netlink.NETWORK_THREADS
        assert netlink.NETWORK_THREADS
    finally:
        ana.close()
