"""Hostile clients change nothing: a hypothesis fuzz of messages (junk bytes and text,
JSON of any shape, wrong types, huge numbers, deep nesting, oversized frames, other
seats' cards, moves out of turn) sent by two seated connections while another table
plays a whole game on the same server. The server stays up, the fuzzed table changes
only by a legal move of the seat to act, every refused message gets one line, and the
other table's game ends normally. Then the limits: floods, repeated bad messages, and
wrong codes from one address."""

from __future__ import annotations

import asyncio
import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from canasta.engine import is_legal
from canasta.engine.record import action_from_json
from canasta.net.protocol import MAX_MESSAGE, VERSION, encode

from .conftest import finish, seat_four


class Seat:
    """A blocking connection to the server."""

    def __init__(self, url: str):
        self.ws = connect(url, max_size=None, compression=None).__enter__()
        assert self.recv()["t"] == "welcome"

    def send(self, m) -> None:
        self.ws.send(m if isinstance(m, (str, bytes)) else encode(m))

    def recv(self, timeout: float = 60) -> dict:
        return json.loads(self.ws.recv(timeout))

    def until(self, *types: str) -> dict:
        while True:
            m = self.recv()
            if m["t"] in types:
                return m

    def close(self):
        self.ws.close()


#: the fuzzed table's deals come from this seed
SEED = "hostile-fuzz"


@pytest.fixture
def fuzz_table(thread_server, monkeypatch):
    """A started table of four idle people on the server, and a second table of four
    computer clients playing a whole game meanwhile. The fuzzed table's deal is always
    the same one (its seed and first dealer fixed), so that what the fuzz reaches is a
    fact of the test, not of the day's shuffle."""
    import canasta.net.table as tables
    seeds = iter(f"{SEED}:{k}" for k in range(10 ** 6))
    monkeypatch.setattr(tables, "fresh_seed", lambda: next(seeds))
    monkeypatch.setattr(tables.secrets, "randbelow", lambda n: 0)
    server = thread_server.server
    server.rate = server.burst = server.max_errors = 10 ** 9
    server.penalty = 0.0
    seats = [Seat(thread_server.url) for _ in range(4)]
    seats[0].send({"t": "create", "game": "classic", "seats": ["person"] * 4, "seat": 0, "name": "A", "fill": False})
    code = seats[0].until("seated")["code"]
    for i in (1, 2, 3):
        seats[i].send({"t": "join", "code": code, "seat": i, "name": f"P{i}"})
        seats[i].until("seated")
    seats[0].send({"t": "start"})
    for s in seats:
        s.until("update")
    table = server.tables[code]

    async def other_game():
        code, clients = await seat_four(thread_server.url, "classic", think=0.002)
        await clients[0].start()
        return clients
    other = asyncio.run_coroutine_threadsafe(other_game(), thread_server.loop).result(60)
    yield thread_server, table, seats, other

    async def close():
        for c in other:
            await c.close()
    thread_server.call(close())
    for s in seats:
        s.close()


_json = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
                     lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
                     max_leaves=30)
_types = st.sampled_from(["create", "join", "resume", "start", "act", "nope", 3, None])
_action_types = st.sampled_from(["draw", "take", "meld", "discard", "ask", "answer", "pass", "next_deal", "x"])
_cards = st.lists(st.integers(-5, 120) | st.sampled_from([10 ** 30, -(10 ** 30)]), max_size=8)


def _message(draw_from_hand):
    """Messages of every kind a hostile client might send."""
    action = st.fixed_dictionaries({"type": _action_types}, optional={
        "card": st.integers(-10, 10 ** 20) | draw_from_hand | _json, "with": _cards | _json,
        "groups": st.lists(st.fixed_dictionaries({"cards": _cards | draw_from_hand.map(lambda c: [c, c])},
                                                 optional={"onto": st.integers(-3, 10 ** 12) | _json}), max_size=3),
        "melds": st.lists(st.fixed_dictionaries({"cards": _cards}), max_size=2), "yes": _json})
    versioned = st.fixed_dictionaries({"v": st.sampled_from([VERSION, VERSION, VERSION, VERSION - 1, str(VERSION), True]), "t": _types},
                                      optional={"action": action | _json, "n": st.integers() | _json,
                                                "code": st.text(max_size=8) | _json, "token": _json,
                                                "seat": st.integers() | _json, "name": _json, "seats": _json,
                                                "game": _json, "rules": _json, "grace": _json})
    acts = st.fixed_dictionaries({"v": st.just(VERSION), "t": st.just("act"), "n": st.integers(0, 1000),
                                  "action": action}).map(json.dumps)
    deep = st.integers(50, 100_000).map(lambda n: "[" * n + "]" * n)
    big = st.integers(300, 5000).map(lambda n: '{"v":2,"t":"act","n":1' + "0" * n + ',"action":{"type":"draw"}}')
    oversized = st.integers(MAX_MESSAGE + 1, 3 * MAX_MESSAGE).map(lambda n: json.dumps({"v": 2, "t": "start", "x": "y" * n}))
    return st.one_of(acts, acts, acts, versioned.map(lambda d: json.dumps(d)), _json.map(json.dumps), st.text(max_size=200),
                     st.binary(max_size=200), deep, big, oversized)


def test_fuzzed_messages_change_nothing_but_a_legal_move_of_the_seat_to_act(fuzz_table):
    ts, table, seats, other = fuzz_table
    to_act = table.state.to_act
    others_cards = st.sampled_from(sorted(c for s, h in enumerate(table.state.hands) if s != to_act for c in h))

    said: dict[str, int] = {}

    # derandomized, on a fixed deal: the same 500 examples every run, so the count of
    # refusals reached below is a fact of the test, not of the day's luck (a random draw
    # once reached 18 kinds; 300 examples reached exactly 20, 500 reach 23)
    @settings(max_examples=500, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
    @given(message=_message(others_cards), who=st.sampled_from(["to_act", "other"]))
    def fuzz(message, who):
        seat = table.state.to_act if who == "to_act" else (table.state.to_act + 1) % 4
        before = table.state.clone()
        moves = len(table.actions)
        seats[seat].send(message)
        reply = seats[seat].until("error", "update")
        said[reply.get("msg", "accepted")] = said.get(reply.get("msg", "accepted"), 0) + 1
        if reply["t"] == "error":
            assert "\n" not in reply["msg"] and 0 < len(reply["msg"]) <= 300
            assert len(table.actions) == moves and table.state == before   # nothing changed
        else:
            # accepted: it can only have been a legal move of the seat to act
            assert reply["seat"] == seat == before.to_act and len(table.actions) == moves + 1
            action = action_from_json(json.loads(message)["action"], before.card_limit, "fuzz", table.rules)
            assert is_legal(before, action)
            for s in seats:
                if s is not seats[seat]:
                    s.until("update")
    fuzz()
    assert sum(said.values()) >= 300 and len(said) >= 20, said      # many different refusals were reached
    clients = other
    ts.call(finish(clients))                       # the other table played on, to its end
    assert all(c.obs.phase == "game_over" and not c.errors for c in clients)
    # the fuzzed table is still served: a seat asks, and is answered
    seats[1].send({"t": "start"})
    assert seats[1].until("error")["msg"] == "Only the table's creator starts the deal."


def test_frames_beyond_the_limit_close_only_that_connection(fuzz_table):
    ts, table, seats, other = fuzz_table
    before = table.state.clone()
    seats[1].send("x" * (5 * MAX_MESSAGE))
    with pytest.raises(ConnectionClosed):
        seats[1].until("never")
    assert seats[1].ws.close_code == 1009
    seats[2].send({"t": "act", "n": 1, "action": {"type": "pass"}})
    assert seats[2].until("error")["t"] == "error"
    assert table.state == before


def test_a_flood_is_refused_and_repeated_bad_messages_end_the_connection(thread_server):
    server = thread_server.server
    server.rate, server.burst = 0.001, 5
    flood = Seat(thread_server.url)
    for _ in range(12):
        flood.send({"t": "start"})
    replies = [flood.until("error")["msg"] for _ in range(12)]
    assert replies[:5] == ["Create or join a table first."] * 5
    assert replies[5:] == ["Too many messages: slow down."] * 7
    server.rate, server.burst, server.max_errors = 1000.0, 1000, 5
    bad = Seat(thread_server.url)
    for _ in range(8):
        try:
            bad.send("not json")
        except ConnectionClosed:
            break
    msgs = []
    with pytest.raises(ConnectionClosed):
        while True:
            msgs.append(bad.until("error")["msg"])
    assert msgs[:6] == ["The message is not JSON."] * 6 and msgs[6] == "Too many bad messages: goodbye."
    # the server is still there for everyone else
    fine = Seat(thread_server.url)
    fine.send({"t": "create", "game": "classic", "seats": ["person", "easy", "easy", "easy"], "seat": 0, "name": "A"})
    assert fine.until("seated")["t"] == "seated"


def test_wrong_codes_from_one_address_are_answered_ever_more_slowly(thread_server):
    server = thread_server.server
    server.free_failures, server.penalty = 3, 0.01
    guesser = Seat(thread_server.url)
    for code in ("AAAAAA", "CCCCCC", "DDDDDD", "EEEEEE", "FFFFFF", "GGGGGG"):
        guesser.send({"t": "join", "code": code, "seat": 1, "name": "Guess"})
        assert guesser.until("error")["msg"] == "No table has that code."
    assert list(server.delays) == [0.0, 0.0, 0.0, 0.01, 0.02, 0.04]


def test_a_client_that_does_not_read_is_dropped_not_buffered_for():
    """Its outbox is bounded: past MAX_QUEUE waiting messages the connection is cut."""
    from canasta.net import server as srv

    class FakeTransport:
        aborted = False

        def abort(self):
            self.aborted = True

    class FakeWS:
        remote_address = ("127.0.0.1", 1)
        transport = FakeTransport()

    async def run():
        conn = srv.Conn(FakeWS())
        for i in range(srv.MAX_QUEUE + 10):
            conn.put(f"message {i}")
        return conn
    conn = asyncio.run(run())
    assert conn.closed and FakeWS.transport.aborted
    assert conn.outbox.qsize() == srv.MAX_QUEUE + 1          # the backlog and the closing mark, no more
