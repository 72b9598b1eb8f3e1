"""The Skully board: proportions as a frozen dataclass (SI units), presets, TOML files, validation.

Geometry and region queries live in `skully_game.skully.geometry`; this module only holds and checks
numbers, so the tuner can edit a spec and the game can trust one.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

import tomli_w

from skully_game.core.errors import DataError, is_whole, kind_of
from skully_game.core.fileio import read_toml, write_atomic
from skully_game.core.names import check_name

BOARD_FORMAT = "skully-board"
BOARD_VERSION = 1

# Sizes a street board can plausibly have; beyond these a file is refused as absurd.
MAX_BOARD_SIDE = 20.0
MAX_OUT_OF_TOWN = 50.0
MAX_NAME = 40  # characters of a board's name


@dataclass(frozen=True)
class BoardSpec:
    """Every proportion of a board, in metres; see shared/design/skully.md for the defaults.

    Boxes are squares measured between the centres of their chalk lines. Origin bottom-left,
    x right, y up. Corners: 1 bottom-left, 2 top-right, 3 top-left, 4 bottom-right.
    """

    name: str = "classic"
    board_side: float = 2.90  # the square board, 9.5 ft: tuned so pipsies is rare (rules 1.6.7)
    box_side: float = 0.28  # every box but 13, 11 in: about a square foot (rules 1.6.6)
    thirteen_side: float = 0.20  # 13 is smaller than the others (rules 1.6.10)
    skull_side: float = 1.00  # the skull square centred on 13
    skull_numbers: tuple[int, int, int, int] = (2, 4, 6, 8)  # bottom, left, top, right
    line_width: float = 0.0127  # half an inch of chalk (rules 1.6.2)
    start_distance: float = 0.305  # start line beyond box 1, across the diagonal (rules 1.6.3)
    out_of_town: float = 2.90  # a full board side beyond every edge (rules 1.6.4)
    corner_inset: float = 0.0  # board edge to the corner boxes' outer lines
    pair_gap: float = 0.0  # between the two boxes of a pair; 0 means they share a line
    pair_inset: float = 0.0  # board edge to the outer lines of the box pairs

    def with_changes(self, **changes: Any) -> BoardSpec:
        """A validated copy with some fields changed (what the tuner applies)."""
        spec = replace(self, **changes)
        validate(spec)
        return spec


FIELD_HELP: dict[str, str] = {
    "name": "a short name for the board",
    "board_side": "side of the square board (m)",
    "box_side": "side of boxes 1-12 (m)",
    "thirteen_side": "side of box 13 (m)",
    "skull_side": "side of the skull square around 13 (m)",
    "skull_numbers": "numbers of the four trapezoids: bottom, left, top, right",
    "line_width": "width of the chalk lines (m)",
    "start_distance": "start line distance beyond box 1 (m)",
    "out_of_town": "out-of-town distance beyond every edge (m)",
    "corner_inset": "gap between the board edge and the corner boxes (m)",
    "pair_gap": "gap between the two boxes of a pair (m)",
    "pair_inset": "gap between the board edge and the box pairs (m)",
}

_LENGTH_FIELDS = (
    "board_side",
    "box_side",
    "thirteen_side",
    "skull_side",
    "line_width",
    "start_distance",
    "out_of_town",
)
_GAP_FIELDS = ("corner_inset", "pair_gap", "pair_inset")

PRESETS: dict[str, BoardSpec] = {
    # Tuned with the analysis (skully analyze): a skilled player makes pipsies once or twice a
    # game (rules 1.6.7); the 8 ft board with 1 ft boxes gives a skilled player about 2.5.
    "classic": BoardSpec(),
    # The board of shared/design/skully.md's table: 8 ft, square-foot boxes, a 3 ft skull.
    "eight-foot": BoardSpec(
        name="eight-foot", board_side=2.44, box_side=0.305, skull_side=0.91, out_of_town=2.44
    ),
    # A narrower street or a schoolyard: 6 ft board, slightly smaller boxes, pairs a little apart.
    "sidewalk": BoardSpec(
        name="sidewalk",
        board_side=1.83,
        box_side=0.27,
        thirteen_side=0.18,
        skull_side=0.70,
        out_of_town=1.83,
        start_distance=0.25,
        pair_gap=0.02,
    ),
    # Bronx rules as often drawn: a big 9 ft board with the skull numbered up to 10.
    "bronx": BoardSpec(
        name="bronx",
        board_side=2.74,
        box_side=0.33,
        thirteen_side=0.22,
        skull_side=1.0,
        skull_numbers=(4, 6, 8, 10),
        out_of_town=2.74,
        corner_inset=0.05,
        pair_inset=0.05,
    ),
}


def preset(name: str) -> BoardSpec:
    """A named preset; the error lists the names there are."""
    try:
        return PRESETS[name]
    except KeyError:
        raise DataError("", "board", f"one of {', '.join(sorted(PRESETS))}", name) from None


def board_label(spec: BoardSpec) -> str:
    """How screens name a board: "" for the classic board (nothing worth saying), else its
    name, marked "(tuned)" when it bears a preset's name but not that preset's proportions."""
    if spec == PRESETS["classic"]:
        return ""
    if spec.name in PRESETS and spec != PRESETS[spec.name]:
        return f"{spec.name} (tuned)"
    return spec.name


def _check_number(source: str, name: str, value: object, *, allow_zero: bool) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise DataError(source, name, "a number (metres)", value)
    number = float(value)
    if not math.isfinite(number):
        raise DataError(source, name, "a finite number (metres)", value)
    if allow_zero and number < 0:
        raise DataError(source, name, "zero or a positive number (metres)", value)
    if not allow_zero and number <= 0:
        raise DataError(source, name, "a positive number (metres)", value)
    return number


def box_rects(spec: BoardSpec) -> dict[int, tuple[float, float, float, float]]:
    """Centreline squares of boxes 1-13 as (x0, y0, x1, y1), placed per rules 1.6.8-1.6.15."""
    s, b = spec.board_side, spec.box_side
    ci, pi, gap = spec.corner_inset, spec.pair_inset, spec.pair_gap
    mid = s / 2
    lo_pair = (mid - gap / 2 - b, mid - gap / 2)  # the lower/left box of a pair
    hi_pair = (mid + gap / 2, mid + gap / 2 + b)  # the upper/right box of a pair
    left = (pi, pi + b)
    right = (s - pi - b, s - pi)
    bottom = (pi, pi + b)
    top = (s - pi - b, s - pi)
    half13 = spec.thirteen_side / 2

    def rect(xs: tuple[float, float], ys: tuple[float, float]) -> tuple[float, float, float, float]:
        return (xs[0], ys[0], xs[1], ys[1])

    return {
        1: rect((ci, ci + b), (ci, ci + b)),
        2: rect((s - ci - b, s - ci), (s - ci - b, s - ci)),
        3: rect((ci, ci + b), (s - ci - b, s - ci)),
        4: rect((s - ci - b, s - ci), (ci, ci + b)),
        5: rect(left, hi_pair),
        7: rect(left, lo_pair),
        6: rect(right, lo_pair),
        8: rect(right, hi_pair),
        9: rect(lo_pair, top),
        11: rect(hi_pair, top),
        12: rect(lo_pair, bottom),
        10: rect(hi_pair, bottom),
        13: (mid - half13, mid - half13, mid + half13, mid + half13),
    }


def _overlap(a: tuple[float, ...], b: tuple[float, ...], margin: float = 1e-12) -> bool:
    """Interiors of two rectangles overlap (touching edges is fine: pairs share a line)."""
    return (
        a[0] < b[2] - margin
        and b[0] < a[2] - margin
        and a[1] < b[3] - margin
        and b[1] < a[3] - margin
    )


def validate(spec: BoardSpec, source: str = "") -> None:
    """Refuse a spec that cannot be a playable board, naming the field at fault."""
    check_name(spec.name, source, "name", MAX_NAME)
    for name in _LENGTH_FIELDS:
        _check_number(source, name, getattr(spec, name), allow_zero=False)
    for name in _GAP_FIELDS:
        _check_number(source, name, getattr(spec, name), allow_zero=True)
    numbers = spec.skull_numbers
    if (
        not isinstance(numbers, tuple)
        or len(numbers) != 4
        or not all(isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= 20 for n in numbers)
    ):
        raise DataError(source, "skull_numbers", "four whole numbers from 1 to 20", numbers)
    s = spec.board_side
    if s > MAX_BOARD_SIDE:
        raise DataError(source, "board_side", f"at most {MAX_BOARD_SIDE} m", s)
    if spec.out_of_town > MAX_OUT_OF_TOWN:
        raise DataError(source, "out_of_town", f"at most {MAX_OUT_OF_TOWN} m", spec.out_of_town)
    if spec.line_width * 4 >= min(spec.box_side, spec.thirteen_side):
        raise DataError(
            source, "line_width", "less than a quarter of the smallest box", spec.line_width
        )
    if spec.start_distance > s:
        raise DataError(source, "start_distance", "at most one board side", spec.start_distance)
    if spec.thirteen_side >= spec.skull_side:
        raise DataError(source, "thirteen_side", "smaller than skull_side", spec.thirteen_side)
    if spec.skull_side >= s:
        raise DataError(source, "skull_side", "smaller than board_side", spec.skull_side)
    rects = box_rects(spec)
    for number, (x0, y0, x1, y1) in rects.items():
        if x0 < -1e-12 or y0 < -1e-12 or x1 > s + 1e-12 or y1 > s + 1e-12:
            field = "corner_inset" if number <= 4 else "pair_inset" if number < 13 else "box_side"
            raise DataError(source, field, f"box {number} inside the board", (x0, y0, x1, y1))
    half = spec.skull_side / 2
    skull = (s / 2 - half, s / 2 - half, s / 2 + half, s / 2 + half)
    for number, r in rects.items():
        if number != 13 and _overlap(r, skull):
            raise DataError(source, "skull_side", f"a skull clear of box {number}", spec.skull_side)
    numbered = sorted(rects)
    for i, a in enumerate(numbered):
        for b in numbered[i + 1 :]:
            if a != 13 and b != 13 and _overlap(rects[a], rects[b]):
                raise DataError(
                    source, "box_side", f"boxes {a} and {b} not overlapping", spec.box_side
                )


def spec_to_dict(spec: BoardSpec) -> dict[str, Any]:
    """Plain data with format and version, ready for TOML or JSON."""
    data: dict[str, Any] = {"format": BOARD_FORMAT, "version": BOARD_VERSION}
    for key, value in asdict(spec).items():
        data[key] = list(value) if isinstance(value, tuple) else value
    return data


def spec_from_dict(data: object, source: str = "") -> BoardSpec:
    """Build and validate a spec from plain data; every missing, unknown or mistyped key is refused."""
    if not isinstance(data, dict):
        raise DataError(source, "board", "a table of board fields", kind_of(data))
    if data.get("format") != BOARD_FORMAT:
        raise DataError(source, "format", f"'{BOARD_FORMAT}'", data.get("format"))
    version = data.get("version")
    if not is_whole(version) or version != BOARD_VERSION:
        raise DataError(source, "version", f"{BOARD_VERSION}", version)
    names = [f.name for f in fields(BoardSpec)]
    unknown = sorted(set(data) - set(names) - {"format", "version"})
    if unknown:
        raise DataError(source, unknown[0], "no such field (unknown key)", data[unknown[0]])
    values: dict[str, Any] = {}
    for name in names:
        if name not in data:
            raise DataError(source, name, FIELD_HELP[name] + " (missing key)")
        value = data[name]
        if name == "skull_numbers":
            if not isinstance(value, list | tuple):
                raise DataError(source, name, "a list of four whole numbers", value)
            value = tuple(value)
        values[name] = value
    spec = BoardSpec(**values)
    validate(spec, source)
    return spec


def load_board(path: str | Path) -> BoardSpec:
    """Read a board TOML file; any problem is one DataError line naming the file and field."""
    return spec_from_dict(read_toml(path), str(path))


def save_board(spec: BoardSpec, path: str | Path) -> None:
    """Validate, then write atomically: an invalid spec never reaches the file."""
    validate(spec, str(path))
    write_atomic(path, tomli_w.dumps(spec_to_dict(spec)))
