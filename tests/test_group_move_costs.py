"""What a move costs a group's server, cut without changing any game: a computer player that
never looks at its view (a random one) is handed none, as in self-play, while one that looks
gets its whole detached view; and a move written to Redis before it is told is not looked at
again for a second write."""

from __future__ import annotations

import time
from typing import Any

from cards.engine import View
from skully_game.net.cardgame import CardGame
from skully_game.net.client import Client
from skully_game.net.hosted import SeatPlan
from tests.group_kit import running_pair


def _seen(level: str) -> Any:
    seats = [SeatPlan("Anne"), SeatPlan("C2", level), SeatPlan("C3", level)]
    game = CardGame("skull-king", seats, {}, 7, "t", quick=True)
    seen: list[Any] = []
    bot = game.bots[1]
    act = bot.act
    bot.act = lambda view, legal: seen.append(view) or act(view, legal)  # type: ignore[method-assign]
    while game.actor() != 1:
        seat = game.actor()
        assert seat is not None
        game.apply(seat, game.legal(seat)[0])
    game.apply(1, game.computer(1)())
    return seen[0]


def test_a_random_player_is_handed_no_view_and_a_looking_one_its_whole_view() -> None:
    assert _seen("random") is None
    view = _seen("heuristic")
    assert isinstance(view, View) and view.player == 1
    assert view.__dict__["_state"] is None  # detached: it never reads the live state


def test_a_move_is_written_once(redis_url: str) -> None:
    with running_pair(redis_url) as (a, _, _store):
        group = a.server.group
        writes: list[str] = []
        write = group.write

        async def counted(room: Any) -> None:
            writes.append(room.code)
            await write(room)

        group.write = counted
        host = Client(a.url).connect()
        seats = [{"kind": "me"}] + [{"kind": "computer", "level": "random"}] * 2
        host.create("Anne", "skull-king", seats)
        host.wait_for("joined")
        host.start()
        end = time.monotonic() + 20
        update = host.wait_for("update")
        while update["move"] < 12 and time.monotonic() < end:
            if update["actor"] == 0 and update.get("legal"):
                host.act(update["legal"][0])
            update = host.wait_for("update")
        moves = a.call(lambda: next(iter(a.server.rooms.values())).moves)
        host.close()
        # one write a move, and a few for the room's making and its start
        assert len(writes) <= moves + 4, (len(writes), moves)
