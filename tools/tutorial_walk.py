"""Take every lesson of Learn Skully as a computer player would:
`python tools/tutorial_walk.py [--level NAME] [--tries N] [--seed S]`.

Each lesson starts from its scenario; the flick is the one the computer player's planner
(skully/ai.py) would mean for the lesson's goal, made with the level's wobble (none for
"perfect", the steady hand), simulated in the real physics and judged by the real rules; a miss
is retried, at most --tries times, from a seeded generator. The same code as the test
(tests/test_tutorial.py): `skully_game.skully.tutorial.walk_lesson`.

Prints one line per lesson, the attempts each took as JSON, and last one JSON line:
{"lessons": N, "passed": N}. Exit status 1 if any lesson was not passed.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from skully_game.skully.skill import LEVELS, level
from skully_game.skully.tutorial import lessons, walk_lesson


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Walk every tutorial lesson with the planner.")
    parser.add_argument(
        "--level", default="perfect", choices=sorted(LEVELS), help="the hand (perfect: steady)"
    )
    parser.add_argument("--tries", type=int, default=5, help="attempts per lesson (5)")
    parser.add_argument("--seed", type=int, default=1, help="the generator's seed (1)")
    args = parser.parse_args(argv)
    if args.tries < 1:
        parser.error("--tries: expected at least 1")
    hand = level(args.level)
    passed = 0
    attempts: dict[str, int | None] = {}
    start = time.perf_counter()
    for number, lesson in enumerate(lessons(), 1):
        took = walk_lesson(lesson, hand, seed=args.seed, tries=args.tries)
        attempts[lesson.key] = took
        passed += took is not None
        verdict = f"passed on attempt {took}" if took else f"not passed in {args.tries} attempts"
        print(f"{number:2}. {lesson.title:<26} {verdict}")
    seconds = round(time.perf_counter() - start, 2)
    total = len(attempts)
    detail = {"level": args.level, "tries": args.tries, "attempts": attempts, "seconds": seconds}
    print(json.dumps(detail))
    print(json.dumps({"lessons": total, "passed": passed}))
    return 0 if passed == total else 1


if __name__ == "__main__":
    sys.exit(main())
