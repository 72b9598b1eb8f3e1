"""Computer players' thoughts and Skully shots of every room, on a few worker threads, shared
between rooms so that one busy room never stalls another.

Each room has its own queue, and the rooms are served by how busy each has been lately: the
share of the last few seconds in which it had work waiting or running. A room that mostly
waits (on its people, or its computer players' pace) is quiet, and quiet rooms are served
first, the least busy first, so a quiet room's move or a person's shot never waits behind the
thoughts of rooms of seven strong computer players; the busy rooms share what is left among
themselves in turn (the one waiting longest first). On top of that a few workers are kept for
a room quieter than every room whose job is running (KEPT), so it never waits for another
room's long thought to end.

Why not an equal share of the processor per room: with two dozen rooms thinking flat out, an
equal share is a twenty-fifth of one core (the interpreter's lock makes the worker threads one
core), and a room that wants more than that (three strong computer players at the table's
pace) would wait close to a second for every move. Served by how busy it is, it waits for none.

The interpreter's lock shares one core between the worker threads: a quiet room's thought
running beside a busier room's would get half of it. So every job has a rank (its room's
busyness when it began; every busy room's alike), and while a job of a lower rank runs, the
others pause (each for MOST_PAUSE at most at a time) at their next draw from their
random generator (`Yielding`, the generator the server gives every computer player: the same
numbers, a place to wait between two steps of a search): the quietest room's job has the core
alone. Rooms of two dozen tables of strong computer players paced a quarter of a second apart
are each busy only a third of the time while served at once, as quiet as a table of three;
paused behind a quieter room's job their busyness grows, and they fall to the busy rooms' turn.
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
QUIET = 0.5  # a room busy less than this share of the time is quiet: served first
# workers kept for a job that outranks every running job (the jobs on them outranked each other
# in turn, each pausing the last: a chain of quieter and quieter rooms)
KEPT = 5
LOG = 256  # jobs remembered in `started` (the tests read the order rooms were served in)
MOST_PAUSE = 0.5  # seconds a job waits at most at one draw for a job of a lower rank
BUSY = 1.0  # the rank of every busy room's job (a quiet room's is its busyness: below QUIET)
NONE_RUNNING = 2.0  # `top` while no job runs

_local = threading.local()  # `pool` and `rank` of the job this worker thread runs, if any


def _wait_turn() -> None:
    """In a worker thread: a job waits here while a job of a lower rank runs."""
    pool = getattr(_local, "pool", None)
    if pool is not None and _local.rank > pool.top:
        pool.wait_turn(_local.rank)


def rank(level: float) -> float:
    """A job's rank from its room's busyness: lower ranks go first and pause higher ones.
    Not rounded: two quiet rooms of one rank would share the core, and the second to come
    would wait for a worker (ranked in tenths, a Skull King room's move waited up to 0.2 s
    behind another room's of the same tenth)."""
    return level if level < QUIET else BUSY


class Yielding(random.Random):
    """A computer player's generator: the numbers of `random.Random` with the same state, and at
    each draw its search gives way to a quieter room's job (see the module's docstring).
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
        self.kept = max(0, kept)  # only a job that outranks every running one
        self.threads = ThreadPoolExecutor(self.workers + self.kept, "skully-think")
        self.lanes: dict[str, Lane] = {}
        self.busy = 0  # jobs on the shared workers
        self.busy_kept = 0  # jobs on the kept ones
        self.started: deque[str] = deque(maxlen=LOG)  # rooms in the order their jobs began
        self.ranks: list[float] = []  # of the jobs handed to a worker and not yet done
        self.top = NONE_RUNNING  # the lowest of them: a job of a higher rank pauses at draws
        self.turn = threading.Condition()  # notified when `top` rises

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
        with self.turn:  # a paused job goes on to its end at once
            self.ranks.clear()
            self.top = NONE_RUNNING
            self.turn.notify_all()

    def wait_turn(self, mine: float) -> None:
        """A job of rank `mine` waits while one of a lower rank runs (MOST_PAUSE at most)."""
        with self.turn:
            self.turn.wait_for(lambda: mine <= self.top, MOST_PAUSE)

    def _dispatch(self, loop: asyncio.AbstractEventLoop) -> None:
        now = time.monotonic()
        while True:
            waiting: list[tuple[tuple[int, float], float, str, Lane]] = []
            for room, lane in self.lanes.items():
                while lane.jobs and lane.jobs[0][1].done():  # its room gave up waiting
                    lane.jobs.popleft()
                if lane.jobs:
                    mine = rank(lane.update(now))
                    # quiet rooms first, the least busy first (by tenths); then the busy ones;
                    # alike rooms in turn, the one waiting longest first
                    order = (round(mine * 10), lane.jobs[0][2])
                    waiting.append((order, mine, room, lane))
            if not waiting:
                return
            if self.busy < self.workers:
                kept = False
                _, mine, room, lane = min(waiting, key=lambda item: item[0])
            elif self.busy_kept < self.kept:
                kept = True  # only for a job that outranks every running one: they pause
                _, mine, room, lane = min(waiting, key=lambda item: item[1])
                if mine >= self.top:
                    return
            else:
                return
            work, future, _ = lane.jobs.popleft()
            lane.running += 1
            if kept:
                self.busy_kept += 1
            else:
                self.busy += 1
            self.started.append(room)
            with self.turn:
                self.ranks.append(mine)
                self.top = min(self.ranks)
            done = self.threads.submit(self._job, work, mine)

            def back(
                d: Future[Any], lane: Lane = lane, fut: Any = future, kept: bool = kept
            ) -> None:
                with contextlib.suppress(RuntimeError):  # the server's loop has stopped
                    loop.call_soon_threadsafe(self._done, loop, lane, fut, kept, d)

            done.add_done_callback(back)

    def _job(self, work: Callable[[], Any], mine: float) -> Any:
        """In a worker: the job's draws wait while a job of a lower rank runs; when it ends,
        the jobs it held up go on."""
        _local.pool, _local.rank = self, mine
        try:
            return work()
        finally:
            _local.pool = None
            with self.turn:
                with contextlib.suppress(ValueError):  # (cleared by a shutdown)
                    self.ranks.remove(mine)
                self.top = min(self.ranks, default=NONE_RUNNING)
                self.turn.notify_all()

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
