"""Skirrid's bot ladder: each level against the one below, two players, seat-rotated.

    python tools/bench_skirrid_bots.py [--games 400] [--seed 1] [--workers 2]
        [--pairs greedy/random,strong/greedy] [--json]

Each pair `upper/lower` plays `--games` two-player games through `cards.selfplay` (every bot in
every seat on the same boards); the pair passes when the 95 % Wilson interval of the upper bot's
win rate lies wholly above 1/2. Then the mean score per player of greedy against greedy and
strong against strong, beside the seed's "a good average score is between 400-500" (each game
opened by random placements, as `skirrid_board_check.py` plays them: without dice the same two
bots would play one game over and over); and the slowest decision of each bot seen. Exit
status 1 if any pair fails.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import ladder  # tools/ladder.py, the ladder every game's bench plays
import skirrid_board_check  # tools/skirrid_board_check.py: the games for the average score

from cards.skirrid import GAME, SkirridOptions, SkirridState

LADDER = "greedy/random,strong/greedy"


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
    args = ladder.parser(__doc__, games=400, ladder=LADDER, players=2).parse_args(argv)
    failed = ladder.run("skirrid", args)
    for name in ("greedy", "strong"):
        games = max(1, args.games // (4 if name == "greedy" else 16))
        mean = skirrid_board_check.mean_score(name, games, args.seed)
        print(f"{name} vs {name}: mean score per player {mean:.1f} over {games} games")
    for name in ("greedy", "strong"):
        print(f"{name}: slowest decision {slowest(name, 4, args.seed) * 1000:.0f} ms", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
