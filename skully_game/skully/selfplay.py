"""Behind `skully selfplay skully ...`: computer players play whole games of Skully headless.

Seats rotate between games so every level sits in every seat equally; the last line printed is a
JSON object with win rates (95% Wilson intervals), mean shots per game, mean shots to finish the
course, pipsies, hits and kills per game, and seconds per decision.
"""

from __future__ import annotations

import random
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor

from cards.selfplay import wilson
from skully_game.skully.ai import Planner
from skully_game.skully.caps import CapType
from skully_game.skully.physics import simulate
from skully_game.skully.rules import RuleOptions, shot_setup
from skully_game.skully.rules.course import KILLER
from skully_game.skully.session import Seat, Session
from skully_game.skully.skill import level

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
        result = simulate(
            session.board_spec, setup.caps, setup.positions, flick, setup.pinned, trace=False
        )
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


def run_games(
    spec, options: RuleOptions, levels: list[str], games: int, seed: int, samples: int, workers: int
) -> list[dict]:
    """`games` games with the seats rotated one place a game, spread over `workers` processes."""
    n = len(levels)
    jobs = []
    for g in range(games):
        rot = g % n
        seated = levels[rot:] + levels[:rot]
        jobs.append((spec, options, seated, seed * 100003 + g, samples))
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            return list(pool.map(_job, jobs))
    return [_job(j) for j in jobs]


def summarize(results: list[dict], players: int, seed: int, wall: float) -> dict:
    """The match report: per level win rate (95% Wilson interval), pipsies, hits, kills, speed."""
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
    report: dict = {"game": "skully", "games": games, "players": players, "seed": seed, "bots": {}}
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
    return report
