"""A won trick lies gathered before its winner, named, for a beat at every pace (a play-tester
at the fast pace saw each trick vanish as its hold ended, and read its winner in the log); a
person's own input still skips it, as it skips every animation."""

from __future__ import annotations

import pytest

from cards.skull_king import RoundPlan, SkullKingOptions
from skully_game.scenes.cardtable.match import Match, Pace
from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skull_king.adapter import GAME as SKULL_KING
from skully_game.scenes.skull_king.gathered import BEAT
from skully_game.scenes.skull_king.table import SkullKingTable, TableSeat
from tests.ui_helpers import make_app


def _table(pace: Pace):
    app = make_app()
    app.stack.push(MenuScene(app))
    kinds = ["human", "heuristic", "heuristic"]
    names = ["You", "Anne", "Bo"]
    match = Match(
        SKULL_KING,
        SkullKingOptions(players=3, round_plan=RoundPlan.BLITZ),
        5,
        [TableSeat(names[i], k) for i, k in enumerate(kinds)],
        pace,
    )
    table = SkullKingTable(app, match)
    app.stack.push(table)
    table.settle()
    return app, table


def _to_first_trick_end(table: SkullKingTable) -> None:
    """Bid 1, then play cards until the first trick is complete (its Taken queued)."""
    state = table.state
    for _ in range(40):
        if state.tricks:
            return
        seat = state.current_player()
        if seat in table.humans:
            table.act("BID:1" if state.phase.value == "bid" else state.legal_actions()[0])
        else:
            table.act(table.bots[seat](state, seat)())
        if not state.tricks:
            table.settle()
    assert state.tricks


@pytest.mark.parametrize("pace", [Pace.FAST, Pace.NORMAL])
def test_a_won_trick_lies_gathered_and_named_for_a_beat(pace: Pace) -> None:
    _app, table = _table(pace)
    _to_first_trick_end(table)
    winner = table.state.tricks[0].winner
    gathered_for = 0.0
    for _ in range(200):
        table.update(1 / 20)
        if table.gathered is not None:
            gathered_for += 1 / 20
            assert table.gathered.winner == winner
            assert table.busy()  # nobody plays over it
            assert "Trick to" in table.gathered.words
        elif gathered_for:
            break
    assert gathered_for >= BEAT, gathered_for
    assert table.shown is None


def test_a_persons_own_input_still_skips_the_beat() -> None:
    _app, table = _table(Pace.FAST)
    _to_first_trick_end(table)
    for _ in range(200):
        table.update(1 / 20)
        if table.gathered is not None:
            break
    assert table.gathered is not None
    table.hurry()
    assert table.gathered is None and table.shown is None
