"""Rooms' writes sent to Redis together (group/batch.py): the writes queued in one turn of the
loop go in one pipeline, each room gets its own answer (a room another member holds is refused
alone), a script Redis forgot is loaded again, Redis unreachable reaches every caller; and a
real member's moves share pipelines while each move is still in Redis before it is told."""

from __future__ import annotations

import asyncio
import time

import pytest
import redis
import redis.asyncio as aioredis
from redis.exceptions import ConnectionError as RedisConnectionError

from skully_game.net.client import Client
from skully_game.net.group.batch import Batcher
from skully_game.net.group.member import WRITE
from skully_game.net.group.redisproc import free_port
from skully_game.net.rooms import typed_code
from tests.group_kit import running_pair

ROOMS = 20


def _keys(code: str) -> list[str]:
    return ["t:owner", f"t:room:{code}", f"t:actions:{code}", "t:held:A", "t:addr:x", "t:open"]


async def _write_all(url: str, flush_first: bool = False) -> tuple[list[int], int, int]:
    """ROOMS rooms' first writes queued in one turn of the loop: their answers, the pipelines
    sent and the calls in them."""
    client = aioredis.Redis.from_url(url, decode_responses=True)
    try:
        sha = await client.script_load(WRITE)
        if flush_first:
            await client.script_flush()  # as a restarted Redis: the script is gone
        batch = Batcher(client, WRITE, sha)
        calls = [batch.call(f"R{i}", _keys(f"R{i}"), [f"R{i}", "A", "{}", 0, "1", "-", "a1", "a2"])
                 for i in range(ROOMS)]  # fmt: skip
        answers = await asyncio.gather(*calls)
        return list(answers), batch.batches, batch.calls
    finally:
        await client.aclose()


def test_one_turns_writes_go_in_one_pipeline_each_with_its_answer(redis_url: str) -> None:
    store = redis.Redis.from_url(redis_url, decode_responses=True)
    store.flushall()
    store.hset("t:owner", "R3", "B")  # another member holds room R3
    answers, batches, calls = asyncio.run(_write_all(redis_url))
    assert batches == 1 and calls == ROOMS
    assert answers == [-1 if i == 3 else 1 for i in range(ROOMS)]
    assert store.lrange("t:actions:R0", 0, -1) == ["a1", "a2"]
    assert store.llen("t:actions:R3") == 0  # refused: nothing of it was written
    assert store.sismember("t:addr:x", "R0") and not store.sismember("t:addr:x", "R3")
    assert store.hget("t:owner", "R5") == "A" and store.hget("t:owner", "R3") == "B"
    store.close()


def test_a_script_redis_forgot_is_loaded_again(redis_url: str) -> None:
    store = redis.Redis.from_url(redis_url, decode_responses=True)
    store.flushall()
    answers, batches, calls = asyncio.run(_write_all(redis_url, flush_first=True))
    assert answers == [1] * ROOMS
    assert batches == 2 and calls == 2 * ROOMS  # refused whole, then sent again whole
    assert store.lrange(f"t:actions:R{ROOMS - 1}", 0, -1) == ["a1", "a2"]
    store.close()


def test_redis_unreachable_reaches_every_caller() -> None:
    async def attempt() -> list[object]:
        url = f"redis://127.0.0.1:{free_port()}/0"  # nobody listens there
        client = aioredis.Redis.from_url(url, socket_connect_timeout=1.0)
        batch = Batcher(client, WRITE, "0" * 40)
        calls = [batch.call(f"R{i}", _keys(f"R{i}"), [f"R{i}", "A", "", -1, "", ""])
                 for i in range(5)]  # fmt: skip
        try:
            return await asyncio.wait_for(asyncio.gather(*calls, return_exceptions=True), 10)
        finally:
            await client.aclose()

    got = asyncio.run(attempt())
    assert len(got) == 5 and all(isinstance(g, RedisConnectionError) for g in got)


@pytest.mark.parametrize("rooms", [6])
def test_a_members_moves_share_pipelines_and_are_in_redis_first(redis_url: str, rooms: int) -> None:
    """Rooms of two computer players and a person each, the computers at the server's pace 0:
    many rooms move in the same turn of the loop, so the member sends fewer pipelines than it
    writes; and each person is told of a move only once Redis holds it."""
    with running_pair(redis_url) as (a, _, store):
        hosts, codes = [], []
        seats = [{"kind": "me"}] + [{"kind": "computer", "level": "random"}] * 2
        for _ in range(rooms):
            host = Client(a.url).connect()
            host.create("Anne", "skull-king", seats)
            codes.append(typed_code(host.wait_for("joined")["room"]))
            hosts.append(host)
        for host in hosts:
            host.start()
        told = 0
        end = time.monotonic() + 20
        while told < 10 * rooms and time.monotonic() < end:
            for host, code in zip(hosts, codes, strict=True):
                update = host.wait_for("update")
                assert store.llen(f"skully:actions:{code}") >= update["move"] - 1
                told += 1
                if update["actor"] == 0 and update.get("legal") and not update["over"]:
                    host.act(update["legal"][0])
        assert told >= 10 * rooms
        batches, calls = a.call(lambda: (a.server.group.batch.batches, a.server.group.batch.calls))
        assert calls > batches > 0, (calls, batches)
        for host in hosts:
            host.close()


def test_a_new_rooms_code_is_told_only_once_redis_holds_its_record(redis_url: str) -> None:
    """The host's `joined` carries the room's code, which a guest may take to another server:
    it waits for the room's first write, however slow the batch (made slow here)."""
    with running_pair(redis_url) as (a, _, store):
        batch = a.server.group.batch
        sending = batch._pipeline

        async def slowly(queued: list) -> list:  # type: ignore[type-arg]
            await asyncio.sleep(0.3)
            return await sending(queued)

        batch._pipeline = slowly
        host = Client(a.url).connect()
        host.create("Anne", "skull", [{"kind": "me"}, {"kind": "open"}])
        code = typed_code(host.wait_for("joined")["room"])
        assert store.hget("skully:owner", code) == "A", "the code was told before its record"
        host.close()


def test_a_rooms_next_write_waits_for_one_whose_caller_gave_up(redis_url: str) -> None:
    """A write whose caller is cancelled (a stopping server's computer player) still goes to
    Redis: the room's next write is sent only after it is answered, or the older one, arriving
    last, would cut the room's actions back."""
    store = redis.Redis.from_url(redis_url, decode_responses=True)
    store.flushall()

    async def attempt() -> None:
        client = aioredis.Redis.from_url(url=redis_url, decode_responses=True)
        try:
            batch = Batcher(client, WRITE, await client.script_load(WRITE))
            sending = batch._pipeline
            slow = [0.4]  # the first batch takes long to be answered; the next ones do not

            async def slowly(queued: list) -> list:  # type: ignore[type-arg]
                await asyncio.sleep(slow.pop() if slow else 0)
                return await sending(queued)

            batch._pipeline = slowly
            first = asyncio.create_task(
                batch.call("R", _keys("R"), ["R", "A", "{}", 0, "", "", "a1", "a2"])
            )
            await asyncio.sleep(0.1)  # its batch is under way
            first.cancel()
            await batch.call("R", _keys("R"), ["R", "A", "{}", 0, "", "", "b1"])
            if batch.sending:  # every batch sent is answered before the look at Redis
                await asyncio.wait(set(batch.sending), timeout=5)
        finally:
            await client.aclose()

    asyncio.run(attempt())
    assert store.lrange("t:actions:R", 0, -1) == ["b1"]
    store.close()
