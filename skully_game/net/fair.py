"""Computer players' thoughts and Skully shots of every room, on a few worker threads, shared
between rooms so that one busy room never stalls another.

Each room has its own queue, and the rooms are served by how busy each has been lately: the
share of the last few seconds in which it had work waiting or running. A room that mostly
waits (on its people, or its computer players' pace) is quiet, and quiet rooms are served
first, the least busy first, so a quiet room's move or a person's shot never waits behind the
thoughts of rooms of seven strong computer players; the busy rooms share what is left among
themselves in turn (the one waiting longest first). On top of that one worker is kept for rooms that are not busy,
so a quiet room never waits for a busy room's long thought to end either.

Why not an equal share of the processor per room: with two dozen rooms thinking flat out, an
equal share is a twenty-fifth of one core (the interpreter's lock makes the worker threads one
core), and a room that wants more than that (three strong computer players at the table's
pace) would wait close to a second for every move. Served by how busy it is, it waits for none.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

WINDOW = 5.0  # seconds: how far back a room's busyness is remembered (a decaying average)
QUIET = 0.5  # a room busy less than this share of the time may use the kept worker
LOG = 256  # jobs remembered in `started` (the tests read the order rooms were served in)


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

    def __init__(self, workers: int, kept: int = 1) -> None:
        self.workers = max(1, workers)  # any room's jobs
        self.kept = max(0, kept)  # only rooms that are not busy
        self.threads = ThreadPoolExecutor(self.workers + self.kept, "skully-think")
        self.lanes: dict[str, Lane] = {}
        self.busy = 0  # jobs on the shared workers
        self.busy_kept = 0  # jobs on the kept ones
        self.started: deque[str] = deque(maxlen=LOG)  # rooms in the order their jobs began

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
            _, room, lane = min(waiting, key=lambda item: item[0])
            work, future, _ = lane.jobs.popleft()
            lane.running += 1
            if kept:
                self.busy_kept += 1
            else:
                self.busy += 1
            self.started.append(room)
            done = self.threads.submit(work)

            def back(
                d: Future[Any], lane: Lane = lane, fut: Any = future, kept: bool = kept
            ) -> None:
                with contextlib.suppress(RuntimeError):  # the server's loop has stopped
                    loop.call_soon_threadsafe(self._done, loop, lane, fut, kept, d)

            done.add_done_callback(back)

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
