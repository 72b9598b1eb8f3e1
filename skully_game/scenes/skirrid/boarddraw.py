"""Drawing Skirrid's board and shapes: the numbered squares (the Arena light, the corner
triangles dark, the centre ringed), shapes as pieces lying on it in their owners' colours
(bevelled, with a shadow, their marks on them), blocks showing their underside, and small
shapes for trays. Pure drawing: no game state is changed here."""

from __future__ import annotations

import math
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


# The palette's colours in the order seats take them, the most distinct first: each first few
# chosen so that the nearest two stay furthest apart for normal, protan, deutan and tritan eyes
# alike, and from the board's light and dark squares (a play-tester could not tell a four-seat
# game's orange from its yellow): sky, vermilion, blue, purple, then yellow, orange, green.
SEAT_ORDER = (1, 5, 4, 6, 3, 0, 2)
# Each seat's symbol, drawn in a corner of its placed shapes and by its name: colour is never the
# only cue. The first four are the four most unlike outlines.
SEAT_SYMBOLS = ("circle", "triangle", "square", "diamond", "star", "cross", "bar")


def seat_colour(seat: int) -> theme.Colour:
    return theme.PLAYER_COLOURS[SEAT_ORDER[seat % len(SEAT_ORDER)]][1]


def seat_symbol(seat: int) -> str:
    return SEAT_SYMBOLS[seat % len(SEAT_SYMBOLS)]


def draw_symbol(
    surface: pygame.Surface, name: str, centre: tuple[float, float], size: float,
    colour: theme.Colour,
) -> None:  # fmt: skip
    """A seat's symbol, `size` pixels across, filled in `colour`."""
    x, y = centre
    h = size / 2
    if name == "circle":
        pygame.draw.circle(surface, colour, (round(x), round(y)), max(1, round(h)))
    elif name == "triangle":
        pygame.draw.polygon(surface, colour, [(x, y - h), (x + h, y + h), (x - h, y + h)])
    elif name == "square":
        pygame.draw.rect(surface, colour, (round(x - h * 0.85), round(y - h * 0.85),
                                           round(size * 0.85), round(size * 0.85)))  # fmt: skip
    elif name == "diamond":
        pygame.draw.polygon(surface, colour, [(x, y - h * 1.1), (x + h, y), (x, y + h * 1.1),
                                              (x - h, y)])  # fmt: skip
    elif name == "star":
        points = []
        for i in range(10):
            a = -math.pi / 2 + i * math.pi / 5
            r = h * (1.1 if i % 2 == 0 else 0.45)
            points.append((x + r * math.cos(a), y + r * math.sin(a)))
        pygame.draw.polygon(surface, colour, points)
    elif name == "cross":
        t = max(1, round(size * 0.3))
        pygame.draw.rect(surface, colour, (round(x - h), round(y - t / 2), round(size), t))
        pygame.draw.rect(surface, colour, (round(x - t / 2), round(y - h), t, round(size)))
    else:  # a bar
        pygame.draw.rect(surface, colour, (round(x - h), round(y - size * 0.2), round(size),
                                           max(2, round(size * 0.4))))  # fmt: skip


MARK_BADGE_TEXT = 14  # the tray's "×2"/"×3" badges: never smaller than this


def mark_badge(
    surface: pygame.Surface, centre: tuple[int, int], value: int, bounds: pygame.Rect,
    size: int = MARK_BADGE_TEXT, *, dim: bool = False,
) -> pygame.Rect:  # fmt: skip
    """A mark's factor as a badge ("×2" white, "×3" gold, on a dark chip ringed in the same ink)
    centred on the marked square, kept inside `bounds`: readable however small the piece;
    `dim`, greyed (a piece turned over as a block, whose mark does not count)."""
    ink = (255, 255, 255) if value == 2 else (250, 200, 40)
    if dim:
        ink = _mix(ink, 90, 0.45)
    label = theme.rendered(f"×{value}", max(MARK_BADGE_TEXT, size), ink, True)
    box = label.get_rect().inflate(8, 2)
    box.center = centre
    box.clamp_ip(bounds)
    pygame.draw.rect(surface, (20, 20, 20), box, border_radius=5)
    pygame.draw.rect(surface, ink, box, 1, border_radius=5)
    surface.blit(label, label.get_rect(center=box.center))
    return box


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
    digit: bool = False,
    symbol: str | None = None,
) -> None:
    """A shape's squares (row, col) from `origin`, drawn as a piece lying on the board: raised
    (lit from the top left, a shadow to the bottom right), its mark ("×2", "×3") on the marked
    square (a ring that leaves the board's number readable, the factor in the corner; a dot on
    small squares; with `digit`, off the board, the factor itself on a disc); a block shows its
    underside: darker, hatched, lit from below. With `symbol`, the owner's symbol sits in the
    top left corner of one square (not the marked one), clear of the number in its middle."""
    cells = set(squares)
    if not cells:
        return
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    rel = frozenset((r - top, c - left) for r, c in cells)
    rel_mark = None
    if mark is not None and mark[1] > 1 and not block:
        rel_mark = ((mark[0][0] - top, mark[0][1] - left), mark[1])
    img = _piece(rel, cell, tuple(colour), rel_mark, block, tuple(edge), max(0, min(255, alpha)),
                 digit, symbol)  # fmt: skip
    surface.blit(img, (origin[0] + left * cell, origin[1] + top * cell))


def _mix(c: theme.Colour, to: int, f: float) -> theme.Colour:
    return (round(c[0] + (to - c[0]) * f), round(c[1] + (to - c[1]) * f),
            round(c[2] + (to - c[2]) * f))  # fmt: skip


@lru_cache(maxsize=768)
def _piece(
    cells: frozenset[tuple[int, int]],
    cell: int,
    colour: theme.Colour,
    mark: tuple[tuple[int, int], int] | None,
    block: bool,
    edge: theme.Colour,
    alpha: int,
    digit: bool = False,
    symbol: str | None = None,
) -> pygame.Surface:
    """One piece drawn once (the board redraws every piece every frame)."""
    rows = max(r for r, _ in cells) + 1
    cols = max(c for _, c in cells) + 1
    raised = cell >= 10
    drop = max(1, cell // 9) if raised else 0  # the shadow's offset
    img = pygame.Surface((cols * cell + drop, rows * cell + drop), pygame.SRCALPHA)
    face = _mix(colour, 0, 0.38) if block else colour
    for r, c in cells:  # the shadow, then the body over it
        img.fill((0, 0, 0, 95), (c * cell + drop, r * cell + drop, cell, cell))
    for r, c in cells:
        img.fill(face, (c * cell, r * cell, cell, cell))
    if block:  # the underside: cross-hatched
        hatch = _mix(face, 0, 0.3)
        step = max(4, cell // 4)
        for r, c in cells:
            rect = pygame.Rect(c * cell, r * cell, cell, cell)
            for k in range(-cell + step, cell, step):
                pygame.draw.line(img, hatch, (rect.x + max(0, k), rect.y + max(0, -k)),
                                 (rect.x + min(cell, cell + k) - 1,
                                  rect.y + min(cell, cell - k) - 1))  # fmt: skip
                if raised:
                    pygame.draw.line(img, hatch, (rect.right - 1 - max(0, k), rect.y + max(0, -k)),
                                     (rect.right - min(cell, cell + k), rect.y + min(cell, cell - k)
                                      - 1))  # fmt: skip
    if raised:  # the bevel: lit from the top left (a block, seen from below, the other way)
        bevel = max(2, cell // 9)
        light, dark = _mix(face, 255, 0.42), _mix(face, 0, 0.35)
        if block:
            light, dark = dark, light
        seam = _mix(face, 0, 0.18)
        for r, c in cells:
            x, y = c * cell, r * cell
            if (r - 1, c) not in cells:
                img.fill(light, (x, y, cell, bevel))
            if (r, c - 1) not in cells:
                img.fill(light, (x, y, bevel, cell))
            if (r + 1, c) not in cells:
                img.fill(dark, (x, y + cell - bevel, cell, bevel))
            if (r, c + 1) not in cells:
                img.fill(dark, (x + cell - bevel, y, bevel, cell))
            if (r, c + 1) in cells:  # a faint seam: the squares can still be counted
                img.fill(seam, (x + cell - 1, y + bevel, 1, cell - 2 * bevel))
            if (r + 1, c) in cells:
                img.fill(seam, (x + bevel, y + cell - 1, cell - 2 * bevel, 1))
    width = 2 if raised else 1
    for r, c in cells:
        x, y = c * cell, r * cell
        right, bottom = x + cell - 1, y + cell - 1
        if (r - 1, c) not in cells:
            pygame.draw.line(img, edge, (x, y), (right, y), width)
        if (r + 1, c) not in cells:
            pygame.draw.line(img, edge, (x, bottom), (right, bottom), width)
        if (r, c - 1) not in cells:
            pygame.draw.line(img, edge, (x, y), (x, bottom), width)
        if (r, c + 1) not in cells:
            pygame.draw.line(img, edge, (right, y), (right, bottom), width)
    if symbol is not None and cell >= 14:  # the owner's symbol: a second cue beside colour
        marked = mark[0] if mark is not None else None
        r, c = min((sq for sq in cells if sq != marked), default=min(cells))
        size = max(6, round(cell * 0.28))
        at = (c * cell + 3 + size * 0.6, r * cell + 3 + size * 0.6)
        draw_symbol(img, symbol, at, size + 2, _mix(face, 255, 0.85) if block else (20, 20, 20))
        draw_symbol(img, symbol, at, size, face if block else _mix(face, 255, 0.8))
    if mark is not None:
        (r, c), value = mark
        centre = (c * cell + cell // 2, r * cell + cell // 2)
        ink = (255, 255, 255) if value == 2 else (250, 200, 40)
        if digit and cell >= 9:  # the factor on a disc: no number lies under it
            radius = max(5, cell // 2)  # the whole square: the factor reads in a small tray
            pygame.draw.circle(img, (20, 20, 20), centre, radius)
            pygame.draw.circle(img, ink, centre, radius - 1, 2 if cell >= 14 else 1)
            theme.text(img, str(value), centre, max(9, int(cell * 0.72)), ink, "center", True)
        elif cell >= 18:  # a ring round the square's number, and the factor in its corner
            pygame.draw.circle(img, (20, 20, 20), centre, cell // 2 - 2, 4)
            pygame.draw.circle(img, ink, centre, cell // 2 - 3, 2)
            size = max(10, int(cell * 0.32))
            chip = theme.font(size, True).size(f"×{value}")
            corner = pygame.Rect(0, 0, chip[0] + 4, chip[1])
            corner.topright = ((c + 1) * cell - 1, r * cell + 1)
            pygame.draw.rect(img, (20, 20, 20), corner, border_radius=3)
            theme.text(img, f"×{value}", corner.center, size, ink, "center", True)
        else:
            pygame.draw.circle(img, (20, 20, 20), centre, max(2, cell // 3) + 1)
            pygame.draw.circle(img, ink, centre, max(2, cell // 3))
    if alpha < 255:
        img.set_alpha(alpha)
    return img


@lru_cache(maxsize=64)
def number_chip(value: int, size: int) -> pygame.Surface:
    """A board number drawn over a placed shape: white on a small dark chip."""
    img = theme.rendered(str(value), size, (255, 255, 255), value >= 20)
    chip = pygame.Surface(img.get_rect().inflate(6, 2).size, pygame.SRCALPHA)
    pygame.draw.rect(chip, (14, 14, 14, 200), chip.get_rect(), border_radius=4)
    chip.blit(img, img.get_rect(center=chip.get_rect().center))
    return chip


def piece_size(o: Orientation) -> tuple[int, int]:
    """(columns, rows) of an orientation's bounding box."""
    return (max(c for _, c in o.squares) + 1, max(r for r, _ in o.squares) + 1)


__all__ = [
    "SEAT_SYMBOLS",
    "board_surface",
    "draw_symbol",
    "mark_badge",
    "number_chip",
    "number_size",
    "piece_size",
    "seat_colour",
    "seat_symbol",
    "shape_cells",
]
