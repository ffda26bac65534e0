"""What a new player met at the table (issue 32), played with posted mouse and key
events on the real scene: the status line and Lay down follow the engine's verdict
on the staged melds in every game, a first meld dropped in one group says it went
down, staged cards never outlive the turn, and hot-seat Undo stays in its place."""

from __future__ import annotations

import pygame
import pytest

from canasta.engine import Rules
from canasta.engine.cards import KIND_OF
from canasta.engine.setup import position
from canasta.ui.table.layout import StagedLabel
from canasta.ui.table.view import status_line

from helpers import click, drag, settle
from test_table import empty_spot, make_table, select

AMERICAN = Rules(variant="american")

# South to play, the side not yet down (125 needed): K-K-Joker and A-A-2 count 130 but
# hold no natural trio, which Modern American's first meld needs
AMERICAN_PLAY = {"scores": [0, 0], "dealer": 3, "turn": 0, "phase": "play",
                 "stock": ["9D", "8C", "7H", "6S", "5D"], "discard": ["4S"], "threes": [[], []],
                 "talons": [["9S", "8S", "7S", "6C"], ["5S", "4C", "4D"]],
                 "hands": [["KH", "KC", "JK", "AH", "AC", "2D", "QH", "QC", "QD", "9H", "6D"],
                           ["5H", "6H"], ["5C", "7D"], ["6S", "7C"]]}

CLASSIC_PLAY = {"scores": [0, 0], "dealer": 3, "turn": 0, "phase": "play",
                "stock": ["9D", "8C", "7H", "6S", "5D"], "discard": ["4S"],
                "hands": [["QH", "QC", "QD", "9H", "9C", "9D", "KH", "KC", "JK", "4D", "5C"],
                          ["5H", "6H"], ["5S", "7D"], ["6C", "7C"]]}


def _stage(app, scene, codes):
    from canasta.engine.cards import card_code
    hand = scene.state.hands[0]
    picked = []
    for code in codes:
        picked.append(next(c for c in hand if card_code(c) == code and c not in picked))
    select(app, scene, picked)
    drag(app, scene.click_point(picked[0]), empty_spot(scene))
    return picked


def _lay(scene):
    return scene.buttons[4]


def test_american_status_line_and_lay_down_follow_the_engine():
    app, scene = make_table(AMERICAN, state=position(AMERICAN, AMERICAN_PLAY))
    settle(app, scene)
    _stage(app, scene, ["KH", "KC", "JK"])
    _stage(app, scene, ["AH", "AC", "2D"])
    assert len(scene.staged) == 2
    app.step(1 / 60, [])
    line = status_line(scene.ctl)
    # 130 counted, yet the engine refuses: the line says so in the engine's words
    assert "enough" not in line, line
    assert "three natural cards of one rank" in line, line
    assert not _lay(scene).enabled
    assert "three natural cards" in _lay(scene).why_disabled
    # a natural trio staged as well: now the engine accepts, and both say so
    _stage(app, scene, ["QH", "QC", "QD"])
    app.step(1 / 60, [])
    assert "enough for your first meld" in status_line(scene.ctl)
    assert _lay(scene).enabled
    click(app, _lay(scene).rect.center)
    assert scene.state.melds[0] and not scene.staged
    app.close()


def test_classic_status_line_says_enough_only_when_the_engine_accepts():
    rules = Rules()
    app, scene = make_table(rules, state=position(rules, CLASSIC_PLAY))
    settle(app, scene)
    _stage(app, scene, ["QH", "QC", "QD"])       # 30 of the 50 Classic asks at 0
    line = status_line(scene.ctl)
    assert "enough" not in line and "30 of the 50" in line, line
    assert not _lay(scene).enabled
    _stage(app, scene, ["9H", "9C", "9D"])       # 60 together
    line = status_line(scene.ctl)
    assert "enough for your first meld" in line and _lay(scene).enabled
    app.close()


def test_a_first_meld_that_goes_straight_down_says_so():
    """Dropped alone, a group that meets the minimum is played at once: the message
    says the first meld is down, and Lay down then says why nothing is staged."""
    rules = Rules()
    app, scene = make_table(rules, state=position(rules, CLASSIC_PLAY))
    settle(app, scene)
    _stage(app, scene, ["KH", "KC", "JK"])       # 70: enough alone
    assert scene.state.melds[0] and not scene.staged
    assert "first meld is down" in scene.toast.message, scene.toast.message
    app.step(1 / 60, [])
    lay = _lay(scene)
    assert not lay.enabled and "already down" in lay.why_disabled
    click(app, lay.rect.center)                  # pressed anyway: it says why, not "Nothing is staged"
    assert "already down" in scene.toast.message
    app.close()


def test_hot_seat_undo_stays_in_place_and_works_within_the_turn():
    """Two people at one screen: Undo keeps its place, greyed with its reason, and U
    takes back a meld made in the person's own turn."""
    from helpers import SyncAI  # noqa: F401  (make_table uses it)
    rules = Rules()
    app, scene = make_table(rules, humans=2, state=position(rules, CLASSIC_PLAY))
    undo = scene.buttons[7]
    assert undo.label == "Undo"
    app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")])  # I am here
    settle(app, scene)
    assert scene.ctl.privacy is None and scene.ctl.my_turn()
    assert undo.visible and not undo.enabled and undo.why_disabled == "Nothing to undo."
    _stage(app, scene, ["KH", "KC", "JK"])
    assert scene.state.melds[0]
    app.step(1 / 60, [])
    assert undo.visible and undo.enabled
    app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_u, mod=0, unicode="u")])
    assert not scene.state.melds[0] and len(scene.state.hands[0]) == 11
    app.close()


BOLIVIA = Rules(variant="bolivia")
BOLIVIA_PLAY = {"scores": [0, 0], "dealer": 3, "turn": 0, "phase": "play",
                "stock": ["9D", "8C", "7H", "6S", "5D", "5S"], "discard": ["4S"],
                "hands": [["KH", "KC", "KD", "9H", "9C", "8D", "7S", "6H", "5C", "4D", "QH", "QC", "JD", "TH",
                           "TC", "6D"],
                          ["5H", "6C"], ["4C", "7D"], ["8S", "7C"]]}


def test_staged_cards_go_back_to_the_hand_when_the_turn_ends():
    """Bolivia: K-K-K staged (not enough for a first meld), then a discard: the kings are
    back in the hand at once, never on the table labelled staged into the next turn,
    and the hand drawn holds as many cards as its count says."""
    app, scene = make_table(BOLIVIA, state=position(BOLIVIA, BOLIVIA_PLAY))
    settle(app, scene)
    kings = _stage(app, scene, ["KH", "KC", "KD"])
    assert [set(g) for g in scene.staged] == [set(kings)]
    assert not set(kings) & set(scene.hand_order)        # on the table, staged
    from canasta.engine.cards import card_code
    six = next(c for c in scene.state.hands[0] if card_code(c) == "6D")
    drag(app, scene.click_point(six), scene.zone_centre("pile"))
    assert scene.state.to_act == 1 and scene.state.pile[-1] == six
    assert scene.staged == []
    assert set(kings) <= set(scene.hand_order)
    assert len(scene.hand_order) == len(scene.state.hands[0]) == 15
    assert not any(isinstance(lb, StagedLabel) for lb in scene.ctl.layout.labels)
    app.close()


# ------------------------------------------------------------------ leaving and coming back

def _to_menu(app):
    from canasta.ui.menus import MainMenu, PauseMenu
    from harness import click as hclick, press
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, PauseMenu)
    hclick(app, app.scene.control("save_quit"))
    assert isinstance(app.scene, MainMenu)
    return app.scene


def test_continue_names_the_game_and_counts_a_finished_deal(launch, user_folders):
    """The main menu's Continue line names the game, and after a deal has ended it
    shows the totals with that deal counted (not the score before it)."""
    from harness import frames, play
    app, session = launch(["--variant", "samba", "--seed", "1234", "--level", "easy"])
    table = app.scene
    frames(app)
    assert play(table, lambda: table.state.deal_over)
    totals = table.state.history[-1].totals
    assert list(totals) != list(table.state.scores)    # the engine adds the deal at the next one
    frames(app)
    menu = _to_menu(app)
    line = session.resumable.describe()
    assert line.startswith("Deal 1 of a 4-player Samba game is over"), line
    assert " to ".join(f"{s:,}" for s in totals) in line, line
    frames(app)
    from harness import click as hclick
    hclick(app, menu.control("continue"))
    assert app.scene.state.deal_over
    # a Classic game in the middle of its first deal is named too
    _to_menu(app)
    from canasta.ui.main import default_seats
    session.start_game(Rules(), default_seats(4, 1, "easy"), 7)
    _to_menu(app)
    assert session.resumable.describe().startswith("Deal 1 of a 4-player Classic game  ·  0 to 0")


def test_computer_players_of_a_command_line_game_have_the_usual_names(launch, user_folders):
    app, session = launch(["--seed", "5"])
    names = [s.name for s in app.scene.seats]
    assert names[1:] == ["Marta", "Luis", "Ines"]


def test_a_continued_hot_seat_game_tells_each_player_the_whole_deal(launch, user_folders):
    """After Continue, the privacy screen's "So far in this deal" includes the player's
    own moves (they were made at another sitting)."""
    from harness import click as hclick, frames, play
    app, session = launch(["--hotseat", "2", "--seed", "1234", "--level", "easy"])
    table = app.scene
    assert play(table, lambda: len(table.game.actions) >= 12 and table.state.to_act == 0
                and table.privacy == 0)
    own = [ln.text for ln in table.ctl.log if ln.seat == 0]
    assert own
    menu = _to_menu(app)
    hclick(app, menu.control("continue"))
    table = app.scene
    frames(app)
    assert table.privacy == 0
    lines = table.ctl.summary_for(0)
    assert any(t in lines for t in own[-2:]), (own, lines)


# ------------------------------------------------------------------ Modern American's talons

@pytest.mark.parametrize("bonus, words", [(False, "set aside, never played"), (True, "to the first side to meld")])
def test_american_talons_say_what_they_are(bonus, words):
    """The talons beside the stock say in place what they are (issue 32, item 8)."""
    from layout_check import probe_frame, problems
    rules = Rules(variant="american", talon_bonus=bonus)
    app, scene = make_table(rules, seed=7)
    settle(app, scene)
    probe = probe_frame(app)
    texts = [w for k, r, w, _ in probe.items if k == "text"]
    assert "Talon 4" in texts and words in texts, texts
    assert problems(probe, app.screen.get_rect()) == []
    app.close()


def test_statistics_say_what_counts_and_where_the_game_in_progress_is(launch, user_folders):
    """With no finished game, the record says what counts and names the game in
    progress (players looked for their started games there)."""
    from harness import click as hclick, frames
    from layout_check import probe_frame
    from canasta.ui.screens.stats import StatisticsScreen
    app, session = launch(["--seed", "5", "--level", "easy"])
    frames(app)
    menu = _to_menu(app)
    hclick(app, menu.control("statistics"))
    assert isinstance(app.scene, StatisticsScreen)
    said = " ".join(w for k, _, w, _ in probe_frame(app).items if k == "text")
    assert "a game counts here once it is played to its end" in said, said
    assert "In progress: Deal 1 of a 4-player Classic game" in said, said


def test_a_pinned_log_leaves_less_of_the_window_empty():
    """Shift+G at 1280x800: the log's column is narrower in a 16:10 window (the table
    keeps more of its height than with the old 300-wide column, which left about 80 px
    empty above and below it), and the column runs the window's whole height."""
    from layout_check import probe_frame
    rules = Rules()
    app, scene = make_table(rules, state=position(rules, CLASSIC_PLAY))
    settle(app, scene)
    app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_g, mod=pygame.KMOD_SHIFT, unicode="G")])
    assert scene.ctl.log_mode == "pinned"
    v = scene.view
    table_h = v.size(800)
    assert table_h >= 0.84 * 800 > 1280 / (1280 + 300) * 800
    probe = probe_frame(app)
    log = [r for k, r, w, _ in probe.items if k == "panel" and w == "the move log"]
    assert len(log) == 1 and log[0].h >= 800 - 2 * 8 - 2 and log[0].right <= 1280
    app.close()
