"""A client that sends nonsense, oversized frames, floods, someone else's token and moves out of
turn loses its own connection (with a reason) and nothing else: the other room's game plays on
to its end, and its own room is still there to come back to. Clients of another version are told
so at join."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest

from skully_game.net.client import Client
from skully_game.net.hostile import BAD_FRAMES, attack
from skully_game.net.scripted import play_match
from skully_game.net.server import ServerConfig, ServerThread


@pytest.fixture
def server() -> Iterator[ServerThread]:
    srv = ServerThread(ServerConfig(port=0, quick=True, pace=0.0)).start()
    yield srv
    srv.stop()


def test_a_hostile_client_harms_no_other_room(server):
    found: dict[str, object] = {}
    attacker = threading.Thread(target=lambda: found.update(done=attack(server.url)))
    attacker.start()
    report = play_match(server.url, "skull-king")
    attacker.join(60)
    done = found["done"]
    assert report.finished and report.leaks == []  # the other room played to its end
    assert all(p.refused == [] and p.closed is None for p in report.people)
    assert done.closed == len(BAD_FRAMES) + 2  # every bad frame, the token, the flood
    assert done.refused >= 20  # moves out of turn or against the rules: refused, said why
    assert done.messages > 300
    reasons = " ".join(done.reasons)
    assert "not yours" in reasons and "slow down" in reasons and "exceeds" in reasons
    assert "field 'action.kind'" in reasons  # a refusal names the field
    rooms = server.call(lambda: {c: r.game_key for c, r in server.server.rooms.items()})
    assert "skull" in rooms.values()  # Eve's own room is still there to come back to


@pytest.mark.parametrize(
    ("field", "value", "said"),
    [("program", "0.0.1", "same version"), ("pymunk", "6.0.0", "would not replay")],
)
def test_a_client_of_another_version_is_told_so_at_join(server, field, value, said):
    host = Client(server.url).connect()
    host.create("Anne", "skully", [{"kind": "me"}, {"kind": "open"}])
    room = host.wait_for("joined")["room"]
    other = Client(server.url).connect()
    setattr(other, field, value)
    other.join("Bea", room)
    assert said in _closed(other)
    host.close()


def _closed(client: Client) -> str:
    from skully_game.net.client import NetError

    try:
        client.wait_for("joined")
    except NetError as exc:
        return str(exc)
    return "joined"


def test_a_wrong_room_code_closes_the_connection_and_names_no_room(server):
    client = Client(server.url).connect()
    client.join("Eve", "AAAAA-AAAAA")
    assert "no room with that code" in _closed(client)


def test_a_table_game_room_does_not_care_about_pymunk(server):
    host = Client(server.url).connect()
    host.pymunk = "6.0.0"
    host.create("Anne", "skull", [{"kind": "me"}, {"kind": "open"}])
    assert host.wait_for("joined")["seat"] == 0
    host.close()


def test_a_computer_player_that_ever_thinks_slowly_thinks_off_the_servers_loop():
    """A quick computer player thinks on the server's loop once timed (no thread round trip);
    one that takes longer than that even once goes back to a worker for good, so a long
    search never holds up the other rooms."""
    import asyncio
    import time

    from skully_game.net.rooms import Room
    from skully_game.net.server import QUICK_AFTER, QUICK_THOUGHT, GameServer

    server = GameServer(ServerConfig(port=0, save=False))
    room = Room("K7PMQX4R2T", "skull", {}, [], 0, 60, 1)
    where: list[bool] = []  # True: on the loop's thread

    async def play() -> None:
        loop_thread = threading.get_ident()

        def quick() -> str:
            where.append(threading.get_ident() == loop_thread)
            return "a"

        def slow() -> str:
            where.append(threading.get_ident() == loop_thread)
            time.sleep(QUICK_THOUGHT * 3)
            return "b"

        for _ in range(QUICK_AFTER + 2):
            assert await server._think(room, 1, quick) == "a"
        assert await server._think(room, 1, slow) == "b"
        for _ in range(QUICK_AFTER + 2):
            await server._think(room, 1, quick)

    asyncio.run(play())
    server.thinkers.shutdown()
    server.writers.shutdown()
    assert where[:QUICK_AFTER] == [False] * QUICK_AFTER  # timed in the worker first
    assert where[QUICK_AFTER : QUICK_AFTER + 3] == [True] * 3  # then on the loop
    assert where[QUICK_AFTER + 3 :] == [False] * (QUICK_AFTER + 2)  # once slow: never again
