"""How often an ideal slingshot aim makes a box shot at each hand level:
`python tools/hand_levels.py [--samples N] [--seed S] [--board NAME]`.

For every hand level a person can choose at the setup (steady, beginner ... street legend), the
cap is put down where players put it, aimed at the middle of its target with exactly the speed
that stops it there — the best slingshot a person can mean — and the shot made is that aim spoiled
by the hand's wobble (`hand.spoil`, the same function the table uses), through the real physics.
Prints the one-shot rate of start->1, 1->2 and 4->5 as a table, and on its last line as JSON.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from skully_game.skully.ai import start_point, stop_speed, towards_in_box
from skully_game.skully.board import PRESETS
from skully_game.skully.caps import CapType
from skully_game.skully.geometry import Board
from skully_game.skully.hand import HandLevel, spoil
from skully_game.skully.physics import Flick, simulate

SHOTS = {"start-1": (None, 1), "1-2": (1, 2), "4-5": (4, 5)}  # (box the cap is in, target)


def one_shot_rate(
    board: Board, hand: HandLevel, box: int | None, goal: int, n: int, seed: int
) -> float:
    """Share of n shots from where players put the cap (the middle of the start line, or the
    point of the box nearest the target) that stop wholly inside `goal`."""
    # the same draws for every level (common random numbers): levels differ only in the wobble's
    # width, so their rates compare without the noise of separate samples
    rng = random.Random(f"hand-levels:{seed}:{goal}")
    cap = CapType.CROWN
    radius, mu = cap.spec.radius, cap.spec.mu
    aim = board.box_centre(goal)
    src = start_point(board, 0.5) if box is None else towards_in_box(board, box, aim, radius)
    made = 0
    for _ in range(n):
        angle = math.atan2(aim[1] - src[1], aim[0] - src[0])
        meant = Flick(0, angle, stop_speed(mu, math.dist(src, aim)))
        made_flick = spoil(meant, hand, rng)
        rest = simulate(board.spec, (cap,), (src,), made_flick, trace=False).rest[0]
        made += board.wholly_in(rest, radius, goal)
    return made / n


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=400, help="shots per cell (default 400)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--board", default="classic", choices=sorted(PRESETS))
    args = parser.parse_args(argv)
    board = Board(PRESETS[args.board])
    began = time.perf_counter()
    table: dict[str, dict[str, float]] = {}
    for hand in HandLevel:
        table[hand.value] = {
            name: round(one_shot_rate(board, hand, box, goal, args.samples, args.seed), 3)
            for name, (box, goal) in SHOTS.items()
        }
        print(f"  {hand.value} done", file=sys.stderr)
    print(
        f"One-shot rate of an ideal slingshot aim, {args.board} board, {args.samples} shots each:"
    )
    print("| hand level | " + " | ".join(SHOTS) + " |")
    print("|---|" + "---|" * len(SHOTS))
    for hand in HandLevel:
        cells = " | ".join(f"{100 * table[hand.value][s]:.0f} %" for s in SHOTS)
        print(f"| {hand.label} | {cells} |")
    print(f"({time.perf_counter() - began:.1f} s)", file=sys.stderr)
    print(
        json.dumps(
            {"board": args.board, "samples": args.samples, "seed": args.seed, "levels": table}
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
