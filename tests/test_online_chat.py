"""Chat at a table across desks (issue 43): C (or the panel's Chat, in undo's place) opens the
chat box; a preset line reaches the other desk, their lines come up over the table with their
name, and muting them there stops them."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pygame
import pytest

from skully_game.net.scripted import run
from skully_game.net.server import ServerConfig, ServerThread
from skully_game.scenes.online.chat import ChatDialog
from skully_game.shell.scripted import key
from tests.test_online_cards import seat


@pytest.fixture
def server() -> Iterator[ServerThread]:
    srv = ServerThread(ServerConfig(port=0, quick=True, pace=0.0)).start()
    yield srv
    srv.stop()


def press(scene, label: str) -> None:
    next(w for w in scene.widgets.widgets if w.label.startswith(label)).on_click()


def toasts(app) -> list[str]:
    return [t.message for t in app.toasts]


@pytest.mark.parametrize("game", ["skull-king", "skirrid"])
def test_a_line_goes_to_the_other_desk_and_theirs_comes_up_until_muted(server, game):
    desk = seat(server, game)
    app, table, bea = desk.app, desk.table, desk.bea
    if game == "skull-king":  # the card tables: Chat in undo's place
        assert "Chat" in [w.label for w in table.widgets.widgets]
    app.dispatch(key(pygame.K_c))
    dialog = app.stack.top
    assert isinstance(dialog, ChatDialog)
    assert [name for _, name in dialog.people] == ["Bea"]  # people only, not the computer
    press(dialog, "Well played!")
    assert app.stack.top is table  # said: the box closes
    heard: list[dict] = []

    def bea_hears() -> bool:
        heard.extend(m for m in bea.client.poll() if m["type"] == "chat")
        return bool(heard)

    assert run([], bea_hears, 5)
    assert heard[0]["text"] == "Well played!" and heard[0]["name"] == "Anne"
    bea.client.say(line="luck")

    def shown(words: str) -> bool:  # at her seat where the table has seat boxes, else over it
        at_seat = [text for text, _ in table.chat.said.values()]
        return words in at_seat or f"Bea: {words}" in toasts(app)

    assert run([], lambda: desk.step() or shown("Good luck!"), 5)
    if game == "skull-king":
        assert table.chat.said[1][0] == "Good luck!" and not toasts(app)
        table.draw(app.screen, 0.5)  # drawn under Bea's box
    app.dispatch(key(pygame.K_c))
    press(app.stack.top, "Mute Bea")
    assert "Hear Bea" in [w.label for w in app.stack.top.widgets.widgets]
    app.dispatch(key(pygame.K_ESCAPE))
    time.sleep(0.3)
    bea.client.say(text="can you hear me")
    end = time.monotonic() + 1.0
    while time.monotonic() < end:
        desk.step()
        time.sleep(0.01)
    assert not shown("can you hear me")
    bea.client.close()
