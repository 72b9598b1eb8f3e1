"""Computer players' thoughts and Skully shots of every room, on a few worker threads, shared
between rooms so that one busy room never stalls another.

Each room has its own queue, and the rooms are served by how busy each has been lately: the
share of the last few seconds in which it had work waiting or running. A room that mostly
waits (on its people, or its computer players' pace) is quiet, and quiet rooms are served
first, the least busy first, so a quiet room's move or a person's shot never waits behind the
thoughts of rooms of seven strong computer players; the busy rooms share what is left among
themselves in turn (the one waiting longest first). On top of that two workers are kept for
rooms that are not busy (KEPT), so a quiet room never waits for a busy room's long thought to
end either, nor a quiet room's shot for another quiet room's thought.

Why not an equal share of the processor per room: with two dozen rooms thinking flat out, an
equal share is a twenty-fifth of one core (the interpreter's lock makes the worker threads one
core), and a room that wants more than that (three strong computer players at the table's
pace) would wait close to a second for every move. Served by how busy it is, it waits for none.

The interpreter's lock shares one core between the worker threads: a quiet room's thought
running beside a busy room's would get half of it. So while a quiet room's job runs, busy rooms'
searches pause (each for MOST_PAUSE at most at a time) at their next draw from their random
generator (`Yielding`, the generator the server gives every computer player: the same numbers,
a place to wait between two steps of a search), and the quiet room's job has the core alone.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import random
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

WINDOW = 5.0  # seconds: how far back a room's busyness is remembered (a decaying average)
QUIET = 0.5  # a room busy less than this share of the time may use the kept workers
KEPT = 2  # workers only quiet rooms use (tools/net_check.py: 334 and 351 ms p99 beside 24 busy
# rooms, against 556 and 386 ms with one kept, measured in turn on the same loaded machine)
LOG = 256  # jobs remembered in `started` (the tests read the order rooms were served in)
MOST_PAUSE = 0.5  # seconds a busy room's search waits at most at one draw for a quiet job

_local = threading.local()  # `gate`: the Event a busy job's draws wait on (None: never wait)


def _wait_turn() -> None:
    """In a worker thread: a busy room's job waits here while a quiet room's job runs."""
    gate = getattr(_local, "gate", None)
    if gate is not None and not gate.is_set():
        gate.wait(MOST_PAUSE)


class Yielding(random.Random):
    """A computer player's generator: the numbers of `random.Random` with the same state, and at
    each draw a busy room's search gives way to a quiet room's job (see the module's docstring).
    Outside the server's workers it never waits."""

    def random(self) -> float:
        _wait_turn()
        return super().random()

    def getrandbits(self, k: int) -> int:
        _wait_turn()
        return super().getrandbits(k)


def yielding(rng: random.Random) -> Yielding:
    """`rng` as a Yielding generator in the same state (the same numbers follow)."""
    out = Yielding(0)
    out.setstate(rng.getstate())
    return out


@dataclass
class Lane:
    """One room's queue and how busy it has been."""

    jobs: deque[tuple[Callable[[], Any], asyncio.Future[Any], float]] = field(default_factory=deque)
    running: int = 0
    level: float = 0.0  # the share of the last WINDOW seconds it had work waiting or running
    at: float = field(default_factory=time.monotonic)  # when `level` was last brought up to date

    @property
    def busy(self) -> bool:
        return bool(self.jobs) or self.running > 0

    def update(self, now: float) -> float:
        """`level` brought up to `now` (it drifts towards 1 while busy, 0 while idle)."""
        target = 1.0 if self.busy else 0.0
        self.level = target + (self.level - target) * math.exp(-(now - self.at) / WINDOW)
        self.at = now
        return self.level


class FairPool:
    """`await pool.run(room, work)`: `work()` in a worker thread, rooms served in turn."""

    def __init__(self, workers: int, kept: int = KEPT) -> None:
        self.workers = max(1, workers)  # any room's jobs
        self.kept = max(0, kept)  # only rooms that are not busy
        self.threads = ThreadPoolExecutor(self.workers + self.kept, "skully-think")
        self.lanes: dict[str, Lane] = {}
        self.busy = 0  # jobs on the shared workers
        self.busy_kept = 0  # jobs on the kept ones
        self.started: deque[str] = deque(maxlen=LOG)  # rooms in the order their jobs began
        self.gate = threading.Event()  # set while no quiet room's job runs
        self.gate.set()
        self.quiet_running = 0
        self.gate_lock = threading.Lock()

    async def run(self, room: str, work: Callable[[], Any]) -> Any:
        loop = asyncio.get_running_loop()
        lane = self.lanes.get(room)
        if lane is None:
            lane = self.lanes[room] = Lane()
        lane.update(time.monotonic())  # idle until now
        future: asyncio.Future[Any] = loop.create_future()
        lane.jobs.append((work, future, time.monotonic()))
        self._dispatch(loop)
        return await future

    def forget(self, room: str) -> None:
        """A room that is gone: its waiting jobs are dropped."""
        lane = self.lanes.pop(room, None)
        if lane is not None:
            for _, future, _ in lane.jobs:
                future.cancel()

    def shutdown(self) -> None:
        self.threads.shutdown(wait=False, cancel_futures=True)

    def _dispatch(self, loop: asyncio.AbstractEventLoop) -> None:
        now = time.monotonic()
        while True:
            waiting: list[tuple[tuple[bool, int, float], str, Lane]] = []
            for room, lane in self.lanes.items():
                while lane.jobs and lane.jobs[0][1].done():  # its room gave up waiting
                    lane.jobs.popleft()
                if lane.jobs:
                    level = lane.update(now)
                    # quiet rooms first, the least busy first (by tenths); then the busy ones;
                    # alike rooms in turn, the one waiting longest first
                    quiet = level < QUIET
                    order = (not quiet, round(level * 10) if quiet else 0, lane.jobs[0][2])
                    waiting.append((order, room, lane))
            if not waiting:
                return
            if self.busy < self.workers:
                kept = False
            elif self.busy_kept < self.kept:
                waiting = [item for item in waiting if not item[0][0]]
                if not waiting:
                    return
                kept = True
            else:
                return
            order, room, lane = min(waiting, key=lambda item: item[0])
            quiet = not order[0]
            work, future, _ = lane.jobs.popleft()
            lane.running += 1
            if kept:
                self.busy_kept += 1
            else:
                self.busy += 1
            self.started.append(room)
            done = self.threads.submit(self._job, work, quiet)

            def back(
                d: Future[Any], lane: Lane = lane, fut: Any = future, kept: bool = kept
            ) -> None:
                with contextlib.suppress(RuntimeError):  # the server's loop has stopped
                    loop.call_soon_threadsafe(self._done, loop, lane, fut, kept, d)

            done.add_done_callback(back)

    def _job(self, work: Callable[[], Any], quiet: bool) -> Any:
        """In a worker: a quiet room's job closes the gate while it runs; a busy room's job
        waits at the gate at each draw of its computer players' generators."""
        if not quiet:
            _local.gate = self.gate
            try:
                return work()
            finally:
                _local.gate = None
        with self.gate_lock:
            self.quiet_running += 1
            self.gate.clear()
        try:
            return work()
        finally:
            with self.gate_lock:
                self.quiet_running -= 1
                if not self.quiet_running:
                    self.gate.set()

    def _done(
        self,
        loop: asyncio.AbstractEventLoop,
        lane: Lane,
        future: asyncio.Future[Any],
        kept: bool,
        done: Future[Any],
    ) -> None:
        if kept:
            self.busy_kept -= 1
        else:
            self.busy -= 1
        lane.update(time.monotonic())  # busy until now
        lane.running -= 1
        if not future.done():
            if done.cancelled():
                future.cancel()
            elif done.exception() is not None:  # said to the room that asked
                future.set_exception(done.exception())  # type: ignore[arg-type]
            else:
                future.set_result(done.result())
        self._dispatch(loop)
