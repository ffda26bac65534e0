"""The frame time of an online table while the server's messages arrive, beside the same
game played at a local table (part of ``python -m canasta.bench frame``).

Each runs Classic at 1280x800 for the same number of frames, paced at 60 a second as
the real loop is, the tables side by side in one window, a frame of each in turn (so a
moment when the machine is slower or busier weighs on every table alike): three Easy
computers and the window's seat (its moves chosen by an Easy player, made through the
table as a person's would be). At the local table the
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
    """Each of ``kinds`` for ``frames`` frames, in ``rounds`` rounds. Within a round the
    tables run side by side, frame by frame in turn (local, hosted, joined; the next
    frame starts with the next table), in one window of this process, so that a machine
    faster or busier at one moment than another weighs on every table alike. Prints
    each run, then (more than one round) the median of the rounds' figures for each
    table, the figures of all the rounds' frames taken together, and the online tables'
    ratios to the local one. Returns ``{kind: [figures of each round]}``."""
    runs: dict = {kind: [] for kind in kinds}
    for _ in range(max(1, rounds)):
        for kind, figures in _side_by_side(kinds, frames, size).items():
            runs[kind].append(figures)
    if rounds > 1:
        keys = ("median", "p95", "worst", "move median", "move p95")
        mid = {kind: {k: statistics.median(r[k] for r in runs[kind]) for k in keys} for kind in kinds}
        print(f"Median of {rounds} rounds of {frames} frames (ms):")
        _summary(mid, kinds)
        pooled = {kind: _figures([t for r in runs[kind] for t in r["times"]],
                                 [t for r in runs[kind] for t in r["shown"]]) for kind in kinds}
        print(f"All {rounds * frames} frames of each table taken together (ms):")
        _summary(pooled, kinds)
    return runs


def _summary(figures: dict, kinds) -> None:
    for kind in kinds:
        m = figures[kind]
        line = f"  {_NAMES[kind]}: median {m['median']:.2f}, p95 {m['p95']:.2f}, worst {m['worst']:.2f}"
        moved = f"    the frames that showed another seat's move: median {m['move median']:.2f}, p95 {m['move p95']:.2f}"
        if kind != "local" and "local" in figures:
            local = figures["local"]
            ratio = {k.replace(" ", "_"): m[k] / local[k] if local[k] > 0 else 0.0 for k in
                     ("median", "p95", "worst", "move median", "move p95")}
            line += (" (to the local table: median x{median:.2f}, p95 x{p95:.2f}, worst x{worst:.2f})"
                     .format(**ratio))
            moved += " (to the local table: median x{move_median:.2f}, p95 x{move_p95:.2f})".format(**ratio)
        print(line)
        print(moved)


def _p95(values: list) -> float:
    values = sorted(values)
    return values[max(0, int(len(values) * 0.95) - 1)] if values else 0.0


def _figures(times: list, shown: list) -> dict:
    """The median, p95 and worst of ``times``, and the median and p95 of ``shown``."""
    return {"median": statistics.median(times), "p95": _p95(times), "worst": max(times),
            "move median": statistics.median(shown) if shown else 0.0, "move p95": _p95(shown)}


_NAMES = {"local": "local table", "hosted": "online table, hosting (server in this process)",
          "joined": "online table, joined (server in another program)"}


def _side_by_side(kinds, frames: int, size) -> dict:
    """One round: the tables of ``kinds`` made, then run frame by frame in turn, paced
    at 60 rounds of frames a second; returns each one's figures."""
    import pygame
    tables = []
    try:
        for kind in kinds:
            tables.append(_Table(kind, size))
        screen = pygame.display.get_surface()
        for table in tables:            # one window: each table draws a whole frame on it in turn
            table.app.screen = screen
        for i in range(frames + WARM_FRAMES):
            start = time.perf_counter()
            pygame.event.clear()        # no one at the keyboard: every table gets no input
            for k in range(len(tables)):
                tables[(i + k) % len(tables)].frame(i)
            rest = 1 / 60 - (time.perf_counter() - start)
            if rest > 0:
                time.sleep(rest)
        return {table.kind: table.report(size) for table in tables}
    finally:
        for table in reversed(tables):
            table.close()


class _Table:
    """One table of the bench: the local table, or an online one (hosting, or joined to
    a server in another program), with the figures of its frames."""

    def __init__(self, kind: str, size) -> None:
        from ...ai import make_player
        from ...ai.worker import AIWorker
        from ...engine import Rules
        from ...engine.record import Game
        from ...store.settings import Settings
        from ..app import App
        from ..main import default_seats
        from ..table import TableScene

        import tempfile
        self.kind = kind
        settings = Settings()
        settings.computer_pause = 0.2
        settings.animation_speed = "fast"
        settings.sound = False
        self.app = app = App(settings, size=size, ai=AIWorker())
        self.link = self.proc = self.kept = None
        self.folder = tempfile.TemporaryDirectory()
        if kind == "local":
            scene = TableScene(app, Game(Rules(), BENCH_SEED, BENCH_DEALER), default_seats(4, 1, "easy"))
        else:
            url = ""
            if kind == "joined":
                self.proc, url = _outside_server(self.folder.name)
            if kind == "hosted":
                import canasta.net.table as server_tables
                self.kept = (server_tables.fresh_seed, server_tables.secrets)
                fixed_deals()
            # the same pace of moves: a local table waits for the cards to land before the
            # next computer decides (about 0.3 s at "fast"); the server does not wait for them
            scene, self.link = _online_scene(app, settings.computer_pause + 0.3, url)
        app.set_scene(scene)
        self.player = make_player("easy")
        self.times: list = []
        self.cpu: list = []
        self.drawn: list = []
        self.shown: list = []       # the frames in which another seat's move came in and was shown

    def frame(self, i: int) -> None:
        """One frame of this table, timed (the ``i``-th: the first few are not counted)."""
        from ...engine import legal_actions
        from ...engine.observe import observe
        app, ctl = self.app, self.app.scene.ctl
        st = ctl.state
        action = next_deal = None
        if st.deal_over and not ctl.animator.busy:
            next_deal = True
        elif (ctl.my_turn() or ctl.answering()) and not ctl.animator.busy:
            # a person plays when the cards of the last move have landed, as the computers do
            ob = observe(st, st.to_act) if self.kind == "local" else ctl.obs
            action = self.player.choose(ob, legal_actions(st))      # the person thinking: not timed
        before, actor = len(ctl.game.actions), ctl.state.to_act
        t0, c0 = time.perf_counter(), time.process_time()
        # the window's own move is made inside the frame, as the real loop makes it (the
        # mouse or key event that plays it is handled in the frame's step)
        if next_deal:
            ctl.next_deal()
        elif action is not None:
            ctl.perform(action)
        app.step(1 / 60, [])
        ms = (time.perf_counter() - t0) * 1000
        self.times.append(ms)
        self.cpu.append((time.process_time() - c0) * 1000)
        if i >= WARM_FRAMES:
            if len(ctl.game.actions) > before and actor != ctl.viewer:
                self.shown.append(ms)
            if app.drew:
                self.drawn.append(ms)

    def report(self, size) -> dict:
        """Prints this table's figures; returns them, with its frames' times."""
        from ...net import link as netlink
        ctl = self.app.scene.ctl
        first = self.times[0]
        times, cpu, drawn, shown = self.times[WARM_FRAMES:], sorted(self.cpu[WARM_FRAMES:]), self.drawn, self.shown
        figures = _figures(times, shown)
        moves = len(ctl.game.actions)
        on_frame_thread = threading.current_thread().name in netlink.NETWORK_THREADS
        extra = (f", {moves} moves arrived over the network, network calls on the frame thread: "
                 f"{'yes' if on_frame_thread else 'none'}") if self.kind != "local" else f", {moves} moves"
        print(f"Classic, {_NAMES[self.kind]}, {size[0]}x{size[1]}: first frame {first:.2f} ms; the next {len(times)}: "
              f"median {figures['median']:.2f} ms, p95 {figures['p95']:.2f} ms, worst {figures['worst']:.2f} ms "
              f"(processor time: median {statistics.median(cpu):.2f} ms, worst {cpu[-1]:.2f} ms); "
              f"the {len(drawn)} drawn: median {statistics.median(drawn) if drawn else 0.0:.2f} ms, "
              f"p95 {_p95(drawn):.2f} ms; the {len(shown)} that showed another seat's move: median "
              f"{figures['move median']:.2f} ms, p95 {figures['move p95']:.2f} ms{extra}")
        return dict(figures, moves=moves, times=list(times), shown=list(shown))

    def close(self) -> None:
        self.app.close()
        if self.kept is not None:
            import canasta.net.table as server_tables
            server_tables.fresh_seed, server_tables.secrets = self.kept
        if self.link is not None:
            self.link.close()
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait(10)
        self.folder.cleanup()
