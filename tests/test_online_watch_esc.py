"""Esc on a spectator's pages (issue 43): it closes an open box first (the chat), then asks
"Stop watching?"; Esc again keeps watching. Before, Esc on the spectator's page put them out
of the room at once, and the lobby asked "Leave the room?". 127.0.0.1, bounded waits."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from skully_game.net.client import Client
from skully_game.net.server import ServerConfig, ServerThread
from skully_game.scenes.online.link import Link, open_room, parse_address
from skully_game.scenes.online.lobby import LobbyScene
from skully_game.scenes.online.spectate import SpectatorScene
from skully_game.scenes.online.watchers import STOP_WATCHING
from skully_game.shell.dialogs import ConfirmDialog
from tests.ui_helpers import key, make_app


@pytest.fixture
def server() -> Iterator[ServerThread]:
    srv = ServerThread(ServerConfig(port=0, quick=True, pace=0.0, save=False)).start()
    yield srv
    srv.stop()


def _watching(url: str) -> tuple[Client, Link]:
    """Anne opens a Skull room (a seat still open); Cy watches its lobby."""
    host = Client(url).connect()
    host.create("Anne", "skull", [{"kind": "me"}, {"kind": "open"}, {"kind": "open"}], {})
    room = host.wait_for("joined")["room"]
    first = {"type": "watch", "name": "Cy", "room": room}
    link = open_room(parse_address(url.removeprefix("ws://")), "Cy", first)
    assert isinstance(link, Link) and link.watching
    return host, link


def _esc_asks_and_esc_stays(app, page) -> None:  # type: ignore[no-untyped-def]
    app.dispatch(key(pygame.K_ESCAPE))
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmDialog) and dialog.question == STOP_WATCHING
    assert not page.link.leaving
    app.dispatch(key(pygame.K_ESCAPE))  # the safe answer: keep watching
    app.tick()
    assert app.stack.top is page and page.link.connected and not page.link.leaving


@pytest.mark.parametrize("page_class", [LobbyScene, SpectatorScene])
def test_esc_asks_a_spectator_before_they_stop_watching(server, page_class) -> None:  # type: ignore[no-untyped-def]
    host, link = _watching(server.url)
    app = make_app()
    page = page_class(app, link)
    app.stack.push(page)
    _esc_asks_and_esc_stays(app, page)
    if page_class is SpectatorScene:  # an open box: Esc closes it, and that is all
        page.open_chat()
        assert app.stack.top is not page
        app.dispatch(key(pygame.K_ESCAPE))
        assert app.stack.top is page and not link.leaving
    host.close()
    link.close()
    app.stack.clear()


def test_the_watched_tables_leave_asks_first() -> None:
    """A spectator's table (after the table's keys closed any open box) asks too; with the
    connection gone there is nothing to watch, and it leaves at once."""
    from types import SimpleNamespace

    from skully_game.scenes.online.watchtable import WatchedTable

    app = make_app()
    left: list[bool] = []
    table = SimpleNamespace(app=app, lost="", leave=lambda: left.append(True))
    WatchedTable.ask_leave(table)  # type: ignore[arg-type]
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmDialog) and dialog.question == STOP_WATCHING and not left
    app.stack.pop()
    table.lost = "the room closed"
    WatchedTable.ask_leave(table)  # type: ignore[arg-type]
    assert left == [True]
