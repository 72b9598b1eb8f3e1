"""Spectators speaking at the program's pages (issue 43): the host's "Spectators may chat"
(off by default), a spectator's chat box with the preset lines and a few words where the host
allowed it (else the sentence that they read), their lines shown to all as "(watching) Cy: …",
and a player's box offering to mute a spectator who spoke."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from skully_game.net.client import Client
from skully_game.net.server import ServerConfig, ServerThread
from skully_game.scenes.online.chat import Chat, ChatDialog
from skully_game.scenes.online.chatview import MAY_SPEAK, READ_ONLY, SpectatorChatDialog
from skully_game.scenes.online.host import HostScene
from skully_game.scenes.online.watchtable import WatchedTable
from skully_game.shell.widgets import Choice, TextField
from tests.test_online_ui import at_menu, until
from tests.test_online_watch_table import _drawn_texts, _page, _watch
from tests.ui_helpers import ev

SEATS = [{"kind": "me"}, {"kind": "open"}, {"kind": "computer", "level": "heuristic"}]


@pytest.fixture
def server() -> Iterator[ServerThread]:
    srv = ServerThread(ServerConfig(port=0, quick=True, pace=0.0)).start()
    yield srv
    srv.stop()


def started(url: str, watch_chat: bool) -> tuple[Client, Client, str]:
    """Anne hosts a Skull King game (spectators' chat as said), Bea joins, Anne starts it."""
    anne = Client(url).connect()
    anne.create("Anne", "skull-king", SEATS, watch_chat=watch_chat)
    code = anne.wait_for("joined")["room"]
    bea = Client(url).connect()
    bea.join("Bea", code)
    bea.wait_for("joined")
    lobby = anne.wait_for("lobby")
    while lobby["seats"][1]["open"]:
        lobby = anne.wait_for("lobby")
    anne.start()
    return anne, bea, code


def chats(client: Client, seconds: float = 0.5) -> list[dict[str, Any]]:
    end, out = time.monotonic() + seconds, []
    while time.monotonic() < end:
        out += [m for m in client.poll() if m["type"] == "chat"]
        time.sleep(0.01)
    return out


def chat_box(app: Any) -> SpectatorChatDialog:
    table = app.stack.top
    table.handle_event(ev(pygame.KEYDOWN, key=pygame.K_c, mod=0, unicode="c", scancode=0))
    dialog = app.stack.top
    assert isinstance(dialog, SpectatorChatDialog)
    return dialog


def test_a_spectator_speaks_where_the_host_allows_it(server):
    anne, bea, code = started(server.url, True)
    app = at_menu()
    _page(app, _watch(server.url, code))
    assert until([app], lambda: isinstance(app.stack.top, WatchedTable), 10)
    table = app.stack.top
    assert until([app], lambda: table.heard.may_speak, 5)
    dialog = chat_box(app)
    assert MAY_SPEAK in _drawn_texts(app)
    next(w for w in dialog.widgets.widgets if w.label == "Well played!").on_click()
    got = chats(anne)
    assert [(m["name"], m["watcher"], m["text"]) for m in got] == [("Cy", "Cy", "Well played!")]
    field = next(w for w in dialog.widgets.widgets if isinstance(w, TextField))
    field.on_change("  go   Bea ")
    next(w for w in dialog.widgets.widgets if w.label == "Send").on_click()
    assert [m["text"] for m in chats(bea, 0.8)] == ["Well played!", "go Bea"]
    assert until([app], lambda: len(table.heard.lines) == 2, 5)
    assert table.heard.shown() == ["(watching) Cy: Well played!", "(watching) Cy: go Bea"]
    assert "(watching) Cy: go Bea" in _drawn_texts(app)
    for client in (anne, bea):
        client.close()


def test_a_spectator_only_reads_where_the_host_has_not_allowed_it(server):
    anne, bea, code = started(server.url, False)
    app = at_menu()
    _page(app, _watch(server.url, code))
    assert until([app], lambda: isinstance(app.stack.top, WatchedTable), 10)
    dialog = chat_box(app)
    assert not any(isinstance(w, TextField) or w.label in ("Send", "Oops!")
                   for w in dialog.widgets.widgets)  # fmt: skip
    assert READ_ONLY in _drawn_texts(app)
    for client in (anne, bea):
        client.close()


class FakeClient:
    def __init__(self) -> None:
        self.muted: list[tuple[Any, bool, str]] = []

    def mute(self, seat: int | None = None, muted: bool = True, watcher: str = "") -> None:
        self.muted.append((seat, muted, watcher))


def test_a_player_sees_a_spectators_line_and_may_mute_them():
    app = at_menu()
    client = FakeClient()
    chat = Chat(lambda: client)
    chat.heard(app, {"type": "chat", "seat": None, "watcher": "Cy", "name": "Cy", "text": "Go"})
    assert any(t.message == "(watching) Cy: Go" for t in app.toasts)
    chat.open(app, [(1, "Bea")], {"watchers": ["Dee"]})
    dialog = app.stack.top
    assert isinstance(dialog, ChatDialog)
    labels = [w.label for w in dialog.widgets.widgets]
    assert {"Mute Bea", "Mute Dee (watching)", "Mute Cy (watching)"} <= set(labels)
    next(w for w in dialog.widgets.widgets if w.label == "Mute Cy (watching)").on_click()
    assert client.muted == [(None, True, "Cy")] and "Cy" in chat.muted
    assert "Hear Cy (watching)" in [w.label for w in app.stack.top.widgets.widgets]


def test_the_host_page_offers_spectators_chat_off_by_default():
    app = at_menu()
    page = HostScene(app)
    app.stack.push(page)
    assert "watch_chat" not in page.create_message()
    row = next(w for w in page.widgets.widgets if w.label == "Spectators may chat")
    assert isinstance(row, Choice) and row.enabled and row.value is False
    row._step(1)
    assert page.create_message()["watch_chat"] is True
    watch = next(w for w in page.widgets.widgets if w.label == "Spectators")
    watch._step(1)  # nobody watches: nobody's chat to allow
    row = next(w for w in page.widgets.widgets if w.label == "Spectators may chat")
    assert not row.enabled and "watch_chat" not in page.create_message()


@pytest.mark.parametrize("watch_chat", [True, False])
def test_a_spectators_lobby_says_whether_they_may_chat(server, watch_chat):
    from skully_game.scenes.online.lobby import WATCHING, WATCHING_CHAT, LobbyScene

    anne = Client(server.url).connect()
    anne.create("Anne", "skull", [{"kind": "me"}, {"kind": "open"}], watch_chat=watch_chat)
    code = anne.wait_for("joined")["room"]
    app = at_menu()
    link = _watch(server.url, code)
    app.stack.push(LobbyScene(app, link))
    assert until([app], lambda: link.lobby is not None and "watch_chat" in link.lobby, 5)
    said = [text for text, _ in app.stack.top._lines()]
    assert (WATCHING_CHAT if watch_chat else WATCHING) in said
    link.close()
    anne.close()
