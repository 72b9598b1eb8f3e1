"""Spectators may speak when the host allows it (issue 43): preset lines and short text, under
the seats' limits, shown to every seat and spectator as a spectator's; muted per person by
anyone, seats and spectators alike; a spectator's line is refused in words when the host has
not allowed it (and the connection stays open)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from skully_game.net.client import Client, NetError
from skully_game.net.group.records import Kept, facts, restore
from skully_game.net.server import ServerConfig, ServerThread
from skully_game.net.watch import NO_CHAT

SEATS = [{"kind": "me"}, {"kind": "open"}, {"kind": "computer", "level": "cautious"}]


@pytest.fixture
def server() -> Iterator[ServerThread]:
    srv = ServerThread(ServerConfig(port=0, quick=True, pace=0.0)).start()
    yield srv
    srv.stop()


def chats(client: Client, seconds: float = 0.6) -> list[dict[str, Any]]:
    end, out = time.monotonic() + seconds, []
    while time.monotonic() < end:
        out += [m for m in client.poll() if m["type"] in ("chat", "refused", "closed")]
        time.sleep(0.01)
    return out


def texts(client: Client) -> list[str]:
    return [m["text"] for m in chats(client) if m["type"] == "chat"]


def room_of(url: str, watch_chat: bool) -> tuple[Client, Client, Client, Client]:
    """Anne hosts a Skull room, Bea joins; Cy and Dee watch it."""
    anne = Client(url).connect()
    anne.create("Anne", "skull", SEATS, watch_chat=watch_chat)
    code = anne.wait_for("joined")["room"]
    bea = Client(url).connect()
    bea.join("Bea", code)
    bea.wait_for("joined")
    watchers = []
    for name in ("Cy", "Dee"):
        client = Client(url).connect()
        client.watch(name, code)
        client.wait_for("watching")
        watchers.append(client)
    lobby = anne.wait_for("lobby")
    while lobby["watching"] < 2:
        lobby = anne.wait_for("lobby")
    assert lobby["watch_chat"] is watch_chat
    return anne, bea, watchers[0], watchers[1]


def test_a_spectators_line_is_refused_in_words_unless_the_host_allows_it(server):
    anne, bea, cy, dee = room_of(server.url, False)
    cy.say(line="hello")
    got = chats(cy)
    assert [m["reason"] for m in got if m["type"] == "refused"] == [NO_CHAT]
    assert not [m for m in got if m["type"] == "closed"]  # still watching
    assert texts(anne) == [] and texts(dee) == []
    bea.say(line="oops")  # and still reading
    assert texts(cy) == ["Oops!"]


def test_a_spectators_line_reaches_every_seat_and_spectator_as_text(server):
    anne, bea, cy, dee = room_of(server.url, True)
    cy.say(line="well-played")
    cy.say(text="  go   Bea  ")
    for reader in (anne, bea, dee, cy):
        got = [m for m in chats(reader) if m["type"] == "chat"]
        assert [m["text"] for m in got] == ["Well played!", "go Bea"]
        assert all(m == {"type": "chat", "seat": None, "watcher": "Cy", "name": "Cy",
                         "text": m["text"]} for m in got)  # fmt: skip


def test_a_spectator_has_the_seats_limits(server):
    anne, _bea, cy, _dee = room_of(server.url, True)
    for _ in range(8):
        cy.say(text="spam")
    got = chats(cy)
    assert sum(m["type"] == "chat" for m in got) == 5  # the burst
    assert any(m.get("reason", "").startswith("slow down") for m in got)
    cy.send({"type": "say", "text": "x" * 81})
    with pytest.raises(NetError, match=r"field 'text'"):
        cy.wait_for("chat", 3)
    assert len(texts(anne)) == 5


def test_anyone_mutes_anyone_seats_and_spectators_alike(server):
    anne, bea, cy, dee = room_of(server.url, True)
    anne.mute(watcher="Cy")  # a seat mutes a spectator
    dee.mute(watcher="cy")  # a spectator mutes a spectator (names in any case)
    cy.mute(seat=1)  # a spectator mutes a seat
    time.sleep(0.1)
    cy.say(line="luck")
    bea.say(line="thanks")
    assert texts(anne) == ["Thanks!"]
    assert texts(dee) == ["Thanks!"]
    assert texts(cy) == ["Good luck!"]  # their own, not Bea's
    assert texts(bea) == ["Good luck!", "Thanks!"]
    anne.mute(watcher="Cy", muted=False)
    time.sleep(0.1)
    cy.say(line="hello")
    assert texts(anne) == ["Hello!"]


def test_the_hosts_choice_moves_with_the_room(server):
    room_of(server.url, True)
    room = next(iter(server.server.rooms.values()))
    assert restore(Kept(facts(room), []), time.monotonic()).watch_chat is True
    old = {k: v for k, v in facts(room).items() if k != "watch_chat"}  # written before
    assert restore(Kept(old, []), time.monotonic()).watch_chat is False
