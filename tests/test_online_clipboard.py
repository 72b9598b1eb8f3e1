"""The address and room code by the clipboard: the host's lobby copies `host:port/CODE` with one
click (or says in words that this system has no clipboard), and the Join page reads a pasted
`host:port/CODE`, `host:port` or bare code with Ctrl+V, refusing anything else in one line that
names what was expected."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from skully_game.scenes.online import clip
from skully_game.scenes.online import join as join_module
from skully_game.scenes.online import link as link_module
from skully_game.scenes.online import lobby as lobby_module
from skully_game.scenes.online.clip import Pasted, read_paste
from tests.test_online_ui import QUICK, open_online, press, type_into, until
from tests.ui_helpers import click, key


@pytest.fixture(autouse=True)
def _quick_hosting(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hosted here on a free port; nothing is looked for or announced on the network."""
    from skully_game.net import mdns

    monkeypatch.setattr(link_module, "HOST_PORT", 0)
    monkeypatch.setattr(link_module, "HOST_CONFIG", QUICK)

    def no_network(*args: Any, **kw: Any) -> Any:
        raise AssertionError("the tests never look on the network")

    monkeypatch.setattr(mdns, "browse", no_network)
    monkeypatch.setattr(mdns, "Announcer", no_network)


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("127.0.0.1:8765/K7PMQ-X4R2T", Pasted("127.0.0.1:8765", "K7PMQ-X4R2T")),
        ("  ws://anne-pc:9000/k7pmqx4r2t\n", Pasted("anne-pc:9000", "K7PMQ-X4R2T")),
        ("[::1]:8765/K7PMQ X4R2T", Pasted("[::1]:8765", "K7PMQ-X4R2T")),
        ("192.168.1.20:8765", Pasted("192.168.1.20:8765")),
        ("k7pmq-x4r2t", Pasted(code="K7PMQ-X4R2T")),
    ],
)
def test_a_paste_gives_the_address_the_code_or_both(text: str, read: Pasted) -> None:
    assert read_paste(text) == read


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", "Expected host:port/CODE"),
        ("hello there!", "Expected host:port/CODE"),
        ("127.0.0.1/K7PMQ-X4R2T", "Expected an address with its port"),
        ("127.0.0.1:99999/K7PMQ-X4R2T", "Expected an address with its port"),
        ("127.0.0.1:8765/K7PMQ", "Expected a room code of 10 letters and digits"),
        ("K7PMQ", "Expected a room code of 10 letters and digits"),
        ("a b:80/K7PMQ-X4R2T", "Expected an address with its port"),
    ],
)
def test_a_bad_paste_is_refused_in_one_line_naming_what_was_expected(
    text: str, expected: str
) -> None:
    with pytest.raises(ValueError) as refused:
        read_paste(text)
    said = str(refused.value)
    assert said.startswith(expected)
    assert "\n" not in said and "Error" not in said and len(said) < 110


def _join_page(app: Any) -> Any:
    open_online(app)
    press(app, "Join a game")
    type_into(app, "your name", "Bea")
    return app.stack.top


def _paste(app: Any, label: str) -> None:
    scene = app.stack.top
    field = next(w for w in scene.widgets.widgets if w.label == label)
    click(app, field.rect.center)
    app.dispatch(key(pygame.K_v, pygame.KMOD_CTRL))


def _field(scene: Any, label: str) -> str:
    return next(w for w in scene.widgets.widgets if w.label == label).value


def test_ctrl_v_in_the_address_fills_address_and_code(app, monkeypatch) -> None:
    page = _join_page(app)
    monkeypatch.setattr(join_module, "paste_text", lambda: "127.0.0.1:8765/k7pmq-x4r2t")
    _paste(app, "address")
    assert (page.address, page.code) == ("127.0.0.1:8765", "K7PMQ-X4R2T")
    assert (_field(page, "address"), _field(page, "room code")) == (page.address, page.code)
    assert page.widgets.widgets[page.widgets.focus].label == "Join game"
    assert page.message == ""


def test_a_pasted_address_alone_leaves_the_code_to_type(app, monkeypatch) -> None:
    page = _join_page(app)
    monkeypatch.setattr(join_module, "paste_text", lambda: "anne-pc:9000")
    _paste(app, "address")
    assert (page.address, _field(page, "room code")) == ("anne-pc:9000", "")
    assert page.widgets.widgets[page.widgets.focus].label == "room code"


def test_a_bad_paste_changes_nothing_and_says_what_was_expected(app, monkeypatch) -> None:
    page = _join_page(app)
    before = page.address
    monkeypatch.setattr(join_module, "paste_text", lambda: "see you at 8!")
    _paste(app, "room code")
    assert page.message.startswith("Expected host:port/CODE")
    assert (page.address, page.code, _field(page, "room code")) == (before, "", "")
    monkeypatch.setattr(join_module, "paste_text", lambda: None)  # no clipboard here
    _paste(app, "address")
    assert page.message == "Paste not available here: type the address and the room code"


def _host_lobby(app: Any) -> Any:
    open_online(app)
    press(app, "Host a game")
    type_into(app, "your name", "Anne")
    press(app, "Host game")
    assert until([app], lambda: isinstance(app.stack.top, lobby_module.LobbyScene))
    lobby = app.stack.top
    assert until([app], lambda: bool(lobby.link.seats()))
    return lobby


def test_one_click_copies_the_address_and_code_a_join_page_reads(app, monkeypatch) -> None:
    lobby = _host_lobby(app)
    copied: list[str] = []
    monkeypatch.setattr(clip.pygame.scrap, "put_text", copied.append)
    press(app, "Copy address and code")
    here = lobby.link.hosting.addresses()[0]
    assert copied == [f"{here}/{lobby.link.room}"]
    assert read_paste(copied[0]) == Pasted(str(here), read_paste(lobby.link.room).code)
    assert app.toasts[-1].message.startswith(f"Copied {copied[0]}")
    lobby.leave()


def test_without_a_clipboard_the_copy_says_so_and_shows_the_text(app, monkeypatch) -> None:
    lobby = _host_lobby(app)

    def no_clipboard(text: str) -> None:
        raise pygame.error("No clipboard")

    monkeypatch.setattr(clip.pygame.scrap, "put_text", no_clipboard)
    press(app, "Copy address and code")
    said = app.toasts[-1].message
    assert said == f"Copy not available here: give your friends {lobby.invite()}"
    lobby.leave()
