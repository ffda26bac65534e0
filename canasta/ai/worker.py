"""Computer decisions off the window's thread.

    worker = AIWorker(seed=game_seed)
    ticket = worker.request(seat, observe(state, seat), legal_actions(state), "hard")
    ...  # every frame:
    done = worker.poll()          # None, or (ticket, action)
    ...
    worker.cancel()               # the player left the table: drop what is pending
    worker.close()

The worker thread runs one decision at a time, in the order asked. ``cancel`` drops
every pending request and tells a searching player to stop at once; results of
cancelled requests are never delivered. Nothing here raises into the caller: if a
player fails (or returns something that is not one of the legal actions) the error
is logged and a safe legal action is delivered instead, so the game never stops.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections import deque
from typing import Optional, Sequence

from ..engine.actions import Action
from ..engine.observe import Observation
from .players import Player

log = logging.getLogger("canasta.ai")

_STOP = object()


def safe_action(obs: Optional[Observation], legal: Sequence[Action]) -> Optional[Action]:
    """A legal action chosen without any cleverness that can fail: the medium
    heuristic if it works, else the first legal action."""
    if not legal:
        return None
    try:
        from .policy import medium_choose
        if obs is not None:
            a = medium_choose(obs, legal)
            if a in legal:
                return a
    except Exception:  # noqa: BLE001 - the fallback of the fallback
        log.exception("the medium fallback failed too")
    return legal[0]


class AIWorker:
    """A background thread that answers decision requests one at a time."""

    def __init__(self, seed: int = 0, budget_ms: Optional[float] = None, name: str = "canasta-ai"):
        self.seed = seed
        self.budget_ms = budget_ms
        self._requests: "queue.Queue" = queue.Queue()
        self._results: deque = deque()
        self._lock = threading.Lock()
        self._generation = 0
        self._next_ticket = 0
        self._players: dict[tuple[str, int], Player] = {}
        self._closed = False
        self._busy = threading.Event()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    # -- the caller's side --------------------------------------------------------
    def request(self, seat: int, obs: Observation, legal: Sequence[Action], level: str) -> int:
        """Queue a decision; returns its ticket at once."""
        with self._lock:
            self._next_ticket += 1
            ticket = self._next_ticket
            gen = self._generation
        try:
            if self._closed:
                self._deliver(ticket, gen, safe_action(obs, legal))
            else:
                self._requests.put((ticket, gen, seat, obs, tuple(legal), level))
        except Exception:  # noqa: BLE001 - never raise into the window
            log.exception("could not queue an AI request")
        return ticket

    def poll(self) -> Optional[tuple[int, Optional[Action]]]:
        """The next finished decision as (ticket, action), or None when there is none yet."""
        try:
            with self._lock:
                while self._results:
                    ticket, gen, action = self._results.popleft()
                    if gen == self._generation:
                        return ticket, action
            return None
        except Exception:  # noqa: BLE001
            log.exception("AI poll failed")
            return None

    def cancel(self) -> None:
        """Drop every pending and running request; their results are never delivered."""
        try:
            with self._lock:
                self._generation += 1
                self._results.clear()
            while True:
                try:
                    item = self._requests.get_nowait()
                except queue.Empty:
                    break
                if item is _STOP:
                    self._requests.put(_STOP)
                    break
        except Exception:  # noqa: BLE001
            log.exception("AI cancel failed")

    @property
    def busy(self) -> bool:
        """True while a decision is being computed or waits in the queue."""
        return self._busy.is_set() or not self._requests.empty()

    def close(self, timeout: float = 2.0) -> None:
        """Cancel everything and stop the thread (waits at most ``timeout`` seconds)."""
        try:
            self._closed = True
            self.cancel()
            self._requests.put(_STOP)
            if threading.current_thread() is not self._thread:
                self._thread.join(timeout)
        except Exception:  # noqa: BLE001
            log.exception("AI close failed")

    def __enter__(self) -> "AIWorker":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- the thread's side --------------------------------------------------------
    def _player(self, level: str, seat: int) -> Player:
        key = (level, seat)
        p = self._players.get(key)
        if p is None:
            from . import make_player
            p = make_player(level, seed=self.seed * 100 + seat, budget_ms=self.budget_ms)
            self._players[key] = p
        return p

    def _deliver(self, ticket: int, gen: int, action: Optional[Action]) -> None:
        with self._lock:
            if gen == self._generation:
                self._results.append((ticket, gen, action))

    def _run(self) -> None:
        while True:
            item = self._requests.get()
            if item is _STOP:
                return
            ticket, gen, seat, obs, legal, level = item
            if gen != self._generation:
                continue
            self._busy.set()
            try:
                action = self._decide(gen, seat, obs, legal, level)
                self._deliver(ticket, gen, action)
            except Exception:  # noqa: BLE001 - the thread must survive anything
                log.exception("AI worker failed on ticket %s", ticket)
                try:
                    self._deliver(ticket, gen, safe_action(obs, legal))
                except Exception:  # noqa: BLE001
                    log.exception("AI worker could not deliver ticket %s", ticket)
            finally:
                self._busy.clear()

    def _decide(self, gen: int, seat: int, obs: Observation, legal: Sequence[Action],
                level: str) -> Optional[Action]:
        if not legal:
            log.error("AI asked to choose among no legal actions (seat %s)", seat)
            return None
        try:
            player = self._player(level, seat)
            action = player.choose(obs, legal, should_stop=lambda: gen != self._generation)
        except Exception:  # noqa: BLE001
            log.exception("the %s player failed at seat %s; playing a safe move", level, seat)
            return safe_action(obs, legal)
        if action not in legal:
            log.error("the %s player chose %r, which is not legal; playing a safe move", level, action)
            return safe_action(obs, legal)
        return action
