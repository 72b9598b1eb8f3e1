"""A quiet room's job has the interpreter to itself (issue 43, fairness): while it runs, a busy
room's search pauses at its next draw from the generator the server gives computer players
(fair.Yielding), which draws the same numbers as the engine's own generator."""

from __future__ import annotations

import asyncio
import threading
import time

from cards.engine import make_rng
from skully_game.net.fair import MOST_PAUSE, FairPool, Lane, Yielding, yielding

QUIET_FOR = 0.3  # seconds the quiet room's job runs (a sleep: the busy search could run on)
MARGIN = 0.05


def test_a_yielding_generator_draws_the_engines_numbers():
    ours, theirs = yielding(make_rng(7, "online-bot", 2)), make_rng(7, "online-bot", 2)
    assert [ours.random() for _ in range(20)] == [theirs.random() for _ in range(20)]
    assert [ours.randrange(1000) for _ in range(20)] == [theirs.randrange(1000) for _ in range(20)]
    assert ours.choice("abcdefgh") == theirs.choice("abcdefgh")
    assert isinstance(ours, Yielding)


def _busy_search(rng: Yielding, draws: list[float], stop: threading.Event) -> None:
    """A search that draws numbers as fast as it can until told to stop (or 3 s)."""
    end = time.monotonic() + 3.0
    while not stop.is_set() and time.monotonic() < end:
        rng.random()
        draws.append(time.monotonic())


def test_a_busy_search_pauses_while_a_quiet_rooms_job_runs():
    pool = FairPool(1, kept=1)
    draws: list[float] = []
    stop = threading.Event()
    ran: list[float] = []
    rng = yielding(make_rng(1, "busy"))

    def quiet() -> None:
        ran.append(time.monotonic())
        time.sleep(QUIET_FOR)
        ran.append(time.monotonic())

    async def play() -> None:
        busy_lane = pool.lanes["BUSY"] = Lane(level=1.0)  # has waited long: a busy room
        busy_lane.at = time.monotonic() + 60  # stays busy while this test runs
        search = asyncio.ensure_future(pool.run("BUSY", lambda: _busy_search(rng, draws, stop)))
        await asyncio.sleep(0.1)  # the search under way
        await pool.run("QUIET", quiet)
        await asyncio.sleep(0.1)  # and on again afterwards
        stop.set()
        await search

    try:
        asyncio.run(play())
    finally:
        pool.shutdown()
    began, ended = ran
    during = [t for t in draws if began + MARGIN < t < ended - MARGIN]
    assert during == [], f"{len(during)} draws while the quiet job ran"
    assert any(t < began for t in draws) and any(t > ended for t in draws)  # paused, not ended
    assert QUIET_FOR < MOST_PAUSE  # (so the pause seen is the gate's, not a timeout's)


def test_outside_the_servers_workers_a_yielding_generator_never_waits():
    pool = FairPool(1, kept=1)
    pool.top = -1  # as if a job outranking every other ran forever
    rng = yielding(make_rng(3, "bot"))
    began = time.monotonic()
    for _ in range(1000):
        rng.random()
    assert time.monotonic() - began < MOST_PAUSE
    pool.shutdown()
