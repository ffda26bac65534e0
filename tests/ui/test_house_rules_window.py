"""The house rules of RULES.md 9.1 in the window: the New game screen offers them for
Classic only, with their explanations; chosen there by clicks they reach the engine and
the saved setup; the rules screen describes them; and at the table the pile turned over
into a new stock is said by the stock's label, the status line, the Draw button and a
message, with the move log's line."""

from __future__ import annotations

import pytest

from canasta.engine import Rules
from canasta.engine.setup import position
from canasta.ui import games
from canasta.ui.screens.rules import rules_summary
from canasta.ui.table import SeatConfig, TableScene
from canasta.ui.table.view import status_line, stock_label
from harness import click, click_at

pytestmark = pytest.mark.usefixtures("user_folders")

HOUSE = ("jokers", "natural_canastas_to_go_out", "concealed_bonus")


def _step_to(app, stepper, value, limit=20):
    """Click the stepper's arrow towards ``value`` until it shows it."""
    r = stepper.rect
    values = [v for v, _ in stepper.choices]
    for _ in range(limit):
        if stepper.get() == value:
            return
        right = values.index(value) > stepper.index()
        click_at(app, r.right - 8 if right else r.x + 8, r.centery)
    assert stepper.get() == value


def test_the_new_game_screen_offers_the_house_rules_for_classic_and_starts_with_them(launch):
    app, session = launch()
    click(app, app.scene.control("new"))
    form = app.scene
    click(app, form.control("tab_rules"))
    keys = [c.name for _, _, c in form.option_rows]
    assert set(HOUSE) <= set(keys)
    helps = {c.name: h for _, h, c in form.option_rows}
    assert all(helps[k] for k in HOUSE)
    values = [v for v, _ in form.control("stock_exhausted").choices]
    assert "reshuffle" in values
    _step_to(app, form.control("stock_exhausted"), "reshuffle")
    _step_to(app, form.control("jokers"), 6)
    _step_to(app, form.control("concealed_bonus"), 250)
    assert form.error is None
    # one natural canasta of one needed: allowed; two of one: the form says why
    _step_to(app, form.control("natural_canastas_to_go_out"), 2)
    assert form.error and "natural canastas" in form.error
    _step_to(app, form.control("natural_canastas_to_go_out"), 1)
    assert form.error is None
    click(app, form.control("start"))
    table = app.scene
    assert isinstance(table, TableScene)
    r = table.game.state.rules
    assert (r.stock_exhausted, r.jokers, r.natural_canastas_to_go_out, r.scoring.concealed_extra) == \
        ("reshuffle", 6, 1, 250)
    assert table.game.state.total_cards == 110
    saved = session.settings.last_game["rules"]
    assert saved["stock_exhausted"] == "reshuffle" and saved["jokers"] == 6


@pytest.mark.parametrize("game", [g for g in games.game_names() if g != "classic"])
def test_other_games_never_offer_the_pile_turned_over(game):
    assert "reshuffle" not in [v for v, _ in games.option_choices("stock_exhausted", "play_on", "play_on", game)]
    assert not set(HOUSE[:2]) & set(games.option_keys(game))


def test_the_rules_screen_describes_each_house_rule():
    text = "\n".join(rules_summary(Rules(jokers=0, stock_exhausted="reshuffle", canastas_to_go_out=2,
                                         natural_canastas_to_go_out=1, concealed_bonus=500)))
    assert "104 cards with no jokers" in text
    assert "turns it over" in text and "bottom card is drawn first" in text
    assert "one of them natural" in text
    assert "Concealed: +500" in text
    plain = "\n".join(rules_summary(Rules()))
    assert "108 cards with four jokers." in plain and "turns it over" not in plain


def test_the_table_says_when_the_pile_becomes_the_stock(launch):
    app, session = launch()
    seats = [SeatConfig("You", True), SeatConfig("Marta", False), SeatConfig("Luis", False),
             SeatConfig("Ines", False)]
    table = session.start_game(Rules(stock_exhausted="reshuffle"), seats, 5, save=False)
    st = position(Rules(stock_exhausted="reshuffle"), {
        "scores": [0, 0], "dealer": 3, "turn": 0, "phase": "draw", "stock": [],
        "hands": [["9H", "6D", "4C", "4H"], ["5D", "8H"], ["6C", "9C"], ["7C", "TD"]],
        "discard": ["7D", "9S", "KH", "2C", "5S"],
        "melds": [[{"cards": ["KS", "KD", "KC"], "by": 0}], [{"cards": ["QS", "QD", "QC"], "by": 1}]]})
    ctl = table.ctl
    ctl.game.state = st
    ctl.refresh()
    app.step(1 / 60, [])
    assert "turn the pile over" in status_line(ctl)
    seen = ctl.layout.seen
    assert stock_label(seen) == "Stock 0"
    draw = table.buttons[0]
    assert draw.label == "Draw" and draw.enabled
    # the player clicks the stock, as a person draws
    from canasta.ui.table.layout import STOCK_POS
    click_at(app, STOCK_POS[0], STOCK_POS[1])
    st = table.game.state
    assert st.reshuffled and len(st.stock) == 3 and len(st.pile) == 1 and not st.frozen
    assert stock_label(ctl.layout.seen) == "Stock 3 (old pile)"
    assert "new stock of 4 cards" in ctl.toast.message
    assert any("turned the pile over into a new stock of 4 cards" in line.text for line in ctl.log)


def test_the_score_history_keeps_the_house_rules(launch):
    """A finished game with house rules goes into the score history with them, and its
    record (kept with it) plays back to the same deal."""
    from canasta.engine import legal_actions
    from canasta.engine.record import Game
    from canasta.ui.session import finished_game_summary
    app, session = launch()
    rules = Rules(players=2, jokers=0, stock_exhausted="reshuffle", natural_canastas_to_go_out=1,
                  concealed_bonus=500)
    g = Game(rules, 9)
    while not g.state.deal_over:
        g.play(legal_actions(g.state)[0])
    seats = [SeatConfig("You", True), SeatConfig("C1", False, "easy")]
    session.db.record_game(finished_game_summary(g, seats, {}))
    stored = session.db.recent_games(1)[0]
    opts = stored["options"]
    assert (opts["jokers"], opts["stock_exhausted"], opts["natural_canastas_to_go_out"],
            opts["concealed_bonus"]) == (0, "reshuffle", 1, 500)
    assert Rules.from_dict(opts).resolved() == rules.resolved()


def test_the_review_turn_list_names_the_draw_that_turned_the_pile_over():
    from canasta.engine import Draw
    from canasta.ui.screens.review_replay import move_text
    assert move_text("West", Draw(), 5, restock=True) == "West turns the pile over and draws"
    assert move_text("You", Draw(), 5, restock=True) == "You turn the pile over and draw"
    assert move_text("West", Draw(), 5) == "West draws"
