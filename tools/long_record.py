"""Write a long but valid Skully game record, for timing how the program opens one:
`python tools/long_record.py OUT.json [--actions 12000] [--players 6] [--seed 1]`.

Six computer players put their caps down as the rules ask, then flick them gently in random
directions, shot after shot, so the game goes on (nobody gets far) while every action is one the
program itself makes: each shot is simulated, judged and recorded by the Session. The record is
saved as the game window saves it; the last line printed is JSON with its size and counts.
12,000 actions come to about 12 MB. Tests import `long_session` for shorter games.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from skully_game.skully.ai import Planner
from skully_game.skully.board import preset
from skully_game.skully.caps import CapType
from skully_game.skully.rules import RuleOptions
from skully_game.skully.session import Seat, Session
from skully_game.skully.skill import level

KINDS = list(CapType)


def long_session(actions: int, players: int = 6, seed: int = 1) -> Session:
    """A game of at least `actions` actions (fewer only if it ends first, which gentle shots
    make most unlikely)."""
    rng = random.Random(seed)
    seats = tuple(
        Seat(f"Player {i + 1}", KINDS[i % len(KINDS)], i, "beginner") for i in range(players)
    )
    session = Session(preset("classic"), RuleOptions(), seats, seed)
    planners = [Planner(level("beginner"), random.Random(seed * 31 + i), samples=1) for i in
                range(players)]  # fmt: skip
    while len(session.actions) < actions and not session.state.over:
        state = session.state
        who = state.pending[0].player if state.pending else state.to_play
        if (state.pending or state.offers) and planners[who].decide(session) is not None:
            continue
        flick, result, _ = session.simulate(rng.uniform(0, 2 * math.pi), rng.uniform(0.3, 1.2))
        session.judge(flick, result)
    return session


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write a long, valid Skully game record.")
    parser.add_argument("out", help="the record to write (JSON)")
    parser.add_argument("--actions", type=int, default=12_000)
    parser.add_argument("--players", type=int, default=6, choices=range(2, 7))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    t0 = time.perf_counter()
    session = long_session(args.actions, args.players, args.seed)
    session.save(args.out)
    size = Path(args.out).stat().st_size
    print(
        json.dumps(
            {
                "file": args.out,
                "actions": len(session.actions),
                "shots": session.state.shots,
                "bytes": size,
                "seconds": round(time.perf_counter() - t0, 1),
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
