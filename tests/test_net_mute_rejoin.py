"""Mutes belong to the window that made them (a play-tester: Bea muted Anne, closed her window
and came back; her Mute button read "Mute Anne" while the server still hid Anne's lines, and
Anne's "Another game?" never reached her). A seat taken again starts with nobody muted; a
table that comes back on its own says its mutes again."""

from __future__ import annotations

import time
from collections.abc import Iterator
from types import SimpleNamespace

import pytest

from skully_game.net.client import Client
from skully_game.net.scripted import seat_three
from skully_game.net.server import ServerConfig, ServerThread
from skully_game.scenes.online.link import Link


@pytest.fixture
def server() -> Iterator[ServerThread]:
    srv = ServerThread(ServerConfig(port=0, quick=True, pace=0.0, save=False)).start()
    yield srv
    srv.stop()


def _texts(client: Client, seconds: float, first: bool = False) -> list[str]:
    """The chat lines heard within `seconds` (with `first`: until one comes)."""
    end, out = time.monotonic() + seconds, []
    while time.monotonic() < end and not (first and out):
        out += [m["text"] for m in client.poll() if m["type"] == "chat"]
        time.sleep(0.01)
    return out


def test_a_seat_taken_again_hears_everyone_until_it_mutes_again(server):
    room = seat_three(server.url, "skull", {})
    anne, bea = room.host, room.guest
    bea.mute(seat=0)
    time.sleep(0.1)
    anne.say(line="hello")
    assert _texts(bea, 0.25) == []  # muted
    token, code = bea.token, bea.room
    bea.kill()
    back = Client(server.url).connect()
    back.rejoin(code, token)
    back.wait_for("update")
    anne.say(line="again")
    assert _texts(back, 3, first=True) == ["Another game?"]
    for client in (anne, back):
        client.close()


def test_a_table_back_on_a_new_connection_says_its_mutes_again():
    sent: list[tuple] = []
    fresh = SimpleNamespace(
        mute=lambda seat=None, muted=True, watcher="": sent.append((seat, watcher, muted))
    )
    link = SimpleNamespace(client=fresh, chat=SimpleNamespace(muted={0, "Cy"}))
    Link._mute_again(link)  # type: ignore[arg-type]
    assert sorted(sent, key=str) == sorted([(0, "", True), (None, "Cy", True)], key=str)
