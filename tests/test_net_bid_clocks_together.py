"""Skull King's all-at-once bid under a clock (issue 43): every bidder's clock starts from the
same server moment, once every bidder's table shows the bids (or at the settle's cap), so each
seat shows the same time left. Before, each clock started when its own table said so, and the
seats' clocks differed in the first bid."""

from __future__ import annotations

from skully_game.net.hosted import SeatPlan
from skully_game.net.rooms import Place, Room, Timing


def _room() -> Room:
    places = [Place(SeatPlan(n), taken=True) for n in ("Anne", "Bea", "Cat")]
    room = Room("ABCDEFGHJK", "skull-king", {}, places, 0, 120, 1, clock=30.0)
    room.timing = {seat: Timing(20.0, 50.0) for seat in (0, 1, 2)}  # wound at 0: cap 20
    return room


def _left(room: Room, now: float) -> dict[int, float]:
    told = room.clock_left(now)
    assert told is not None
    return {t["seat"]: t["left"] for t in told["timed"]}


def test_bidders_clocks_start_together_once_every_table_shows_the_bids() -> None:
    room = _room()
    assert not room.clock_started(0, 1.0)  # Anne's table shows the bids; the others' not yet
    assert not room.clock_started(2, 2.5)
    assert _left(room, 3.0) == {0: 30.0, 1: 30.0, 2: 30.0}  # all standing, the whole time
    assert room.clock_started(1, 4.0)  # the last table: every clock starts now
    assert {s: (t.starts, t.ends) for s, t in room.timing.items()} == {
        s: (4.0, 34.0) for s in (0, 1, 2)
    }
    assert _left(room, 10.0) == {0: 24.0, 1: 24.0, 2: 24.0}  # the same time left at every seat
    assert not room.clock_started(0, 11.0)  # a second word changes nothing


def test_a_bid_made_meanwhile_leaves_the_others_to_start_together() -> None:
    room = _room()
    room.clock_started(0, 1.0)
    del room.timing[1]  # Bea bid before her table's word came (her clock stopped)
    assert not room.start_together(2.0)  # Cat's table still shows the round before
    assert room.clock_started(2, 3.0)
    assert room.timing[0].starts == room.timing[2].starts == 3.0


def test_a_table_that_never_says_so_holds_the_others_no_longer_than_the_cap() -> None:
    room = _room()
    room.clock_started(0, 1.0)
    assert _left(room, 21.0) == {0: 29.0, 1: 29.0, 2: 29.0}  # the cap: all ran from 20
