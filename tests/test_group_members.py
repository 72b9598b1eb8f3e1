"""Two servers of one group in this process, on a private Redis (the `redis_url` fixture): a
client that reaches the wrong one is sent to its room's server, each move is in Redis before it
is told, open rooms and the rooms-per-address limit span the group, a web page is refused on the
group's port too, and a member that stopped without a word has its rooms taken up."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator

import pytest
import redis

from skully_game.net.client import Client, NetError
from skully_game.net.rooms import typed_code
from skully_game.net.server import ServerThread
from tests.group_kit import member, running_pair, until

SEATS = [{"kind": "me"}, {"kind": "open"}, {"kind": "computer", "level": "random"}]


@pytest.fixture
def pair(redis_url: str) -> Iterator[tuple[ServerThread, ServerThread, redis.Redis]]:
    with running_pair(redis_url) as three:
        yield three


def test_a_guest_at_the_wrong_server_is_sent_to_the_room(pair) -> None:  # type: ignore[no-untyped-def]
    a, b, _ = pair
    host = Client(a.url).connect()
    host.create("Anne", "skull", SEATS)
    room = host.wait_for("joined")["room"]
    guest = Client(b.url).connect()  # the other server: it holds no such room
    guest.join("Bea", room)
    joined = guest.wait_for("joined")
    assert joined["seat"] == 1 and guest.url == a.url
    assert a.url in joined["group"]
    assert a.call(lambda: typed_code(room) in a.server.rooms)
    assert b.call(lambda: typed_code(room) not in b.server.rooms)
    for c in (host, guest):
        c.close()


def test_every_move_is_in_redis_before_it_is_told(pair) -> None:  # type: ignore[no-untyped-def]
    a, _, store = pair
    host = Client(a.url).connect()
    host.create("Anne", "skull-king", [{"kind": "me"}, {"kind": "computer", "level": "random"}])
    code = typed_code(host.wait_for("joined")["room"])
    host.start()
    seen = 0
    end = time.monotonic() + 20
    while seen < 12 and time.monotonic() < end:
        update = host.wait_for("update")
        kept = store.llen(f"skully:actions:{code}")
        assert kept >= update["move"] - 1, "a move was told before Redis held it"
        seen += 1
        if update["actor"] == 0 and update.get("legal") and not update["over"]:
            host.act(update["legal"][0])
    assert seen >= 12
    assert store.hget("skully:owner", code) == "A"
    host.close()


def test_open_rooms_and_room_limits_span_the_group(redis_url: str) -> None:
    store = redis.Redis.from_url(redis_url, decode_responses=True)
    store.flushall()
    a = member(redis_url, "A", rooms=2).start()
    b = member(redis_url, "B", rooms=2).start()
    clients = []
    try:
        first = Client(a.url).connect()
        first.create("Anne", "skull", SEATS, listed=True)
        room = first.wait_for("joined")["room"]
        clients.append(first)
        asker = Client(b.url).connect()
        clients.append(asker)
        found: list[str] = []

        def listed() -> bool:
            time.sleep(0.6)  # the server answers a list every few seconds, beyond a burst
            asker.ask_rooms()
            found[:] = [r["room"] for r in asker.wait_for("rooms")["rooms"]]
            return room in found

        assert until(listed, 5), found
        second = Client(b.url).connect()
        second.create("Anne", "skull", SEATS)
        second.wait_for("joined")
        clients.append(second)
        assert until(lambda: store.scard("skully:addr:127.0.0.1") == 2)
        third = Client(b.url).connect()  # this address has 2 rooms in the group: no third
        third.create("Anne", "skull", SEATS)
        with pytest.raises(NetError, match="you already have 2 rooms open"):
            third.wait_for("joined")
    finally:
        for c in clients:
            c.close()
        a.stop()
        b.stop()
        store.close()


def test_a_web_page_is_refused_on_the_groups_port(pair) -> None:  # type: ignore[no-untyped-def]
    from websockets.sync.client import connect

    a, _, _ = pair
    port = a.config.group.shared_port
    with pytest.raises(Exception, match="403"):
        connect(f"ws://127.0.0.1:{port}", origin="http://evil.example", proxy=None)  # type: ignore[arg-type]


def test_a_silent_members_rooms_are_taken_up(pair) -> None:  # type: ignore[no-untyped-def]
    """A stops beating (as if frozen) and its lease runs out: B takes its room up from the
    record, and the host comes back through B with her token to the same game."""
    a, b, store = pair
    host = Client(a.url).connect()
    host.create("Anne", "skull-king", [{"kind": "me"}, {"kind": "computer", "level": "random"}])
    joined = host.wait_for("joined")
    code = typed_code(joined["room"])
    host.start()
    update = host.wait_for("update")
    while update["actor"] != 0:
        update = host.wait_for("update")
    host.act(update["legal"][0])
    update = host.wait_for("update")
    moves = update["move"]
    member = a.server.group

    def freeze() -> None:  # the beat stops; the presence goes as a dead process's would
        member._task.cancel()

    a.call(freeze)
    store.delete("skully:proc:A")
    assert until(lambda: store.hget("skully:owner", code) == "B", 20)
    back = Client(b.url).connect()
    back.rejoin(joined["room"], joined["token"])
    again = back.wait_for("joined")
    assert again["seat"] == 0 and back.url == b.url
    sync = back.wait_for("update")
    assert sync["sync"] and sync["move"] >= moves
    assert b.call(lambda: b.server.rooms[code].game is not None)
    # A learns at its next look that the room is no longer its own: dropped there, and its
    # stale connection sent to join again
    a.call(lambda: asyncio.ensure_future(member._check_held()))
    assert until(lambda: a.call(lambda: code not in a.server.rooms), 10)
    assert host.wait_for("closed", 5)["code"] == 1012
    for c in (host, back):
        c.kill()


def test_a_person_is_seated_only_once_a_move_being_written_is_told(pair) -> None:  # type: ignore[no-untyped-def]
    """While a move is written to Redis it is applied but not yet counted: a person who sits
    down then waits for it, or their table would get the game a move ahead of its number."""
    a, _, _ = pair
    host = Client(a.url).connect()
    host.create("Anne", "skull-king", [{"kind": "me"}, {"kind": "computer", "level": "random"}])
    joined = host.wait_for("joined")
    code = typed_code(joined["room"])
    member = a.server.group
    lock = a.call(lambda: member.locks.setdefault(code, asyncio.Lock()))
    a.call(lambda: asyncio.ensure_future(lock.acquire()))  # a write in flight
    assert until(lambda: a.call(lock.locked), 2)
    back = Client(a.url).connect()
    back.rejoin(joined["room"], joined["token"])
    with pytest.raises(NetError, match="said nothing in time"):
        back.wait_for("joined", 0.5)
    a.call(lock.release)
    assert back.wait_for("joined", 5)["seat"] == 0
    for c in (host, back):
        c.close()
