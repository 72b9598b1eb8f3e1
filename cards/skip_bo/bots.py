"""Skip-Bo's build-first computer player (the well-known heuristic); every player by name is in
`players.py`, the strong one in `strong.py`.

build-first plays its stock whenever it can; failing that it plays towards its stock (the
numbers and, only when they complete the chain, the wilds that bring a building pile up to the
stock's top); then the tops of its discard piles, then number cards from its hand. It keeps its
wilds for the stock, except to bridge a gap: a wild that lets a number from its hand or a discard
top follow it, or the hand's last cards (played out, the hand draws five anew). It discards high, onto a pile whose top is one higher (a run to play down
later), else onto an empty pile, else onto its highest pile.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cards.skip_bo.cards import TOP, WILD
from cards.skip_bo.options import HAND
from cards.skip_bo.state import (
    DISCARD_PLAYS,
    DISCARDS_TO,
    HAND_PLAYS,
    STOCK_PLAYS,
    AtAGlance,
    Observation,
)

_UNDER = tuple((1 << k) - 1 for k in range(16))  # the bits below bit k


def _lowest_in_reach(wilds: int) -> bytes:
    """For every set of gaps below a stock top (bits 1-11: the numbers not at hand), the lowest
    need from which the hand's `wilds` wilds fill the chain: they fill the highest gaps, so it
    is one above the highest gap left. A table, as the chain search runs at most decisions."""
    out = bytearray(1 << TOP)
    for gaps in range(1 << TOP):
        left = gaps
        for _ in range(wilds):
            left &= ~(1 << left.bit_length() >> 1)  # a wild fills the highest gap
        out[gaps] = left.bit_length()
    return bytes(out)


def _bridge(needs: tuple[int, ...], wild_ok: tuple[bool, ...], held: int, at_hand: int) -> int:
    """The building pile a wild from the hand should go on when nothing else builds (-1:
    none): one where the next number is at hand (`at_hand`: the hand's numbers and the
    discard tops, as bits), so the wild bridges a gap; or, with only wilds in hand (`held`
    0), the first that takes one, playing the hand out so that it draws five anew."""
    for i, need in enumerate(needs):
        if wild_ok[i] and need < TOP and at_hand >> (need + 1) & 1:
            return i
    if not held:
        return wild_ok.index(True) if True in wild_ok else -1
    return -1


_LOWEST_IN_REACH = tuple(_lowest_in_reach(w) for w in range(HAND + 1))  # by the hand's wilds


class BuildFirst:
    """The heuristic every Skip-Bo player learns first (see the module's docstring).

    It reads a few small fields of its view (the building piles' needs, the stock and discard
    tops, and their numbers as bits) and names its action from the engine's tables, rather than
    sorting through the legal list: it is the benchmark's player in every seat and the strong
    player's rollouts, so `act` is written flat (without a partner; `_act_pairs` with one)."""

    name = "build-first"
    reads_legal = False  # it names its action from its view (only an empty hand asks)

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng  # unused: the heuristic is deterministic; kept for the factory's shape

    def act(self, obs: Observation, legal: Sequence[str]) -> str:
        # The tuples' own `in` and `index` (C loops) find a pile rather than Python loops, and
        # sets of numbers are the view's bits (bit n: the number n). Written here for a player
        # without a partner (one stock, one row of discard piles); `_act_pairs` is the same
        # choice over one's own piles, then the partner's.
        glance = obs.at_a_glance
        me, sources, needs, wanted, wild_ok, tops, discard_tops, rows, hand, held = glance
        if len(sources) > 1:
            return self._act_pairs(glance, legal)
        top = tops[me]
        row = discard_tops[me]  # one's discard piles' tops
        showing = rows[me]  # their numbers
        if top is not None:
            if top == WILD:
                if True in wild_ok:
                    return STOCK_PLAYS[me][wild_ok.index(True)]
            elif top in needs:
                return STOCK_PLAYS[me][needs.index(top)]
            else:  # towards the stock top (see `_act_pairs`)
                wilds = hand.count(WILD)
                low = _LOWEST_IN_REACH[wilds][_UNDER[top] & ~1 & ~(held | showing)]
                if (_UNDER[top] - _UNDER[low]) & wanted:
                    for i, need in enumerate(needs):
                        if not low <= need < top:
                            continue
                        if need in row:
                            return DISCARD_PLAYS[me][row.index(need)][i]
                        if need in hand:
                            return HAND_PLAYS[need][i]
                        if wilds and wild_ok[i]:
                            return HAND_PLAYS[WILD][i]
        if showing & wanted:  # a discard top (never a wild) that fits
            for k, card in enumerate(row):
                if card and card in needs:
                    return DISCARD_PLAYS[me][k][needs.index(card)]
        if held & wanted:  # a number from the hand
            for i, need in enumerate(needs):
                if need in hand:
                    return HAND_PLAYS[need][i]
        if WILD in hand:
            i = _bridge(needs, wild_ok, held, held | showing)
            if i >= 0:
                return HAND_PLAYS[WILD][i]
        if hand:
            return self._discard(held, row, showing)
        return "END" if "END" in legal else legal[0]

    def _act_pairs(self, glance: AtAGlance, legal: Sequence[str]) -> str:
        """`act` for a player with a partner, whose stock and discard piles it may play too."""
        me, sources, needs, wanted, wild_ok, tops, discard_tops, rows, hand, held = glance
        for seat in sources:  # the stock: one's own first, then the partner's
            top = tops[seat]
            if top is None:
                continue
            if top == WILD:
                if True in wild_ok:
                    return STOCK_PLAYS[seat][wild_ok.index(True)]
            elif top in needs:
                return STOCK_PLAYS[seat][needs.index(top)]
        showing = 0  # the numbers on the discard tops in reach
        for seat in sources:
            showing |= rows[seat]
        # Towards a stock top: the first play of a chain that brings a building pile up to it
        # (a discard top first, then the hand's number, then a wild). A pile is in reach when
        # the numbers from its need up to the top lack no more than the hand's wilds: so its
        # need is above the highest number still missing once the wilds fill the highest gaps.
        at_hand = held | showing
        wilds = -1  # not yet counted
        for seat in sources:
            top = tops[seat]
            if not top:  # none, or a wild
                continue
            if wilds < 0:
                wilds = hand.count(WILD)
                lows = _LOWEST_IN_REACH[wilds]
            low = lows[_UNDER[top] & ~1 & ~at_hand]  # the numbers 1..top-1 not at hand
            if not (_UNDER[top] - _UNDER[low]) & wanted:  # no need from low up to top - 1
                continue
            for i, need in enumerate(needs):
                if not low <= need < top:
                    continue
                for s in sources:
                    row = discard_tops[s]
                    if need in row:
                        return DISCARD_PLAYS[s][row.index(need)][i]
                if need in hand:
                    return HAND_PLAYS[need][i]
                if wilds and wild_ok[i]:
                    return HAND_PLAYS[WILD][i]
        if showing & wanted:  # a discard top (never a wild) that fits
            for seat in sources:
                for k, top in enumerate(discard_tops[seat]):
                    if top and top in needs:
                        return DISCARD_PLAYS[seat][k][needs.index(top)]
        if held & wanted:  # a number from the hand
            for i, need in enumerate(needs):
                if need in hand:
                    return HAND_PLAYS[need][i]
        if WILD in hand:
            i = _bridge(needs, wild_ok, held, held | showing)
            if i >= 0:
                return HAND_PLAYS[WILD][i]
        if hand:
            return self._discard(held, discard_tops[me], rows[me])
        return "END" if "END" in legal else legal[0]

    @staticmethod
    def _discard(held: int, piles: tuple[int | None, ...], showing: int) -> str:
        """High cards first, onto a pile one higher (a run to play down later), else an empty
        one, else the highest pile at or above the card, else the highest pile; a wild only
        when the hand holds nothing else, onto an empty pile, else the highest. `held`: the
        hand's numbers as bits (the hand is not empty); `showing`: the numbers on top of the
        piles."""
        runs = held & (showing >> 1)
        if runs:
            card = runs.bit_length() - 1
            return DISCARDS_TO[card][piles.index(card + 1)]
        card = held.bit_length() - 1  # the highest number, or -1: only wilds
        if card < 0:
            card = WILD
        elif None not in piles and showing:
            high = showing.bit_length() - 1
            under = held & ((2 << high) - 1)
            if under:
                return DISCARDS_TO[under.bit_length() - 1][piles.index(high)]
        if None in piles:
            return DISCARDS_TO[card][piles.index(None)]
        return DISCARDS_TO[card][piles.index(max(piles))]  # type: ignore[type-var]
