"""Many rooms written together (member.write_all): after an outage, and when a stopping server
hands its rooms over, every room's record reaches Redis in a few pipelines, not one round trip
a room after another (400 rooms used to wait on 400 trips in turn)."""

from __future__ import annotations

import asyncio
import random

from skully_game.net.group import records
from skully_game.net.group.batch import MOST
from skully_game.net.hosted import SeatPlan
from skully_game.net.rooms import GRACE, Place, Room, new_code
from skully_game.net.server import ServerThread
from tests.group_kit import running_pair, until

ROOMS = 300  # more than one pipeline's worth (MOST)
MOVES = 6  # actions played in each room before it is written


def _rooms(server: ServerThread, count: int) -> list[tuple[str, int]]:
    """`count` Skull King games begun on `server`'s loop and played a few moves, none of them
    written to the group yet: each room's code and its actions."""

    def make() -> list[tuple[str, int]]:
        made = []
        rng = random.Random(4)
        for i in range(count):
            places = [Place(SeatPlan("Anne"), taken=True)]
            places += [Place(SeatPlan(f"Computer {s}", "random"), taken=True) for s in (2, 3)]
            code = new_code(server.server.rooms)
            room = Room(code, "skull-king", {}, places, 0, GRACE, 1000 + i, True, "127.0.0.1")
            room.game = room.make_game()
            for _ in range(MOVES):
                game = room.game
                seat = game.actor()
                assert seat is not None
                game.apply(seat, rng.choice(game.legal(seat)))
                room.moves += 1
            server.server.rooms[code] = room
            made.append((code, records.count(room)))
        return made

    return server.call(make)  # type: ignore[no-any-return]


def _batches(server: ServerThread) -> tuple[int, int]:
    return server.call(lambda: (server.server.group.batch.batches, server.server.group.batch.calls))  # type: ignore[no-any-return]


def test_rooms_written_again_after_an_outage_go_in_a_few_pipelines(redis_url: str) -> None:
    with running_pair(redis_url) as (a, _, store):
        made = _rooms(a, ROOMS)
        batches, calls = _batches(a)
        group = a.server.group
        future = asyncio.run_coroutine_threadsafe(group._mended(), a.loop)  # Redis is back
        future.result(30)
        after, called = _batches(a)
        assert called - calls >= ROOMS  # every room was written
        # a few pipelines (the rooms in slices of MOST): one a room before
        assert after - batches <= 2 * (-(-ROOMS // MOST)) + 2, after - batches
        for code, actions in made:
            assert store.hget("skully:owner", code) == "A"
            assert store.llen(f"skully:actions:{code}") == actions
            assert store.get(f"skully:room:{code}") is not None


def test_a_stopping_server_hands_many_rooms_over_in_a_few_pipelines(redis_url: str) -> None:
    with running_pair(redis_url) as (a, b, store):
        made = _rooms(a, ROOMS)
        batches, _ = _batches(a)
        a.stop(hand_over=True)
        group = a.server.group
        assert group.released, "the rooms were not handed over"
        assert group.batch.batches - batches <= 2 * (-(-ROOMS // MOST)) + 2, group.batch.batches
        for code, actions in made:  # every game is in Redis whole, for the member that stays
            assert store.llen(f"skully:actions:{code}") >= actions  # (B may play on already)
        # and the member that stays takes them up (a few dozen a beat)
        assert until(lambda: all(store.hget("skully:owner", c) == "B" for c, _ in made), 30)
        assert until(lambda: len(b.call(lambda: list(b.server.rooms))) == ROOMS, 10)
