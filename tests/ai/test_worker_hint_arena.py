"""The worker thread, the hint and the arena's command line."""

from __future__ import annotations

import json
import time

from canasta.ai import hint, make_player
from canasta.ai.players import Player
from canasta.ai.worker import AIWorker
from canasta.engine import Rules, TakePile, legal_actions, new_game
from canasta.engine.observe import observe
from canasta.engine.setup import position

from .conftest import positions


def _a_real_decision(players=4):
    for st, seat, ob, legal in positions(Rules(players=players), "worker", every=1):
        if len(legal) > 3:
            return st, seat, ob, legal
    raise AssertionError("no decision with a choice")


def _wait(worker, timeout=30.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        got = worker.poll()
        if got is not None:
            return got
        time.sleep(0.005)
    return None


def test_worker_answers_without_blocking_the_caller():
    st, seat, ob, legal = _a_real_decision()
    with AIWorker(seed=1, budget_ms=1500) as w:
        ticket = w.request(seat, ob, legal, "hard")
        # the call came back while the search is still thinking (had it waited for the
        # search, the answer would be ready now)
        assert w.poll() is None
        got = _wait(w)
        assert got is not None
        assert got[0] == ticket and got[1] in legal


def test_cancel_drops_pending_work_and_the_worker_goes_on():
    st, seat, ob, legal = _a_real_decision()
    w = AIWorker(seed=1, budget_ms=20_000)  # a search that would take long
    try:
        w.request(seat, ob, legal, "hard")
        w.request(seat, ob, legal, "hard")
        time.sleep(0.05)
        w.cancel()
        time.sleep(0.3)
        assert w.poll() is None  # cancelled results are never delivered
        # the running search saw the cancel and stopped: a new request is answered long
        # before the 20-second search (two of them) would have ended
        ticket = w.request(seat, ob, legal, "medium")
        got = _wait(w, timeout=8.0)
        assert got is not None and got[0] == ticket and got[1] in legal
    finally:
        w.close()


class _Broken(Player):
    def choose(self, obs, legal, should_stop=None):
        raise RuntimeError("boom")


class _Liar(Player):
    def choose(self, obs, legal, should_stop=None):
        return "not an action"


def test_a_failing_player_falls_back_to_a_legal_action(caplog):
    st, seat, ob, legal = _a_real_decision()
    with AIWorker() as w:
        w._players[("broken", seat)] = _Broken()
        w._players[("liar", seat)] = _Liar()
        for level in ("broken", "liar", "no-such-level"):
            ticket = w.request(seat, ob, legal, level)
            got = _wait(w)
            assert got is not None and got[0] == ticket and got[1] in legal
    assert any("boom" in r.getMessage() or r.exc_info for r in caplog.records)


def test_closed_worker_still_answers_safely():
    st, seat, ob, legal = _a_real_decision()
    w = AIWorker()
    w.close()
    ticket = w.request(seat, ob, legal, "easy")
    got = w.poll()
    assert got is not None and got[0] == ticket and got[1] in legal


def test_hint_gives_a_legal_move_and_a_reason():
    for st, seat, ob, legal in positions(Rules(players=4), "hint", every=7):
        action, reason = hint(ob, legal, budget_ms=30)
        assert action in legal
        assert isinstance(reason, str) and reason.strip()
        assert "\n" not in reason


def test_hint_explains_taking_a_pile_that_completes_a_canasta():
    data = {
        "turn": 0, "phase": "draw", "stock": 40,
        "hands": [["4S", "KH", "4C", "6D", "9S", "JH", "QD", "8C"],
                  ["4S", "4H", "7C", "7D", "8H", "8S", "TH", "TS"],
                  ["AC", "AD", "AH", "9C", "9D", "8C", "8D"],
                  ["AS", "7H", "JS", "9H", "TC", "9S", "4C", "5S"]],
        "melds": [[{"cards": ["KC", "KD", "KC", "KD", "KS", "2C"], "by": 2}], []],
        "discard": ["4D", "5H", "6D", "TD", "JH", "6S", "7H", "TS", "4H", "9C", "5D", "8H", "QC", "KH"],
    }
    st = position(Rules(players=4), data)
    legal = legal_actions(st)
    action, reason = hint(observe(st, 0), legal, budget_ms=60)
    assert type(action) is TakePile
    assert reason.startswith("Take the pile: 14 cards")
    assert "canasta of kings" in reason


def test_arena_cli_writes_the_figures(tmp_path, capsys):
    from canasta.arena import main

    out = tmp_path / "arena.json"
    assert main(["--team0", "easy", "--team1", "random", "--deals", "3", "--duplicate",
                 "--seed", "5", "--json", str(out), "--quiet"]) == 0
    data = json.loads(out.read_text())
    for key in ("deals", "mean_diff", "ci_low", "ci_high", "win_share", "decision_ms"):
        assert key in data
    assert data["deals"] == 3 and data["plays"] == 6
    assert set(data["win_share"]) >= {"team0", "team1"}
    assert set(data["win_share_plays"]) >= {"team0", "team1"}
    assert set(data["decision_ms"]) == {"easy", "random"}
    assert data["ci_low"] <= data["mean_diff"] <= data["ci_high"]
    printed = capsys.readouterr().out
    assert "mean score difference" in printed and "95% CI" in printed


def test_duplicate_deals_share_the_cards():
    from canasta.arena import _job

    a = _job((0, "easy", "easy", 4, None, 3, True, None))
    # the same level on both sides and the same cards: the two plays mirror each other
    assert a["diffs"][0] == -a["diffs"][1]


def test_decision_time_bench_prints_median_and_p95(capsys):
    from canasta.ai.bench import bench_ai

    assert bench_ai("medium", 30, 4, 1, None) == 0
    out = capsys.readouterr().out
    assert "median ms: " in out and "p95 ms: " in out


def test_make_player_levels_choose_legal_moves_at_the_first_decision():
    st = new_game(Rules(players=4), seed=2)
    for level in ("easy", "medium", "hard", "random"):
        p = make_player(level, seed=1, budget_ms=30)
        assert p.choose(observe(st, st.to_act), legal_actions(st)) in legal_actions(st)


def test_a_duplicate_deal_is_won_by_both_plays_together():
    from canasta.arena import summarize

    def res(i, diffs):
        return {"index": i, "diffs": diffs, "wins": [1 if d > 0 else -1 if d < 0 else 0 for d in diffs],
                "times": {}}

    # deal 0: side A loses one play by 100 but wins the other by 300 (the same cards)
    # deal 1: A wins by 50, loses by 20; deal 2: A loses both; deal 3: exactly even
    results = [res(0, [-100, 300]), res(1, [50, -20]), res(2, [-40, -10]), res(3, [60, -60])]
    dup = summarize(results, "medium", "easy", 4, 1, True, None, 0.0)
    assert dup["deals"] == 4 and dup["plays"] == 8
    assert dup["win_share"] == {"team0": 0.5, "team1": 0.25, "tie": 0.25}
    assert dup["win_share_plays"] == {"team0": 0.375, "team1": 0.625, "tie": 0.0}
    # without --duplicate every play is a deal of its own
    single = summarize([res(i, [d]) for i, d in enumerate([-100, 300, 50, -20])], "medium", "easy",
                       4, 1, False, None, 0.0)
    assert single["deals"] == 4
    assert single["win_share"] == single["win_share_plays"] == {"team0": 0.5, "team1": 0.5, "tie": 0.0}


def test_decision_time_bench_counts_searches_the_clock_cap_stopped(capsys, monkeypatch):
    """The hard player's figures say how many searches the clock cap cut short: with a
    cap of nothing every search past its first two worlds is stopped, none without one."""
    import re

    from canasta.ai import search
    from canasta.ai.bench import bench_ai

    monkeypatch.setattr(search, "CLOCK_CAP", 0.0)
    assert bench_ai("hard", 12, 4, 1, None) == 0
    m = re.search(r"searches: (\d+)  stopped early by the clock cap: (\d+)", capsys.readouterr().out)
    assert m and int(m.group(1)) > 0 and m.group(1) == m.group(2)
    monkeypatch.setattr(search, "CLOCK_CAP", 1e6)
    assert bench_ai("hard", 12, 4, 1, None) == 0
    m = re.search(r"searches: (\d+)  stopped early by the clock cap: (\d+)", capsys.readouterr().out)
    assert m and int(m.group(1)) > 0 and m.group(2) == "0"
