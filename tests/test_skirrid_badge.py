"""The "+N" badge of a held shape lies beside it on the board, clear of the board's numbers
(a play-tester found it over a number) and of the shape itself."""

from __future__ import annotations

import pygame

from skully_game.scenes.skirrid.badge import badge_spot, number_mark
from tests.test_skirrid_table import _table, hover, person_places, square_pos
from tests.ui_helpers import key


def test_a_badge_beside_a_shape_takes_the_first_place_clear_of_numbers():
    board = pygame.Rect(0, 0, 190, 190)  # 19 squares of 10
    numbers = {(2, 4), (1, 4)}  # right of the shape's top, and above it: taken by numbers
    box = badge_spot((16, 8), [(2, 2), (2, 3)], (0, 0), 10, board, lambda r, c: (r, c) in numbers)
    assert board.contains(box)
    for r, c in [(2, 2), (2, 3), *numbers]:
        assert not number_mark(pygame.Rect(c * 10, r * 10, 10, 10)).colliderect(box)
    shape = pygame.Rect(20, 20, 20, 10)
    assert not shape.colliderect(box)


def test_the_badge_covers_no_board_number_wherever_the_held_shape_fits():
    app, table = _table(["human", "greedy"], seed=6)
    for _ in range(10):  # a board with shapes and numbers round them
        person_places(app, table)
        table.run_bots_now()
    board = table.state.geo.board
    lay = table.lay()
    covered = tried = 0
    for size in (1, 2, 3, 4, 5, 6):
        app.dispatch(key(pygame.K_0 + size))
        if table.held is None:
            continue
        for square in sorted(table.hints()):
            hover(app, square_pos(table, square))
            badge = table.score_badge()
            if badge is None:
                continue
            box = badge[1]
            tried += 1
            assert lay.board.contains(box)
            cells = [pygame.Rect(lay.board.x + c * lay.cell, lay.board.y + r * lay.cell,
                                 lay.cell, lay.cell) for r, c in table.held_cells()]  # fmt: skip
            assert not any(cell.colliderect(box) for cell in cells)
            n = board.size
            for i, value in enumerate(board.numbers):
                r, c = divmod(i, n)
                rect = pygame.Rect(lay.board.x + c * lay.cell, lay.board.y + r * lay.cell,
                                   lay.cell, lay.cell)  # fmt: skip
                if value and number_mark(rect).colliderect(box):
                    covered += 1
                    break
        app.dispatch(key(pygame.K_ESCAPE))
    assert tried > 20
    assert covered <= tried // 20, (covered, tried)  # nearly never, and only where boxed in
