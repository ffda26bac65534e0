"""Leaving and coming back: a dropped client comes back by itself with its token; a
seat away longer than the table's grace time is played by a computer until its person
comes back, and handed back at its next decision; a wrong code or token acts for no one."""

from __future__ import annotations

import asyncio

import pytest

from canasta.engine import Draw, legal_actions
from canasta.net.client import ComputerClient, ServerRefused, TableClient

from .conftest import finish, seat_four, start_server, stop_server


async def _until(check, what: str, limit: float = 120):
    """Wait for ``check()`` (``limit`` only guards against a hang)."""
    for _ in range(int(limit / 0.01)):
        if check():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"never happened: {what}")


def test_a_client_dropped_mid_deal_comes_back_with_its_token_and_plays_on():
    async def run():
        server, ws, url = await start_server()
        try:
            code, clients = await seat_four(url, "classic", {"target_score": 1500}, think=0.005)
            table = server.tables[code]
            await clients[0].start()
            await _until(lambda: len(table.actions) >= 15, "fifteen moves")
            assert table.state.phase in ("draw", "play")          # mid-deal
            await clients[2].drop()
            await finish(clients)
            assert clients[2].reconnects >= 1
            for c in clients:
                assert c.checked_deals and all(ok for _, ok in c.checked_deals)   # the deal checked after the drop too
                assert c.warnings == []
            assert table.over
            for c in clients:
                await c.close()
        finally:
            await stop_server(server, ws)
    asyncio.run(run())


def test_a_computer_plays_an_absent_seat_after_the_grace_time_and_hands_it_back():
    async def run():
        server, ws, url = await start_server()
        try:
            code, clients = await seat_four(url, "classic", {"target_score": 3000}, think=0.005, grace=0.3)
            table = server.tables[code]
            await clients[0].start()
            await _until(lambda: len(table.actions) >= 10, "ten moves")
            leaver = clients[3]
            leaver.reconnect = False
            await leaver.drop()
            # the others are told who is missing and for how long
            await _until(lambda: not clients[0].info["seats"][3]["connected"], "seat 3 shown missing")
            missing = clients[0].info["seats"][3]
            assert "back_within" in missing and 0 < missing["back_within"] <= 0.3
            # after the grace time a computer plays seat 3
            await _until(lambda: clients[0].info["seats"][3]["away"], "seat 3 played by a computer")
            before = sum(1 for s, _ in clients[0].played if s == 3)
            await _until(lambda: sum(1 for s, _ in clients[0].played if s == 3) >= before + 3 or table.over,
                         "the computer playing seat 3")
            assert table.seats[3].away
            # the person comes back with the token: the seat is theirs again
            back = ComputerClient(url, "P3", "easy", 0.005)
            back.code, back.token = leaver.code, leaver.token
            await back.connect()
            await back.resume()
            assert back.seat == 3 and not table.seats[3].away
            await _until(lambda: not clients[0].info["seats"][3]["away"], "seat 3 handed back")
            players = clients[:3] + [back]
            await finish(players)
            # every decision of seat 3 since the hand-back was the person's (their client's)
            theirs = sum(1 for s, _ in back.played if s == 3)
            assert theirs == len(back.round_trips)
            assert all(ok for _, ok in back.checked_deals) and back.warnings == []
            for c in players:
                await c.close()
        finally:
            await stop_server(server, ws)
    asyncio.run(run())


def test_wrong_codes_and_tokens_act_for_no_one():
    async def run():
        server, ws, url = await start_server()
        try:
            people = [TableClient(url, f"P{i}") for i in range(4)]
            for p in people:
                await p.connect()
            code = await people[0].create("classic", ["person"] * 4, pause=0, fill=False)
            for i in (1, 2, 3):
                await people[i].join(code, i)
            table = server.tables[code]
            stranger = TableClient(url, "Stranger")
            await stranger.connect()
            other = "A" * 6 if code != "A" * 6 else "C" * 6
            with pytest.raises(ServerRefused, match="No table has that code"):
                await stranger.join(other, 0)
            stranger.code, stranger.token = code, people[1].token[::-1]
            with pytest.raises(ServerRefused, match="holds no seat"):
                await stranger.resume()
            with pytest.raises(ServerRefused, match="That seat is taken"):
                await stranger.join(code, 2)
            await people[0].start()
            await _until(lambda: all(p.obs is not None for p in people), "the deal")
            to_act = table.state.to_act
            before = (len(table.actions), repr(table.state.hands), table.state.turn)
            for p in people:
                if p.seat != to_act:
                    await p.act(Draw())               # a legal move, but not this seat's
            refused = len(stranger.errors)
            await stranger.act({"type": "draw"})
            await _until(lambda: sum(len(p.errors) for p in people) >= 3 and len(stranger.errors) > refused,
                         "the refusals")
            assert all(e == "It is not your turn." for p in people for e in p.errors)
            assert stranger.errors[refused:] == ["Create or join a table first."]
            assert (len(table.actions), repr(table.state.hands), table.state.turn) == before
            assert Draw() in legal_actions(table.state)   # it was a legal move for the seat to act
            for p in people + [stranger]:
                await p.close()
        finally:
            await stop_server(server, ws)
    asyncio.run(run())


class _Asker(ComputerClient):
    """A client whose player asks to go out whenever it may."""

    def __init__(self, url, name):
        super().__init__(url, name, "easy")
        easy = self.player

        class Ask:
            def choose(self, obs, legal, should_stop=None):
                ask = [a for a in legal if type(a).__name__ == "Ask"]
                return ask[0] if ask else easy.choose(obs, legal)
        self.player = Ask()


def test_asking_to_go_out_waits_for_the_partner_s_own_answer():
    async def run():
        server, ws, url = await start_server()
        try:
            clients = [_Asker(url, f"P{i}") for i in range(4)]
            code, clients = await seat_four(url, "classic", {"target_score": 3000}, clients=clients)
            await clients[0].start()
            await finish(clients)
            moves = clients[0].played
            asks = [i for i, (_, a) in enumerate(moves) if a["type"] == "ask"]
            assert asks
            for i in asks:
                seat = moves[i][0]
                partner, answer = moves[i + 1]
                assert partner == (seat + 2) % 4 and answer["type"] == "answer"
            # the answers were the partners' own: each client sent every move of its seat
            for c in clients:
                assert sum(1 for s, _ in c.played if s == c.seat) == len(c.round_trips)
            for c in clients:
                await c.close()
        finally:
            await stop_server(server, ws)
    asyncio.run(run())


def test_a_move_lost_with_the_connection_is_made_again_after_coming_back():
    """The connection drops just after a client sent its move, before the server read
    it: back at the same position, the client decides again instead of waiting for a
    move that never arrived."""
    async def run():
        server, ws, url = await start_server()
        try:
            code, clients = await seat_four(url, "classic", {"target_score": 500}, think=0.002)
            table = server.tables[code]
            handle, lost = server.handle, []

            async def losing(conn, msg):
                if msg["t"] == "act" and not lost and conn.seat == 1 and len(table.actions) > 5:
                    lost.append(msg)
                    conn.ws.transport.abort()         # the move dies with the connection
                    return
                await handle(conn, msg)
            server.handle = losing
            await clients[0].start()
            await finish(clients, timeout=90)
            assert lost and clients[1].reconnects >= 1 and table.over
            for c in clients:
                await c.close()
        finally:
            await stop_server(server, ws)
    asyncio.run(run())
