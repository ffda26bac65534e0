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
from online_helpers import (Remote, ServerThread, create_table, host_table, open_join_screen, play_my_turns,
                            start_with_ana, type_into, wait_for)

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
    ana = Remote(lobby.link.local_url(), "Ana", think=0.4)   # a person takes a moment
    try:
        ana.join(code, 2)
        assert wait_for(app, lambda: lobby.info["seats"][2].get("name") == "Ana")
        click(app, lobby.control("start"))
        assert wait_for(app, lambda: isinstance(app.scene, OnlineTableScene))
        table = app.scene
        ctl = table.ctl
        assert ctl.me == 0 and ctl.obs.seat == 0
        # Undo is off at an online table, and the line above the hand says who plays
        assert not table.buttons[7].visible and ctl.undo_point() is None
        from canasta.ui.table.words import status_line
        assert play_my_turns(app, lambda: ctl.state.to_act == 1 and ctl.state.phase == "draw", 60)
        assert status_line(ctl).startswith(f"{ctl.seat_name(1)} is playing (a computer")
        # at this seat's turn the table waits for it: the window knows what the server
        # says this seat may know, and no more
        server_table = lobby.link.server.tables[code]
        assert play_my_turns(app, lambda: ctl.state.to_act == 2 and ctl.state.phase == "draw", 60)
        assert status_line(ctl).startswith("Ana is playing (a person, at their computer)")
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


@pytest.fixture
def server():
    s = ServerThread()
    yield s
    s.close()


def test_join_by_address_and_code_and_come_back_after_a_dropped_connection(user_folders, launch, server):
    app, session = launch()
    host = server.remote("Sam")
    try:
        code = create_table(host, ["person", "medium", "person", "medium"], seat=0)
        join = open_join_screen(app)
        type_into(app, join.control("address"), server.address)
        type_into(app, join.control("code"), code.lower())
        click(app, join.control("look"))
        assert wait_for(app, lambda: bool(join.info)), join.error
        assert not join.control("seat0").visible and join.control("seat2").visible
        click(app, join.control("seat2"))
        assert wait_for(app, lambda: isinstance(app.scene, LobbyScreen)), join.error
        lobby = app.scene
        assert wait_for(app, lambda: lobby.info.get("seats", [{}] * 4)[2].get("taken"))
        host.call(host.client.start())
        assert wait_for(app, lambda: isinstance(app.scene, OnlineTableScene))
        table = app.scene
        ctl = table.ctl
        assert ctl.me == 2
        server_table = server.server.tables[code]
        # a few moves, then the connection drops in the middle of the deal
        assert play_my_turns(app, lambda: len(ctl.game.actions) > 12 or ctl.state.deal_over, 120)
        assert play_my_turns(app, lambda: ctl.state.to_act == 3 or ctl.state.deal_over, 60)
        seen = len(ctl.obs.public_history)
        host.client.think = 1.0                  # Sam takes a second a move
        ctl.link.client.backoff = (5.0, 5.0)     # down for 2.5 to 7.5 s: Sam plays his turn meanwhile
        ctl.link.drop()
        assert wait_for(app, lambda: table.banner() is not None and table.banner()[1], 10)
        said, bad = table.banner()
        assert "connection to the table was lost" in said and bad
        assert not ctl.my_turn()
        from canasta.ui.table.words import status_line
        if not ctl.state.deal_over and ctl.state.to_act == 3:       # not "Sam is playing (a person, ...)"
            assert status_line(ctl) == f"{ctl.seat_name(3)} is to play; the table does not answer just now."
        assert wait_for(app, lambda: ctl.link_state == "up", 30)
        host.client.think = 0.0
        assert table.banner() is None or not table.banner()[1]
        # the log tells what the table saw meanwhile (Sam's moves at least), each
        # discard by its card
        if not ctl.state.deal_over:
            texts = [line.text for line in ctl.log]
            assert "While the connection was down (draws are not seen):" in texts
            from canasta.engine.cards import describe
            missed = [e for e in ctl.obs.public_history[seen:] if e.what == "discard"]
            for e in missed:
                assert f"{ctl.seat_name(e.seat)} discarded {describe(e.cards[-1])}." in texts, texts
        # back at the table: at this seat's turn it is exactly the server's table
        assert wait_for(app, lambda: ctl.my_turn() or ctl.state.deal_over, 60)
        assert ctl.obs == observe(server_table.state, 2)
        assert sorted(ctl.layout.hand_order) == sorted(server_table.state.hands[2])
        assert play_my_turns(app, lambda: ctl.state.deal_over, 240)
        assert ctl.link.client.reconnects == 1
        # leave the table, then Join a table with its address and code again: the seat this
        # game holds there is taken up again (not "only its players can come back")
        from harness import press
        press(app, pygame.K_ESCAPE)
        click(app, app.scene.control("leave"))
        join = open_join_screen(app)
        type_into(app, join.control("address"), server.address)
        type_into(app, join.control("code"), code)
        click(app, join.control("look"))
        assert wait_for(app, lambda: isinstance(app.scene, OnlineTableScene), 30), join.error
        assert app.scene.ctl.me == 2 and app.scene.ctl.info.get("code") == code
    finally:
        host.close()


def test_a_wrong_code_a_full_table_and_no_server_each_get_one_sentence(user_folders, launch, server):
    import socket
    app, session = launch()
    host = server.remote("Sam")
    others = [server.remote(n) for n in ("Ana", "Luis")]
    try:
        code = create_table(host, ["person", "medium", "person", "person"], seat=0)
        for seat, r in zip((2, 3), others):
            r.join(code, seat)
        join = open_join_screen(app)
        type_into(app, join.control("address"), server.address)
        # a code that holds no table
        wrong = "ACDEFG" if code != "ACDEFG" else "ACDEFH"
        type_into(app, join.control("code"), wrong)
        click(app, join.control("look"))
        assert wait_for(app, lambda: join.pending is None and join.error)
        assert join.error == "No table has that code."
        # the table is full
        type_into(app, join.control("code"), code)
        click(app, join.control("look"))
        assert wait_for(app, lambda: join.pending is None and join.error)
        assert join.error == "This table is full: every seat is taken."
        assert not any(b.visible for b in join.seat_buttons)
        # nothing listens there
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        type_into(app, join.control("address"), f"127.0.0.1:{port}")
        click(app, join.control("look"))
        assert wait_for(app, lambda: join.pending is None and join.error)
        assert join.error.startswith("No table server is listening at that address")
        # a computer that takes the connection but never answers: the window goes on
        # drawing while it waits, and says so once the wait is over
        silent = socket.socket()
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        try:
            type_into(app, join.control("address"), f"127.0.0.1:{silent.getsockname()[1]}")
            click(app, join.control("look"))
            longest, frames_drawn = 0.0, 0
            while join.pending is not None:
                t0 = time.perf_counter()
                app.step(1 / 60, [])
                longest = max(longest, time.perf_counter() - t0)
                frames_drawn += 1
                time.sleep(0.01)
            assert join.error.startswith("No table server answered at that address")
            assert netlink.CONNECT_SECONDS < 5
            assert frames_drawn > 20 and longest < netlink.CONNECT_SECONDS / 2
        finally:
            silent.close()
        # a malformed address and code are said before anything is sent
        type_into(app, join.control("address"), "my computer")
        click(app, join.control("look"))
        assert join.error == "That is not a computer's address."
    finally:
        host.close()
        for r in others:
            r.close()


def test_a_finished_online_game_counts_in_statistics_marked_online_and_chat_goes_both_ways(local_host, launch):
    from canasta.engine import Rules
    from canasta.ui.screens.stats import StatisticsScreen
    app, session = launch()
    # a short game: the first side to 100 wins
    session.online.host(Rules(target_score=100), ["person", "easy", "person", "easy"], 0, "Sam", None)
    lobby = app.scene
    assert isinstance(lobby, LobbyScreen)
    assert wait_for(app, lambda: bool(lobby.info)), lobby.error
    ana = Remote(lobby.link.local_url(), "Ana")
    try:
        ana.join(lobby.info["code"], 2)
        assert wait_for(app, lambda: lobby.info["seats"][2].get("taken"))
        click(app, lobby.control("start"))
        assert wait_for(app, lambda: isinstance(app.scene, OnlineTableScene))
        table = app.scene
        ctl = table.ctl
        # chat: a line from Ana arrives; a quick phrase from here reaches her
        ana.call(ana.client.send({"t": "chat", "text": "Hello from Ana"}))
        assert wait_for(app, lambda: ("Ana", "Hello from Ana") in ctl.chat)
        assert ctl.chat_unread == 1
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F9, mod=0, unicode=""))
        app.step(1 / 60)
        assert table.chat_open and ctl.chat_unread == 0
        click(app, table.quick_buttons[0])
        assert wait_for(app, lambda: ("Sam", "Good game") in ctl.chat)
        assert wait_for(app, lambda: any('"text":"Good game"' in m for m in list(ana.client.received)), 10)
        # a line that comes while the chat is open is read as it comes: closed, nothing is unread
        ana.call(ana.client.send({"t": "chat", "text": "Seen at once"}))
        assert wait_for(app, lambda: ("Ana", "Seen at once") in ctl.chat)
        table.toggle_chat()
        assert not table.chat_open and ctl.chat_unread == 0
        table.place_controls()
        assert table.chat_button.label == "Chat"
        # the strip with the table's code is not drawn over the move log's title
        strips = []
        table._strip = lambda surf, v: strips.append(ctl.log_mode)
        table.toggle_log()
        table.draw(app.screen)
        assert ctl.log_mode == "open" and not strips
        table.toggle_log()
        table.draw(app.screen)
        assert strips == ["closed"]
        del table._strip
        # a hint's zones are shown until this seat's move comes back from the server
        assert wait_for(app, ctl.my_turn, 60)
        ctl.hint()
        assert wait_for(app, lambda: ctl.hinted is not None, 30)
        hinted, moves = ctl.hinted, len(ctl.game.actions)
        assert ctl.hint_zones and ctl.perform(hinted)
        assert wait_for(app, lambda: len(ctl.game.actions) > moves, 30)
        assert ctl.hint_zones == () and ctl.hinted is None
        # play to the game's end; Next deal between deals
        def over():
            st = ctl.state
            if st.deal_over and not st.game_over and ctl.sheet_shown and not ctl.waiting_next:
                click(app, table.sheet_button)
            return st.game_over
        assert play_my_turns(app, over, 600)
        assert wait_for(app, lambda: ctl.game.record is not None and ctl.sheet_shown, 20)
        # the last deal reviewed from this seat: the record replays to the table's scores
        from canasta.ui.screens.review import ReviewScene
        click(app, table.review_button)
        assert isinstance(app.scene, ReviewScene) and app.scene.seat == 0
        app.scene.close_review()
        assert wait_for(app, lambda: app.scene is table, 5)
        from canasta.engine.record import Game
        replayed = Game.from_json(ctl.game.record).state
        assert replayed.game_over and [r.totals for r in replayed.history] == [r.totals for r in ctl.state.history]
        click(app, table.sheet_button)                      # Finish
        assert isinstance(app.scene, StatisticsScreen)
        games = session.db.recent_games(5)
        assert len(games) == 1
        g = games[0]
        assert all(s.get("online") for s in g["seats"])
        assert g["seats"][0].get("you") and g["seats"][2]["name"] == "Ana" and g["seats"][2]["kind"] == "human"
        assert g["human_team"] == 0
        from canasta.store.statistics import online_game
        assert online_game(g) and not online_game({"seats": [{"kind": "human"}]})
        assert session.db.record_of(g["id"] if g["id"] is not None else g["uid"])["seeds"]
        # and it is reviewed from this player's seat
        from canasta.ui.screens.review import ReviewScene
        assert session.review_stored_game(g)
        assert isinstance(app.scene, ReviewScene) and app.scene.seat == 0
    finally:
        ana.close()


def test_the_help_says_how_to_play_online(launch):
    from canasta.ui.online.help import ONLINE_SECTIONS, OnlineHelpScreen
    from harness import press
    app, session = launch()
    click(app, app.scene.control("rules"))
    press(app, pygame.K_n)
    assert isinstance(app.scene, OnlineHelpScreen)
    words = " ".join(line for _, lines in ONLINE_SECTIONS for line in lines)
    for needed in ("Host a table", "Join a table", "code", "Undo is off", "Shuffle checked", "waiting for Ana"):
        assert needed in words


def test_the_host_leaves_the_others_are_told_and_back_to_table_brings_the_table_back(local_host, launch):
    from harness import press
    from canasta.ui.online.pause import OnlinePause
    from canasta.ui.online.screens import PlayOnlineMenu
    app, session = launch()
    lobby, code, ana = start_with_ana(app, session)
    try:
        ctl = app.scene.ctl
        assert play_my_turns(app, lambda: len(ctl.game.actions) > 10 or ctl.state.deal_over, 120)
        moves = len(lobby.link.server.tables[code].actions)
        port = lobby.link.port
        # the host leaves: Escape, Leave the table; Ana is told, and her game keeps trying
        press(app, pygame.K_ESCAPE)
        assert isinstance(app.scene, OnlinePause)
        # the host is told what leaving does: the table pauses for everyone (not "your
        # seat is held", which is what a guest is told)
        assert app.scene.hosting
        assert app.scene.control("leave").tip == "The table pauses for everyone until you choose Continue"
        click(app, app.scene.control("leave"))
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and not any('"t":"closing"' in m for m in ana.client.received):
            time.sleep(0.05)
        assert any('"t":"closing"' in m for m in ana.client.received)
        assert any("The host closed the table" in m for m in ana.client.received)
        # the host comes back: Play online, Back to table (the server returns from its journal)
        click(app, app.scene.control("online"))
        menu = app.scene
        assert isinstance(menu, PlayOnlineMenu)
        app.step(1 / 60)
        assert menu.control("again").visible and code in menu.control("again").label
        click(app, menu.control("again"))
        assert wait_for(app, lambda: isinstance(app.scene, OnlineTableScene), 30)
        ctl = app.scene.ctl
        server_table = app.scene.ctl.link.server.tables[code]
        assert app.scene.ctl.link.port == port          # where the others look for it
        assert len(server_table.actions) >= moves
        # Ana comes back by herself, and the game goes on to the deal's end
        assert wait_for(app, lambda: ana.client.reconnects >= 1, 30)
        assert wait_for(app, lambda: ctl.my_turn() or ctl.state.deal_over, 60)
        assert ctl.obs == observe(server_table.state, 0)
        assert play_my_turns(app, lambda: ctl.state.deal_over, 240)
    finally:
        ana.close()


def test_a_table_on_a_server_the_player_names_and_copy(user_folders, launch, server):
    from canasta.ui.online.screens import HostScreen
    app, session = launch()
    click(app, app.scene.control("online"))
    click(app, app.scene.control("host"))
    form = app.scene
    assert isinstance(form, HostScreen)
    form.set_mode(2, "open")
    form.set_mode(1, "computer")
    form.set_mode(3, "computer")
    click(app, form.control("where"))
    app.step(1 / 60)
    form.where = "server"
    app.step(1 / 60)
    type_into(app, form.control("server"), server.address)
    click(app, form.control("start"))
    lobby = app.scene
    assert isinstance(lobby, LobbyScreen)
    assert wait_for(app, lambda: bool(lobby.info)), lobby.error
    code = lobby.info["code"]
    assert code in server.server.tables and lobby.link.server is None
    assert [s["kind"] for s in lobby.info["seats"]] == ["person", "medium", "person", "medium"]
    click(app, lobby.control("copy"))
    said = lobby.toast.message
    assert code in lobby.invitation() and server.address in lobby.invitation()
    assert "Copied" in said or f"give them Canasta table {code}" in said


def test_partner_may_i_go_out_is_asked_on_the_partner_s_screen_with_yes_and_no(local_host, launch):
    """Ana asks "may I go out?" and the question reaches her partner's window with Yes and
    No. So that Ana is sure to come to a way out, only she may go out: the opponents
    (two more remote people) only draw and discard, and this window never empties its
    hand, and Ana goes out only after asking (a way out is offered after the draw,
    before any meld)."""
    from canasta.ai import make_player
    from canasta.engine import Discard, Meld, Rules, legal_actions
    app, session = launch()
    session.online.host(Rules(target_score=100_000), ["person", "person", "person", "person"], 0, "Sam", None)
    lobby = app.scene
    assert wait_for(app, lambda: bool(lobby.info)), lobby.error
    url = lobby.link.local_url()
    ana, bea, cid = Remote(url, "Ana"), Remote(url, "Bea"), Remote(url, "Cid")
    easy = make_player("easy")

    def keeps_a_card(hand: int, action) -> bool:
        """Whether ``action`` leaves at least one card in a hand of ``hand`` cards."""
        if isinstance(action, Meld):
            return hand - sum(len(g.cards) for g in action.groups) >= 2
        return not (isinstance(action, Discard) and hand <= 1)

    class Asks:                     # Ana asks whenever she may, and goes out only so
        def choose(self, obs, legal, should_stop=None):
            ask = [a for a in legal if type(a).__name__ == "Ask"]
            if ask:
                return ask[0]
            keep = [a for a in legal if keeps_a_card(len(obs.hand), a)]
            return easy.choose(obs, keep or legal)

    class Holds:                    # the opponents never meld nor take the pile
        def choose(self, obs, legal, should_stop=None):
            quiet = [a for a in legal if type(a).__name__ in ("Draw", "Discard", "Pass", "NextDeal")]
            return easy.choose(obs, quiet or legal)

    ana.client.player = Asks()
    bea.client.player = cid.client.player = Holds()
    try:
        ana.join(lobby.info["code"], 2)
        bea.join(lobby.info["code"], 1)
        cid.join(lobby.info["code"], 3)
        assert wait_for(app, lambda: all(lobby.info["seats"][s].get("taken") for s in (1, 2, 3)))
        click(app, lobby.control("start"))
        assert wait_for(app, lambda: isinstance(app.scene, OnlineTableScene))
        table = app.scene
        ctl = table.ctl

        def asked():
            st = ctl.state
            if st.deal_over and not st.game_over and ctl.sheet_shown and not ctl.waiting_next:
                click(app, table.sheet_button)
            return ctl.answering()
        # this window plays its turns (never going out) but never answers by itself
        end = time.monotonic() + 400
        while time.monotonic() < end and not asked() and not ctl.state.game_over:
            app.step(1 / 60, [])
            if ctl.my_turn():
                legal = legal_actions(ctl.state)
                keep = [a for a in legal if keeps_a_card(len(ctl.state.hands[0]), a)]
                ctl.perform(easy.choose(ctl.obs, keep or legal))
            time.sleep(0.002)
        asks = sum(1 for s, a in ana.client.played if a["type"] == "ask")
        assert ctl.answering(), f"Ana never asked (asks sent {asks}, game over {ctl.state.game_over})"
        from canasta.ui.table.words import status_line
        assert status_line(ctl) == "Ana asks you: may I go out?"
        app.step(1 / 60, [])
        assert table.yes_button.rect.w > 0 and table.no_button.rect.w > 0
        answers = sum(1 for s, a in ana.client.played if a["type"] == "answer")
        click(app, table.no_button)
        assert wait_for(app, lambda: sum(1 for s, a in ana.client.played if a["type"] == "answer") > answers, 10)
        seat, answer = [(s, a) for s, a in ana.client.played if a["type"] == "answer"][-1]
        assert seat == 0 and answer == {"type": "answer", "yes": False}
    finally:
        for remote in (ana, bea, cid):
            remote.close()


def test_a_person_who_drops_is_waited_for_then_played_by_a_computer_then_back(user_folders, launch, server):
    """Sam's connection is lost: his seat says "waiting for Sam, 0:0N" counting down the
    grace time, then "a computer plays for Sam" and his turns go on; when Sam comes back
    the seat is his again."""
    from layout_check import probe_frame
    app, session = launch()
    sam = server.remote("Sam")
    try:
        code = create_table(sam, ["person", "medium", "person", "medium"], seat=0, grace=3)
        join = open_join_screen(app)
        type_into(app, join.control("address"), server.address)
        type_into(app, join.control("code"), code)
        click(app, join.control("look"))
        assert wait_for(app, lambda: bool(join.info)), join.error
        click(app, join.control("seat2"))
        assert wait_for(app, lambda: isinstance(app.scene, LobbyScreen)), join.error
        lobby = app.scene
        assert wait_for(app, lambda: lobby.info.get("seats", [{}] * 4)[2].get("taken"))
        sam.call(sam.client.start())
        assert wait_for(app, lambda: isinstance(app.scene, OnlineTableScene))
        table = app.scene
        ctl = table.ctl
        assert play_my_turns(app, lambda: len(ctl.game.actions) > 8 or ctl.state.deal_over, 120)
        if ctl.state.deal_over:
            pytest.skip("the deal ended before Sam's connection could be dropped")
        # Sam's connection is lost, and his game does not come back by itself
        sam.client.reconnect = False
        sam.call(sam.client.drop())
        assert play_my_turns(app, lambda: any(w.startswith("waiting for Sam, 0:0") for _, w in ctl.absent()), 20)
        items = probe_frame(app).items
        shown = " ".join(w for k, _, w, _ in items if k == "text")
        assert "waiting for sam, 0:0" in shown.lower(), shown
        # it is said on Sam's seat, under his name, and covers no card on the table
        waits = [r for k, r, w, _ in items if k == "text" and "waiting for sam" in w.lower()]
        names = [r for k, r, w, _ in items if k == "text" and w == "Sam"]
        cards = [r for k, r, w, _ in items if k == "card"]
        assert waits and names and all(r.collidelist(cards) < 0 for r in waits)
        assert any(abs(w.top - n.bottom) < 12 and abs(w.left - n.left) < 4 for w in waits for n in names)
        assert play_my_turns(app, lambda: (0, "a computer plays for Sam") in ctl.absent()
                             or ctl.state.deal_over, 30)
        if ctl.state.deal_over:
            pytest.skip("the deal ended during the grace time")
        shown = " ".join(w for k, _, w, _ in probe_frame(app).items if k == "text")
        assert "a computer plays for sam" in shown.lower(), shown
        # the computer plays Sam's turns: eight more moves pass his seat at least once
        moves = len(ctl.game.actions)
        assert play_my_turns(app, lambda: len(ctl.game.actions) > moves + 8 or ctl.state.deal_over, 60)
        # Sam comes back: his seat is his again
        sam.client.reconnect = True
        sam.call(sam.client.connect())
        sam.call(sam.client.resume())
        assert play_my_turns(app, lambda: not ctl.absent() or ctl.state.deal_over, 30), ctl.absent()
    finally:
        sam.close()


def test_the_host_closes_the_game_and_continue_on_the_main_menu_brings_the_table_back(local_host, launch):
    """The host's game is closed in the middle of a deal (the window shut); started
    again, its main menu offers Continue for the online table, which comes back from
    the journal on the same port, Ana reconnecting by herself."""
    from harness import shutdown
    app, session = launch()
    lobby, code, ana = start_with_ana(app, session)
    try:
        ctl = app.scene.ctl
        assert play_my_turns(app, lambda: len(ctl.game.actions) > 10 or ctl.state.deal_over, 120)
        moves = len(lobby.link.server.tables[code].actions)
        port = lobby.link.port
        shutdown(app, session)                           # the host's game is closed
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and not any('"t":"closing"' in m for m in ana.client.received):
            time.sleep(0.05)
        assert any('"t":"closing"' in m for m in ana.client.received)
        app, session = launch()                          # and started again
        menu = app.scene
        app.step(1 / 60)
        assert menu.control("continue").visible and menu.focused is menu.control("continue")
        assert menu.continue_line() == f"Online table {code}  ·  you host it"
        click(app, menu.control("continue"))
        assert wait_for(app, lambda: isinstance(app.scene, OnlineTableScene), 30)
        ctl = app.scene.ctl
        server_table = ctl.link.server.tables[code]
        assert ctl.link.port == port and len(server_table.actions) >= moves
        assert wait_for(app, lambda: ana.client.reconnects >= 1, 30)
        assert wait_for(app, lambda: ctl.my_turn() or ctl.state.deal_over, 60)
        assert ctl.obs == observe(server_table.state, 0)
    finally:
        ana.close()


def test_continue_goes_back_to_the_game_left_last_local_or_online(user_folders, launch):
    """With a game in progress here and an online seat kept, Continue goes back to the
    one left last (and says which)."""
    import json
    import os
    from canasta.store.paths import data_dir
    from canasta.ui.online.play import SEAT_FILE
    from harness import play, shutdown
    app, session = launch(["--seed", "5", "--level", "easy"])     # a local game, saved as it goes
    table = app.scene
    assert play(table, lambda: len(table.game.actions) > 6)
    shutdown(app, session)
    seat = data_dir() / SEAT_FILE
    seat.write_text(json.dumps({"url": "ws://127.0.0.1:9", "code": "QX4T2B", "token": "t" * 16, "seat": 1,
                                "hosting": False, "port": 9}))
    app, session = launch()
    saved = session.resumable.saved_at
    shutdown(app, session)
    from datetime import datetime
    then = datetime.fromisoformat(saved).timestamp()
    os.utime(seat, (then - 3600, then - 3600))       # the table was left an hour before
    app, session = launch()
    app.step(1 / 60)
    assert app.scene.continue_line().startswith("Deal 1 of a 4-player Classic game"), app.scene.continue_line()
    shutdown(app, session)
    os.utime(seat, (then + 60, then + 60))           # the table was left after
    app, session = launch()
    app.step(1 / 60)
    assert app.scene.continue_line() == "Online table QX4T2B  ·  hosted by another player"
    shutdown(app, session)
    seat.unlink()                                    # no table kept: the local game
    app, session = launch()
    app.step(1 / 60)
    assert app.scene.continue_line().startswith("Deal 1 of a 4-player Classic game")


def test_when_the_host_s_game_dies_the_others_are_told_the_table_is_paused(user_folders, launch, server,
                                                                            monkeypatch):
    """The host's game ends without a word (a crash, a computer switched off): the
    others' tables say the connection was lost and, while the host does not answer,
    that the table is paused until the host is back."""
    from canasta.ui.online import scene as online_scene
    monkeypatch.setattr(online_scene, "HOST_SILENT_SECONDS", 1.0)
    app, session = launch()
    host = server.remote("Sam")
    try:
        code = create_table(host, ["person", "medium", "person", "medium"], seat=0)
        join = open_join_screen(app)
        type_into(app, join.control("address"), server.address)
        type_into(app, join.control("code"), code)
        click(app, join.control("look"))
        assert wait_for(app, lambda: bool(join.info)), join.error
        click(app, join.control("seat2"))
        assert wait_for(app, lambda: isinstance(app.scene, LobbyScreen)), join.error
        host.call(host.client.start())
        assert wait_for(app, lambda: isinstance(app.scene, OnlineTableScene))
        table = app.scene
        server.close()                                  # no "closing" message: gone at once
        assert wait_for(app, lambda: table.ctl.link_state == "down", 10)
        said, bad = table.banner()
        assert said.startswith("Your connection to the table was lost: reconnecting") and bad
        assert wait_for(app, lambda: table.banner()[0].startswith("The host does not answer"), 10)
        said, bad = table.banner()
        assert "the table is paused until they are back" in said and bad
    finally:
        host.close()
