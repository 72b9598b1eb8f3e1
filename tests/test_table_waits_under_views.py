"""While something lies over a card table at this desk (the score sheet, the Leave question),
the game waits for the person reading it: no computer player moves, no card flies on, and it
goes on once the view is closed (issue 40: the computer players moved behind it). Every card
table of the registry."""

from __future__ import annotations

import importlib

import pygame
import pytest

from cards.registry import GAMES
from skully_game.core.games import scene_package
from skully_game.scenes.cardtable.table import CardTable
from tests.ui_helpers import key, make_app

TABLES = [info for info in GAMES if info.table]


def after_my_move(info, cards_only: bool = True):
    """A table where the person has just moved and a computer player is to act."""
    app = make_app()
    setup = importlib.import_module(scene_package(info)).SetupScene(app)
    if cards_only and not issubclass(setup.table_class, CardTable):
        pytest.skip("a board: its only views over it are screens of their own (rules, Leave)")
    app.stack.push(setup)
    setup._start()
    table = app.stack.top
    table.run_bots_now()
    assert table.my_turn()
    for _ in range(40):  # a Skip-Bo turn goes on until a discard (the last legal action)
        table.act(list(table.game.legal(table.state))[-1])
        getattr(table, "settle", lambda: None)()
        if table.game.to_act(table.state) not in table.humans:
            break
    assert table.game.to_act(table.state) not in table.humans
    return app, table


def moves(table) -> int:
    return len(table.game.history(table.state))


def run(table, seconds: float) -> None:
    """The table's clock for `seconds`, in steps, each computer's thought awaited (bounded)."""
    for _ in range(int(seconds / 0.25)):
        if table.thinking is not None:
            table.thinking.result(timeout=5)
        table.update(0.25)


@pytest.mark.parametrize("info", TABLES, ids=[info.key for info in TABLES])
def test_the_score_sheet_holds_the_game_until_closed(info) -> None:
    app, table = after_my_move(info)
    app.dispatch(key(pygame.K_TAB))
    assert table.sheet
    before, flights = moves(table), [(f.t, id(f)) for f in table.flights]
    run(table, 6.0)
    assert moves(table) == before, "a computer moved behind the score sheet"
    assert [(f.t, id(f)) for f in table.flights] == flights, "a card flew on behind the sheet"
    app.dispatch(key(pygame.K_TAB))
    assert not table.sheet
    run(table, 6.0)
    assert moves(table) > before, "the game went on once the sheet was closed"


@pytest.mark.parametrize("info", TABLES, ids=[info.key for info in TABLES])
def test_the_leave_question_holds_the_game_and_stay_gives_a_whole_pause(info) -> None:
    app, table = after_my_move(info, cards_only=False)
    run(table, 0.5)
    table.wait = 99.0  # a computer's move was due the moment the question came up
    table.ask_leave()
    assert app.stack.top is not table
    before = moves(table)
    for _ in range(40):
        app.tick()
    assert moves(table) == before, "a computer moved behind the Leave question"
    app.dispatch(key(pygame.K_n))  # Stay
    assert app.stack.top is table
    assert table.wait == 0.0, "the computer's move waits a whole pause after Stay"
