"""A seat's shapes still to place, drawn large while the pointer rests on its row of the side
panel: the row's strip is a few pixels a square at 1024x640 (a play-tester could not count an
opponent's shapes, which the rules keep open to all), so pointing at it opens this view."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import pygame

from cards.skirrid.board import Orientation
from cards.skirrid.state import piece_shape
from skully_game.scenes.skirrid.boarddraw import piece_size, shape_cells
from skully_game.scenes.skirrid.layout import TRAY_PAD, tray_flow
from skully_game.shell import theme

Shapes = Mapping[str, Sequence[Orientation]]
VIEW_ROOM = 150  # px: the most height the view's shapes take
VIEW_CELL_MIN = 9  # px a square at the least (tray_flow's floor): large enough to count


@dataclass(frozen=True)
class SeatView:
    """Where the view lies and where each shape is drawn in it."""

    box: pygame.Rect
    cell: int
    slots: list[tuple[str, pygame.Rect]]


def seat_view(
    pieces: Sequence[str], shapes: Shapes, top_left: tuple[int, int],
    width: int,
) -> SeatView:  # fmt: skip
    """The view of `pieces` (in tray order) laid in rows within `width`, its top left at
    `top_left`."""
    sizes = [piece_size(shapes[piece_shape(p)[0]][0]) for p in pieces]
    inner = width - 16
    cell, rects = tray_flow(sizes, inner, VIEW_ROOM)
    x, y = top_left
    slots = [(p, r.move(x + 8, y + 8)) for p, r in zip(pieces, rects, strict=True)]
    height = (max(r.bottom for r in rects) if rects else 0) + 16
    return SeatView(pygame.Rect(x, y, width, height), cell, slots)


def draw_seat_view(
    surface: pygame.Surface, view: SeatView, shapes: Shapes,
    colour: theme.Colour, marks: bool,
) -> None:  # fmt: skip
    """The view: a panel, each shape in the seat's colour with its mark."""
    pygame.draw.rect(surface, theme.PANEL, view.box, border_radius=6)
    pygame.draw.rect(surface, theme.PANEL_EDGE, view.box, 1, border_radius=6)
    for piece, rect in view.slots:
        o = shapes[piece_shape(piece)[0]][0]
        _, mark = piece_shape(piece)
        at = (rect.x + TRAY_PAD, rect.y + TRAY_PAD)
        shape_cells(surface, at, view.cell, o.squares, colour,
                    mark=(o.mark or (0, 0), mark if marks else 1))  # fmt: skip


__all__ = ["VIEW_CELL_MIN", "SeatView", "draw_seat_view", "seat_view"]
