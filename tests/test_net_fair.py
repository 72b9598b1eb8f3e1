"""Computer players' thoughts and shots are shared fairly between rooms (issue 43): a quiet
room's move never waits behind the queued thoughts of busy rooms. Checked by the order the
jobs start in, not by timing (tools/net_check.py measures the times, under real load)."""

from __future__ import annotations

import asyncio
import threading
import time

from skully_game.net.fair import FairPool
from skully_game.net.rooms import Room
from skully_game.net.server import GameServer, ServerConfig

BUSY_ROOMS = 6
THOUGHT = 0.02  # seconds each busy room's computer player takes (a sleep: no processor)


def test_a_quiet_rooms_move_jumps_the_queue_of_busy_rooms():
    """Six rooms think back to back on the server's one shared worker; a quiet room's one
    thought, asked in the middle, starts before any busy room's next thought (on the old
    server's one worker queue it waited behind all six)."""
    server = GameServer(ServerConfig(port=0, save=False, thinkers=1))
    starts: list[str] = []
    lock = threading.Lock()

    def thought(room: str, seconds: float) -> str:
        with lock:
            starts.append(room)
        time.sleep(seconds)
        return room

    async def busy(room: Room, end: float) -> None:
        while time.monotonic() < end:
            await server._think(room, 1, lambda: thought(room.code, THOUGHT))

    async def play() -> int:
        end = time.monotonic() + 1.0
        rooms = [Room(f"BUSY{i}", "skull", {}, [], 0, 60, i) for i in range(BUSY_ROOMS)]
        tasks = [asyncio.create_task(busy(r, end)) for r in rooms]
        await asyncio.sleep(0.4)  # every busy room has been queueing for a while
        quiet = Room("QUIET", "skull", {}, [], 0, 60, 99)
        # the order the pool hands jobs to its workers (a worker may begin a job handed to it
        # before the quiet one was asked a moment after it was asked: not a job overtaking it)
        handed = server.thinkers.started
        asked = len(handed)
        await server._think(quiet, 1, lambda: thought("QUIET", 0.001))
        await asyncio.gather(*tasks)
        return list(handed).index("QUIET") - asked  # busy thoughts handed out before it

    try:
        overtaken = asyncio.run(play())
    finally:
        server.thinkers.shutdown()
        server.writers.shutdown()
    assert overtaken == 0, starts


def test_busy_rooms_take_turns_among_themselves():
    """Rooms that always have work queued are served in turn (none waits for another's whole
    backlog): in any run of jobs, every busy room comes up."""
    pool = FairPool(workers=1, kept=0)
    order: list[str] = []

    async def play() -> None:
        async def room(name: str) -> None:
            for _ in range(8):
                await pool.run(name, lambda: (order.append(name), time.sleep(0.005)))

        await asyncio.gather(*(room(n) for n in "ABCD"))

    asyncio.run(play())
    pool.shutdown()
    assert len(order) == 32
    for i in range(0, 24, 4):  # every window of eight jobs holds all four rooms
        assert set(order[i : i + 8]) == set("ABCD"), order


def test_a_room_that_is_gone_has_its_waiting_jobs_dropped():
    pool = FairPool(workers=1, kept=0)
    ran: list[str] = []

    async def play() -> None:
        slow = asyncio.create_task(pool.run("A", lambda: time.sleep(0.1)))
        await asyncio.sleep(0.01)
        waiting = asyncio.create_task(pool.run("B", lambda: ran.append("B")))
        await asyncio.sleep(0.01)
        pool.forget("B")
        await slow
        await asyncio.sleep(0.05)
        assert waiting.cancelled()

    asyncio.run(play())
    pool.shutdown()
    assert ran == []
