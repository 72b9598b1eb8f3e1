"""A side panel button's tooltip over the table keeps clear of the panel (the Hint button's
touched it by 3 px), at a card table and at the Skirrid board, at both sizes."""

from __future__ import annotations

import pygame
import pytest

from skully_game.scenes.cardtable.frame import TIP_GAP
from tests.test_skirrid_table import _table as skirrid_table
from tests.test_skull_king_table import _one_person_table, _point
from tests.ui_helpers import make_app


def _tips_clear(app, table, panel_x: int) -> None:
    screen = pygame.Rect((0, 0), app.size)
    for label in ("Hint", "Undo"):
        button = next(b for b in table.widgets.widgets if b.label == label)
        for x in (button.rect.left + 4, button.rect.centerx, button.rect.right - 4):
            _point(app, (x, button.rect.centery))
            found = table.widgets.tip(screen)
            assert found is not None, label
            box = found[1]
            assert screen.contains(box)
            if box.left < panel_x:  # over the table: wholly, with a gap
                assert box.right <= panel_x - TIP_GAP, (label, box, panel_x)
            else:  # on the panel: wholly
                assert box.left >= panel_x, (label, box, panel_x)


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_a_card_tables_hint_and_undo_tips_keep_off_the_panel(size):
    app = make_app(size)
    table = _one_person_table(app)
    _tips_clear(app, table, table.lay().table.right)


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_the_skirrid_boards_hint_and_undo_tips_keep_off_the_panel(size):
    app, table = skirrid_table(["human", "greedy"], size=size)
    app.run_frames(2)
    _tips_clear(app, table, table.lay().panel.x)
