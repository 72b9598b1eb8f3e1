"""Skirrid's tooltips lie off what they explain and over no board number, inside the window,
at both sizes (issue 40: a placed shape's words lay over the log and the seats, the die's
over the tray of shapes; then, on the board, over the numbers a player was reading)."""

from __future__ import annotations

import pygame
import pytest

from tests.test_skirrid_help import _table, point, square_pos

SIZES = [(1280, 800), (1024, 640)]


def _placed_boxes(table, app):
    """Every placed shape's words, pointing at its first and last squares."""
    n = table.state.geo.board.size
    for k, (_, _, pid, _) in enumerate(table.state.placed):
        squares = table.state.geo.placements[pid].squares
        for index in {squares[0], squares[-1]}:
            square = divmod(index, n)
            point(app, square_pos(table, square))
            if table.pointed_shape() != k:
                continue
            tip = table.tip_text()
            assert tip is not None
            yield square, table.placed_tip_box(tip[0], k)[1]


@pytest.mark.parametrize("size", SIZES)
def test_a_placed_shapes_words_lie_off_the_shape_and_every_number(size) -> None:
    app, table = _table(["human", "greedy"], size=size, moves=10)
    window = pygame.Rect((0, 0), size)
    seen = 0
    for square, box in _placed_boxes(table, app):
        seen += 1
        assert window.contains(box) and table.numbers_under(box) == 0, (square, box)
        assert not box.collidepoint(square_pos(table, square)), "over the square pointed at"
    assert seen >= 10


@pytest.mark.parametrize("size", SIZES)
def test_a_seat_rows_words_lie_off_the_board_and_the_row(size) -> None:
    app, table = _table(["human", "greedy"], size=size, moves=6)
    for _, row in table.seat_rows():
        point(app, row.center)
        tip = table.tip_text()
        assert tip is not None
        found = table.panel_tip_box(tip[0])
        assert found is not None
        box = found[1]
        assert pygame.Rect((0, 0), size).contains(box) and table.numbers_under(box) == 0
        assert not box.colliderect(row), "over the row it explains"
