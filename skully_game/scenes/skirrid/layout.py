"""Where the Skirrid table's areas lie for the window's size: the board on the left as large as
the height allows, the side panel on the right (seats, tray, prompt, log, buttons)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

MARGIN = 12
PANEL_MIN = 340
ROW_H = 42  # a seat's row in the panel
ROW_H_SHORT = 36  # in a short window (under 720 pixels): more room for the log
TRAY_CELL = 22  # a square of a tray shape, at its largest
TRAY_CELL_MIN = 9  # and its smallest, where the panel is short of room
TRAY_PAD = 6  # round a shape inside its tray slot
TRAY_GAP = 4  # between two slots
LOG_MIN = 6  # the log rows the tray leaves room for, with a prompt of PROMPT_ROWS lines
PROMPT_ROWS = 2


@dataclass(frozen=True)
class Layout:
    board: pygame.Rect
    cell: int
    panel: pygame.Rect


def tray_flow(sizes: list[tuple[int, int]], width: int, room: int) -> tuple[int, list[pygame.Rect]]:
    """The tray's slots for pieces of `sizes` (columns, rows), in order, laid in rows as a
    line of words wraps within `width`, with squares as large as lets every row fit in `room`
    pixels of height (not over TRAY_CELL, not under TRAY_CELL_MIN): (the square's size, each
    slot's rect from the tray's top left). Only the pieces held take room, so a short panel
    still shows them large (a grid of a column per shape and a row per mark left most of it
    empty, the pieces 9 pixels a square at 1024x640)."""
    for cell in range(TRAY_CELL, TRAY_CELL_MIN - 1, -1):
        rects = _flow(sizes, width, cell)
        if not rects or max(r.bottom for r in rects) <= room:
            return cell, rects
    return TRAY_CELL_MIN, _flow(sizes, width, TRAY_CELL_MIN)


def _flow(sizes: list[tuple[int, int]], width: int, cell: int) -> list[pygame.Rect]:
    rects: list[pygame.Rect] = []
    x = y = line_h = 0
    line: list[pygame.Rect] = []
    for cols, rows in sizes:
        w, h = cols * cell + 2 * TRAY_PAD, rows * cell + 2 * TRAY_PAD
        if line and x + w > width:  # the next row
            y += line_h + TRAY_GAP
            x = line_h = 0
            line = []
        rect = pygame.Rect(x, y, w, h)
        line.append(rect)
        rects.append(rect)
        x += w + TRAY_GAP
        line_h = max(line_h, h)
        for other in line:  # a row's slots all as tall as its tallest: one even line
            other.h = line_h
    return rects


def board_layout(size: tuple[int, int], n: int) -> Layout:
    """The board of `n` squares a side and the panel beside it, in a window of `size`."""
    w, h = size
    side = min(h - 2 * MARGIN, w - PANEL_MIN - 3 * MARGIN)
    cell = max(8, side // n)
    board = pygame.Rect(MARGIN, (h - cell * n) // 2, cell * n, cell * n)
    panel = pygame.Rect(board.right + MARGIN, 0, w - board.right - MARGIN, h)
    return Layout(board, cell, panel)


__all__ = [
    "LOG_MIN",
    "MARGIN",
    "PANEL_MIN",
    "PROMPT_ROWS",
    "ROW_H",
    "ROW_H_SHORT",
    "TRAY_CELL",
    "TRAY_CELL_MIN",
    "TRAY_GAP",
    "TRAY_PAD",
    "Layout",
    "board_layout",
    "tray_flow",
]
