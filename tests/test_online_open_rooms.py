"""The Join page's open rooms (issue 43): after the address is typed, the server's open rooms
are listed; a click or Enter sits down in one with no code typed; a full one is refused in
words, and a closed room is never shown."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pygame
import pytest

from skully_game.net.client import Client
from skully_game.net.server import ServerConfig, ServerThread
from tests.test_online_ui import at_menu, open_online, press, type_into, until
from tests.ui_helpers import key

SEATS = [{"kind": "me"}, {"kind": "open"}]


@pytest.fixture
def server() -> Iterator[ServerThread]:
    srv = ServerThread(ServerConfig(port=0, quick=True, pace=0.0, save=False)).start()
    yield srv
    srv.stop()


def hosted(server: ServerThread, name: str, listed: bool) -> Client:
    client = Client(server.url).connect()
    client.create(name, "skull", SEATS, listed=listed)
    client.wait_for("joined", 5)
    return client


def join_page(server: ServerThread, name: str):
    app = at_menu()
    open_online(app)
    press(app, "Join a game")
    type_into(app, "your name", name)
    type_into(app, "address", server.url.removeprefix("ws://"))
    join = app.stack.top
    press(app, "Open rooms at this address")
    assert until([app], lambda: app.stack.top is join and (join.open_rooms or join.message))
    return app, join


def lobby(app) -> Callable[[], bool]:
    return lambda: type(app.stack.top).__name__ == "LobbyScene"


def test_enter_sits_down_in_a_listed_open_room_without_a_code(server):
    secret = hosted(server, "Cleo", listed=False)
    anne = hosted(server, "Anne", listed=True)
    app, join = join_page(server, "Bea")
    assert [r["host"] for r in join.open_rooms] == ["Anne"]  # Cleo's room is not listed
    labels = [w.label for w in join.widgets.widgets]
    assert not any("Cleo" in label for label in labels)
    assert join.code == ""
    focused = join.widgets.widgets[join.widgets.focus]
    assert "Anne" in focused.label and "1 seat free" in focused.label
    app.dispatch(key(pygame.K_RETURN))
    assert until([app], lobby(app))
    app.stack.clear()
    for c in (secret, anne):
        c.close()


def test_a_full_open_room_is_refused_in_words(server):
    anne = hosted(server, "Anne", listed=True)
    app, join = join_page(server, "Bea")
    cora = Client(server.url).connect()
    cora.join("Cora", join.open_rooms[0]["room"])
    cora.wait_for("joined", 5)  # the last seat goes before Bea clicks
    row = next(w for w in join.widgets.widgets if "Anne" in w.label)
    from tests.ui_helpers import click

    click(app, row.rect.center)
    assert until([app], lambda: app.stack.top is join and "taken" in join.message)
    assert "Error" not in join.message
    press(app, "Open rooms at this address")  # asked again: it says full
    assert until([app], lambda: app.stack.top is join and join.open_rooms[0]["free"] == 0)
    row = next(w for w in join.widgets.widgets if "Anne" in w.label)
    assert "full" in row.label
    click(app, row.rect.center)
    assert join.message == "Anne's room is full: every seat is taken"
    for c in (anne, cora):
        c.close()


def test_no_open_rooms_is_said(server):
    secret = hosted(server, "Cleo", listed=False)
    _app, join = join_page(server, "Bea")
    assert join.open_rooms == [] and "No open rooms at" in join.message
    secret.close()


@pytest.mark.parametrize("turned_on", [False, True])
def test_the_host_page_opens_a_room_only_when_asked(monkeypatch, turned_on):
    from skully_game.net import mdns
    from skully_game.scenes.online import link as link_module
    from skully_game.scenes.online.join import ask_open_rooms
    from tests.test_online_ui import hosting_page, pick

    monkeypatch.setattr(link_module, "HOST_PORT", 0)
    monkeypatch.setattr(link_module, "HOST_CONFIG", ServerConfig(port=0, quick=True, save=False))
    monkeypatch.setattr(mdns, "Announcer", lambda *a, **k: pytest.fail("no network in tests"))
    app = hosting_page("skull")
    row = next(w for w in app.stack.top.widgets.widgets if w.label == "Open room")
    assert row.value is False  # off unless the host turns it on
    if turned_on:
        pick(app, "Open room", True)
    press(app, "Host game")
    assert until([app], lobby(app))
    here = app.stack.top.link.hosting.here
    rooms = ask_open_rooms(here)
    assert [r["host"] for r in rooms] == (["Anne"] if turned_on else [])
    app.stack.clear()
