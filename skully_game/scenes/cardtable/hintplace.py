"""Where the words about the hand go over the prompt (a card's name, why not now, a hint's
reason): as low as they are clear of every seat, stack and the header, in one line if there is
room for one anywhere, else in two of about the same length, else smaller (a long Skull hint at
1024x640 lay over one's own seat and stack, drawn over the prompt for want of room)."""

from __future__ import annotations

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
    for size in SIZES:
        full = theme.font(size).size(text)[0]
        two = theme.wrap_lines(text, size, min(room, full // 2 + 60), 2)
        three = theme.wrap_lines(text, size, min(room, full // 3 + 60), 3)
        tries = ([text], two, three) if full <= room else (two, three)
        for lines in tries:
            top = _top(lines, x, size, prompt_y, top_limit, avoid)
            if top is not None:
                return lines, top, size
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
