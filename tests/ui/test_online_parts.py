"""The parts of online play that need no server: a record with one seed per deal, the
list of tables heard on the home network (with a stand-in for multicast DNS, and the
real zeroconf failing or finding nothing without a crash), addresses typed by a
player, and the steady ids of the backs."""

from __future__ import annotations

import time

import pytest

from harness import click
from online_helpers import open_join_screen, wait_for

from canasta.ai import make_player
from canasta.engine import Rules, legal_actions
from canasta.engine.actions import NextDeal
from canasta.engine.codec import RecordError
from canasta.engine.observe import observe
from canasta.engine.record import Game
from canasta.net.lan import Browser, LanTable, table_from
from canasta.net.link import server_url
from canasta.ui.online.facedown import FIRST_ID, FaceDownIds


def _two_deals(seeds):
    game = Game(Rules(), seeds=seeds)
    bots = [make_player("easy", seed=s) for s in range(4)]
    while game.state.deal_number < 1 and not game.state.game_over:
        st = game.state
        if st.deal_over:
            game.play(NextDeal())
            continue
        game.play(bots[st.to_act].choose(observe(st, st.to_act), legal_actions(st)))
    return game


def test_a_record_with_a_seed_for_each_deal_deals_each_from_its_own():
    game = _two_deals(["first-seed", "second-seed", "third-seed"])
    if game.state.game_over:
        pytest.skip("the game ended in one deal")
    from canasta.engine.moves import shuffled_deck
    assert game.state.seed == "second-seed"
    back = Game.from_json(game.to_json())
    assert back.seeds == game.seeds and back.state.hands == game.state.hands
    # the second deal is not the one the first seed would deal
    plain = dict(game.to_json())
    plain.pop("seeds")
    assert Game.from_json(plain).state.hands != game.state.hands   # one seed deals other cards
    copy = game.fresh()
    for a in game.actions:
        copy.play(a)
    assert copy.state.hands == game.state.hands
    assert len(shuffled_deck(game.rules, "second-seed", 1)) == 108
    for bad in ([], ["other"], "x", [1, {"a": 2}]):
        with pytest.raises(RecordError):
            Game.from_json({**game.to_json(), "seeds": bad})


def test_tables_heard_on_the_network_are_listed_and_fill_the_join_form(user_folders, launch):
    app, session = launch()

    class Heard:
        def __init__(self):
            self.found = []

        def tables(self):
            return list(self.found)

        def problem(self):
            return ""

        def close(self):
            pass
    heard = Heard()
    session.online.show_join(heard)
    join = app.scene
    app.step(1 / 60)
    assert join.found == []
    heard.found = [LanTable("Sam", "Canasta", "ACDEFG", "192.168.1.20", 8765)]
    app.step(1 / 60)
    assert join.found == heard.found
    join.listing.select(0)
    app.step(1 / 60)
    click(app, join.control("use"))
    assert join.address == "192.168.1.20:8765" and join.code == "ACDEFG"
    # what a service announces becomes a table only when it is one
    assert table_from("x", ["10.0.0.2"], 8765, {b"code": b"acdefg", b"host": b"Ana"}) == \
        LanTable("Ana", "Canasta", "ACDEFG", "10.0.0.2", 8765)
    assert table_from("x", [], 8765, {b"code": b"ACDEFG"}) is None
    assert table_from("x", ["10.0.0.2"], 8765, {b"code": b"ABC"}) is None


def test_the_real_network_browser_never_stops_the_game():
    browser = Browser()
    end = time.monotonic() + 3
    while time.monotonic() < end and not browser.problem():
        time.sleep(0.1)
    assert browser.problem() == "" or browser.problem().endswith("type the address and code.")
    assert all(isinstance(t, LanTable) for t in browser.tables())
    browser.close()


def test_addresses_as_players_type_them():
    assert server_url("192.168.1.20") == "ws://192.168.1.20:8765"
    assert server_url(" 192.168.1.20:9000 ") == "ws://192.168.1.20:9000"
    assert server_url("wss://example.org:443") == "wss://example.org:443"
    for bad, said in (("", "Type the host's address."), ("host:99999", "The port (after the colon)"),
                      ("http://x", "The address starts with ws://"), ("my pc", "That is not a computer's")):
        with pytest.raises(ValueError) as e:
            server_url(bad)
        assert str(e.value).startswith(said)


def test_the_backs_keep_their_ids_and_a_card_melded_from_a_hand_comes_from_one_of_them():
    from canasta.engine import new_game
    from canasta.engine.core import apply_in_place
    from canasta.net.protocol import event_from_json, event_json
    st = new_game(Rules(), 5)
    down = FaceDownIds()
    down.reset(observe(st, 0))
    before = down.face_down()
    assert all(c >= FIRST_ID for h in before.hands[1:] for c in h) and before.hands[0] == ()
    bots = [make_player("easy", seed=s) for s in range(4)]
    poses = {}
    for _ in range(60):
        if st.deal_over:
            break
        seat = st.to_act
        events = apply_in_place(st, bots[seat].choose(observe(st, seat), legal_actions(st)))
        seen = [event_from_json(event_json(e, 0)) for e in events]
        ob = observe(st, 0)
        old = down.face_down()
        origin = down.follow(seen, ob, lambda c: poses.setdefault(c, ("pose", c)))
        now = down.face_down()
        # the counts are the observation's, and a back that stays keeps its id
        assert [len(h) for h in now.hands[1:]] == list(ob.hand_sizes[1:])
        assert len(now.stock) == ob.stock_size
        for s in range(1, 4):
            kept = [c for c in old.hands[s] if c in now.hands[s]]
            assert kept == [c for c in now.hands[s] if c in old.hands[s]]
        for card, pose in origin.items():
            assert card < FIRST_ID
        # no real card of another hand is ever among the backs unless it was seen taken
        for s in range(1, 4):
            assert set(c for c in now.hands[s] if c < FIRST_ID) <= set(ob.known[s])


class _FakeLink:
    """A link whose messages are given by the test (what a poll of the network returns)."""

    def __init__(self, batches):
        self.batches = list(batches)
        self.seat, self.code, self.port, self.url, self.server, self.name, self.token = 0, "ACDEFG", 1, "ws://x:1", None, "Sam", "t"
        self.sent = []

    def poll(self):
        return self.batches.pop(0) if self.batches else []

    def act(self, raw):
        self.sent.append(raw)

    def start(self):
        pass

    def close(self):
        pass


def _others_first_table(moves: int = 6):
    """A Classic table on which the others move first, the opening update of seat 0 and
    the updates of up to ``moves`` moves of the others, as the server sends them."""
    import random
    from canasta.engine.observe import sample_state
    from canasta.net.link import Note, Update
    from canasta.net.protocol import event_from_json, event_json, parse, encode
    from canasta.net.table import Table
    msg = parse(encode({"t": "create", "game": "classic", "rules": {}, "seats": ["person", "easy", "easy", "easy"],
                        "seat": 0, "name": "Sam", "fill": True}))
    table, _ = Table.create("ACDEFG", msg, None)
    while table.state.to_act == 0:          # the others move first: a dealer on this seat's right
        table, _ = Table.create("ACDEFG", msg, None)
    table.start(0)

    def update(seat, action, events):
        ob = observe(table.state, 0)
        return Update(seat, action, [event_from_json(event_json(e, 0)) for e in events], ob,
                      sample_state(ob, random.Random(0)))
    first = update(-1, None, table.deal_log)
    bots = [make_player("easy", seed=s) for s in range(4)]
    later = []
    while table.state.to_act != 0 and len(later) < moves:
        seat = table.state.to_act
        st = table.state
        from canasta.engine.record import action_to_json
        action, events, _ = table.act(seat, action_to_json(bots[seat].choose(observe(st, seat), legal_actions(st)),
                                                           table.rules))
        later.append(update(seat, action, events))
    return table, first, later


def test_moves_that_arrive_with_the_deal_s_start_are_not_lost(user_folders, launch):
    """The lobby hands the table everything that came in the same poll as the deal's start
    (it once dropped it, and the window stayed behind the table, waiting for a turn that
    had passed)."""
    from canasta.net.link import Note
    from canasta.ui.online.screens import LobbyScreen
    from canasta.ui.online.scene import OnlineTableScene
    app, session = launch()
    table, first, later = _others_first_table()
    assert later
    info = {**table.info(), "t": "table"}
    link = _FakeLink([[Note("table", info), first] + later])
    app.set_scene(LobbyScreen(session.online, link, None, hosting=True))
    app.step(1 / 60)
    assert isinstance(app.scene, OnlineTableScene)
    app.step(1 / 60)
    ctl = app.scene.ctl
    assert ctl.obs == observe(table.state, 0)
    assert len(ctl.game.actions) == len(later)


def test_another_seat_s_move_waits_for_the_cards_in_flight_to_land(user_folders, launch, monkeypatch):
    """As at a local table, each move is seen in turn: a move of another seat that arrives
    while the last one's cards still glide is shown when they land, or after
    HOLD_MOST seconds at the latest; nothing is lost or reordered."""
    from canasta.net.link import Note
    from canasta.ui.online import controller as online
    from canasta.ui.online.screens import LobbyScreen
    app, session = launch()
    app.settings.animation_speed = "normal"   # the tests' cards move at once
    table, first, later = _others_first_table(2)
    if len(later) < 2:
        pytest.skip("this deal gave seat 0 its turn after one move")
    info = {**table.info(), "t": "table"}
    link = _FakeLink([[Note("table", info), first]])
    app.set_scene(LobbyScreen(session.online, link, None, hosting=True))
    app.step(1 / 60)
    ctl = app.scene.ctl
    while ctl.animator.busy:                  # the deal's cards land
        app.step(1 / 60)
    link.batches = [[later[0]], [later[1]]]
    app.step(1 / 60)                          # the first move arrives, and its cards set off
    assert len(ctl.game.actions) == 1 and ctl.animator.busy
    app.step(1 / 60)                          # the second arrives while they glide: held
    assert not link.batches and len(ctl.game.actions) == 1
    assert ctl.waiting_items == [later[1]]
    frames = 0
    while ctl.animator.busy:
        assert len(ctl.game.actions) == 1
        app.step(1 / 60)
        frames += 1
    app.step(1 / 60)
    assert len(ctl.game.actions) == 2 and ctl.game.actions == [later[0].action, later[1].action]
    assert ctl.obs == later[1].obs and ctl.waiting_items == []

    # never longer than HOLD_MOST: a move held while cards keep moving is shown then
    monkeypatch.setattr(online, "HOLD_MOST", 0.0)
    ctl.waiting_items = []
    ctl.held_since = None
    assert not ctl._hold(later[1], 1)


def test_the_others_never_read_you_as_a_player_s_name(monkeypatch):
    """Settings' name until the player gives one is "You" (every table calls its own
    seat that); online the others would read "You is playing", so the game goes by the
    computer's login name, capitalised, or "Guest"."""
    import getpass
    from canasta.ui.online.naming import online_name
    monkeypatch.setattr(getpass, "getuser", lambda: "marta")
    assert online_name("Ana") == "Ana" and online_name("  Ana ") == "Ana"
    assert online_name("You") == "Marta" and online_name("you") == "Marta" and online_name("") == "Marta"
    monkeypatch.setattr(getpass, "getuser", lambda: "root")
    assert online_name("You") == "Guest"

    def no_login():
        raise OSError("no login name")
    monkeypatch.setattr(getpass, "getuser", no_login)
    assert online_name("You") == "Guest"


def test_a_host_with_the_default_name_is_not_you_on_the_others_screens(monkeypatch, user_folders, launch):
    import getpass
    from online_helpers import Remote, host_table
    monkeypatch.setenv("CANASTA_HOST_ADDRESS", "127.0.0.1:0")
    monkeypatch.setattr(getpass, "getuser", lambda: "marta")
    app, session = launch()
    assert session.settings.player_name == "You"
    lobby = host_table(app, session, {2: "open", 1: "computer", 3: "computer"}, name=None)
    ana = Remote(lobby.link.local_url(), "Ana")
    try:
        ana.join(lobby.info["code"], 2)
        assert wait_for(app, lambda: lobby.info["seats"][2].get("taken"))
        assert ana.client.info["seats"][0]["name"] == "Marta"
    finally:
        ana.close()


def test_leaving_the_lobby_of_a_hosted_table_stops_announcing_it():
    """A host who leaves the lobby closes the table: it is no longer listed on the home
    network (it was, and choosing it said no server was listening)."""
    from types import SimpleNamespace
    from canasta.ui.online.play import OnlinePlay

    class Announcement:
        closed = False

        def close(self):
            self.closed = True

    play = OnlinePlay(SimpleNamespace(app=None))
    link, announcement, dropped = object(), Announcement(), []
    play.link, play.announcer = link, announcement
    play.drop_link = dropped.append
    play.show_menu = lambda: None
    play.leave_lobby(link)
    assert announcement.closed and play.announcer is None
    assert dropped == [link] and play.link is None


def test_a_missing_person_s_clock_stops_while_the_table_cannot_be_reached():
    """"waiting for Ana, 1:26" counts down the server's grace time; while this window
    has no word from the server (the host closed the table, the connection is down),
    the seat says "waiting for Ana", not a clock that runs to 0:00 and stays there."""
    from types import SimpleNamespace
    from canasta.ui.online.controller import OnlineController

    seats = [{"kind": "person", "taken": True, "name": "Sam"},
             {"kind": "person", "taken": True, "name": "Ana", "connected": False, "back_within": 90}]
    ctl = SimpleNamespace(info={"seats": seats}, me=0, info_at=time.monotonic(), link_state="up")
    [(seat, said)] = OnlineController.absent(ctl)
    assert seat == 1 and said.key == "waiting for {name}, {time}" and said.args["time"] == "1:30"
    ctl.link_state = "down"
    [(seat, said)] = OnlineController.absent(ctl)
    assert seat == 1 and said.key == "waiting for {name}" and "time" not in said.args


@pytest.mark.parametrize("lang", ["en", "es", "pt_BR", "it", "de", "fr"])
def test_the_host_s_invitation_is_read_back_in_every_language(lang):
    from canasta import i18n
    from canasta.ui.online.invite import CODE_EXAMPLE, code_ok, read_invitation
    i18n.set_language(lang)
    try:
        text = i18n.tr(i18n.t("Canasta table {code} at {where}", code="K7QD4M",
                              where="192.168.1.20:8765, 10.0.0.7:8765"))
    finally:
        i18n.set_language("en")
    assert read_invitation(text) == ("192.168.1.20:8765", "K7QD4M")
    assert read_invitation("K7QD4M") is None and read_invitation("192.168.1.20:8765") is None
    assert code_ok(CODE_EXAMPLE)      # the code field's example can be typed there


def test_the_host_s_copied_invitation_pasted_fills_in_the_address_and_the_code(user_folders, launch, monkeypatch):
    """The host's Copy puts "Canasta table K7QD4M at 192.168.1.20:8765" on the clipboard:
    Ctrl+V in the Join screen fills in both fields; a bare code pastes as a code."""
    import pygame
    from harness import press
    import canasta.ui.fields as fields
    app, session = launch()
    join = open_join_screen(app)
    monkeypatch.setattr(fields, "clipboard_text", lambda: "Canasta table K7QD4M at 192.168.1.20:8765, 10.0.0.7:8765")
    click(app, join.control("address"))
    press(app, pygame.K_v, pygame.KMOD_CTRL)
    assert (join.address, join.code) == ("192.168.1.20:8765", "K7QD4M")
    monkeypatch.setattr(fields, "clipboard_text", lambda: " m4qtx7 \n")
    join.code = ""
    click(app, join.control("code"))
    press(app, pygame.K_v, pygame.KMOD_CTRL)
    assert join.code == "M4QTX7" and join.address == "192.168.1.20:8765"


def test_a_lobby_left_before_its_deal_gives_back_the_seat_held_before(user_folders):
    """A player holding a seat at a table going on who hosts another table and leaves its
    lobby before the deal starts (which closes it) still has their first seat for Back to
    table (the lobby's seat had replaced it for good). A seat taken in the lobby of a
    table on a server stays held: the server keeps it."""
    from types import SimpleNamespace
    from canasta.ui.online.play import OnlinePlay

    play = OnlinePlay(SimpleNamespace(app=None, already_open=False))
    play.drop_link, play.show_menu = (lambda link: None), (lambda: None)
    held = {"url": "ws://10.0.0.2:8765", "code": "THTDNN", "token": "t1", "seat": 1, "hosting": False, "port": 8765}
    play._write_seat(held)
    lobby = SimpleNamespace(url="ws://127.0.0.1:8765", code="EFVJEE", token="t2", seat=0, port=8765, server=object())
    play._keep_seat(lobby, hosting=True)
    assert play.saved_seat()["code"] == "EFVJEE"        # a crash in the lobby comes back to it
    play.leave_lobby(lobby)
    assert play.saved_seat() == held
    play.forget_seat()
    play._keep_seat(lobby, hosting=True)                 # no seat held before this lobby
    play.leave_lobby(lobby)
    assert play.saved_seat() is None
    joined = SimpleNamespace(url="ws://10.0.0.9:8765", code="MX4QT7", token="t3", seat=2, port=8765, server=None)
    play._write_seat(held)
    play._keep_seat(joined, hosting=False)
    play.leave_lobby(joined)
    assert play.saved_seat()["code"] == "MX4QT7"
