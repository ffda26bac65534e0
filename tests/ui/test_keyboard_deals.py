"""A whole deal of every game played at the table with key events only (Tab, the
arrows, Space, Enter and the buttons' letters): the human seat's moves are chosen by a
computer player and made by :class:`keys_only.KeyPlayer`, which never clicks."""

from __future__ import annotations

import pygame
import pytest

from canasta.engine import variants
from canasta.ui.table import TableScene
from keys_only import KeyPlayer

pytestmark = pytest.mark.usefixtures("user_folders")


@pytest.mark.parametrize("level", ["easy", "medium"])
@pytest.mark.parametrize("game", variants.names())
def test_a_whole_deal_with_the_keyboard_alone(launch, game, level):
    app, session = launch(["--variant", game, "--seed", "1234"])
    table = app.scene
    assert isinstance(table, TableScene)
    kinds = set()
    keys = KeyPlayer(app, table, level=level)

    def note(st, action):
        kinds.add(type(action).__name__)
        if getattr(action, "onto", None) is not None or any(g.onto is not None for g in getattr(action, "groups", ())):
            kinds.add("onto a chosen meld")
    keys.before_move = note
    keys.play_deal()
    assert table.state.deal_over
    assert keys.moves >= 5 and "Discard" in kinds and kinds & {"Meld", "TakePile"}, kinds
    print(game, keys.moves, sorted(kinds), len(table.game.actions))
    # the score sheet's buttons by key too: Enter deals the next deal
    deal = table.state.deal_number
    for _ in range(200):
        if table.ctl.animator.busy is False and table.ctl.sheet_shown:
            break
        app.step(1 / 60, [])
    if not table.state.game_over:
        keys.key(pygame.K_RETURN)
        assert table.state.deal_number == deal + 1


def test_backspace_takes_the_last_staged_meld_back(launch):
    from canasta.engine.setup import position
    from canasta.engine import Rules
    from test_first_steps import AMERICAN_PLAY
    from canasta.engine.cards import CODE_OF
    app, session = launch(["--variant", "american", "--seed", "3"])
    table = app.scene
    table.game.state = position(Rules(variant="american"), AMERICAN_PLAY)
    table.refresh()
    keys = KeyPlayer(app, table)
    hand = list(table.state.hands[0])
    cards = [next(c for c in hand if CODE_OF[c] == code) for code in ("KH", "KC", "JK")]
    keys.pick(cards)
    keys.key(pygame.K_m)
    assert table.staged == [tuple(cards)] or sorted(table.staged[0]) == sorted(cards)
    keys.key(pygame.K_BACKSPACE)
    assert table.staged == [] and not table.selected
