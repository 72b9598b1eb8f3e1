"""A spectator's table counts an away seat's time from when the lobby message came, as the
players' tables do (a play-tester's spectator read "Bea is away: the seat is kept for 0:00
more" while the players read 1:57)."""

from __future__ import annotations

import time
from types import SimpleNamespace

from skully_game.scenes.online.watchtable import WatchedTable


def test_a_spectators_table_times_an_away_seat_from_the_lobby_message():
    lobby = {"type": "lobby", "seats": [{"name": "Anne", "connected": True},
                                        {"name": "Bea", "connected": False, "away": 117}]}  # fmt: skip
    table = SimpleNamespace(
        watch=SimpleNamespace(poll=lambda: [lobby], client=None, ending=None, lost="", status=""),
        ending=None,
        lost="",
        client=None,
        heard=SimpleNamespace(seats_from=lambda message: None),
        seats_from_lobby=lambda: None,
        relayout=lambda: None,
        shadow=SimpleNamespace(turn=SimpleNamespace(over=False)),
        lobby=None,
        lobby_at=0.0,  # the table opened long ago
    )
    WatchedTable.listen(table)  # type: ignore[arg-type]
    assert table.lobby is lobby
    left = round(117 - (time.monotonic() - table.lobby_at))
    assert 115 <= left <= 117
