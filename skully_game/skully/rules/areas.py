"""Where a cap may be put down, as plain geometry the table can draw, test and snap to.

An Area is a union of axis-aligned rectangles, convex polygons and line segments (with a reach:
how far the cap's centre may be from the segment). All tests are on the cap's centre.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from skully_game.skully.geometry import Board, Rect, Trapezoid, Vec

Segment = tuple[Vec, Vec]
Polygon = tuple[Vec, ...]

# Box pairs share lines (rules 1.6.9): with linesies a cap obtained in one may go on either's lines.
PAIRS: dict[int, int] = {5: 7, 7: 5, 6: 8, 8: 6, 9: 11, 11: 9, 10: 12, 12: 10}
_EPS = 1e-9


@dataclass(frozen=True)
class Area:
    """Allowed places for a cap's centre."""

    rects: tuple[Rect, ...] = ()
    polygons: tuple[Polygon, ...] = ()
    segments: tuple[Segment, ...] = ()
    reach: float = 0.0  # how far from a segment the centre may be

    def is_allowed(self, p: Vec) -> bool:
        if any(r[0] <= p[0] <= r[2] and r[1] <= p[1] <= r[3] for r in self.rects):
            return True
        if any(_in_convex(p, poly) for poly in self.polygons):
            return True
        return any(_segment_distance(p, a, b) <= self.reach + _EPS for a, b in self.segments)

    def bounds(self) -> Rect | None:
        """The smallest box holding every allowed point (None for an empty area)."""
        xs: list[float] = []
        ys: list[float] = []
        for r in self.rects:
            xs += [r[0], r[2]]
            ys += [r[1], r[3]]
        for poly in self.polygons:
            xs += [p[0] for p in poly]
            ys += [p[1] for p in poly]
        for a, b in self.segments:
            xs += [min(a[0], b[0]) - self.reach, max(a[0], b[0]) + self.reach]
            ys += [min(a[1], b[1]) - self.reach, max(a[1], b[1]) + self.reach]
        if not xs:
            return None
        return (min(xs), min(ys), max(xs), max(ys))

    def snap(self, p: Vec) -> Vec:
        """The allowed point nearest to p (p itself if allowed): what a dragged cap settles on."""
        if self.is_allowed(p):
            return p
        best: Vec | None = None
        best_d = math.inf
        for r in self.rects:
            q = (min(max(p[0], r[0]), r[2]), min(max(p[1], r[1]), r[3]))
            best, best_d = _better(p, q, best, best_d)
        for poly in self.polygons:
            for a, b in zip(poly, poly[1:] + poly[:1], strict=True):
                best, best_d = _better(p, _closest(p, a, b), best, best_d)
        for a, b in self.segments:
            q = _closest(p, a, b)
            d = math.dist(p, q)
            if d > self.reach > 0:  # stop at the edge of the reach, not the centreline
                f = (d - self.reach * 0.999) / d
                q = (p[0] + (q[0] - p[0]) * f, p[1] + (q[1] - p[1]) * f)
            best, best_d = _better(p, q, best, best_d)
        if best is None:
            raise ValueError("an empty area has no nearest point")
        return best


def _better(p: Vec, q: Vec, best: Vec | None, best_d: float) -> tuple[Vec | None, float]:
    d = math.dist(p, q)
    return (q, d) if d < best_d else (best, best_d)


def _closest(p: Vec, a: Vec, b: Vec) -> Vec:
    vx, vy = b[0] - a[0], b[1] - a[1]
    length2 = vx * vx + vy * vy
    t = 0.0 if length2 == 0 else ((p[0] - a[0]) * vx + (p[1] - a[1]) * vy) / length2
    t = max(0.0, min(1.0, t))
    return (a[0] + t * vx, a[1] + t * vy)


def _segment_distance(p: Vec, a: Vec, b: Vec) -> float:
    return math.dist(p, _closest(p, a, b))


def _in_convex(p: Vec, poly: Polygon) -> bool:
    sign = 0
    for a, b in zip(poly, poly[1:] + poly[:1], strict=True):
        cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
        if abs(cross) <= _EPS:
            continue
        s = 1 if cross > 0 else -1
        if sign and s != sign:
            return False
        sign = s
    return True


def rect_sides(r: Rect) -> tuple[Segment, ...]:
    """The four chalk lines of a box, as centreline segments."""
    x0, y0, x1, y1 = r
    return (((x0, y0), (x1, y0)), ((x1, y0), (x1, y1)), ((x1, y1), (x0, y1)), ((x0, y1), (x0, y0)))


def skull_lines(board: Board) -> tuple[Segment, ...]:
    """The skull's outer square and its four diagonals."""
    return rect_sides(board.skull) + tuple(board.diagonals)


def trapezoid_polygon(board: Board, trap: Trapezoid) -> Polygon:
    """The trapezoid between 13 and the skull's edge, up to the centres of its lines."""
    s, t = board.skull, board.boxes[13]
    corners = {
        Trapezoid.BOTTOM: ((s[0], s[1]), (s[2], s[1]), (t[2], t[1]), (t[0], t[1])),
        Trapezoid.RIGHT: ((s[2], s[1]), (s[2], s[3]), (t[2], t[3]), (t[2], t[1])),
        Trapezoid.TOP: ((s[2], s[3]), (s[0], s[3]), (t[0], t[3]), (t[2], t[3])),
        Trapezoid.LEFT: ((s[0], s[3]), (s[0], s[1]), (t[0], t[1]), (t[0], t[3])),
    }
    return corners[trap]


def box_area(board: Board, box: int, linesies: bool) -> Area:
    """Ruling 6: inside the box obtained or on its lines; with linesies, on the connected lines.

    Box pairs connect the two boxes' lines; 13 connects to the skull's lines. Corner boxes have
    no connected lines beyond their own.
    """
    w2 = board.spec.line_width / 2
    r = board.boxes[box]
    rect = (r[0] - w2, r[1] - w2, r[2] + w2, r[3] + w2)
    segments: tuple[Segment, ...] = ()
    if linesies and box in PAIRS:
        segments = rect_sides(r) + rect_sides(board.boxes[PAIRS[box]])
    elif linesies and box == 13:
        segments = rect_sides(r) + skull_lines(board)
    return Area(rects=(rect,), segments=segments, reach=w2)


def skull_area(board: Board) -> Area:
    """The whole skull with its lines (a killer who owns the board and lands in the skull)."""
    polygons = tuple(trapezoid_polygon(board, t) for t in Trapezoid)
    return Area(polygons=polygons, segments=skull_lines(board), reach=board.spec.line_width / 2)


def start_area(board: Board, radius: float) -> Area:
    """Behind the start line, the whole disc clear of its chalk, up to a box's depth back."""
    (ax, ay), (bx, by) = board.start_line
    nx, ny = board.start_normal
    near = radius + board.spec.line_width / 2 + 1e-6
    far = near + board.spec.box_side
    polygon = (
        (ax - near * nx, ay - near * ny),
        (bx - near * nx, by - near * ny),
        (bx - far * nx, by - far * ny),
        (ax - far * nx, ay - far * ny),
    )
    return Area(polygons=(polygon,))


def out_of_town_square(board: Board) -> Rect:
    """The out-of-town line, drawn as a square a little beyond the out-of-town distance."""
    d = board.spec.out_of_town * (1 + 1e-9) + 1e-9
    s = board.side
    return (-d, -d, s + d, s + d)


def out_of_town_area(board: Board) -> Area:
    """The out-of-town line a killer may put its cap on (ruling 10)."""
    return Area(segments=rect_sides(out_of_town_square(board)), reach=board.spec.line_width / 2)


def out_of_town_point(board: Board, p: Vec | None) -> Vec:
    """Where a cap going out of town lands: on the line, straight out from the centre past p."""
    cx, cy = board.centre
    dx, dy = (0.0, -1.0) if p is None else (p[0] - cx, p[1] - cy)
    if max(abs(dx), abs(dy)) < 1e-9:
        dx, dy = 0.0, -1.0
    r = out_of_town_square(board)
    half = r[2] - cx
    t = half / max(abs(dx), abs(dy))
    return (cx + dx * t, cy + dy * t)
