"""A Skully clock (issue 43): the host's time per shot, kept by the server as at the card
tables. When a person's time runs out, the away rule's computer player takes that one shot
for them (the seat stays theirs) and every seat is told. A time per game stays the card
tables'. 127.0.0.1, a short clock, bounded waits."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from skully_game.net.client import Client
from skully_game.net.server import ServerConfig, ServerThread
from skully_game.scenes.online.games import SKULLY

CLOCK_MS = 150


@pytest.fixture
def server() -> Iterator[ServerThread]:
    srv = ServerThread(ServerConfig(port=0, quick=True, pace=0.0, save=False)).start()
    yield srv
    srv.stop()


def _poll(clients: list[Client], boxes: list[list[dict[str, Any]]], done: Any, limit: float):
    end = time.monotonic() + limit
    while time.monotonic() < end:
        for client, box in zip(clients, boxes, strict=True):
            box.extend(client.poll())
        if done():
            return True
        time.sleep(0.002)
    return False


def test_a_skully_shot_out_of_time_is_taken_by_a_computer_player(server):
    anne = Client(server.url).connect()
    anne.create("Anne", "skully", [{"kind": "me"}, {"kind": "open"}], {"clock_ms": CLOCK_MS})
    code = anne.wait_for("joined")["room"]
    bea = Client(server.url).connect()
    bea.join("Bea", code)
    bea.wait_for("joined")
    lobby = None
    while lobby is None or lobby["seats"][1]["open"]:
        lobby = anne.wait_for("lobby", 5)
    assert lobby["clock"] == CLOCK_MS / 1000
    anne.start()
    boxes: list[list[dict[str, Any]]] = [[], []]
    people = [anne, bea]

    def timed() -> dict[str, Any] | None:
        return next(
            (
                m
                for m in boxes[0]
                if m["type"] == "update" and (m.get("clock") or {}).get("seat") is not None
            ),
            None,
        )

    assert _poll(people, boxes, lambda: timed() is not None, 5)
    first = timed()
    assert first is not None and first["clock"]["seat"] == first["actor"]
    seat = first["actor"]
    people[seat].ready(first["move"])  # the shooter's table shows the shot can be taken

    def shot_made() -> bool:
        return any(
            m["type"] == "update" and m["move"] > first["move"] and m.get("actions")
            for m in boxes[1 - seat]
        )

    assert _poll(people, boxes, shot_made, 5), "nobody shot: the stand-in took the shot"
    words = [m for m in boxes[1 - seat] if m["type"] == "timeout"]
    assert words and words[0]["seat"] == seat
    lobby = server.call(lambda: next(iter(server.server.rooms.values())).lobby())
    assert lobby["seats"][seat]["kind"] == "person"  # that one shot only
    for client in people:
        client.close()


def test_skully_offers_a_time_per_shot_and_refuses_a_time_per_game(server):
    row = next(r for r in SKULLY.options if r.name == "clock_ms")
    assert row.label == "Time per shot" and row.values[0] == (0, "Off")
    host = Client(server.url).connect()
    host.create("Anne", "skully", [{"kind": "me"}, {"kind": "open"}], {"game_clock_ms": 60_000})
    closed = host.wait_for("closed", 5)
    assert "card tables" in str(closed.get("reason"))
    host.close()
