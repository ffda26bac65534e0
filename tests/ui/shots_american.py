"""The Modern American screenshot late in a deal (docs/screenshots/american-late-deal.png),
from the real window on a virtual X screen:

    Xvfb :91 -screen 0 1280x800x24 &
    DISPLAY=:91 python tests/ui/shots_american.py OUT.png [FIRST_SEED LAST_SEED]

The deal is the one of the seeds given (1260 to 1279 unless told) whose last position
at South's draw has what the picture must show: the talons, threes laid by both
sides, a closed sevens canasta and a meld worth -2,500 while unfinished. The medium
players play it up to there; then South draws with a click made by ``xdotool`` and
the whole X screen is read with ``xwd``.
"""

from __future__ import annotations

import os
import subprocess
import sys

from shots_issue16 import Window   # the game's own window, driven through the X server


def late_american(seeds):
    """(seed, actions, what it shows) of the latest fitting position over ``seeds``."""
    from canasta.ai import make_player
    from canasta.engine import Rules, legal_actions
    from canasta.engine.observe import observe
    from canasta.engine.record import Game
    from canasta.ui.table.game_american import risk_lines
    best = None
    for seed in seeds:
        game = Game(Rules(variant="american"), seed)
        bots = [make_player("medium", seed=s) for s in range(4)]
        while not game.state.deal_over:
            st = game.state
            if st.to_act == 0 and st.phase == "draw" and len(st.hands[0]) >= 3 and st.stock:
                sevens = any(m.canasta == "sevens" and m.closed for team in st.melds for m in team)
                risks = [words for _, words in risk_lines(observe(st, 0)) if words.startswith("-2,500")]
                if sevens and all(st.red3) and risks and all(st.talons):
                    best = (seed, list(game.actions), risks)
            game.play(bots[st.to_act].choose(observe(st, st.to_act), legal_actions(st)))
    if best is None:
        raise SystemExit("no deal of these seeds reaches such a position: try other seeds")
    return best


def main(out: str, seeds) -> None:
    from canasta.engine import Rules
    from canasta.ui.main import default_seats
    seed, actions, risks = late_american(seeds)
    print(f"seed {seed}: {len(actions)} actions, {'; '.join(risks)}")
    w = Window((1280, 800))
    scene = w.session.start_game(Rules(variant="american"), default_seats(4, 1, "medium"), seed, save=False)
    for a in actions:
        scene.game.play(a)
    scene.ctl._rebuild_log()                 # the move log of the deal so far, as Continue builds it
    scene.refresh()
    w.pump(5)
    w.click(scene.zone_centre("stock"))      # South draws, through the X server
    w.pump(60)
    assert scene.state.phase == "play" and scene.state.to_act == 0, scene.state
    w.move((1000, 360))                      # the pointer on bare felt: no tip
    w.pump(30)
    display = os.environ.get("DISPLAY", ":91")
    xwd = subprocess.run(["xwd", "-root", "-silent", "-display", display], capture_output=True, check=True).stdout
    with open(out, "wb") as f:
        f.write(subprocess.run(["/usr/bin/convert", "xwd:-", "png:-"], input=xwd, capture_output=True,
                               check=True).stdout)
    print(out)
    w.app.close()
    w.session.close()


if __name__ == "__main__":
    first, last = (int(x) for x in (sys.argv[2:4] if len(sys.argv) >= 4 else (1260, 1279)))
    main(sys.argv[1], range(first, last + 1))
