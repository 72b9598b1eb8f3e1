"""Skull's bot ladder: each level against the one below, one seat against three, seat-rotated.

    python tools/bench_skull_bots.py [--games 1000] [--seed 1] [--workers 2]
        [--pairs cautious/random,bold/random,bluffer/random,strong/cautious,strong/bold,strong/bluffer]
        [--players 4] [--json]
    python tools/bench_skull_bots.py --timing 20 [--seed 1]

Each pair `upper/lower` plays `--games` games of `upper,lower,lower,lower` (four players, one
deck, the seed's rules) through `cards.selfplay`, which rotates every bot through every seat on
the same deals. One against three asks the question that matters at a table: does this bot beat
a whole table of the level below? Its equal share is 1/4, and the pair passes when the 95 %
Wilson interval of the upper bot's win rate lies wholly above it. (Two against two would let the
copies feed each other and would run the slow bot twice as often.) Prints one block per pair and
a PASS/FAIL line; the exit status is 1 if any pair fails.

`--timing GAMES` instead times the strong bot's decisions at its default settings (one process,
strong against the three characters; four players with one deck, then eight with three decks):
every decision with a real choice, median, 95th percentile and worst.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import cards.selfplay as selfplay
from cards.skull import GAME, SkullOptions, SkullState
from cards.skull.bots import StrongBot, make_bot

LADDER = "cautious/random,bold/random,bluffer/random,strong/cautious,strong/bold,strong/bluffer"


def run_pair(upper: str, lower: str, args: argparse.Namespace) -> dict[str, object]:
    """Play one pair; return selfplay's summary with the upper bot's row picked out."""
    known = GAME.bot_names
    specs = (
        selfplay.parse_bot(upper, known),
        *(selfplay.parse_bot(lower, known) for _ in range(args.players - 1)),
    )
    options = GAME.make_options(args.players, {})
    match = selfplay.Match("skull", options, args.seed, specs)
    start = time.perf_counter()
    results = selfplay.run_match(match, args.games, workers=args.workers)
    summary = selfplay.summarize(match, results, time.perf_counter() - start)
    row = next(r for r in summary["results"] if r["bot"] == upper)
    summary["upper"] = row
    summary["passed"] = row["ci95"][0] > row["equal_share"]
    return summary


def report(upper: str, lower: str, summary: dict[str, object]) -> str:
    row = summary["upper"]
    assert isinstance(row, dict)
    lo, hi = row["ci95"]
    verdict = "PASS" if summary["passed"] else "FAIL"
    return (
        f"{upper} vs 3 x {lower}: {summary['games']} games, "
        f"win rate {row['win_rate']:.3f}, 95% CI [{lo:.3f}, {hi:.3f}], "
        f"equal share {row['equal_share']:.3f}, {summary['games_per_second']:.2f} games/s, "
        f"clock stops {summary['clock_stops']}\n"
        f"  {verdict}: {upper} {'beats' if summary['passed'] else 'does not clearly beat'} "
        f"{lower}"
    )


def time_decisions(games: int, seed: int) -> None:
    """Every strong decision with more than one legal action, timed on this machine."""
    for options in (SkullOptions(players=4), SkullOptions(players=8, decks=3)):
        times: list[float] = []
        stops = 0
        for g in range(games):
            names = ["strong", "cautious", "bold", "bluffer"] * 2
            bots = [
                make_bot(names[(p + g) % len(names)], random.Random(seed * 1000 + g * 10 + p))
                for p in range(options.players)
            ]
            state = SkullState(options, seed + g)
            while not state.is_terminal():
                seat = state.current_player()
                legal, obs = state.legal_actions(), state.observation(seat)
                start = time.perf_counter()
                action = bots[seat].act(obs, legal)
                spent = time.perf_counter() - start
                if isinstance(bots[seat], StrongBot) and len(legal) > 1:
                    times.append(spent)
                state.apply_action(action)
            stops += sum(getattr(b, "clock_stops", 0) for b in bots)
        times.sort()
        print(
            f"{options.players} players, {options.decks} deck(s): {len(times)} strong decisions, "
            f"median {statistics.median(times) * 1000:.1f} ms, "
            f"p95 {times[int(0.95 * (len(times) - 1))] * 1000:.1f} ms, "
            f"worst {times[-1] * 1000:.1f} ms, clock stops {stops}",
            flush=True,
        )


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--pairs", default=LADDER, help="upper/lower,... (bot settings allowed)")
    parser.add_argument("--json", action="store_true", help="also print one JSON line per pair")
    parser.add_argument("--timing", type=int, metavar="GAMES", help="time strong's decisions")
    args = parser.parse_args(argv)
    if args.timing:
        time_decisions(args.timing, args.seed)
        return 0
    selfplay.REGISTRY.setdefault("skull", lambda: GAME)  # until cards/registry.py lists Skull
    failed = 0
    for pair in args.pairs.split(","):
        upper, _, lower = pair.strip().partition("/")
        summary = run_pair(upper, lower, args)
        print(report(upper, lower, summary), flush=True)
        if args.json:
            print(json.dumps(summary), flush=True)
        failed += not summary["passed"]
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
