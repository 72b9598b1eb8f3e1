"""Skirrid's bot ladder: each level against the one below, two players, seat-rotated.

    python tools/bench_skirrid_bots.py [--games 400] [--seed 1] [--workers 2]
        [--pairs greedy/random,strong/greedy] [--json]

Each pair `upper/lower` plays `--games` two-player games through `cards.selfplay` (every bot in
every seat on the same boards); the pair passes when the 95 % Wilson interval of the upper bot's
win rate lies wholly above 1/2. Then the mean score per player of greedy against greedy and
strong against strong, beside the seed's "a good average score is between 400-500"; and the
slowest decision of each bot seen. Exit status 1 if any pair fails.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import cards.selfplay as selfplay
from cards.skirrid import GAME, SkirridOptions, SkirridState

LADDER = "greedy/random,strong/greedy"


def run(bots: tuple[str, str], args: argparse.Namespace) -> dict[str, object]:
    specs = tuple(selfplay.parse_bot(b, GAME.bot_names) for b in bots)
    match = selfplay.Match("skirrid", SkirridOptions(players=2), args.seed, specs)
    start = time.perf_counter()
    results = selfplay.run_match(match, args.games, workers=args.workers)
    return selfplay.summarize(match, results, time.perf_counter() - start)


def slowest(name: str, games: int, seed: int) -> float:
    """The longest decision of `name` (against greedy) over a few games, in seconds."""
    worst = 0.0
    for g in range(games):
        state = SkirridState(SkirridOptions(players=2), seed + g)
        bots = [GAME.make_bot(n, random.Random(g + i)) for i, n in enumerate((name, "greedy"))]
        while not state.is_terminal():
            seat = state.current_player()
            obs, legal = state.observation(seat), state.legal_actions()
            start = time.perf_counter()
            action = bots[seat].act(obs, legal)
            if seat == 0:
                worst = max(worst, time.perf_counter() - start)
            state.apply_action(action)
    return worst


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--pairs", default=LADDER)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    failed = 0
    for pair in args.pairs.split(","):
        upper, _, lower = pair.strip().partition("/")
        summary = run((upper, lower), args)
        row = next(r for r in summary["results"] if r["bot"] == upper)
        lo, hi = row["ci95"]
        passed = lo > 0.5
        failed += not passed
        print(
            f"{upper} vs {lower}: {summary['games']} games, win rate {row['win_rate']:.3f}, "
            f"95% CI [{lo:.3f}, {hi:.3f}], {summary['games_per_second']:.2f} games/s\n"
            f"  {'PASS' if passed else 'FAIL'}: {upper} "
            f"{'beats' if passed else 'does not clearly beat'} {lower}",
            flush=True,
        )
        if args.json:
            print(json.dumps(summary), flush=True)
    for name in ("greedy", "strong"):
        summary = run((name, name), argparse.Namespace(**{**vars(args), "games": args.games // 4}))
        mean = summary["results"][0]["mean_score"]
        print(f"{name} vs {name}: mean score per player {mean} over {summary['games']} games")
    for name in ("greedy", "strong"):
        print(f"{name}: slowest decision {slowest(name, 4, args.seed) * 1000:.0f} ms", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
