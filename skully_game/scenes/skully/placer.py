"""Where the words over the board go, so that none hides another: the call-outs, the caps'
labels and the START word, placed by one placer around the fixed things a player reads (caps,
box and skull numbers).

Pure geometry on rectangles (left, top, width, height) in any units (screen pixels for the
labels, metres along the start line for the START word); no pygame here, so it is tested alone.
Things are placed in order of priority (the highest first, ties in the order given): each takes
the first of its wanted spots that covers neither a thing placed before it nor an obstacle;
failing that, a spot further out round its first wish; failing that, a spot clear of the things
placed that covers as little of the obstacles as it can. A thing that finds no spot clear of the
things placed is left out, unless it must be shown (then it goes where it covers least): two
placed things never overlap.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

Box = tuple[float, float, float, float]  # left, top, width, height
Point = tuple[float, float]

RING_DIRECTIONS = 16  # spots tried on each ring round the first wish, when none of the wishes fit


@dataclass(frozen=True)
class Wish:
    """A thing to place: its size, where it would go (top-left corners, best first), how much it
    matters (higher: placed first), and whether it must be shown even where it covers another."""

    key: str
    size: tuple[float, float]
    spots: tuple[Point, ...]
    priority: int = 0
    must: bool = False
    search: float = 0.0  # how far round the first spot to look (0: only the spots given)


def overlap(a: Box, b: Box) -> float:
    """The area two boxes share (0 when they only touch)."""
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def clamp(box: Box, frame: Box | None) -> Box:
    """The box moved (not shrunk) to lie inside the frame, as far as it fits."""
    if frame is None:
        return box
    x, y, w, h = box
    fx, fy, fw, fh = frame
    x = min(max(x, fx), fx + fw - w) if w <= fw else fx
    y = min(max(y, fy), fy + fh - h) if h <= fh else fy
    return (x, y, w, h)


def _wished(wish: Wish, frame: Box | None) -> list[Box]:
    """The wish's own spots in order, each kept inside the frame."""
    w, h = wish.size
    return [clamp((x, y, w, h), frame) for x, y in wish.spots]


def _rings(wish: Wish, frame: Box | None) -> list[Box]:
    """Spots on rings round the wish's first spot, out to its `search`, inside the frame."""
    if wish.search <= 0 or not wish.spots:
        return []
    w, h = wish.size
    x0, y0 = wish.spots[0]
    step = max(min(w, h) * 0.75, 1e-9)
    out = []
    for k in range(1, max(1, math.ceil(wish.search / step)) + 1):
        r = k * step
        for j in range(RING_DIRECTIONS):
            a = 2 * math.pi * j / RING_DIRECTIONS
            out.append(clamp((x0 + r * math.cos(a), y0 + r * math.sin(a), w, h), frame))
    return out


def _cover(box: Box, others: Sequence[Box]) -> float:
    return sum(overlap(box, o) for o in others)


def _clear(box: Box, others: Sequence[Box]) -> bool:
    """The box overlaps none of the others (touching is clear)."""
    x, y, w, h = box
    right, bottom = x + w, y + h
    for ox, oy, ow, oh in others:
        if x < ox + ow and ox < right and y < oy + oh and oy < bottom:
            return False
    return True


def _union(boxes: Sequence[Box]) -> Box:
    left = min(b[0] for b in boxes)
    top = min(b[1] for b in boxes)
    right = max(b[0] + b[2] for b in boxes)
    bottom = max(b[1] + b[3] for b in boxes)
    return (left, top, right - left, bottom - top)


def place(
    wishes: Sequence[Wish],
    obstacles: Sequence[Box] = (),
    frame: Box | None = None,
    gap: float = 0.0,
) -> dict[str, Box]:
    """Where each wish goes (by key); a wish that found no room is not in the answer. `gap`
    keeps placed things that far apart from each other and from the obstacles."""
    return dict(_place(tuple(wishes), tuple(obstacles), frame, gap))


@lru_cache(maxsize=64)
def _place(
    wishes: tuple[Wish, ...], obstacles: tuple[Box, ...], frame: Box | None, gap: float
) -> tuple[tuple[str, Box], ...]:
    """The placing itself, remembered: a still view asks the same every frame."""
    grown = [(x - gap, y - gap, w + 2 * gap, h + 2 * gap) for x, y, w, h in obstacles]
    placed: list[Box] = []  # grown by the gap, as the obstacles are
    out: list[tuple[str, Box]] = []
    order = sorted(range(len(wishes)), key=lambda k: -wishes[k].priority)
    for k in order:
        wish = wishes[k]
        spots: list[Box] = []
        choice = None
        for more in (_wished, _rings):  # the rings only when no wish of its own is clear
            found = more(wish, frame)
            if not found:
                continue
            spots += found
            # only what lies near the spots matters: a crowded board is checked quickly
            reach = _union(spots)
            near_placed = [b for b in placed if overlap(reach, b)]
            near = [b for b in grown if overlap(reach, b)]
            choice = next((b for b in found if _clear(b, near_placed) and _clear(b, near)), None)
            if choice is not None:
                break
        if choice is None and spots:
            free = [b for b in spots if _clear(b, near_placed)]
            if free:
                choice = min(free, key=lambda b: _cover(b, near))
            elif wish.must:
                choice = min(spots, key=lambda b: (_cover(b, near_placed), _cover(b, near)))
        if choice is None:
            continue
        x, y, w, h = choice
        placed.append((x - gap, y - gap, w + 2 * gap, h + 2 * gap))
        out.append((wish.key, choice))
    return tuple(out)
