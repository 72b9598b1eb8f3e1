"""A computer level whose thoughts have all been quick in other rooms thinks on the server's
loop from a new seat's first thought (no thread round trip for each new room's first
thoughts); one slow thought anywhere and new seats of that level are timed in a worker again."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

import skully_game.net.server as server_module
from skully_game.net.hosted import SeatPlan
from skully_game.net.rooms import Place, Room
from skully_game.net.server import QUICK_AFTER, QUICK_LEVEL, GameServer, ServerConfig

QUICK = 0.2  # seconds a thought may take and count as quick in this test


def _room(code: str, level: str = "random") -> Room:
    places = [Place(SeatPlan("Anne"), taken=True), Place(SeatPlan("C", level), taken=True)]
    return Room(code, "skull", {}, places, 0, 60, 1)


def test_a_level_quick_in_other_rooms_thinks_on_the_loop_from_a_new_seats_first_thought(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # a loaded machine can take 2 ms for a thread's round trip: "quick" is wider here
    monkeypatch.setattr(server_module, "QUICK_THOUGHT", QUICK)
    server = GameServer(ServerConfig(port=0, save=False))
    where: dict[str, list[bool]] = {}

    async def play() -> None:
        loop_thread = threading.get_ident()

        def thought(code: str, pause: float = 0.0) -> object:
            def think() -> str:
                where.setdefault(code, []).append(threading.get_ident() == loop_thread)
                time.sleep(pause)
                return "a"

            return think

        rooms = 2 + QUICK_LEVEL // QUICK_AFTER
        for i in range(rooms):  # each room's first thoughts: QUICK_LEVEL quick ones in all
            for _ in range(QUICK_AFTER):
                await server._think(_room(f"R{i}"), 1, thought(f"R{i}"))  # type: ignore[arg-type]
        await server._think(_room("NEW"), 1, thought("NEW"))  # type: ignore[arg-type]
        await server._think(_room("OTHER", "strong"), 1, thought("OTHER"))  # type: ignore[arg-type]
        slow = _room("SLOW")
        for _ in range(2):  # on the loop at once, then slow: back to the worker for good
            await server._think(slow, 1, thought("SLOW", QUICK * 3))  # type: ignore[arg-type]
        await server._think(_room("AFTER"), 1, thought("AFTER"))  # type: ignore[arg-type]

    asyncio.run(play())
    server.thinkers.shutdown()
    server.writers.shutdown()
    assert where["R0"] == [False] * QUICK_AFTER  # nothing known yet: timed in the worker
    assert where["NEW"] == [True]  # the level was quick in the other rooms
    assert where["OTHER"] == [False]  # another level is timed on its own
    assert where["SLOW"] == [True, False]
    assert where["AFTER"] == [False]  # one slow thought: new seats are timed again
