"""Once every person at the desk is out of the game, the computers play the rest at the fast
pace (a play-tester out in Skull's round 17 sat through three more rounds with nothing to
press); a person still in keeps the pace they chose."""

from __future__ import annotations

import pytest

from cards.skull import SkullOptions
from skully_game.scenes.cardtable.match import Match, Pace
from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skull.adapter import GAME
from skully_game.scenes.skull.table import SkullTable, TableSeat
from tests.ui_helpers import make_app


def _table() -> SkullTable:
    app = make_app()
    app.stack.push(MenuScene(app))
    seats = [TableSeat("You"), TableSeat("Anne", "random"), TableSeat("Bea", "random")]
    table = SkullTable(app, Match(GAME, SkullOptions(players=3), 4, seats, Pace.SLOW))
    app.stack.push(table)
    return table


def _to_round_end(table: SkullTable) -> None:
    """Play (the person: the first thing allowed) until the first round has ended and its
    summary was shown (headless, it is closed at once)."""
    for _ in range(400):
        table.run_bots_now()
        table.app.run_frames(1)
        if table.state.round_index >= 1:
            table.settle()
            return
        if table.my_turn():
            table.act(table.state.legal_actions()[0])
        else:
            table.settle()
    raise AssertionError("no round ended")


def test_the_rest_goes_by_quickly_once_the_person_is_out(monkeypatch: pytest.MonkeyPatch) -> None:
    table = _table()
    monkeypatch.setattr(GAME, "out_of_game", lambda state, names: {0: "lost every card"})
    _to_round_end(table)
    assert table.match.pace is Pace.FAST
    assert any(t.message.startswith("Out of the game") for t in table.app.toasts)


def test_a_person_still_in_keeps_their_pace(monkeypatch: pytest.MonkeyPatch) -> None:
    table = _table()
    monkeypatch.setattr(GAME, "out_of_game", lambda state, names: {1: "lost every card"})
    _to_round_end(table)
    assert table.match.pace is Pace.SLOW
