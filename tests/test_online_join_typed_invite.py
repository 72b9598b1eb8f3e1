"""The Join page reads the host's one-line invite `host:port/CODE` however it arrives: by Ctrl+V
(tests/test_online_clipboard.py) or typed or dropped whole into the Address field (a paste by a
middle click or a terminal comes as typed text). Joining splits it into the address and the code;
it was refused as a bad port ("not '8765/UF9C9-M3EXU'", issue 43)."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from skully_game.net.client import Client
from skully_game.net.server import ServerConfig, ServerThread
from skully_game.scenes.online.lobby import LobbyScene
from tests.test_online_clipboard import _field, _join_page, _quick_hosting  # noqa: F401
from tests.test_online_ui import click, press, type_into, until
from tests.ui_helpers import ev, key

SEATS = [{"kind": "me"}, {"kind": "open"}]


def type_only(app, label: str, text: str) -> None:  # type: ignore[no-untyped-def]
    """Typed into the field, without the Enter that would join (an invite in the Address)."""
    field = next(w for w in app.stack.top.widgets.widgets if w.label == label)
    click(app, field.rect.center)
    app.dispatch(key(pygame.K_a, pygame.KMOD_CTRL))
    app.dispatch(ev(pygame.TEXTINPUT, text=text))


@pytest.fixture
def server() -> Iterator[ServerThread]:
    srv = ServerThread(ServerConfig(port=0, quick=True, pace=0.0)).start()
    yield srv
    srv.stop()


@pytest.mark.parametrize("button", ["Join game", "Watch"])
def test_an_invite_typed_into_the_address_joins_the_room(app, server, button) -> None:
    anne = Client(server.url).connect()
    anne.create("Anne", "skull", SEATS)
    code = anne.wait_for("joined")["room"]
    page = _join_page(app)
    where = server.url.removeprefix("ws://")
    type_only(app, "address", f"{where}/{code.lower()}")
    press(app, button)
    assert until([app], lambda: isinstance(app.stack.top, LobbyScene) or bool(page.message), 10)
    assert page.message == ""
    assert (page.address, page.code) == (where, code)
    assert (_field(page, "address"), _field(page, "room code")) == (where, code)
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene) and lobby.link.watching is (button == "Watch")
    lobby.link.close()
    anne.close()


def test_a_code_typed_in_its_own_field_is_kept(app) -> None:
    page = _join_page(app)
    type_only(app, "address", "127.0.0.1:1/K7PMQ-X4R2T")
    type_into(app, "room code", "ABCDE-FGHJK")
    page._split_invite()
    assert (page.address, page.code) == ("127.0.0.1:1", "ABCDE-FGHJK")
