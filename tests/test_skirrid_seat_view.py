"""Issue 40, the second play-test: each seat's shapes still to place can be counted at 1024x640
(the row's strip drew them a few pixels a square, and cut off those past its end): pointing at a
seat's row opens a larger view of every one of them, off the board's numbers."""

from __future__ import annotations

import pygame

from skully_game.scenes.skirrid.seatview import VIEW_CELL_MIN
from tests.test_skirrid_help import _table, point


def test_pointing_at_a_seats_row_shows_all_its_shapes_large() -> None:
    app, table = _table(["human", "greedy", "greedy"], size=(1024, 640), moves=3)
    window = pygame.Rect((0, 0), (1024, 640))
    for seat, row in table.seat_rows():
        point(app, row.center)
        tip = table.tip_text()
        assert tip is not None
        left = sum(table.state.left[seat].values())
        assert f"{left} shapes still to place" in tip[0]
        found = table.panel_tip_box(tip[0])
        assert found is not None
        shown = table.pointed_seat_view(found[1])
        assert shown is not None
        got, view = shown
        assert got == seat
        assert len(view.slots) == left  # every one, none cut off
        assert view.cell >= VIEW_CELL_MIN
        assert window.contains(view.box) and table.numbers_under(view.box) == 0
        assert not view.box.colliderect(found[1]) and not view.box.colliderect(row)


def test_no_view_off_the_seat_rows() -> None:
    app, table = _table(["human", "greedy"], size=(1024, 640))
    point(app, (5, 5))
    assert table.pointed_seat_view(pygame.Rect(700, 200, 300, 60)) is None
