"""Spectators in a group, and a graceful stop: a spectator who reaches the wrong server of the
group is sent to the room's (as a guest is), a host's "nobody watches" survives a takeover, and a
server stopped gracefully (SIGTERM in `skully serve`) hands its rooms to a server that stays at
once (not after its lease), its people and spectators follow by themselves and play on. Two
servers in this process on a private Redis (the `redis_url` fixture); every wait is bounded."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

import pytest
import redis

from skully_game.net.client import Client, NetError
from skully_game.net.group import records
from skully_game.net.group.redisproc import free_port
from skully_game.net.rooms import typed_code
from skully_game.net.server import ServerThread
from tests.group_kit import member, running_pair, until

SEATS = [{"kind": "me"}, {"kind": "open"}, {"kind": "computer", "level": "random"}]
LEASE = 10.0  # long: a room taken up sooner than this was handed over, not found dead


@pytest.fixture
def pair(redis_url: str) -> Iterator[tuple[ServerThread, ServerThread, redis.Redis]]:
    with running_pair(redis_url, lease=LEASE) as three:
        yield three


def _seen_by_b(b: ServerThread) -> bool:
    """B has read A's presence at a beat (it names A among the group's servers)."""
    return b.call(lambda: any(o.get("id") == "A" for o in b.server.group.others))


def test_a_spectator_at_the_wrong_server_is_sent_to_the_room(pair) -> None:  # type: ignore[no-untyped-def]
    a, b, _ = pair
    host = Client(a.url).connect()
    host.create("Anne", "skull", SEATS)
    room = host.wait_for("joined")["room"]
    assert until(lambda: _seen_by_b(b))
    assert until(lambda: b.url in a.call(a.server.group.addresses))  # (A began first)
    eye = Client(b.url).connect()  # the other server: it holds no such room
    eye.watch("Cy", room)
    watching = eye.wait_for("watching")
    assert eye.url == a.url and watching["name"] == "Cy"
    assert a.url in watching["group"] and b.url in watching["group"]
    lobby = host.wait_for("lobby")
    while lobby["watching"] == 0:
        lobby = host.wait_for("lobby")
    assert lobby["watchers"] == ["Cy"]
    for c in (host, eye):
        c.close()


def test_nobody_watches_a_room_taken_up_whose_host_said_so(pair) -> None:  # type: ignore[no-untyped-def]
    a, _, store = pair
    host = Client(a.url).connect()
    host.create("Anne", "skull", SEATS, watchable=False)
    code = typed_code(host.wait_for("joined")["room"])
    assert until(lambda: store.get(f"skully:room:{code}") is not None)
    facts = json.loads(store.get(f"skully:room:{code}"))
    assert facts["watchable"] is False
    room = records.restore(records.Kept(facts, []), time.monotonic())
    assert room.watchable is False
    del facts["watchable"]  # a record written before: anyone may watch, as then
    assert records.restore(records.Kept(facts, []), time.monotonic()).watchable is True
    host.close()


def test_a_stopped_server_hands_its_room_over_at_once(pair) -> None:  # type: ignore[no-untyped-def]
    a, b, store = pair
    host = Client(a.url).connect()
    host.create("Anne", "skull-king", [{"kind": "me"}, {"kind": "computer", "level": "random"}])
    joined = host.wait_for("joined")
    code = typed_code(joined["room"])
    eye = Client(a.url).connect()
    eye.watch("Cy", joined["room"])
    eye.wait_for("watching")
    host.start()
    acted = 0
    update = host.wait_for("update")
    while acted < 3:
        if update["actor"] == 0 and not update["over"]:
            host.act(update["legal"][0])
            acted += 1
        update = host.wait_for("update")
    while update["actor"] != 0:  # a person's move is next: nothing moves until she makes it
        update = host.wait_for("update")
    moves = update["move"]
    assert until(lambda: _seen_by_b(b))
    stopped = time.monotonic()
    a.stop(hand_over=True)
    moved = host.wait_for("moved", 10)
    assert moved["url"] == b.url and host.url == b.url
    again = host.wait_for("joined", 10)
    assert again["seat"] == 0 and again["token"] == joined["token"]
    sync = host.wait_for("update", 10)
    took = time.monotonic() - stopped
    assert sync["sync"] and sync["move"] == moves and sync["actor"] == 0
    assert took < LEASE / 2, f"taken up after {took:.1f} s: found dead, not handed over"
    assert store.hget("skully:owner", code) == "B"
    assert store.get("skully:proc:A") is None
    host.act(sync["legal"][0])  # and she plays on
    after = host.wait_for("update", 5)
    assert after["move"] > moves
    # the spectator followed too, and is shown the table as it is now
    assert eye.wait_for("moved", 5)["url"] == b.url
    assert eye.wait_for("watching", 5)["name"] == "Cy"
    shown = eye.wait_for("update", 5)
    assert shown["sync"] and shown["move"] >= moves and shown["seat"] is None
    for c in (host, eye):
        c.close()


def test_a_server_stopped_alone_closes_its_rooms(redis_url: str) -> None:
    """Nobody stays to take the rooms: they close as the server stops (said so), not handed
    to a server that is gone."""
    store = redis.Redis.from_url(redis_url, decode_responses=True)
    store.flushall()
    a = member(redis_url, "A", lease=LEASE).start()
    try:
        host = Client(a.url).connect()
        host.create("Anne", "skull", SEATS)
        host.wait_for("joined")
        a.stop(hand_over=True)
        closing = host.wait_for("closing", 5)
        assert closing["reason"] == "server-stopped"
        with pytest.raises(NetError):
            host.wait_for("moved", 2)
    finally:
        a.stop()
        store.close()


def test_sigterm_on_a_worker_hands_its_game_to_the_other(redis_url: str) -> None:
    """`skully serve --redis` for real: SIGTERM on the room's worker, and both people are
    seated at the other with the game as it stood, by themselves, well within the lease."""
    import random
    import signal

    from skully_game.net.group.takeover import play_until, start_worker
    from skully_game.net.scripted import ScriptedPerson, seat_three

    redis.Redis.from_url(redis_url).flushall()
    shared = free_port()
    a = start_worker(redis_url, shared)
    b = start_worker(redis_url, shared)
    try:
        seated = seat_three(a.url, "skull")
        people = [ScriptedPerson(seated.host, random.Random(1)),
                  ScriptedPerson(seated.guest, random.Random(2))]  # fmt: skip
        for p in people:
            p.handle(seated.setup)
        assert play_until(people, lambda: any(p.last and p.last["move"] >= 4 for p in people), 20)
        time.sleep(0.6)  # a beat: each worker has read the other's presence
        stopped = time.monotonic()
        a.proc.send_signal(signal.SIGTERM)
        assert play_until(people, lambda: all(p.syncs > 0 for p in people), 10)
        took = time.monotonic() - stopped
        assert took < 2.5, f"playable again after {took:.1f} s: found dead, not handed over"
        assert all(p.client.url == b.url for p in people)
        assert a.proc.wait(15) == 0
        assert play_until(people, lambda: all(p.over for p in people), 60)
        assert any("handed 1 room over" in line for line in a.said)
        for p in people:
            p.client.close()
    finally:
        for w in (a, b):
            w.stop()
