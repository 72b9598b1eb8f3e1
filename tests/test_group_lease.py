"""A member whose event loop is overloaded keeps its lease and its rooms (the lease is renewed
from a thread of its own, group/lease.py); a member whose loop is stuck lets it run out, and its
room goes on at the other member. Two members in this process on a private Redis; the overload
is a fake: tasks on the member's loop that each hold it for a few milliseconds per turn, so a
turn of the loop lasts about half a lease, as a worker's did under load."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator

import pytest
import redis

from skully_game.net.client import Client
from skully_game.net.rooms import typed_code
from skully_game.net.server import ServerThread
from tests.group_kit import running_pair, until

LEASE = 1.0  # group_kit's members: a lease of 1 s, a beat of 0.2 s
HOGS = 25  # tasks overloading the loop
HOG_MS = 20  # milliseconds each holds the loop per turn: a turn lasts about half a second


@pytest.fixture
def pair(redis_url: str) -> Iterator[tuple[ServerThread, ServerThread, redis.Redis]]:
    with running_pair(redis_url, lease=LEASE) as three:
        yield three


def _room_at(a: ServerThread) -> tuple[Client, str]:
    """A room held by A: a person and a computer player, the game begun."""
    host = Client(a.url).connect()
    host.create("Anne", "skull-king", [{"kind": "me"}, {"kind": "computer", "level": "random"}])
    code = typed_code(host.wait_for("joined")["room"])
    host.start()
    host.wait_for("update")
    return host, code


async def _overload(seconds: float) -> int:
    """HOGS tasks, each busy HOG_MS then yielding, for `seconds`: the turns the loop made."""
    end = time.monotonic() + seconds
    turns = 0

    async def hog() -> None:
        nonlocal turns
        while time.monotonic() < end:
            busy = time.perf_counter() + HOG_MS / 1000
            while time.perf_counter() < busy:
                pass
            turns += 1
            await asyncio.sleep(0)

    await asyncio.gather(*(hog() for _ in range(HOGS)))
    return turns // HOGS


def test_an_overloaded_member_keeps_its_lease_and_its_room(pair) -> None:  # type: ignore[no-untyped-def]
    a, b, store = pair
    host, code = _room_at(a)
    assert until(lambda: store.hget("skully:owner", code) == "A")
    seconds = 5 * LEASE
    overload = asyncio.run_coroutine_threadsafe(_overload(seconds), a.loop)
    gaps = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if not store.exists("skully:proc:A"):
            gaps += 1
        time.sleep(0.05)
    turns = overload.result(10)
    assert turns <= seconds / (LEASE / 4), "the fake did not overload the loop"
    assert gaps == 0, "the overloaded member's presence lapsed"
    assert store.hget("skully:owner", code) == "A"
    assert b.call(lambda: code not in b.server.rooms and b.server.group.adopted == 0)
    assert a.call(lambda: code in a.server.rooms)
    host.close()


def test_a_stuck_member_lets_its_lease_run_out(pair) -> None:  # type: ignore[no-untyped-def]
    a, b, store = pair
    host, code = _room_at(a)
    assert until(lambda: store.hget("skully:owner", code) == "A")
    stuck = 4 * LEASE + 2.5  # the keeper's limit (4 leases), a lease, and a beat of B's to spare
    a.loop.call_soon_threadsafe(time.sleep, stuck)  # the loop does not turn at all meanwhile
    assert until(lambda: store.hget("skully:owner", code) == "B", stuck + 1.0)
    assert until(lambda: b.call(lambda: code in b.server.rooms), 5)
    # A's loop turns again: it reads that B holds the room now and drops it
    assert until(lambda: a.call(lambda: code not in a.server.rooms), 10)
    host.close()
