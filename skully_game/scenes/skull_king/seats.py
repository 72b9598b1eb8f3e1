"""Where Skull King's seats and their played cards lie: the seats keep their places for the
whole game, and each played card lies in front of the seat that played it.

The shared table places the seats' boxes round the table and finds each seat a clear slot for
its card in the middle. Two things went wrong at 1024x640 (issue 40): with Greybeard the boxes
followed the order of play of the trick on show, so his and the other player's traded sides
between tricks; and in a crowded top row the search for a clear slot could push one seat's
card past its neighbour's (cards ran Mary, Grace, Edward under boxes Mary, Edward, Grace)."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame


def ring_key(rect: pygame.Rect, centre: tuple[int, int], start: float) -> float:
    """How far round the table `rect` sits, clockwise on the screen from the angle `start`."""
    angle = math.atan2(rect.centery - centre[1], rect.centerx - centre[0])
    return (angle - start) % math.tau


def in_table_order(
    rects: dict[int, pygame.Rect], viewer: int, order: Sequence[int], table: pygame.Rect
) -> dict[int, pygame.Rect]:
    """The same boxes, given to the seats clockwise from the viewer in `order` (the game's
    fixed order round the table), whatever order they were handed out in."""
    mine = rects.get(viewer)
    if mine is None or viewer not in order or len(order) != len(rects):
        return rects
    centre = table.center
    start = math.atan2(mine.centery - centre[1], mine.centerx - centre[0])
    places = sorted(
        (r for s, r in rects.items() if s != viewer), key=lambda r: ring_key(r, centre, start)
    )
    me = list(order).index(viewer)
    others = list(order[me + 1 :]) + list(order[:me])
    out = {viewer: mine}
    out.update(zip(others, places, strict=True))
    return out


def _far(a: pygame.Rect, b: pygame.Rect) -> float:
    return math.dist(a.center, b.center)


def in_front(
    slots: dict[int, pygame.Rect], boxes: dict[int, pygame.Rect], viewer: int
) -> dict[int, pygame.Rect]:
    """The same slots, each given to the seat it lies in front of: two seats trade slots while
    that brings both cards nearer their boxes in all (crossed lines from box to card uncross,
    so a row of cards runs in the order of the boxes over it). Every slot is as large as every
    other, so a trade keeps each card clear of the boxes and of the other cards. The viewer's
    card stays over the prompt."""
    out = dict(slots)
    seats = [s for s in out if s != viewer and s in boxes]
    for _ in range(len(seats) ** 2 + 1):  # each trade shortens the total: it ends
        traded = False
        for i, a in enumerate(seats):
            for b in seats[i + 1 :]:
                now = _far(boxes[a], out[a]) + _far(boxes[b], out[b])
                then = _far(boxes[a], out[b]) + _far(boxes[b], out[a])
                if then < now - 0.5:
                    out[a], out[b] = out[b], out[a]
                    traded = True
        if not traded:
            break
    return out


__all__ = ["in_front", "in_table_order", "ring_key"]
