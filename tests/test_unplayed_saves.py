"""The Resume list keeps what a person played: a game left before any person's move leaves no
save behind (nothing is lost), and a Skip-Bo save says its stock, so two games differing only
in it are told apart."""

from __future__ import annotations

import pygame

from skully_game.scenes.cardtable.match import Match, list_tables
from skully_game.scenes.skip_bo.adapter import GAME as SKIP_BO
from skully_game.scenes.skip_bo.table import SkipBoTable
from skully_game.scenes.skirrid.adapter import GAME as SKIRRID
from skully_game.scenes.skirrid.table import SkirridTable
from skully_game.shell.dialogs import ConfirmDialog
from tests.test_skip_bo_table import _table as skip_bo_table
from tests.test_skip_bo_table import person_moves
from tests.test_skirrid_table import _table as skirrid_table
from tests.test_skirrid_table import person_places
from tests.ui_helpers import key


def _leave(app, table) -> str:
    """Esc, and yes to leaving; what the question said."""
    app.dispatch(key(pygame.K_ESCAPE))
    dialog = app.stack.top
    said = ""
    if isinstance(dialog, ConfirmDialog):
        said = dialog.detail
        dialog.yes_button.on_click()
    assert table not in app.stack.scenes
    return said


def test_a_game_left_before_any_move_leaves_no_save():
    app, table = skirrid_table(["human", "greedy"])
    table.save()  # as the setup does on dealing
    path = table.match.path
    assert path.exists()
    assert _leave(app, table) == "Nobody has made a move yet, so nothing is kept."
    assert not path.exists()
    assert all(e.path != path for e in list_tables(SKIRRID).entries)


def test_a_game_whose_computers_moved_but_no_person_leaves_no_save_either():
    app, table = skip_bo_table(["build-first", "human"], stock=10)
    table.save()
    table.run_bots_now()  # the computer's whole turn before the person's first
    assert table.state.history()
    _leave(app, table)
    assert not table.match.path.exists()


def test_a_game_a_person_moved_in_is_kept_and_kept_again_when_resumed_and_left():
    app, table = skirrid_table(["human", "greedy"])
    person_places(app, table)
    path = table.match.path
    assert _leave(app, table).startswith("The game is saved")
    assert path.exists()
    resumed = SkirridTable(app, Match.load(SKIRRID, path))
    app.stack.push(resumed)
    _leave(app, resumed)  # resumed, and left without a move: what was played stays
    assert path.exists()


def test_a_skip_bo_save_says_its_stock_in_the_resume_list():
    paths = {}
    for stock in (10, 15):
        app, table = skip_bo_table(["human", "build-first"], stock=stock)
        person_moves(app, table)
        paths[stock] = table.match.path
        _leave(app, table)
    details = {e.path: e.detail for e in list_tables(SKIP_BO).entries}
    # whose turn first (test_resume_whose_turn), then the stock
    assert details[paths[10]].split(" · ")[1] == "10-card stocks"
    assert details[paths[15]].split(" · ")[1] == "15-card stocks"
    assert isinstance(table, SkipBoTable)
