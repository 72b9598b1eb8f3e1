"""When the host quits (leaves the table, closes the program) or `skully serve` stops, the server
tells every seated person the room is closing, with why, and each table says so at once in a
player's words ("The host closed the game."), says where the game's record is kept, offers the
way back to the menu and never tries to come back. A connection that only drops, with no such
word, still comes back by itself. All through real websockets on the loopback address."""

from __future__ import annotations

import asyncio
import json
import random
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.asyncio.server import serve

from skully_game.core.errors import DataError
from skully_game.core.saves import saves_folder
from skully_game.net import PROTOCOL
from skully_game.net.client import Client
from skully_game.net.protocol import check_server_message
from skully_game.net.scripted import run
from skully_game.net.server import HOST_CLOSED, PLAYING, SERVER_STOPPED, ServerConfig, ServerThread
from skully_game.scenes.online import link as link_module
from skully_game.scenes.online.link import Link, open_room, parse_address
from tests.test_online_cards import seat
from tests.test_online_ui import (
    at_menu,
    press,
    skull_through_the_pages,
    until,
)

QUICK = ServerConfig(port=0, quick=True, pace=0.0)


@pytest.fixture(autouse=True)
def _quick_hosting(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game hosted here listens on a free port with quick computer players, and nothing is
    looked for on the network."""
    from skully_game.net import mdns

    def no_network(*args: Any, **kw: Any) -> Any:
        raise AssertionError("the tests never look on the network")

    monkeypatch.setattr(link_module, "HOST_PORT", 0)
    monkeypatch.setattr(link_module, "HOST_CONFIG", QUICK)
    monkeypatch.setattr(mdns, "browse", no_network)
    monkeypatch.setattr(mdns, "Announcer", no_network)


@pytest.fixture
def server() -> Iterator[ServerThread]:
    srv = ServerThread(QUICK).start()
    yield srv
    srv.stop()


def test_every_seated_client_is_told_the_room_closes_and_the_game_is_kept(server):
    host = Client(server.url).connect()
    host.create("Anne", "skull", [{"kind": "me"}, {"kind": "open"}])
    room = host.wait_for("joined")["room"]
    guest = Client(server.url).connect()
    guest.join("Bea", room)
    guest.wait_for("joined")
    host.start()
    host.wait_for("update")
    server.stop(HOST_CLOSED)
    for client in (host, guest):
        word = client.wait_for("closing")
        assert word == {
            "type": "closing",
            "version": PROTOCOL,
            "reason": HOST_CLOSED,
            "over": False,
        }
        closed = client.next()
        assert closed["type"] == "closed" and closed["ending"] == HOST_CLOSED
        assert closed["code"] == 1001  # going away: not sent off for a fault
        assert client.ending == word
    # the unfinished game's record stays with the server, kept apart from Resume
    kept = list((saves_folder("skull") / PLAYING).glob("*.json"))
    assert len(kept) == 1 and "online" in kept[0].name


@pytest.mark.parametrize(
    ("message", "field"),
    [
        ({"reason": "bored"}, "reason"),
        ({"over": "no"}, "over"),
        ({"version": PROTOCOL + 1}, "version"),
        ({"extra": 1}, "extra"),
        ({"type": "closin"}, "type"),
    ],
)
def test_a_closing_word_of_the_wrong_shape_is_refused_naming_the_field(message, field):
    good = {"type": "closing", "version": PROTOCOL, "reason": SERVER_STOPPED, "over": True}
    assert check_server_message(dict(good)) == good
    with pytest.raises(DataError) as refused:
        check_server_message({**good, **message})
    assert f"'{field}'" in str(refused.value)
    broken = dict(good)
    del broken["over"]
    with pytest.raises(DataError, match="'over'"):
        check_server_message(broken)


def test_a_closing_word_not_believed_leaves_a_dropped_line_that_comes_back():
    """A server that sends a malformed closing word: the client ignores it, so the close that
    follows is a dropped connection (it would be tried again)."""
    ready, stop = threading.Event(), threading.Event()
    port: list[int] = []

    async def handler(ws: Any) -> None:
        await ws.send(json.dumps({"type": "closing", "version": PROTOCOL, "reason": "bored"}))
        await ws.close(1001, "bye")

    async def main() -> None:
        async with serve(handler, "127.0.0.1", 0) as srv:
            port.append(srv.sockets[0].getsockname()[1])
            ready.set()
            while not stop.is_set():
                await asyncio.sleep(0.02)

    thread = threading.Thread(target=lambda: asyncio.run(main()), daemon=True)
    thread.start()
    try:
        assert ready.wait(5)
        client = Client(f"ws://127.0.0.1:{port[0]}").connect()
        closed = client.wait_for("closed")
        assert client.ending is None and "ending" not in closed
    finally:
        stop.set()
        thread.join(5)


def test_a_table_says_at_once_the_host_closed_the_game_and_stops_trying(server):
    from skully_game.shell.dialogs import ConfirmDialog

    desk = seat(server, "skull")
    table, app = desk.table, desk.app
    first = table.client
    server.stop(HOST_CLOSED)
    assert run([], lambda: desk.step() or table.ending is not None, 10)
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmDialog)
    assert dialog.question == "The host closed the game."
    assert dialog.detail == "The game was not finished: its record stays on the host's computer."
    assert dialog.yes_button.label == "Back to the menu"
    dialog.no_button.on_click()  # stay and look at the table: it says so, never tries again
    assert app.stack.top is table
    later = time.monotonic() + 1.5
    while time.monotonic() < later:
        desk.step()
        time.sleep(0.01)
    assert table.client is first and table.coming is None and table.back_at is None
    assert table.status_line()[0] == "The host closed the game. Esc goes back to the menu."
    assert "Back to the menu" in [w.label for w in table.widgets.widgets]
    table.ask_leave()  # Esc: straight back, nothing to ask
    assert app.stack.top is not table


def test_a_stopped_server_is_said_as_such_and_a_finished_game_is_kept_here(server, monkeypatch):
    from skully_game.scenes.online import cards
    from tests.test_online_cards import play

    monkeypatch.setattr(cards, "SERVER_FILE_WAIT", 0.0)
    desk = seat(server, "skull")
    play(desk, random.Random(3), spy=False)
    server.stop()  # `skully serve` stopped
    assert run([], lambda: desk.step() or desk.table.ending is not None, 10)
    dialog = desk.app.stack.top
    assert dialog.question == "The server was stopped: the game is closed."
    assert "kept on this computer" in dialog.detail
    dialog.yes_button.on_click()  # back to the menu
    assert desk.table not in desk.app.stack.scenes


def test_the_host_leaving_the_table_closes_the_game_for_the_guest_at_once():
    from skully_game.scenes.online.menu import PlayOnlineScene

    anne, bea = at_menu(), at_menu()
    host_table, guest_table = skull_through_the_pages(anne, bea)
    host_table.ask_leave()
    ask = anne.stack.top
    assert ask.detail == "You host this game: leaving ends it for everyone."
    began = time.monotonic()
    ask.yes_button.on_click()
    assert host_table not in anne.stack.scenes
    assert until([bea], lambda: guest_table.ending is not None, 5)
    assert time.monotonic() - began < 5  # at once, not after the grace period
    assert bea.stack.top.question == "The host closed the game."
    assert guest_table.coming is None and guest_table.back_at is None
    press(bea, "Back to the menu")
    assert isinstance(bea.stack.top, PlayOnlineScene)  # the online menu, as leaving a table
    for app in (bea, anne):
        app.stack.clear()


def test_a_friend_in_the_lobby_is_told_and_nothing_is_tried_again(server):
    seats = [{"kind": "me"}, {"kind": "open"}]
    first = {"type": "create", "name": "Anne", "game": "skull", "seats": seats}
    address = parse_address(server.url.removeprefix("ws://"))
    anne = open_room(address, "Anne", first)
    assert isinstance(anne, Link)
    bea = open_room(address, "Bea", {"type": "join", "name": "Bea", "room": anne.room})
    assert isinstance(bea, Link)
    server.stop(HOST_CLOSED)
    assert run([], lambda: bool(bea.poll() or bea.lost), 10)
    time.sleep(0.3)
    bea.poll()
    assert bea.lost == "The host closed the game." and bea.status == "" and bea.retries == 0


def test_a_dropped_line_without_the_closing_word_is_still_tried_again(server):
    seats = [{"kind": "me"}, {"kind": "open"}]
    first = {"type": "create", "name": "Anne", "game": "skull", "seats": seats}
    address = parse_address(server.url.removeprefix("ws://"))
    anne = open_room(address, "Anne", first)
    assert isinstance(anne, Link)
    assert run([], lambda: anne.poll() is not None and anne.lobby is not None, 5)
    old = anne.client
    old.kill()
    assert run([], lambda: bool(anne.poll() or anne.status) or anne.client is not old, 5)
    assert run([], lambda: anne.poll() is not None and anne.client is not old, 10)
    assert anne.retries >= 1 and not anne.lost
    anne.close()


def test_the_skully_table_says_the_host_closed_the_game_and_stops_trying(server):
    from tests.test_online_ui import _seated, _table

    app = at_menu()
    link, bea = _seated(server.url)
    table = _table(app, link, bea)
    server.stop(HOST_CLOSED)
    assert until([app], lambda: table.told_closed, 10)
    dialog = app.stack.top
    assert dialog.question == "The host closed the game."
    assert dialog.detail == "The game was not finished: its record stays on the host's computer."
    dialog.no_button.on_click()
    assert until([app], lambda: False, 1.0) is False  # a moment passes: nothing is tried again
    assert link.retries == 0 and link.status == "" and table._prompt() == link.lost
    assert link.lost == "The host closed the game."
    app.stack.clear()
