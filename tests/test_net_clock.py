"""Clocks (issue 43): a host's time per move, kept by the server. When a person's time runs
out, a computer player makes that one move for them and every seat is told whose time ran
out; a move in time stops the clock; nothing secret crosses to another seat on the way.
Short clocks (a few tenths of a second), 127.0.0.1 only, every wait bounded."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from typing import Any

import pytest

from skully_game.net.client import Client
from skully_game.net.rooms import take_clock
from skully_game.net.scripted import COMPUTER, ScriptedPerson, run
from skully_game.net.server import ServerConfig, ServerThread
from skully_game.net.spy import Tap, card_leaks

CLOCK_MS = 300


@pytest.fixture
def server() -> Iterator[ServerThread]:
    srv = ServerThread(ServerConfig(port=0, quick=True, pace=0.0, save=False)).start()
    yield srv
    srv.stop()


def _seat_two(url: str, game: str, clock_ms: int) -> tuple[Client, Client, list[Tap]]:
    """Anne hosts `game` with a clock, Bea joins, a computer player in the third seat."""
    taps = [Tap(0), Tap(1)]
    host = Client(url, on_frame=taps[0]).connect()
    seats = [{"kind": "me"}, {"kind": "open"}, {"kind": "computer", "level": COMPUTER[game]}]
    host.create("Anne", game, seats, {"clock_ms": clock_ms})
    room = host.wait_for("joined")["room"]
    guest = Client(url, on_frame=taps[1]).connect()
    guest.join("Bea", room)
    guest.wait_for("joined")
    lobby = None
    while lobby is None or lobby["seats"][1]["open"]:
        lobby = host.wait_for("lobby")
    assert lobby["clock"] == clock_ms / 1000
    host.start()
    return host, guest, taps


def _drain(client: Client, into: list[dict[str, Any]], until: Any, timeout: float) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        into.extend(client.poll())
        if until():
            return True
        time.sleep(0.005)
    return False


def test_a_person_out_of_time_has_one_move_made_for_them(server):
    host, guest, _ = _seat_two(server.url, "skull", CLOCK_MS)
    seen: list[dict[str, Any]] = []
    stamps: list[float] = []

    def first_timed() -> dict[str, Any] | None:
        for m in seen:
            if m["type"] == "update" and m.get("clock") is not None:
                return m
        return None

    assert _drain(host, seen, lambda: first_timed() is not None, 5)
    timed = first_timed()
    assert timed is not None
    stamps.append(time.monotonic())
    seat = timed["clock"]["seat"]
    assert seat == timed["actor"] and seat in (0, 1)  # a person, never the computer
    assert 0 < timed["clock"]["left"] <= CLOCK_MS / 1000
    moved = timed["move"]

    def ran_out() -> list[dict[str, Any]]:
        return [m for m in seen if m["type"] == "timeout"]

    assert _drain(host, seen, lambda: bool(ran_out()), 5)  # nobody moves: the clock runs out
    waited = time.monotonic() - stamps[0]
    word = ran_out()[0]
    assert word == {"type": "timeout", "seat": seat, "name": ["Anne", "Bea"][seat]}
    assert waited >= CLOCK_MS / 1000 * 0.5  # not before the time (read after it was sent)
    assert _drain(
        host, seen, lambda: any(m["type"] == "update" and m["move"] > moved for m in seen), 5
    )  # the move was made
    # the other desk is told the same, and the seat stays a person's
    other: list[dict[str, Any]] = []
    assert _drain(guest, other, lambda: any(m["type"] == "timeout" for m in other), 5)
    lobby = server.call(lambda: next(iter(server.server.rooms.values())).lobby())
    assert lobby["seats"][seat]["kind"] == "person"
    host.close()
    guest.close()


def test_a_move_in_time_stops_the_clock_and_no_secret_crosses(server):
    host, guest, taps = _seat_two(server.url, "skull", 1500)
    anne = ScriptedPerson(host, random.Random(1))
    bea = ScriptedPerson(guest, random.Random(2))
    people = [anne, bea]
    assert run(people, lambda: anne.moves + bea.moves >= 12 or anne.over, 30)
    for tap in taps:  # both answered at once: no time ran out
        assert not any(json.loads(f)["type"] == "timeout" for f in tap.frames)

    # now Bea stops answering: her next move is made for her, and nothing of any hand leaks
    def bea_ran_out() -> bool:
        words = [json.loads(f) for f in taps[0].frames]
        return any(w["type"] == "timeout" and w["seat"] == 1 for w in words)

    guest_msgs: list[dict[str, Any]] = []
    end = time.monotonic() + 20
    while time.monotonic() < end and not bea_ran_out() and not anne.over:
        anne.step()
        guest_msgs.extend(guest.poll())  # read, never answered
        time.sleep(0.005)
    assert bea_ran_out()
    record = server.call(lambda: next(iter(server.server.rooms.values())).game.record())
    assert card_leaks(taps, record, "skull") == []
    host.close()
    guest.close()


def test_a_clock_is_checked_and_taken_out_of_the_rules():
    options = {"clock_ms": 30_000, "x": 1}
    assert take_clock(options) == 30.0 and options == {"x": 1}
    assert take_clock({}) == 0.0
    for bad in (-1, 50, 10**6, "30", True):
        with pytest.raises(ValueError):
            take_clock({"clock_ms": bad})
