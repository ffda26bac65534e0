"""Screenshots of Hand and Foot late in a deal, from the real window on a virtual X screen.

    Xvfb :92 -screen 0 1280x800x24 &
    DISPLAY=:92 python tests/ui/shots_handfoot.py OUT_DIR

Writes ``hand-and-foot-late-deal.png`` (four players) and
``hand-and-foot-six-players.png`` at 1280x800: the deal played by the medium players
to the viewer's turn with the most melded cards while a foot still lies face down (of
a few seeds), taken up in the
game's own window as Continue would, the pointer resting on the stock. The window
and the pictures are made as in :mod:`shots_issue16` (its ``open_at``).
"""

from __future__ import annotations

import os
import sys

from shots_issue16 import open_at


def late_position(players: int, seed: int):
    """The actions of a deal played by the medium players up to the viewer's turn with
    the most melded cards while a foot still lies face down (the table's fullest: books
    stacked, and a foot beside its hand), and that number of cards."""
    from canasta.ai import make_player
    from canasta.engine import Rules, legal_actions
    from canasta.engine.observe import observe
    from canasta.engine.record import Game
    rules = Rules(variant="hand_and_foot", players=players)
    game = Game(rules, seed)
    bots = [make_player("medium", seed=s) for s in range(players)]
    best = (0, 0)
    while not game.state.deal_over:
        st = game.state
        size = sum(len(m.cards) for team in st.melds for m in team)
        if st.to_act == 0 and st.phase == "draw" and any(st.feet) and size >= best[0]:
            best = (size, len(game.actions))
        game.play(bots[st.to_act].choose(observe(st, st.to_act), legal_actions(st)))
    return rules, game.actions[:best[1]], best[0]


def late_deal(out: str, players: int, name: str, seeds=range(51, 57)) -> None:
    best = max((late_position(players, seed) + (seed,) for seed in seeds), key=lambda x: x[2])
    rules, actions, size, seed = best
    print(f"hand and foot {players}p seed {seed}: {len(actions)} actions, {size} melded cards")
    w, _ = open_at(rules, actions, seed, (1280, 800))
    assert w.app.screen.get_size() == (1280, 800), w.app.screen.get_size()
    w.shot(os.path.join(out, name))
    w.app.close()
    w.session.close()


if __name__ == "__main__":
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    late_deal(out, 4, "hand-and-foot-late-deal.png")
    late_deal(out, 6, "hand-and-foot-six-players.png")
