"""The table played as a person plays it: posted mouse events on the real scene."""

from __future__ import annotations

import os
import subprocess
import sys

import pygame
import pytest

from canasta.ai import make_player
from canasta.engine import (Ask, Discard, Draw, Meld, NextDeal, Pass, Rules, TakePile, apply,
                            legal_actions)
from canasta.engine.observe import observe
from canasta.engine.record import Game
from canasta.engine.setup import position
from canasta.store.settings import Settings
from canasta.ui.app import App
from canasta.ui.main import default_seats
from canasta.ui.table import TableScene
from canasta.ui.table.view import status_line

from helpers import SyncAI, click, drag, settle


def make_table(rules=None, seed=11, humans=1, size=(1280, 800), state=None, level="easy"):
    settings = Settings()
    settings.animation_speed = "instant"
    app = App(settings, size=size, ai=SyncAI())
    game = Game(rules or Rules(), seed)
    if state is not None:
        game.state = state
    players = game.state.rules.players
    scene = TableScene(app, game, default_seats(players, humans, level))
    app.set_scene(scene)
    app.step(1 / 60, [])
    return app, scene


def empty_spot(scene):
    band = scene.zones["meld_area"]
    return scene.view.pt(band.right - 30, band.bottom - 30)


def gesture(app, scene, action):
    """Carry out ``action`` with the mouse, as a player would."""
    st = scene.state
    team = st.team_of(st.to_act)
    if isinstance(action, (Draw, Pass)):
        if isinstance(action, Draw):
            click(app, scene.zone_centre("stock"))
        else:
            click(app, scene.buttons[0].rect.center)
        return
    if isinstance(action, Discard):
        drag(app, scene.click_point(action.card), scene.zone_centre("pile"))
        return
    if isinstance(action, Ask):
        click(app, scene.buttons[5].rect.center)
        return
    if isinstance(action, NextDeal):
        click(app, scene.sheet_button.rect.center)
        return
    if isinstance(action, TakePile):
        for g in action.melds:
            select(app, scene, g.cards)
            drag(app, scene.click_point(g.cards[0]), empty_spot(scene))
        select(app, scene, action.with_cards)
        drag(app, scene.zone_centre("pile"), empty_spot(scene))
        return
    if isinstance(action, Meld):
        groups = action.groups
        if len(groups) == 1:
            g = groups[0]
            select(app, scene, g.cards)
            existing = [m.id for m in st.melds[team] if m.id == g.onto]
            target = scene.meld_centre(existing[0]) if existing else empty_spot(scene)
            drag(app, scene.click_point(g.cards[0]), target)
            return
        for g in groups:
            select(app, scene, g.cards)
            drag(app, scene.click_point(g.cards[0]), empty_spot(scene))
        if scene.staged:
            click(app, scene.buttons[4].rect.center)   # Lay down
        return
    raise AssertionError(f"no gesture for {action!r}")


def _kinds(cards):
    from canasta.engine.cards import KIND_OF, WILD_OF
    return [KIND_OF[c] for c in cards if not WILD_OF[c]]


def select(app, scene, cards):
    for c in cards:
        if c not in scene.selected:
            click(app, scene.click_point(c))
    assert set(cards) <= scene.selected


def test_a_whole_deal_played_with_the_mouse():
    app, scene = make_table(seed=5)
    human = make_player("easy")
    settle(app, scene)
    gestures = 0
    kinds = set()
    while not scene.state.deal_over:
        st = scene.state
        assert st.to_act == 0
        legal = legal_actions(st)
        action = human.choose(observe(st, 0), legal)
        expected = apply(st, action)[0]
        before = len(scene.game.actions)
        gesture(app, scene, action)
        gestures += 1
        kinds.add(type(action).__name__)
        # the engine did what the gesture meant, and nothing else yet
        assert len(scene.game.actions) >= before + 1
        after = scene.state
        assert sorted(after.hands[0]) == sorted(expected.hands[0]) or after.deal_over
        if not after.deal_over and after.turn == 0:
            assert after.snapshot() == expected.snapshot()
        settle(app, scene)
    assert scene.state.result is not None
    assert gestures > 5
    assert {"Draw", "TakePile", "Meld", "Discard"} <= kinds   # every kind of gesture was used
    # the score sheet is up; Next deal deals again
    app.step(1 / 60, [])
    if not scene.state.game_over:
        click(app, scene.sheet_button.rect.center)
        assert scene.state.deal_number == 1 and not scene.state.deal_over


def test_illegal_drop_slides_back_and_says_why():
    app, scene = make_table(seed=8)
    settle(app, scene)
    st = scene.state
    click(app, scene.zone_centre("stock"))       # draw
    assert scene.state.phase == "play"
    card = scene.hand_order[0]
    start = scene.screen_pos_of(card)
    # a single natural dropped on the empty meld area: the engine refuses it
    drag(app, scene.click_point(card), empty_spot(scene))
    assert card in scene.state.hands[0]
    assert scene.toast.visible and scene.toast.error
    assert "meld" in scene.toast.message.lower()
    app.step(1 / 60, [])
    assert scene.screen_pos_of(card) == start
    del st


def test_drop_targets_light_only_where_legal():
    app, scene = make_table(seed=8)
    settle(app, scene)
    click(app, scene.zone_centre("stock"))
    card = scene.hand_order[-1]
    pos = scene.click_point(card)
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)])
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=(pos[0], pos[1] - 60), rel=(0, -60), buttons=(1, 0, 0))])
    targets = scene.drag.targets
    assert targets["pile"][0] == "do"               # discarding is legal
    assert targets["meld_area"][0] in ("no", "stage")
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(pos[0], pos[1] - 60))])


FROZEN = {
    "scores": [0, 0], "dealer": 3, "turn": 0, "phase": "play",
    "hands": [["9H", "9C", "TD", "JS", "QH"], ["5H", "5S"], ["5D", "6D"], ["6S", "7S"]],
    "stock": 30,
    "discard": ["5C", "JK", "7D", "8D", "9D"],
    "melds": [[{"cards": ["KH", "KC", "KD", "KS", "KH", "KC", "KD"], "by": 2},
               {"cards": ["4H", "4C", "4D", "4S", "4H", "4C"], "by": 0}], []],
    "red_threes": [[], []],
}


def _pile_side_strip(app, scene):
    v = scene.view
    from canasta.ui.layout import CARD_H, CARD_W, PILE_POS
    x0 = PILE_POS[0] - CARD_H / 2 + 3
    x1 = PILE_POS[0] - CARD_W / 2 - 9
    rect = v.rect((x0, PILE_POS[1] - 10, x1 - x0, 20))
    return [app.screen.get_at((x, y))[:3] for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)]


def _whiteish(pixels):
    return sum(1 for p in pixels if min(p) > 200) / max(len(pixels), 1)


def test_frozen_pile_shows_a_sideways_card():
    app, scene = make_table(state=position(Rules(), FROZEN))
    app.step(1 / 60, [])
    assert scene.state.frozen
    frozen_white = _whiteish(_pile_side_strip(app, scene))
    plain = dict(FROZEN, discard=["5C", "6C", "7D", "8D", "9D"])
    app2, scene2 = make_table(state=position(Rules(), plain))
    app2.step(1 / 60, [])
    assert not scene2.state.frozen
    plain_white = _whiteish(_pile_side_strip(app2, scene2))
    assert frozen_white > 0.5 > plain_white + 0.3


def test_canasta_is_one_stack_and_a_short_meld_is_fanned():
    app, scene = make_table(state=position(Rules(), FROZEN))
    app.step(1 / 60, [])
    st = scene.state
    idx_k = next(i for i, m in enumerate(st.melds[0]) if m.rank == 13)
    idx_4 = next(i for i, m in enumerate(st.melds[0]) if m.rank == 4)
    ys_k = {round(scene.animator.sprites[c].pose().y) for c in st.melds[0][idx_k].cards}
    ys_4 = [scene.animator.sprites[c].pose().y for c in st.melds[0][idx_4].cards]
    assert max(ys_k) - min(ys_k) <= 5                 # squared up (a few pixels of edge)
    assert max(ys_4) - min(ys_4) > 60                 # every card of the meld visible
    # on screen: below the canasta's card there is no card face; below the 6-card meld there is
    v = scene.view
    from canasta.ui.layout import CARD_H, MELD_SCALE
    def column_white(idx, ys):
        x = scene.animator.sprites[st.melds[0][idx].cards[0]].pose().x
        y = min(ys) + CARD_H * MELD_SCALE / 2 + 20
        r = v.rect((x - 10, y, 20, 30))
        px = [app.screen.get_at((a, b))[:3] for a in range(r.left, r.right) for b in range(r.top, r.bottom)]
        return _whiteish(px)
    assert column_white(idx_k, ys_k) < 0.2
    assert column_white(idx_4, ys_4) > 0.6
    # the natural canasta shows a red card on top
    top = max(st.melds[0][idx_k].cards, key=lambda c: scene.animator.sprites[c].pose().z)
    from canasta.engine.cards import SUIT_OF
    assert SUIT_OF[top] in (1, 2)


def test_selected_cards_are_raised():
    app, scene = make_table(state=position(Rules(), FROZEN))
    app.step(1 / 60, [])
    card = scene.hand_order[1]
    y0 = scene.screen_pos_of(card)[1]
    click(app, scene.click_point(card))
    assert card in scene.selected
    y1 = scene.screen_pos_of(card)[1]
    assert y0 - y1 >= 15
    click(app, scene.click_point(card))
    assert card not in scene.selected


class FaceSpy:
    def __init__(self, art):
        self.art = art
        self.seen = set()
        self._face = art.face

        def face(card, w, h):
            self.seen.add(card)
            return self._face(card, w, h)
        art.face = face


def test_hidden_hands_are_never_drawn_face_up():
    app, scene = make_table(seed=3)
    spy = FaceSpy(app.art)
    for _ in range(200):
        spy.seen.clear()
        app.step(1 / 60, [])
        st = scene.state
        for seat in range(1, 4):
            assert not (spy.seen & (set(st.hands[seat]) - set(st.known[seat])))
        assert not (spy.seen & set(st.stock))
        if st.deal_over:
            break
        if st.to_act == 0 and not scene.animator.busy:
            act = make_player("easy").choose(observe(st, 0), legal_actions(st))
            scene.perform(act)


def test_hot_seat_hides_every_hand_between_turns():
    app, scene = make_table(seed=4, humans=4)
    spy = FaceSpy(app.art)
    # seat 0 is first to act? pass the screen until the privacy screen shows
    st = scene.state
    assert scene.privacy is not None or scene.viewer == st.to_act
    steps = 0
    while steps < 12 and not scene.state.deal_over:
        st = scene.state
        if scene.privacy is not None:
            spy.seen.clear()
            app.step(1 / 60, [])
            hands = set().union(*map(set, st.hands))
            assert not (spy.seen & hands), "a hand was drawn behind the privacy screen"
            click(app, scene.privacy_button.rect.center)
            assert scene.viewer == st.to_act
        spy.seen.clear()
        app.step(1 / 60, [])
        for seat in range(4):
            if seat != scene.viewer:
                assert not (spy.seen & (set(st.hands[seat]) - set(st.known[seat])))
        act = make_player("easy").choose(observe(st, st.to_act), legal_actions(st))
        scene.perform(act)
        app.step(1 / 60, [])
        steps += 1


@pytest.mark.parametrize("players", [2, 3, 6])
def test_other_player_counts_lay_out_and_play(players):
    app, scene = make_table(Rules(players=players), seed=2, humans=0)
    scene.autoplay_deals = 1
    for _ in range(6000):
        app.step(1 / 60, [])
        if not app.running:
            break
    assert scene.deals_done == 1 or scene.state.deal_over
    # every seat's label and cards stay inside the window
    w, h = app.screen.get_size()
    for c, sp in scene.animator.sprites.items():
        x, y = scene.screen_pos_of(c)
        assert 0 <= x <= w and 0 <= y <= h


def test_resize_keeps_the_table_in_the_window():
    app, scene = make_table(state=position(Rules(), FROZEN))
    app.screen = pygame.display.set_mode((1024, 640), pygame.RESIZABLE)
    app.step(1 / 60, [])
    for c in scene.state.hands[0]:
        x, y = scene.screen_pos_of(c)
        assert 0 <= x <= 1024 and 0 <= y <= 640


def test_autoplay_game_to_the_end(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", CANASTA_HOME=str(tmp_path))
    shot = tmp_path / "deal-{deal}.png"
    out = subprocess.run([sys.executable, "-m", "canasta", "--autoplay", "--players", "4", "--seed", "9",
                          "--speed", "instant", "--level", "easy", "--screenshot", str(shot)],
                         env=env, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    shots = sorted(tmp_path.glob("deal-*.png"))
    assert len(shots) >= 2          # a game to 5000 takes several deals


ASK = {
    "scores": [0, 0], "dealer": 3, "turn": 0, "phase": "play",
    "hands": [["8H", "8C", "8D", "9S"], ["5H", "5S"], ["5D", "6D"], ["6S", "7S"]],
    "stock": 30, "discard": ["4S", "5C"],
    "melds": [[{"cards": ["KH", "KC", "KD", "KS", "KH", "KC", "KD"], "by": 2}], []],
    "red_threes": [[], []], "played": [True, False, True, False],
}


def test_hot_seat_partner_answers_on_their_own_privacy_screen():
    app, scene = make_table(state=position(Rules(), ASK), humans=4)
    spy = FaceSpy(app.art)
    if scene.privacy is not None:            # South sits down first
        click(app, scene.privacy_button.rect.center)
    assert scene.viewer == 0
    ask = scene.buttons[5]
    assert ask.visible
    app.step(1 / 60, [])
    assert ask.enabled
    click(app, ask.rect.center)              # "Partner, may I go out?"
    st = scene.state
    assert st.phase == "answer" and st.to_act == 2
    assert scene.privacy == 2                # the screen is hidden until North sits down
    spy.seen.clear()
    app.step(1 / 60, [])
    assert not (spy.seen & set(st.hands[0]))  # South's hand is not shown to North
    click(app, scene.privacy_button.rect.center)
    assert scene.viewer == 2
    app.step(1 / 60, [])
    click(app, scene.yes_button.rect.center)  # North: "yes"
    st = scene.state
    assert st.permission is True and st.to_act == 0
    assert scene.privacy == 0                # and back to South, behind the privacy screen
    click(app, scene.privacy_button.rect.center)
    assert scene.viewer == 0
    # a discard that leaves cards in hand is now refused, with the engine's sentence
    card = scene.state.hands[0][0]
    scene.perform(Discard(card))
    assert scene.toast.error and "go out" in scene.toast.message


def _drawn_card(before, after):
    return (set(after) - set(before)).pop()


def test_undo_never_goes_back_past_a_draw():
    """Issue 11, item 10: Draw, Undo, draw again used to show the same stock card."""
    app, scene = make_table(seed=8)
    settle(app, scene)
    undo = scene.buttons[7]
    hand = list(scene.state.hands[0])
    click(app, scene.zone_centre("stock"))          # draw
    drawn = _drawn_card(hand, scene.state.hands[0])
    after_draw = len(scene.game.actions)
    app.step(1 / 60, [])
    assert not undo.enabled                          # nothing before the draw can be undone
    assert "cannot be taken back" in undo.explanation()
    app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_u, mod=0, unicode="u")])
    app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="")])
    assert len(scene.game.actions) == after_draw and scene.state.phase == "play"
    assert drawn in scene.state.hands[0]
    # a meld after the draw is undone back to just after the draw, and the button says so
    legal = [a for a in legal_actions(scene.state) if isinstance(a, Meld)]
    if legal:
        scene.perform(legal[0])
        app.step(1 / 60, [])
        assert undo.enabled and undo.tip == "Back to just after your draw."
        click(app, undo.rect.center)
        assert len(scene.game.actions) == after_draw and drawn in scene.state.hands[0]
        assert scene.toast.message == "Back to just after your draw."


def test_undo_never_goes_back_past_taking_the_pile():
    app, scene = make_table(state=position(Rules(), dict(FROZEN, phase="draw", discard=["5C", "6C", "7D", "8D", "9D"],
                                                        hands=[["9H", "9C", "TD", "JS", "QH", "QS", "QC"],
                                                               ["5H", "5S"], ["5D", "6D"], ["6S", "7S"]])))
    app.step(1 / 60, [])
    take = next(a for a in legal_actions(scene.state) if isinstance(a, TakePile))
    scene.perform(take)
    after_take = len(scene.game.actions)
    scene.ctl.turn_start = after_take - 1       # the turn began with the take
    assert scene.ctl.undo_point() is None       # taking the pile cannot be undone
    meld = next((a for a in legal_actions(scene.state) if isinstance(a, Meld)), None)
    if meld is not None:
        scene.perform(meld)
        assert scene.ctl.undo_point() == after_take
        assert scene.ctl.undo_target() == "Back to just after you took the pile."


def test_undo_goes_back_to_the_start_of_the_turn_when_nothing_was_revealed():
    """A turn that began in the play phase (taken over mid-turn) has no draw to protect;
    the label says where Undo goes."""
    app, scene = make_table(seed=8)
    settle(app, scene)
    assert scene.ctl.undo_target() == "Back to the start of your turn."


def test_hot_seat_hides_human_hands_while_a_computer_plays():
    """Issue 11, item 11: South, West and North human, East a computer."""
    app, scene = make_table(seed=4, humans=3)
    spy = FaceSpy(app.art)
    st = scene.state
    humans = {0, 1, 2}
    # the game opens on a privacy screen (or, a computer first, with every hand hidden)
    spy.seen.clear()
    app.step(1 / 60, [])
    human_cards = set().union(*(set(st.hands[s]) for s in humans))
    if st.to_act in humans:
        assert scene.privacy == st.to_act
    assert not (spy.seen & human_cards), "a hand was face up before anyone sat down"
    checked = 0
    for _ in range(400):
        st = scene.state
        if st.deal_over or checked >= 3:
            break
        if scene.privacy is not None:
            click(app, scene.privacy_button.rect.center)
            continue
        if st.to_act == 3:
            # East is playing: no human hand is face up (nor the former player's)
            spy.seen.clear()
            app.step(1 / 60, [])
            human_cards = set().union(*(set(st.hands[s]) - set(st.known[s]) for s in humans))
            if scene.state.to_act == 3 or st is scene.state:
                assert not (spy.seen & human_cards), "a human hand stayed face up while East played"
                assert status_line(scene.ctl) == f"{scene.seats[3].name} is playing."
            checked += 1
            settle_computer(app, scene)
            continue
        act = make_player("easy").choose(observe(st, st.to_act), legal_actions(st))
        scene.perform(act)
    assert checked >= 1


def settle_computer(app, scene, limit=600):
    for _ in range(limit):
        app.step(1 / 60, [])
        if scene.state.deal_over or scene.state.to_act != 3:
            return


def key(app, k, mod=0):
    app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="")])


def test_keyboard_focus_goes_round_the_table_buttons():
    app, scene = make_table(seed=8)
    settle(app, scene)
    draw = scene.buttons[0]
    assert scene.focused_button() is None                 # the hand has the focus first
    key(app, pygame.K_TAB)
    if scene.focus.current() is scene.meld_focus:         # the side's melds come first when it has any
        key(app, pygame.K_TAB)
    assert scene.focused_button() is draw                 # the first button that works now
    key(app, pygame.K_RETURN)                             # Enter presses it
    assert scene.state.phase == "play"
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert scene.focused_button() is scene.menu_button or scene.focused_button() in scene.buttons
    # back to the hand: arrows move along it and Space picks the card
    while scene.focus.current() is not scene.hand_focus:   # past the buttons (and the melds)
        key(app, pygame.K_TAB)
    first = scene.focused_card()
    key(app, pygame.K_RIGHT)
    second = scene.focused_card()
    assert second != first
    key(app, pygame.K_SPACE)
    assert scene.selected == {second}
    # Up goes to the buttons, the arrows move between them, Space presses
    key(app, pygame.K_UP)
    if scene.focus.current() is scene.meld_focus:         # the side's melds lie above the hand
        key(app, pygame.K_TAB)
    b = scene.focused_button()
    assert b is not None and b.enabled
    hint = scene.buttons[6]
    for _ in range(8):
        if scene.focused_button() is hint:
            break
        key(app, pygame.K_DOWN if scene.focused_button().rect.y < hint.rect.y else pygame.K_RIGHT)
    assert scene.focused_button() is hint
    key(app, pygame.K_SPACE)
    for _ in range(10):
        app.step(1 / 60, [])
    assert scene.toast.visible and scene.ctl.hint_ticket is None


class SilentAI:
    """A worker that takes requests and never answers: a hint still thinking."""

    def __init__(self):
        self.requests, self.cancels = [], 0

    def request(self, seat, obs, legal, level):
        self.requests.append(level)
        return len(self.requests)

    def poll(self):
        return None

    def cancel(self):
        self.cancels += 1

    def close(self):
        pass


def test_the_hint_is_asked_of_the_worker_and_cancelled_when_the_table_closes():
    app, scene = make_table(seed=8)
    settle(app, scene)
    app.ai = ai = SilentAI()
    key(app, pygame.K_h)
    assert ai.requests == ["hint"] and scene.ctl.hint_ticket is not None
    assert not scene.buttons[6].enabled and not scene.is_idle()
    scene.close()
    assert ai.cancels >= 1 and scene.ctl.hint_ticket is None


def test_a_real_worker_hint_leaves_no_thread_behind():
    import threading
    from canasta.ai.worker import AIWorker
    app, scene = make_table(seed=8)
    settle(app, scene)
    before = set(threading.enumerate())
    app.ai = AIWorker(budget_ms=30)
    try:
        key(app, pygame.K_h)
        scene.close()                                  # cancelled while it thinks
        assert scene.ctl.hint_ticket is None
    finally:
        app.ai.close()
    assert set(threading.enumerate()) <= before


def test_score_sheet_rows_keep_each_sides_order():
    from canasta.ui.table.view import sheet_rows
    rows, cells = sheet_rows([
        [("Melded cards", "470"), ("Red threes", "100 (1)"), ("Cards left in hand", "-35")],
        [("Melded cards", "250"), ("Mixed canastas", "300 (1)"), ("Red threes", "300 (3)"), ("Going out", "100"),
         ("Cards left in hand", "-20")],
    ])
    assert rows == ["Melded cards", "Mixed canastas", "Red threes", "Going out", "Cards left in hand"]
    assert cells[("Red threes", 0)] == "100 (1)" and ("Going out", 0) not in cells


def test_the_score_sheet_draws_the_games_score_lines():
    """No scoring row is written into the window: the sheet shows DealResult.lines."""
    from canasta.engine.state import ScoreLine
    from canasta.ui.table.view import team_lines
    app, scene = make_table(Rules(players=2), seed=2, humans=0)
    for _ in range(6000):
        app.step(1 / 60, [])
        if scene.state.deal_over:
            break
    res = scene.state.result
    assert res is not None
    res.lines = [[ScoreLine("Sevens bonus", 1500, "1"), ScoreLine("Melded cards", 90)],
                 [ScoreLine("Melded cards", 40)]]
    texts = []
    from canasta.ui.table import panels as view_module     # the score sheet is a panel of the table
    real = view_module.blit_text

    def spy(dest, s, *a, **k):
        texts.append(s)
        return real(dest, s, *a, **k)
    view_module.blit_text = spy
    try:
        app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0))])
    finally:
        view_module.blit_text = real
    assert team_lines(res, 0) == [("Sevens bonus", "1500 (1)"), ("Melded cards", "90")]
    assert "Sevens bonus" in texts and "1500 (1)" in texts and "Natural canastas" not in texts


def _observable(app, scene):
    ctl = scene.ctl
    buttons = scene.buttons + [scene.menu_button, scene.sheet_button, scene.leave_button, scene.privacy_button,
                               scene.yes_button, scene.no_button]
    return (ctl.state.snapshot(), set(ctl.selected), list(ctl.staged), ctl.privacy, ctl.viewer, ctl.sheet_shown,
            ctl.toast.message, ctl.toast.left, ctl.confirm, list(app._shots), ctl.layout.hand_order,
            {c: sp.pose() for c, sp in ctl.animator.sprites.items()},
            [(b.label, tuple(b.rect), b.enabled, b.visible, b.tip) for b in buttons])


def test_drawing_changes_nothing():
    """The view only draws: the score sheet, the table and the privacy screen leave the
    controller, the buttons and the app as they were."""
    app, scene = make_table(Rules(players=2), seed=2, humans=0)
    scene.screenshot = str("/nonexistent/{deal}.png")
    for _ in range(6000):
        app.step(1 / 60, [])
        if scene.state.deal_over:
            break
    assert scene.state.deal_over
    app._shots.clear()
    hot_seat = make_table(seed=4, humans=4)[1]
    assert hot_seat.privacy is not None
    for s in (scene, make_table(seed=8)[1], hot_seat):
        a = s.app
        before = _observable(a, s)
        s.painter.draw(a.screen)
        assert _observable(a, s) == before
