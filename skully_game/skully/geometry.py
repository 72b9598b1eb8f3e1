"""Where a cap lies on a board: the region queries the rules and the table read.

All tests are on the cap's whole disc (centre and radius), with the chalk lines as bands of the
board's line width: "in a box" means wholly inside the inner edge of its line (ruling 2).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import IntEnum

from skully_game.skully.board import BoardSpec, box_rects

Vec = tuple[float, float]
Rect = tuple[float, float, float, float]

SKULL_LINE = "skull"  # the skull's outer square and its four diagonal lines


class Trapezoid(IntEnum):
    """The four skull trapezoids, clockwise from the bottom one (the side of box 1 and the start)."""

    BOTTOM = 0
    LEFT = 1
    TOP = 2
    RIGHT = 3


@dataclass(frozen=True)
class Place:
    """Everything the rules need to know about one cap at rest."""

    box: int | None  # the box (1-13) the disc is wholly inside, not touching its line
    lines: frozenset[int | str]  # boxes whose line the disc touches, and "skull"
    in_skull: bool  # wholly inside the skull's outer edge and not in 13 (ruling 3)
    trapezoid: Trapezoid | None  # the trapezoid holding the centre, when in the skull
    skull_number: int | None  # that trapezoid's number
    off_board: bool  # the whole disc is outside the board square
    out_of_town: bool  # the centre is on or beyond the out-of-town line
    behind_start: bool  # the whole disc is behind the start line's far edge

    @property
    def in_thirteen(self) -> bool:
        return self.box == 13

    def label(self) -> str:
        """A short caption the table shows beside a cap."""
        if self.out_of_town:
            return "out of town"
        if self.box is not None:
            return f"in {self.box}"
        if self.in_skull:
            # on 13's line is not in 13 (ruling 2) but in the skull (ruling 3): the eye sees 13's
            # line, so the label names the line and what the rules made of it
            on_thirteen = "on 13's line: " if 13 in self.lines else ""
            return f"{on_thirteen}skull {self.skull_number}"
        if self.behind_start:
            return "behind start"
        if self.off_board:
            return "off the board"
        boxes = sorted(n for n in self.lines if isinstance(n, int))
        if boxes:
            return "on the line of " + "/".join(str(n) for n in boxes)
        if SKULL_LINE in self.lines:
            return "on the skull line"
        return "on the board"


def _rect_distance(x: float, y: float, r: Rect) -> float:
    """Euclidean distance from a point to a rectangle (0 inside)."""
    dx = max(r[0] - x, 0.0, x - r[2])
    dy = max(r[1] - y, 0.0, y - r[3])
    return math.hypot(dx, dy)


def _segment_distance(p: Vec, a: Vec, b: Vec) -> float:
    ax, ay = a
    vx, vy = b[0] - ax, b[1] - ay
    length2 = vx * vx + vy * vy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * vx + (p[1] - ay) * vy) / length2))
    return math.hypot(p[0] - ax - t * vx, p[1] - ay - t * vy)


def _grow(r: Rect, d: float) -> Rect:
    return (r[0] - d, r[1] - d, r[2] + d, r[3] + d)


def _inside(x: float, y: float, radius: float, r: Rect) -> bool:
    """The whole disc is strictly inside the rectangle."""
    return r[0] < x - radius and x + radius < r[2] and r[1] < y - radius and y + radius < r[3]


@dataclass(frozen=True)
class Board:
    """Derived geometry of a BoardSpec: box squares, skull, start line, out of town."""

    spec: BoardSpec
    boxes: dict[int, Rect] = field(init=False)
    skull: Rect = field(init=False)
    diagonals: tuple[tuple[Vec, Vec], ...] = field(init=False)
    start_line: tuple[Vec, Vec] = field(init=False)
    start_normal: Vec = field(init=False)  # unit vector pointing from the start line onto the board
    # Each box's line as two rectangles, its inside and its outside edge (computed once: the
    # planner judges thousands of rest positions a decision), and a memo of judged positions
    # (a cap that did not move is judged the same in every shot the planner tries).
    _inner: dict[int, Rect] = field(init=False, repr=False, compare=False)
    _outer: dict[int, Rect] = field(init=False, repr=False, compare=False)
    _places: dict[tuple[float, float, float], Place] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        spec = self.spec
        boxes = box_rects(spec)
        mid = spec.board_side / 2
        half = spec.skull_side / 2
        skull = (mid - half, mid - half, mid + half, mid + half)
        t = boxes[13]
        inner = ((t[0], t[1]), (t[0], t[3]), (t[2], t[3]), (t[2], t[1]))
        outer = (
            (skull[0], skull[1]),
            (skull[0], skull[3]),
            (skull[2], skull[3]),
            (skull[2], skull[1]),
        )
        diagonals = tuple(zip(inner, outer, strict=True))
        u = (math.sqrt(0.5), math.sqrt(0.5))
        corner = boxes[1][0], boxes[1][1]
        centre = (corner[0] - spec.start_distance * u[0], corner[1] - spec.start_distance * u[1])
        half_len = 1.5 * spec.box_side
        perp = (u[0], -u[1])
        start = (
            (centre[0] - half_len * perp[0], centre[1] - half_len * perp[1]),
            (centre[0] + half_len * perp[0], centre[1] + half_len * perp[1]),
        )
        object.__setattr__(self, "boxes", boxes)
        object.__setattr__(self, "skull", skull)
        object.__setattr__(self, "diagonals", diagonals)
        object.__setattr__(self, "start_line", start)
        object.__setattr__(self, "start_normal", u)
        w2 = spec.line_width / 2
        object.__setattr__(self, "_inner", {n: _grow(r, -w2) for n, r in boxes.items()})
        object.__setattr__(self, "_outer", {n: _grow(r, w2) for n, r in boxes.items()})
        object.__setattr__(self, "_places", {})

    @property
    def side(self) -> float:
        return self.spec.board_side

    @property
    def centre(self) -> Vec:
        return (self.spec.board_side / 2, self.spec.board_side / 2)

    def box_centre(self, number: int) -> Vec:
        r = self.boxes[number]
        return ((r[0] + r[2]) / 2, (r[1] + r[3]) / 2)

    def trapezoid_centre(self, trap: Trapezoid) -> Vec:
        """A point well inside a trapezoid, halfway between 13 and the skull edge."""
        cx, cy = self.centre
        d = (self.spec.skull_side + self.spec.thirteen_side) / 4
        offsets = {
            Trapezoid.BOTTOM: (0, -d),
            Trapezoid.LEFT: (-d, 0),
            Trapezoid.TOP: (0, d),
            Trapezoid.RIGHT: (d, 0),
        }
        ox, oy = offsets[trap]
        return (cx + ox, cy + oy)

    def inner_rect(self, number: int) -> Rect:
        """The inside of a box's line: a cap wholly in here is in the box."""
        return self._inner[number]

    def start_distance_of(self, p: Vec) -> float:
        """Signed distance of a point past the start line's centre, positive towards the board."""
        (ax, ay), (bx, by) = self.start_line
        mx, my = (ax + bx) / 2, (ay + by) / 2
        return (p[0] - mx) * self.start_normal[0] + (p[1] - my) * self.start_normal[1]

    def board_distance(self, p: Vec) -> float:
        """Distance from a point to the board square (0 on or inside it)."""
        return _rect_distance(p[0], p[1], (0.0, 0.0, self.side, self.side))

    def trapezoid_at(self, p: Vec) -> Trapezoid:
        """The trapezoid whose wedge (between the skull diagonals) holds the point."""
        dx, dy = p[0] - self.centre[0], p[1] - self.centre[1]
        if abs(dy) >= abs(dx):
            return Trapezoid.BOTTOM if dy < 0 else Trapezoid.TOP
        return Trapezoid.LEFT if dx < 0 else Trapezoid.RIGHT

    def wholly_in(self, p: Vec, radius: float, number: int) -> bool:
        """The disc is in this box: wholly inside its line, not touching it (ruling 2)."""
        return _inside(p[0], p[1], radius, self.inner_rect(number))

    def in_box(self, p: Vec, radius: float) -> int | None:
        x, y, inner = p[0], p[1], self._inner
        for number in self.boxes:  # wholly_in(p, radius, number), inlined: every cap judged
            r = inner[number]
            if r[0] < x - radius and x + radius < r[2] and r[1] < y - radius and y + radius < r[3]:
                return number
        return None

    def lines_touched(self, p: Vec, radius: float) -> frozenset[int | str]:
        w2 = self.spec.line_width / 2
        touched: set[int | str] = set()
        inner = self._inner
        x, y = p[0], p[1]
        for number, outer in self._outer.items():
            x0, y0, x1, y1 = outer
            if x0 - x >= radius or x - x1 >= radius or y0 - y >= radius or y - y1 >= radius:
                continue  # at least `radius` away on one axis alone: so not touching
            if _rect_distance(x, y, outer) < radius and not _inside(x, y, radius, inner[number]):
                touched.add(number)
        outer = _grow(self.skull, w2)
        on_square = _rect_distance(p[0], p[1], outer) < radius and not _inside(
            p[0], p[1], radius, _grow(self.skull, -w2)
        )
        if on_square or any(_segment_distance(p, a, b) < radius + w2 for a, b in self.diagonals):
            touched.add(SKULL_LINE)
        return frozenset(touched)

    def in_skull(self, p: Vec, radius: float) -> bool:
        """Ruling 3: wholly inside the skull's outer edge and not in 13."""
        outer = _grow(self.skull, self.spec.line_width / 2)
        inside = (
            outer[0] <= p[0] - radius
            and p[0] + radius <= outer[2]
            and outer[1] <= p[1] - radius
            and p[1] + radius <= outer[3]
        )
        return inside and not _inside(p[0], p[1], radius, self.inner_rect(13))

    def behind_start(self, p: Vec, radius: float) -> bool:
        return self.start_distance_of(p) <= -(radius + self.spec.line_width / 2)

    def locate(self, p: Vec, radius: float) -> Place:
        """Judge one cap at rest (a Place is frozen, so a judged position is kept and shared)."""
        key = (p[0], p[1], radius)
        place = self._places.get(key)
        if place is None:
            if len(self._places) > 50_000:
                self._places.clear()
            place = self._places[key] = self._locate(p, radius)
        return place

    def _locate(self, p: Vec, radius: float) -> Place:
        skull = self.in_skull(p, radius)
        trap = self.trapezoid_at(p) if skull else None
        distance = self.board_distance(p)
        return Place(
            box=self.in_box(p, radius),
            lines=self.lines_touched(p, radius),
            in_skull=skull,
            trapezoid=trap,
            skull_number=None if trap is None else self.spec.skull_numbers[trap],
            off_board=distance >= radius,
            out_of_town=distance >= self.spec.out_of_town,
            behind_start=self.behind_start(p, radius),
        )
