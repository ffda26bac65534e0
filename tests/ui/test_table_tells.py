"""The table tells the player what happened and what they can do (issue 16, part A):
the move log, the last moves marked, the computer's pace, the hot-seat summary, every
disabled control explained, Draw first, FROZEN with its reason, messages clear of the
labels, a key after a click, buttons that keep their places, Hint lighting where its
cards go, the scores of every deal, undo across Continue."""

from __future__ import annotations

import pygame
import pytest

from canasta.engine import Discard, Draw, Meld, Rules, TakePile, legal_actions
from canasta.engine.actions import Group
from canasta.engine.narrate import deal_lines
from canasta.engine.record import Game
from canasta.engine.variants import names as variant_names
from canasta.store.settings import Settings, load_settings, save_settings, settings_to_toml
from canasta.ui.app import App
from canasta.ui.layout import PILE_POS, STOCK_POS
from canasta.ui.main import default_seats
from canasta.ui.table import TableScene
from canasta.ui.table.gestures import DRAW_FIRST
from canasta.ui.table.hint import hint_zones
from canasta.ui.table.layout import COUNT_LABEL_DY, zone_rect
from canasta.ui.table.view import frozen_reason
from canasta.ui.widgets import wrap

from helpers import SyncAI, click, drag, settle


def make_table(rules=None, seed=11, humans=1, size=(1280, 800), speed="instant", game=None, settings=None):
    settings = settings or Settings()
    settings.animation_speed = speed
    app = App(settings, size=size, ai=SyncAI())
    game = game or Game(rules or Rules(), seed)
    scene = TableScene(app, game, default_seats(game.state.rules.players, humans, "easy"))
    app.set_scene(scene)
    app.step(1 / 60, [])
    return app, scene


def key(app, k, mod=0):
    app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0),
                      pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0)])


def hover(app, pos):
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])


def to_my_draw(app, scene):
    settle(app, scene)
    assert scene.seats[scene.state.to_act].human and scene.state.phase == "draw"


# ------------------------------------------------------------------ the move log

def test_the_log_tells_every_move_of_the_deal_and_opens_and_pins(tmp_path, monkeypatch):
    app, scene = make_table(seed=11)
    to_my_draw(app, scene)
    ctl = scene.ctl
    assert ctl.log[0].text.startswith("Deal 1:")
    names = [s.name for s in scene.seats]
    # every action so far has a line (and the first line is the deal)
    assert len(ctl.log) == len(scene.game.actions) + 1
    for line in ctl.log[1:]:
        assert names[line.seat] in line.text
    click(app, scene.zone_centre("stock"))
    assert ctl.log[-1].text == "You drew a card."
    # the log rebuilt from the record is the same (what Continue shows)
    assert [ln.text for ln in deal_lines(scene.game, names)] == [ln.text for ln in ctl.log]
    # G opens it over the right, G closes it; Shift+G pins it, and that is remembered
    monkeypatch.setattr(scene, "_store_settings", lambda: None)
    assert ctl.log_mode == "closed"
    key(app, pygame.K_g)
    assert ctl.log_mode == "open"
    surf = pygame.Surface((1280, 800))
    scene.draw(surf)
    key(app, pygame.K_g)
    assert ctl.log_mode == "closed"
    click(app, scene.log_button.rect.center)
    assert ctl.log_mode == "open"
    key(app, pygame.K_g, pygame.KMOD_SHIFT)
    assert ctl.log_mode == "pinned" and app.settings.log_pinned
    scene.draw(surf)
    app2, scene2 = make_table(seed=11, settings=app.settings)
    assert scene2.ctl.log_mode == "pinned"


def test_the_last_move_of_each_player_is_marked_for_a_moment():
    app, scene = make_table(seed=11)
    ctl = scene.ctl
    to_my_draw(app, scene)
    click(app, scene.zone_centre("stock"))
    card = scene.hand_order[0]
    ctl.perform(Discard(card))
    assert card in ctl.marked_cards()
    for _ in range(int(4 / (1 / 60))):
        ctl.tick(1 / 60)
        if card not in ctl.marked_cards():
            break
    assert card not in ctl.marked_cards()


# ------------------------------------------------------------------ pace

def test_the_computer_pace_is_a_stored_setting_and_old_files_load(tmp_path):
    s = Settings()
    assert 0 <= s.computer_pause <= 2
    s.computer_pause = 1.5
    path = tmp_path / "settings.toml"
    assert save_settings(s, path) == []
    assert "computer_pause = 1.5" in settings_to_toml(s)
    back, messages = load_settings(path)
    assert back.computer_pause == 1.5 and messages == []
    # a file from before the setting existed keeps loading, with the default
    path.write_text('animation_speed = "fast"\nsound = false\n', encoding="utf-8")
    old, messages = load_settings(path)
    assert messages == [] and old.animation_speed == "fast" and old.computer_pause == Settings().computer_pause
    # a number in range is taken as the nearest pause offered; out of range is refused
    path.write_text("computer_pause = 0.7\n", encoding="utf-8")
    assert load_settings(path)[0].computer_pause == 0.5
    path.write_text("computer_pause = 5\n", encoding="utf-8")
    s5, messages = load_settings(path)
    assert s5.computer_pause == Settings().computer_pause and "computer_pause" in messages[0]


def test_the_pause_after_a_computer_move_follows_the_setting_and_s_skips_ahead():
    settings = Settings()
    settings.computer_pause = 2.0
    app, scene = make_table(seed=11, speed="fast", settings=settings)
    ctl = scene.ctl
    for _ in range(3000):
        app.step(1 / 60, [])
        if ctl.pause > 1.5:
            break
    assert ctl.pause > 1.5 and not ctl.human_to_act()
    key(app, pygame.K_s)
    assert ctl.skipping and ctl.pause == 0
    for _ in range(3000):
        app.step(1 / 60, [])
        if ctl.human_to_act() and not ctl.animator.busy:
            break
    assert ctl.human_to_act() and not ctl.skipping
    settings.computer_pause = 0.0
    assert settings.computer_pause == 0.0


def test_the_settings_screen_offers_the_pace():
    from canasta.ui.screens.settings import SettingsScreen
    settings = Settings()
    app = App(settings, size=(1280, 800), ai=SyncAI())
    screen = SettingsScreen(app, back=lambda: None)
    app.set_scene(screen)
    app.step(1 / 60, [])
    stepper = screen.control("computer_pause")
    before = settings.computer_pause
    stepper.step(1)
    assert settings.computer_pause != before


# ------------------------------------------------------------------ hot-seat summary

def test_the_privacy_screen_tells_what_happened_since_that_players_last_turn():
    app, scene = make_table(Rules(players=4), seed=11, humans=2)
    ctl = scene.ctl
    for _ in range(6000):
        st = scene.state
        if st.deal_over:
            break
        if ctl.privacy is not None:
            if ctl.seen_upto.get(ctl.privacy) is not None:
                break
            key(app, pygame.K_RETURN)
            continue
        if scene.seats[st.to_act].human:
            legal = legal_actions(st)
            action = next((a for a in legal if isinstance(a, Draw)), None) or next(
                (a for a in legal if isinstance(a, Discard)), legal[0])
            ctl.perform(action)
        app.step(1 / 60, [])
    seat = ctl.privacy
    assert seat is not None
    lines = ctl.summary_for(seat)
    assert lines, "the others' moves since the last turn"
    others = [s.name for i, s in enumerate(scene.seats) if i != seat]
    assert all(any(n in line for n in others) for line in lines)
    assert not any(line.startswith(scene.seats[seat].name + " ") for line in lines)
    scene.draw(pygame.Surface((1280, 800)))


# ------------------------------------------------------------------ what can be done, and why not

def _controls(scene):
    return [c for c in scene.focus.controls if c is not scene.hand_focus]


def _assert_disabled_explained(scene, where):
    scene.place_controls()
    for b in _controls(scene):
        if b.visible and not b.enabled:
            assert b.why_disabled, f"{where}: {b.label} is disabled without a reason"
            assert b.explanation() == b.why_disabled


@pytest.mark.parametrize("variant", variant_names())
def test_every_disabled_control_explains_itself(variant):
    # every game the engine plays, so that a game's own buttons (Modern American's
    # threes and special hand) are held to the same rule
    app, scene = make_table(Rules(players=4, variant=variant), seed=11)
    ctl = scene.ctl
    # every control of the table is in the focus group (the test enumerates them there)
    assert set(map(id, scene.buttons + [scene.menu_button, scene.log_button])) <= set(map(id, _controls(scene)))
    # a computer's turn
    for _ in range(200):
        if not ctl.human_to_act():
            break
        app.step(1 / 60, [])
    if not ctl.human_to_act():
        _assert_disabled_explained(scene, "a computer's turn")
    to_my_draw(app, scene)
    _assert_disabled_explained(scene, "before drawing")
    click(app, scene.zone_centre("stock"))
    _assert_disabled_explained(scene, "after drawing, nothing picked")
    ctl.toggle(scene.hand_order[0])
    ctl.toggle(scene.hand_order[1])
    _assert_disabled_explained(scene, "two cards picked")
    ctl.selected.clear()
    ctl.stage((scene.hand_order[0],))
    _assert_disabled_explained(scene, "a card staged")
    ctl.staged = []
    ctl.hint()
    _assert_disabled_explained(scene, "a hint pending")
    ctl.cancel_hint()
    ctl.privacy = 0
    _assert_disabled_explained(scene, "the privacy screen")
    ctl.privacy = None


def test_pressing_a_disabled_control_says_why():
    app, scene = make_table(Rules(players=4), seed=11)
    ctl = scene.ctl
    to_my_draw(app, scene)
    click(app, scene.zone_centre("stock"))
    ask = scene.buttons[5]
    scene.place_controls()
    assert ask.visible and not ask.enabled
    assert ask.why_disabled.startswith("You cannot go out yet: going out needs")
    key(app, pygame.K_a)
    assert ctl.toast.visible and ctl.toast.message == ask.why_disabled
    ctl.toast.left = 0
    click(app, ask.rect.center)
    assert ctl.toast.visible and ctl.toast.message == ask.why_disabled
    # hovering shows the same sentence as the tip
    hover(app, scene.buttons[0].rect.center)
    assert scene.buttons[0].hover and scene.buttons[0].explanation().startswith("You have drawn already")


def test_discarding_before_drawing_says_draw_first():
    app, scene = make_table(seed=11)
    to_my_draw(app, scene)
    ctl = scene.ctl
    card = scene.hand_order[0]
    drag(app, scene.click_point(card), scene.zone_centre("pile"))
    assert scene.state.phase == "draw"
    assert ctl.toast.message == DRAW_FIRST == "Draw first: click the stock or take the pile."
    ctl.toggle(card)
    scene.place_controls()
    assert scene.buttons[3].why_disabled == DRAW_FIRST
    ctl.toggle(card)
    ctl.toast.left = 0
    key(app, pygame.K_x)                     # X on the focused card before drawing
    assert scene.state.phase == "draw" and ctl.toast.message == DRAW_FIRST


def test_the_pile_label_says_why_it_is_frozen():
    st = Game(Rules(players=4), 11).state
    from canasta.engine.observe import observe
    seen = observe(st, 0)
    assert frozen_reason(seen, 0) == "until your side melds"       # no meld yet
    st.frozen = True
    assert frozen_reason(observe(st, 0), 0) == "a card lies across it"
    st.frozen = False
    from canasta.engine.state import TableMeld
    st.melds[0] = [TableMeld(13, [11, 24, 37], 0, id=1)]
    assert frozen_reason(observe(st, 0), 0) == ""
    always = Game(Rules(players=4, pile_always_frozen=True), 11).state
    always.melds[0] = [TableMeld(13, [11, 24, 37], 0, id=1)]
    assert frozen_reason(observe(always, 0), 0) == "always, in this game"


def test_messages_cover_no_label_and_no_card():
    """A two-line message takes the status line's place: drawn there, it covers no
    meld, no card of the hand and no label, at every seating and window size (issue
    32: messages lay over the far side's melds while the player decided)."""
    from layout_check import probe_frame
    from canasta.ui.bench import crowded_position
    crowded = Game(Rules(), 1)
    crowded.state = crowded_position()
    tables = [make_table(Rules(players=players), seed=3) for players in (2, 3, 4, 6)]
    tables.append(make_table(game=crowded))
    message = ("A long message that the engine might say about a move that was refused, long enough "
               "for two lines at the smallest window, and then some more words.")
    for app, scene in tables:
        for size in ((1024, 640), (1280, 800), (1920, 1080)):
            app.screen = pygame.display.set_mode(size)
            scene.resize()
            scene.ctl.toast.show(message, 5)
            probe = probe_frame(app)
            words = set(message.split())
            mine = [r for k, r, w, _ in probe.items if k == "text" and set(w.split()) <= words]
            assert mine and " ".join(w for k, _, w, _ in probe.items if k == "text" and set(w.split()) <= words
                                     ) == message
            box = mine[0].unionall(mine[1:])
            others = [(k, r, w) for k, r, w, _ in probe.items
                      if k in ("text", "card", "control") and r not in mine]
            for k, r, w in others:
                assert not box.colliderect(r), (scene.state.rules.players, size, k, w, r, box)


def test_a_key_after_a_click_is_never_dropped():
    """The D press after unselecting a card by a click was lost: the click set the card
    gliding back, and the buttons were disabled while anything moved."""
    app, scene = make_table(seed=11, speed="slow")
    ctl = scene.ctl
    settle(app, scene)
    assert scene.state.phase == "draw"
    card = scene.hand_order[2]
    click(app, scene.click_point(card))
    assert card in ctl.selected
    click(app, scene.click_point(card))
    assert card not in ctl.selected and ctl.animator.busy
    key(app, pygame.K_d)
    assert scene.state.phase == "play", "the D press was dropped"


def test_buttons_keep_their_places():
    app, scene = make_table(seed=11)
    to_my_draw(app, scene)
    ctl = scene.ctl
    scene.place_controls()
    places = {b.label: pygame.Rect(b.rect) for b in scene.buttons if b.visible}
    click(app, scene.zone_centre("stock"))
    ctl.stage((scene.hand_order[0],))
    scene.place_controls()
    assert {b.label: pygame.Rect(b.rect) for b in scene.buttons if b.visible} == places


# ------------------------------------------------------------------ hint, scores, undo

def test_hint_zones_name_where_the_cards_go():
    assert hint_zones(Draw()) == ("stock",)
    assert hint_zones(Discard(5)) == ("pile",)
    assert hint_zones(Meld((Group((1, 2, 3)), Group((4,), onto=7)))) == ("meld_area", "meld:7")
    assert hint_zones(TakePile((1, 2), (), None)) == ("pile", "meld_area")
    assert hint_zones(TakePile((), (), 3)) == ("pile", "meld:3")


def test_hint_lights_the_zone_its_cards_go_to():
    app, scene = make_table(seed=11)
    to_my_draw(app, scene)
    ctl = scene.ctl
    click(app, scene.zone_centre("stock"))
    key(app, pygame.K_h)
    for _ in range(10):
        app.step(1 / 60, [])
    assert ctl.hint_zones, "the hint names where its cards go"
    for name in ctl.hint_zones:
        assert zone_rect(ctl.layout, name) is not None
    scene.draw(pygame.Surface((1280, 800)))
    # the position changes: the light goes out
    legal = legal_actions(scene.state)
    ctl.perform(next(a for a in legal if isinstance(a, Discard)))
    assert ctl.hint_zones == ()


def test_the_score_box_opens_the_sheet_of_every_deal():
    app, scene = make_table(seed=11)
    to_my_draw(app, scene)
    box = scene.painter.hud_rect(scene.view)
    click(app, box.center)
    assert scene.scores_open
    scene.draw(pygame.Surface((1280, 800)))
    key(app, pygame.K_ESCAPE)
    assert not scene.scores_open


def test_undo_survives_quit_and_continue_within_the_turn():
    app, scene = make_table(seed=11)
    to_my_draw(app, scene)
    ctl = scene.ctl
    click(app, scene.zone_centre("stock"))
    after_draw = len(scene.game.actions)
    melds = [a for a in legal_actions(scene.state) if isinstance(a, Meld)]
    if not melds:
        pytest.skip("no meld in this hand")
    ctl.perform(melds[0])
    assert ctl.undo_point() == after_draw
    # quit and Continue: a new table on the record read back from the save
    game = Game.from_json(scene.game.to_json())
    app2, scene2 = make_table(game=game)
    ctl2 = scene2.ctl
    assert ctl2.undo_point() == after_draw
    assert "after your draw" in ctl2.undo_target()
    ctl2.undo()
    assert len(scene2.game.actions) == after_draw and scene2.state.phase == "play"
    assert ctl2.undo_point() is None               # never past the card drawn
    assert ctl2.log[-1].text == "You drew a card."
