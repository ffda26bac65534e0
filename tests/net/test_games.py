"""Whole games of the five games through real sockets: four computer-player clients
(Easy) against a server on 127.0.0.1. Every message sent to every connection is
recorded at the moment it is sent, with the position then, so that the tests can read
what each seat was told:

* the game each client saw, replayed with the engine alone from the revealed seeds
  and the actions as they were sent, ends exactly where the clients were told it did
  (their last observation, scores and winners included);
* no seat is ever sent a card of another seat's hand or foot (other than those seen
  taken with the pile) or of the stock, and no deal's seed before the deal is over;
* every deal's shuffle checks out on every client.
"""

from __future__ import annotations

import asyncio
import json

import pytest

from canasta.engine import Rules
from canasta.engine.observe import Observation, observe
from canasta.engine.state import DEAL_OVER, GAME_OVER, ZONES
from canasta.engine.variants import names
from canasta.net import protocol

from .conftest import SHORT, finish, replay_locally, seat_four, start_server, stop_server

#: the observation's fields that hold card ids (the zones' shown cards and the history's)
OBS_CARDS = [z.shown for z in ZONES if z.shown] + ["known", "sideways", "public_history"]
OBS_KEYS = {f for f in Observation.__dataclass_fields__ if f != "memo"}
MESSAGE_KEYS = {
    "welcome": {"v", "t", "server", "protocol"}, "seated": {"v", "t", "code", "seat", "token"},
    "table": {"v", "t", "code", "game", "rules", "creator", "started", "grace", "seats"},
    "commit": {"v", "t", "deal", "hash"}, "reveal": {"v", "t", "deal", "seed", "salt", "record"},
    "update": {"v", "t", "seat", "action", "events", "obs", "n"}, "waiting": {"v", "t", "n"},
    "error": {"v", "t", "msg"}, "chat": {"v", "t", "seat", "name", "text"}, "closing": {"v", "t", "msg"},
}


def _flat(v):
    if isinstance(v, list):
        for x in v:
            yield from _flat(x)
    elif isinstance(v, int) and not isinstance(v, bool):
        yield v


def _action_cards(v):
    if isinstance(v, dict):
        for k, x in v.items():
            if k in ("card", "cards", "with"):
                yield from _flat(x)
            else:
                yield from _action_cards(x)
    elif isinstance(v, list):
        for x in v:
            yield from _action_cards(x)


def cards_in(m: dict) -> set[int]:
    """Every card id a message shows (its keys are checked to be the protocol's, so no
    other field can carry one)."""
    assert set(m) <= MESSAGE_KEYS[m["t"]], m.keys()
    if m["t"] != "update":
        return set()
    out = set(_action_cards(m["action"]))
    out |= {e[1] for e in m["events"] if e[1] >= 0}
    ob = m["obs"]
    assert set(ob) == OBS_KEYS
    for name in OBS_CARDS:
        if name == "melds":
            out |= {c for team in ob[name] for meld in team for c in meld[1]}
        elif name == "public_history":
            out |= {c for shown in ob[name] for c in shown[2]}
        else:
            out |= set(_flat(ob[name]))
    return out


def hidden_from(st, seat: int) -> set[int]:
    """The cards ``seat`` may not be told of now: the stock, the talons, every foot, and
    the other hands but for the cards seen taken with the pile."""
    out = set(st.stock) | {c for t in st.talons for c in t} | {c for f in st.feet for c in f}
    for s, hand in enumerate(st.hands):
        if s != seat:
            out |= set(hand) - set(st.known[s])
    return out


class Wire:
    """Records what the server sends, and what each seat must not be told at that moment."""

    def __init__(self):
        self.sent: dict[tuple, list[str]] = {}
        self.leaks: list[str] = []
        self.early_reveals: list[str] = []

    def __call__(self, table, seat, text):
        if table is None or seat is None:
            return
        self.sent.setdefault((table.code, seat), []).append(text)
        m = json.loads(text)
        leaked = cards_in(m) & hidden_from(table.state, seat)
        if leaked:
            self.leaks.append(f"seat {seat} was sent {sorted(leaked)} in {m['t']}")
        if m["t"] == "reveal" and not (table.state.phase in (DEAL_OVER, GAME_OVER)
                                        and m["deal"] == table.state.deal_number):
            self.early_reveals.append(text)
        if m["t"] == "reveal":
            # the record it carries tells nothing new: the moves every seat was sent one
            # by one, and the seeds of the deals that are over
            record = m["record"]
            if (record["actions"] != table.actions
                    or record["seeds"] != [d["seed"] for d in table.deals[:m["deal"] + 1]]):
                self.early_reveals.append(text)


async def _play(game: str, wire: Wire) -> dict:
    server, ws, url = await start_server()
    server.tap = wire
    try:
        code, clients = await seat_four(url, game)
        await clients[0].start()
        await finish(clients)
        table = server.tables[code]
        result = {"code": code, "clients": clients, "state": table.state, "dealer": table.dealer,
                  "server_views": [observe(table.state, s) for s in range(4)]}
        for c in clients:
            await c.close()
        return result
    finally:
        await stop_server(server, ws)


@pytest.fixture(scope="module")
def games():
    """Each of the five games, played once to its end (shared by the tests below)."""
    out = {}
    for game in names():
        wire = Wire()
        out[game] = (asyncio.run(_play(game, wire)), wire)
    return out


@pytest.mark.parametrize("game", list(SHORT))
def test_a_network_game_ends_as_the_same_game_played_locally(games, game):
    played, _ = games[game]
    st = played["state"]
    assert st.phase == GAME_OVER
    if game == "hand_and_foot":
        assert st.deal_number == 1                              # two deals: the next deal's path too
    for c in played["clients"]:
        assert c.obs == played["server_views"][c.seat]          # the client holds exactly its observation
        local = replay_locally(Rules.from_dict(c.info["rules"]), played["dealer"], c.reveals, c.played)
        assert local.phase == GAME_OVER
        assert observe(local, c.seat) == c.obs                  # same scores, winners, history, table
        assert local.scores == st.scores and [r.totals for r in local.history] == [r.totals for r in st.history]
        assert c.errors == []


@pytest.mark.parametrize("game", list(SHORT))
def test_no_seat_is_sent_a_card_it_may_not_see(games, game):
    played, wire = games[game]
    assert wire.leaks == []
    assert wire.early_reveals == []
    for c in played["clients"]:
        # what was recorded is every byte the client received after the server's welcome
        assert c.received[1:] == wire.sent[(played["code"], c.seat)]
        assert len(c.received) > 50


@pytest.mark.parametrize("game", list(SHORT))
def test_every_deal_s_shuffle_checks_out_on_every_client(games, game):
    played, _ = games[game]
    deals = played["state"].deal_number + 1
    for c in played["clients"]:
        assert [d for d, _ in c.checked_deals] == list(range(deals))
        assert all(ok for _, ok in c.checked_deals) and c.warnings == []
        assert all("checks out" in line for line in c.log)
    seeds = [c.reveals for c in played["clients"]]
    assert all(s == seeds[0] for s in seeds)
    assert len(set(seeds[0].values())) == deals                # a fresh seed each deal


def test_the_wire_check_catches_a_server_that_does_not_hide_cards(monkeypatch):
    """The control: with the redaction of events switched off, the recorded bytes show
    other seats' draws, and the check above says so."""
    def unredacted(e, seat):
        return [e.kind, e.card, list(e.src), list(e.dst), e.seat, e.team, protocol._value_json(e.info)]
    monkeypatch.setattr(protocol, "event_json", unredacted)
    wire = Wire()
    asyncio.run(_play("classic", wire))
    assert wire.leaks

