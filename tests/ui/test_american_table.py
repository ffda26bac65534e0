"""Modern American Canasta at the table, with posted mouse events: a whole deal with
threes laid by drag and a wild discard refused (it slides back with the rule's
sentence), a special hand laid with its button and named on the score sheet, the
talons and the risk panel drawn, and --autoplay --variant american to the game's end."""

from __future__ import annotations

import os
import subprocess
import sys

import pygame
import pytest

from canasta.ai import make_player
from canasta.engine import Discard, Draw, Meld, Rules, TakePile, apply, legal_actions, variants
from canasta.engine.cards import WILD_OF, card_code
from canasta.engine.observe import observe
from canasta.engine.setup import position
from canasta.engine.variants import american as A

from helpers import click, drag, settle
from test_table import empty_spot, gesture, make_table, select

pytestmark = pytest.mark.skipif("american" not in variants.names(), reason="Modern American is not registered")

RULES = Rules(variant="american")


def _button(scene, label):
    return next(b for b in scene.buttons if b.label == label)


def american_gesture(app, scene, action) -> bool:
    """Make ``action`` with the mouse; False when it is a melding action of several
    groups onto melds already down (made through the table instead)."""
    if isinstance(action, A.LayThrees):
        select(app, scene, action.cards)
        drag(app, scene.click_point(action.cards[0]), empty_spot(scene))
        return True
    if isinstance(action, A.LaySpecial):
        click(app, _button(scene, "Lay special hand").rect.center)
        return True
    if isinstance(action, Meld) and len(action.groups) > 1 and any(g.onto is not None for g in action.groups):
        return False
    if isinstance(action, TakePile) and (action.melds or (action.onto is not None and not action.with_cards)):
        return False
    gesture(app, scene, action)
    return True


def play_out_deal(app, scene, kinds):
    human = make_player("medium")
    by_mouse = by_table = 0
    settle(app, scene)
    while not scene.state.deal_over:
        st = scene.state
        assert st.to_act == 0
        action = human.choose(observe(st, 0), legal_actions(st))
        expected = apply(st, action)[0]
        if american_gesture(app, scene, action):
            by_mouse += 1
        else:
            scene.perform(action)
            by_table += 1
        kinds.add(type(action).__name__)
        after = scene.state
        assert sorted(after.hands[0]) == sorted(expected.hands[0]) or after.deal_over
        settle(app, scene)
    return by_mouse, by_table


def test_a_whole_deal_with_threes_laid_by_drag_and_a_wild_discard_refused():
    app, scene = make_table(RULES, seed=7)
    settle(app, scene)
    st = scene.state
    assert st.to_act == 0 and st.pile == []
    # the talons lie beside the stock, face down, counted
    assert scene.ctl.layout.seen.talon_sizes == (4, 3)
    click(app, scene.zone_centre("stock"))
    settle(app, scene)
    st = scene.state
    assert st.phase == "play"
    # a wild card dragged to the pile slides back with the rule's sentence
    wild = next(c for c in st.hands[0] if WILD_OF[c])
    before = len(scene.game.actions)
    place = scene.ctl.layout.targets[wild]
    app.settings.animation_speed = "normal"       # to see it slide
    drag(app, scene.click_point(wild), scene.zone_centre("pile"))
    moving = scene.animator.sprites[wild]
    assert moving.moving and moving.target == place
    pile = scene.ctl.layout.zones["pile"].center
    now = moving.pose()
    assert abs(now.x - pile[0]) + abs(now.y - pile[1]) < abs(now.x - place.x) + abs(now.y - place.y)
    settle(app, scene)
    app.settings.animation_speed = "instant"
    assert moving.pose() == place
    assert len(scene.game.actions) == before and wild in scene.state.hands[0]
    assert scene.toast.error
    assert scene.toast.message == "A wild card may be discarded only when going out or when nothing else is left."
    # the threes dragged to the side's area are laid, and replaced from the stock
    threes = tuple(c for c in scene.state.hands[0] if A.is_three(c))
    assert threes
    size = len(scene.state.hands[0])
    assert _button(scene, "Lay threes").enabled
    select(app, scene, threes)
    drag(app, scene.click_point(threes[0]), empty_spot(scene))
    settle(app, scene)
    st = scene.state
    assert set(threes) <= set(st.red3[0]) and len(st.hands[0]) == size
    assert all(c in scene.ctl.layout.targets for c in threes)   # drawn in the team's area
    # ... and the rest of the deal, to its score sheet, with the mouse
    kinds: set = set()
    by_mouse, by_table = play_out_deal(app, scene, kinds)
    res = scene.state.result
    assert res is not None and by_mouse > 5 and by_mouse >= 3 * by_table
    assert {"Draw", "Discard"} <= kinds
    from canasta.ui.table.view import sheet_rows, team_lines
    rows, _cells = sheet_rows([team_lines(res, t) for t in range(2)])
    assert set(rows) == {line.label for t in range(2) for line in res.lines[t]}
    app.step(1 / 60, [])


SPECIAL = {"scores": [0, 0], "dealer": 3, "turn": 0, "phase": "draw", "stock": ["9D", "8C", "JK"],
           "discard": ["4S"], "threes": [[], []],
           "hands": [["AH", "KC", "QD", "JS", "TH", "9C", "8D", "7S", "6H", "5C", "4D", "3S", "2H"],
                     ["5H", "6C"], ["5D", "6D"], ["6S", "7D"]]}


def test_a_special_hand_laid_through_the_window():
    st = position(RULES, SPECIAL)
    app, scene = make_table(RULES, state=st)
    settle(app, scene)
    special = _button(scene, "Lay special hand")
    assert not special.enabled
    # disabled, the button says why when the pointer rests on it
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=special.rect.center, rel=(0, 0), buttons=(0, 0, 0))])
    assert special.hover and special.explanation() == special.why_disabled
    assert special.why_disabled.startswith("A special hand is 14 cards laid right after drawing from the stock")
    click(app, scene.zone_centre("stock"))
    settle(app, scene)
    assert len(scene.state.hands[0]) == 14
    scene.place_controls()
    assert special.enabled and "straight" in special.tip
    click(app, special.rect.center)
    settle(app, scene)
    st = scene.state
    assert st.deal_over
    assert [(x.label, x.points) for x in st.result.lines[0]] == [("Special hand: straight", 3000)]
    from canasta.ui.table import game_american
    assert "special hand: straight, 3,000" in game_american.sheet_subtitle(scene.ctl, st.result)
    app.step(1 / 60, [])
    assert scene.ctl.sheet_shown


def test_the_games_buttons_hold_their_labels_and_stand_clear_of_the_tables():
    from canasta.ui.draw import font
    from canasta.ui.table.view import fs
    for size in ((1280, 800), (1024, 640), (1920, 1080)):
        app, scene = make_table(RULES, seed=7, size=size)
        settle(app, scene)
        scene.place_controls()
        ours = [_button(scene, "Lay threes"), _button(scene, "Lay special hand")]
        text = font(fs(scene.view, 19))
        for b in ours:
            assert b.visible and text.size(b.label)[0] + 8 <= b.rect.w, (size, b.label)
            others = [o for o in scene.buttons + [scene.menu_button] if o is not b and o.visible]
            assert not any(b.rect.colliderect(o.rect) for o in others), (size, b.label)
            assert app.screen.get_rect().contains(b.rect)


RISK = {"scores": [0, 0], "dealer": 3, "turn": 0, "phase": "play", "stock": 30, "discard": ["4S", "9C"],
        "threes": [["3H", "3S"], ["3D"]], "talons": [["4C", "4D", "4H", "4S"], ["8C", "8D", "8H"]],
        "melds": [[{"cards": ["7H", "7C", "7D", "7S", "7H", "7C", "7D"], "by": 0},
                   {"cards": ["AH", "AC", "AD", "AS"], "by": 2}],
                  [{"cards": ["2C", "2D", "JK"], "by": 1}]],
        "hands": [["KH", "KC", "QD", "JS", "TH", "9D"], ["5H", "6C"], ["5D", "6D"], ["6S", "9H"]]}


def test_closed_sevens_threes_talons_and_risks_are_drawn():
    from canasta.ui.table.game_american import risk_lines
    st = position(RULES, RISK)
    app, scene = make_table(RULES, state=st)
    settle(app, scene)
    layout = scene.ctl.layout
    sevens = st.melds[0][0]
    assert sevens.canasta == "sevens" and sevens.closed
    # a closed canasta is squared up: every card within a few pixels of the top one
    xs = {round(layout.targets[c].x) for c in sevens.cards}
    assert max(xs) - min(xs) <= 2
    for c in st.red3[0] + st.red3[1]:
        assert c in layout.targets
    words = dict(risk_lines(layout.seen))
    assert words[0].startswith("-2,500") and "aces 4/7" in words[0]
    assert words[1].startswith("-2,000") and "wild meld 3/7" in words[1]
    assert layout.seen.talon_sizes == (4, 3)
    app.step(1 / 60, [])


def _frame(app, scene, pieces):
    kept, scene.pieces = scene.pieces, pieces
    try:
        surf = app.screen.copy()
        scene.draw(surf)
        return surf
    finally:
        scene.pieces = kept


def test_a_review_shows_the_talons_and_the_risk_as_the_table_does():
    from canasta.review import play_deal
    from canasta.ui.layout import CARD_H, CARD_W
    from canasta.ui.screens import review
    from canasta.ui.table import game_american as GA

    game = play_deal("medium", 3, rules=RULES)
    app, _table = make_table(RULES, seed=7)
    scene = review.ReviewScene(app, game, run_coach=False)
    app.set_scene(scene)
    app.step(1 / 60, [])
    # a late position where a side risks an unfinished meld, reached with the keys
    risky = [s for s in range(scene.count) if s and GA.risk_lines(_seen_after(game, scene.first + s))]
    assert risky
    scene.go(risky[-1] - 1, animate=False)
    app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0)])
    assert scene.step == risky[-1]
    seen = scene.ctl.layout.seen
    assert seen.talon_sizes == (4, 3) and GA.risk_lines(seen)
    for _ in range(60):
        app.step(1 / 60, [])
    surf = app.screen.copy()
    v = scene.view
    # each talon's top card is the card back, where the table draws it
    w, h = int(CARD_W * GA.TALON_SCALE), int(CARD_H * GA.TALON_SCALE)
    for i, size in enumerate(seen.talon_sizes):
        r = v.rect((GA.TALON_X - w // 2, GA.TALON_Y[i] - h // 2, w, h))
        top = min(size, 4) - 1
        back = app.art.back(r.w, r.h)
        for fx in (0.3, 0.5, 0.7):
            for fy in (0.3, 0.5, 0.7):
                x, y = int(r.w * fx), int(r.h * fy)
                assert surf.get_at((r.x - 2 * top + x, r.y - 2 * top + y)) == back.get_at((x, y))
    # the pieces (talons, their counts, the risk panel) change the frame only off the review's own things
    bare = _frame(app, scene, None)
    same = pygame.mask.from_threshold(_frame(app, scene, scene.pieces), (0, 0, 0, 0), (1, 1, 1, 255), bare)
    same.invert()
    changed = same.get_bounding_rects()
    assert changed
    risk = v.rect((*scene.risk_at, GA.RISK_W, 8 + 20 * len(GA.risk_lines(seen))))
    assert any(risk.contains(c) for c in changed)
    review_own = [v.rect(review.LIST_BOX), v.rect(review.SLIDER.inflate(0, 2 * review.SLIDER_KNOB)),
                  v.rect((review.PROGRESS.x, 0, 400, review.PROGRESS.bottom)),
                  *(b.rect for b in scene.buttons + [scene.menu_button])]
    for c in changed:
        assert not any(c.colliderect(o) for o in review_own), c


def test_a_review_keeps_its_slider_off_the_meld_labels_its_list_off_east_and_says_nothing_of_skipping(
        monkeypatch):
    from canasta.review import play_deal
    from canasta.ui.screens import review
    from canasta.ui.table.layout import MeldLabel

    said, where = [], []

    def spy(surf, words, *a, **k):
        said.append(words)
        where.append((words, real(surf, words, *a, **k)))
        return where[-1][1]
    from canasta.ui.table import labels, panels
    real = labels.blit_text
    for drawing in (labels, panels):      # the table's labels and its panels (the status line)
        monkeypatch.setattr(drawing, "blit_text", spy)
    game = play_deal("medium", 3, rules=RULES)
    # the table offers S on a computer's turn ...
    app, table = make_table(RULES, seed=7)
    while table.ctl.human_to_act():
        table.perform(legal_actions(table.state)[0])
    table.draw(app.screen)
    assert "S skips ahead" in said
    # ... a review has nothing to skip (its S is the score sheet)
    scene = review.ReviewScene(app, game, run_coach=False)
    app.set_scene(scene)
    knob = review.SLIDER.inflate(0, 2 * review.SLIDER_KNOB - review.SLIDER.h)
    for step in range(0, scene.count, 7):
        scene.go(step, animate=False)
        said.clear(), where.clear()
        scene.draw(app.screen)
        assert "S skips ahead" not in said
        assert any(w.startswith(f"Move {step} of") for w in said) or step == 0   # the status line was drawn
        labels = [lab.box for lab in scene.ctl.layout.labels if isinstance(lab, MeldLabel)]
        assert not any(knob.colliderect(b) for b in labels), step
        # East's name and hand size stay in view beside the turn list
        east = [r for words, r in where if words.startswith(("East", "medium, ")) and r.right > scene.view.size(1200)]
        assert len(east) == 2 and not any(r.colliderect(scene.view.rect(scene._list_box())) for r in east), step


def _seen_after(game, count):
    from canasta.engine.record import Game
    g = Game(game.rules, game.seed, game.first_dealer)
    for a in game.actions[:count]:
        g.play(a)
    return observe(g.state, 0)


def test_the_risk_panel_holds_its_lines_even_for_three_melds_at_risk(monkeypatch):
    from canasta.ui.table import game_american as GA
    three = dict(RISK, melds=[[{"cards": ["QH", "QC", "QS"], "by": 0}], [{"cards": ["2C", "2D", "JK"], "by": 1},
                                                 {"cards": ["7S", "7D", "7C"], "by": 1},
                                                 {"cards": ["AS", "AD", "AC"], "by": 3}]])
    st = position(RULES, three)
    app, scene = make_table(RULES, state=st)
    settle(app, scene)
    lines = GA.risk_lines(scene.ctl.layout.seen)
    assert len(lines) == 1 and lines[0][1] == "-7,000 unfinished (wild meld 3/7, sevens 3/7, aces 3/7)"
    drawn, panels = [], []
    real_text, real_panel = GA.blit_text, GA.panel
    monkeypatch.setattr(GA, "blit_text", lambda *a, **k: drawn.append((a[1], real_text(*a, **k))) or drawn[-1][1])
    monkeypatch.setattr(GA, "panel", lambda surf, box, **k: panels.append(pygame.Rect(box)) or real_panel(surf, box, **k))
    for size in ((1280, 800), (1024, 640)):
        app.screen = pygame.display.set_mode(size)
        drawn.clear(), panels.clear()
        scene.draw(app.screen)
        v = scene.view
        assert len(panels) == 1 and panels[0].topleft == v.pt(*GA.RISK_AT)
        box = panels[0]
        # every word of the line is drawn, inside the panel, in text no smaller than the table's
        risk = [(words, r) for words, r in drawn if box.colliderect(r)]
        assert " ".join(w for w, _ in risk) == f"{scene.ctl.team_name(1)}: {lines[0][1]}"
        for words, r in risk:
            assert box.contains(r), (size, words, r, box)
        assert all(r.h >= 11 for _, r in risk)


def test_autoplay_american_to_the_end_of_the_game(tmp_path, monkeypatch):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", CANASTA_HOME=str(tmp_path),
               PYTHONPATH=os.pathsep.join(p for p in (os.environ.get("PYTHONPATH"), ".") if p))
    shot = tmp_path / "deal-{deal}.png"
    out = subprocess.run([sys.executable, "-m", "canasta", "--autoplay", "--variant", "american",
                          "--seed", "9", "--speed", "instant", "--level", "medium", "--screenshot", str(shot)],
                         env=env, capture_output=True, text=True, timeout=900)
    assert out.returncode == 0, out.stderr[-2000:]
    shots = sorted(tmp_path.glob("deal-*.png"))
    assert len(shots) >= 2
    # the window closed at the game's end, which it recorded: a side reached 8,500
    monkeypatch.setenv("CANASTA_HOME", str(tmp_path))
    from canasta.engine.record import Game
    from canasta.store.database import ScoreDatabase
    with ScoreDatabase() as db:
        games = db.all_games()
        assert len(games) == 1 and games[0]["variant"].startswith("american")
        record = Game.from_json(db.record_of(games[0]["uid"]))
    assert record.state.game_over and max(record.state.totals) >= 8500
    assert list(record.state.totals) == games[0]["final_totals"]
    assert len(shots) == len(record.state.history)


_ = (Discard, Draw, card_code)
