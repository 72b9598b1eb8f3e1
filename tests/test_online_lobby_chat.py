"""Chat in the lobby before the game starts (issue 43): the same box, limits and mutes as at
the table (C or the Chat button; Esc closes it first), lines heard there are kept, and the
chat (whom a person muted) goes on to the table. Before, the lobby had no chat at all.
127.0.0.1, bounded waits."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from skully_game.net.client import Client
from skully_game.net.server import ServerConfig, ServerThread
from skully_game.scenes.online.chat import ChatDialog
from skully_game.scenes.online.link import Link, open_room, parse_address
from skully_game.scenes.online.lobby import LobbyScene
from tests.test_online_ui import until
from tests.ui_helpers import key, make_app


@pytest.fixture
def server() -> Iterator[ServerThread]:
    srv = ServerThread(ServerConfig(port=0, quick=True, pace=0.0, save=False)).start()
    yield srv
    srv.stop()


def _bea_in_the_lobby(url: str) -> tuple[Client, Link]:
    host = Client(url).connect()
    host.create("Anne", "skull", [{"kind": "me"}, {"kind": "open"}, {"kind": "open"}], {})
    room = host.wait_for("joined")["room"]
    first = {"type": "join", "name": "Bea", "room": room}
    link = open_room(parse_address(url.removeprefix("ws://")), "Bea", first)
    assert isinstance(link, Link) and not link.watching
    return host, link


def test_a_line_said_in_the_lobby_reaches_a_guest_and_the_guest_answers(server) -> None:  # type: ignore[no-untyped-def]
    host, link = _bea_in_the_lobby(server.url)
    app = make_app()
    lobby = LobbyScene(app, link)
    app.stack.push(lobby)
    assert "Chat" in [w.label for w in lobby.widgets.widgets]
    host.say(text="hello Bea")
    assert until([app], lambda: lobby.chat is not None and lobby.chat.history(), 5)
    assert lobby.chat.history() == ["Anne: hello Bea"] and link.chat is lobby.chat
    app.dispatch(key(pygame.K_c))  # the box, as at the table
    box = app.stack.top
    assert isinstance(box, ChatDialog) and [n for _, n in box.people] == ["Anne"]
    box._say(line="luck")  # Good luck!
    assert app.stack.top is lobby  # said: the box closes
    heard: list[dict] = []

    def answered() -> bool:
        heard.extend(host.poll())
        return any(m.get("type") == "chat" and m.get("name") == "Bea" for m in heard)

    assert until([app], answered, 5)
    said = next(m for m in heard if m.get("type") == "chat" and m.get("name") == "Bea")
    assert said["text"] == "Good luck!"
    lobby.open_chat()
    app.dispatch(key(pygame.K_ESCAPE))  # Esc closes the box first, and that is all
    assert app.stack.top is lobby and not link.leaving
    host.close()
    link.close()
    app.stack.clear()
