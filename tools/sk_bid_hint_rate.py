"""How often a Skull King bid hint is made: the hinted bid, then the round played out.

    python tools/sk_bid_hint_rate.py [--rounds 300] [--seed 1] [--hint strong|estimate|new]

Each seeded round: 3 to 5 players, the advanced cards in about half, a round of 1 to 10 cards
(earlier rounds played quickly by the steady computer player). The first seat to bid takes the
hint's bid and plays it out as the strong computer player; the others bid and play as quick
strong players. Reports the share of hinted bids made exactly and the hinted seat's mean points
for the round. The last line is JSON.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cards.skull_king import SkullKingOptions, SkullKingState
from cards.skull_king.bots import HeuristicBot, StrongBot
from cards.skull_king.worlds import estimate_bid


def _hint_bid(kind: str, obs, legal, rng: random.Random) -> str:
    if kind == "estimate":
        return f"BID:{estimate_bid(obs.hand, len(obs.hand_sizes))}"
    if kind == "new":
        from cards.skull_king.bidhint import bid_hint

        return bid_hint(obs, legal, rng).action
    return StrongBot(rng).act(obs, legal)


def one_round(seed: int, kind: str) -> tuple[bool, int, int]:
    """(made, points, tricks won less the bid) for the hinted seat in one seeded round."""
    r = random.Random(seed)
    players = r.choice((3, 4, 5))
    options = SkullKingOptions(players=players, advanced_cards=r.random() < 0.5)
    target = r.randrange(10)
    state = SkullKingState(options, seed)
    steady = [HeuristicBot(random.Random(seed * 10 + s)) for s in range(players)]
    while len(state.rounds) < target:
        seat = state.current_player()
        state.apply_action(steady[seat].act(state.observation(seat), state.legal_actions()))
    quick = [StrongBot(random.Random(seed * 10 + s), rollouts=40) for s in range(players)]
    hinted = state.current_player()
    player = StrongBot(random.Random(seed * 7), rollouts=120)
    obs = state.observation(hinted)
    state.apply_action(_hint_bid(kind, obs, state.legal_actions(), random.Random(seed)))
    while len(state.rounds) == target:
        seat = state.current_player()
        bot = player if seat == hinted else quick[seat]
        obs = state.observation(seat)
        action = bot.act(obs, state.legal_actions())
        state.apply_action(action)
        if state.is_terminal():
            break
    line = state.rounds[target]
    off = line.lines[hinted].tricks - line.bids[hinted] - line.adjustments[hinted]
    return line.lines[hinted].exact, line.totals[hinted], off


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hint", choices=("strong", "estimate", "new"), default="new")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    made = points = over = under = 0
    for i in range(args.rounds):
        hit, score, off = one_round(args.seed + i, args.hint)
        made += hit
        points += score
        over += off > 0
        under += off < 0
    result = {
        "tool": "skull-king bid hint made rate",
        "hint": args.hint,
        "rounds": args.rounds,
        "made": made,
        "made_rate": round(made / args.rounds, 3),
        "mean_points": round(points / args.rounds, 1),
        "won_more": over,
        "won_fewer": under,
        "wall_s": round(time.perf_counter() - start, 1),
    }
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
