"""Computer players' thoughts and Skully shots of every room, on a few worker threads, shared
fairly between rooms: one busy room never stalls another.

Each room has its own queue. A free worker takes the next job of the room that has had the least
worker time so far (start-time fair queuing: a room that was idle comes back level with the rooms
being served, so it neither banks time while quiet nor waits behind another room's backlog). On
top of that one worker is kept for rooms whose jobs are short (a move now and then, a person's
shot): rooms of seven strong computer players may fill every other worker, never that one, so a
quiet room's move waits for no other room's long thought. Time is counted as the worker
thread's own processor time, so a job slowed by others' load is not charged for it.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

SHORT = 0.12  # seconds of processor time: a room whose jobs run shorter may use the kept worker
LOG = 256  # jobs remembered in `started` (the tests read the order rooms were served in)


@dataclass
class Lane:
    """One room's queue and what it has had."""

    jobs: deque[tuple[Callable[[], Any], asyncio.Future[Any]]] = field(default_factory=deque)
    served: float = 0.0  # processor seconds of work so far, on the pool's fair clock
    typical: float = 0.0  # its recent jobs' length (0 before its first: counted as short)
    running: int = 0


class FairPool:
    """`await pool.run(room, work)`: `work()` in a worker thread, rooms served in turn."""

    def __init__(self, workers: int, kept: int = 1, short: float = SHORT) -> None:
        self.workers = max(1, workers)  # any room's jobs
        self.kept = max(0, kept)  # short jobs only
        self.short = short
        self.threads = ThreadPoolExecutor(self.workers + self.kept, "skully-think")
        self.lanes: dict[str, Lane] = {}
        self.busy = 0  # jobs on the shared workers
        self.busy_kept = 0  # jobs on the kept ones
        self.clock = 0.0  # the fair clock: the `served` of the room last given a worker
        self.started: deque[str] = deque(maxlen=LOG)  # rooms in the order their jobs began

    async def run(self, room: str, work: Callable[[], Any]) -> Any:
        loop = asyncio.get_running_loop()
        lane = self.lanes.get(room)
        if lane is None:
            lane = self.lanes[room] = Lane(served=self.clock)
        elif not lane.jobs and not lane.running:
            lane.served = max(lane.served, self.clock)  # idle time is not banked
        future: asyncio.Future[Any] = loop.create_future()
        lane.jobs.append((work, future))
        self._dispatch(loop)
        return await future

    def forget(self, room: str) -> None:
        """A room that is gone: its waiting jobs are dropped."""
        lane = self.lanes.pop(room, None)
        if lane is not None:
            for _, future in lane.jobs:
                future.cancel()

    def shutdown(self) -> None:
        self.threads.shutdown(wait=False, cancel_futures=True)

    def _dispatch(self, loop: asyncio.AbstractEventLoop) -> None:
        while True:
            for lane in self.lanes.values():
                while lane.jobs and lane.jobs[0][1].done():  # its room gave up waiting
                    lane.jobs.popleft()
            waiting = [(room, lane) for room, lane in self.lanes.items() if lane.jobs]
            if not waiting:
                return
            if self.busy < self.workers:
                kept = False
            elif self.busy_kept < self.kept:
                waiting = [(r, lane) for r, lane in waiting if lane.typical < self.short]
                if not waiting:
                    return
                kept = True
            else:
                return
            room, lane = min(waiting, key=lambda item: item[1].served)
            work, future = lane.jobs.popleft()
            self.clock = max(self.clock, lane.served)
            lane.running += 1
            if kept:
                self.busy_kept += 1
            else:
                self.busy += 1
            self.started.append(room)
            done = self.threads.submit(_timed, work)

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
        done: Future[tuple[Any, float]],
    ) -> None:
        if kept:
            self.busy_kept -= 1
        else:
            self.busy -= 1
        lane.running -= 1
        try:
            result, took = done.result()
        except BaseException as exc:  # said to the room that asked (a computer player's fault)
            if not future.done():
                future.set_exception(exc)
        else:
            lane.served += took
            lane.typical = took if lane.typical == 0.0 else (lane.typical + took) / 2
            if not future.done():
                future.set_result(result)
        self._dispatch(loop)


def _timed(work: Callable[[], Any]) -> tuple[Any, float]:
    began = time.thread_time()
    result = work()
    return result, time.thread_time() - began
