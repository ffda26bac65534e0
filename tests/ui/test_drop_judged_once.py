"""A drop is judged once: the gesture proposes the move, the engine decides as the game
plays it, and the sentence the player sees is that decision's (issue 25). The drop
zones lit while the cards are dragged may ask the engine beforehand: a preview, not
counted here."""

from __future__ import annotations

import pytest

from canasta.engine import Discard, Group, Meld, Rules
from canasta.engine.cards import card_code
from canasta.engine.core import action_table
from canasta.engine.setup import position

from helpers import drag, settle
from test_table import empty_spot, make_table

OPENED = {
    "scores": [0, 0], "dealer": 3, "turn": 0, "phase": "play",
    "hands": [["9H", "9C", "TD", "JS", "QH"], ["5H", "5S"], ["5D", "6D"], ["6S", "7S"]],
    "stock": 30,
    "discard": ["5C", "7D", "8D", "9D"],
    "melds": [[{"cards": ["KH", "KC", "KD"], "by": 2}, {"cards": ["4H", "4C", "4D", "4S"], "by": 0}], []],
    "red_threes": [[], []],
}


def _table():
    st = position(Rules(), OPENED)
    app, scene = make_table(state=st)
    settle(app, scene)
    return app, scene


def _card(scene, code):
    return next(c for c in scene.state.hands[0] if card_code(c) == code)


def _count_judgements(monkeypatch, scene, kind, dropped):
    """How many times the engine's rule for ``kind`` judges the action ``dropped()``
    while the controller takes the drop (the drag's previews before it are not counted)."""
    table = action_table(scene.state.rules)
    row = table[kind]
    inside = [False]
    seen: list = []

    def counting(st, action, actor):
        if inside[0] and action == dropped():
            seen.append(action)
        return row.validate(st, action, actor)

    monkeypatch.setitem(table, kind, row._replace(validate=counting))
    ctl = scene.ctl
    release = ctl.release

    def taking(*args, **kw):
        inside[0] = True
        try:
            return release(*args, **kw)
        finally:
            inside[0] = False

    monkeypatch.setattr(ctl, "release", taking)
    return seen


def test_a_legal_discard_is_judged_once_as_it_is_played(monkeypatch):
    app, scene = _table()
    card = _card(scene, "TD")
    seen = _count_judgements(monkeypatch, scene, Discard, lambda: Discard(card))
    drag(app, scene.click_point(card), scene.zone_centre("pile"))
    assert scene.state.pile[-1] == card and card not in scene.state.hands[0]
    assert len(seen) == 1


@pytest.mark.parametrize("where", ["meld", "area"])
def test_a_refused_drop_is_judged_once_and_says_the_engines_sentence(monkeypatch, where):
    app, scene = _table()
    st = scene.state
    card = _card(scene, "JS")
    fours = next(m for m in st.melds[0] if m.rank == 4)
    if where == "meld":      # a jack dropped on the fours
        action = Meld((Group((card,), fours.id),))
        target = scene.view.rect(scene.ctl.layout.meld_zones[fours.id]).center
    else:                    # a jack alone on the empty meld area
        action = Meld((Group((card,)),))
        target = empty_spot(scene)
    seen = _count_judgements(monkeypatch, scene, Meld, lambda: action)
    before = scene.state.snapshot()
    drag(app, scene.click_point(card), target)
    assert len(seen) == 1
    assert scene.state.snapshot() == before            # nothing changed: the jack is back in the hand
    # the sentence shown is the engine's for that very move
    from canasta.engine import IllegalAction, check
    with pytest.raises(IllegalAction) as refused:
        check(scene.state, action)
    assert scene.toast.visible and scene.toast.error and scene.toast.message == str(refused.value)


def test_an_online_seats_drop_is_sent_to_the_server_that_plays_it(monkeypatch, user_folders, launch):
    """At an online table the server plays the game: a card dropped on the pile is the
    discard the engine previews, sent as any move is, and the table shows it once the
    server answers."""
    from online_helpers import host_table, wait_for

    from canasta.engine import Draw
    from canasta.ui.online.scene import OnlineTableScene
    from harness import click
    monkeypatch.setenv("CANASTA_HOST_ADDRESS", "127.0.0.1:0")
    app, session = launch()
    lobby = host_table(app, session, {1: "computer", 2: "computer", 3: "computer"})
    click(app, lobby.control("start"))
    assert wait_for(app, lambda: isinstance(app.scene, OnlineTableScene))
    ctl = app.scene.ctl
    assert wait_for(app, ctl.my_turn, 60)
    assert ctl.perform(Draw())
    assert wait_for(app, lambda: ctl.my_turn() and ctl.state.phase == "play", 30)
    card = ctl.state.hands[ctl.me][0]
    ctl.release([card], "pile")
    assert ctl.sent == Discard(card)              # on its way: nothing was played here
    assert wait_for(app, lambda: card in ctl.state.pile, 30)
