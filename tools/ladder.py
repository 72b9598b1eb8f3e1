"""The bot ladder every table game's bench plays (`bench_skull_bots.py`, `bench_skip_bo_bots.py`,
`bench_skirrid_bots.py`): each pair `upper/lower` seats `upper` once and `lower` in every other
seat, through `cards.selfplay`, which rotates every bot through every seat on the same deals.

One against the rest asks what matters at a table: does this bot beat a whole table of the level
below? Its equal share is 1/players; the pair passes when the 95 % Wilson interval of the upper
bot's win rate lies wholly above it. Each pair prints one block (win rate, interval, games per
second, the game's own figures) and PASS/FAIL; `--json` adds self-play's summary as one line.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import cards.selfplay as selfplay
from cards.registry import entries

Summary = dict[str, Any]


def play_pair(game: str, upper: str, lower: str, args: argparse.Namespace) -> Summary:
    """Self-play's summary of one pair, with the upper bot's row (`upper`) and `passed`."""
    entry = entries()[game]
    specs = (
        selfplay.parse_bot(upper, entry.bot_names),
        *(selfplay.parse_bot(lower, entry.bot_names) for _ in range(args.players - 1)),
    )
    match = selfplay.Match(game, entry.make_options(args.players, {}), args.seed, specs)
    start = time.perf_counter()
    results = selfplay.run_match(match, args.games, workers=args.workers)
    summary = selfplay.summarize(match, results, time.perf_counter() - start)
    row = next(r for r in summary["results"] if r["bot"] == upper)
    summary["upper"] = row
    summary["passed"] = row["ci95"][0] > row["equal_share"]
    return summary


def report(upper: str, lower: str, summary: Summary, details: str = "") -> str:
    """The pair's block: its figures, the game's own `details` line, and the verdict."""
    row = summary["upper"]
    lo, hi = row["ci95"]
    others = summary["players"] - 1
    against = f"{others} x {lower}" if others > 1 else lower
    passed = summary["passed"]
    lines = [
        f"{upper} vs {against}: {summary['games']} games, "
        f"win rate {row['win_rate']:.3f}, 95% CI [{lo:.3f}, {hi:.3f}], "
        f"equal share {row['equal_share']:.3f}, {summary['games_per_second']:.2f} games/s"
    ]
    if details:
        lines.append(f"  {details}")
    lines.append(
        f"  {'PASS' if passed else 'FAIL'}: {upper} "
        f"{'beats' if passed else 'does not clearly beat'} {lower}"
    )
    return "\n".join(lines)


def parser(doc: str, *, games: int, ladder: str, players: int) -> argparse.ArgumentParser:
    """The options every ladder takes (a bench adds its own)."""
    out = argparse.ArgumentParser(description=doc.splitlines()[0])
    out.add_argument("--games", type=int, default=games)
    out.add_argument("--seed", type=int, default=1)
    out.add_argument("--workers", type=int, default=2)
    out.add_argument("--players", type=int, default=players)
    out.add_argument("--pairs", default=ladder, help="upper/lower,... (bot settings allowed)")
    out.add_argument("--json", action="store_true", help="also print one JSON line per pair")
    return out


def run(
    game: str, args: argparse.Namespace, details: Callable[[str, Summary], str] | None = None
) -> int:
    """Play every pair of `args.pairs`, printing as it goes; the number of pairs that failed.
    `details(upper, summary)` writes the game's own line of figures."""
    failed = 0
    for pair in args.pairs.split(","):
        upper, _, lower = pair.strip().partition("/")
        summary = play_pair(game, upper, lower, args)
        print(report(upper, lower, summary, details(upper, summary) if details else ""), flush=True)
        if args.json:
            print(json.dumps(summary), flush=True)
        failed += not summary["passed"]
    return failed
