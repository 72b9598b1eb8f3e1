"""Hold a Skirrid board to every fact of the Skirrid section of shared/design/table-games.md and
print each fact with PASS or FAIL and the figures that prove it; exit 1 if any fails.

    python tools/skirrid_board_check.py [BOARD.json] [--shapes SHAPES.json] [--games N]

The facts, in the design note's order: the board is 19 x 19; the Arena is the diamond
|row-9| + |col-9| <= 9, reaching the middle of each edge, the four corner triangles outside it;
numbers sit on the squares of the centre's colour only (alternating squares); the numbers are
low in the Arena, with some 10s; they rise towards the corners; the pieces (three of each shape
a set, unmarked, marked 2 and marked 3, the mark on one square; the six shapes; turned, or turned
over as a block; a die's face names a shape by its squares); the four quarters add up to the same
total; 25 is the largest number, two 25s lie by the top-left corner; a Door marked 3 scores
exactly 100 in a corner and nothing scores more; reaching 75 inside the Arena takes several
turns; and the seed's "a good average score is between 400-500" holds for decent play (the
greedy and strong computer players, `--games` two-player games each: 0 leaves them out).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import combinations, pairwise
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cards.skirrid import SkirridOptions, SkirridState, make_bot
from cards.skirrid import bots as skirrid_bots
from cards.skirrid import state as skirrid_state
from cards.skirrid.board import (
    Board,
    BoardError,
    Geometry,
    Shape,
    build_geometry,
    orientations,
    parse_board,
    parse_shapes,
    read_json,
    standard_board,
    standard_geometry,
    standard_shapes,
)
from cards.skirrid.options import NAMES
from cards.skirrid.state import ARENA_SCORE, piece_shape

SIZE = 19
HALF = SIZE // 2
GOOD = (400, 500)  # the seed's good average score for two players
# The six shapes as the design note reads them, each as one of its ways to lie.
SHAPES = {
    "Eye": ((0, 0),),
    "Rod": ((0, 0), (0, 1)),
    "Quoin": ((0, 0), (1, 0), (1, 1)),
    "Snake": ((0, 1), (0, 2), (1, 0), (1, 1)),
    "Door": ((0, 0), (0, 1), (0, 2), (1, 0), (1, 2)),
    "Gun": ((0, 0), (0, 1), (0, 2), (0, 3), (1, 0), (2, 0)),
}


@dataclass(frozen=True)
class Fact:
    """One fact of the design note, and what the board shows of it."""

    text: str
    held: bool
    figures: str


def quarters(size: int = SIZE) -> list[list[int]]:
    """The four pinwheel quarters: the top-left blade {row < 9, col <= 9} and its quarter turns."""
    blade = [(r, c) for r in range(HALF) for c in range(HALF + 1)]
    out = []
    for _ in range(4):
        out.append([r * size + c for r, c in blade])
        blade = [(c, size - 1 - r) for r, c in blade]
    return out


def _ways(cells: tuple[tuple[int, int], ...]) -> set[tuple[tuple[int, int], ...]]:
    """Every way a set of squares lies, turned and turned over, each normalised."""
    out = set()
    for flip in (False, True):
        pts = [(r, -c) if flip else (r, c) for r, c in cells]
        for _ in range(4):
            top, left = min(r for r, _ in pts), min(c for _, c in pts)
            out.add(tuple(sorted((r - top, c - left) for r, c in pts)))
            pts = [(c, -r) for r, c in pts]
    return out


def board_facts(board: Board, geo: Geometry) -> list[Fact]:
    """The facts about the board's squares and numbers."""
    n, nums = board.size, board.numbers
    facts = [Fact("the board is 19 x 19", n == SIZE and len(nums) == SIZE * SIZE, f"{n} x {n}")]
    arena = [i for i in range(n * n) if board.in_arena(i)]
    diamond = [i for i in range(n * n) if abs(i // n - HALF) + abs(i % n - HALF) <= HALF]
    tips = [(0, HALF), (HALF, 0), (n - 1, HALF), (HALF, n - 1)]
    corners = [(0, 0), (0, n - 1), (n - 1, 0), (n - 1, n - 1)]
    facts.append(
        Fact(
            "the Arena is the diamond |row-9| + |col-9| <= 9: it reaches the middle of each "
            "edge, the four corner triangles lie outside it",
            arena == diamond
            and all(board.in_arena(r * n + c) for r, c in tips)
            and not any(board.in_arena(r * n + c) for r, c in corners),
            f"{len(arena)} squares in the Arena, {n * n - len(arena)} in the corner triangles",
        )
    )
    centre = (HALF + HALF) % 2
    own = [i for i in range(n * n) if (i // n + i % n) % 2 == centre]
    other = [i for i in range(n * n) if (i // n + i % n) % 2 != centre]
    facts.append(
        Fact(
            "numbers sit on alternating squares: every square of the centre's colour has one, "
            "no other square has any",
            all(nums[i] > 0 for i in own) and not any(nums[i] for i in other),
            f"{sum(1 for i in own if nums[i])} numbered squares of {len(own)} of the centre's "
            f"colour, {sum(1 for i in other if nums[i])} numbers elsewhere",
        )
    )
    inside = [nums[i] for i in arena if nums[i]]
    outside = [nums[i] for i in range(n * n) if nums[i] and not board.in_arena(i)]
    mean_in, mean_out = sum(inside) / len(inside), sum(outside) / len(outside)
    tens = sorted(divmod(i, n) for i in arena if nums[i] == 10)
    facts.append(
        Fact(
            "the numbers are low in the Arena, with some 10s: none above 10 there, at least "
            "four 10s, the Arena's mean under half the mean outside it",
            max(inside) <= 10 and len(tens) >= 4 and mean_in < mean_out / 2,
            f"Arena numbers {min(inside)}-{max(inside)}, mean {mean_in:.2f} against "
            f"{mean_out:.2f} outside; 10s at {tens}",
        )
    )
    rings: dict[int, list[int]] = {}
    for i in own:
        rings.setdefault(abs(i // n - HALF) + abs(i % n - HALF), []).append(nums[i])
    means = [round(sum(v) / len(v), 2) for _, v in sorted(rings.items())]
    facts.append(
        Fact(
            "the numbers rise towards the corners: each ring of squares at one distance from "
            "the centre is higher on average than the ring inside it, the corners highest",
            all(b > a for a, b in pairwise(means)),
            f"ring means from the centre out {means}",
        )
    )
    rotated = [nums[(n - 1 - c) * n + r] for r in range(n) for c in range(n)]
    blades = quarters(n)
    tiled = sorted(i for q in blades for i in q) == sorted(set(range(n * n)) - {board.centre})
    totals = [sum(nums[i] for i in q) for q in blades]
    facts.append(
        Fact(
            "the four quarters add up to the same total (the board is unchanged by a quarter turn)",
            list(nums) == rotated and tiled and len(set(totals)) == 1,
            f"quarter totals {totals}",
        )
    )
    facts.append(Fact("25 is the largest number", max(nums) == 25, f"largest {max(nums)}"))
    near = [(r, c) for r in range(3) for c in range(3) if nums[r * n + c] == 25]
    facts.append(
        Fact("two 25s lie by the top-left corner", len(near) == 2, f"25s at {near} (rows 0-2)")
    )
    best = max(geo.placements, key=lambda p: p.score(3, nums))
    door = [
        p
        for p in geo.placements
        if p.shape == "Door" and not p.block and p.score(3, nums) == 100 and _in_corner(p, n)
    ]
    facts.append(
        Fact(
            "a Door marked 3 scores exactly 100 in a corner",
            bool(door),
            f"{len(door)} such placements, the first {door[0].orient} at "
            f"{door[0].row},{door[0].col}"
            if door
            else "none",
        )
    )
    facts.append(
        Fact(
            "nothing scores more than 100 (any shape, marked 3, anywhere)",
            best.score(3, nums) <= 100,
            f"best {best.score(3, nums)}: {best.shape} {best.orient} at {best.row},{best.col}",
        )
    )
    facts.append(arena_fact(geo, nums))
    return facts


def _in_corner(p: object, n: int) -> bool:
    squares = p.squares  # type: ignore[attr-defined]
    rows, cols = [i // n for i in squares], [i % n for i in squares]
    return min(min(rows), n - 1 - max(rows)) <= 1 and min(min(cols), n - 1 - max(cols)) <= 1


def arena_fact(geo: Geometry, nums: tuple[int, ...]) -> Fact:
    """Reaching 75 in the Arena takes several turns: no two pieces of one player's set, each on
    its best squares wholly inside the Arena (never mind where the shapes already lie), reach 75
    together, so it takes three turns at the least."""
    best: dict[tuple[str, int], int] = {}
    for p in geo.placements:
        if p.arena:
            for mark in (1, 2, 3):
                key = (p.shape, mark)
                best[key] = max(best.get(key, 0), p.score(mark, nums))
    pieces = [piece_shape(piece) for piece in SkirridOptions(players=2).pieces(0)]
    pair = max(combinations(pieces, 2), key=lambda two: sum(best[k] for k in two))
    top = sum(best[k] for k in pair)
    names = " + ".join(f"{s}{'' if m == 1 else f' marked {m}'} {best[(s, m)]}" for s, m in pair)
    return Fact(
        f"reaching {ARENA_SCORE} inside the Arena takes several turns: no two pieces of a set "
        f"reach {ARENA_SCORE} there together",
        top < ARENA_SCORE,
        f"the best two: {names} = {top}",
    )


def piece_facts(shapes: tuple[Shape, ...]) -> list[Fact]:
    """The facts about the pieces: the set, the six shapes, the marks, turning, the die."""
    pieces = sorted(SkirridOptions(players=2).pieces(0))
    want = sorted(f"{name}{m}" for name in NAMES for m in ("", "2", "3"))
    facts = [
        Fact(
            "a set has 18 pieces, three of each shape: unmarked, marked 2 and marked 3",
            pieces == want,
            f"{len(pieces)} pieces: {', '.join(pieces)}",
        )
    ]
    by_name = {s.name: s for s in shapes}
    wrong = [
        name
        for name, cells in SHAPES.items()
        if name not in by_name or tuple(sorted(cells)) not in _ways(by_name[name].squares)
    ]
    facts.append(
        Fact(
            "the shapes: Eye 1 square, Rod 2 in a line, Quoin 3 in an L, Snake 4 in a zigzag, "
            "Door 5 in an arch, Gun 6 (a barrel of 4, a grip of 2)",
            not wrong and len(shapes) == len(SHAPES),
            f"not as the note says: {', '.join(wrong)}" if wrong else "each as the note says",
        )
    )
    facts.append(
        Fact(
            "the mark sits on one square of each shape",
            all(s.mark in s.squares for s in shapes),
            ", ".join(f"{s.name} {s.mark}" for s in shapes),
        )
    )
    turned = all(
        any(o.code[0] == "R" and o.mark is not None for o in orientations(s))
        and any(o.code[0] == "F" and o.mark is None for o in orientations(s))
        for s in shapes
    )
    facts.append(
        Fact(
            "pieces may be turned to face any edge, the mark carried along; turned over they "
            "are a block (the mark hidden)",
            turned,
            ", ".join(f"{s.name} {len(orientations(s))} ways" for s in shapes),
        )
    )
    sizes = sorted(s.size for s in shapes)
    facts.append(
        Fact(
            "dice: a face names the shape of that many squares",
            sizes == [1, 2, 3, 4, 5, 6],
            f"squares by shape {sizes}",
        )
    )
    return facts


@contextmanager
def playing_on(geo: Geometry) -> Iterator[None]:
    """The engine and its computer players on `geo`'s board for a while (the board checked)."""
    saved = (skirrid_state.standard_geometry, skirrid_bots.standard_geometry)
    skirrid_state.standard_geometry = skirrid_bots.standard_geometry = lambda *edition: geo
    try:
        yield
    finally:
        skirrid_state.standard_geometry, skirrid_bots.standard_geometry = saved


OPENING = 2  # the first shapes of each game placed at random: the games differ


def mean_score(name: str, games: int, seed: int = 1) -> float:
    """The mean score per player of `name` against itself over two-player games, each opened
    by OPENING random placements (the bots alone would play one game over and over)."""
    total = 0
    for g in range(games):
        rng = random.Random(seed * 1000 + g)
        state = SkirridState(SkirridOptions(players=2), seed + g)
        bots = [make_bot(name, random.Random(rng.random())) for _ in range(2)]
        while not state.is_terminal():
            seat, legal = state.current_player(), state.legal_actions()
            if len(state.history()) < OPENING:
                action = rng.choice(legal)
            else:
                action = bots[seat].act(state.observation(seat), legal)
            state.apply_action(action)
        total += sum(state.scores)
    return total / (2 * games)


def score_fact(geo: Geometry, games: int, progress: Callable[[str], None]) -> Fact:
    """The seed's good average score, as decent computer players reach it."""
    # at least two strong games: one game's mean swings from about 340 to 510 with the deal
    counts = {"greedy": games, "strong": max(2, games // 4)}
    means = {}
    with playing_on(geo):
        for name, count in counts.items():
            progress(f"  ({count} games of {name} against {name}...)")
            means[name] = mean_score(name, count)
    lo, hi = GOOD
    # decent play as a whole: each bot's mean alone swings past either bound with a few deals
    # (greedy 487-510, strong 403-442 over four games of three seeds), their mean does not
    games_played = sum(counts.values())
    mean = sum(means[name] * counts[name] for name in counts) / games_played
    return Fact(
        f"a good average score is between {lo}-{hi}: decent play reaches it (the greedy and "
        "the strong computer player, each against itself, two players, taken together)",
        lo <= mean <= hi,
        f"{mean:.0f} a player over {games_played} games ("
        + ", ".join(f"{name} {m:.0f} over {counts[name]}" for name, m in means.items())
        + ")",
    )


def check(
    board: Board, shapes: tuple[Shape, ...], games: int, progress: Callable[[str], None]
) -> list[Fact]:
    """Every fact, in the design note's order."""
    geo = (
        standard_geometry()
        if (board, shapes) == (standard_board(), standard_shapes())
        else (build_geometry(board, shapes))
    )
    facts = board_facts(board, geo)
    facts[5:5] = piece_facts(shapes)  # the note gives the pieces after the rising numbers
    if games > 0:
        facts.append(score_fact(geo, games, progress))
    return facts


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        description="Hold a Skirrid board to every fact of the design note, PASS or FAIL each."
    )
    parser.add_argument("board", nargs="?", type=Path, help="a board file (default: ours)")
    parser.add_argument("--shapes", type=Path, help="a shapes file (default: the standard six)")
    parser.add_argument(
        "--games",
        type=int,
        default=40,
        help="two-player games of the greedy player for the average score (a quarter as many "
        "of the strong one, at least two); 0 leaves that fact out (default 40)",
    )
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
    facts = check(board, shapes, args.games, lambda line: print(line, flush=True))
    for fact in facts:
        print(f"{'PASS' if fact.held else 'FAIL'} {fact.text}")
        print(f"     {fact.figures}")
    failed = [fact for fact in facts if not fact.held]
    print(f"{len(facts) - len(failed)} of {len(facts)} facts hold" + (
        f"; the first broken: {failed[0].text}" if failed else ""))  # fmt: skip
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
