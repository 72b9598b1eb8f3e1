"""A fair move clock (issue 43): a person's time runs only while their table shows that the move
can be made. The server starts it when that table says `ready` (after a trick's gathering, a
round's summary), or SETTLE_MOST after the move before at the latest (a short clock: as long as
the clock itself); every table is told and shows the same. A move made for an older position (a
click landing as the time ran out) is dropped without a word. 127.0.0.1, short clocks, bounded."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from skully_game.net.client import Client
from skully_game.net.hosted import SeatPlan
from skully_game.net.rooms import SETTLE_MOST, Place, Room, Timing
from skully_game.net.scripted import read_until, seat_three
from skully_game.net.server import ServerConfig, ServerThread
from skully_game.scenes.online.movetimer import MoveClock, MoveClocked

CLOCK_MS = 200


@pytest.fixture
def server() -> Iterator[ServerThread]:
    srv = ServerThread(ServerConfig(port=0, quick=True, pace=0.0, save=False)).start()
    yield srv
    srv.stop()


def _seat_two(url: str, clock_ms: int) -> list[Client]:
    """Anne hosts Skull King with a clock, Bea joins, a computer player in the third seat."""
    seated = seat_three(url, "skull-king", {"clock_ms": clock_ms})
    return [seated.host, seated.guest]


def _timed(box: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The first update whose move a person's clock times."""
    for m in box:
        if m["type"] == "update" and (m.get("clock") or {}).get("seat") is not None:
            return m
    return None


def test_the_clock_stands_until_the_movers_table_says_ready(server):
    people = _seat_two(server.url, CLOCK_MS)
    heard: list[list[dict[str, Any]]] = [[], []]
    assert read_until(people, heard, lambda: _timed(heard[0]) is not None, 5)
    timed = _timed(heard[0])
    assert timed is not None
    seat, move = timed["clock"]["seat"], timed["move"]
    assert timed["clock"]["left"] == CLOCK_MS / 1000  # the whole time: it has not started
    assert 0 < timed["clock"]["wait"] <= CLOCK_MS / 1000  # a short clock: a short settle
    for timed_seat in {t["seat"] for t in timed["clock"]["timed"]}:  # (Skull King's first bid:
        people[timed_seat].ready(move)  # both bid at once) each table shows its move

    def started(box: list[dict[str, Any]]) -> dict[str, Any] | None:
        return next((m for m in box if m["type"] == "clock"), None)

    assert read_until(people, heard, lambda: all(started(b) for b in heard), 5)
    for box in heard:  # every table told the same: it runs now, the whole time from now
        word = started(box)
        assert word is not None and word["move"] == move and word["clock"]["seat"] == seat
        assert word["clock"]["wait"] == 0.0 and 0 < word["clock"]["left"] <= CLOCK_MS / 1000
    assert read_until(people, heard, lambda: any(m["type"] == "timeout" for m in heard[0]), 5)
    for client in people:
        client.close()


def test_a_table_that_never_says_ready_gains_the_cap_at_most(server):
    clock_ms = 2 * CLOCK_MS  # long enough that a loaded machine's late reads keep it apart
    people = _seat_two(server.url, clock_ms)
    heard: list[list[dict[str, Any]]] = [[], []]
    assert read_until(people, heard, lambda: _timed(heard[0]) is not None, 5)
    began = time.monotonic()  # (read after the server sent it: the wait is at least this)
    assert read_until(people, heard, lambda: any(m["type"] == "timeout" for m in heard[0]), 5)
    waited = time.monotonic() - began
    # the settle's cap (the clock's own length here), then the clock: never the clock alone
    assert waited >= 1.25 * clock_ms / 1000  # (2x from the server's send; either read late)
    assert not any(m["type"] == "clock" for m in heard[0])  # nobody said ready: no word
    for client in people:
        client.close()


def test_a_move_made_for_an_older_position_is_dropped_without_a_word(server):
    people = _seat_two(server.url, 100)
    heard: list[list[dict[str, Any]]] = [[], []]
    anne = people[0]

    def room_moves() -> int:
        return int(server.call(lambda: next(iter(server.server.rooms.values())).moves))

    # Bea answers at once; Anne never does, until her time has run out once and it is her
    # turn again: then her click made for the position before lands
    stale: dict[str, Any] | None = None
    again: dict[str, Any] | None = None
    end = time.monotonic() + 8
    while again is None and time.monotonic() < end:
        for client, box in zip(people, heard, strict=True):
            for m in client.poll():
                box.append(m)
                if m["type"] != "update" or m["over"] or m["actor"] != m["seat"]:
                    continue
                if client is not anne:
                    client.act(m["legal"][0], m["move"])
                elif stale is None:
                    stale = m  # her turn: she will be too late
                elif m["view"].get("phase") == "play" and any(
                    w["type"] == "timeout" and w["seat"] == 0 for w in heard[0]
                ):
                    again = m  # (a card to play: nobody else moves before her)
        time.sleep(0.002)
    assert stale is not None and again is not None, "Anne's turn came again after a time-out"
    moves = room_moves()
    assert moves == again["move"]
    anne.act(again["legal"][0], stale["move"])  # a click made for the old position
    time.sleep(0.04)
    assert room_moves() == moves  # no move made
    anne.act(again["legal"][0], again["move"])  # her click for this position counts
    assert read_until(people, heard, lambda: room_moves() > moves, 2)
    assert not any(m["type"] == "refused" for m in heard[0])  # dropped without a word
    for client in people:
        client.close()


def test_a_waiting_clock_shows_the_whole_time_and_the_banks_do_not_run():
    room = Room("ABC", "skull", {}, [Place(SeatPlan("A")), Place(SeatPlan("B"))], 0, 60, 1)
    room.clock, room.bank = 30.0, 300.0
    room.timing[1] = Timing(105.0, 135.0)  # starts at 105 at the latest
    told = room.clock_left(100.0)
    assert told is not None
    assert told["left"] == 30.0 and told["wait"] == 5.0 and told["banks"] == [300.0, 300.0]
    assert told["timed"] == [{"seat": 1, "left": 30.0, "wait": 5.0}]
    room.spend_bank(1, 103.0)  # moved before the clock began: nothing spent
    assert room.bank_left(1) == 300.0
    assert room.clock_started(1, 101.0)  # the table said ready: the whole time from now
    assert (room.timing[1].starts, room.timing[1].ends) == (101.0, 131.0)
    assert room.clock_left(111.0)["left"] == 20.0  # type: ignore[index]
    assert not room.clock_started(1, 120.0)  # a second word changes nothing
    assert room.timing[1].starts == 101.0
    assert SETTLE_MOST <= 30.0  # a 30 s clock's settle (the play-tester lost 16 s to one)


class _Table(MoveClocked):
    """The clock part of an online table, with a client that notes what it was sent."""

    def __init__(self) -> None:
        self.move_clock = MoveClock()
        self.sent: list[int] = []
        self.client = type("C", (), {"ready": lambda _, move: self.sent.append(move)})()


def test_a_table_says_ready_once_when_its_move_shows_and_counts_from_the_servers_word():
    table = _Table()
    table.clock_heard({"move": 7, "clock": {"seat": 1, "left": 30.0, "wait": 20.0}})
    assert table.move_clock.left(1) == 30 and table.move_clock.waiting(1)
    table.say_ready(1, 7, may_act=False)  # the trick is still being gathered
    assert table.sent == []
    table.say_ready(1, 7, may_act=True)
    table.say_ready(1, 7, may_act=True)
    assert table.sent == [7]  # once
    table.clock_started({"type": "clock", "move": 6, "clock": {"seat": 1, "left": 1.0}})
    assert table.move_clock.left(1) == 30  # an older move's word: ignored
    table.clock_started({"type": "clock", "move": 7, "clock": {"seat": 1, "left": 29.5, "wait": 0}})
    assert not table.move_clock.waiting(1) and table.move_clock.left(1) == 30
    other = _Table()  # another seat's table: never says ready for someone else's move
    other.clock_heard({"move": 7, "clock": {"seat": 1, "left": 30.0, "wait": 20.0}})
    other.say_ready(0, 7, may_act=True)
    assert other.sent == []


def test_skull_king_bids_are_made_at_once_each_on_its_own_clock(server):
    """All bid at once (the rules): every person yet to bid is offered the bid and timed
    together; a bid made before its turn in the engine's order is held, unseen by the others,
    and made when its turn comes; the reveal shows every bid."""
    people = _seat_two(server.url, 60_000)
    heard: list[list[dict[str, Any]]] = [[], []]

    def bidding(box: list[dict[str, Any]]) -> dict[str, Any] | None:
        for m in reversed(box):
            if m["type"] == "update" and len((m.get("clock") or {}).get("timed", [])) == 2:
                return m
        return None

    assert read_until(people, heard, lambda: all(bidding(b) for b in heard), 5)
    first = [bidding(b) for b in heard]
    actor = first[0]["actor"]  # type: ignore[index]
    later = 1 - actor  # the person after the seat to act in the engine's order
    for seat, m in enumerate(first):
        assert m is not None and m["legal"] and m["legal"][0] == "BID:0", seat  # both offered
        assert {t["seat"] for t in m["clock"]["timed"]} == {0, 1}  # both clocks, together
    people[later].ready(first[later]["move"])  # type: ignore[index]
    people[later].act("BID:1", first[later]["move"])  # type: ignore[index]

    def held(box: list[dict[str, Any]]) -> dict[str, Any] | None:
        return next((m for m in box if m["type"] == "update" and m.get("held")), None)

    assert read_until(people, heard, lambda: held(heard[later]) is not None, 2)
    mine = held(heard[later])
    assert mine is not None and mine["held"] == "BID:1" and not mine.get("legal")
    theirs = [m for m in heard[actor] if m["type"] == "update"][-1]
    assert "held" not in theirs and theirs["legal"]  # still to bid; Bea's bid nowhere
    assert [t["seat"] for t in theirs["clock"]["timed"]] == [actor]  # her clock ran on
    people[actor].act("BID:0", first[actor]["move"])  # type: ignore[index]  (its own turn's)

    def revealed(box: list[dict[str, Any]]) -> bool:
        return any(m["type"] == "update" and m["view"].get("phase") != "bid" for m in box)

    assert read_until(people, heard, lambda: all(revealed(b) for b in heard), 2)
    record = server.call(lambda: next(iter(server.server.rooms.values())).game.state.bids)
    assert record[actor] == 0 and record[later] == 1
    assert not any(m["type"] == "refused" for b in heard for m in b)
    for client in people:
        client.close()


def test_a_bidders_table_offers_its_bid_and_shows_its_own_held_bid():
    """The seat's copy: offered its bid though the engine names another seat (together), and
    once made, its own bid shown at its seat while the others still choose (held)."""
    from skully_game.net.cardgame import CardGame
    from skully_game.net.hosted import Cursor
    from skully_game.net.shadow import Shadow
    from skully_game.net.wire import decode, encode

    game = CardGame("skull-king", [SeatPlan("A"), SeatPlan("B")], {}, 5, "T")
    actor = game.actor()
    assert actor is not None and set(game.together()) == {0, 1}
    later = 1 - actor
    shadow = Shadow("skull-king", later)
    update = decode(encode({"seat": later, "move": 1, "actor": actor,
                            "legal": game.legal(later), **game.update_parts(later, Cursor())}))  # fmt: skip
    shadow.take(update)
    assert shadow.turn.together and shadow.my_turn()
    game.apply(later, game.check(later, "BID:1"))  # before its turn: held
    assert game.state.bids[later] is None and game.together() == (actor,)  # type: ignore[attr-defined]
    update = decode(encode({"seat": later, "move": 2, "actor": actor,
                            "legal": game.legal(later), **game.update_parts(later, Cursor())}))  # fmt: skip
    state = shadow.take(update)
    assert update["held"] == "BID:1" and not shadow.turn.together and not shadow.my_turn()
    assert state.bids[later] == 1  # type: ignore[attr-defined]  (its own, shown to it)
    assert "held" not in game.update_parts(actor, Cursor())  # never to another seat
    game.apply(actor, game.check(actor, "BID:0"))
    bids = game.state.bids  # type: ignore[attr-defined]
    assert bids[actor] == 0 and bids[later] == 1 and not game.held  # both made, in turn


def test_every_bidders_clock_is_counted_at_the_seat():
    clock = MoveClock()
    timed = [{"seat": 0, "left": 30.0, "wait": 0.0}, {"seat": 2, "left": 12.0, "wait": 5.0}]
    clock.heard({"move": 3, "clock": {"seat": 0, "left": 30.0, "wait": 0.0, "timed": timed}})
    assert clock.left(0) in (29, 30) and clock.left(2) == 12 and clock.left(1) is None
    assert clock.waiting(2) and not clock.waiting(0)
