"""``python -m canasta.bench frame``: frame times of a crowded late-deal table.

Both teams hold several melds and canastas, the pile is frozen with 20 cards, the
viewer holds 18 cards, and cards keep flying (the layout is re-targeted every few
frames) while frames are drawn with the dummy video driver at 1280x800 and
1920x1080; then the same for a late Hand and Foot deal (five packs, books stacked,
feet), and a Classic late deal at 1920x1080 with the move log opened, then pinned
(a line added to the log every dozen frames, so that it is drawn again); last, a
game being played at a local table and the same at an online table, with the server's
messages arriving (:mod:`canasta.ui.online.bench`).
Prints ``game, WxH: median X ms, p95 Y ms, worst Z ms`` and the same frames'
processor time (what the frame cost this process, less the waits of a busy machine).
"""

from __future__ import annotations

import os
import statistics
import time


def crowded_position():
    """A late-deal position built from real cards: every card of the two packs once."""
    from ..engine import Rules
    from ..engine.cards import CODE_OF, JOKER, KIND_OF, TWO
    from ..engine.setup import position

    pool = list(range(108))

    def take(kind, n):
        got = [c for c in pool if KIND_OF[c] == kind][:n]
        for c in got:
            pool.remove(c)
        return [CODE_OF[c] for c in got]

    melds = [
        [{"cards": take(13, 7), "by": 0},
         {"cards": take(14, 4) + take(TWO, 2) + take(JOKER, 1), "by": 2},
         {"cards": take(10, 3) + take(TWO, 1), "by": 0},
         {"cards": take(11, 3), "by": 2},
         {"cards": take(8, 4) + take(JOKER, 1), "by": 2}],
        [{"cards": take(12, 6) + take(JOKER, 1) + take(TWO, 1), "by": 1},
         {"cards": take(5, 7), "by": 3},
         {"cards": take(7, 3) + take(TWO, 1), "by": 1},
         {"cards": take(9, 3), "by": 3},
         {"cards": take(4, 4) + take(TWO, 1), "by": 1}]]
    reds = [take(1, 2), take(1, 1)]
    hand = (take(4, 2) + take(6, 3) + take(7, 2) + take(9, 2) + take(10, 2) + take(11, 2)
            + take(14, 2) + take(TWO, 1) + take(3, 1) + take(8, 1))
    pile_kinds = [5, 6, 8, 9, 10, 11, 12, 13, 4, 6, 7, 8, 9, 10, 11, 12, 14, 3, 6]
    discard = [take(k, 1)[0] for k in pile_kinds[:9]] + take(JOKER, 1) + \
              [take(k, 1)[0] for k in pile_kinds[9:]]
    rest = [CODE_OF[c] for c in pool if KIND_OF[c] != 1]
    others = [rest[0:3], rest[3:6], rest[6:9]]
    stock = rest[9:]
    data = {"scores": [1200, 1650], "dealer": 3, "turn": 0, "phase": "play",
            "hands": [hand] + others, "stock": stock, "discard": discard,
            "melds": melds, "red_threes": reds}
    return position(Rules(), data)


def most_packs(players: int) -> str:
    """The registered game dealt from the most packs at ``players`` (the first of them
    on a tie): the most crowded table any game lays out."""
    from ..engine import Rules, RulesError
    from ..engine.registry import names

    def packs(name: str) -> int:
        try:
            return Rules(variant=name, players=players).resolved().decks
        except RulesError:
            return 0   # a game not played at that count
    return max(names(), key=packs)


def crowded_hand_and_foot(players: int = 4, seed: int = 51):
    """A late deal of the game dealt from the most packs (:func:`most_packs`: Hand and
    Foot, five packs at four players, seven at six) played by the medium players: the
    position where the viewer (seat 0) is to draw with the most melds on the table."""
    from ..ai import make_player
    from ..engine import Draw, Rules, apply_in_place, legal_actions, new_game
    from ..engine.observe import observe

    st = new_game(Rules(variant=most_packs(players), players=players), seed=seed, dealer=players - 1)
    bots = [make_player("medium") for _ in range(players)]
    best = None
    while not st.deal_over:
        if st.turn == 0 and st.phase == "draw" and len(st.stock) >= 2:
            n = sum(len(team) for team in st.melds)
            if best is None or n >= best[0]:
                best = (n, st.clone())
        seat = st.to_act
        apply_in_place(st, bots[seat].choose(observe(st, seat), legal_actions(st)))
    late = best[1]
    apply_in_place(late, Draw())   # the viewer has drawn: its cards can be picked up
    return late


def late_classic_game(seed: int = 24):
    """A Classic game record played by the medium players to the viewer's last draw of
    its first deal: long melds, and a move log of some eighty sentences."""
    from ..ai import make_player
    from ..engine import Rules, legal_actions
    from ..engine.observe import observe
    from ..engine.record import Game

    rules = Rules(players=4)
    game = Game(rules, seed)
    bots = [make_player("medium", seed=s) for s in range(4)]
    last = 0
    while not game.state.deal_over:
        st = game.state
        if st.to_act == 0 and st.phase == "draw":
            last = len(game.actions)
        game.play(bots[st.to_act].choose(observe(st, st.to_act), legal_actions(st)))
    game.replay_to(last)
    return game


def bench_frame(frames: int = 300, online_frames: int = 600, rounds: int = 3) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame
    from ..engine.record import Game
    from ..store.settings import Settings
    from .app import App
    from .main import default_seats
    from .table import TableScene

    class _IdleAI:
        def request(self, *a):
            return 1

        def poll(self):
            return None

        def cancel(self):
            pass

        def close(self):
            pass

    cases = [("Classic", crowded_position, (1280, 800)), ("Classic", crowded_position, (1920, 1080)),
             ("Hand and Foot", crowded_hand_and_foot, (1280, 800)),
             ("Hand and Foot", crowded_hand_and_foot, (1920, 1080)),
             ("Classic late deal, move log open", late_classic_game, (1920, 1080)),
             ("Classic late deal, move log pinned", late_classic_game, (1920, 1080))]
    for name, make, size in cases:
        settings = Settings()
        app = App(settings, size=size, ai=_IdleAI())
        made = make()
        if isinstance(made, Game):
            game = made
        else:
            game = Game(made.rules, made.seed)
            game.state = made
        scene = TableScene(app, game, default_seats(game.state.rules.players, 1, "medium"))
        if "log open" in name:
            scene.toggle_log()
        elif "log pinned" in name:
            scene.ctl.log_mode = "pinned"
            scene.refresh()
        app.set_scene(scene)
        log = list(scene.ctl.log) if "log" in name else None
        # warm the art caches as the real game does while it plays
        for _ in range(5):
            app.step(1 / 60, [])
        times, cpu = [], []
        hand = scene.hand_order
        for i in range(frames):
            if i % 12 == 0:
                # keep cards in flight: select and unselect cards, shuffle the hand's order
                c = hand[(i // 12) % len(hand)]
                scene.selected.symmetric_difference_update({c})
                scene.animator.sprites.pop(hand[(i // 12 + 5) % len(hand)], None)
                scene.relayout(order=tuple(hand[:4]))
                if log:
                    scene.ctl.log.append(log[(i // 12) % len(log)])
                    scene.ctl.log_at.append(len(scene.game.actions))
            t0, c0 = time.perf_counter(), time.process_time()
            app.step(1 / 60, [])
            times.append((time.perf_counter() - t0) * 1000)
            cpu.append((time.process_time() - c0) * 1000)
        times.sort()
        cpu.sort()
        p95 = times[int(len(times) * 0.95) - 1]
        # the processor time of the frame too: on a shared machine the wall clock counts
        # the time other programs had the processor
        print(f"{name}, {size[0]}x{size[1]}: median {statistics.median(times):.2f} ms, p95 {p95:.2f} ms, "
              f"worst {times[-1]:.2f} ms (processor time: median {statistics.median(cpu):.2f} ms, "
              f"worst {cpu[-1]:.2f} ms)")
        app.close()
    from .online.bench import bench_online_frames
    bench_online_frames(online_frames, rounds=rounds)
    return 0
