"""The protocol's pieces: table codes without look-alike characters, a seat's
observation that arrives exactly as the engine made it, and events with the cards a
seat may not see hidden."""

from __future__ import annotations

import json

import pytest

from canasta.ai import make_player
from canasta.engine import Rules, apply_in_place, legal_actions, new_game
from canasta.engine.observe import observe
from canasta.engine.variants import names
from canasta.net import protocol
from canasta.net.protocol import ProtocolError, parse


def test_table_codes_are_six_characters_without_look_alikes():
    codes = {protocol.new_code() for _ in range(500)}
    assert len(codes) > 490 and all(len(c) == 6 for c in codes)
    used = set("".join(codes))
    assert not used & set("0O1IL5S2Z8B")
    assert parse(json.dumps({"v": 2, "t": "join", "code": "acdefg", "seat": 1, "name": "Ann"}))["code"] == "ACDEFG"
    with pytest.raises(ProtocolError, match="not a table code"):
        parse(json.dumps({"v": 2, "t": "join", "code": "ABCDE0", "seat": 1, "name": "Ann"}))


@pytest.mark.parametrize("game", names())
def test_a_seat_receives_exactly_its_observation_and_hidden_draws(game):
    st = new_game(Rules(variant=game), seed=3)
    player = make_player("easy")
    for _ in range(120):
        if st.phase in ("deal_over", "game_over"):
            break
        events = apply_in_place(st, player.choose(observe(st, st.to_act), legal_actions(st)))
        for seat in range(4):
            ob = observe(st, seat)
            assert protocol.observation_from_json(json.loads(json.dumps(protocol.observation_json(ob)))) == ob
            for e in events:
                sent = protocol.event_json(e, seat)
                if e.kind == "move" and e.src == ("stock",) and e.dst[0] == "hand":
                    assert (sent[1] == e.card) == (e.dst[1] == seat)     # only the drawer sees the card


def test_messages_are_versioned_and_checked_field_by_field():
    ok = {"v": 2, "t": "create", "game": "samba", "seats": ["person", "easy", "person", "hard"], "seat": 2,
          "name": "Ann", "grace": 5}
    m = parse(json.dumps(ok))
    assert m["seat"] == 2 and m["grace"] == 5.0 and m["rules"].variant == "samba"
    for bad, said in ((dict(ok, v=1), "version 2"), (dict(ok, seat=1), "must be a person's"),
                      (dict(ok, grace=-1), "'grace'"), (dict(ok, grace=float("inf")), "'grace'"),
                      (dict(ok, seats=["person"] * 3), "the 4 seats"), (dict(ok, name="A\u0000"), "The name"),
                      (dict(ok, rules={"decks": 10 ** 9}), "not valid"), (dict(ok, level="god"), "'level'")):
        with pytest.raises(ProtocolError, match=said):
            parse(json.dumps(bad))
    assert protocol.encode({"t": "x"}).startswith('{"v":2,')
