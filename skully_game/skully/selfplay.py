"""`skully selfplay skully ...`: computer players play whole games of Skully headless.

Seats rotate between games so every level sits in every seat equally; the last line printed is a
JSON object with win rates (95% Wilson intervals), mean shots per game, mean shots to finish the
course, pipsies, hits and kills per game, and seconds per decision.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor

from cards.selfplay import wilson
from skully_game.core.errors import DataError
from skully_game.skully.ai import Planner
from skully_game.skully.board import load_board, preset
from skully_game.skully.caps import CapType
from skully_game.skully.physics import simulate
from skully_game.skully.rules import RuleOptions, options_from_dict, shot_setup
from skully_game.skully.rules.course import KILLER
from skully_game.skully.session import Seat, Session
from skully_game.skully.skill import LEVELS, level

MAX_SHOTS = 600  # a game still going after this many shots is a draw


def play_game(spec, options: RuleOptions, levels: list[str], seed: int, samples: int) -> dict:
    """One game; levels in seat order. Returns per-seat results and timings."""
    rng = random.Random(seed)
    seats = tuple(Seat(f"P{i}", CapType.CROWN, i, lv) for i, lv in enumerate(levels))
    session = Session(spec, options, seats, seed)
    planners = [Planner(level(lv), random.Random(rng.random()), samples=samples) for lv in levels]
    finished_at: dict[int, int] = {}
    decisions = 0
    thinking = 0.0
    shots_by = [0] * len(levels)
    while not session.state.over and session.state.shots < MAX_SHOTS:
        state = session.state
        who = state.pending[0].player if state.pending else state.to_play
        if (state.pending or state.offers) and planners[who].decide(session) is not None:
            continue
        t0 = time.perf_counter()
        flick, _ = planners[who].flick(session)
        thinking += time.perf_counter() - t0
        decisions += 1
        setup = shot_setup(state, options)
        result = simulate(session.board_spec, setup.caps, setup.positions, flick, setup.pinned)
        session.judge(flick, result)
        shots_by[who] += 1
        for i, p in enumerate(session.state.players):
            if p.step == KILLER and i not in finished_at:
                finished_at[i] = shots_by[i]
    state = session.state
    return {
        "levels": levels,
        "winner": state.winner,
        "shots": state.shots,
        "finish": finished_at,
        "pipsies": [p.stats.pipsies for p in state.players],
        "hits": [p.stats.hits for p in state.players],
        "kills": [p.stats.kills for p in state.players],
        "decisions": decisions,
        "thinking": thinking,
    }


def _job(args: tuple) -> dict:
    return play_game(*args)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="skully selfplay skully", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--bots", required=True, help=f"levels, comma-separated: {', '.join(LEVELS)}"
    )
    parser.add_argument("--board", metavar="FILE", help="a board TOML file (default: classic)")
    parser.add_argument(
        "--options", nargs="*", default=[], metavar="KEY=VALUE", help="rule options, or preset=NAME"
    )
    parser.add_argument("--samples", type=int, default=4, help="noisy samples per candidate flick")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    try:
        levels = [b.strip() for b in args.bots.split(",")]
        for lv in levels:
            level(lv)
        if not 2 <= args.players <= 6 or len(levels) not in (1, args.players):
            raise ValueError(f"--bots: expected 1 or {args.players} levels for 2-6 players")
        if len(levels) == 1:
            levels = levels * args.players
        spec = load_board(args.board) if args.board else preset("classic")
        raw: dict[str, object] = {}
        for item in args.options:
            key, _, value = item.partition("=")
            raw[key] = {"true": True, "false": False}.get(
                value.lower(), int(value) if value.isdigit() else value
            )
        options = options_from_dict(raw, "--options") if raw else RuleOptions()
    except (ValueError, DataError) as exc:
        print(f"skully selfplay: {exc}", file=sys.stderr)
        return 2
    jobs = []
    n = args.players
    for g in range(args.games):
        rot = g % n
        seated = levels[rot:] + levels[:rot]
        jobs.append((spec, options, seated, args.seed * 100003 + g, args.samples))
    start = time.perf_counter()
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            results = list(pool.map(_job, jobs))
    else:
        results = [_job(j) for j in jobs]
    wall = time.perf_counter() - start
    per: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for r in results:
        for seat, lv in enumerate(r["levels"]):
            d = per[lv]
            d["seats"] += 1
            d["wins"] += 1 if r["winner"] == seat else 0
            d["pipsies"] += r["pipsies"][seat]
            d["hits"] += r["hits"][seat]
            d["kills"] += r["kills"][seat]
            if seat in r["finish"] or str(seat) in r["finish"]:
                d["finished"] += 1
                d["finish_shots"] += r["finish"].get(seat, r["finish"].get(str(seat), 0))
    games = len(results)
    report = {"game": "skully", "games": games, "players": n, "seed": args.seed, "bots": {}}
    for lv, d in per.items():
        share = d["seats"] / games  # seats of this level per game
        lo, hi = wilson(d["wins"] / share if share else 0, games)
        report["bots"][lv] = {
            "win_rate": round(d["wins"] / games / share, 4) if share else 0.0,
            "win_rate_ci95": [round(lo, 4), round(hi, 4)],
            "pipsies_per_game": round(d["pipsies"] / d["seats"], 3),
            "hits_per_game": round(d["hits"] / d["seats"], 3),
            "kills_per_game": round(d["kills"] / d["seats"], 3),
            "mean_shots_to_finish_course": round(d["finish_shots"] / d["finished"], 2)
            if d["finished"]
            else None,
        }
    decisions = sum(r["decisions"] for r in results)
    report["mean_shots_per_game"] = (
        round(sum(r["shots"] for r in results) / games, 2) if games else 0
    )
    report["draws"] = sum(r["winner"] is None for r in results)
    report["seconds_per_decision"] = round(
        sum(r["thinking"] for r in results) / max(1, decisions), 4
    )
    report["wall_seconds"] = round(wall, 1)
    if not args.json:
        for lv, b in report["bots"].items():
            print(
                f"{lv:>14}: wins {b['win_rate']:.3f} [{b['win_rate_ci95'][0]:.3f}, {b['win_rate_ci95'][1]:.3f}]  "
                f"pipsies {b['pipsies_per_game']}  hits {b['hits_per_game']}  kills {b['kills_per_game']}"
            )
        print(
            f"{games} games, {report['mean_shots_per_game']} shots a game, {report['seconds_per_decision']} s a decision"
        )
    print(json.dumps(report))
    return 0
