"""The frame time of an online table while the server's messages arrive, beside the same
game played at a local table (part of ``python -m canasta.bench frame``).

Both run Classic at 1280x800 for the same number of frames, paced at 60 a second as
the real loop is: three Easy computers and the window's seat (its moves chosen by an
Easy player, made through the table as a person's would be). At the local table the
computers decide on the AI worker's thread; at the online table a server started in
this process (127.0.0.1, a port the system picks) plays them and the updates come in
over a real socket, at the same pace of moves (the server's pause is the local one
plus the time the local table waits for a move's cards to land). Prints each one's
frame time, the moves made, and whether any network call ran on the frame loop's thread.
"""

from __future__ import annotations

import statistics
import threading
import time


def _wait(pending, seconds: float = 20.0):
    end = time.monotonic() + seconds
    while not pending.done() and time.monotonic() < end:
        time.sleep(0.01)
    err = pending.error()
    if err:
        raise RuntimeError(err)
    return pending.result()


def _online_scene(app, pause: float):
    from ...net.link import NetLink, Note, Update
    from ...engine.registry import default_name
    from .seats import seat_configs
    from .scene import OnlineTableScene
    link = NetLink("Bench")
    _wait(link.host(None, ("127.0.0.1", 0)))
    _wait(link.create(link.local_url(), default_name(), {}, ["person", "easy", "easy", "easy"], 0, pause=pause))
    link.start()
    info, first = None, None
    end = time.monotonic() + 20
    while first is None and time.monotonic() < end:
        for item in link.poll():
            if isinstance(item, Note) and item.kind == "table":
                info = item.data
            elif isinstance(item, Update) and item.opening:
                first = item
        time.sleep(0.01)
    scene = OnlineTableScene(app, link, info, first, seat_configs(info))
    return scene, link


def bench_online_frames(frames: int = 600, size=(1280, 800)) -> None:
    import pygame
    from ...ai import make_player
    from ...ai.worker import AIWorker
    from ...engine import Rules, legal_actions
    from ...engine.observe import observe
    from ...engine.record import Game
    from ...net import link as netlink
    from ...store.settings import Settings
    from ..app import App
    from ..main import default_seats
    from ..table import TableScene

    for kind in ("local", "online"):
        settings = Settings()
        settings.computer_pause = 0.2
        settings.animation_speed = "fast"
        settings.sound = False
        app = App(settings, size=size, ai=AIWorker())
        link = None
        if kind == "local":
            scene = TableScene(app, Game(Rules(), 7), default_seats(4, 1, "easy"))
        else:
            # the same pace of moves: a local table waits for the cards to land before the
            # next computer decides (about 0.3 s at "fast"); the server does not wait for them
            scene, link = _online_scene(app, settings.computer_pause + 0.3)
        app.set_scene(scene)
        player = make_player("easy")
        ctl = scene.ctl
        times, cpu, moves = [], [], 0
        for i in range(frames):
            start = time.perf_counter()
            st = ctl.state
            if st.deal_over and not ctl.animator.busy:
                ctl.next_deal()
            elif ctl.my_turn() or ctl.answering():
                ob = ctl.obs if kind == "online" else observe(st, st.to_act)
                ctl.perform(player.choose(ob, legal_actions(st)))
            t0, c0 = time.perf_counter(), time.process_time()
            app.step(1 / 60, pygame.event.get())
            times.append((time.perf_counter() - t0) * 1000)
            cpu.append((time.process_time() - c0) * 1000)
            moves = len(ctl.game.actions)
            rest = 1 / 60 - (time.perf_counter() - start)
            if rest > 0:
                time.sleep(rest)
        times.sort()
        cpu.sort()
        p95 = times[int(len(times) * 0.95) - 1]
        on_frame_thread = threading.current_thread().name in netlink.NETWORK_THREADS
        extra = (f", {moves} moves arrived over the network, network calls on the frame thread: "
                 f"{'yes' if on_frame_thread else 'none'}") if kind == "online" else f", {moves} moves"
        print(f"Classic, {'online' if kind == 'online' else 'local'} table playing, {size[0]}x{size[1]}: "
              f"median {statistics.median(times):.2f} ms, p95 {p95:.2f} ms, worst {times[-1]:.2f} ms "
              f"(processor time: median {statistics.median(cpu):.2f} ms, worst {cpu[-1]:.2f} ms){extra}")
        app.close()
        if link is not None:
            link.close()
