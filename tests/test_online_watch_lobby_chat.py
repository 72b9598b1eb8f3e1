"""A spectator's lobby chat goes with them to the watching page (issue 43), as a player's goes
with them to their table: the lines heard in the lobby, and whom they muted there. Before,
the watching page began an empty box. Synthetic: a link that never connects."""

from __future__ import annotations

from typing import Any

from skully_game.net.client import Client
from skully_game.scenes.online.link import Address, Link
from skully_game.scenes.online.spectate import SpectatorScene
from tests.test_online_chat_history import said
from tests.ui_helpers import make_app


def _spectators_link() -> Link:
    link = Link(Client("ws://127.0.0.1:9"), Address("127.0.0.1", 9), "Cy")
    link.watching, link.game, link.room = True, "skull", "ABCDE"
    lobby: dict[str, Any] = {"type": "lobby", "game": "skull", "seats": [
        {"seat": 0, "kind": "person", "name": "Anne", "connected": True},
        {"seat": 1, "kind": "person", "name": "Bea", "connected": True},
    ], "watch_chat": True}  # fmt: skip
    link.lobby = lobby
    link.setup = {"type": "setup", "names": ["Anne", "Bea"], "seat": -1}
    return link


def test_the_lines_heard_in_the_lobby_are_on_the_watching_page() -> None:
    from skully_game.scenes.online.lobby import LobbyScene

    app = make_app()
    link = _spectators_link()
    lobby = LobbyScene(app, link)
    lobby.hear(said(0, "Anne", "welcome, Cy"))
    lobby.heard.mute(1, True)
    page = SpectatorScene(app, link)
    assert page.heard.shown()[0] == "Anne: welcome, Cy"
    assert 1 in page.heard.muted  # and whom they muted
