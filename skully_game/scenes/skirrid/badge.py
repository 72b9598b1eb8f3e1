"""Where the "+N" badge of a held shape goes: beside the shape, on the board, clear of every
number a player may still want to read (a play-tester found it lying over a board number) and
clear of the shape itself; failing that, over as few of them as it can."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pygame


def number_mark(square: pygame.Rect) -> pygame.Rect:
    """The part of a square its number takes (the middle): a badge touching the square's
    edge leaves the number readable."""
    return square.inflate(-square.w * 2 // 5, -square.h * 2 // 5)


def _outline(
    cells: list[tuple[int, int]], origin: tuple[int, int], cell: int
) -> tuple[list[pygame.Rect], int, int, int, int]:
    """The shape's squares on the screen, and its bounds: left, right, top, bottom."""
    ox, oy = origin
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    shape = [pygame.Rect(ox + c * cell, oy + r * cell, cell, cell) for r, c in cells]
    left, right = ox + min(cols) * cell, ox + (max(cols) + 1) * cell
    top, bottom = oy + min(rows) * cell, oy + (max(rows) + 1) * cell
    return shape, left, right, top, bottom


def _covered(
    box: pygame.Rect,
    shape: list[pygame.Rect],
    origin: tuple[int, int],
    cell: int,
    board: pygame.Rect,
    shown: Callable[[int, int], bool],
) -> int:
    """What `box` covers: off the board 1000, each square of the shape 100, each readable
    number 1 (0: nothing)."""
    if not board.contains(box):
        return 1000
    ox, oy = origin
    n = board.w // cell if cell else 0
    hits = sum(100 for s in shape if s.colliderect(box))
    c0, c1 = max(0, (box.left - ox) // cell), min(n - 1, (box.right - 1 - ox) // cell)
    r0, r1 = max(0, (box.top - oy) // cell), min(n - 1, (box.bottom - 1 - oy) // cell)
    for r in range(r0, r1 + 1):
        for c in range(c0, c1 + 1):
            square = pygame.Rect(ox + c * cell, oy + r * cell, cell, cell)
            if shown(r, c) and number_mark(square).colliderect(box):
                hits += 1
    return hits


def badge_spot(
    size: tuple[int, int],
    cells: Iterable[tuple[int, int]],
    origin: tuple[int, int],
    cell: int,
    board: pygame.Rect,
    shown: Callable[[int, int], bool],
) -> pygame.Rect:
    """The badge's rect of `size` beside the shape on `cells` (row, col): the first of the
    places round it (right of its top, left of its top, above, below, right and left of its
    foot, then a square further out) that lies on the board and covers no number `shown(r, c)`
    says is readable and no square of the shape; else the one covering fewest."""
    shape, left, right, top, bottom = _outline(list(cells), origin, cell)
    w, h = size
    gap = 4
    places = []
    for far in (0, cell):
        places += [
            (right + gap + far, top),
            (left - gap - w - far, top),
            (right - w, top - gap - h - far),
            (left, top - gap - h - far),
            (right - w, bottom + gap + far),
            (left, bottom + gap + far),
            (right + gap + far, bottom - h),
            (left - gap - w - far, bottom - h),
        ]
    best: pygame.Rect | None = None
    best_cost = 0
    for x, y in places:
        box = pygame.Rect(x, y, w, h)
        k = _covered(box, shape, origin, cell, board, shown)
        if k == 0:
            return box
        if best is None or k < best_cost:
            best, best_cost = box, k
    assert best is not None
    if not board.contains(best):
        best.clamp_ip(board)
    return best


def numbers_covered(
    box: pygame.Rect,
    origin: tuple[int, int],
    cell: int,
    n: int,
    shown: Callable[[int, int], bool],
) -> int:
    """How many readable board numbers `box` lies over (the part of it off the board covers
    none): what a tip must keep to nothing where the window has room (issue 40)."""
    if cell <= 0:
        return 0
    ox, oy = origin
    c0, c1 = max(0, (box.left - ox) // cell), min(n - 1, (box.right - 1 - ox) // cell)
    r0, r1 = max(0, (box.top - oy) // cell), min(n - 1, (box.bottom - 1 - oy) // cell)
    hits = 0
    for r in range(r0, r1 + 1):
        for c in range(c0, c1 + 1):
            square = pygame.Rect(ox + c * cell, oy + r * cell, cell, cell)
            if shown(r, c) and number_mark(square).colliderect(box):
                hits += 1
    return hits


def _ring_marks(
    cells: list[tuple[int, int]],
    origin: tuple[int, int],
    cell: int,
    board: pygame.Rect,
    shown: Callable[[int, int], bool],
) -> list[pygame.Rect]:
    """The numbers shown in the squares round a shape (diagonals too): what a player reads
    beside the shape its words are about."""
    ox, oy = origin
    n = board.w // cell if cell else 0
    own = set(cells)
    out = []
    for r, c in own:
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                rr, cc = r + dr, c + dc
                if (rr, cc) in own or not (0 <= rr < n and 0 <= cc < n) or not shown(rr, cc):
                    continue
                out.append(number_mark(pygame.Rect(ox + cc * cell, oy + rr * cell, cell, cell)))
    return out


def tip_spot(
    size: tuple[int, int],
    cells: Iterable[tuple[int, int]],
    origin: tuple[int, int],
    cell: int,
    board: pygame.Rect,
    beside: pygame.Rect,
    shown: Callable[[int, int], bool],
) -> pygame.Rect:
    """Where a placed shape's words of `size` go (a play-tester found them under the pointer,
    over the neighbouring shapes and their numbers): above or below the shape, on the board,
    if that covers no number `shown(r, c)` and no square of the shape; else elsewhere on the
    board where it covers no number; else beside the board, in `beside` (the panel's edge),
    where it covers none; only with no room there, on the board over the fewest numbers,
    never the shape or the numbers round it."""
    shape, left, right, top, bottom = _outline(list(cells), origin, cell)
    w, h = size
    gap = 4
    for x, y in ((left, top - gap - h), (right - w, top - gap - h), (left, bottom + gap),
                 (right - w, bottom + gap)):  # fmt: skip
        box = pygame.Rect(x, y, w, h)
        if _covered(box, shape, origin, cell, board, shown) == 0:
            return box
    # else elsewhere on the board, off the shape and every number next to it, over the
    # fewest numbers further off, nearest it: beside the board they lay over the side panel
    # the player reads (issue 40)
    ring = _ring_marks(list(cells), origin, cell, board, shown)
    best: tuple[tuple[int, int], pygame.Rect] | None = None
    for far in range(0, 6 * cell + 1, max(1, cell // 2)):
        for x, y in ((left, top - gap - h - far), (right - w, top - gap - h - far),
                     (left, bottom + gap + far), (right - w, bottom + gap + far),
                     (right + gap + far, top), (left - gap - w - far, top),
                     (right + gap + far, bottom - h), (left - gap - w - far, bottom - h)):  # fmt: skip
            box = pygame.Rect(x, y, w, h)
            box.clamp_ip(board)
            cost = _covered(box, shape, origin, cell, board, shown)
            if cost >= 100 or box.collidelist(ring) >= 0:
                continue
            if best is None or (cost, far) < best[0]:
                best = ((cost, far), box)
        if best is not None and best[0][0] == 0:
            break
    if best is not None and best[0][0] == 0:
        return best[1]
    # no clear place on the board: beside it, level with the shape, where the words cover no
    # number at all (over the board they hid 3, 4 and 5 of a row: issue 40); only where the
    # window has no room beside the board, over the fewest numbers off the shape's ring
    if beside.w >= w and beside.h >= h:
        box = pygame.Rect(beside.x, top, w, h)
        box.clamp_ip(beside)
        return box
    if best is not None:
        return best[1]
    box = pygame.Rect(beside.x, top, w, h)
    box.clamp_ip(beside)
    return box


__all__ = ["badge_spot", "number_mark", "numbers_covered", "tip_spot"]
