"""Skip-Bo computer players: random, and build-first (the well-known heuristic).

build-first plays its stock whenever it can; failing that it plays towards its stock (the
numbers and, only when they complete the chain, the wilds that bring a building pile up to the
stock's top); then the tops of its discard piles, then number cards from its hand. It keeps its
wilds for the stock, and discards high, onto a pile whose top is one higher (a run to play down
later), else onto an empty pile, else onto its highest pile.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from cards.bots import Bot, RandomBot
from cards.skip_bo.cards import WILD
from cards.skip_bo.state import (
    DISCARD_BUILD,
    END,
    HAND_BUILD,
    HAND_DISCARD,
    STOCK_BUILD,
    Observation,
    parse,
)


class BuildFirst:
    """The heuristic every Skip-Bo player learns first (see the module's docstring)."""

    name = "build-first"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng  # unused: the heuristic is deterministic; kept for the factory's shape

    def act(self, obs: Observation, legal: Sequence[str]) -> str:
        me = obs.player
        parsed = [(a, parse(a)) for a in legal]
        stock_plays = [(a, p) for a, p in parsed if p[0] == STOCK_BUILD]
        for a, p in stock_plays:  # own stock first, then the partner's
            if p[1] == me:
                return a
        if stock_plays:
            return stock_plays[0][0]
        step = self._towards_stock(obs, parsed)
        if step is not None:
            return step
        for a, p in parsed:
            if p[0] == DISCARD_BUILD and obs.discards[p[1]][p[2]][-1] != WILD:
                return a
        for a, p in parsed:
            if p[0] == HAND_BUILD and p[1] != WILD:
                return a
        discards = [(a, p) for a, p in parsed if p[0] == HAND_DISCARD]
        if discards:
            return self._discard(obs, discards)
        for a, p in parsed:
            if p[0] == END:
                return a
        return legal[0]

    def _towards_stock(self, obs: Observation, parsed: list[tuple[str, tuple[int, int, int, int]]]
                       ) -> str | None:  # fmt: skip
        """The first play of a chain that brings a building pile up to a stock top."""
        for seat in obs.sources:
            top = obs.stock_tops[seat]
            if top is None or top == WILD:
                continue
            numbers = set(c for c in obs.hand if c != WILD)
            for s in obs.sources:
                for pile in obs.discards[s]:
                    if pile and pile[-1] != WILD:
                        numbers.add(pile[-1])
            wilds = obs.hand.count(WILD)
            for i, pile in enumerate(obs.build):
                need = len(pile) + 1
                if need >= top:
                    continue
                missing = sum(1 for v in range(need, top) if v not in numbers)
                if missing > wilds:
                    continue
                for a, p in parsed:  # a discard top first, then the hand, then a wild
                    if p[0] == DISCARD_BUILD and p[3] == i:
                        card = obs.discards[p[1]][p[2]][-1]
                        if card == need:
                            return a
                for a, p in parsed:
                    if p[0] == HAND_BUILD and p[2] == i and p[1] == need:
                        return a
                for a, p in parsed:
                    if p[0] == HAND_BUILD and p[2] == i and p[1] == WILD:
                        return a
        return None

    @staticmethod
    def _discard(obs: Observation, options: list[tuple[str, tuple[int, int, int, int]]]) -> str:
        """High cards first, onto a pile one higher, else an empty one, else the highest."""
        piles = obs.discards[obs.player]

        def score(item: tuple[str, tuple[int, int, int, int]]) -> tuple[int, int, int]:
            _, (_, card, k, _) = item
            pile = piles[k]
            top = pile[-1] if pile else None
            value = 13 if card == WILD else card
            keep_wild = -100 if card == WILD else 0
            if top is not None and top != WILD and top == value + 1:
                fit = 3
            elif top is None:
                fit = 2
            elif top != WILD and top >= value:
                fit = 1
            else:
                fit = 0
            return (keep_wild, fit, value * 20 + (top or 0))

        return max(options, key=score)[0]


BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "build-first": BuildFirst,
}


def make_bot(name: str, rng: random.Random, **settings: float) -> Bot:
    """Bot factory for the table and self-play: a name of `BOTS` (+ its settings)."""
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(BOTS)})")
    return BOTS[name](rng, **settings)
