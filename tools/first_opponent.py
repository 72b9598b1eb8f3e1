"""How a newcomer's first game against the computer goes, to pick its default opponent:
`python tools/first_opponent.py [--games 40] [--seed 1] [--levels beginner,regular]`.

A newcomer is stood in for by a computer player's plan (`--newcomer`, the level's own wobble
being the newcomer's misjudgement of how hard and where) shot through the first game's
slingshot hand (`FIRST_GAME_HAND`, drawn by the Session as the table draws it), first to shoot,
on the first game's board. It plays each computer level in `--levels`; each line printed is
JSON: the newcomer's wins, its win rate with a 95 % Wilson interval, and the shots each side
took, how often each side's shot at a box made it (`*_box_rate`: shots whose cap landed in its
target, of shots taken while going for a box) and how many of its shots touched a cap. Every
choice comes from seeded generators, so a run repeats exactly.
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
from skully_game.skully.game_setup import FIRST_GAME_BOARD, FIRST_GAME_HAND
from skully_game.skully.hand import HandLevel, Input
from skully_game.skully.rules import RuleOptions, target
from skully_game.skully.rules.events import Hit, KillerHit, Made
from skully_game.skully.session import Seat, Session, ShotAction
from skully_game.skully.skill import level

MAX_ACTIONS = 600  # a game longer than this is called a draw (none has come near it)


def play(newcomer: str, computer: str, seed: int, hand: HandLevel, board: str) -> dict:
    """One first game: the newcomer (seat 0, first to shoot) against one computer player."""
    seats = (
        Seat("You", CapType.CROWN, 0, "human", hand, Input.SLINGSHOT),
        Seat("Bobby", CapType.CROWN, 1, computer),
    )
    session = Session(preset(board), RuleOptions(), seats, seed)
    planners = [
        Planner(level(newcomer), random.Random(seed * 97 + 7)),
        Planner(level(computer), random.Random(seed * 97 + 1)),
    ]
    box_shots, boxes, hits = [0, 0], [0, 0], [0, 0]
    while not session.state.over and len(session.actions) < MAX_ACTIONS:
        state = session.state
        who = state.pending[0].player if state.pending else state.to_play
        if (state.pending or state.offers) and planners[who].decide(session) is not None:
            continue
        shooter = state.to_play
        at_box = bool(target(state.players[shooter]).boxes)
        meant, _ = planners[who].flick(session)
        made = session.made_flick(who, meant)  # the newcomer's hand: its wobble on top
        flick, result, _ = session.simulate(made.angle, made.speed, made.offset)
        events = session.judge(flick, result)
        if at_box:
            box_shots[shooter] += 1
            boxes[shooter] += any(isinstance(e, Made) and e.player == shooter for e in events)
        hits[shooter] += any(isinstance(e, (Hit, KillerHit)) for e in events)
    shots = [0, 0]
    for a in session.actions:
        if isinstance(a, ShotAction):
            shots[a.player] += 1
    winner = session.state.winner if session.state.over else None
    return {"winner": winner, "shots": shots, "box_shots": box_shots, "boxes": boxes, "hits": hits}


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson interval of a win rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (round(mid - half, 3), round(mid + half, 3))


def rate(games: list[dict], side: int, name: str) -> float:
    """A side's share over all games: its shots at a box that made it, or its shots that hit."""
    if name == "box_rate":
        made, tries = (sum(g[k][side] for g in games) for k in ("boxes", "box_shots"))
    else:
        made, tries = (sum(g[k][side] for g in games) for k in ("hits", "shots"))
    return round(made / max(tries, 1), 3)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="A newcomer's first game against each level.")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default="beginner,regular")
    parser.add_argument("--newcomer", default="regular", help="the plan's level and misjudgement")
    parser.add_argument("--hand", default=FIRST_GAME_HAND.value)
    parser.add_argument("--board", default=FIRST_GAME_BOARD)
    args = parser.parse_args(argv)
    hand = HandLevel(args.hand)
    for computer in args.levels.split(","):
        t0 = time.perf_counter()
        games = [
            play(args.newcomer, computer, args.seed * 1000 + k, hand, args.board)
            for k in range(args.games)
        ]
        wins = sum(1 for g in games if g["winner"] == 0)
        decided = sum(1 for g in games if g["winner"] is not None)
        print(
            json.dumps(
                {
                    "newcomer": f"{args.newcomer} plan, {hand.value} hand",
                    "computer": computer,
                    "board": args.board,
                    "games": len(games),
                    "decided": decided,
                    "newcomer_wins": wins,
                    "win_rate": round(wins / max(decided, 1), 3),
                    "ci95": wilson(wins, decided),
                    "newcomer_shots": round(sum(g["shots"][0] for g in games) / len(games), 1),
                    "computer_shots": round(sum(g["shots"][1] for g in games) / len(games), 1),
                    **{
                        f"{side}_{name}": rate(games, k, name)
                        for k, side in enumerate(("newcomer", "computer"))
                        for name in ("box_rate", "hit_rate")
                    },
                    "seconds": round(time.perf_counter() - t0, 1),
                }
            ),
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
