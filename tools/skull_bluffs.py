"""Skull's two questions from issue 40, measured over seeded games.

    python tools/skull_bluffs.py bluffs [--games 200] [--seed 1]
        [--variants bluff_reach=99,bluff_skull=0,bluff_reach=1]
    python tools/skull_bluffs.py floor [--games 2000] [--seed 1]

`bluffs`: the strong bot (one seat of four, rotated, against cautious, bold and bluffer, one
deck) with each of the given settings of its bluffing (`StrongBot.bluff_skull`: the chance it
weighs bids past the Flowers above its own Skull at all, 1 always, 0 never; `bluff_reach`: how
far above the lowest bid such a bid may go; the same games for each). For every bid or raise it makes it
notes whether the bid turns its own Skull (a bluff: it cannot win that challenge itself),
whether that Skull lay alone on its stack, whether it was its last card (called, that puts it
out), and how the round ended for it (someone else took the bid, or it became the Challenger
and lost a card). Prints those counts and its win rate with a 95 % Wilson interval per
setting (its fair share is 0.25).

`floor`: the cautious character against two kinds of random play, two players (`cautious,
random`) and four in teams (`cautious, random, cautious, random`: a team wins when either of its
seats wins), seats rotated on the same deals: `uniform` picks uniformly among the legal actions
(cards.bots.RandomBot), `coin` asks the questions another project's Skull loop asks (issue 40's
near-random bot, tools/bench_peers/skull.py): a card uniformly, place or bid on a coin flip, a
raise uniformly among the higher bids and the pass. Prints the cautious side's win rate and its
95 % interval; the fair share is 0.5 either way.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cards.bots import RandomBot
from cards.skull import SkullOptions, SkullState
from cards.skull.bots import StrongBot, clean_run, make_bot
from cards.skull.cards import is_skull
from cards.skull.state import Observation, Phase


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson interval of a rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return mid - half, mid + half


class CoinBot:
    """Another project's near-random Skull player (issue 40): each question answered uniformly
    (which card; place or bid, a coin flip; which raise, or the pass)."""

    name = "coin"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, obs: Observation, legal: Sequence[str]) -> str:
        rng = self.rng
        places = [a for a in legal if a.startswith("PLACE:")]
        bids = [a for a in legal if a.startswith("BID:")]
        if obs.phase is Phase.PLACE and places and bids:
            legal = places if rng.random() < 0.5 else bids
        elif obs.phase is Phase.BID:
            passes = [a for a in legal if a in ("PASS", "HOLD")]
            legal = bids + passes[:1]
        return legal[int(rng.random() * len(legal))]


def _bluff_bid(obs: Observation, action: str) -> tuple[bool, bool]:
    """Whether a bid turns the bidder's own Skull (a bluff), and whether that Skull is all the
    bidder has left."""
    if not action.startswith("BID:"):
        return False, False
    bid = int(action[4:])
    stack = obs.my_stack
    bluff = any(is_skull(c) for c in stack) and bid > clean_run(stack)
    last = bluff and not obs.hand and len(stack) == 1
    return bluff, last


def bluffs(games: int, seed: int, variants: Sequence[dict[str, float]]) -> None:
    for variant in variants:
        counts: Counter[str] = Counter()
        wins = 0
        for g in range(games):
            names = ["strong", "cautious", "bold", "bluffer"]
            rot = g % 4
            lineup = names[-rot:] + names[:-rot] if rot else names
            bots = [
                make_bot(n, random.Random(seed * 1_000_003 + g * 10 + p))
                if n != "strong"
                else StrongBot(random.Random(seed * 1_000_003 + g * 10 + p), **variant)
                for p, n in enumerate(lineup)
            ]
            me = lineup.index("strong")
            state = SkullState(SkullOptions(players=4), seed * 7919 + g // 4)
            open_bluff: tuple[int, bool] | None = None  # the round of a bluff, and if last card
            while not state.is_terminal():
                seat = state.current_player()
                legal, obs = state.legal_actions(), state.observation(seat)
                action = bots[seat].act(obs, legal)
                if seat == me and action.startswith("BID:"):
                    counts["bids"] += 1
                    if obs.hand or obs.my_stack:
                        counts["bids, its only card the Skull"] += (
                            not obs.hand and len(obs.my_stack) == 1 and is_skull(obs.my_stack[0])
                        )
                    bluff, last = _bluff_bid(obs, action)
                    alone = bluff and len(obs.my_stack) == 1
                    if bluff:
                        counts["bluff bids"] += 1
                        counts["bluff bids with its last card"] += last
                        counts["bluff bids, its Skull alone on its stack"] += alone
                        open_bluff = (state.round_index, last)
                    if last:
                        free = any(a in legal for a in ("PASS", "HOLD"))
                        lowest = min(int(a[4:]) for a in legal if a.startswith("BID:"))
                        kind = "free (it could pass)" if free else "forced (it must bid)"
                        counts[f"last-card bids, {kind}"] += 1
                        counts[f"last-card bids, {kind}, above the lowest"] += (
                            int(action[4:]) > lowest
                        )
                before = state.round_index
                state.apply_action(action)
                if open_bluff is not None and state.phase is Phase.REVEAL:
                    kind = "last-card " if open_bluff[1] else ""
                    if state.challenger == me:
                        counts[f"{kind}bluffs called (it turns its own Skull)"] += 1
                    else:
                        counts[f"{kind}bluffs passed on (another took the bid)"] += 1
                    open_bluff = None
                if state.round_index != before:
                    open_bluff = None
            wins += state.winner == me
        lo, hi = wilson(wins, games)
        print(
            f"strong, {' '.join(f'{k}={v:g}' for k, v in variant.items()) or 'as is'}: {games} games, win rate {wins / games:.3f} "
            f"[{lo:.3f}, {hi:.3f}] (fair share 0.25)",
            flush=True,
        )
        for key in sorted(counts):
            print(f"    {key}: {counts[key]}", flush=True)


KINDS = {"uniform": RandomBot, "coin": CoinBot}


def floor_rate(kind: str, players: int, games: int, seed: int) -> int:
    """Games the cautious side wins against `kind` random play: two players, or four in
    teams (cautious, random, cautious, random), sides alternated on the same deal."""
    factory = KINDS[kind]
    wins = 0
    for g in range(games):
        flip = g % 2  # the cautious side sits first, then second, on the same deal
        bots = []
        for p in range(players):
            rng = random.Random(seed * 1_000_003 + g * 10 + p)
            bots.append(make_bot("cautious", rng) if p % 2 == flip else factory(rng))
        state = SkullState(SkullOptions(players=players), seed * 7919 + g // 2)
        while not state.is_terminal():
            seat = state.current_player()
            legal, obs = state.legal_actions(), state.observation(seat)
            state.apply_action(bots[seat].act(obs, legal))
        wins += (state.winner % 2) == flip
    return wins


def floor(games: int, seed: int) -> None:
    for kind in KINDS:
        for players in (2, 4):
            wins = floor_rate(kind, players, games, seed)
            lo, hi = wilson(wins, games)
            table = "2 players" if players == 2 else "4 players, 2 v 2"
            print(
                f"cautious vs {kind} random, {table}: {games} games, win rate "
                f"{wins / games:.3f} [{lo:.3f}, {hi:.3f}]  {'PASS' if lo > 0.5 else 'FAIL'}",
                flush=True,
            )


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=("bluffs", "floor"))
    parser.add_argument("--games", type=int)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--variants",
        default="bluff_reach=99,bluff_skull=0,bluff_reach=1",
        help="the strong player's settings to compare, for bluffs (a:b for two at once)",
    )
    args = parser.parse_args(argv)
    if args.what == "bluffs":
        variants = [
            {k: float(v) for k, _, v in (p.partition("=") for p in text.split(":") if p)}
            for text in args.variants.split(",")
        ]
        bluffs(args.games or 200, args.seed, variants)
    else:
        floor(args.games or 2000, args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
