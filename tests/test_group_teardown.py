"""A group member leaves nothing pending when it stops: the writes of its connections' ends
(`_uncount`) still under way are awaited a moment, then cancelled and ended, before its Redis
client and its loop close (a coroutine left unawaited was a warning at a group test's end); and
a connection's end collected as garbage on another thread's loop starts no task there."""

from __future__ import annotations

import asyncio
import time

import redis

from skully_game.net.server import ServerThread
from tests.group_kit import member

SLOW = 5.0  # seconds each connection's end takes to be written here (Redis made slow)


def test_connections_ends_under_way_are_ended_before_the_loop_closes(redis_url: str) -> None:
    redis.Redis.from_url(redis_url).flushall()
    a = member(redis_url, "A").start()
    group = a.server.group

    async def slow_uncount(address: str) -> None:
        await asyncio.sleep(SLOW)

    group._uncount = slow_uncount
    for i in range(5):
        a.call(lambda i=i: group.disconnected(f"10.0.0.{i}"))
    tasks = a.call(lambda: list(group.uncounting))
    assert len(tasks) == 5
    began = time.monotonic()
    a.stop()
    assert not a.thread.is_alive() and time.monotonic() - began < SLOW
    assert all(t.done() for t in tasks), "a connection's end was left pending on a closed loop"
    assert not group.uncounting


def test_a_connections_end_on_another_loop_starts_no_task_there(redis_url: str) -> None:
    a: ServerThread = member(redis_url, "A").start()
    try:
        group = a.server.group

        async def elsewhere() -> int:  # as a handler collected on another thread's loop
            group.disconnected("10.0.0.9")
            return len(asyncio.all_tasks())

        assert asyncio.run(elsewhere()) == 1  # this coroutine's own task, and nothing else
        assert not group.uncounting
    finally:
        a.stop()
