"""Enter in the Join page's Address field with the whole invite typed (`host:port/CODE`) joins,
as the Join game button does (it did nothing: issue 43's game night)."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from skully_game.net.client import Client
from skully_game.net.server import ServerConfig, ServerThread
from skully_game.scenes.online.lobby import LobbyScene
from tests.test_online_clipboard import _join_page, _quick_hosting  # noqa: F401
from tests.test_online_ui import click, until
from tests.ui_helpers import ev, key


@pytest.fixture
def server() -> Iterator[ServerThread]:
    srv = ServerThread(ServerConfig(port=0, quick=True, pace=0.0)).start()
    yield srv
    srv.stop()


def test_enter_in_the_address_with_the_whole_invite_joins(app, server) -> None:
    anne = Client(server.url).connect()
    anne.create("Anne", "skull", [{"kind": "me"}, {"kind": "open"}])
    code = anne.wait_for("joined")["room"]
    page = _join_page(app)
    where = server.url.removeprefix("ws://")
    field = next(w for w in page.widgets.widgets if w.label == "address")
    click(app, field.rect.center)
    app.dispatch(key(pygame.K_a, pygame.KMOD_CTRL))
    app.dispatch(ev(pygame.TEXTINPUT, text=f"{where}/{code}"))
    app.dispatch(key(pygame.K_RETURN))
    assert until([app], lambda: isinstance(app.stack.top, LobbyScene) or bool(page.message), 10)
    assert page.message == "" and (page.address, page.code) == (where, code)
    app.stack.top.link.close()
    anne.close()


def test_enter_in_the_address_alone_does_not_join(app) -> None:
    page = _join_page(app)
    field = next(w for w in page.widgets.widgets if w.label == "address")
    click(app, field.rect.center)
    app.dispatch(key(pygame.K_a, pygame.KMOD_CTRL))
    app.dispatch(ev(pygame.TEXTINPUT, text="127.0.0.1:1"))
    app.dispatch(key(pygame.K_RETURN))
    assert app.stack.top is page and page.message == ""  # the code is still to be typed
