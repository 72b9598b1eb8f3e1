"""Across desks a person's clock starts when their move is in sight: not while they read the
score sheet or a round's summary over the table (a play-tester's clock ran behind the round's
scores; she reached the bid buttons with 10 s of 30 left)."""

from __future__ import annotations

from types import SimpleNamespace

from skully_game.scenes.online.cards import OnlineTable


def _table(sheet: bool = False, summary: object = None, turn: bool = True) -> SimpleNamespace:
    return SimpleNamespace(my_turn=lambda: turn, covered=lambda: sheet, summary=summary)


def test_the_move_is_in_sight_only_with_nothing_over_it():
    assert OnlineTable.shows_my_move(_table())  # type: ignore[arg-type]
    assert not OnlineTable.shows_my_move(_table(sheet=True))  # type: ignore[arg-type]
    assert not OnlineTable.shows_my_move(_table(summary=["round 1"]))  # type: ignore[arg-type]
    assert not OnlineTable.shows_my_move(_table(turn=False))  # type: ignore[arg-type]
