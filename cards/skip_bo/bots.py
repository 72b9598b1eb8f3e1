"""Skip-Bo's build-first computer player (the well-known heuristic); every player by name is in
`players.py`, the strong one in `strong.py`.

build-first plays its stock whenever it can; failing that it plays towards its stock (the
numbers and, only when they complete the chain, the wilds that bring a building pile up to the
stock's top); then the tops of its discard piles, then number cards from its hand. It keeps its
wilds for the stock, and discards high, onto a pile whose top is one higher (a run to play down
later), else onto an empty pile, else onto its highest pile.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cards.skip_bo.cards import WILD
from cards.skip_bo.state import (
    BUILDS,
    DISCARD_PLAYS,
    DISCARDS_TO,
    HAND_PLAYS,
    STOCK_PLAYS,
    Observation,
)


class BuildFirst:
    """The heuristic every Skip-Bo player learns first (see the module's docstring).

    It reads a few small fields of its view (the building piles' needs, the stock and discard
    tops) and names its action from the engine's tables, rather than sorting through the legal
    list: it is the benchmark's player in every seat and the strong player's rollouts."""

    name = "build-first"
    reads_legal = False  # it names its action from its view (only an empty hand asks)

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng  # unused: the heuristic is deterministic; kept for the factory's shape

    def act(self, obs: Observation, legal: Sequence[str]) -> str:
        sources = obs.sources
        tops = obs.stock_tops
        needs = obs.needs
        wild_ok = obs.wild_ok
        for seat in sources:  # the stock: one's own first, then the partner's
            top = tops[seat]
            if top is not None:
                for i in range(BUILDS):
                    if wild_ok[i] if top == WILD else top == needs[i]:
                        return STOCK_PLAYS[seat][i]
        hand = obs.hand
        discard_tops = obs.discard_tops
        step = self._towards_stock(sources, tops, needs, wild_ok, hand, discard_tops)
        if step is not None:
            return step
        for seat in sources:  # a discard top (never a wild) that fits
            for k, top in enumerate(discard_tops[seat]):
                if top:
                    for i in range(BUILDS):
                        if top == needs[i]:
                            return DISCARD_PLAYS[seat][k][i]
        for i in range(BUILDS):  # a number from the hand
            if needs[i] in hand:
                return HAND_PLAYS[needs[i]][i]
        if hand:
            return self._discard(hand, discard_tops[obs.player])
        return "END" if "END" in legal else legal[0]

    @staticmethod
    def _towards_stock(sources: tuple[int, ...], tops: tuple[int | None, ...],
                       needs: tuple[int, ...], wild_ok: tuple[bool, ...], hand: tuple[int, ...],
                       discard_tops: tuple[tuple[int | None, ...], ...]) -> str | None:  # fmt: skip
        """The first play of a chain that brings a building pile up to a stock top: a discard
        top first, then the hand's number, then a wild. The numbers at hand are a bit mask,
        so a chain's missing numbers are the bits its range lacks."""
        numbers = -1  # not yet worked out: most turns play their stock top first
        wilds = 0
        for seat in sources:
            top = tops[seat]
            if not top:  # none, or a wild
                continue
            if numbers < 0:
                numbers = 0
                for c in hand:
                    numbers |= 1 << c
                for s in sources:
                    for t in discard_tops[s]:
                        if t:
                            numbers |= 1 << t
                numbers &= ~(1 << WILD)
                wilds = hand.count(WILD)
            for i in range(BUILDS):
                need = needs[i]
                if need >= top:
                    continue
                if (((1 << top) - (1 << need)) & ~numbers).bit_count() > wilds:
                    continue
                for s in sources:
                    for k, t in enumerate(discard_tops[s]):
                        if t == need:
                            return DISCARD_PLAYS[s][k][i]
                if need in hand:
                    return HAND_PLAYS[need][i]
                if wilds and wild_ok[i]:
                    return HAND_PLAYS[WILD][i]
        return None

    @staticmethod
    def _discard(hand: tuple[int, ...], piles: tuple[int | None, ...]) -> str:
        """High cards first, onto a pile one higher, else an empty one, else the highest."""
        best: tuple[int, int, int] | None = None
        choice = ""
        for card in dict.fromkeys(hand):
            value = 13 if card == WILD else card
            keep_wild = -100 if card == WILD else 0
            for k, top in enumerate(piles):
                if top is None:
                    fit = 2
                elif top != WILD and top == value + 1:
                    fit = 3
                elif top != WILD and top >= value:
                    fit = 1
                else:
                    fit = 0
                score = (keep_wild, fit, value * 20 + (top or 0))
                if best is None or score > best:
                    best, choice = score, DISCARDS_TO[card][k]
        return choice
