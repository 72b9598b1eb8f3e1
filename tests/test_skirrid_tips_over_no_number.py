"""Issue 40, the second play-test: a Skirrid tooltip hides no board number where the window has
room for it (the Door's words hid 3, 4 and 5 of row 10, a block's two rows, a tray shape's rows
5-7), and still covers neither the thing it explains nor another shape of the tray."""

from __future__ import annotations

import pygame
import pytest

from tests.test_skirrid_help import _table, point

SIZES = [(1280, 800), (1024, 640)]


@pytest.mark.parametrize("size", SIZES)
def test_a_tray_shapes_words_hide_no_board_number(size) -> None:
    app, table = _table(["human", "greedy"], size=size, moves=2)
    window = pygame.Rect((0, 0), size)
    slots = table.tray_slots()
    for piece, rect, _ in slots[::3]:
        point(app, rect.center)
        tip = table.tip_text()
        assert tip is not None
        found = table.tray_tip_box(tip[0])
        assert found is not None
        box = found[1]
        assert window.contains(box)
        assert table.numbers_under(box) == 0, (piece, box)
        assert not any(box.colliderect(r) for _, r, _ in slots), (piece, box)


def test_numbers_under_counts_the_numbers_a_box_hides() -> None:
    """The count itself: a box over the board's corner hides its numbers, one beside it none."""
    _, table = _table(["human", "greedy"], size=(1024, 640))
    board = table.lay().board
    cell = table.lay().cell
    assert table.numbers_under(pygame.Rect(board.x, board.y, 3 * cell, cell)) >= 1
    assert table.numbers_under(pygame.Rect(board.right + 2, board.y, 200, 200)) == 0
