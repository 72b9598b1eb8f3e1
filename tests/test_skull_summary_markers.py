"""Issue 40, the second play-test: with eight Skull seats the round's summary lies over the Win
Markers on the table, so the box says them: each seat's markers as '1 of 2', and '(+1)' for
the seat that won one in that round."""

from __future__ import annotations

from skully_game.scenes.skull.adapter import GAME
from tests.test_skull_table_words import _flower, _round


def test_the_summary_says_each_seats_markers_and_the_one_just_won() -> None:
    state = _round()
    for seat in range(3):
        state.apply_action(f"PLACE:{_flower(state, seat)}")
    for action in ("BID:1", "PASS", "PASS", "FLIP:0"):
        state.apply_action(action)
    assert state.rounds and state.won[0] == 1
    summary = GAME.round_summary(state, 0, ["You", "Anne", "Cy"])
    column = summary.headings.index("Markers")
    assert [row[column] for row in summary.rows] == ["1 of 2 (+1)", "0 of 2", "0 of 2"]
