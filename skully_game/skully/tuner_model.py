"""What the board tuner edits, without pygame: field ranges, typed lengths, and the handles on
the board with the value each one gives for a pointer position.

Every edit goes through `propose`, which returns a validated spec or the one-line reason the
board would not be playable; the tuner applies only the former, so an invalid board never
reaches the screen's spec, let alone a saved file.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache

from skully_game.core.errors import DataError
from skully_game.core.settings import Units
from skully_game.skully.board import BoardSpec, box_rects
from skully_game.skully.geometry import Board, Trapezoid, Vec

INCH = 0.0254
FOOT = 12 * INCH


@dataclass(frozen=True)
class LengthField:
    """A BoardSpec length the tuner offers, with the slider's range and step (metres)."""

    name: str
    label: str
    low: float
    high: float
    step: float
    help: str


LENGTH_FIELDS: tuple[LengthField, ...] = (
    LengthField("board_side", "Board side", 1.2, 6.0, 0.01, "The square board's side"),
    LengthField("box_side", "Box side", 0.10, 0.60, 0.005, "Boxes 1 to 12 (rules 1.6.6)"),
    LengthField("thirteen_side", "13 side", 0.05, 0.60, 0.005, "Box 13, in the middle"),
    LengthField("skull_side", "Skull side", 0.30, 3.0, 0.01, "The skull square around 13"),
    LengthField("pair_gap", "Pair gap", 0.0, 0.6, 0.005, "Between the two boxes of a pair"),
    LengthField("pair_inset", "Pair inset", 0.0, 0.6, 0.005, "Board edge to the box pairs"),
    LengthField("corner_inset", "Corner inset", 0.0, 0.6, 0.005, "Board edge to boxes 1-4"),
    LengthField("start_distance", "Start line", 0.05, 2.0, 0.01, "Start line beyond box 1"),
    LengthField("out_of_town", "Out of town", 0.5, 10.0, 0.05, "Beyond every edge (1.6.4)"),
    LengthField("line_width", "Line width", 0.003, 0.05, 0.001, "Chalk width (rules 1.6.2)"),
)
FIELD_BY_NAME = {f.name: f for f in LENGTH_FIELDS}
SKULL_NUMBER_RANGE = range(1, 21)
TRAPEZOID_NAMES = ("bottom", "left", "top", "right")


def propose(
    spec: BoardSpec, units: Units = Units.METRIC, **changes: object
) -> tuple[BoardSpec | None, str]:
    """(the changed spec, "") if the board stays playable, else (None, why not, in the player's
    words and units: "Skull side: the skull would overlap box 5; at most 39.3 in")."""
    try:
        return spec.with_changes(**changes), ""
    except (DataError, TypeError, ValueError) as exc:
        return None, explain(spec, changes, exc, units)


def explain(spec: BoardSpec, changes: dict[str, object], exc: Exception, units: Units) -> str:
    """Why an edit was refused, for a player: the field's label, the reason, and for a length the
    furthest value in that direction that still gives a playable board."""
    name = next(iter(changes)) if len(changes) == 1 else ""
    field = FIELD_BY_NAME.get(name)
    if field is None:
        label = "Name" if name == "name" else "Skull numbers" if name == "skull_numbers" else ""
        return f"{label}: {_reason(exc)}" if label else _reason(exc)
    value = changes[name]
    current = getattr(spec, name)
    if not isinstance(value, int | float) or not math.isfinite(value) or value == current:
        return f"{field.label}: {_reason(exc)}"
    good, bad = _edge(spec, name, float(current), float(value))
    reason = _reason(_refusal(spec, name, bad) or exc)  # what stops the board first
    shown = _typable(spec, name, good, units, up=value < current)
    bound = "at most" if value > current else "at least"
    return f"{field.label}: {reason}; {bound} {shown}"


def _refusal(spec: BoardSpec, name: str, value: float) -> Exception | None:
    try:
        spec.with_changes(**{name: value})
    except (DataError, TypeError, ValueError) as exc:
        return exc
    return None


def _edge(spec: BoardSpec, name: str, good: float, bad: float) -> tuple[float, float]:
    """The last valid and first invalid value of one field between a valid and an invalid one
    (bisection: along a single field every rule of the board leaves one valid interval)."""
    for _ in range(48):
        mid = (good + bad) / 2
        if _refusal(spec, name, mid) is None:
            good = mid
        else:
            bad = mid
    return good, bad


def _typable(spec: BoardSpec, name: str, edge: float, units: Units, up: bool) -> str:
    """The edge as the player would type it: rounded to the shown precision towards the valid
    side, and checked, so typing the length shown is always accepted."""
    grain = _grain(edge, units)
    n = math.ceil(edge / grain) if up else math.floor(edge / grain)
    for _ in range(3):
        if _refusal(spec, name, n * grain) is None:
            break
        n += 1 if up else -1
    return say_length(n * grain, units)


_REASONS: tuple[tuple[str, str], ...] = (
    (r"a skull clear of box (\d+)", r"the skull would overlap box \1"),
    (r"box (\d+) inside the board", r"box \1 would stick out of the board"),
    (r"boxes (\d+) and (\d+) not overlapping", r"boxes \1 and \2 would overlap"),
    (r"smaller than skull_side", "13 must be smaller than the skull"),
    (r"smaller than board_side", "the skull must be smaller than the board"),
    (r"at most one board side", "the start line can be at most one board side past box 1"),
    (r"less than a quarter of the smallest box", "the chalk would be too wide for the boxes"),
    (r"a name of 1-40 characters", "a board needs a name of 1 to 40 characters"),
    (r"four whole numbers from 1 to 20", "each skull number is a whole number from 1 to 20"),
    (r"at most ([0-9.]+) m", r"at most \1 m"),
    (r"positive number", "it must be more than zero"),
)


def _reason(exc: Exception) -> str:
    """A refusal in the player's words (never a field name or a Python type)."""
    expected = exc.expected if isinstance(exc, DataError) else str(exc)
    for pattern, words in _REASONS:
        match = re.search(pattern, expected)
        if match:
            return match.expand(words)
    return "that would not be a playable board"


# --- typed lengths --------------------------------------------------------------------------

_UNIT_METRES = {
    "m": 1.0,
    "cm": 0.01,
    "mm": 0.001,
    "in": INCH,
    '"': INCH,
    "inch": INCH,
    "inches": INCH,
    "ft": FOOT,
    "'": FOOT,
    "foot": FOOT,
    "feet": FOOT,
}
_PART = r"([0-9]*\.?[0-9]+)\s*([a-z\"']*)"
_LENGTH = re.compile(rf"\s*{_PART}(?:\s*{_PART})?\s*")
_FEET = {"ft", "'", "foot", "feet"}
_INCHES = {"in", '"', "inch", "inches", ""}


def unit_name(units: Units) -> str:
    """The unit a bare typed number is in."""
    return "cm" if units is Units.METRIC else "in"


def field_unit(units: Units) -> str:
    """The unit written beside a field: none for feet and inches, whose values name their own."""
    return "cm" if units is Units.METRIC else ""


def _grain(metres: float, units: Units) -> float:
    """The finest step of a shown length, in metres: fine enough for the sliders' steps (a
    millimetre of chalk is a hundredth of an inch)."""
    if units is Units.METRIC:
        return 0.001 if metres >= 0.1 else 0.0001
    return INCH / 10 if metres >= INCH else INCH / 100


def _trim(number: str) -> str:
    return number.rstrip("0").rstrip(".") if "." in number else number


def feet_and_inches(metres: float, grain: float = 0.1) -> str:
    """A length as a player of feet and inches reads it: "9 ft 6.2 in", "3 ft", "11 in"
    (under a foot, only inches), the inches rounded to `grain` of an inch."""
    steps = round(metres / INCH / grain)
    feet, rest = divmod(steps, round(12 / grain))
    digits = max(0, -math.floor(math.log10(grain) + 1e-9))
    inches = _trim(f"{rest * grain:.{digits}f}")
    if feet == 0:
        return f"{inches} in"
    return f"{feet} ft" if rest == 0 else f"{feet} ft {inches} in"


def show_length(metres: float, units: Units) -> str:
    """A field's value as typed: bare cm (the unit is beside the field), or feet and inches to
    a tenth of an inch (a hundredth under an inch); what is shown parses back to itself."""
    if units is Units.METRIC:
        value = metres / 0.01
        return _trim(f"{value:.1f}" if value >= 10 else f"{value:.2f}")
    return feet_and_inches(metres, _grain(metres, units) / INCH)


def say_length(metres: float, units: Units) -> str:
    """A length in a sentence, with its unit: "234 cm", "7 ft 8.1 in"."""
    unit = field_unit(units)
    return f"{show_length(metres, units)} {unit}" if unit else show_length(metres, units)


def typing_examples(metres: float, units: Units) -> str:
    """Ways to type a field's own length, for its tooltip: as the field shows it, then with
    its unit, then in the other units ("28, 28 cm, 11 in"; "11 in, 28 cm")."""
    other = Units.IMPERIAL if units is Units.METRIC else Units.METRIC
    shown = [show_length(metres, units), say_length(metres, units), say_length(metres, other)]
    return ", ".join(dict.fromkeys(shown))  # (feet and inches show their unit already)


def _example(units: Units) -> str:
    return "28 cm or 0.3 m" if units is Units.METRIC else "11 in or 9 ft 6 in"


def parse_length(text: str, units: Units) -> float:
    """Metres from what a player typed: "28", "28 cm", "0.28m", "11 in", '11"', "9.5 ft",
    "9 ft 6.2 in", "9'6\"". A bare number is in the unit the field shows (after feet, inches).
    ValueError says what was expected, in the player's words."""
    cleaned = text.strip().lower()
    match = _LENGTH.fullmatch(cleaned)
    if not match:
        raise ValueError(f'expected a length such as {_example(units)}, not "{text.strip()}"')
    number, unit, inches, inch_unit = match.groups()
    for typed in (unit, inch_unit or ""):
        if typed and typed not in _UNIT_METRES:
            raise ValueError(f'expected a unit of m, cm, mm, in or ft, not "{typed}"')
    if inches is not None:  # two parts: feet, then inches
        if unit not in _FEET or inch_unit not in _INCHES:
            raise ValueError(f'expected feet then inches, such as 9 ft 6 in, not "{cleaned}"')
        return float(number) * FOOT + float(inches) * INCH
    return float(number) * _UNIT_METRES[unit or unit_name(units)]


# --- handles on the board -------------------------------------------------------------------


@dataclass(frozen=True)
class Handle:
    """A point on the board a player drags to change one field."""

    field: str
    at: Vec
    label: str
    # the way (a unit vector, y up) a handle is drawn aside from its point when the boxes are
    # small on screen, away from the box number beside it; (0, 0): never moved
    out: Vec = (0.0, 0.0)


LINE_MAGNIFY = 10.0  # the line-width handle sits 10 widths off its line, so it can be grabbed


@lru_cache(maxsize=8)
def handles(spec: BoardSpec) -> tuple[Handle, ...]:
    """Every handle of a board (cached: the tuner asks each frame and on every mouse move)."""
    s, b = spec.board_side, spec.box_side
    mid = s / 2
    gap, pi, ci = spec.pair_gap, spec.pair_inset, spec.corner_inset
    board = Board(spec)
    rects = box_rects(spec)
    (ax, ay), (bx, by) = board.start_line
    four = rects[4]
    d = math.sqrt(0.5)
    return (
        Handle("board_side", (s, s), "Board side", (d, d)),
        Handle("corner_inset", (ci, ci), "Corner inset", (-1.0, 0.0)),
        Handle("box_side", (ci + b, ci + b), "Box side", (d, d)),
        Handle("thirteen_side", (mid + spec.thirteen_side / 2,) * 2, "13 side", (d, d)),
        Handle(
            "skull_side",
            (mid + spec.skull_side / 2, mid - spec.skull_side / 2),
            "Skull side",
            (d, -d),
        ),
        # the pair's handles at its ends, clear of the numbers 5 and 7 drawn in the boxes' middles
        Handle("pair_gap", (pi + b, mid + gap / 2), "Pair gap", (1.0, 0.0)),
        Handle("pair_inset", (pi, mid + gap / 2 + b), "Pair inset", (-d, d)),
        Handle("start_distance", ((ax + bx) / 2, (ay + by) / 2), "Start line", (d, -d)),
        Handle("out_of_town", (s + spec.out_of_town, mid), "Out of town"),
        Handle(
            "line_width",
            ((four[0] + four[2]) / 2, four[3] + LINE_MAGNIFY * spec.line_width),
            "Line width (x10)",
            (0.0, 1.0),
        ),
    )


def drag_value(spec: BoardSpec, field: str, p: Vec) -> float:
    """The field's value that puts its handle nearest the pointer at world point `p`."""
    s, mid = spec.board_side, spec.board_side / 2
    x, y = p
    diag = (x + y) / 2  # the pointer projected on the board's diagonal
    if field == "board_side":
        return diag
    if field == "corner_inset":
        return diag
    if field == "box_side":
        return diag - spec.corner_inset
    if field == "thirteen_side":
        return 2 * (diag - mid)
    if field == "skull_side":
        return 2 * (x - mid)
    if field == "pair_gap":
        return 2 * (y - mid)
    if field == "pair_inset":
        return x
    if field == "start_distance":
        return (spec.corner_inset - diag) * math.sqrt(2)
    if field == "out_of_town":
        return x - s
    if field == "line_width":
        four = box_rects(spec)[4]
        return (y - four[3]) / LINE_MAGNIFY
    raise ValueError(f"no handle for {field!r}")


def snap(field: str, value: float) -> float:
    """A dragged value rounded to its slider's step and kept in its range."""
    f = FIELD_BY_NAME[field]
    value = min(max(value, f.low), f.high)
    return round(round(value / f.step) * f.step, 6)


def trapezoid_under(spec: BoardSpec, p: Vec) -> Trapezoid | None:
    """The skull trapezoid whose number is near `p` (clicking it changes the number)."""
    board = Board(spec)
    reach = max(0.06, (spec.skull_side - spec.thirteen_side) / 6)
    for trap in Trapezoid:
        if math.dist(board.trapezoid_centre(trap), p) <= reach:
            return trap
    return None


def next_skull_numbers(
    numbers: tuple[int, int, int, int], trap: Trapezoid, delta: int
) -> tuple[int, int, int, int]:
    values = list(numbers)
    low, high = SKULL_NUMBER_RANGE.start, SKULL_NUMBER_RANGE.stop - 1
    values[trap] = (values[trap] - low + delta) % (high - low + 1) + low
    return (values[0], values[1], values[2], values[3])
