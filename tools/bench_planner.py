"""Time what the shot simulator is for: `python tools/bench_planner.py [--baseline DIR]`.

Two figures, each the median of `--repeats` runs:

- decision_s: CPU seconds per Skully planner decision, street-legend level, over the first
  `--decisions` decisions of a seeded four-seat game on the classic board (the planner tries each
  candidate flick several noisy times in the real physics and rules);
- c_steps_s (with `--floor`): of decision_s, the CPU seconds inside chipmunk's stepping loops:
  what is left of the physics once lone slides (slide.py) are summed rather than stepped;
- analysis_s: CPU seconds of the whole-course analysis (`skully analyze classic --skill skilled
  --samples 200`, one process).

With `--baseline DIR` (another checkout of this project, e.g. `git worktree add /tmp/before
COMMIT`), each run alternates between this checkout and that one in fresh child processes, so
both meet the same machine (e.g. `git archive efb888a | tar -x -C /tmp/base` for the code before a
change); the JSON then also holds each speedup (baseline seconds over ours) and whether both gave
the same decisions and figures. Times are the child's CPU time, so a busy machine slows both
alike. The last line is one JSON object.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]


def planner_child(decisions: int, seed: int, floor: bool = False) -> dict[str, object]:
    """The first `decisions` flick decisions of a seeded game, each timed; with `floor`, also
    the CPU time spent inside chipmunk's stepping loops (physics.py runs them as
    `deque(map(step, ...))`, timed here by wrapping that `deque`): what no Python can save."""
    from skully_game.skully import physics
    from skully_game.skully.ai import Planner
    from skully_game.skully.board import preset
    from skully_game.skully.caps import CapType
    from skully_game.skully.physics import simulate
    from skully_game.skully.rules import RuleOptions, shot_setup
    from skully_game.skully.session import Seat, Session
    from skully_game.skully.skill import Level

    stepping = [0.0]
    if floor:
        from collections import deque

        def timed_deque(items: object, maxlen: int | None = None) -> deque[object]:
            t0 = time.process_time()
            out = deque(items, maxlen)  # type: ignore[call-overload]
            stepping[0] += time.process_time() - t0
            return out

        physics.deque = timed_deque  # type: ignore[attr-defined]
    options = RuleOptions()
    seats = tuple(Seat(f"P{i}", CapType.CROWN) for i in range(4))
    session = Session(preset("classic"), options, seats, seed)
    planners = [Planner(Level.STREET_LEGEND, random.Random(seed * 10 + i)) for i in range(4)]
    digest = hashlib.sha256()
    thinking = 0.0
    made = 0
    while made < decisions and not session.state.over:
        state = session.state
        who = state.pending[0].player if state.pending else state.to_play
        if (state.pending or state.offers) and planners[who].decide(session) is not None:
            continue
        t0 = time.process_time()
        flick, _ = planners[who].flick(session)
        thinking += time.process_time() - t0
        made += 1
        digest.update(f"{flick.angle.hex()}:{flick.speed.hex()};".encode())
        setup = shot_setup(state, options)
        session.judge(flick, simulate(session.board_spec, setup.caps, setup.positions, flick))
    figures: dict[str, object] = {"seconds": thinking / made, "made": made}
    figures["digest"] = digest.hexdigest()[:16]
    if floor:
        figures["c_steps"] = stepping[0] / made
    return figures


def analysis_child(samples: int) -> dict[str, object]:
    """The whole course on the classic board for a skilled player, in this one process."""
    from skully_game.skully.analysis import Study, analyze
    from skully_game.skully.board import preset
    from skully_game.skully.skill import level

    study = Study(preset("classic"), level("skilled"), samples, seed=1)
    t0 = time.process_time()
    result = analyze(study, jobs=1)
    seconds = time.process_time() - t0
    text = json.dumps(result.to_json(), sort_keys=True)
    return {"seconds": seconds, "digest": hashlib.sha256(text.encode()).hexdigest()[:16]}


def run_child(root: Path, what: str, args: argparse.Namespace) -> dict[str, object]:
    env = dict(os.environ, SKULLY_BENCH_ROOT=str(root))
    command = [sys.executable, __file__, "--child", what]
    command += ["--decisions", str(args.decisions), "--samples", str(args.samples)]
    command += ["--seed", str(args.seed)]
    if args.floor:
        command.append("--floor")
    out = subprocess.run(command, env=env, capture_output=True, text=True, check=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=12, help="planner decisions (12)")
    parser.add_argument("--samples", type=int, default=200, help="analysis samples a step (200)")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--repeats", type=int, default=3, help="runs of each (3)")
    parser.add_argument("--baseline", type=Path, help="another checkout to time side by side")
    parser.add_argument("--skip-analysis", action="store_true", help="time the planner only")
    parser.add_argument(
        "--floor", action="store_true", help="also time chipmunk's own stepping in a decision"
    )
    parser.add_argument("--child", choices=("planner", "analysis"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        sys.path.insert(0, os.environ.get("SKULLY_BENCH_ROOT", str(HERE)))
        if args.child == "planner":
            figures = planner_child(args.decisions, args.seed, args.floor)
        else:
            figures = analysis_child(args.samples)
        print(json.dumps(figures))
        return 0
    roots = {"ours": HERE}
    if args.baseline is not None:
        if not (args.baseline / "skully_game" / "skully" / "physics.py").is_file():
            parser.error(f"--baseline {args.baseline}: not a checkout of this project")
        roots["baseline"] = args.baseline.resolve()
    kinds = ["planner"] if args.skip_analysis else ["planner", "analysis"]
    runs: dict[tuple[str, str], list[dict[str, object]]] = {}
    for r in range(max(1, args.repeats)):
        names = list(roots) if r % 2 == 0 else list(reversed(roots))
        for kind in kinds:
            for name in names:
                runs.setdefault((kind, name), []).append(run_child(roots[name], kind, args))
    result: dict[str, object] = {"decisions": args.decisions, "samples": args.samples}
    for kind in kinds:
        label = "decision_s" if kind == "planner" else "analysis_s"
        for name in roots:
            seconds = [float(run["seconds"]) for run in runs[(kind, name)]]  # type: ignore[arg-type]
            key = label if name == "ours" else f"{label}_baseline"
            result[key] = round(statistics.median(seconds), 4)
            result[f"{key}_spread"] = [round(min(seconds), 4), round(max(seconds), 4)]
            print(f"{kind:9} {name:9} median {statistics.median(seconds):8.4f} s  {seconds}")
            steps = [float(run["c_steps"]) for run in runs[(kind, name)] if "c_steps" in run]  # type: ignore[arg-type]
            if steps:
                key_steps = "c_steps_s" if name == "ours" else "c_steps_s_baseline"
                result[key_steps] = round(statistics.median(steps), 4)
                print(
                    f"{'':9} {name:9} of which chipmunk's stepping {statistics.median(steps):.4f} s"
                )
        if "baseline" in roots:
            speedup = float(result[f"{label}_baseline"]) / float(result[label])  # type: ignore[arg-type]
            same = {str(run["digest"]) for name in roots for run in runs[(kind, name)]}
            result[f"{kind}_speedup"] = round(speedup, 3)
            result[f"{kind}_same_results"] = len(same) == 1
            print(f"{kind:9} speedup {speedup:.2f}x, same results: {len(same) == 1}")
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
