"""Frame time of the busiest tables, as a person's machine spends it: `python
tools/table_frame_time.py [--frames N] [--size WxH]` prints, for each table full of computer
players playing at the normal pace (cards dealt, played and collected, faces drawn), the thread
CPU time of a frame (update and draw, `time.thread_time`): median, p99 and worst, in ms.

The faces are drawn once and cached; this shows that drawing them does not slow a table down
(the aim is a p99 under 8 ms).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import render_scenes as scenes  # the tables as the screenshots build them

from skully_game.core.settings import Settings
from skully_game.shell.app import App

TABLES = {
    "skull-king, 8 seats": lambda app: scenes._skull_king(app, ["heuristic"] * 8),
    "skull, 8 seats": lambda app: scenes._skull(app, ["random"] * 8),
    "skip-bo, 6 seats": lambda app: scenes._skip_bo(app, ["build-first"] * 6),
    "skirrid, 6 seats": lambda app: scenes._skirrid(app, ["greedy"] * 6),
}


def measure(build, size: tuple[int, int], frames: int) -> list[float]:
    """Each frame's thread CPU time in ms, the table playing itself."""
    app = App(Settings(muted=True), size=size)
    build(app)
    times = []
    for _ in range(frames):
        start = time.thread_time()
        app.run_frames(1, ticks_per_frame=1)
        times.append((time.thread_time() - start) * 1000)
    app.stack.clear()
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--size", default="1280x800")
    args = parser.parse_args(argv)
    size = tuple(int(v) for v in args.size.split("x"))
    for name, build in TABLES.items():
        times = sorted(measure(build, size, args.frames))  # type: ignore[arg-type]
        p99 = times[min(len(times) - 1, round(0.99 * len(times)))]
        print(f"{name:22} median {statistics.median(times):5.2f} ms  p99 {p99:5.2f} ms  "
              f"worst {times[-1]:6.2f} ms  ({len(times)} frames at {args.size})")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
