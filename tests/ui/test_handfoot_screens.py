"""Hand and Foot around the table: the statistics call its finished melds books, the
New game screen shows the first meld's minimum that is in force (by deal, or by the
side's score), and the table's score panel of a game of four deals. Driven by real
pygame events where a person would use the mouse."""

from __future__ import annotations

import pygame
import pytest

from canasta.ai import make_player
from canasta.engine import Rules, legal_actions
from canasta.engine.observe import observe
from canasta.engine.record import Game
from canasta.ui import games
from canasta.ui.screens import newgame as newgame_module
from canasta.ui.screens import newgame_minimum
from canasta.ui.screens import stats as stats_module
from canasta.ui.screens.stats import StatisticsScreen
from canasta.ui.session import finished_game_summary
from canasta.ui.table import SeatConfig
from harness import click
from test_games import choose_game, open_form, step_arrow

pytestmark = pytest.mark.usefixtures("user_folders")

HF = "hand_and_foot"


def played_deal(rules: Rules, seed: int) -> dict:
    """A score-history entry of one deal played by the easy players."""
    g = Game(rules, seed)
    players = [make_player("easy", seed=s) for s in range(rules.players)]
    while not g.state.deal_over:
        st = g.state
        g.play(players[st.to_act].choose(observe(st, st.to_act), legal_actions(st)))
    seats = [SeatConfig("You", True)] + [SeatConfig(f"C{i}", False, "easy") for i in range(1, rules.players)]
    summary = finished_game_summary(g, seats, {})
    del summary["winners"]   # counted as a game of one deal, won by the side ahead (none: unfinished)
    return summary


def drawn_words(monkeypatch, *modules) -> list[str]:
    """Every string the ``modules`` draw with draw_fitted from now on."""
    seen: list[str] = []
    for module in modules:
        real = module.draw_fitted

        def spy(surf, s, *a, real=real, **k):
            seen.append(s)
            return real(surf, s, *a, **k)

        monkeypatch.setattr(module, "draw_fitted", spy)
    return seen


def step_until(app, stepper, d: int, done) -> None:
    """Click ``stepper``'s arrow (``d``: -1 left, +1 right) until ``done()`` holds."""
    for _ in range(len(stepper.choices) + 1):
        if done():
            return
        step_arrow(app, stepper, d)
    assert done(), (stepper.name, stepper.get())


def redraw(app, seen: list[str]) -> list[str]:
    seen.clear()
    app.scene.draw(app.screen)
    return list(seen)


def test_the_statistics_count_books_in_hand_and_foot(launch, monkeypatch):
    app, session = launch()
    hf = played_deal(Rules(variant=HF), seed=3)
    classic = played_deal(Rules(players=4), seed=3)
    session.db.record_game(hf)
    session.db.record_game(classic)
    books = sum(it["natural_canastas"] + it["mixed_canastas"] + it["wild_books"]
                for d in hf["deals"] for it in d["items"][:1])     # the player's side: team 0
    canastas = sum(it["natural_canastas"] + it["mixed_canastas"] for d in classic["deals"] for it in d["items"][:1])
    assert books > 0 and canastas > 0   # the deals chosen make some
    seen = drawn_words(monkeypatch, stats_module)
    click(app, app.scene.control("statistics"))
    stats = app.scene
    assert isinstance(stats, StatisticsScreen)
    drawn = redraw(app, seen)
    assert "canastas and books made" in drawn and stats.stats["canastas_made"] == books + canastas
    step = stats.control("game")
    step_until(app, step, +1, lambda: stats.game == HF)
    drawn = redraw(app, seen)
    assert stats.stats["canastas_made"] == books and f"{books:,}" in drawn
    assert "books made" in drawn and not any("canasta" in s for s in drawn), drawn
    step_until(app, step, +1, lambda: stats.game == "classic")
    drawn = redraw(app, seen)
    assert "canastas made" in drawn and "books made" not in drawn
    assert stats.stats["canastas_made"] == canastas


def _rules_tab(app, game: str):
    form = open_form(app)
    choose_game(app, form, game)
    click(app, form.control("tab_rules"))
    return form


def test_the_new_game_screen_shows_the_minimum_by_deal(launch, monkeypatch):
    app, session = launch()
    seen = drawn_words(monkeypatch, newgame_module, newgame_minimum)
    form = _rules_tab(app, HF)
    assert form.opts["minimum_by"] == "deal"
    drawn = redraw(app, seen)
    # the deal table is in force: one stepper per deal of the game, with its minimum
    shown = [c for c in form.deal_steps if c.visible]
    assert [c.get() for c in shown] == [50, 90, 120, 150] and [c.label() for c in shown] == ["50", "90", "120", "150"]
    assert ["deal 1", "deal 2", "deal 3", "deal 4"] == [s for s in drawn if s.startswith("deal ")]
    assert "for the first meld, by the deal" in drawn
    assert "below 0" not in drawn and not any(s.endswith("+") for s in drawn)
    assert not form.negative_step.visible and not any(c.visible for c in form.minimum_steps)
    # every stepper inside the panel and apart from the others
    rects = [c.rect for c in shown]
    assert all(form.PANEL.contains(r) for r in rects)
    assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    # the mouse raises the second deal's minimum; the game started plays it
    step_arrow(app, form.control("deal_minimum1"), +1)
    assert form.opts["deal_minimums"] == [50, 100, 120, 150]
    # by the side's score: the score table comes back, the deal table goes
    mb = form.control("minimum_by")
    step_until(app, mb, +1, lambda: form.opts["minimum_by"] == "score")
    drawn = redraw(app, seen)
    assert not any(c.visible for c in form.deal_steps)
    assert form.negative_step.visible and [c.get() for c in form.minimum_steps if c.visible] == [50, 90, 120]
    assert "below 0" in drawn and "1,500+" in drawn and "3,000+" in drawn
    assert "for the first meld, by the side's total" in drawn and not any(s.startswith("deal ") for s in drawn)
    step_until(app, mb, -1, lambda: form.opts["minimum_by"] == "deal")
    # fewer deals in a game: as many minimums as deals
    deals = form.control("deals")
    step_until(app, deals, -1, lambda: form.opts["deals"] == 2)
    drawn = redraw(app, seen)
    assert [c.get() for c in form.deal_steps if c.visible] == [50, 100]
    assert [s for s in drawn if s.startswith("deal ")] == ["deal 1", "deal 2"]
    step_until(app, deals, +1, lambda: form.opts["deals"] == 4)
    click(app, form.control("start"))
    st = app.scene.game.state
    assert st.rules.minimum_by == "deal" and tuple(st.rules.deal_minimums) == (50, 100, 120, 150)
    assert st.minimum(0) == 50 and st.rules.minimum_in(0, 1) == 100


def test_the_new_game_screen_keeps_the_score_table_for_classic(launch, monkeypatch):
    app, session = launch()
    seen = drawn_words(monkeypatch, newgame_module, newgame_minimum)
    form = _rules_tab(app, "classic")
    drawn = redraw(app, seen)
    assert not form.by_deal() and not any(c.visible for c in form.deal_steps)
    assert form.negative_step.visible and "below 0" in drawn
    assert not any(s.startswith("deal ") for s in drawn)
    assert games.canasta_word("classic") == "canasta" and games.canasta_word(HF) == "book"


def test_the_score_panel_of_a_game_of_four_deals(monkeypatch):
    """A click on the score box opens the scores so far: a game of four deals has no
    target to name (it used to fail drawing "To win: None")."""
    from canasta.ui.table import panels as view_module    # the scores so far are a panel of the table
    from test_table import make_table
    app, scene = make_table(Rules(variant=HF), seed=3)
    seen: list[str] = []
    real = view_module.blit_text

    def spy(surf, s, *a, **k):
        seen.append(s)
        return real(surf, s, *a, **k)

    monkeypatch.setattr(view_module, "blit_text", spy)
    click(app, scene.painter.hud_rect(scene.view).center)
    assert scene.scores_open
    seen.clear()
    scene.draw(app.screen)
    assert "A game of 4 deals: the higher total after the last one wins." in seen
    assert not any(s.startswith("To win") for s in seen)
    pygame.event.clear()


def test_a_message_at_the_end_of_a_deal_lies_clear_of_the_score_sheet(monkeypatch):
    """"South went out!" was drawn across the sheet's title and headings."""
    from canasta.ui import widgets
    from canasta.ui.table.layout import SHEET_H, SHEET_Y
    from test_table import make_table
    app, scene = make_table(Rules(variant=HF), seed=7, humans=0)
    for _ in range(20000):
        app.step(1 / 60, [])
        if scene.state.deal_over:
            break
    assert scene.state.deal_over and scene.state.result is not None
    scene.ctl.toast.show("A message long enough to take two lines of the message box at the end of "
                         "a deal, as a refusal might.", 5.0)
    drawn = []
    real = widgets.panel

    def spy(dest, rect, *a, **k):
        drawn.append(pygame.Rect(rect))
        return real(dest, rect, *a, **k)

    monkeypatch.setattr(widgets, "panel", spy)
    scene.draw(app.screen)
    sheet = scene.view.rect((0, SHEET_Y, 1280, SHEET_H))
    assert len(drawn) == 1 and not drawn[0].colliderect(sheet), (drawn, sheet)
    assert app.screen.get_rect().contains(drawn[0])
