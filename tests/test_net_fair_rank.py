"""The quietest room's job has the interpreter and a worker to itself (issue 43, fairness):
rooms of strong computer players paced a quarter of a second apart are busy only a third of
the time, so they count as quiet too; a quieter room's job must still pause theirs and find a
worker while theirs hold the kept ones."""

from __future__ import annotations

import asyncio
import threading
import time

from cards.engine import make_rng
from skully_game.net.fair import BUSY, KEPT, MOST_PAUSE, FairPool, Lane, Yielding, rank, yielding

QUIET_FOR = 0.3  # seconds the quietest room's job runs (a sleep: the others could run on)
MARGIN = 0.05


def _lane(pool: FairPool, room: str, level: float) -> None:
    """A room as busy as `level` (its busyness drifts only a little while a test runs)."""
    pool.lanes[room] = Lane(level=level, at=time.monotonic())


def _search(rng: Yielding, draws: list[float], stop: threading.Event) -> None:
    end = time.monotonic() + 3.0
    while not stop.is_set() and time.monotonic() < end:
        rng.random()
        draws.append(time.monotonic())


def test_quiet_rooms_rank_by_busyness_and_busy_rooms_alike():
    assert rank(0.0) < rank(0.04) < rank(0.16) < rank(0.49) < BUSY
    assert rank(0.5) == rank(0.97) == BUSY


def test_a_quieter_rooms_job_pauses_a_quiet_rooms_search():
    """A room a third busy (seven strong computer players at the pace) is quiet too; a
    quieter room's job still has the interpreter alone (the old pool paused busy rooms only)."""
    pool = FairPool(1)
    draws: list[float] = []
    stop = threading.Event()
    ran: list[float] = []
    rng = yielding(make_rng(2, "third"))

    def quietest() -> None:
        ran.append(time.monotonic())
        time.sleep(QUIET_FOR)
        ran.append(time.monotonic())

    async def play() -> None:
        _lane(pool, "THIRD", 0.35)
        search = asyncio.ensure_future(pool.run("THIRD", lambda: _search(rng, draws, stop)))
        await asyncio.sleep(0.1)
        await pool.run("QUIETEST", quietest)
        await asyncio.sleep(0.1)
        stop.set()
        await search

    try:
        asyncio.run(play())
    finally:
        pool.shutdown()
    began, ended = ran
    during = [t for t in draws if began + MARGIN < t < ended - MARGIN]
    assert during == [], f"{len(during)} draws while the quietest room's job ran"
    assert any(t > ended for t in draws)  # paused, then on again
    assert QUIET_FOR < MOST_PAUSE


def test_the_quietest_rooms_job_finds_a_worker_while_quiet_rooms_hold_the_kept_ones():
    """A busy room's thought on the shared worker and quiet rooms' thoughts on the kept ones,
    each a second long: a quieter room's move starts at once (the old pool's two kept workers
    were taken by the first two quiet rooms, and it waited a second)."""
    pool = FairPool(1)
    began: dict[str, float] = {}
    release = threading.Event()

    def long_thought(room: str) -> None:
        began[room] = time.monotonic()
        release.wait(1.0)

    async def play() -> float:
        rooms = [("BUSY", 0.9), *((f"QUIET{k}", 0.48 - 0.1 * k) for k in range(KEPT - 1))]
        tasks = []
        for room, level in rooms:
            _lane(pool, room, level)
            tasks.append(asyncio.ensure_future(pool.run(room, lambda r=room: long_thought(r))))
            await asyncio.sleep(0.02)
        asked = time.monotonic()
        await pool.run("QUIETEST", lambda: long_thought("QUIETEST"))
        waited = began["QUIETEST"] - asked
        release.set()
        await asyncio.gather(*tasks)
        return waited

    try:
        waited = asyncio.run(play())
    finally:
        pool.shutdown()
    assert waited < 0.5, f"the quietest room's move waited {waited:.2f} s for a worker"
    assert len(began) == KEPT + 1  # every room's thought was under way at once
