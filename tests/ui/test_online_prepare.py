"""A move from the table is made ready on the network thread (the backs, the layout, the
log's line: :mod:`canasta.ui.online.prepare`), and the window takes it only when it was
made for what the window shows now: the table is the very one it would have worked out
itself, move after move, and a card picked meanwhile is never lost to a stale layout."""

from __future__ import annotations

import dataclasses

from test_online_parts import _FakeLink, _others_first_table


def _open(launch, link, first, table):
    from canasta.net.link import Note
    from canasta.ui.online.screens import LobbyScreen
    app, session = launch()
    app.settings.animation_speed = "normal"
    info = {**table.info(), "t": "table"}
    link.batches = [[Note("table", info), first]]
    app.set_scene(LobbyScreen(session.online, link, None, hosting=True))
    app.step(1 / 60)
    return app, app.scene.ctl


def _settle(app, ctl):
    while ctl.animator.busy:
        app.step(1 / 60)
    app.step(1 / 60)


def test_a_move_made_ready_ahead_is_the_table_the_window_would_have_made(user_folders, launch):
    from canasta.ui.online.prepare import Preparer
    table, first, later = _others_first_table(6)
    assert later
    plain = [dataclasses.replace(u, prepared=None) for u in [first] + later]

    ready_link = _FakeLink([])
    ready_link.prepare = Preparer()
    ready_link.prepare(first)                         # as the network thread does on arrival
    app_a, ready = _open(launch, ready_link, first, table)
    app_b, worked = _open(launch, _FakeLink([]), plain[0], table)
    assert ready.down.face_down() == worked.down.face_down()
    _settle(app_a, ready)
    _settle(app_b, worked)
    taken = 0
    for u, p in zip(later, plain[1:]):
        ready_link.prepare(u)                          # made ready with what the window last showed
        assert u.prepared is not None and u.prepared.layout is not None
        ready.link.batches = [[u]]
        worked.link.batches = [[p]]
        app_a.step(1 / 60)
        app_b.step(1 / 60)
        taken += ready.layout is u.prepared.layout
        assert ready.down.face_down() == worked.down.face_down()
        assert ready.layout.targets == worked.layout.targets
        assert ready.layout.labels == worked.layout.labels
        assert [str(line.text) for line in ready.log] == [str(line.text) for line in worked.log]
        _settle(app_a, ready)
        _settle(app_b, worked)
    assert taken == len(later)                         # every move's layout came ready
    assert ready.log[-1] is later[-1].prepared.line    # and its line


def test_a_layout_made_for_other_options_is_not_taken(user_folders, launch):
    from canasta.ui.online.prepare import Preparer
    table, first, later = _others_first_table(2)
    link = _FakeLink([])
    link.prepare = Preparer()
    link.prepare(first)
    app, ctl = _open(launch, link, first, table)
    _settle(app, ctl)
    u = later[0]
    link.prepare(u)                                    # made ready with nothing picked
    card = ctl.obs.hand[0]
    ctl.selected.add(card)                             # the player picks a card before it is shown
    link.batches = [[u]]
    app.step(1 / 60)
    assert ctl.layout is not u.prepared.layout
    assert card in ctl.layout_options().selected
    lifted = ctl.layout.targets[card]
    resting = u.prepared.layout.targets[card]
    assert lifted.y < resting.y                        # the picked card stands raised, as ever


def test_the_frame_that_shows_another_seat_s_move_draws_its_cards_where_they_lie(user_folders, launch):
    """As at the local table, a frame's time passes before what arrived is applied: the
    move's cards set off from the next frame, so the frame that shows it finds them where
    they lay (the still layer is mended for a card or two rather than put together anew
    for a whole hand that had already started to slide)."""
    table, first, later = _others_first_table(2)
    link = _FakeLink([])
    app, ctl = _open(launch, link, first, table)
    _settle(app, ctl)
    link.batches = [[later[0]]]
    app.step(1 / 60)
    assert len(ctl.game.actions) == 1 and ctl.animator.busy
    assert not any(sp.elapsed > 0 for sp in ctl.animator.sprites.values() if sp.moving)
    app.step(1 / 60)
    assert any(sp.elapsed > 0 for sp in ctl.animator.sprites.values() if sp.moving)
