"""Benchmark the shot simulator: `python tools/bench_physics.py [--runs N] [--frames N]`.

The shot: eight crown caps, seven bunched round 13 and one flicked into them from near box 1,
giving more than a second of motion. Prints human-readable figures, then, as the last line, a JSON
object with:

- ms_per_shot: median wall time of simulate() to rest (building the world included);
  realtime_factor is simulated seconds over that;
- realtime_factor: simulated seconds per wall second, at that median;
- overhead_ratio: our simulate-to-rest over a bare `space.step` loop for the same number of steps
  on a freshly built identical World, timed side by side and interleaved; median of the ratios;
- frame_ms_p99: 99th percentile of update+draw of the practice scene at 1280x800 headless (None
  when the UI's `bench_frames` is not available).

Targets on the 2-core dev machine: overhead_ratio <= 1.25, realtime_factor >= 300,
frame_ms_p99 <= 8.
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SKULLY_CONFIG_DIR", tempfile.mkdtemp(prefix="skully-bench-cfg-"))
os.environ.setdefault("SKULLY_DATA_DIR", tempfile.mkdtemp(prefix="skully-bench-data-"))

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from skully_game.skully.board import BoardSpec
from skully_game.skully.caps import CapType
from skully_game.skully.physics import Flick, ShotResult, World, simulate

TARGETS = {"overhead_ratio": 1.25, "realtime_factor": 300.0, "frame_ms_p99": 8.0}

SPEC = BoardSpec()
CAPS = [CapType.CROWN] * 8


def positions() -> list[tuple[float, float]]:
    """The striker near box 1, then a cap on 13 with six round it, 2 mm apart."""
    c = SPEC.board_side / 2
    d = 2 * CapType.CROWN.spec.radius + 0.002
    ring = [
        (c + d * math.cos(k * math.pi / 3 + 0.25), c + d * math.sin(k * math.pi / 3 + 0.25))
        for k in range(6)
    ]
    return [(0.45, 0.42), (c, c), *ring]


POSITIONS = positions()
# A hard flick cutting into the side of the pack: every cap is hit and the break runs > 1 s.
FLICK = Flick(0, math.atan2(POSITIONS[1][1] - 0.42, POSITIONS[1][0] - 0.45) - 0.04, 7.0)


def ours() -> tuple[float, ShotResult]:
    """Wall seconds of our simulate-to-rest (flick, fixed steps, sampling, contacts, rest test)
    on a freshly built World; building the space is common to both loops and left out."""
    world = World(SPEC, CAPS, POSITIONS)
    t0 = time.perf_counter()
    world.flick(FLICK)
    result = world.run_to_rest()
    return time.perf_counter() - t0, result


def whole() -> float:
    """Wall seconds of one simulate() call, world building included (what a shot costs)."""
    t0 = time.perf_counter()
    simulate(SPEC, CAPS, POSITIONS, FLICK)
    return time.perf_counter() - t0


def bare(steps: int) -> float:
    """Wall seconds of a bare `space.step` loop on a freshly built identical World."""
    world = World(SPEC, CAPS, POSITIONS)
    step, dt = world.space.step, world.dt
    t0 = time.perf_counter()
    world.flick(FLICK)
    for _ in range(steps):
        step(dt)
    return time.perf_counter() - t0


# --- UI hook ---------------------------------------------------------------------------------
# The practice scene provides `bench_frames(n_frames) -> list[float]` (ms per update+draw at
# 1280x800, headless). Until it exists, or if pygame is missing, frame_ms_p99 is None.


def frame_ms_p99(n_frames: int = 600) -> float | None:
    """99th percentile (nearest rank) of the practice scene's frame times in ms, or None."""
    try:
        from skully_game.scenes.skully.practice import bench_frames
    except ImportError:
        return None
    times = sorted(bench_frames(n_frames))
    if not times:
        return None
    return times[max(0, math.ceil(0.99 * len(times)) - 1)]


# ---------------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=50, help="timed shots (default 50)")
    parser.add_argument("--frames", type=int, default=600, help="practice frames (default 600)")
    args = parser.parse_args(argv)
    runs = max(1, args.runs)

    _, result = ours()
    if result.duration < 1.0 or not result.settled:
        print(f"the benchmark shot is too short: {result.duration:.3f} s", file=sys.stderr)
        return 1
    for _ in range(3):  # warm up caches and the allocator
        ours()
        bare(result.steps)

    ours_times: list[float] = []
    bare_times: list[float] = []
    ratios: list[float] = []
    gc_was_enabled = gc.isenabled()
    try:
        for i in range(runs):
            gc.collect()
            gc.disable()
            if i % 2 == 0:  # alternate which goes first, so neither gets the warmer cache
                t_ours, shot = ours()
                t_bare = bare(shot.steps)
            else:
                t_bare = bare(result.steps)
                t_ours, shot = ours()
            gc.enable()
            if shot.rest != result.rest or shot.steps != result.steps:
                print("the benchmark shot is not deterministic", file=sys.stderr)
                return 1
            ours_times.append(t_ours)
            bare_times.append(t_bare)
            ratios.append(t_ours / t_bare)
    finally:
        if gc_was_enabled:
            gc.enable()

    median_ours = statistics.median(ours_times)
    median_bare = statistics.median(bare_times)
    median_whole = statistics.median(whole() for _ in range(runs))
    figures = {
        "ms_per_shot": round(median_whole * 1000, 3),
        "realtime_factor": round(result.duration / median_whole, 1),
        "overhead_ratio": round(statistics.median(ratios), 3),
        "frame_ms_p99": None,
    }
    p99 = frame_ms_p99(args.frames)
    figures["frame_ms_p99"] = None if p99 is None else round(p99, 3)

    print(
        f"shot: {len(CAPS)} crown caps, 7 bunched on 13, one flicked in at {FLICK.speed} m/s; "
        f"{result.duration:.3f} s of motion, {result.steps} steps of {result.dt * 1000:.4f} ms, "
        f"{len(result.contacts)} contacts, {len(result.touched())} caps touched"
    )
    print(f"simulate():       median {median_whole * 1000:8.3f} ms  (world building included)")
    print(
        f"run to rest:      median {median_ours * 1000:8.3f} ms  "
        f"(min {min(ours_times) * 1000:.3f}, max {max(ours_times) * 1000:.3f}) over {runs} runs"
    )
    print(
        f"bare space.step:  median {median_bare * 1000:8.3f} ms  "
        f"({median_bare / result.steps * 1e6:.2f} us per step)"
    )
    print(f"realtime factor:  {figures['realtime_factor']:.1f}x  (target >= 300)")
    print(f"overhead ratio:   {figures['overhead_ratio']:.3f}  (target <= 1.25)")
    if p99 is None:
        print("frame p99:        n/a (the practice scene's bench_frames is not available)")
    else:
        print(f"frame p99:        {p99:.3f} ms over {args.frames} frames  (target <= 8)")
    met = (
        figures["overhead_ratio"] <= TARGETS["overhead_ratio"]
        and figures["realtime_factor"] >= TARGETS["realtime_factor"]
        and (p99 is None or p99 <= TARGETS["frame_ms_p99"])
    )
    print(f"targets met: {'yes' if met else 'NO'}")
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
