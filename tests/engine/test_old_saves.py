"""Games saved before meld ids (record version 1) still load and continue.

The fixtures under ``fixtures/`` were written by the code of 439fbd4 (see
``fixtures/make_old_saves.py``): a bare record, and the same game saved through
``canasta.store`` (snapshot plus journal) in its second deal, with wild cards added
to a meld by rank, naturals added to melds and a pile taken onto a meld.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from canasta.engine import apply_in_place, legal_actions
from canasta.engine.record import Game
from canasta.store.saves import SaveSlot

HERE = Path(__file__).parent / "fixtures"


def facts(st):
    return {
        "deal_number": st.deal_number, "turn": st.turn, "phase": st.phase,
        "scores": st.scores,
        "hands": [sorted(h) for h in st.hands],
        "stock": list(st.stock), "pile": list(st.pile), "frozen": st.frozen,
        "melds": [[{"rank": m.rank, "cards": list(m.cards), "by": m.by, "kind": m.kind}
                   for m in team] for team in st.melds],
        "red3": [list(r) for r in st.red3],
    }


def expected():
    return json.loads((HERE / "old-position-v1.json").read_text())


def play_on(game, steps=400):
    """Continue the loaded game to the end of its deal with the first legal action."""
    st = game.state
    for _ in range(steps):
        if st.deal_over:
            return True
        apply_in_place(st, legal_actions(st)[0])
    return st.deal_over


def test_old_record_loads_to_the_same_position_and_plays_on():
    data = json.loads((HERE / "old-record-v1.json").read_text())
    assert data["version"] == 1
    game = Game.from_json(data)
    assert facts(game.state) == expected()
    # saved again, it reads back the same, in the current format
    again = Game.loads(game.dumps())
    assert facts(again.state) == expected()
    assert play_on(game)


def test_old_saved_game_continues(tmp_path):
    folder = tmp_path / "state"
    shutil.copytree(HERE / "old-save-v1", folder)
    loaded, messages = SaveSlot(folder).load()
    assert messages == []
    game = Game.from_json(loaded["record"])
    assert facts(game.state) == expected()
    assert play_on(game)


def test_records_name_melds_by_id_and_round_trip():
    """A game saved now names the melds it adds to by id, and reads back to the same state."""
    import random

    from canasta.engine import Meld, TakePile
    game = Game(seed="ids", dealer=0)
    rng = random.Random(5)
    adds = 0
    while adds < 3 and not game.state.game_over:
        legal = legal_actions(game.state)
        melds = [a for a in legal if isinstance(a, (Meld, TakePile))]
        a = rng.choice(melds) if melds and rng.random() < 0.7 else rng.choice(legal)
        if isinstance(a, Meld) and any(g.onto is not None for g in a.groups):
            adds += 1
        game.play(a)
    data = json.loads(game.dumps())
    assert data["version"] == 2
    onto = [g["onto"] for a in data["actions"] if a["type"] == "meld" for g in a["groups"] if "onto" in g]
    assert len(onto) >= 3 and all(isinstance(i, int) and i >= 1 for i in onto)
    again = Game.loads(game.dumps())
    assert again.state == game.state
    ids = [m.id for team in again.state.melds for m in team]
    assert len(ids) == len(set(ids))
