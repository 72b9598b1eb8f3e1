"""Time the strong Skull King bot's decisions (median, p95, max); the last line is JSON.

    python tools/bench_skull_king.py [--games 2] [--players 4] [--seed 1] [--rollouts N]
        [--baseline DIR [--repeats 3]]

Plays whole games with strong bots in every other seat (heuristic bots elsewhere) and times every
decision that had a real choice (more than one legal action).

With `--baseline DIR` (another checkout of this project, e.g. `git worktree add /tmp/before
<commit>`), the same games are played by this checkout and by that one in alternating child
processes, `--repeats` times each: the JSON then also holds both wall times (medians), their
ratio (`speedup`) and `same_games`, whether both played exactly the same actions (with the same
work budget they must).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

# A child run for --baseline imports the engine of the checkout named by SKULLY_BENCH_ROOT.
ROOT = Path(os.environ.get("SKULLY_BENCH_ROOT") or Path(__file__).resolve().parents[1])
sys.path.insert(0, str(ROOT))

from cards.skull_king import SkullKingOptions, SkullKingState  # noqa: E402
from cards.skull_king.bots import HeuristicBot, StrongBot  # noqa: E402


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rollouts", type=int, default=None, help="default: the bot's own")
    parser.add_argument("--baseline", type=Path, help="another checkout to play the same games")
    parser.add_argument("--repeats", type=int, default=3, help="child runs each (--baseline)")
    args = parser.parse_args(argv)
    if args.baseline is not None:
        return compare(args, argv)
    settings = {} if args.rollouts is None else {"rollouts": args.rollouts}
    times: list[float] = []
    by_phase: dict[str, list[float]] = {}
    digest = hashlib.sha256()
    start = time.perf_counter()
    for g in range(args.games):
        state = SkullKingState(SkullKingOptions(players=args.players), args.seed + g)
        bots = [
            StrongBot(random.Random(g * 100 + s), **settings)
            if s % 2 == 0
            else HeuristicBot(random.Random(g * 100 + s))
            for s in range(args.players)
        ]
        while not state.is_terminal():
            seat = state.current_player()
            legal = state.legal_actions()
            obs = state.observation(seat)
            t0 = time.perf_counter()
            action = bots[seat].act(obs, legal)
            spent = time.perf_counter() - t0
            if isinstance(bots[seat], StrongBot) and len(legal) > 1:
                times.append(spent)
                by_phase.setdefault(obs.phase.value, []).append(spent)
            state.apply_action(action)
        digest.update(",".join(state.history()).encode() + b";")
    times.sort()
    result = {
        "bench": "skull-king strong bot decision time",
        "games": args.games,
        "players": args.players,
        "rollouts": args.rollouts or StrongBot(random.Random(0)).rollouts,
        "decisions": len(times),
        "median_s": round(statistics.median(times), 4),
        "p95_s": round(times[min(len(times) - 1, int(0.95 * len(times)))], 4),
        "max_s": round(times[-1], 4),
        "median_by_phase_s": {k: round(statistics.median(v), 4) for k, v in by_phase.items()},
        "wall_s": round(time.perf_counter() - start, 2),
        "games_digest": digest.hexdigest()[:16],
        "python": platform.python_version(),
    }
    print(
        f"{len(times)} decisions: median {result['median_s']} s, p95 {result['p95_s']} s, "
        f"max {result['max_s']} s"
    )
    print(json.dumps(result))
    return 0


def compare(args: argparse.Namespace, argv: list[str]) -> int:
    """The same games in this checkout and in --baseline, in alternating child processes."""
    baseline = args.baseline.resolve()
    if not (baseline / "cards" / "skull_king").is_dir():
        print(f"--baseline {baseline}: not a checkout of this project", file=sys.stderr)
        return 2
    child_args = _without(argv, ("--baseline", "--repeats"))
    roots = {"ours": Path(__file__).resolve().parents[1], "baseline": baseline}
    walls: dict[str, list[float]] = {name: [] for name in roots}
    digests: dict[str, set[str]] = {name: set() for name in roots}
    for r in range(max(1, args.repeats)):
        order = list(roots) if r % 2 == 0 else list(reversed(roots))
        for name in order:
            env = dict(os.environ, SKULLY_BENCH_ROOT=str(roots[name]))
            out = subprocess.run(
                [sys.executable, __file__, *child_args],
                env=env,
                capture_output=True,
                text=True,
                check=True,
            ).stdout
            figures = json.loads(out.strip().splitlines()[-1])
            walls[name].append(figures["wall_s"])
            digests[name].add(figures["games_digest"])
    ours, base = statistics.median(walls["ours"]), statistics.median(walls["baseline"])
    result = {
        "bench": "skull-king strong bot, this checkout against a baseline",
        "baseline": str(baseline),
        "games": args.games,
        "players": args.players,
        "wall_s_ours": walls["ours"],
        "wall_s_baseline": walls["baseline"],
        "speedup": round(base / ours, 3),
        "same_games": len(digests["ours"] | digests["baseline"]) == 1,
    }
    print(
        f"same {args.games} games: {'yes' if result['same_games'] else 'NO'}; "
        f"median wall {ours:.2f} s against {base:.2f} s: {result['speedup']:.2f}x faster"
    )
    print(json.dumps(result))
    return 0 if result["same_games"] else 1


def _without(argv: list[str], flags: tuple[str, ...]) -> list[str]:
    """argv less the given flags and their values (either `--flag value` or `--flag=value`)."""
    out: list[str] = []
    skip = False
    for arg in argv:
        if skip:
            skip = False
            continue
        if arg in flags:
            skip = True
            continue
        if arg.startswith(tuple(f + "=" for f in flags)):
            continue
        out.append(arg)
    return out


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
