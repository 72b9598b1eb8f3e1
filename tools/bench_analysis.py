"""Benchmark the course analysis: `python tools/bench_analysis.py [--samples N] [--board NAME]`.

The whole course (`skully analyze classic --skill skilled --samples 200`) run twice, in one
process and spread over two, timed wall clock. Prints `name value` lines, then, as the last line,
a JSON object with:

- seconds_jobs1, seconds_jobs2: wall seconds of analyze() with jobs=1 and jobs=2;
- speedup: seconds_jobs1 / seconds_jobs2 (at most 2 on the 2-core dev machine);
- shots: flicks simulated by one run (every step's expected shots times its samples: exact);
- shots_per_second_jobs1, shots_per_second_jobs2: shots over those seconds;
- same_figures: whether both runs gave the same figures (they must).
"""

from __future__ import annotations

import argparse
import json
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
    args = parser.parse_args(argv)
    study = Study(preset(args.board), level(args.skill), args.samples, seed=1)

    one_s, one = timed(study, 1)
    two_s, two = timed(study, 2)
    n = shots(one)
    figures = {
        "board": args.board,
        "skill": args.skill,
        "samples": args.samples,
        "seconds_jobs1": round(one_s, 2),
        "seconds_jobs2": round(two_s, 2),
        "speedup": round(one_s / two_s, 2),
        "shots": n,
        "shots_per_second_jobs1": round(n / one_s),
        "shots_per_second_jobs2": round(n / two_s),
        "same_figures": one.to_json() == two.to_json(),
        "expected_pipsies_per_game": round(one.expected_pipsies_per_game, 3),
        "expected_shots_to_finish": round(one.expected_shots_to_finish, 2),
    }
    for name, value in figures.items():
        print(f"{name} {value}")
    print(json.dumps(figures))
    return 0 if figures["same_figures"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
