"""Servers of a group stopping together (`skully serve --workers N` stopped): a stopping server
says so in Redis before anything else, rooms or none, so one that hands its rooms over never
sends them to a server that is stopping too, only to one that stays."""

from __future__ import annotations

import asyncio
import threading
import time

import redis

from skully_game.net.client import Client
from skully_game.net.server import ServerThread
from tests.group_kit import member, until

SEATS = [{"kind": "me"}, {"kind": "open"}, {"kind": "computer", "level": "random"}]
SLOW_BEAT_END = 2.0  # seconds B's beat takes to end (a Redis command under way: allowed 1 s)


def _slow_to_stop(server: ServerThread) -> None:
    """Its beat takes a while to end when it stops (as one in the middle of a Redis call)."""
    group = server.server.group
    ending = group._stop_beat

    async def slowly() -> None:
        await asyncio.sleep(SLOW_BEAT_END)
        await ending()

    group._stop_beat = slowly


def test_a_room_is_handed_to_the_server_that_stays_not_one_stopping_too(redis_url: str) -> None:
    store = redis.Redis.from_url(redis_url, decode_responses=True)
    store.flushall()
    a, b, c = (member(redis_url, name).start() for name in "ABC")
    try:
        host = Client(a.url).connect()
        host.create("Anne", "skull", SEATS)
        host.wait_for("joined")
        everyone = {"B", "C"}
        assert until(lambda: everyone <= {o["id"] for o in a.call(lambda: a.server.group.others)})
        b.call(lambda: _slow_to_stop(b))
        stopping = threading.Thread(target=lambda: b.stop(hand_over=True))  # B: SIGTERM
        stopping.start()
        time.sleep(0.2)  # B has begun to stop (its beat still ending), and A is told to
        a.stop(hand_over=True)
        moved = host.wait_for("moved", 10)
        assert moved["url"] == c.url, "handed to a server that was stopping too"
        assert host.wait_for("joined", 10)["seat"] == 0
        stopping.join(15)
        assert store.get("skully:leaving:B") is not None
        host.close()
    finally:
        for server in (a, b, c):
            server.stop()
        store.close()


def test_a_server_that_stops_is_taken_off_its_members_group_at_once(redis_url: str) -> None:
    """A stopping server (its presence still alive) is no longer among the addresses a table
    is given to come back through, nor one a room is handed to."""
    store = redis.Redis.from_url(redis_url, decode_responses=True)
    store.flushall()
    a, b = (member(redis_url, name).start() for name in "AB")
    try:
        assert until(lambda: b.url in a.call(a.server.group.addresses))
        b.call(lambda: _slow_to_stop(b))
        stopping = threading.Thread(target=lambda: b.stop())
        stopping.start()
        assert until(lambda: b.url not in a.call(a.server.group.addresses), SLOW_BEAT_END - 0.2)
        assert store.get("skully:proc:B") is not None  # alive still, but stopping
        stopping.join(15)
    finally:
        for server in (a, b):
            server.stop()
        store.close()
