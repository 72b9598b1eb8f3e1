"""While the score sheet lies over a card table, the mouse never reaches the table under it
(issue 40: at Skull, Tab then a click where the hand lies under the sheet placed the 5 of clubs
face down, and at a shared desk that cannot be taken back). Every card table of the registry."""

from __future__ import annotations

import importlib

import pygame
import pytest

from cards.registry import GAMES
from skully_game.core.games import scene_package
from skully_game.scenes.cardtable.table import CardTable
from tests.ui_helpers import click, drag, key, make_app

TABLES = [info for info in GAMES if info.table]


def open_table(info, size=(1280, 800)):
    app = make_app(size)
    package = importlib.import_module(scene_package(info))
    setup = package.SetupScene(app)
    if not issubclass(setup.table_class, CardTable):
        pytest.skip("a board with no score sheet (Tab chooses a shape there)")
    app.stack.push(setup)
    setup._start()
    return app, app.stack.top


def points(table) -> list[tuple[int, int]]:
    """Where a person might click on the table: every card of the hand, every spot, and a
    coarse grid over the felt (Skip-Bo's piles are its own places)."""
    lay = table.lay()
    found = [rect.center for _, rect, _ in table.hand_layout()]
    found += [placed.rect.center for placed in table.spot_layout()]
    found += [
        (x, y)
        for x in range(lay.table.left + 10, lay.table.right, 120)
        for y in range(lay.table.top + 10, lay.table.bottom, 120)
    ]
    return found


@pytest.mark.parametrize("info", TABLES, ids=[info.key for info in TABLES])
def test_no_click_or_drag_on_the_open_score_sheet_makes_a_move(info) -> None:
    app, table = open_table(info)
    table.run_bots_now()
    table.settle()
    assert table.my_turn(), "the person acts first once the computers have moved"
    before = list(table.game.history(table.state))
    app.dispatch(key(pygame.K_TAB))
    assert table.sheet
    sheet = table.sheet_box(table.lay())
    for at in points(table):
        if not sheet.collidepoint(at):
            continue  # the side panel's own buttons are not under the sheet
        click(app, at)
        drag(app, at, table.lay().pile.center)  # a card carried onto the pile
        assert table.sheet, f"a click at {at} closed the sheet"
        assert list(table.game.history(table.state)) == before, f"a click at {at} made a move"
        assert not table.card_menu, f"a click at {at} opened a card's choices under the sheet"
    assert table.hover is None and table.spot_hover is None, "nothing under the sheet is lit"
