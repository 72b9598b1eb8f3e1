"""Skirrid's board and shapes, read from data files, and every placement they allow, worked out once.

The rules' Figure 1 (the board's numbers and the shapes) was lost: `data/board.json` is our
reconstruction and `data/shapes.json` our reading of the shapes' names, each a file a player who
finds the real one can replace. Both are checked on load; a bad file raises `BoardError`, one
line naming the file, the field and what was expected.

The board has editions (`BOARDS`): a game names the one it is played on (its options' `board`),
so a game saved on an older edition replays on it, as it was played.

Squares are numbered row by row (`index = row * size + col`); a placement's squares are held as a
bit mask over those indices, so the engine tests overlap and contact with one `&`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

BOARD_FORMAT = "skully.skirrid.board"
# The board's editions, by number: 1 the first reconstruction (its Arena topping out at 5), 2 the
# one that holds every fact of the design note (its Arena with a 10 at each tip).
BOARDS = {1: "board-1.json", 2: "board.json"}
EDITION = 2  # the edition new games are played on
SHAPES_FORMAT = "skully.skirrid.shapes"
VERSION = 1
SIZE = 19


class BoardError(ValueError):
    """A board or shapes file that cannot be used: one line for the player."""


@dataclass(frozen=True)
class Board:
    """The 19 x 19 board: a number (0 for none) on each square, the Arena, the centre."""

    size: int
    numbers: tuple[int, ...]  # by square index
    source: str = "board.json"

    @property
    def centre(self) -> int:
        return (self.size // 2) * self.size + self.size // 2

    def value(self, row: int, col: int) -> int:
        return self.numbers[row * self.size + col]

    def in_arena(self, index: int) -> bool:
        """The Arena, the rules' "Inner Area": the diamond |row-9| + |col-9| <= 9."""
        half = self.size // 2
        row, col = divmod(index, self.size)
        return abs(row - half) + abs(col - half) <= half


@dataclass(frozen=True)
class Shape:
    """One of the six shapes: its squares (row, col) and the square that carries a mark."""

    name: str
    squares: tuple[tuple[int, int], ...]
    mark: tuple[int, int]

    @property
    def size(self) -> int:
        return len(self.squares)


@dataclass(frozen=True, slots=True)
class Orientation:
    """A shape turned to face one way: face up (`R0`-`R3`, the mark carried along) or turned
    over as a block (`F0`-`F3`: the mirror image, its mark hidden)."""

    code: str
    squares: tuple[tuple[int, int], ...]  # normalised: the top row and left column are 0
    mark: tuple[int, int] | None  # None for a block

    @property
    def block(self) -> bool:
        return self.mark is None


@dataclass(frozen=True, slots=True)
class Placement:
    """A shape in one orientation at one place on the board."""

    id: int
    shape: str
    orient: str
    row: int  # the top-left of the orientation's bounding box
    col: int
    mask: int  # the squares covered
    around: int  # the squares that touch it face to face
    squares: tuple[int, ...]
    mark: int  # the marked square's index (-1 for a block)
    plain: int  # the numbers covered, added
    arena: bool  # wholly inside the Arena
    centre: bool  # covers the centre square

    @property
    def block(self) -> bool:
        return self.mark < 0

    def score(self, multiplier: int, numbers: tuple[int, ...]) -> int:
        """The rules' score: the numbers covered, the mark multiplying only the one under it;
        a block half its plain sum, rounded down."""
        if self.mark < 0:
            return self.plain // 2
        return self.plain + (multiplier - 1) * numbers[self.mark]


# ---- reading the files ---------------------------------------------------------------------------


def _data(name: str) -> tuple[Any, str]:
    text = resources.files("cards.skirrid").joinpath("data", name).read_text(encoding="utf-8")
    return json.loads(text), name


def read_json(path: Path) -> Any:
    """A user's file as JSON, or BoardError naming it."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except OSError as err:
        raise BoardError(f"{path.name}: cannot be read ({err.strerror})") from None
    except json.JSONDecodeError as err:
        raise BoardError(f"{path.name}: not JSON (line {err.lineno}: {err.msg})") from None


def _header(data: Any, source: str, fmt: str) -> None:
    if not isinstance(data, dict):
        raise BoardError(f"{source}: expected a JSON object")
    if data.get("format") != fmt:
        raise BoardError(f"{source}: format: expected {fmt!r}, got {data.get('format')!r}")
    if type(data.get("version")) is not int or data.get("version") != VERSION:
        raise BoardError(f"{source}: version: expected {VERSION}, got {data.get('version')!r}")


def parse_board(data: Any, source: str = "board.json") -> Board:
    """A board from its JSON: 19 rows of 19 whole numbers from 0 to 100, a number (not 0) only
    on the squares of the centre's colour."""
    _header(data, source, BOARD_FORMAT)
    rows = data.get("rows")
    if not isinstance(rows, list) or len(rows) != SIZE:
        raise BoardError(f"{source}: rows: expected {SIZE} rows of {SIZE} numbers")
    numbers: list[int] = []
    for r, row in enumerate(rows):
        if not isinstance(row, list) or len(row) != SIZE:
            raise BoardError(f"{source}: rows[{r}]: expected {SIZE} numbers")
        for c, value in enumerate(row):
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 100:
                raise BoardError(
                    f"{source}: rows[{r}][{c}]: expected a whole number from 0 to 100, "
                    f"got {value!r}"
                )
            if value and (r + c) % 2:
                raise BoardError(
                    f"{source}: rows[{r}][{c}]: numbers belong on the centre's colour only "
                    f"(row + column even), got {value}"
                )
            numbers.append(value)
    return Board(SIZE, tuple(numbers), source)


def parse_shapes(data: Any, source: str = "shapes.json") -> tuple[Shape, ...]:
    """The six shapes from their JSON: names, squares joined face to face, a mark on one."""
    _header(data, source, SHAPES_FORMAT)
    items = data.get("shapes")
    if not isinstance(items, list) or not items:
        raise BoardError(f"{source}: shapes: expected a list of shapes")
    out: list[Shape] = []
    sizes: set[int] = set()
    for i, item in enumerate(items):
        where = f"{source}: shapes[{i}]"
        if not isinstance(item, dict) or not isinstance(item.get("name"), str):
            raise BoardError(f"{where}: expected an object with a name")
        squares = item.get("squares")
        if (
            not isinstance(squares, list)
            or not squares
            or not all(
                isinstance(s, list) and len(s) == 2 and all(isinstance(v, int) for v in s)
                for s in squares
            )
        ):
            raise BoardError(f"{where}.squares: expected a list of [row, column] pairs")
        cells = tuple((int(r), int(c)) for r, c in squares)
        if len(set(cells)) != len(cells) or not _joined(cells):
            raise BoardError(f"{where}.squares: expected squares joined face to face")
        mark = item.get("mark")
        if not isinstance(mark, list) or tuple(mark) not in cells:
            raise BoardError(f"{where}.mark: expected one of its squares")
        if len(cells) in sizes:
            raise BoardError(f"{where}: a second shape of {len(cells)} squares (the die names one)")
        sizes.add(len(cells))
        out.append(Shape(item["name"], cells, (int(mark[0]), int(mark[1]))))
    return tuple(sorted(out, key=lambda s: s.size))


def _joined(cells: tuple[tuple[int, int], ...]) -> bool:
    seen = {cells[0]}
    todo = [cells[0]]
    rest = set(cells)
    while todo:
        r, c = todo.pop()
        for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if n in rest and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cells)


def standard_board(edition: int = EDITION) -> Board:
    """The board of `edition` (see `BOARDS`), read once."""
    return _board(edition)


@cache
def _board(edition: int) -> Board:
    data, name = _data(BOARDS[edition])
    return parse_board(data, name)


@cache
def standard_shapes() -> tuple[Shape, ...]:
    data, name = _data("shapes.json")
    return parse_shapes(data, name)


# ---- orientations and placements ---------------------------------------------------------------


def _normalise(
    cells: list[tuple[int, int]], mark: tuple[int, int] | None
) -> tuple[tuple[tuple[int, int], ...], tuple[int, int] | None]:
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    out = tuple(sorted((r - top, c - left) for r, c in cells))
    return out, (None if mark is None else (mark[0] - top, mark[1] - left))


@cache
def orientations(shape: Shape) -> tuple[Orientation, ...]:
    """Every distinct way the shape can lie: face up turned four ways (the mark facing any edge),
    then turned over (mirrored) four ways; repeats (a Rod turned half round) left out."""
    out: list[Orientation] = []
    seen: set[object] = set()
    for flip in (False, True):
        cells = [(r, -c) if flip else (r, c) for r, c in shape.squares]
        mark: tuple[int, int] | None = None if flip else shape.mark
        for k in range(4):
            squares, m = _normalise(cells, mark)
            key = (flip, squares, m)
            if key not in seen:
                seen.add(key)
                out.append(Orientation(f"{'F' if flip else 'R'}{k}", squares, m))
            cells = [(c, -r) for r, c in cells]  # a quarter turn
            if mark is not None:
                mark = (mark[1], -mark[0])
    return tuple(out)


@dataclass(frozen=True)
class Geometry:
    """Every placement of every shape on a board, and which placements cover each square."""

    board: Board
    shapes: tuple[Shape, ...]
    placements: tuple[Placement, ...]
    covering: dict[str, tuple[tuple[int, ...], ...]]  # shape -> square -> placement ids
    by_key: dict[tuple[str, str, int, int], int]  # (shape, orient, row, col) -> id


def build_geometry(board: Board, shapes: tuple[Shape, ...]) -> Geometry:
    n = board.size
    placements: list[Placement] = []
    covering: dict[str, list[list[int]]] = {s.name: [[] for _ in range(n * n)] for s in shapes}
    by_key: dict[tuple[str, str, int, int], int] = {}
    arena = [board.in_arena(i) for i in range(n * n)]
    for shape in shapes:
        for o in orientations(shape):
            height = max(r for r, _ in o.squares) + 1
            width = max(c for _, c in o.squares) + 1
            for row in range(n - height + 1):
                for col in range(n - width + 1):
                    squares = tuple((row + r) * n + col + c for r, c in o.squares)
                    mask = 0
                    for i in squares:
                        mask |= 1 << i
                    around = 0
                    for i in squares:
                        r, c = divmod(i, n)
                        for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                            if 0 <= rr < n and 0 <= cc < n:
                                around |= 1 << (rr * n + cc)
                    around &= ~mask
                    mark = -1 if o.mark is None else (row + o.mark[0]) * n + col + o.mark[1]
                    pid = len(placements)
                    placements.append(
                        Placement(
                            pid,
                            shape.name,
                            o.code,
                            row,
                            col,
                            mask,
                            around,
                            squares,
                            mark,
                            sum(board.numbers[i] for i in squares),
                            all(arena[i] for i in squares),
                            board.centre in squares,
                        )
                    )
                    by_key[(shape.name, o.code, row, col)] = pid
                    for i in squares:
                        covering[shape.name][i].append(pid)
    return Geometry(
        board,
        shapes,
        tuple(placements),
        {name: tuple(map(tuple, cells)) for name, cells in covering.items()},
        by_key,
    )


def standard_geometry(edition: int = EDITION) -> Geometry:
    """Every placement on the board of `edition`, worked out once."""
    return _geometry(edition)


@cache
def _geometry(edition: int) -> Geometry:
    return build_geometry(standard_board(edition), standard_shapes())


__all__ = [
    "BOARDS",
    "EDITION",
    "Board",
    "BoardError",
    "Geometry",
    "Orientation",
    "Placement",
    "Shape",
    "build_geometry",
    "orientations",
    "parse_board",
    "parse_shapes",
    "read_json",
    "standard_board",
    "standard_geometry",
    "standard_shapes",
]
