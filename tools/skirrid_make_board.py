"""Make our reconstruction of the Skirrid board: `python tools/skirrid_make_board.py [OUT.json]`.

The numbers climb ring by ring from the centre (the distance |row-9| + |col-9|), low in the Arena
and high towards the corners; the Arena's four tips, where it meets the middle of each edge,
hold its 10s (the design note's "low in the Arena (some 10s)"), beside 5s and 4s, so that no two
pieces of a set reach 75 there together; each corner holds two 25s two squares apart along the
edge (so a Door marked 3 over both scores 3 x 25 + 25 = 100), and a few squares beside them are
lowered until no placement of any shape scores more than 100. Every quarter is a quarter turn of
the top-left one, so the quarters' totals are equal. `tools/skirrid_board_check.py` proves each
fact of the design note.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cards.skirrid.board import (
    BOARD_FORMAT,
    SIZE,
    VERSION,
    Board,
    build_geometry,
    standard_shapes,
)

RING = {0: 1, 2: 2, 4: 3, 6: 4, 8: 5, 10: 6, 12: 8, 14: 10, 16: 12, 18: 15}
PEAKS = ((0, 0), (0, 2))  # the two 25s of the top-left corner (turned to the other corners)
TIP = (1, 9)  # the Arena's top tip, by the middle of the top edge: a 10 (turned to the others)
HALF = SIZE // 2


def images(r: int, c: int) -> list[tuple[int, int]]:
    out = []
    for _ in range(4):
        out.append((r, c))
        r, c = c, SIZE - 1 - r
    return out


def make() -> list[int]:
    nums = [0] * (SIZE * SIZE)
    for r in range(SIZE):
        for c in range(SIZE):
            if (r + c) % 2 == 0:
                nums[r * SIZE + c] = RING[abs(r - HALF) + abs(c - HALF)]
    for r, c in PEAKS:
        for rr, cc in images(r, c):
            nums[rr * SIZE + cc] = 25
    for rr, cc in images(*TIP):
        nums[rr * SIZE + cc] = 10
    shapes = standard_shapes()
    while True:  # lower the highest square beside a peak in the best placement until <= 100
        geo = build_geometry(Board(SIZE, tuple(nums)), shapes)
        worst = max(geo.placements, key=lambda p: p.score(3, tuple(nums)))
        if worst.score(3, tuple(nums)) <= 100:
            return nums
        lower = max((i for i in worst.squares if 0 < nums[i] < 25), key=lambda i: nums[i])
        for rr, cc in images(*divmod(lower, SIZE)):
            nums[rr * SIZE + cc] -= 1


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description="Make our reconstruction of the Skirrid board.")
    parser.add_argument(
        "out",
        nargs="?",
        type=Path,
        default=Path(__file__).resolve().parents[1] / "cards/skirrid/data/board.json",
        help="where to write the board (default: the one the game ships)",
    )
    out = parser.parse_args(argv).out
    nums = make()
    rows = [nums[r * SIZE : (r + 1) * SIZE] for r in range(SIZE)]
    body = ",\n".join("    [" + ", ".join(f"{v:2d}" for v in row) + "]" for row in rows)
    note = (
        "A reconstruction: the rules' Figure 1 with the real numbers was lost. Made by "
        "tools/skirrid_make_board.py; replace this file with the real board if you have it."
    )
    text = (
        "{\n"
        f'  "format": {json.dumps(BOARD_FORMAT)},\n'
        f'  "version": {VERSION},\n'
        f'  "note": {json.dumps(note)},\n'
        '  "rows": [\n' + body + "\n  ]\n}\n"
    )
    out.write_text(text, encoding="utf-8")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
