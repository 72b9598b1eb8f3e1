"""A stranger cannot spoil a server (issue 43): one address opens only so many rooms and
connections (refused in words), while another address still opens a room; the grace a host asks
for is capped; a lobby nobody is in goes soon; a web page's handshake (a browser Origin) is
refused unless allowed; a guest who leaves a lobby frees the seat. On 127.0.0.1 every client
shares one address, so these servers are given small limits."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import replace

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from skully_game import __version__
from skully_game.net import PROTOCOL
from skully_game.net.client import Client, NetError
from skully_game.net.limits import AddressBook, Limits
from skully_game.net.server import Conn, ServerConfig, ServerThread

QUICK = ServerConfig(port=0, quick=True, pace=0.0, save=False)
TWO = [{"kind": "me"}, {"kind": "open"}]


def start(**limits: object) -> ServerThread:
    return ServerThread(replace(QUICK, limits=Limits(**limits))).start()  # type: ignore[arg-type]


@pytest.fixture
def server() -> Iterator[ServerThread]:
    srv = start(rooms_per_address=3, connections_per_address=6, most_grace=300, lobby_ttl=2.0)
    yield srv
    srv.stop()


def sweep_later(server: ServerThread, seconds: float) -> None:
    """Once the server has seen every client leave, its sweep `seconds` from now."""
    end = time.monotonic() + 5
    while time.monotonic() < end and server.call(
        lambda: any(p.conn for r in server.server.rooms.values() for p in r.places)
    ):
        time.sleep(0.02)
    later = time.monotonic() + seconds
    server.call(lambda: server.server.sweep(later))


def refusal(client: Client, kind: str = "joined") -> str:
    try:
        client.wait_for(kind, 5)
    except NetError as exc:
        return str(exc)
    return kind


def test_one_address_opens_only_so_many_rooms_and_is_told_why(server):
    said = []
    for _ in range(5):
        client = Client(server.url).connect()
        client.create("Eve", "skull", TWO, grace=3600)
        said.append(refusal(client))
        client.close()
    assert said[:3] == ["joined"] * 3
    assert all("you already have 3 rooms open on this server" in s for s in said[3:])
    assert server.call(lambda: len(server.server.rooms)) == 3


def test_another_address_still_opens_a_room_while_one_is_at_its_limit(server):
    """The limit is the address's, not the server's: an honest person elsewhere is never told
    the server is full (the addresses are given by hand: on 127.0.0.1 all clients share one)."""
    message = {"type": "create", "version": PROTOCOL, "program": __version__, "name": "Eve",
               "game": "skull", "seats": TWO}  # fmt: skip

    def create(address: str) -> str:
        conn = Conn(None, address)  # type: ignore[arg-type]
        try:
            server.server._create(conn, dict(message))
        except Exception as exc:  # Closing: the words the client would be sent
            return str(exc)
        return "opened"

    eve = [server.call(lambda: create("203.0.113.9")) for _ in range(5)]
    assert eve.count("opened") == 3 and "3 rooms open" in eve[-1]
    assert server.call(lambda: create("198.51.100.7")) == "opened"
    server.call(lambda: server.server.rooms.clear())  # no real connection to tell at the end


def test_the_rooms_of_an_address_count_again_once_they_are_gone(server):
    for _ in range(3):
        client = Client(server.url).connect()
        client.create("Eve", "skull", TWO)
        client.wait_for("joined")
        client.close()
    sweep_later(server, 3.0)  # past the lobbies' 2 s
    assert server.call(lambda: len(server.server.rooms)) == 0
    client = Client(server.url).connect()
    client.create("Anne", "skull", TWO)
    assert client.wait_for("joined")["seat"] == 0
    client.close()


def test_an_empty_lobby_goes_soon_whatever_grace_it_asked_for(server):
    client = Client(server.url).connect()
    client.create("Eve", "skull", TWO, grace=3600)
    client.wait_for("joined")
    client.close()
    sweep_later(server, 3.0)
    assert server.call(lambda: len(server.server.rooms)) == 0


def test_a_lobby_with_someone_in_it_stays(server):
    client = Client(server.url).connect()
    client.create("Anne", "skull", TWO)
    client.wait_for("joined")
    later = time.monotonic() + 30.0
    server.call(lambda: server.server.sweep(later))
    assert server.call(lambda: len(server.server.rooms)) == 1
    client.close()


def test_the_grace_granted_is_capped_by_the_server(server):
    client = Client(server.url).connect()
    client.create("Eve", "skull", TWO, grace=3600)
    lobby = client.wait_for("lobby")
    assert lobby["grace"] == 300
    client.close()
    book = AddressBook(Limits())
    assert book.grace(3600) == 600 and book.grace(120) == 120


def test_one_address_holds_only_so_many_connections(server):
    clients = [Client(server.url).connect() for _ in range(6)]
    extra = Client(server.url).connect()
    extra.create("Eve", "skull", TWO)
    assert "already 6 connections from your address" in refusal(extra)
    clients[0].close()
    time.sleep(0.2)
    again = Client(server.url).connect()
    again.create("Anne", "skull", TWO)
    assert again.wait_for("joined")["seat"] == 0
    for client in [*clients[1:], again]:
        client.close()


def handshake(url: str, origin: str | None) -> str:
    try:
        with connect(url, origin=origin, open_timeout=5, proxy=None):  # type: ignore[arg-type]
            return "accepted"
    except InvalidStatus as exc:
        return f"refused {exc.response.status_code}"


def test_a_web_pages_handshake_is_refused_and_the_program_is_not(server):
    assert handshake(server.url, "http://evil.example") == "refused 403"
    assert handshake(server.url, None) == "accepted"  # the program sends no Origin


def test_a_web_page_the_server_is_told_of_may_connect():
    srv = start(origins=("https://club.example",))
    try:
        assert handshake(srv.url, "https://club.example") == "accepted"
        assert handshake(srv.url, "http://evil.example") == "refused 403"
    finally:
        srv.stop()


def test_a_guest_who_leaves_a_lobby_frees_the_seat(server):
    host = Client(server.url).connect()
    host.create("Anne", "skull", TWO)
    room = host.wait_for("joined")["room"]
    bea = Client(server.url).connect()
    bea.join("Bea", room)
    token = bea.wait_for("joined")["token"]
    bea.close()
    lobby = host.wait_for("lobby")
    while lobby["seats"][1]["name"] == "Bea" or not lobby["seats"][1]["open"]:
        lobby = host.wait_for("lobby")
    assert lobby["seats"][1]["open"] and lobby["seats"][1]["away"] is None
    # while the seat is free, Bea's token takes it back; once taken, it is another's
    back = Client(server.url).connect()
    back.rejoin(room, token)
    assert back.wait_for("joined")["seat"] == 1
    back.close()
    cy = Client(server.url).connect()
    cy.join("Cy", room)
    assert cy.wait_for("joined")["seat"] == 1
    late = Client(server.url).connect()
    late.rejoin(room, token)
    assert "no longer kept" in refusal(late)
    host.start()
    assert host.wait_for("setup")["names"] == ["Anne", "Cy"]
    for client in (host, cy):
        client.close()
