"""The frame time of an online table while the server's messages arrive, beside the same
game played at a local table (part of ``python -m canasta.bench frame``).

Each runs Classic at 1280x800 for the same number of frames, paced at 60 a second as
the real loop is: three Easy computers and the window's seat (its moves chosen by an
Easy player, made through the table as a person's would be). At the local table the
computers decide on the AI worker's thread. Online, a table server plays them and the
updates come in over a real socket, at the same pace of moves (the server's pause is
the local one plus the time the local table waits for a move's cards to land), in two
ways: the host's window, whose server runs in this process (on the network thread,
127.0.0.1, a port the system picks), and a joining player's window, whose server is
another program (``python -m canasta.server``, started here on 127.0.0.1).

As for the crowded tables, the first frames (the art being made) are not counted with
the others: the first frame's time is printed on its own, then the median, p95 and
worst of the rest, and the same of the frames that were drawn (a table with nothing
moving is not redrawn, so the tables' shares of drawn frames differ), and of the frames
in which another seat's move came in and was shown: the frames in which a network
message arrives online, and the frames in which a computer's move is applied at the
local table (the window's own moves are left out of both). Prints the moves made too,
and whether any network call ran on the frame loop's thread.

The window's own moves are made inside the timed frame, as in the real loop, where the
mouse or key event that plays a move is handled in the frame's step: the local table
plays the move on its copy of the game there and then; the online table checks it and
sends it, and shows it when the server's answer comes in, in a later frame. Only the
choosing of the move (an Easy player standing in for the person) is left out of the time.
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


WARM_FRAMES = 5       # as the crowded tables' bench: the art caches fill

#: every table of the bench plays the same first deal, with seat 1 dealing: the local
#: table is ``Game(Rules(), BENCH_SEED, BENCH_DEALER)``; a table server is made to draw
#: it as its first seed (bench only: a real server draws each from the operating system)
BENCH_SEED = "frame-bench"
BENCH_DEALER = 1
#: run in the outside server's process before the server starts, and in this process
#: while the hosted table is made (see :func:`fixed_deals`)
_FIXED = (
    "import itertools, canasta.net.table as t\n"
    "_n = itertools.count()\n"
    "def _seed():\n"
    "    k = next(_n)\n"
    "    return 'SEED' if k == 0 else 'SEED:' + str(k)\n"
    "t.fresh_seed = _seed\n"
    "class _Dealer:\n"
    "    @staticmethod\n"
    "    def randbelow(n): return DEALER\n"
    "t.secrets = _Dealer\n")


def fixed_deals(namespace: dict | None = None) -> None:
    """Make the table server of this process (or of a ``python -c`` program) deal
    :data:`BENCH_SEED` first, with :data:`BENCH_DEALER` dealing."""
    exec(_FIXED.replace("SEED", BENCH_SEED).replace("DEALER", str(BENCH_DEALER)), namespace or {})


def _outside_server(folder: str):
    """A table server in a program of its own on 127.0.0.1 (the process, its URL)."""
    import subprocess
    import sys
    program = (_FIXED.replace("SEED", BENCH_SEED).replace("DEALER", str(BENCH_DEALER))
               + "import sys\nfrom canasta.server import main\nsys.exit(main(sys.argv[1:]))\n")
    proc = subprocess.Popen([sys.executable, "-c", program, "--host", "127.0.0.1", "--port", "0",
                             "--data", folder], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = proc.stdout.readline().strip()
    if not line.startswith("listening on "):
        proc.kill()
        raise RuntimeError(f"the table server did not start: {line!r}")
    return proc, line.split()[-1]


def _online_scene(app, pause: float, url: str = ""):
    """The online table of the window's seat, on the server at ``url`` (none: hosted by
    this window, in this process)."""
    from ...net.link import Note, Update
    from .prepare import new_link
    from ...engine.registry import default_name
    from .seats import seat_configs
    from .scene import OnlineTableScene
    link = new_link("Bench")
    if not url:
        _wait(link.host(None, ("127.0.0.1", 0)))
        url = link.local_url()
    _wait(link.create(url, default_name(), {}, ["person", "easy", "easy", "easy"], 0, pause=pause))
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


def bench_online_frames(frames: int = 600, size=(1280, 800), kinds=("local", "hosted", "joined"),
                        rounds: int = 1) -> dict:
    """Each of ``kinds`` for ``frames`` frames, in ``rounds`` rounds taking turns (local,
    hosted, joined, then again), so that a machine busier at one moment than another
    weighs on every table alike; prints each run, then (more than one round) the median
    of the rounds' figures for each table and the online tables' ratios to the local
    one. Returns ``{kind: [figures of each round]}``."""
    runs: dict = {kind: [] for kind in kinds}
    for _ in range(max(1, rounds)):
        for kind in kinds:
            runs[kind].append(_one_run(kind, frames, size))
    if rounds > 1:
        print(f"Median of {rounds} rounds of {frames} frames (ms):")
        keys = ("median", "p95", "worst", "move median", "move p95")
        mid = {kind: {k: statistics.median(r[k] for r in runs[kind]) for k in keys} for kind in kinds}
        for kind in kinds:
            m = mid[kind]
            line = f"  {_NAMES[kind]}: median {m['median']:.2f}, p95 {m['p95']:.2f}, worst {m['worst']:.2f}"
            moved = f"    the frames that showed another seat's move: median {m['move median']:.2f}, p95 {m['move p95']:.2f}"
            if kind != "local" and "local" in mid:
                ratio = {k.replace(" ", "_"): m[k] / mid["local"][k] if mid["local"][k] > 0 else 0.0 for k in m}
                line += (" (to the local table: median x{median:.2f}, p95 x{p95:.2f}, worst x{worst:.2f})"
                         .format(**ratio))
                moved += " (to the local table: median x{move_median:.2f}, p95 x{move_p95:.2f})".format(**ratio)
            print(line)
            print(moved)
    return runs


_NAMES = {"local": "local table", "hosted": "online table, hosting (server in this process)",
          "joined": "online table, joined (server in another program)"}


def _one_run(kind: str, frames: int, size) -> dict:
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

    import tempfile
    settings = Settings()
    settings.computer_pause = 0.2
    settings.animation_speed = "fast"
    settings.sound = False
    app = App(settings, size=size, ai=AIWorker())
    link = proc = None
    folder = tempfile.TemporaryDirectory()
    if kind == "local":
        scene = TableScene(app, Game(Rules(), BENCH_SEED, BENCH_DEALER), default_seats(4, 1, "easy"))
    else:
        url = ""
        if kind == "joined":
            proc, url = _outside_server(folder.name)
        # the same pace of moves: a local table waits for the cards to land before the
        # next computer decides (about 0.3 s at "fast"); the server does not wait for them
        if kind == "hosted":
            import canasta.net.table as server_tables
            kept = (server_tables.fresh_seed, server_tables.secrets)
            fixed_deals()
        scene, link = _online_scene(app, settings.computer_pause + 0.3, url)
    app.set_scene(scene)
    player = make_player("easy")
    ctl = scene.ctl
    times, cpu, drawn, moves = [], [], [], 0
    shown = []           # the frames in which another seat's move came in and was shown
    for i in range(frames + WARM_FRAMES):
        start = time.perf_counter()
        st = ctl.state
        action = next_deal = None
        if st.deal_over and not ctl.animator.busy:
            next_deal = True
        elif (ctl.my_turn() or ctl.answering()) and not ctl.animator.busy:
            # a person plays when the cards of the last move have landed, as the computers do
            ob = observe(st, st.to_act) if kind == "local" else ctl.obs
            action = player.choose(ob, legal_actions(st))      # the person thinking: not timed
        before, actor = len(ctl.game.actions), ctl.state.to_act
        t0, c0 = time.perf_counter(), time.process_time()
        # the window's own move is made inside the frame, as the real loop makes it (the
        # mouse or key event that plays it is handled in the frame's step)
        if next_deal:
            ctl.next_deal()
        elif action is not None:
            ctl.perform(action)
        app.step(1 / 60, pygame.event.get())
        times.append((time.perf_counter() - t0) * 1000)
        if len(ctl.game.actions) > before and actor != ctl.viewer and i >= WARM_FRAMES:
            shown.append(times[-1])
        cpu.append((time.process_time() - c0) * 1000)
        if app.drew and i >= WARM_FRAMES:
            drawn.append(times[-1])
        moves = len(ctl.game.actions)
        rest = 1 / 60 - (time.perf_counter() - start)
        if rest > 0:
            time.sleep(rest)
    first = times[0]
    times = sorted(times[WARM_FRAMES:])
    cpu = sorted(cpu[WARM_FRAMES:])
    p95 = times[int(len(times) * 0.95) - 1]
    drawn.sort()
    drawn_p95 = drawn[max(0, int(len(drawn) * 0.95) - 1)] if drawn else 0.0
    shown.sort()
    shown_p95 = shown[max(0, int(len(shown) * 0.95) - 1)] if shown else 0.0
    on_frame_thread = threading.current_thread().name in netlink.NETWORK_THREADS
    extra = (f", {moves} moves arrived over the network, network calls on the frame thread: "
             f"{'yes' if on_frame_thread else 'none'}") if kind != "local" else f", {moves} moves"
    print(f"Classic, {_NAMES[kind]}, {size[0]}x{size[1]}: first frame {first:.2f} ms; the next {len(times)}: "
          f"median {statistics.median(times):.2f} ms, p95 {p95:.2f} ms, worst {times[-1]:.2f} ms "
          f"(processor time: median {statistics.median(cpu):.2f} ms, worst {cpu[-1]:.2f} ms); "
          f"the {len(drawn)} drawn: median {statistics.median(drawn) if drawn else 0.0:.2f} ms, "
          f"p95 {drawn_p95:.2f} ms; the {len(shown)} that showed another seat's move: median "
          f"{statistics.median(shown) if shown else 0.0:.2f} ms, p95 {shown_p95:.2f} ms{extra}")
    app.close()
    if kind == "hosted":
        server_tables.fresh_seed, server_tables.secrets = kept
    if link is not None:
        link.close()
    if proc is not None:
        proc.terminate()
        proc.wait(10)
    folder.cleanup()
    return {"median": statistics.median(times), "p95": p95, "worst": times[-1], "moves": moves,
            "move median": statistics.median(shown) if shown else 0.0, "move p95": shown_p95}
