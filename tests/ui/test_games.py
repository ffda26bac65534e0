"""Every game of the family around the table: the New game screen asks for the game
first and offers that game's options, the rules screen and the statistics follow the
game, and the score history keeps it. Driven by real pygame events where a person
would use the mouse.
"""

from __future__ import annotations

from types import ModuleType

import pygame
import pytest

from canasta.engine import Rules, variants
from canasta.engine.record import Game
from canasta.engine.variants import classic
from canasta.ui import games
from canasta.ui.forms import Stepper, Toggle
from canasta.ui.screens.newgame import NewGameScreen
from canasta.ui.screens.stats import StatisticsScreen
from canasta.ui.table import TableScene
from canasta.ui.session import finished_game_summary
from harness import click, click_at, enter_deal_number

pytestmark = pytest.mark.usefixtures("user_folders")


def step_arrow(app, stepper: Stepper, d: int, times: int = 1) -> None:
    r = stepper.rect
    x = r.x + 8 if d < 0 else r.right - 8
    for _ in range(times):
        click_at(app, x, r.centery)


def open_form(app) -> NewGameScreen:
    click(app, app.scene.control("new"))
    form = app.scene
    assert isinstance(form, NewGameScreen)
    return form


def choose_game(app, form: NewGameScreen, game: str) -> None:
    """Step the Game stepper (on the Players tab) round to ``game``."""
    click(app, form.control("tab_players"))
    for _ in range(len(games.game_names())):
        if form.game == game:
            return
        step_arrow(app, form.control("game"), +1)
    assert form.game == game


def test_the_game_is_asked_first_and_lists_every_registered_game(launch):
    app, session = launch()
    form = open_form(app)
    step = form.control("game")
    assert step.visible
    assert [v for v, _ in step.choices] == list(games.game_names())
    assert games.game_names()[0] == "classic"
    # above and left of everything else on the Players tab
    others = [form.control(n) for n in ("players", "sides", "name0", "kind0", "seed")]
    assert all(step.rect.y <= c.rect.y for c in others)
    assert form.controls.index(step) < min(form.controls.index(c) for c in others)


@pytest.mark.parametrize("game", games.game_names())
def test_each_game_starts_from_the_form_with_a_changed_option_played_by_the_engine(launch, game):
    app, session = launch()
    form = open_form(app)
    choose_game(app, form, game)
    assert form.opts["variant"] == game
    enter_deal_number(app, form, "777")
    click(app, form.control("tab_rules"))
    # the game's own options, each with a one-line explanation
    keys = [c.name for _, _, c in form.option_rows]
    assert keys == list(games.option_keys(game)) and keys
    assert all(help_text for _, help_text, _ in form.option_rows)
    assert all(c.visible and c.rect.w > 0 for _, _, c in form.option_rows)
    # no two controls of the tab overlap
    shown = [c for c in form.controls if c.visible and c.rect.w]
    for i, a in enumerate(shown):
        for b in shown[i + 1:]:
            assert not a.rect.colliderect(b.rect), (a.name, b.name)
    # change the target score (every game has one) and one true/false option
    # (a game of a fixed number of deals has its number of deals instead)
    length = "deals" if "deals" in games.option_keys(game) else "target_score"
    before = form.opts[length]
    step_arrow(app, form.control(length), +1)
    assert form.opts[length] != before
    toggles = [c for _, _, c in form.option_rows if isinstance(c, Toggle) and c.enabled]
    flipped = None
    if toggles:
        flipped = toggles[0].name
        old = bool(form.opts[flipped])
        click(app, toggles[0])
        assert form.opts[flipped] is (not old)
    assert form.changes_from_preset() == (2 if flipped else 1)
    assert form.error is None
    click(app, form.control("start"))
    table = app.scene
    assert isinstance(table, TableScene)
    rules = table.game.state.rules
    assert rules.variant == game and getattr(rules, length) == form.opts[length]
    if flipped:
        assert getattr(rules, flipped) == form.opts[flipped]
    # the engine deals exactly what it deals for these rules and this number
    wanted = Rules.from_dict({k: v for k, v in form.opts.items() if v is not None})
    assert rules == wanted.resolved()
    same = Game(wanted, 777)
    assert table.game.state.hands == same.state.hands
    # remembered for next time with its game
    last = session.settings.last_game
    assert last["rules"]["variant"] == game and last["preset"].startswith(game + "-")


def test_changing_the_game_offers_its_presets_and_keeps_the_seating(launch):
    app, session = launch()
    form = open_form(app)
    step_arrow(app, form.control("players"), -1)   # 4 -> 3 players
    assert form.players == 3
    for game in games.game_names():
        choose_game(app, form, game)
        keys = [k for k, _ in form.control("preset").choices]
        assert keys == list(games.presets(game)) and all(k.startswith(game + "-") for k in keys)
        if 3 in games.player_counts(game):
            assert form.players == 3 and form.preset == f"{game}-3"
        assert form.error is None and form.changes_from_preset() == 0


@pytest.fixture
def extra_game():
    """A game registered after the window was written: a copy of Classic named "tryout"
    that shows two options of its own choosing."""
    m = ModuleType("tryout")
    m.__dict__.update({k: v for k, v in vars(classic).items() if not k.startswith("__")})
    m.NAME, m.TITLE = "tryout", "Tryout Canasta"
    m.RULES_HEADING = None   # Classic's plain "The game" is Classic's own: the copy is titled
    m.OPTIONS = ("target_score", "pile_always_frozen")
    variants.register(m)
    yield m
    variants.unregister("tryout")


def test_a_newly_registered_game_appears_by_itself(launch, extra_game):
    assert games.game_names()[-1] == "tryout"
    assert games.short_title("tryout") == "Tryout"
    assert "tryout-4" in games.presets("tryout")
    app, session = launch()
    form = open_form(app)
    choose_game(app, form, "tryout")
    click(app, form.control("tab_rules"))
    assert [c.name for _, _, c in form.option_rows] == ["target_score", "pile_always_frozen"]
    click(app, form.control("pile_always_frozen"))
    click(app, form.control("start"))
    rules = app.scene.game.state.rules
    assert rules.variant == "tryout" and rules.pile_always_frozen


def _summary(rules: Rules, seed: int = 5) -> dict:
    from canasta.ui.table import SeatConfig
    from canasta.engine import legal_actions
    g = Game(rules, seed)
    steps = 0
    while not g.state.deal_over and steps < 3000:
        g.play(legal_actions(g.state)[0])
        steps += 1
    seats = [SeatConfig("You", True)] + [SeatConfig(f"C{i}", False, "easy") for i in range(1, rules.players)]
    summary = finished_game_summary(g, seats, {})
    # counted as a finished game of one deal: the side ahead wins (a game with no
    # winner is one left unfinished, which Statistics lists but does not count)
    del summary["winners"]
    return summary


def test_the_score_history_keeps_the_game_and_statistics_filter_by_it(launch, extra_game):
    app, session = launch()
    db = session.db
    db.record_game(_summary(Rules(players=2)))
    db.record_game(_summary(Rules(variant="tryout", players=2)))
    db.record_game(_summary(Rules(variant="tryout", players=4)))
    stored = db.recent_games(10)
    assert [games.game_of_record(g) for g in stored] == ["tryout", "tryout", "classic"]
    assert [g["variant"] for g in stored] == ["tryout-4", "tryout-2", "classic-2"]
    # an entry from before the other games (no variant in its options) is Classic
    assert games.game_of_record({"variant": "classic-4", "options": {}}) == "classic"
    assert games.game_of_record({"variant": "samba-4"}) == "samba"
    click(app, app.scene.control("statistics"))
    stats = app.scene
    assert isinstance(stats, StatisticsScreen)
    assert stats.stats["games_played"] == 3 and len(stats.games) == 3
    step = stats.control("game")
    assert step.visible and [v for v, _ in step.choices][:2] == [None, "classic"]
    assert "tryout" in [v for v, _ in step.choices]
    r = step.rect
    while stats.game != "tryout":
        click_at(app, r.right - 8, r.centery)
    assert stats.stats["games_played"] == 2 and len(stats.games) == 2
    assert set(stats.stats["by_variant"]) == {"tryout-2", "tryout-4"}
    assert all(games.game_of_record(g) == "tryout" for g in stats.games)
    assert stats.deals  # the chart shows the newest game of that kind
    while stats.game != "classic":
        click_at(app, r.right - 8, r.centery)
    assert stats.stats["games_played"] == 1 and stats.games[0]["variant"] == "classic-2"
    app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)])


@pytest.mark.parametrize("game", games.game_names())
def test_the_rules_screen_is_written_for_each_game(game):
    from canasta.ui.screens.rules import rules_summary
    rules = Rules(variant=game).resolved()
    lines = rules_summary(rules)
    module = variants.get(game)
    if game != "classic":
        assert f"The game: {module.TITLE}" in lines
    if rules.deals:   # a game of a fixed number of deals
        assert any(f"deals; after the last one the higher total wins" in line for line in lines)
    else:
        assert any(f"reaches {rules.target_score:,} points" in line for line in lines)
    kinds = getattr(module, "MELD_KINDS", ())
    for kind in getattr(module, "CANASTA_KINDS", ()):
        bonus = module.canasta_bonus(kind, rules)
        assert any(f"+{bonus:,}" in line for line in lines), kind
    assert any("sequence" in line.lower() for line in lines) == ("sequence" in kinds)


def test_the_rules_screen_follows_a_game_module(extra_game):
    """A game with sequences and wild melds gets their paragraphs, with its bonuses."""
    from canasta.ui.screens.rules import rules_summary
    extra_game.MELD_KINDS = ("group", "sequence", "wild", "black3")
    extra_game.CANASTA_KINDS = ("natural", "mixed", "escalera", "bolivia")
    extra_game.canasta_bonus = lambda kind, r: {"natural": 500, "mixed": 300, "escalera": 1234,
                                                "bolivia": 2345}[kind]
    lines = rules_summary(Rules(variant="tryout"))
    assert "The game: Tryout Canasta" in lines
    assert any("an escalera (a sequence of seven): +1,234" in line for line in lines)
    assert any("Seven wild cards make a bolivia: +2,345" in line for line in lines)
    assert any("several groups of one rank" in line for line in lines)
    assert any("natural pair" in line and "always takes it" in line for line in lines)


def test_the_rules_at_a_glance_are_the_games_own_words():
    """New game's one line under the seats: the shared words (cards each, canastas to go
    out) unless the game's module says it its own way (Hand and Foot: a hand and a foot,
    books to go out), asked of the module, not of the game's name."""
    from canasta.ui.games import glance
    classic_line = glance(Rules(players=4).resolved())
    assert classic_line[:4] == ["Classic", "11 cards each", "draw 1", "1 canasta to go out"]
    hf = Rules(variant="hand_and_foot", players=4).resolved()
    line = glance(hf)
    assert f"{hf.hand_size} cards in hand, {hf.foot_size} in the foot" in line
    assert any(s.endswith("books to go out") for s in line) and "cards each" not in " ".join(line)
    # a game's own words come from its module's glance
    game = variants.get("samba")
    try:
        game.glance = lambda r: ["a hand of thirteen", "no frozen pile"]
        assert glance(Rules(variant="samba").resolved())[1:3] == ["a hand of thirteen", "no frozen pile"]
    finally:
        del game.glance
