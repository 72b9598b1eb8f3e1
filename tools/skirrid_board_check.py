"""Check a Skirrid board against every constraint of the reconstruction: exit 1 naming the first
one broken, 0 (with the figures) when all hold.

    python tools/skirrid_board_check.py [BOARD.json] [--shapes SHAPES.json]

The constraints (shared/design/table-games.md, Skirrid): 19 x 19 with the Arena the diamond
|row-9| + |col-9| <= 9; numbers on the centre's colour only; the board unchanged by a quarter
turn, so the four quarters (pinwheel blades round the centre) hold equal totals; numbers rising
towards the corners (each ring of squares at the same distance from the centre higher on average
than the ring inside it), 25 the largest, two 25s by the top-left corner; a Door marked 3 scoring
exactly 100 in a corner and no placement of any shape, marked 3, scoring more; and 75 inside the
Arena taking at least three turns (the best two placements there, of different shapes, add up to
less than 75).
"""

from __future__ import annotations

import argparse
import sys
from itertools import pairwise
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cards.skirrid.board import (
    Board,
    BoardError,
    Geometry,
    build_geometry,
    parse_board,
    parse_shapes,
    read_json,
    standard_board,
    standard_shapes,
)

HALF = 9


def quarters(size: int = 19) -> list[list[int]]:
    """The four pinwheel quarters: the top-left blade {row < 9, col <= 9} and its quarter turns."""
    blade = [(r, c) for r in range(HALF) for c in range(HALF + 1)]
    out = []
    for _ in range(4):
        out.append([r * size + c for r, c in blade])
        blade = [(c, size - 1 - r) for r, c in blade]
    return out


def check(board: Board, geo: Geometry) -> tuple[list[str], list[str]]:
    """(the constraints broken, in order; the figures found)."""
    n = board.size
    nums = board.numbers
    broken: list[str] = []
    figures: list[str] = []
    rotated = [nums[(n - 1 - c) * n + r] for r in range(n) for c in range(n)]
    if list(nums) != rotated:
        broken.append("symmetry: the board changes under a quarter turn")
    blades = quarters(n)
    covered = sorted(i for q in blades for i in q)
    if covered != sorted(set(range(n * n)) - {board.centre}):
        broken.append("quarters: the four blades do not tile the board round the centre")
    totals = [sum(nums[i] for i in q) for q in blades]
    figures.append(f"quarter totals {totals}")
    if len(set(totals)) != 1:
        broken.append(f"quarters: unequal totals {totals}")
    rings: dict[int, list[int]] = {}
    for i, v in enumerate(nums):
        r, c = divmod(i, n)
        if (r + c) % 2 == 0:
            rings.setdefault(abs(r - HALF) + abs(c - HALF), []).append(v)
    means = [round(sum(v) / len(v), 2) for _, v in sorted(rings.items())]
    figures.append(f"ring means from the centre out {means}")
    if any(b <= a for a, b in pairwise(means)):
        broken.append(f"rising: ring means do not rise towards the corners {means}")
    if any(v == 0 for ring in rings.values() for v in ring):
        broken.append("numbers: a square of the centre's colour has no number")
    if max(nums) != 25:
        broken.append(f"largest: expected 25, got {max(nums)}")
    corner = [(r, c) for r in range(3) for c in range(3) if nums[r * n + c] == 25]
    figures.append(f"25s by the top-left corner at {corner}")
    if len(corner) != 2:
        broken.append(f"corner: expected two 25s by the top-left corner, found {len(corner)}")
    best, best_at = 0, None
    door100 = False
    arena_best: dict[str, int] = {}
    for p in geo.placements:
        score = p.score(3, nums)
        if score > best:
            best, best_at = score, p
        if p.shape == "Door" and not p.block and score == 100:
            rows = [i // n for i in p.squares]
            cols = [i % n for i in p.squares]
            if min(min(rows), n - 1 - max(rows)) <= 1 and min(min(cols), n - 1 - max(cols)) <= 1:
                door100 = True
        if p.arena:
            arena_best[p.shape] = max(arena_best.get(p.shape, 0), score)
    assert best_at is not None
    figures.append(
        f"best placement {best} ({best_at.shape} {best_at.orient} at {best_at.row},{best_at.col})"
    )
    if best > 100:
        broken.append(
            f"most: {best_at.shape} marked 3 ({best_at.orient} at {best_at.row},{best_at.col}) "
            f"scores {best}, more than 100"
        )
    if not door100:
        broken.append("door: no Door marked 3 scores exactly 100 in a corner")
    top = sorted(arena_best.values(), reverse=True)
    figures.append(f"best in the Arena by shape {dict(sorted(arena_best.items()))}")
    if sum(top[:2]) >= 75:
        broken.append(f"arena: two placements reach 75 inside the Arena ({top[0]} + {top[1]})")
    return broken, figures


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        description="Check a Skirrid board against every constraint of the reconstruction."
    )
    parser.add_argument("board", nargs="?", type=Path, help="a board file (default: ours)")
    parser.add_argument("--shapes", type=Path, help="a shapes file (default: the standard six)")
    args = parser.parse_args(argv)
    try:
        shapes = standard_shapes()
        if args.shapes is not None:
            shapes = parse_shapes(read_json(args.shapes), args.shapes.name)
        board = standard_board()
        if args.board is not None:
            board = parse_board(read_json(args.board), args.board.name)
    except BoardError as err:
        print(err)
        return 1
    broken, figures = check(board, build_geometry(board, shapes))
    for line in figures:
        print(line)
    if broken:
        print(f"FAIL {broken[0]}")
        return 1
    print("OK every constraint holds")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
