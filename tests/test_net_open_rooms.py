"""Open rooms (issue 43): a room whose host marked it open is listed to anyone who asks the
server, with its public facts only, and joined without being told a code; a closed room is
never listed; a full room is refused in words; asking is rate-limited and the list bounded."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from skully_game.net.client import Client
from skully_game.net.protocol import LIST_BURST, MAX_LISTED
from skully_game.net.server import ServerConfig, ServerThread

SEATS = [{"kind": "me"}, {"kind": "open"}, {"kind": "computer", "level": "random"}]


@pytest.fixture
def server() -> Iterator[ServerThread]:
    srv = ServerThread(ServerConfig(port=0, quick=True, pace=0.0, save=False)).start()
    yield srv
    srv.stop()


def host(server: ServerThread, name: str, listed: bool) -> Client:
    client = Client(server.url).connect()
    client.create(name, "skull", SEATS, listed=listed)
    client.wait_for("joined", 5)
    return client


def listed(server: ServerThread) -> list[dict]:
    asker = Client(server.url).connect()
    asker.ask_rooms()
    rooms = asker.wait_for("rooms", 5)["rooms"]
    asker.close()
    return rooms


def test_an_open_room_is_listed_and_joined_without_a_code(server):
    anne = host(server, "Anne", listed=True)
    rooms = listed(server)
    assert len(rooms) == 1
    room = rooms[0]
    assert set(room) == {"room", "game", "host", "free", "seats", "rules"}
    assert (room["game"], room["host"], room["free"], room["seats"]) == ("skull", "Anne", 1, 3)
    bea = Client(server.url).connect()
    bea.join("Bea", room["room"])  # the id the list gave: nobody told Bea a code
    assert bea.wait_for("joined", 5)["seat"] == 1
    assert listed(server)[0]["free"] == 0
    anne.close()
    bea.close()


def test_a_closed_room_never_appears(server):
    closed = host(server, "Cleo", listed=False)
    code = server.call(lambda: next(iter(server.server.rooms)))
    rooms = listed(server)
    assert rooms == []
    opened = host(server, "Olga", listed=True)
    rooms = listed(server)
    assert [r["host"] for r in rooms] == ["Olga"]
    assert code.upper() not in str(rooms).replace("-", "")
    closed.close()
    opened.close()


def test_a_full_room_says_so(server):
    anne = host(server, "Anne", listed=True)
    room = listed(server)[0]["room"]
    bea = Client(server.url).connect()
    bea.join("Bea", room)
    bea.wait_for("joined", 5)
    cora = Client(server.url).connect()
    cora.join("Cora", room)
    assert "every seat of that room is taken" in cora.wait_for("error", 5)["reason"]
    for c in (anne, bea, cora):
        c.close()


def test_asking_is_rate_limited_and_the_list_bounded(server):
    asker = Client(server.url).connect()
    answers = []
    for _ in range(LIST_BURST + 2):
        asker.ask_rooms()
    for _ in range(LIST_BURST + 2):
        message = asker.next(5)
        answers.append(message["type"])
    assert answers.count("rooms") == LIST_BURST
    assert answers.count("refused") == 2
    asker.close()
    from skully_game.net.hosted import SeatPlan
    from skully_game.net.rooms import Place, Room

    def fill() -> int:
        for i in range(MAX_LISTED + 10):
            places = [Place(SeatPlan(f"H{i}", None), taken=True), Place(SeatPlan("", None))]
            server.server.rooms[f"R{i:09d}"] = Room(
                f"R{i:09d}", "skull", {}, places, 0, 60, 1, listed=True
            )
        return len(server.server.open_rooms())

    assert server.call(fill) == MAX_LISTED


def test_the_rules_summary_says_what_the_host_changed():
    from skully_game.net.rooms import default_options, rules_summary

    usual = default_options("skull-king", 3)
    assert rules_summary({**usual, "hints": "on"}, 0.0, usual) == "usual rules"
    changed = {**usual, "cannonball": True, "hints": "off"}
    assert rules_summary(changed, 30.0, usual) == "cannonball on, hints off, clock 30 s"
    usual = default_options("skully", 2)
    skully = {"preset": "official", "board": "classic", "flick_guide": "off"}
    assert rules_summary(skully, 0.0, usual) == "flick guide off"


def test_the_lobby_tells_its_seats_whether_the_room_is_listed(server):
    for listed_ in (False, True):
        client = Client(server.url).connect()
        client.create("Anne", "skull", SEATS, listed=listed_)
        assert client.wait_for("lobby", 5)["listed"] is listed_
        client.close()
