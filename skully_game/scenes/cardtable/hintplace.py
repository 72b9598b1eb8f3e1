"""Where the words about the hand go over the prompt (a card's name, why not now, a hint's
reason): as low as they are clear of every seat, stack and the header, in one line if there is
room for one anywhere, else in two of about the same length, else smaller (a long Skull hint at
1024x640 lay over one's own seat and stack, drawn over the prompt for want of room)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from skully_game.shell import theme

SIZES = (20, 17)  # px: the words' size, smaller only when no room at the usual one


def row(size: int) -> int:
    """The height of a line at `size` (20 at the usual size, tighter below it)."""
    return 20 if size >= 20 else size + 1


def place(
    text: str, x: int, room: int, prompt_y: int, top_limit: int, avoid: list[pygame.Rect]
) -> tuple[list[str], int, int]:
    """(lines, top, size): `text` centred on `x` within `room` px, over `prompt_y`, clear of
    `avoid` and above `top_limit` when it can be; with no room at all, two lines at the usual
    size over the prompt."""
    found: list[tuple[list[str], int, int]] = []
    for size in SIZES:
        full = theme.font(size).size(text)[0]
        two = theme.wrap_lines(text, size, min(room, full // 2 + 60), 2)
        three = theme.wrap_lines(text, size, min(room, full // 3 + 60), 3)
        tries = ([text], two, three) if full <= room else (two, three)
        for lines in tries:
            top = _top(lines, x, size, prompt_y, top_limit, avoid)
            if top is not None:
                found.append((lines, top, size))
    if found:
        # the lowest, nearest the prompt (within a line's height: the larger size, then fewer
        # lines): two wide lines rose over a seat's box, a hundred pixels from the hand, where
        # three narrower ones sat by the prompt
        def low(f: tuple[list[str], int, int]) -> tuple[int, int, int]:
            lines, top, size = f
            return ((top + row(size) * len(lines) - prompt_y) // 24, size, -len(lines))

        return max(found, key=low)
    size = SIZES[0]
    two = theme.wrap_lines(text, size, room, 2)
    return two, prompt_y - 2 - row(size) * len(two), size


def _top(
    lines: list[str], x: int, size: int, prompt_y: int, top_limit: int, avoid: list[pygame.Rect]
) -> int | None:
    """The top of `lines` centred on `x` as low over the prompt as they are clear of `avoid`
    and `top_limit` (None: nowhere)."""
    width = max(theme.font(size).size(t)[0] for t in lines)
    rect = pygame.Rect(0, 0, width + 8, row(size) * len(lines) + 4)
    for bottom in range(prompt_y - 2, top_limit + rect.h, -2):
        rect.midbottom = (x, bottom)
        if rect.collidelist(avoid) < 0:
            return rect.top + 2
    return None


NEAR = 60  # px over the prompt a moved line may rise: it still reads as the prompt's
Placed = tuple[list[str], int, int, int, pygame.Rect | None]  # lines, top, size, x, a panel
_PLACED: dict[tuple[object, ...], Placed] = {}


def place_in(
    text: str, x: int, table: pygame.Rect, prompt_y: int, top_limit: int, avoid: list[pygame.Rect]
) -> Placed:
    """As `place`, centred on `x` (the hand) when the words are clear there; else moved along
    the row as little as clears them; else, with no clear room over the prompt, on a panel of
    their own over the prompt, which they stand for (with eight Skull seats at 1024x640 the
    hint lay over one's own seat)."""
    key = (text, x, tuple(table), prompt_y, top_limit, tuple(tuple(r) for r in avoid))
    if (known := _PLACED.get(key)) is not None:
        return known
    room = 2 * min(x - table.x, table.right - x) - 24
    lines, top, size = place(text, x, room, prompt_y, top_limit, avoid)
    found: Placed = (lines, top, size, x, None)
    if _box(lines, top, size, x).collidelist(avoid) >= 0:
        found = _moved(text, x, table, prompt_y, avoid) or _over_prompt(text, table, prompt_y)
    if len(_PLACED) > 64:
        _PLACED.clear()
    _PLACED[key] = found
    return found


def _over_prompt(text: str, table: pygame.Rect, prompt_y: int) -> Placed:
    size = SIZES[-1]
    lines = theme.wrap_lines(text, size, table.w - 40, 2)
    panel = pygame.Rect(table.x + 12, prompt_y - 4, table.w - 24, row(size) * len(lines) + 8)
    return lines, prompt_y, size, table.centerx, panel


def draw(
    surface: pygame.Surface, placed: Placed, say: Callable[[str, tuple[int, int], int], None]
) -> None:
    """The words where `place_in` put them (`say` draws one line, midtop at a point), on a
    panel when they stand over the prompt."""
    lines, top, size, x, panel = placed
    if panel is not None:  # (as wide as the table: no end of the prompt shows round it)
        pygame.draw.rect(surface, theme.PANEL, panel, 0, 8)
    for k, line in enumerate(lines):
        say(line, (x, top + row(size) * k), size)


def _box(lines: list[str], top: int, size: int, x: int) -> pygame.Rect:
    width = max(theme.font(size).size(t)[0] for t in lines)
    box = pygame.Rect(0, 0, width + 8, row(size) * len(lines) + 4)
    box.midtop = (x, top - 2)
    return box


def _moved(
    text: str, x: int, table: pygame.Rect, prompt_y: int, avoid: list[pygame.Rect]
) -> Placed | None:
    """The words moved along the row, nearest `x` first, just over the prompt."""
    wide = table.w - 24
    for size in SIZES:
        full = theme.font(size).size(text)[0]
        tries = [theme.wrap_lines(text, size, min(wide, full // n + 60), n) for n in (2, 3)]
        for lines in ([text], *tries) if full <= wide else tries:
            half = max(theme.font(size).size(t)[0] for t in lines) // 2 + 4
            spots = range(table.x + 12 + half, table.right - 12 - half + 1, 8)
            for cx in sorted(spots, key=lambda c: abs(c - x)):
                top = _top(lines, cx, size, prompt_y, prompt_y - NEAR, avoid)
                if top is not None:
                    return lines, top, size, cx, None
    return None
