"""A clock per game (issue 43): the host gives each person a time for all their moves, kept by
the server; it counts down only on that person's turn; at zero a computer player makes their
moves (each said, the first as the game's time run out), the seat stays theirs. Every update
tells each person's time left (a computer's: none). Short clocks, 127.0.0.1, bounded waits."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

import pytest

from skully_game.net.client import Client
from skully_game.net.rooms import rules_summary, take_bank
from skully_game.net.scripted import COMPUTER, ScriptedPerson
from skully_game.net.server import ServerConfig, ServerThread
from skully_game.scenes.online.hostrules import GAME_CLOCK, HostRules
from skully_game.scenes.online.movetimer import MoveClock, ran_out_words

BANK_MS = 1500


@pytest.fixture
def server() -> Iterator[ServerThread]:
    srv = ServerThread(ServerConfig(port=0, quick=True, pace=0.0, save=False)).start()
    yield srv
    srv.stop()


def _seat_two(url: str, game: str, options: dict[str, Any]) -> tuple[Client, Client]:
    """Anne hosts `game` with `options` (its clocks), Bea joins, a computer in the third seat."""
    host = Client(url).connect()
    seats = [{"kind": "me"}, {"kind": "open"}, {"kind": "computer", "level": COMPUTER[game]}]
    host.create("Anne", game, seats, options)
    room = host.wait_for("joined")["room"]
    guest = Client(url).connect()
    guest.join("Bea", room)
    guest.wait_for("joined")
    lobby = None
    while lobby is None or lobby["seats"][1]["open"]:
        lobby = host.wait_for("lobby")
    assert lobby["game_clock"] == options.get("game_clock_ms", 0) / 1000
    host.start()
    return host, guest


class ReadyPerson(ScriptedPerson):
    """A scripted person whose table says when it shows a move (as a real table does: the
    bidders' clocks start together once every bidder's table has said so)."""

    def handle(self, message: dict[str, Any]) -> None:
        if message["type"] == "update" and message.get("legal"):
            self.client.ready(message["move"])
        super().handle(message)


def _play(anne: ScriptedPerson, guest: Client, bea_waits: float, turns: int, seconds: float):
    """Anne answers at once; Bea answers each turn after `bea_waits` seconds (None: never),
    for `turns` of her turns or the game's end: every message Bea was sent, in order."""
    heard: list[dict[str, Any]] = []
    answered = 0
    due: tuple[float, str, int] | None = None  # when Bea answers, what, at which move
    end = time.monotonic() + seconds
    while time.monotonic() < end and answered < turns and not anne.over:
        anne.step()
        for message in guest.poll():
            heard.append(message)
            if message["type"] == "update" and message.get("legal") and bea_waits is not None:
                guest.ready(message["move"])  # her table shows her move: her clock runs
                due = (time.monotonic() + bea_waits, message["legal"][0], message["move"])
        if due is not None and time.monotonic() >= due[0]:
            guest.act(due[1])
            answered, due = answered + 1, None
        time.sleep(0.005)
    return heard


def test_the_game_clock_counts_only_on_each_persons_turn(server):
    host, guest = _seat_two(server.url, "skull-king", {"game_clock_ms": 4000})
    anne = ReadyPerson(host, random.Random(1))
    heard = _play(anne, guest, 0.3, 4, 30)
    updates = [m for m in heard if m["type"] == "update" and m.get("clock")]
    assert updates and not any(m["type"] == "timeout" for m in heard)
    last = updates[-1]["clock"]["banks"]
    assert last[2] is None  # a computer player is never timed
    assert 3.0 <= last[0] <= 4.0  # Anne answers at once: little of her time is gone
    assert 2.0 <= last[1] <= 3.25  # Bea took about 0.3 s on each of her (3 or 4) turns
    timed = [m["clock"] for m in updates if m["clock"]["seat"] == 1]
    assert timed and all(0 < c["left"] <= c["banks"][1] + 0.01 for c in timed)
    host.close()
    guest.close()


def test_at_zero_a_computer_player_makes_the_persons_moves(server):
    host, guest = _seat_two(server.url, "skull-king", {"game_clock_ms": BANK_MS})
    anne = ScriptedPerson(host, random.Random(1))
    started = time.monotonic()
    heard = _play(anne, guest, None, 1, 20)  # Bea never answers: her time runs out
    words = [m for m in heard if m["type"] == "timeout" and m["seat"] == 1]  # (Anne's: a slow
    deadline = time.monotonic() + 20  # machine may run hers out too)
    while len(words) < 3 and time.monotonic() < deadline and not anne.over:
        anne.step()
        for message in guest.poll():
            heard.append(message)
            if message["type"] == "timeout" and message["seat"] == 1:
                words.append(message)
        time.sleep(0.005)
    assert len(words) >= 3, "each of Bea's moves is made for her once her time is gone"
    first, later = words[0], words[1:]
    assert first == {"type": "timeout", "seat": 1, "name": "Bea", "game": True}
    assert all(w["game"] for w in later)
    assert time.monotonic() - started >= BANK_MS / 1000 * 0.9
    banks = [m["clock"]["banks"] for m in heard if m["type"] == "update" and m.get("clock")]
    assert banks[-1][1] == 0.0 and banks[-1][0] is not None  # Bea's time is gone
    lobby = server.call(lambda: next(iter(server.server.rooms.values())).lobby())
    assert lobby["seats"][1]["kind"] == "person"  # the seat stays Bea's
    host.close()
    guest.close()


def test_a_game_clock_is_checked_and_said_in_words():
    options = {"game_clock_ms": 300_000, "x": 1}
    assert take_bank(options) == 300.0 and options == {"x": 1}
    assert take_bank({}) == 0.0
    for bad in (-1, 500, 10**8, "300000", True):
        with pytest.raises(ValueError):
            take_bank({"game_clock_ms": bad})
    assert rules_summary({}, 0.0, {}, 600.0) == "10 min a game each"
    assert ran_out_words("Bea", False, True) == (
        "Bea's time for the game ran out: a computer player makes their moves now."
    )
    clock = MoveClock()
    clock.heard({"clock": {"seat": 1, "left": 30.0, "banks": [300.0, 30.0, None]}})
    assert clock.bank_left(0) == 300 and clock.bank_left(2) is None
    assert clock.bank_left(1) in (29, 30)  # hers runs: her turn


def test_the_host_page_offers_a_time_per_game_and_sends_it_only_when_on():
    rules = HostRules("skull-king")
    row = next(r for r in rules.rows(3) if r[3] == GAME_CLOCK)
    assert row[0] == "Time per game" and [w for _, w in row[1]][:2] == ["Off", "5 min"]
    assert GAME_CLOCK not in rules.wire(3)
    rules.choose(GAME_CLOCK, 600_000, 3)
    assert rules.wire(3)[GAME_CLOCK] == 600_000 and take_bank(dict(rules.wire(3))) == 600.0
