"""Two servers of one group in the test's process on a private Redis (the `redis_url` fixture
of conftest.py): the pieces every group test file shares. Every wait is bounded."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import redis

from skully_game.net.group.member import GroupConfig
from skully_game.net.group.redisproc import free_port
from skully_game.net.limits import Limits
from skully_game.net.server import ServerConfig, ServerThread


def member(
    url: str,
    name: str,
    shared: int = 0,
    rooms: int = 64,
    connections: int = 64,
    lease: float = 1.0,
) -> ServerThread:
    """A group member on 127.0.0.1 (and on the group's `shared` port, if any), not started."""
    limits = Limits(rooms_per_address=rooms, connections_per_address=connections)
    group = GroupConfig(url, shared_port=shared, name=name, beat=0.2, lease=lease)
    return ServerThread(ServerConfig(port=0, quick=True, pace=0.0, limits=limits, group=group))


@contextmanager
def running_pair(
    url: str, **options: float
) -> Iterator[tuple[ServerThread, ServerThread, redis.Redis]]:
    """Members A and B on one shared port and an emptied Redis; both stopped after."""
    store = redis.Redis.from_url(url, decode_responses=True)
    store.flushall()
    shared = free_port()
    a = member(url, "A", shared, **options).start()  # type: ignore[arg-type]
    b = member(url, "B", shared, **options).start()  # type: ignore[arg-type]
    try:
        yield a, b, store
    finally:
        a.stop()
        b.stop()
        store.close()


def until(check: Callable[[], object], seconds: float = 5.0) -> bool:
    """Whether `check` came true within `seconds` (polled every 20 ms)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if check():
            return True
        time.sleep(0.02)
    return False
