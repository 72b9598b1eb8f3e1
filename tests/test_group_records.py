"""A room's record as the group keeps it in Redis replays to the same game: for every game, a
room played some moves in, written as facts and action texts, is rebuilt by another process
with the same seats, tokens and state (net/group/records.py)."""

from __future__ import annotations

import json

import pytest

from skully_game.net.group import records
from skully_game.net.hosted import SeatPlan
from skully_game.net.rooms import Place, Room
from skully_game.net.scripted import COMPUTER
from tools.net_check import GAMES


def _room(game: str) -> Room:
    level = COMPUTER[game]
    places = [
        Place(SeatPlan("Anne", None), taken=True, token="tok-anne"),
        Place(SeatPlan("Bea", None), taken=True, token="tok-bea"),
        Place(SeatPlan("Computer 3", level), taken=True),
    ]
    return Room("ABCDEFGHJK", game, {}, places, 0, 120, 424242, quick=True, creator="1.2.3.4")


def _play(room: Room, moves: int) -> None:
    """A few moves by the computer players' own choices (every seat played as a computer)."""
    game = room.make_game()
    room.game = game
    level = COMPUTER[room.game_key]
    for seat in range(len(room.places)):
        if room.places[seat].person:
            game.hand_to_computer(seat, level)
            game.seats[seat] = room.places[seat].plan  # the room keeps its people
    for _ in range(moves):
        seat = game.actor()
        if seat is None:
            return
        thinking = game.computer(seat)
        if thinking is not None:
            game.apply(seat, thinking())
        room.moves += 1


@pytest.mark.parametrize("game", GAMES)
def test_a_room_replays_from_its_record(game: str) -> None:
    room = _room(game)
    _play(room, 6 if game == "skully" else 20)
    kept = records.Kept(json.loads(json.dumps(records.facts(room))), records.encoded(room, 0))
    back = records.restore(kept, now=100.0)
    assert back.code == room.code and back.seed == room.seed and back.creator == "1.2.3.4"
    assert [p.token for p in back.places] == ["tok-anne", "tok-bea", None]
    assert [p.plan.name for p in back.places] == ["Anne", "Bea", "Computer 3"]
    assert back.places[0].away_since == 100.0 and back.places[2].away_since is None
    assert back.game is not None and records.count(back) == records.count(room) > 0
    assert (
        back.game.record()["seed" if game == "skully" else "game"]
        == (room.game.record()["seed" if game == "skully" else "game"])
    )
    assert back.game.actor() == room.game.actor()
    assert back.moves >= records.count(room) + 1  # every client's move count only grows


def test_a_lobby_comes_back_as_a_lobby() -> None:
    room = _room("skull")
    room.places[1] = Place(SeatPlan("", None))
    back = records.restore(records.Kept(records.facts(room), []), now=5.0)
    assert back.game is None and back.open_seat() == 1


def test_a_record_of_another_format_is_refused() -> None:
    facts = records.facts(_room("skull"))
    facts["version"] = 99
    with pytest.raises(ValueError):
        records.restore(records.Kept(facts, []), now=0.0)


def test_actions_are_written_from_where_redis_stopped() -> None:
    room = _room("skull-king")
    _play(room, 10)
    every = records.encoded(room, 0)
    assert records.encoded(room, 4) == every[4:]
    assert all(isinstance(json.loads(t), str) for t in every)


def test_a_game_clock_moves_with_its_room() -> None:
    """A room handed to another member keeps each person's time for the game (the record
    kept only the time per move, so a moved room's game clock was gone)."""
    room = _room("skull-king")
    room.bank = 300.0
    _play(room, 4)
    room.banks, room.banks_game = {0: 251.5, 1: 299.0}, room.games
    kept = records.Kept(json.loads(json.dumps(records.facts(room))), records.encoded(room, 0))
    back = records.restore(kept, now=100.0)
    assert back.bank == 300.0
    assert back.bank_left(0) == 251.5 and back.bank_left(1) == 299.0 and back.bank_left(2) == 300.0


def test_a_held_bid_moves_with_its_room() -> None:
    """A Skull King bid made before its turn is held by the server, not yet an action: a room
    taken up by another process kept only the actions, so that bid was lost (issue 43)."""
    room = _room("skull-king")
    room.game = game = room.make_game()
    actor = game.actor()
    assert actor is not None
    later = next(s for s in game.together() if s != actor)
    game.apply(later, game.check(later, "BID:1"))  # before its turn in the engine's order
    kept = records.Kept(json.loads(json.dumps(records.facts(room))), records.encoded(room, 0))
    back = records.restore(kept, now=100.0)
    assert back.game is not None and back.game.held == {later: "BID:1"}
    assert later not in back.game.together()  # not offered the bid a second time
    old = dict(kept.facts)
    del old["held"]  # a record written before held bids moved still loads
    assert records.restore(records.Kept(old, kept.actions), now=1.0).game.held == {}
