"""The README's table of the board presets: `python tools/preset_table.py [--samples N] [--seed S]`.

For every preset and every level from beginner to street legend, runs the course analysis (the
same as `skully analyze PRESET --skill LEVEL --samples N --seed S`) and prints a Markdown table
of the expected pipsies per game and the expected shots to finish the course. Progress on stderr.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from skully_game.skully.analysis import Study, analyze
from skully_game.skully.board import PRESETS
from skully_game.skully.skill import Level

LEVELS = (Level.BEGINNER, Level.REGULAR, Level.SKILLED, Level.STREET_LEGEND)


def describe(name: str) -> str:
    spec = PRESETS[name]
    feet = spec.board_side / 0.3048
    inches = spec.box_side / 0.0254
    return f"{name} ({feet:.1f} ft, {inches:.0f} in boxes)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=200, help="per step (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    args = parser.parse_args(argv)
    header = "| board | " + " | ".join(lv.skill.name for lv in LEVELS) + " |"
    rows = [header, "|---|" + "---|" * len(LEVELS)]
    start = time.perf_counter()
    for name in PRESETS:
        cells = []
        for lv in LEVELS:
            result = analyze(Study(PRESETS[name], lv, args.samples, args.seed), jobs=args.jobs)
            cells.append(
                f"{result.expected_pipsies_per_game:.2f} / {result.expected_shots_to_finish:.0f}"
            )
            print(
                f"{name} {lv.skill.name}: {cells[-1]}  ({time.perf_counter() - start:.0f} s)",
                file=sys.stderr,
            )
        rows.append(f"| {describe(name)} | " + " | ".join(cells) + " |")
    print(
        f"Expected pipsies per game / expected shots to finish; N={args.samples}, seed {args.seed}."
    )
    print()
    print("\n".join(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
