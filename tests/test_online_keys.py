"""The online pages as people use them: a second Enter or click never does a thing twice (the
game started twice, a red "already begun" over the table); a card game that ended, or whose room
the host closed, leaves no "Back to your seat" on the Join page."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest

from skully_game.net.server import ServerConfig
from skully_game.scenes.online import link as link_module
from skully_game.scenes.online.link import Link, open_room
from skully_game.shell.app import App
from tests.ui_helpers import key, make_app

QUICK = ServerConfig(port=0, quick=True, pace=0.0)


@pytest.fixture(autouse=True)
def _quick_hosting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(link_module, "HOST_PORT", 0)
    monkeypatch.setattr(link_module, "HOST_CONFIG", QUICK)


def until(app: App, done: Callable[[], bool], seconds: float = 5.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end and not done():
        app.tick()
        time.sleep(0.002)
    return done()


@pytest.fixture
def full_lobby() -> Iterator[tuple[App, Any, Link]]:
    """A Skull room hosted here with its one friend seated: the host's lobby, ready to start."""
    from skully_game.scenes.online.host import host_game
    from skully_game.scenes.online.lobby import LobbyScene

    create = {
        "type": "create",
        "name": "Anne",
        "game": "skull",
        "options": {},
        "seats": [{"kind": "me"}, {"kind": "open"}],
        "grace": 60,
    }
    link = host_game(False, "Anne", create)
    assert isinstance(link, Link)
    app = make_app()
    lobby = LobbyScene(app, link)
    app.stack.push(lobby)
    assert link.hosting is not None
    guest = open_room(link.hosting.here, "Bea", {"type": "join", "name": "Bea", "room": link.room})
    assert isinstance(guest, Link)
    assert until(app, lambda: len(link.seats()) == 2 and not any(s["open"] for s in link.seats()))
    app.tick()
    yield app, lobby, link
    app.stack.clear()
    guest.close()
    link.close()


def test_enter_twice_in_the_lobby_starts_the_game_once(full_lobby):
    from skully_game.scenes.online.cards import online_table_class

    OnlineSkullTable = online_table_class("skull")

    app, _lobby, link = full_lobby
    sent: list[str] = []
    start = link.client.start
    link.client.start = lambda: (sent.append("start"), start())[1]  # type: ignore[method-assign]
    app.dispatch(key(pygame.K_RETURN))
    app.dispatch(key(pygame.K_RETURN))  # pressed again before the table opened
    assert sent == ["start"]
    assert until(app, lambda: isinstance(app.stack.top, OnlineSkullTable))
    assert until(app, lambda: False, 0.3) is False  # a moment for any answer to a second start
    assert [t.message for t in app.toasts] == []


# --- the Join page's "Back to your seat" after a card game ends or its room closes ---------------


@pytest.fixture
def server() -> Iterator[Any]:
    from skully_game.net.server import ServerThread

    srv = ServerThread(QUICK).start()
    yield srv
    srv.stop()


def _kept(desk: Any) -> None:
    """The seat kept as the lobby keeps a friend's game's seat."""
    from skully_game.scenes.online.remember import keep_seat, kept_seat

    client = desk.table.client
    keep_seat(desk.app, {"address": "127.0.0.1:1", "room": client.room, "token": "t", "name": "A"})
    assert kept_seat() is not None


def test_a_card_table_whose_room_the_host_closed_offers_no_seat_to_come_back_to(server):
    from skully_game.net.scripted import run
    from skully_game.net.server import HOST_CLOSED
    from skully_game.scenes.online.remember import kept_seat
    from tests.test_online_cards import seat

    desk = seat(server, "skull")
    _kept(desk)
    server.stop(HOST_CLOSED)
    assert run([], lambda: desk.step() or desk.table.ending is not None, 10)
    assert kept_seat() is None


def test_a_closed_room_offers_nothing_to_play_at_the_table(server):
    """Said "The host closed the game.": the cards no longer glow to be played, and Enter
    picks up nothing."""
    from skully_game.net.scripted import run
    from skully_game.net.server import HOST_CLOSED
    from tests.test_online_cards import seat

    desk = seat(server, "skip-bo")
    table = desk.table
    assert run([], lambda: desk.step() or table.my_turn(), 10)  # Anne's turn comes
    server.stop(HOST_CLOSED)
    assert run([], lambda: desk.step() or table.ending is not None, 10)
    desk.app.stack.pop()  # "Stay and look"
    assert not table.my_turn()
    desk.app.dispatch(key(pygame.K_RETURN))
    desk.app.dispatch(key(pygame.K_RETURN))
    assert table.picked is None and table.key_at == -1


def test_a_finished_card_game_offers_no_seat_to_come_back_to(server):
    import random

    from skully_game.scenes.online.remember import kept_seat
    from tests.test_online_cards import play, seat

    desk = seat(server, "skull")
    _kept(desk)
    play(desk, random.Random(3), spy=False)
    assert kept_seat() is None


def test_a_kept_seat_the_server_no_longer_has_is_said_whole_and_offered_no_more(
    server, monkeypatch
):
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.online.remember import keep_seat, kept_seat
    from tests.test_online_ui import open_online, press
    from tests.test_online_ui import until as until_all
    from tests.ui_helpers import drawn_texts

    app = make_app((1024, 640))  # the narrow window: the line between Back and Join is short
    app.stack.push(MenuScene(app))
    where = server.url.removeprefix("ws://")
    keep_seat(app, {"address": where, "room": "BDZHW-BYCYV", "token": "gone", "name": "Bob"})
    open_online(app)
    press(app, "Join a game")
    join = app.stack.top
    press(app, "Back to your seat in room BDZHW-BYCYV")
    assert until_all([app], lambda: app.stack.top is join and bool(join.message))
    assert join.message.startswith("That seat is no longer kept for you")
    assert kept_seat() is None
    assert not any(w.label.startswith("Back to your seat") for w in join.widgets.widgets)
    drawn = " ".join(drawn_texts(app, monkeypatch))
    assert join.message in drawn or all(word in drawn for word in join.message.split())
    assert "…" not in drawn  # said whole, never cut


def _asking(app: App) -> list[Any]:
    from skully_game.shell.dialogs import ConfirmDialog

    return [s for s in app.stack.scenes if isinstance(s, ConfirmDialog)]


def test_closing_the_window_while_hosting_asks_first_and_once(full_lobby):
    """The window's close button would end the room for everyone: it asks, a second close
    while asking asks no more, Stay keeps the room, and Quit quits."""
    from skully_game.scenes.online.cards import online_table_class

    OnlineSkullTable = online_table_class("skull")

    app, lobby, _link = full_lobby
    app.dispatch(pygame.event.Event(pygame.QUIT))
    app.dispatch(pygame.event.Event(pygame.QUIT))  # clicked again
    asking = _asking(app)
    assert app.running and len(asking) == 1
    assert asking[0].question == "Quit Skully?" and "sends everyone away" in asking[0].detail
    app.dispatch(key(pygame.K_n))  # Stay
    assert app.running and _asking(app) == [] and app.stack.top is lobby
    app.dispatch(key(pygame.K_RETURN))  # the game begins: now the table asks
    assert until(app, lambda: isinstance(app.stack.top, OnlineSkullTable))
    app.dispatch(pygame.event.Event(pygame.QUIT))
    assert app.running and "ends it for everyone" in _asking(app)[0].detail
    app.dispatch(key(pygame.K_y))  # Quit
    assert not app.running


def test_closing_the_window_of_a_game_at_one_desk_quits_at_once() -> None:
    from skully_game.scenes.menu import MenuScene

    app = make_app()
    app.stack.push(MenuScene(app))
    app.dispatch(pygame.event.Event(pygame.QUIT))
    assert not app.running and _asking(app) == []
