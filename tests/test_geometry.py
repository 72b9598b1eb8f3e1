"""Where a cap lies: boxes, lines, 13, the skull, off the board, out of town, the start line.

The rulings judge a cap by its whole disc against the chalk band's edges, so most tests put a
cap a hair (1 micrometre) either side of an edge.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skully_game.skully.board import PRESETS, BoardSpec, preset
from skully_game.skully.caps import CapType
from skully_game.skully.geometry import SKULL_LINE, Board, Trapezoid

HAIR = 1e-6  # m
R = CapType.CROWN.spec.radius
SPEC = BoardSpec()
S = SPEC.board_side
MID = S / 2
W2 = SPEC.line_width / 2
BOARD = Board(SPEC)

# Centreline squares of the classic board from the design note (x right, y up, origin
# bottom-left): corners 1 BL, 2 TR, 3 TL, 4 BR; pairs at the middle of each side sharing a line.
B = SPEC.box_side
CLASSIC_BOXES = {
    1: (0.0, 0.0, B, B),
    2: (S - B, S - B, S, S),
    3: (0.0, S - B, B, S),
    4: (S - B, 0.0, S, B),
    5: (0.0, MID, B, MID + B),
    7: (0.0, MID - B, B, MID),
    6: (S - B, MID - B, S, MID),
    8: (S - B, MID, S, MID + B),
    9: (MID - B, S - B, MID, S),
    11: (MID, S - B, MID + B, S),
    12: (MID - B, 0.0, MID, B),
    10: (MID, 0.0, MID + B, B),
}
PAIRS = [(5, 7), (6, 8), (9, 11), (10, 12)]
SIDES = ["left", "right", "bottom", "top"]


def centre(rect: tuple[float, float, float, float]) -> tuple[float, float]:
    return ((rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2)


def at_inner_edge(number: int, side: str, inside_by: float) -> tuple[float, float]:
    """A cap's centre, on the box's mid-line, with its rim `inside_by` inside the line's inner edge."""
    x0, y0, x1, y1 = BOARD.boxes[number]
    cx, cy = centre((x0, y0, x1, y1))
    d = W2 + R + inside_by
    return {
        "left": (x0 + d, cy),
        "right": (x1 - d, cy),
        "bottom": (cx, y0 + d),
        "top": (cx, y1 - d),
    }[side]


def at_outer_edge(number: int, side: str, outside_by: float) -> tuple[float, float]:
    """A cap's centre with its rim `outside_by` beyond the outer edge of the box's line."""
    x0, y0, x1, y1 = BOARD.boxes[number]
    cx, cy = centre((x0, y0, x1, y1))
    d = W2 + R + outside_by
    return {
        "left": (x0 - d, cy),
        "right": (x1 + d, cy),
        "bottom": (cx, y0 - d),
        "top": (cx, y1 + d),
    }[side]


# --- box positions ---------------------------------------------------------------------------


def test_classic_boxes_sit_where_the_design_note_puts_them() -> None:
    for number, rect in CLASSIC_BOXES.items():
        assert BOARD.boxes[number] == pytest.approx(rect), number
    thirteen = BOARD.boxes[13]
    half = SPEC.thirteen_side / 2
    assert thirteen == pytest.approx((MID - half, MID - half, MID + half, MID + half))


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_box_positions_follow_the_rules_on_every_preset(name: str) -> None:
    board = Board(preset(name))
    mid = board.side / 2
    c = {n: board.box_centre(n) for n in range(1, 14)}

    def left(n: int) -> bool:
        return c[n][0] < mid

    def low(n: int) -> bool:
        return c[n][1] < mid

    # corners: 1 bottom-left, 2 top-right, 3 top-left, 4 bottom-right
    assert left(1) and low(1)
    assert not left(2) and not low(2)
    assert left(3) and not low(3)
    assert not left(4) and low(4)
    # 1/2 and 3/4 span the longest distances
    longest = max(math.dist(c[a], c[b]) for a in range(1, 13) for b in range(1, 13))
    assert math.dist(c[1], c[2]) == pytest.approx(longest)
    assert math.dist(c[3], c[4]) == pytest.approx(longest)
    ci, pi, s = board.spec.corner_inset, board.spec.pair_inset, board.side
    r = board.boxes
    assert r[1][:2] == pytest.approx((ci, ci))
    assert r[2][2:] == pytest.approx((s - ci, s - ci))
    # the pairs: left side 5 upper / 7 lower, right 6 lower / 8 upper,
    # top 9 left / 11 right, bottom 12 left / 10 right
    assert r[5][0] == r[7][0] == pytest.approx(pi)
    assert r[6][2] == r[8][2] == pytest.approx(s - pi)
    assert r[9][3] == r[11][3] == pytest.approx(s - pi)
    assert r[10][1] == r[12][1] == pytest.approx(pi)
    assert c[5][1] > mid > c[7][1]
    assert c[8][1] > mid > c[6][1]
    assert c[6][0] > mid and c[8][0] > mid
    assert c[9][0] < mid < c[11][0]
    assert c[9][1] > mid and c[11][1] > mid
    assert c[12][0] < mid < c[10][0]
    assert c[12][1] < mid and c[10][1] < mid
    # pairs straddle the middle of their side
    for a, b in PAIRS:
        assert (c[a][0] + c[b][0]) / 2 == pytest.approx(mid) or (
            (c[a][1] + c[b][1]) / 2 == pytest.approx(mid)
        )
    # rules 1.6.15: 11 is nearer to 8 than 9 is; rules 1.6.13: 5 is the farther of 5/7 from 4
    assert math.dist(c[11], c[8]) < math.dist(c[9], c[8])
    assert math.dist(c[5], c[4]) > math.dist(c[7], c[4])
    # rules 1.6.14: 5 faces 6 across the board at a slight angle, not straight across
    assert c[5][1] != pytest.approx(c[6][1])
    # 13 in the middle
    assert c[13] == pytest.approx((mid, mid))


def test_the_two_boxes_of_a_pair_share_a_line_on_the_classic_board() -> None:
    r = BOARD.boxes
    assert r[5][1] == r[7][3] == MID
    assert r[8][1] == r[6][3] == MID
    assert r[11][0] == r[9][2] == MID
    assert r[10][0] == r[12][2] == MID


# --- in a box, on the line -------------------------------------------------------------------


@pytest.mark.parametrize("number", range(1, 14))
def test_a_cap_in_the_middle_of_a_box_is_in_it_and_on_no_line(number: int) -> None:
    place = BOARD.locate(BOARD.box_centre(number), R)
    assert place.box == number
    assert place.lines == frozenset()
    assert place.in_thirteen == (number == 13)
    assert not place.in_skull
    assert not place.off_board
    assert place.label() == f"in {number}"


@pytest.mark.parametrize("side", SIDES)
@pytest.mark.parametrize("number", range(1, 14))
def test_a_cap_just_inside_the_inner_edge_of_the_line_is_in_the_box(number: int, side: str) -> None:
    place = BOARD.locate(at_inner_edge(number, side, HAIR), R)
    assert place.box == number
    assert number not in place.lines


@pytest.mark.parametrize("side", SIDES)
@pytest.mark.parametrize("number", range(1, 14))
def test_a_cap_touching_the_inner_edge_by_a_hair_is_on_the_line_not_in(
    number: int, side: str
) -> None:
    place = BOARD.locate(at_inner_edge(number, side, -HAIR), R)
    assert place.box is None
    assert number in place.lines
    if number == 13:  # 13's line lies inside the skull, and the skull includes its lines
        assert place.in_skull
        # the label names the line the eye sees, then what the rules made of it (a newcomer
        # read a bare "skull 4" on a cap lying on 13's line as a mistake)
        assert place.label() == f"on 13's line: skull {place.skull_number}"
    else:
        assert place.label().startswith("on the line")


@pytest.mark.parametrize("side", SIDES)
@pytest.mark.parametrize("number", range(1, 13))
def test_a_cap_centred_on_a_line_is_on_that_line(number: int, side: str) -> None:
    place = BOARD.locate(at_inner_edge(number, side, -(R + W2)), R)
    assert place.box is None
    assert number in place.lines


@pytest.mark.parametrize("side", SIDES)
@pytest.mark.parametrize("number", range(1, 14))
def test_a_cap_just_off_the_outer_edge_of_a_line_touches_nothing_of_that_box(
    number: int, side: str
) -> None:
    place = BOARD.locate(at_outer_edge(number, side, HAIR), R)
    assert place.box != number
    assert number not in place.lines
    grazing = BOARD.locate(at_outer_edge(number, side, -HAIR), R)
    assert number in grazing.lines
    assert grazing.box != number


@pytest.mark.parametrize("number", range(1, 13))
def test_a_cap_just_off_the_inner_sides_of_a_box_touches_nothing_at_all(number: int) -> None:
    # the sides of boxes 1-12 facing the board's middle have open asphalt beyond them
    x0, y0, x1, y1 = BOARD.boxes[number]
    sides = []
    if x0 > 0:
        sides.append("left")
    if x1 < S:
        sides.append("right")
    if y0 > 0:
        sides.append("bottom")
    if y1 < S:
        sides.append("top")
    for side in sides:
        p = at_outer_edge(number, side, HAIR)
        shared = [b for a, b in PAIRS if a == number] + [a for a, b in PAIRS if b == number]
        place = BOARD.locate(p, R)
        if place.box in shared:  # beyond the shared line is the other box of the pair
            continue
        assert place.box is None, (number, side)
        assert place.lines == frozenset(), (number, side, place.lines)
        assert place.label() == "on the board"


@pytest.mark.parametrize(("a", "b"), PAIRS)
def test_the_shared_line_of_a_pair_touches_both_boxes(a: int, b: int) -> None:
    ca, cb = BOARD.box_centre(a), BOARD.box_centre(b)
    on_line = ((ca[0] + cb[0]) / 2, (ca[1] + cb[1]) / 2)
    place = BOARD.locate(on_line, R)
    assert place.box is None
    assert {a, b} <= place.lines
    assert place.label() == f"on the line of {min(a, b)}/{max(a, b)}"
    # a hair onto the band from either side touches both; a hair clear of it is in the box
    for number, other in ((a, b), (b, a)):
        cn = BOARD.box_centre(number)
        ux, uy = cn[0] - on_line[0], cn[1] - on_line[1]
        norm = math.hypot(ux, uy)
        ux, uy = ux / norm, uy / norm
        grazing = (on_line[0] + ux * (W2 + R - HAIR), on_line[1] + uy * (W2 + R - HAIR))
        place = BOARD.locate(grazing, R)
        assert place.box is None
        assert {number, other} <= place.lines
        clear = (on_line[0] + ux * (W2 + R + HAIR), on_line[1] + uy * (W2 + R + HAIR))
        place = BOARD.locate(clear, R)
        assert place.box == number
        assert other not in place.lines


def test_a_corner_of_a_box_is_judged_by_the_disc_not_the_square() -> None:
    # centre diagonally beyond the outer corner of box 1's line, the disc not reaching the band
    x1, y1 = BOARD.boxes[1][2] + W2, BOARD.boxes[1][3] + W2
    off = (R + HAIR) / math.sqrt(2)
    assert 1 not in BOARD.locate((x1 + off, y1 + off), R).lines
    off = (R - HAIR) / math.sqrt(2)
    assert 1 in BOARD.locate((x1 + off, y1 + off), R).lines


def test_a_cap_bigger_than_the_inside_of_13_is_never_in_it() -> None:
    inner = SPEC.thirteen_side - SPEC.line_width
    place = BOARD.locate((MID, MID), inner / 2 + HAIR)
    assert place.box is None
    assert 13 in place.lines
    assert place.in_skull


# --- 13 and the skull ------------------------------------------------------------------------

SKULL_LO = MID - SPEC.skull_side / 2
SKULL_HI = MID + SPEC.skull_side / 2
T_LO = MID - SPEC.thirteen_side / 2
T_HI = MID + SPEC.thirteen_side / 2


def test_a_cap_in_13_is_in_13_and_never_in_the_skull() -> None:
    for p in [(MID, MID), (T_LO + W2 + R + HAIR, MID), (MID, T_HI - W2 - R - HAIR)]:
        place = BOARD.locate(p, R)
        assert place.box == 13
        assert place.in_thirteen
        assert not place.in_skull
        assert place.trapezoid is None
        assert place.skull_number is None
        assert place.label() == "in 13"


@pytest.mark.parametrize(
    ("p", "trap"),
    [
        ((MID, T_LO), Trapezoid.BOTTOM),
        ((T_LO, MID), Trapezoid.LEFT),
        ((MID, T_HI), Trapezoid.TOP),
        ((T_HI, MID), Trapezoid.RIGHT),
        ((MID, T_LO - W2 - R + HAIR), Trapezoid.BOTTOM),
        ((T_HI + W2 + R - HAIR, MID), Trapezoid.RIGHT),
    ],
)
def test_a_cap_on_13s_line_inside_the_skull_is_in_the_skull(
    p: tuple[float, float], trap: Trapezoid
) -> None:
    place = BOARD.locate(p, R)
    assert place.box is None
    assert 13 in place.lines
    assert place.in_skull  # ruling 3: the skull includes its lines; this cap is not in 13
    assert place.trapezoid == trap
    assert place.skull_number == SPEC.skull_numbers[trap]
    assert place.label() == f"on 13's line: skull {SPEC.skull_numbers[trap]}"


def test_a_cap_just_clear_of_13s_line_is_in_the_skull_on_no_line() -> None:
    place = BOARD.locate((MID, T_LO - W2 - R - HAIR), R)
    assert place.in_skull
    assert place.lines == frozenset()
    assert place.trapezoid == Trapezoid.BOTTOM


@pytest.mark.parametrize(
    ("trap", "number"),
    [(Trapezoid.BOTTOM, 2), (Trapezoid.LEFT, 4), (Trapezoid.TOP, 6), (Trapezoid.RIGHT, 8)],
)
def test_the_trapezoids_and_their_numbers(trap: Trapezoid, number: int) -> None:
    place = BOARD.locate(BOARD.trapezoid_centre(trap), R)
    assert place.in_skull
    assert place.box is None
    assert place.trapezoid == trap
    assert place.skull_number == number
    assert place.lines == frozenset()


def test_skull_numbers_go_bottom_left_top_right() -> None:
    board = Board(BoardSpec(skull_numbers=(1, 3, 5, 7)))
    d = (SPEC.skull_side + SPEC.thirteen_side) / 4
    where = {"bottom": (MID, MID - d), "left": (MID - d, MID), "top": (MID, MID + d)}
    where["right"] = (MID + d, MID)
    numbers = {side: board.locate(p, R).skull_number for side, p in where.items()}
    assert numbers == {"bottom": 1, "left": 3, "top": 5, "right": 7}


def test_the_trapezoid_is_the_one_holding_the_centre() -> None:
    # a cap straddling the diagonal between the bottom and left trapezoids
    t = (T_LO + SKULL_LO) / 2
    for dx, trap in [(HAIR, Trapezoid.BOTTOM), (-HAIR, Trapezoid.LEFT)]:
        place = BOARD.locate((t + dx, t), R)
        assert place.in_skull
        assert SKULL_LINE in place.lines  # on the diagonal line, which belongs to the skull
        assert place.trapezoid == trap
    # the top-right diagonal
    t = (T_HI + SKULL_HI) / 2
    assert BOARD.locate((t + HAIR, t), R).trapezoid == Trapezoid.RIGHT
    assert BOARD.locate((t, t + HAIR), R).trapezoid == Trapezoid.TOP
    assert BOARD.trapezoid_at((MID + 0.1, MID - 0.3)) == Trapezoid.BOTTOM
    assert BOARD.trapezoid_at((MID - 0.3, MID + 0.1)) == Trapezoid.LEFT


def at_skull_edge(side: str, rim_inside: float) -> tuple[float, float]:
    """A cap's centre with its rim `rim_inside` inside the skull line's outer edge (negative:
    poking out past it)."""
    d = R - W2 + rim_inside  # centre inside the skull's centreline square by this much
    return {
        "left": (SKULL_LO + d, MID),
        "right": (SKULL_HI - d, MID),
        "bottom": (MID, SKULL_LO + d),
        "top": (MID, SKULL_HI - d),
    }[side]


@pytest.mark.parametrize("side", SIDES)
def test_a_cap_inside_the_skulls_outer_edge_is_in_the_skull(side: str) -> None:
    place = BOARD.locate(at_skull_edge(side, HAIR), R)
    assert place.in_skull
    assert SKULL_LINE in place.lines  # on the skull's line, which is part of the skull
    assert place.trapezoid == Trapezoid[side.upper()]
    assert place.label() == f"skull {SPEC.skull_numbers[Trapezoid[side.upper()]]}"


@pytest.mark.parametrize("side", SIDES)
@pytest.mark.parametrize("poke", [HAIR, R, R + W2, 2 * R - HAIR])
def test_a_cap_straddling_the_skulls_outer_line_is_not_in_the_skull(side: str, poke: float) -> None:
    """`poke` = how far the rim pokes past the skull line's outer edge, from a hair to nearly all."""
    place = BOARD.locate(at_skull_edge(side, -poke), R)
    assert not place.in_skull
    assert place.trapezoid is None
    assert place.skull_number is None
    assert place.box is None
    assert SKULL_LINE in place.lines
    assert place.label() == "on the skull line"


def test_a_cap_just_outside_the_skull_line_touches_nothing() -> None:
    place = BOARD.locate((MID, SKULL_LO - W2 - R - HAIR), R)
    assert not place.in_skull
    assert place.lines == frozenset()


def test_skull_corner_is_judged_by_the_disc() -> None:
    # diagonally off the skull's outer corner: the disc does not reach the band
    corner = SKULL_LO - W2
    off = (R + HAIR) / math.sqrt(2)
    place = BOARD.locate((corner - off, corner - off), R)
    assert SKULL_LINE not in place.lines
    assert not place.in_skull


# --- off the board, out of town, behind the start -------------------------------------------


@pytest.mark.parametrize("edge", ["left", "right", "bottom", "top"])
def test_off_the_board_means_the_whole_disc_is_outside_the_square(edge: str) -> None:
    def at(beyond: float) -> tuple[float, float]:
        y = MID + 0.5  # clear of the boxes' lines (pairs reach MID +- box_side)
        return {
            "left": (-beyond, y),
            "right": (S + beyond, y),
            "bottom": (y, -beyond),
            "top": (y, S + beyond),
        }[edge]

    off = BOARD.locate(at(R + HAIR), R)
    assert off.off_board
    assert not off.out_of_town
    assert off.label() == "off the board"
    partly = BOARD.locate(at(R - HAIR), R)
    assert not partly.off_board
    assert partly.label() == "on the board"
    assert not BOARD.locate(at(0.0), R).off_board


def test_off_the_board_at_a_corner_is_measured_to_the_corner() -> None:
    # both coordinates less than a radius outside, but the disc misses the corner
    d = (R + HAIR) / math.sqrt(2)
    assert BOARD.locate((S + d, S + d), R).off_board
    d = (R - HAIR) / math.sqrt(2)
    assert not BOARD.locate((S + d, S + d), R).off_board


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_out_of_town_starts_exactly_at_the_distance(name: str) -> None:
    spec = preset(name)
    board = Board(spec)
    d = spec.out_of_town
    s = spec.board_side
    for p in [(-d, s / 2), (s + d, s / 3), (s / 4, -d), (s / 2, s + d)]:
        assert board.board_distance(p) == d
        place = board.locate(p, R)
        assert place.out_of_town
        assert place.off_board
        assert place.label() == "out of town"
    for p in [(-d + HAIR, s / 2), (s / 4, s + d - HAIR)]:
        place = board.locate(p, R)
        assert not place.out_of_town
        assert place.off_board
    # beyond a corner the distance is to the corner
    k = d / math.sqrt(2)
    assert board.locate((s + k + HAIR, s + k + HAIR), R).out_of_town
    assert not board.locate((s + k - HAIR, s + k - HAIR), R).out_of_town


def test_the_start_line_is_the_start_distance_beyond_box_1_across_the_diagonal() -> None:
    (ax, ay), (bx, by) = BOARD.start_line
    mx, my = (ax + bx) / 2, (ay + by) / 2
    corner = BOARD.boxes[1][:2]
    assert math.dist((mx, my), corner) == pytest.approx(SPEC.start_distance)
    assert mx < corner[0] and my < corner[1]  # outside the board corner
    assert mx == pytest.approx(my)  # on the diagonal
    assert (bx - ax) * 1 + (by - ay) * 1 == pytest.approx(0.0, abs=1e-12)  # across it


def behind_by(gap: float) -> tuple[float, float]:
    """A cap's centre with its rim `gap` clear behind the start line (negative: over the line)."""
    (ax, ay), (bx, by) = BOARD.start_line
    mx, my = (ax + bx) / 2, (ay + by) / 2
    ux, uy = BOARD.start_normal
    d = W2 + R + gap
    return (mx - ux * d, my - uy * d)


def test_behind_the_start_line_vs_touching_it() -> None:
    behind = BOARD.locate(behind_by(HAIR), R)
    assert behind.behind_start
    assert behind.off_board
    assert behind.label() == "behind start"
    touching = BOARD.locate(behind_by(-HAIR), R)
    assert not touching.behind_start
    on_line = BOARD.locate(behind_by(-(W2 + R)), R)
    assert not on_line.behind_start
    beyond = BOARD.locate(behind_by(-(W2 + 3 * R)), R)
    assert not beyond.behind_start
    assert not BOARD.locate(BOARD.box_centre(1), R).behind_start


def test_behind_the_start_line_works_for_every_cap_size() -> None:
    for kind in CapType:
        r = kind.spec.radius
        (ax, ay), (bx, by) = BOARD.start_line
        mx, my = (ax + bx) / 2, (ay + by) / 2
        ux, uy = BOARD.start_normal
        assert BOARD.behind_start((mx - ux * (W2 + r + HAIR), my - uy * (W2 + r + HAIR)), r)
        assert not BOARD.behind_start((mx - ux * (W2 + r - HAIR), my - uy * (W2 + r - HAIR)), r)


# --- consistency everywhere ------------------------------------------------------------------

coords = st.floats(-1.0, S + 1.0, allow_nan=False)
radii = st.sampled_from(sorted({k.spec.radius for k in CapType}))


@settings(max_examples=600, deadline=None)
@given(x=coords, y=coords, r=radii)
def test_the_judgements_never_contradict_each_other(x: float, y: float, r: float) -> None:
    place = BOARD.locate((x, y), r)
    if place.box is not None:
        x0, y0, x1, y1 = BOARD.boxes[place.box]
        assert x0 + W2 < x - r and x + r < x1 - W2
        assert y0 + W2 < y - r and y + r < y1 - W2
        assert place.box not in place.lines
        assert not place.off_board and not place.behind_start
    assert (place.trapezoid is None) == (not place.in_skull)
    assert (place.skull_number is None) == (not place.in_skull)
    if place.in_skull:
        assert place.box is None
        assert x - r >= SKULL_LO - W2 and x + r <= SKULL_HI + W2
        assert y - r >= SKULL_LO - W2 and y + r <= SKULL_HI + W2
    if place.off_board:
        assert place.box is None and not place.in_skull
        assert not (0 < x < S and 0 < y < S)
    if place.out_of_town:
        assert place.off_board
    if place.behind_start:
        assert place.off_board
    # a disc clear of every chalk band is on no line
    if not place.lines:
        bands = [*BOARD.boxes.values(), BOARD.skull]
        for x0, y0, x1, y1 in bands:
            dx = max(x0 - W2 - x, 0.0, x - x1 - W2)
            dy = max(y0 - W2 - y, 0.0, y - y1 - W2)
            outside_band = math.hypot(dx, dy) >= r
            inside_band = x0 + W2 <= x - r and x + r <= x1 - W2 and y0 + W2 <= y - r
            inside_band = inside_band and y + r <= y1 - W2
            assert outside_band or inside_band
    assert isinstance(place.label(), str) and place.label()


@settings(max_examples=200, deadline=None)
@given(x=st.floats(0.0, S), y=st.floats(0.0, S), r=radii)
def test_at_most_one_box_and_it_holds_the_centre(x: float, y: float, r: float) -> None:
    held = [n for n in range(1, 14) if BOARD.in_box((x, y), r) == n]
    assert len(held) <= 1
    if held:
        x0, y0, x1, y1 = BOARD.boxes[held[0]]
        assert x0 < x < x1 and y0 < y < y1
