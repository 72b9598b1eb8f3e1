"""Benchmark the course analysis: `python tools/bench_analysis.py [--samples N] [--repeats N]`.

The whole course (`skully analyze classic --skill skilled --samples 200`) run in one process and
spread over two, the two job counts taking turns `--repeats` times (which goes first alternates),
so a change in the machine's load falls on both alike; wall clock, as the analysis spreads over
processes. Prints `name value` lines, then, as the last line, a JSON object with:

- seconds_jobs1, seconds_jobs2: the median wall seconds of analyze() with jobs=1 and jobs=2,
  and their spreads (min-max);
- speedup: the median over the repeats of seconds_jobs1 / seconds_jobs2, each pair timed
  side by side (at most 2 on the 2-core dev machine), and its spread;
- shots: flicks simulated by one run (every step's expected shots times its samples: exact);
- shots_per_second_jobs1, shots_per_second_jobs2: shots over those medians;
- same_figures: whether every run gave the same figures (they must).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from skully_game.skully.analysis import Analysis, Study, analyze
from skully_game.skully.board import preset
from skully_game.skully.skill import level


def timed(study: Study, jobs: int) -> tuple[float, Analysis]:
    t0 = time.perf_counter()
    result = analyze(study, jobs=jobs)
    return time.perf_counter() - t0, result


def shots(result: Analysis) -> int:
    return round(sum(f.expected_shots * f.samples for f in result.per_step))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=200, help="per step (default 200)")
    parser.add_argument("--board", default="classic", help="a preset (default classic)")
    parser.add_argument("--skill", default="skilled", help="a level (default skilled)")
    parser.add_argument("--repeats", type=int, default=3, help="turns of each job count (3)")
    args = parser.parse_args(argv)
    study = Study(preset(args.board), level(args.skill), args.samples, seed=1)

    seconds: dict[int, list[float]] = {1: [], 2: []}
    results: list[Analysis] = []
    for r in range(max(1, args.repeats)):
        for jobs in (1, 2) if r % 2 == 0 else (2, 1):
            took, result = timed(study, jobs)
            seconds[jobs].append(took)
            results.append(result)
    one_s, two_s = statistics.median(seconds[1]), statistics.median(seconds[2])
    speedups = [a / b for a, b in zip(seconds[1], seconds[2], strict=True)]
    first = results[0]
    n = shots(first)
    figures = {
        "board": args.board,
        "skill": args.skill,
        "samples": args.samples,
        "repeats": len(seconds[1]),
        "seconds_jobs1": round(one_s, 2),
        "seconds_jobs1_spread": [round(min(seconds[1]), 2), round(max(seconds[1]), 2)],
        "seconds_jobs2": round(two_s, 2),
        "seconds_jobs2_spread": [round(min(seconds[2]), 2), round(max(seconds[2]), 2)],
        "speedup": round(statistics.median(speedups), 2),
        "speedup_spread": [round(min(speedups), 2), round(max(speedups), 2)],
        "shots": n,
        "shots_per_second_jobs1": round(n / one_s),
        "shots_per_second_jobs2": round(n / two_s),
        "same_figures": all(r.to_json() == first.to_json() for r in results),
        "expected_pipsies_per_game": round(first.expected_pipsies_per_game, 3),
        "expected_shots_to_finish": round(first.expected_shots_to_finish, 2),
    }
    for name, value in figures.items():
        print(f"{name} {value}")
    print(json.dumps(figures))
    return 0 if figures["same_figures"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
