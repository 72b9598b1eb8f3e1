"""Skip-Bo's bot ladder: each level against the one below, one seat against three, seat-rotated.

    python tools/bench_skip_bo_bots.py [--games 1000] [--seed 1] [--workers 2]
        [--pairs build-first/random,strong/build-first] [--players 4] [--json]
    python tools/bench_skip_bo_bots.py --timing 20 [--seed 1]
    python tools/bench_skip_bo_bots.py --length 500 [--seed 1]

Each pair `upper/lower` plays `--games` games of `upper,lower,lower,lower` (four players, the
standard 30-card stocks) through `cards.selfplay`, which rotates every bot through every seat on
the same deals. One against three asks what matters at a table: does this bot beat a whole table
of the level below? Its equal share is 1/4; the pair passes when the 95 % Wilson interval of the
upper bot's win rate lies wholly above it. Prints one block per pair (win rate, interval, games
per second, cards and turns per game, games ended by an empty stock) and PASS/FAIL; the exit
status is 1 if any pair fails.

`--timing GAMES` instead times the strong player's decisions at its default settings (strong
against three build-first players, four seats; then six): the time it takes over a whole turn
(its decisions from the turn's first to its discard), median, 95th percentile and worst.

`--length GAMES` instead plays build-first in every seat of short games (three players, 10-card
stocks; then four players, standard stocks) and prints how many turns a game takes (mean,
median, 95th percentile, longest) and the share of turns that built nothing (only a discard).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import ladder  # tools/ladder.py, the ladder every game's bench plays

from cards.skip_bo import SkipBoOptions, SkipBoState, make_bot

LADDER = "build-first/random,strong/build-first"


def details(upper: str, summary: ladder.Summary) -> str:
    row = summary["upper"]
    return (
        f"{summary['mean_turns']:.1f} turns and {summary['mean_cards']:.1f} cards built a game, "
        f"{100 * float(summary['mean_by_stock']):.1f} % ended by an empty stock; "
        f"{upper} builds {row.get('cards_per_turn', 0):.2f} cards a turn"
    )


def time_turns(games: int, seed: int) -> None:
    """The strong player's thinking over each of its turns, on this machine."""
    for players in (4, 6):
        turns: list[float] = []
        for g in range(games):
            seat = g % players
            bots = [
                make_bot("strong" if p == seat else "build-first", random.Random(seed + g + p))
                for p in range(players)
            ]
            state = SkipBoState(SkipBoOptions(players=players), seed + g)
            spent, turn = 0.0, state.turn_count
            while not state.is_terminal():
                p = state.current_player()
                legal, obs = state.legal_actions(), state.observation(p)
                start = time.perf_counter()
                action = bots[p].act(obs, legal)
                if p == seat:
                    spent += time.perf_counter() - start
                state.apply_action(action)
                if state.turn_count != turn:
                    if spent:
                        turns.append(spent)
                    spent, turn = 0.0, state.turn_count
        turns.sort()
        print(
            f"{players} players: {len(turns)} strong turns, "
            f"median {statistics.median(turns) * 1000:.1f} ms, "
            f"p95 {turns[int(0.95 * (len(turns) - 1))] * 1000:.1f} ms, "
            f"worst {turns[-1] * 1000:.1f} ms",
            flush=True,
        )


def game_lengths(games: int, seed: int) -> None:
    """How long build-first games run: turns a game, and turns that only discarded."""
    for players, stock in ((3, 10), (4, 0)):
        lengths: list[int] = []
        idle = turns = 0
        for g in range(games):
            bots = [make_bot("build-first", random.Random(seed + g + p)) for p in range(players)]
            state = SkipBoState(SkipBoOptions(players=players, stock=stock), seed + g)
            turn, built = state.turn_count, 0
            while not state.is_terminal():
                p = state.current_player()
                action = bots[p].act(state.observation(p), state.legal_actions())
                built += ">B" in action
                state.apply_action(action)
                if state.turn_count != turn:
                    turns, idle, built, turn = turns + 1, idle + (built == 0), 0, state.turn_count
            lengths.append(state.turn_count)
        lengths.sort()
        print(
            f"{players} build-first players, {SkipBoOptions(players=players, stock=stock).stock_size}-card stocks, {games} games: "
            f"{statistics.mean(lengths):.1f} turns a game (median {statistics.median(lengths):g}, "
            f"p95 {lengths[int(0.95 * (len(lengths) - 1))]}, longest {lengths[-1]}); "
            f"{100 * idle / max(1, turns):.0f} % of turns built nothing",
            flush=True,
        )


def main(argv: list[str]) -> int:
    parser = ladder.parser(__doc__, games=1000, ladder=LADDER, players=4)
    parser.add_argument("--timing", type=int, metavar="GAMES", help="time strong's turns")
    parser.add_argument("--length", type=int, metavar="GAMES", help="build-first games' turns")
    args = parser.parse_args(argv)
    if args.length:
        game_lengths(args.length, args.seed)
        return 0
    if args.timing:
        time_turns(args.timing, args.seed)
        return 0
    return 1 if ladder.run("skip-bo", args, details) else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
