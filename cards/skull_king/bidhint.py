"""The bid a hint shows: each possible bid played out on the same sampled deals, the one with the
best expected score chosen, and the cards that won their tricks in those deals named as why.

A play-tester followed five hinted bids and missed three: the strong player's bid weighs the
others' points too and is searched on few deals per bid. A hint is for one person's own score,
so it weighs only that, on more deals, and each card's chance of taking a trick comes from the
same deals (the round's size, the seats, the rule options and the lead are all in them). It
reads the seat's own observation alone: the deals are imagined from what that seat may see.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from cards.skull_king.bots import POWER, rollout_action
from cards.skull_king.cards import HELD, KIND, RANK, SUIT, Kind
from cards.skull_king.state import Observation, Phase, SkullKingState
from cards.skull_king.worlds import estimate_bid

DEALS = 120  # sampled deals per hint: each bid is played out on every one of them
SPREAD = 3  # bids tried either side of the quick estimate (all of them in short rounds)
MAX_SECONDS = 4.0  # a safety net far above the work's usual time (about 0.3 s for 10 cards)
ZERO_SURE = 0.8  # a 0 only when nearly every deal kept it: a 0 missed costs 10 a card
LIKELY = 0.5  # a card named as a likely winner: it took a trick in half the deals or more


@dataclass(frozen=True, slots=True)
class BidHint:
    """The hinted bid and what it rests on, all from the seat's own view."""

    action: str  # "BID:2"
    points: float  # expected points for the round with this bid
    made: float  # share of the deals in which this bid came out exact
    chances: tuple[tuple[str, float], ...]  # each card held: its chance of taking a trick
    weighed: tuple[tuple[str, float, float], ...] = ()  # every bid tried: (bid, points, made)


def candidates(obs: Observation, legal: Sequence[str]) -> list[str]:
    """The bids worth playing out: 0, and those near the hand's quick estimate."""
    guess = estimate_bid(obs.hand, len(obs.hand_sizes))
    return [a for a in legal if int(a[4:]) == 0 or abs(int(a[4:]) - guess) <= SPREAD]


def bid_hint(
    obs: Observation, legal: Sequence[str], rng: random.Random, deals: int = DEALS
) -> BidHint:
    """The bid with the best expected score over `deals` sampled deals (a 0 only if nearly sure)."""
    me = obs.player
    bids = candidates(obs, legal) or list(legal)
    points = dict.fromkeys(bids, 0.0)
    made = dict.fromkeys(bids, 0)
    hand = list(obs.hand)
    won = {a: [0] * len(hand) for a in bids}  # per bid, per card held: deals it took a trick
    deadline = time.perf_counter() + MAX_SECONDS
    done = 0
    for done in range(1, deals + 1):
        world = SkullKingState.from_view(obs, rng)
        for action in bids:  # every bid on the same deal (common random numbers)
            trial = world.clone()
            trial.apply_unchecked(action)
            while trial.phase is not Phase.OVER:
                trial.apply_unchecked(rollout_action(trial, trial.current_player()))
            line = trial.rounds[-1].lines[me]
            points[action] += line.total
            made[action] += line.exact
            taken = Counter(
                HELD[c] for t in trial.tricks if t.winner == me for s, c in t.plays if s == me
            )
            for k, code in enumerate(hand):  # a card held twice: each copy once
                if taken[code] > 0:
                    taken[code] -= 1
                    won[action][k] += 1
        if done < deals and time.perf_counter() > deadline:
            break
    n = max(done, 1)
    sure = ZERO_SURE if len(hand) > 1 else 0.0  # one card: nothing to duck under
    allowed = [a for a in bids if a != "BID:0" or made[a] / n >= sure] or bids
    best = max(allowed, key=lambda a: (points[a], -int(a[4:])))
    chances = tuple((code, won[best][k] / n) for k, code in enumerate(hand))
    weighed = tuple((a, points[a] / n, made[a] / n) for a in bids)
    return BidHint(best, points[best] / n, made[best] / n, chances, weighed)


def likely_winners(hint: BidHint) -> list[str]:
    """The cards held that took a trick in most deals, likeliest first (the Tigress counted as
    the pirate she can be)."""
    ranked = sorted(hint.chances, key=lambda item: -item[1])
    likely = [code for code, chance in ranked if chance >= LIKELY and KIND[code] is not Kind.ESCAPE]
    return _highest_of_suit(likely, [code for code, _ in hint.chances])


def _highest_of_suit(likely: list[str], hand: list[str]) -> list[str]:
    """Numbered cards named as a suit's highest held: a deal's cheapest winner is the one played
    to take a trick, so a low black card "took" tricks its higher fellow would have taken as
    well (a play-tester was told of "your black Jolly Roger 2" while holding the 5)."""
    out = list(likely)
    for suit in {SUIT[c] for c in likely if KIND[c] is Kind.NUMBER}:
        named = [k for k, c in enumerate(out) if KIND[c] is Kind.NUMBER and SUIT[c] == suit]
        held = sorted((c for c in hand if KIND[c] is Kind.NUMBER and SUIT[c] == suit),
                      key=RANK.__getitem__, reverse=True)  # fmt: skip
        for k, code in zip(named, held, strict=False):
            out[k] = code
    return out


PLAY_DEALS = 60  # sampled deals per play hint: each card is played out on every one of them
TAKE = 0.4  # with tricks still needed, a trick is taken when some card wins it this often
NEAR = 0.1  # cards within this of the likeliest winner count as as likely (the cheapest goes)


@dataclass(frozen=True, slots=True)
class PlayHint:
    """The hinted card and each legal card's chance of taking this trick, from the seat's view."""

    action: str
    need: int  # tricks the bid still needs (0: made so far; below 0: already passed)
    left: int  # tricks left in the round, this one included
    chances: tuple[tuple[str, float], ...]  # each legal card: share of deals it took the trick

    def chance(self, action: str) -> float:
        return dict(self.chances)[action]


def play_hint(
    obs: Observation, legal: Sequence[str], rng: random.Random, deals: int = PLAY_DEALS
) -> PlayHint:
    """The card a hint shows, following the bid: each card is played out on the same sampled
    deals (the others as the computer players play), once to the end of the trick and once to
    the end of the round. With every trick left needed, the card likeliest to take this one;
    with the bid made (or passed), the card least likely to; in between, the best own score
    (a play-tester was told to throw away a trick the bid needed, and to lead a Mermaid "unlikely
    to win" with no pirate out: it won)."""
    me = obs.player
    need = (obs.bids[me] or 0) + obs.adjustments[me] - obs.tricks_won[me]
    left = obs.cards - len(obs.tricks)
    cards = list(dict.fromkeys(legal))
    taken = dict.fromkeys(cards, 0)
    points = dict.fromkeys(cards, 0.0)
    deadline = time.perf_counter() + MAX_SECONDS
    done = 0
    for done in range(1, deals + 1):
        world = SkullKingState.from_view(obs, rng)
        before = len(world.tricks)
        for action in cards:  # every card on the same deal (common random numbers)
            trial = world.clone()
            trial.apply_unchecked(action)
            while len(trial.tricks) == before and trial.phase is not Phase.OVER:
                trial.apply_unchecked(rollout_action(trial, trial.current_player()))
            taken[action] += len(trial.tricks) > before and trial.tricks[before].winner == me
            while trial.phase is not Phase.OVER:
                trial.apply_unchecked(rollout_action(trial, trial.current_player()))
            points[action] += trial.rounds[-1].lines[me].total
        if done < deals and time.perf_counter() > deadline:
            break
    n = max(done, 1)
    chance = {a: taken[a] / n for a in cards}
    top = max(chance.values())
    if need >= left or (need > 0 and obs.trick and top >= TAKE):
        # every trick left is needed, or one is and this trick is likely to be had: take it
        # with the cheapest card about as likely as the best (keep the strong ones for later)
        near = [a for a in cards if chance[a] >= top - NEAR]
        best = min(near, key=lambda a: (POWER[a], -points[a]))
    elif need <= 0:  # bid made or passed: lose this one, shedding the most dangerous loser
        best = min(cards, key=lambda a: (chance[a], -points[a], -POWER[a]))
    else:
        best = max(cards, key=lambda a: (points[a], chance[a]))
    return PlayHint(best, need, left, tuple((a, chance[a]) for a in cards))


__all__ = ["BidHint", "PlayHint", "bid_hint", "candidates", "likely_winners", "play_hint"]
