"""Issue 26, item 8 and the command-line test: every option with odd values, and every
game with every player count. A table the game does not have is a usage error (exit 2,
the rule's sentence), never a traceback; a table it has starts."""

from __future__ import annotations

import subprocess
import sys

import pytest

from canasta.__main__ import parse_args
from canasta.engine import Rules, new_game
from canasta.engine.rules import RulesError
from canasta.engine.variants import names


def _usage_error(capsys, argv) -> str:
    with pytest.raises(SystemExit) as exit_:
        parse_args(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: canasta")
    last = err.strip().splitlines()[-1]
    assert last.startswith("canasta: error: ") and len(last) < 200, last
    return last


@pytest.mark.parametrize("game", names())
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_every_game_with_every_player_count(capsys, game, players):
    try:
        Rules(variant=game, players=players).resolved()
    except RulesError as e:
        line = _usage_error(capsys, ["--variant", game, "--players", str(players)])
        assert str(e) in line
        return
    a = parse_args(["--variant", game, "--players", str(players)])
    assert (a.variant, a.players) == (game, players)
    st = new_game(Rules(variant=game, players=players), seed=1)
    assert len(st.hands) == players


@pytest.mark.parametrize("game", names())
def test_every_game_alone_takes_four_players(game):
    a = parse_args(["--variant", game])
    new_game(Rules(variant=a.variant, players=a.players or 4), seed=1)


def test_american_with_two_players_is_a_usage_error_in_a_new_process(tmp_path):
    out = subprocess.run([sys.executable, "-m", "canasta", "--variant", "american", "--players", "2",
                          "--check-files"], capture_output=True, text=True, timeout=120,
                         env={"CANASTA_HOME": str(tmp_path), "PATH": "/usr/bin:/bin"})
    assert out.returncode == 2
    assert "Traceback" not in out.stderr
    assert "Modern American Canasta is played by four players" in out.stderr


@pytest.mark.parametrize("argv", [
    ["--players", "5"], ["--players", "0"], ["--players", "-4"], ["--players", "four"], ["--players", ""],
    ["--players", "9" * 5000],
    ["--variant", ""], ["--variant", "CLASSIC"], ["--variant", "x" * 10000], ["--variant", "samba\x00"],
    ["--deals", "0"], ["--deals", "-1"], ["--deals", "many"], ["--deals", ""], ["--deals", "1.5"],
    ["--speed", "warp"], ["--speed", ""],
    ["--level", "godlike"], ["--level", ""],
    ["--size", ""], ["--size", "x"], ["--size", "1280x"], ["--size", "-1280x-800"], ["--size", "1e400x800"],
    ["--size", "9" * 4000 + "x800"], ["--size", "1280x800x3"],
    ["--hotseat", "7"], ["--hotseat", "-1"], ["--hotseat", "two"],
    ["--screenshot", ""], ["--screenshot", "/"],
    ["--replay", ""], ["--replay", "   "],
    ["--seed"], ["--players"], ["--seed", "9" * 101], ["--seed", "x" * 5000],
])
def test_odd_values_are_usage_errors_of_one_short_line(capsys, argv):
    _usage_error(capsys, argv)


@pytest.mark.parametrize("seed, want", [("7", 7), ("-3", -3), ("abc", "abc"), ("", ""), ("9" * 100, int("9" * 100))])
def test_any_seed_is_taken_and_deals(seed, want):
    a = parse_args(["--seed", seed])
    assert a.seed == want
    one = new_game(Rules(), seed=a.seed)
    two = new_game(Rules(), seed=a.seed)
    assert one.hands == two.hands   # the same seed deals the same cards
