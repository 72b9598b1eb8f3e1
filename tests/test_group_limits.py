"""Connections per address counted over the whole group (issue 43's limit, issue 44's group): a
stranger cannot open the limit's worth at every server of the group; a closed connection frees
its place; and a server that dies takes its counts with it when its lease runs out. Two servers
in this process on a private Redis (the `redis_url` fixture); every wait is bounded."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import redis

from skully_game.net.client import Client, NetError
from skully_game.net.server import ServerThread
from tests.group_kit import running_pair, until

MOST = 3


@pytest.fixture
def pair(redis_url: str) -> Iterator[tuple[ServerThread, ServerThread, redis.Redis]]:
    with running_pair(redis_url, rooms=8, connections=MOST) as three:
        yield three


def _refused(url: str) -> str:
    """Why a new connection to `url` is closed at once ("" if it stays open)."""
    client = Client(url, timeout=3.0).connect()
    client.ask_rooms()  # a connection allowed answers; a refused one is closed first
    try:
        while True:
            message = client.next(3.0)
            if message["type"] == "rooms":
                client.close()
                return ""
            if message["type"] == "error":
                reason = str(message["reason"])
                client.close()
                return reason
            if message["type"] == "closed":
                return str(message["reason"])
    except NetError:
        client.close()
        return "no answer"


def _counts(store: redis.Redis, name: str) -> dict[str, str]:
    return store.hgetall(f"skully:conns:{name}")


def test_connections_from_one_address_are_counted_over_the_group(pair) -> None:  # type: ignore[no-untyped-def]
    a, b, store = pair
    assert until(lambda: a.call(lambda: bool(a.server.group.others)))
    assert until(lambda: b.call(lambda: bool(b.server.group.others)))
    held = [Client(a.url).connect() for _ in range(MOST - 1)]
    held.append(Client(b.url).connect())
    assert until(lambda: _counts(store, "A").get("127.0.0.1") == str(MOST - 1))
    assert until(lambda: _counts(store, "B").get("127.0.0.1") == "1")
    said = _refused(b.url)  # B holds one from here: alone it would take two more
    assert said.startswith(f"there are already {MOST} connections from your address")
    assert _refused(a.url) != ""
    held.pop(0).close()  # one closes at A: a place frees in the whole group
    assert until(lambda: _counts(store, "A").get("127.0.0.1") == str(MOST - 2))
    assert _refused(b.url) == ""
    for c in held:
        c.close()


def test_a_dead_servers_counts_vanish_with_its_lease(pair) -> None:  # type: ignore[no-untyped-def]
    a, b, store = pair
    assert until(lambda: b.call(lambda: bool(b.server.group.others)))
    held = [Client(a.url).connect() for _ in range(MOST)]
    assert until(lambda: _counts(store, "A").get("127.0.0.1") == str(MOST))
    assert _refused(b.url) != ""
    member = a.server.group
    a.call(lambda: member._task.cancel())  # A's beat stops, as a dead process's,
    a.call(member._keep_no_more)  # and the thread that renews its lease (group/lease.py)
    assert until(lambda: not _counts(store, "A"), 5), "A's counts outlived its lease"
    assert until(lambda: _refused(b.url) == "", 5)
    for c in held:
        c.kill()
