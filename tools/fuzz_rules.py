"""A long fuzz of the Skully rules: seeded random playouts through the physics, invariants checked.

    python tools/fuzz_rules.py --games 200 --shots 400 --seed 1

Prints a summary per option variant (games, shots, winners, event counts, time) and exits 1 with
the seed to reproduce at the first broken invariant. The quick version runs in pytest
(tests/test_rules_fuzz.py).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from skully_game.skully.board import PRESETS
from skully_game.skully.geometry import Board
from skully_game.skully.rules import KIND
from skully_game.skully.rules.playout import (
    VARIANTS,
    InvariantError,
    new_random_game,
    playout,
    random_state,
    transition_checker,
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60, help="games per variant and board")
    parser.add_argument("--shots", type=int, default=300, help="shot limit per game")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument("--boards", nargs="+", default=["classic"], choices=sorted(PRESETS))
    parser.add_argument("--variants", nargs="+", default=list(VARIANTS), choices=list(VARIANTS))
    args = parser.parse_args(argv)
    for board_name in args.boards:
        board = Board(PRESETS[board_name])
        for variant in args.variants:
            options = VARIANTS[variant]
            check = transition_checker(options, board)
            kinds: Counter[str] = Counter()
            shots = winners = 0
            started = time.perf_counter()
            for k in range(args.games):
                seed = args.seed + k
                rng = random.Random(seed)
                players = 2 + k % 5
                advanced = k % 2 == 1
                try:
                    if advanced:
                        state = random_state(players, options, board, rng)
                    else:
                        state = new_random_game(players, options, board, rng)
                    run = playout(state, options, board, rng, args.shots, check)
                except InvariantError as exc:
                    print(
                        f"FAILED {board_name}/{variant} seed {seed} ({players} players, "
                        f"{'advanced' if advanced else 'fresh'}): {exc}",
                        file=sys.stderr,
                    )
                    return 1
                shots += run.shots
                winners += run.state.over
                kinds.update(KIND[type(e)] for e in run.events)
            seconds = time.perf_counter() - started
            print(
                f"{board_name}/{variant}: {args.games} games, {shots} shots, {winners} winners, "
                f"{seconds:.1f} s ({1000 * seconds / max(shots, 1):.1f} ms/shot)"
            )
            print("  " + ", ".join(f"{k} {n}" for k, n in kinds.most_common()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
