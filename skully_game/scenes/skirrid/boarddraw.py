"""Drawing Skirrid's board and shapes: the numbered squares (the Arena light, the corner
triangles dark, the centre ringed), shapes in their owners' colours with their marks, blocks
hatched, and small shapes for trays. Pure drawing: no game state is changed here."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

import pygame

from cards.skirrid.board import Board, Orientation
from skully_game.shell import theme

ARENA = ((232, 220, 186), (218, 204, 166))  # the two colours of the squares inside the Arena
CORNER = ((74, 60, 50), (62, 50, 42))  # and outside it: the dark corner triangles
GRID = (120, 104, 84)
NUMBER_IN = (70, 52, 36)
NUMBER_OUT = (236, 218, 180)


# The palette's colours in the order seats take them: purple before vermilion, which lies too
# near the first seat's orange on a board of six.
SEAT_ORDER = (0, 1, 2, 3, 4, 6, 5)


def seat_colour(seat: int) -> theme.Colour:
    return theme.PLAYER_COLOURS[SEAT_ORDER[seat % len(SEAT_ORDER)]][1]


def number_size(cell: int) -> int:
    """The size of a square's number on a board of `cell` pixels a square."""
    return max(10, int(cell * 0.56))


@lru_cache(maxsize=4)
def board_surface(board: Board, cell: int) -> pygame.Surface:
    """The empty board at `cell` pixels a square (cached per size)."""
    n = board.size
    surf = pygame.Surface((n * cell, n * cell))
    size = number_size(cell)
    for i in range(n * n):
        r, c = divmod(i, n)
        inside = board.in_arena(i)
        colour = (ARENA if inside else CORNER)[(r + c) % 2]
        rect = pygame.Rect(c * cell, r * cell, cell, cell)
        surf.fill(colour, rect)
        value = board.numbers[i]
        if value:
            ink = NUMBER_IN if inside else NUMBER_OUT
            theme.text(surf, str(value), rect.center, size, ink, "center", bold=value >= 20)
    for k in range(n + 1):
        pygame.draw.line(surf, GRID, (0, k * cell), (n * cell, k * cell))
        pygame.draw.line(surf, GRID, (k * cell, 0), (k * cell, n * cell))
    centre = pygame.Rect((n // 2) * cell, (n // 2) * cell, cell, cell)
    pygame.draw.rect(surf, (180, 40, 40), centre, 2)
    return surf


def shape_cells(
    surface: pygame.Surface,
    origin: tuple[int, int],
    cell: int,
    squares: Iterable[tuple[int, int]],
    colour: theme.Colour,
    *,
    mark: tuple[tuple[int, int], int] | None = None,
    block: bool = False,
    alpha: int = 255,
    edge: theme.Colour = (20, 20, 20),
) -> None:
    """A shape's squares (row, col) from `origin`: filled, outlined around the whole shape, its
    mark ("x2", "x3") on the marked square (a ring that leaves the board's number readable, and
    the factor in the corner; a dot on small squares), hatched when it is a block."""
    cells = set(squares)
    if not cells:
        return
    if alpha < 255:  # drawn whole on a small layer, then blended once
        top = min(r for r, _ in cells)
        left = min(c for _, c in cells)
        rows = max(r for r, _ in cells) - top + 1
        cols = max(c for _, c in cells) - left + 1
        layer = pygame.Surface((cols * cell, rows * cell), pygame.SRCALPHA)
        shape_cells(layer, (-left * cell, -top * cell), cell, cells, colour, mark=mark,
                    block=block, edge=edge)  # fmt: skip
        layer.set_alpha(alpha)
        surface.blit(layer, (origin[0] + left * cell, origin[1] + top * cell))
        return
    ox, oy = origin
    hatch = theme.shade_alpha(colour, 0.55)
    for r, c in cells:
        rect = pygame.Rect(ox + c * cell, oy + r * cell, cell, cell)
        surface.fill(colour, rect)
        if block:
            step = max(4, cell // 4)
            for k in range(-cell + step, cell, step):
                start = (rect.x + max(0, k), rect.y + max(0, -k))
                end = (rect.x + min(cell, cell + k) - 1, rect.y + min(cell, cell - k) - 1)
                pygame.draw.line(surface, hatch, start, end)
    width = 2 if cell >= 10 else 1
    for r, c in cells:
        x, y = ox + c * cell, oy + r * cell
        right, bottom = x + cell - 1, y + cell - 1
        if (r - 1, c) not in cells:
            pygame.draw.line(surface, edge, (x, y), (right, y), width)
        if (r + 1, c) not in cells:
            pygame.draw.line(surface, edge, (x, bottom), (right, bottom), width)
        if (r, c - 1) not in cells:
            pygame.draw.line(surface, edge, (x, y), (x, bottom), width)
        if (r, c + 1) not in cells:
            pygame.draw.line(surface, edge, (right, y), (right, bottom), width)
    if mark is not None and mark[1] > 1:
        (r, c), value = mark
        centre = (ox + c * cell + cell // 2, oy + r * cell + cell // 2)
        if cell >= 18:  # a ring round the square's number, and the factor in its corner
            ink = (255, 255, 255) if value == 2 else (250, 200, 40)
            pygame.draw.circle(surface, (20, 20, 20), centre, cell // 2 - 2, 4)
            pygame.draw.circle(surface, ink, centre, cell // 2 - 3, 2)
            size = max(10, int(cell * 0.32))
            chip = theme.font(size, True).size(f"x{value}")
            corner = pygame.Rect(0, 0, chip[0] + 4, chip[1])
            corner.topright = (ox + (c + 1) * cell - 1, oy + r * cell + 1)
            pygame.draw.rect(surface, (20, 20, 20), corner, border_radius=3)
            theme.text(surface, f"x{value}", corner.center, size, ink, "center", True)
        else:
            dot = (255, 255, 255) if value == 2 else (250, 200, 40)
            pygame.draw.circle(surface, dot, centre, max(2, cell // 3))


def piece_size(o: Orientation) -> tuple[int, int]:
    """(columns, rows) of an orientation's bounding box."""
    return (max(c for _, c in o.squares) + 1, max(r for r, _ in o.squares) + 1)


__all__ = ["board_surface", "number_size", "piece_size", "seat_colour", "shape_cells"]
