"""The group for real: two `skully serve --redis` processes and a private Redis; the one holding
a game is killed with SIGKILL mid-game, the other takes the room up from its record, both
people come back with their tokens through the group's port and the game is played to its end
with every move they had seen. And Redis unreachable: the game goes on, its host is told,
a new room is refused in one line."""

from __future__ import annotations

import random
import signal
import time
from collections.abc import Iterator

import pytest

from skully_game.net.client import Client, NetError
from skully_game.net.group.member import LINK_LOST, NO_REDIS
from skully_game.net.group.redisproc import RedisProcess, free_port
from skully_game.net.group.takeover import Worker, come_back, play_until, start_worker
from skully_game.net.scripted import ScriptedPerson, seat_three


@pytest.fixture
def workers(redis_url: str) -> Iterator[tuple[Worker, Worker, int]]:
    shared = free_port()
    a = start_worker(redis_url, shared)
    b = start_worker(redis_url, shared)
    try:
        yield a, b, shared
    finally:
        for w in (a, b):
            w.stop()


def test_a_killed_servers_game_goes_on_in_the_other(workers) -> None:  # type: ignore[no-untyped-def]
    a, b, shared = workers
    seated = seat_three(a.url, "skull")
    people = [ScriptedPerson(seated.host, random.Random(1)),
              ScriptedPerson(seated.guest, random.Random(2))]  # fmt: skip
    for p in people:
        p.handle(seated.setup)

    def shown() -> int:
        return max((p.last["move"] for p in people if p.last), default=0)

    assert play_until(people, lambda: shown() >= 6, 20)
    seen = shown() - 1  # the actions the people were shown
    killed = time.monotonic()
    a.proc.send_signal(signal.SIGKILL)
    a.proc.wait(10)
    back = [come_back(p, [f"ws://127.0.0.1:{shared}", b.url], 15) for p in people]
    took = time.monotonic() - killed
    assert all(back), "a person could not come back"
    assert took < 10
    assert play_until(back, lambda: all(p.over for p in back), 60)
    back[0].client.ask_record()
    record = back[0].client.wait_for("record", 10)["record"]
    assert len(record["game"]["actions"]) >= seen
    for p in back:
        p.client.close()


def test_redis_unreachable_rooms_go_on_new_ones_refused() -> None:
    store = RedisProcess().start()
    worker = start_worker(store.url, 0)
    try:
        host = Client(worker.url).connect()
        host.create("Anne", "skull-king", [{"kind": "me"}, {"kind": "computer", "level": "random"}])
        host.wait_for("joined")
        host.start()
        store.stop()  # Redis goes away
        got = []
        end = time.monotonic() + 10
        while not any(m["type"] == "refused" for m in got) and time.monotonic() < end:
            got.append(host.next(10))
        assert [m["reason"] for m in got if m["type"] == "refused"] == [LINK_LOST]
        updates = [m for m in got if m["type"] == "update"]  # (Redis may go before the first)
        update = updates[-1] if updates else host.wait_for("update", 5)
        while update["actor"] != 0 or update["over"]:  # the game goes on
            update = host.wait_for("update", 5)
        host.act(update["legal"][0])
        assert host.wait_for("update", 5)["move"] > update["move"]
        other = Client(worker.url).connect()
        other.create("Bea", "skull", [{"kind": "me"}, {"kind": "computer", "level": "random"}])
        with pytest.raises(NetError, match="lost its link to its group"):
            other.wait_for("joined", 5)
        assert NO_REDIS.count(":") == 1 and "\n" not in NO_REDIS  # one line
        host.close()
    finally:
        worker.stop()
        store.stop()
