"""Skull's bot ladder: each level against the one below, one seat against three, seat-rotated.

    python tools/bench_skull_bots.py [--games 1000] [--seed 1] [--workers 2]
        [--pairs cautious/random,bold/random,bluffer/random,strong/cautious,strong/bold,strong/bluffer]
        [--players 4] [--json]
    python tools/bench_skull_bots.py --timing 20 [--seed 1]
    python tools/bench_skull_bots.py --vs-random [--games 2000] [--seed 1] [--workers 2]
        [--bots cautious,bold,bluffer,strong]
    python tools/bench_skull_bots.py --expert [--games 240] [--seed 1] [--workers 2]
        [--tables 3,4,5,6] [--rivals cautious,bold,bluffer,hint]

Each pair `upper/lower` plays `--games` games of `upper,lower,lower,lower` (four players, one
deck, the seed's rules) through `cards.selfplay`, which rotates every bot through every seat on
the same deals. One against three asks the question that matters at a table: does this bot beat
a whole table of the level below? Its equal share is 1/4, and the pair passes when the 95 %
Wilson interval of the upper bot's win rate lies wholly above it. (Two against two would let the
copies feed each other and would run the slow bot twice as often.) Prints one block per pair and
a PASS/FAIL line; the exit status is 1 if any pair fails.

`--vs-random` measures every character against the uniformly random bot, the floor no character
may fall below: two players (`char,random`), and four in teams (`char,random,char,random`, the
team wins when either copy wins). Both are seat-rotated on the same deals; the equal share is 0.5
either way. Prints one line per bot and table size (team win rate and its 95 % Wilson interval),
and FAIL where a character's interval does not lie wholly above 0.5 (the exit status is then 1).

`--expert` measures the strong bot (Expert) as issue 40 asks: one Expert seat against a whole
table of one rival, for each table size of `--tables` (one deck up to 4 players, three above; the Expert's seat turns round
the table game by game, every rival's generator seeded from the game), `--games` games spread
evenly over the sizes. `hint` is the stand-in for a person who follows the hint: the strong bot's
choice passed through `hints.safer`, as the Hint button offers it. Prints per rival and size the
Expert's win rate (fair share 1/players) and, per rival, its rate over all sizes with the 95 %
Wilson interval, and how often the Expert lost a card on a bid that turned its own Skull.
Issue 40 (seed 1, 120 games a rival, 30 a size; before, then after Expert judged its bids and
the characters varied and remembered): against cautious 0.558 then 0.483 (own-Skull losses 72
then 34), bold 0.500 then 0.475 (21 then 9), bluffer 0.425 then 0.408 (53 then 12).

`--timing GAMES` instead times the strong bot's decisions at its default settings (one process,
strong against the three characters; four players with one deck, then eight with three decks):
every decision with a real choice, median, 95th percentile and worst.
"""

from __future__ import annotations

import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import ladder  # tools/ladder.py, the ladder every game's bench plays

import cards.selfplay as selfplay
from cards.skull import SkullOptions, SkullState
from cards.skull.bots import BOTS, StrongBot, make_bot
from cards.skull.hints import safer
from cards.skull.rounds import Outcome
from cards.skull.state import Observation

LADDER = "cautious/random,bold/random,bluffer/random,strong/cautious,strong/bold,strong/bluffer"


def details(upper: str, summary: ladder.Summary) -> str:
    return f"clock stops {summary['clock_stops']}"


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


class HintBot:
    """A person who follows every hint: the strong bot's move, made safe as the Hint offers it."""

    name = "hint"

    def __init__(self, rng: random.Random) -> None:
        self.strong = StrongBot(rng)

    def act(self, obs: Observation, legal: Sequence[str]) -> str:
        return safer(obs, tuple(legal), self.strong.act(obs, legal))


def expert_game(job: tuple[str, int, int, int]) -> tuple[str, int, bool, bool, int]:
    """One game: (rival, players, Expert won, game ended, Expert's own-Skull losses)."""
    rival, players, seed, game = job
    me = game % players
    bots = [
        StrongBot(random.Random(seed * 7919 + game * 31 + p))
        if p == me
        else (HintBot if rival == "hint" else lambda r: make_bot(rival, r))(
            random.Random(seed * 7919 + game * 31 + p)
        )
        for p in range(players)
    ]
    options = SkullOptions(players=players, decks=1 if players <= 4 else 3)
    state = SkullState(options, seed * 100_003 + game)
    own_losses = 0
    while not state.is_terminal() and len(state.rounds) < 60:
        seat = state.current_player()
        action = bots[seat].act(state.observation(seat), state.legal_actions())
        before = len(state.rounds)
        state.apply_action(action)
        if len(state.rounds) > before:
            rec = state.rounds[-1]
            own_losses += rec.challenger == me and rec.outcome is Outcome.OWN_SKULL
    return rival, players, state.winner == me, state.is_terminal(), own_losses


def expert(rivals: str, tables: str, games: int, seed: int, workers: int) -> None:
    """The Expert against each rival at each table size; prints as each rival finishes."""
    sizes = [int(t) for t in tables.split(",")]
    per = max(1, games // len(sizes))
    for rival in rivals.split(","):
        jobs = [(rival, n, seed, g) for n in sizes for g in range(per)]
        start = time.perf_counter()
        with multiprocessing.Pool(workers) as pool:
            rows = pool.map(expert_game, jobs, chunksize=4)
        wins = sum(r[2] for r in rows)
        for n in sizes:
            mine = [r for r in rows if r[1] == n]
            rate = sum(r[2] for r in mine) / len(mine)
            print(
                f"  strong vs {n - 1} x {rival}: {len(mine)} games, win rate {rate:.3f} (fair {1 / n:.3f})"
            )
        lo, hi = selfplay.wilson(wins, len(rows))
        print(
            f"strong vs {rival}, {tables} seats: {len(rows)} games, win rate {wins / len(rows):.3f}, "
            f"95% CI [{lo:.3f}, {hi:.3f}], own-Skull losses {sum(r[4] for r in rows)}, "
            f"unfinished {sum(not r[3] for r in rows)}, {time.perf_counter() - start:.0f} s",
            flush=True,
        )


VS_RANDOM = "cautious,bold,bluffer,strong"


def vs_random(bots: str, games: int, seed: int, workers: int) -> int:
    """Each bot against random play, 2 players and 4 in teams; the number that fail the floor."""
    failed = 0
    for name in bots.split(","):
        for players in (2, 4):
            lineup = [name, "random"] * (players // 2)
            match = selfplay.Match(
                "skull",
                SkullOptions(players=players),
                seed,
                tuple(selfplay.parse_bot(b, list(BOTS)) for b in lineup),
            )
            start = time.perf_counter()
            results = selfplay.run_match(match, games, workers=workers)
            summary = selfplay.summarize(match, results, time.perf_counter() - start)
            row = next(r for r in summary["results"] if r["bot"] == name)
            lo, hi = row["team_ci95"]
            passed = lo > 0.5
            failed += not passed
            table = "2 players" if players == 2 else "4 players, 2 v 2"
            print(
                f"{name:>8} vs random, {table}: {games} games, "
                f"win rate {row['team_win_rate']:.3f}, 95% CI [{lo:.3f}, {hi:.3f}], "
                f"{summary['games_per_second']:.1f} games/s  {'PASS' if passed else 'FAIL'}",
                flush=True,
            )
    return failed


def main(argv: list[str]) -> int:
    parser = ladder.parser(__doc__, games=1000, ladder=LADDER, players=4)
    parser.add_argument("--timing", type=int, metavar="GAMES", help="time strong's decisions")
    parser.add_argument("--vs-random", action="store_true", help="every bot against random")
    parser.add_argument("--bots", default=VS_RANDOM, help="the bots --vs-random measures")
    parser.add_argument("--expert", action="store_true", help="Expert against each rival")
    parser.add_argument("--tables", default="3,4,5,6", help="the table sizes --expert plays")
    parser.add_argument("--rivals", default="cautious,bold,bluffer,hint")
    args = parser.parse_args(argv)
    if args.expert:
        expert(args.rivals, args.tables, args.games, args.seed, args.workers)
        return 0
    if args.vs_random:
        return 1 if vs_random(args.bots, args.games, args.seed, args.workers) else 0
    if args.timing:
        time_decisions(args.timing, args.seed)
        return 0
    return 1 if ladder.run("skull", args, details) else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
