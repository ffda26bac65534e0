"""The engine plays exactly as it did before it was made faster.

``speed_golden.json`` (beside this file) holds, for every game and several tables, a
hash per seeded random game: every position's list of legal actions (its repr, in
order), the action chosen, the events its apply reported, and at the end of each deal
the scores and the state's snapshot. It was written by the engine *before* the speed
work (``python tests/engine/test_speed_identical.py --write`` rewrites it, which should
only ever be done for a deliberate change of behaviour).

The policies: "uniform" picks any legal action; "rich" prefers, half the time, an
action that is neither a draw nor a discard, to reach melds, canastas, the partner's
answer and going out more often.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

import pytest

from canasta.engine import Discard, Draw, Rules, apply_in_place, legal_actions, new_game
from canasta.engine.state import DEAL_OVER, GAME_OVER

GOLDEN = Path(__file__).with_name("speed_golden.json")

#: name -> (Rules options, games, deals per game)
CONFIGS: dict[str, tuple[dict, int, int]] = {
    "classic-4": ({"variant": "classic", "players": 4}, 150, 2),
    "classic-2": ({"variant": "classic", "players": 2}, 40, 2),
    "classic-3": ({"variant": "classic", "players": 3}, 40, 2),
    "classic-6": ({"variant": "classic", "players": 6}, 30, 2),
    "classic-6-two-teams": ({"variant": "classic", "players": 6, "teams": 2}, 16, 1),
    "classic-4-options-a": ({"variant": "classic", "players": 4, "more_naturals_than_wilds": True,
                             "black_three_freezes": True, "melds_close": True}, 40, 1),
    "classic-4-options-b": ({"variant": "classic", "players": 4, "pile_always_frozen": True,
                             "wild_limit": 2, "stock_exhausted": "end", "canasta_size": 5}, 40, 1),
    "classic-2-options-c": ({"variant": "classic", "players": 2, "draw_count": 1, "canastas_to_go_out": 1,
                             "canasta_size": 4, "wild_limit": 1, "negative_minimum": 0}, 40, 1),
    "samba-4": ({"variant": "samba", "players": 4}, 16, 1),
    "bolivia-4": ({"variant": "bolivia", "players": 4}, 16, 1),
    "american-4": ({"variant": "american", "players": 4}, 16, 1),
    "hand_and_foot-4": ({"variant": "hand_and_foot", "players": 4}, 10, 1),
}
POLICIES = ("uniform", "rich")


def play(options: dict, game: int, deals: int, policy: str) -> str:
    """The hash of one seeded game of ``deals`` deals (fewer if it ends sooner)."""
    rules = Rules(**options)
    tag = json.dumps(options, sort_keys=True)
    rng = random.Random(f"{tag}|{policy}|{game}")
    st = new_game(rules, seed=f"speed-{game}")
    h = hashlib.sha256()
    played = 0
    while True:
        while st.phase not in (DEAL_OVER, GAME_OVER):
            legal = legal_actions(st)
            rich = [a for a in legal if not isinstance(a, (Draw, Discard))] if policy == "rich" else ()
            if rich and rng.random() < 0.5:
                a = rich[rng.randrange(len(rich))]
            else:
                a = legal[rng.randrange(len(legal))]
            events = apply_in_place(st, a)
            h.update(repr(legal).encode())
            h.update(repr(a).encode())
            h.update(repr(events).encode())
        h.update(repr((st.result.totals, st.result.scores, st.snapshot())).encode())
        played += 1
        if st.phase == GAME_OVER or played >= deals:
            return h.hexdigest()[:24]
        legal = legal_actions(st)
        h.update(repr(legal).encode())
        apply_in_place(st, legal[0])


def fingerprints(name: str) -> list[str]:
    options, games, deals = CONFIGS[name]
    return [play(options, g, deals, p) for g in range(games) for p in POLICIES]


@pytest.mark.parametrize("name", list(CONFIGS))
def test_engine_plays_as_before(name):
    golden = json.loads(GOLDEN.read_text())
    assert name in golden, f"no golden fingerprints for {name}"
    got = fingerprints(name)
    want = golden[name]
    bad = [i for i, (a, b) in enumerate(zip(got, want)) if a != b]
    assert len(got) == len(want)
    assert not bad, f"{name}: games {[(i // len(POLICIES), POLICIES[i % len(POLICIES)]) for i in bad]} differ"


if __name__ == "__main__":
    if "--write" not in sys.argv:
        sys.exit("usage: python tests/engine/test_speed_identical.py --write  (rewrites the golden hashes)")
    GOLDEN.write_text(json.dumps({name: fingerprints(name) for name in CONFIGS}, indent=1) + "\n")
    print(f"wrote {GOLDEN}")
