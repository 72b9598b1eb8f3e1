"""Spectators (issue 43): anyone with the room code watches if the host allows, is sent only what
every seat sees alike (the spy finds nothing), takes no seat, cannot act, is counted in the lobby,
and is sent the whole record once the game is over."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest

from cards import registry
from skully_game.net import watch
from skully_game.net.client import Client, NetError
from skully_game.net.limits import Limits
from skully_game.net.scripted import ScriptedPerson, play_match, run, seat_three
from skully_game.net.server import ServerConfig, ServerThread
from skully_game.net.spy import RECORD, Tap, card_leaks


@pytest.fixture
def server() -> Iterator[ServerThread]:
    roomy = Limits(rooms_per_address=64, connections_per_address=64)
    srv = ServerThread(ServerConfig(port=0, quick=True, pace=0.0, limits=roomy)).start()
    yield srv
    srv.stop()


GAMES = ["skully", *(info.key for info in registry.GAMES if info.table)]  # the registry's


@pytest.mark.parametrize("game", GAMES)
def test_a_spectator_sees_only_what_is_public_then_the_whole_record(server, game):
    report = play_match(server.url, game, drop_after=None, seed=3)
    assert report.finished and report.leaks == []
    watched = report.watched
    assert watched is not None
    assert watched.frames > 5 and watched.leaks == [] and watched.record


def test_the_spy_finds_a_hand_sent_to_a_spectator(server, monkeypatch):
    """The check can fail: a public view that carried the hand is caught."""
    public = watch.public_view
    monkeypatch.setattr(watch, "public_view", lambda g: {**public(g), "hand": g.state.hands[0]})
    report = play_match(server.url, "skull", drop_after=None, seed=3)
    assert report.watched is not None and report.watched.leaks
    assert "in seat 0's hand" in " ".join(report.watched.leaks)


def test_a_spectator_is_counted_cannot_act_and_is_refused_when_the_host_says_no(server):
    seated = seat_three(server.url, "skull")
    room = seated.host.room
    assert room is not None
    tap = Tap(None)
    cy = Client(server.url, on_frame=tap).connect()
    cy.watch("Bea", room)  # a seated person's name: told apart
    assert cy.wait_for("watching")["name"] == "Bea 2"
    lobby = seated.host.wait_for("lobby")
    assert lobby["watching"] == 1 and lobby["watchers"] == ["Bea 2"]
    assert cy.wait_for("setup")["game"] == "skull"
    update = cy.wait_for("update")
    assert update["seat"] is None and "legal" not in update and "hand" not in update["view"]
    cy.send({"type": "act", "token": "x" * 22, "action": "pass"})
    with pytest.raises(NetError, match="a spectator only watches"):
        cy.wait_for("update", 5)
    lobby = seated.host.wait_for("lobby")
    assert lobby["watching"] == 0
    for client in (seated.host, seated.guest):
        client.close()

    host = Client(server.url).connect()
    host.create("Anne", "skull", [{"kind": "me"}, {"kind": "open"}], watchable=False)
    code = host.wait_for("joined")["room"]
    assert host.wait_for("lobby")["watchable"] is False
    dee = Client(server.url).connect()
    dee.watch("Dee", code)
    with pytest.raises(NetError, match="does not let anyone watch"):
        dee.wait_for("watching", 5)
    eve = Client(server.url).connect()
    eve.watch("Eve", "22222-22222")
    with pytest.raises(NetError, match="no room with that code"):
        eve.wait_for("watching", 5)
    host.close()


def test_a_late_spectator_is_sent_the_game_so_far_and_the_record_at_the_end(server):
    seated = seat_three(server.url, "skull-king")
    people = [ScriptedPerson(seated.host, random.Random(1)),
              ScriptedPerson(seated.guest, random.Random(2))]  # fmt: skip
    for person in people:
        person.handle(seated.setup)
    assert run(people, lambda: (people[0].last or {}).get("move", 0) > 6, 30)
    tap = Tap(None)
    cy = Client(server.url, on_frame=tap).connect()
    cy.watch("Cy", seated.host.room or "")
    cy.wait_for("setup")
    first = cy.wait_for("update")
    assert first["sync"] and first["lines"]  # the game so far, in words
    assert run(people, lambda: all(p.over for p in people), 120)
    record = cy.wait_for("record", 10)["record"]
    assert record["game"]["seed"]  # every hand and the seed: the game is over
    assert card_leaks([tap], record, "skull-king") == []
    assert sum(frame.startswith(RECORD) for frame in tap.frames) == 1
    for client in (seated.host, seated.guest, cy):
        client.close()
    json.dumps(record)
