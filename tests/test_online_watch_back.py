"""A spectator whose line drops comes back by itself (issue 43, as a seated person does): the
page says it is watching again, the link retries a bounded time through the addresses it knows,
and the page is shown the table as it is now and goes on with the game. In a group, a server
that stops gracefully sends its spectator to the server that takes the room up, and the page
says the server moved."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator

import pytest
import redis

from skully_game.net.group.member import GroupConfig
from skully_game.net.group.redisproc import free_port
from skully_game.net.limits import Limits
from skully_game.net.scripted import ScriptedPerson, seat_three
from skully_game.net.server import ServerConfig, ServerThread
from skully_game.scenes.online import publicgame
from skully_game.scenes.online.link import MOVED, Link, open_room, parse_address
from skully_game.scenes.online.spectate import SpectatorScene
from tests.test_online_ui import at_menu, until


@pytest.fixture
def server() -> Iterator[ServerThread]:
    srv = ServerThread(ServerConfig(port=0, quick=True, pace=0.0)).start()
    yield srv
    srv.stop()


def _watching(url: str, room: str) -> Link:
    first = {"type": "watch", "name": "Cy", "room": room}
    link = open_room(parse_address(url.removeprefix("ws://")), "Cy", first)
    assert isinstance(link, Link) and link.watching
    return link


def test_a_spectators_dropped_line_comes_back_to_the_table_as_it_is_now(
    server, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    seated = seat_three(server.url, "skull")
    people = [ScriptedPerson(seated.host, random.Random(1)),
              ScriptedPerson(seated.guest, random.Random(2))]  # fmt: skip
    for person in people:
        person.handle(seated.setup)
    assert seated.host.room is not None
    link = _watching(server.url, seated.host.room)
    app = at_menu()
    monkeypatch.setattr(
        publicgame, "fill", lambda key: None
    )  # the page in words (its table's: elsewhere)
    page = SpectatorScene(app, link)
    app.stack.push(page)

    def both() -> None:
        for person in people:
            person.step()

    assert until([app], lambda: len(page.lines) >= 3, 20, both)
    old = link.client
    old.kill()  # the network drops, no goodbye
    assert until([app], lambda: bool(link.status), 5)
    assert link.status.endswith("watching again...") and not link.lost
    line, _ = page.headline()
    assert line == link.status  # the page says so
    told = len(page.lines)
    assert until([app], lambda: link.connected and link.client is not old, 10)
    assert link.retries >= 1 and link.watching and link.name == "Cy"
    # shown the table as it is now (every line of the story again), then the game goes on
    assert until([app], lambda: len(page.lines) >= told + 2 or page.over, 30, both)
    assert not page.lines or page.lines[0] != "Another game begins: the same seats, a new deal."
    for client in (seated.host, seated.guest):
        client.close()
    link.close()
    app.stack.clear()


def test_a_stopping_group_server_sends_its_spectator_on(redis_url: str, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    store = redis.Redis.from_url(redis_url, decode_responses=True)
    store.flushall()
    shared = free_port()

    def member(name: str) -> ServerThread:
        limits = Limits(rooms_per_address=64, connections_per_address=64)
        group = GroupConfig(redis_url, shared_port=shared, name=name, beat=0.2, lease=6.0)
        config = ServerConfig(port=0, quick=True, pace=0.0, limits=limits, group=group)
        return ServerThread(config).start()

    a, b = member("A"), member("B")
    app = at_menu()
    try:
        seated = seat_three(a.url, "skull")
        people = [ScriptedPerson(seated.host, random.Random(1)),
                  ScriptedPerson(seated.guest, random.Random(2))]  # fmt: skip
        for person in people:
            person.handle(seated.setup)
        assert seated.host.room is not None
        link = _watching(b.url, seated.host.room)  # the wrong server: sent to the room's
        assert link.client.url == a.url
        monkeypatch.setattr(publicgame, "fill", lambda key: None)  # the page in words
        page = SpectatorScene(app, link)
        app.stack.push(page)
        toasts: list[str] = []
        shown = app.toast

        def toast(text: str, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
            toasts.append(text)
            shown(text, *args, **kwargs)

        app.toast = toast  # type: ignore[method-assign]

        def both() -> None:
            for person in people:
                person.step()

        assert until([app], lambda: len(page.lines) >= 3, 20, both)
        end = time.monotonic() + 5
        while time.monotonic() < end and not b.call(lambda: bool(b.server.group.others)):
            time.sleep(0.05)
        a.stop(hand_over=True)
        assert until([app], lambda: MOVED in toasts, 10, both)
        assert until([app], lambda: link.client.url == b.url, 10, both)
        told = len(page.lines)
        assert until([app], lambda: len(page.lines) > told or page.over, 30, both)
        assert not link.lost
        for client in (seated.host, seated.guest):
            client.close()
        link.close()
    finally:
        app.stack.clear()
        a.stop()
        b.stop()
        store.close()
