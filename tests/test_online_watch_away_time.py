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


def test_a_new_table_knows_who_watched_already_and_says_only_who_comes():
    """A table starts from the spectators its link knew (a play-tester was told "Cy is
    watching" at every new table's first lobby message, over the cards, long after Cy came)."""
    from skully_game.scenes.online.watchers import watch_news, watcher_names

    known = {"type": "lobby", "watchers": ["Cy"], "watching": 1}
    seen = watcher_names(known)
    assert watch_news(seen, {**known, "seats": []}) == (["Cy"], "")
    dee = {"type": "lobby", "watchers": ["Cy", "Dee"], "watching": 2}
    assert watch_news(seen, dee)[1] == "Dee is watching: 2 people watch this game"
