"""Time the strong Skull King bot's decisions (median, p95, max); the last line is JSON.

    python tools/bench_skull_king.py [--games 2] [--players 4] [--seed 1] [--rollouts N]

Plays whole games with strong bots in every other seat (heuristic bots elsewhere) and times every
decision that had a real choice (more than one legal action).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cards.skull_king import SkullKingOptions, SkullKingState
from cards.skull_king.bots import HeuristicBot, StrongBot


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rollouts", type=int, default=None, help="default: the bot's own")
    args = parser.parse_args(argv)
    settings = {} if args.rollouts is None else {"rollouts": args.rollouts}
    times: list[float] = []
    by_phase: dict[str, list[float]] = {}
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
        "python": platform.python_version(),
    }
    print(
        f"{len(times)} decisions: median {result['median_s']} s, p95 {result['p95_s']} s, "
        f"max {result['max_s']} s"
    )
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
