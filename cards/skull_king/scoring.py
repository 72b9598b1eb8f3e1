"""Round scoring, Skull King and Rascal systems, as one pure function of what happened."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from cards.skull_king.options import Scoring

LOOT_BONUS = 20


class Mode(Enum):
    """Rascal's optional secret choice after bidding."""

    BUCKSHOT = "BUCKSHOT"  # open hand: full at exact, half when off by one
    CANNONBALL = "CANNONBALL"  # closed fist: 15 per card when exact, else nothing


@dataclass(frozen=True, slots=True)
class PlayerRound:
    """One player's line on the score sheet for one round."""

    bid: int  # final bid, after Harry's adjustment
    tricks: int
    base: int  # from the bid alone
    bonus: int  # captures (14s, characters), scaled like the base under Rascal
    loot: int  # Loot alliances
    wager: int  # Rascal the Gambler's stake won (+) or lost (-)

    @property
    def total(self) -> int:
        return self.base + self.bonus + self.loot + self.wager

    @property
    def exact(self) -> bool:
        return self.bid == self.tricks


def score_round(
    scoring: Scoring,
    cards: int,
    bids: Sequence[int],
    tricks: Sequence[int],
    captures: Sequence[int],
    loot: Sequence[tuple[int, int]] = (),
    wagers: Sequence[int] = (),
    modes: Sequence[Mode | None] = (),
) -> list[PlayerRound]:
    """Score every player; `loot` pairs are (Loot's player, trick winner), `cards` = dealt each."""
    n = len(bids)
    exact = [bids[p] == tricks[p] for p in range(n)]
    loot_pts = [0] * n
    for giver, winner in loot:
        if exact[giver] and exact[winner]:
            loot_pts[giver] += LOOT_BONUS
            loot_pts[winner] += LOOT_BONUS
    out = []
    for p in range(n):
        bid, won = bids[p], tricks[p]
        if scoring is _SKULL_KING:  # _base_and_bonus's first case, inlined: every round asks
            if bid == won:
                base, bonus = (10 * cards if bid == 0 else 20 * bid), captures[p]
            else:
                base, bonus = (-10 * cards if bid == 0 else -10 * abs(bid - won)), 0
        else:
            base, bonus = _base_and_bonus(
                scoring, cards, bid, won, captures[p], modes[p] if modes else None
            )
        stake = wagers[p] if wagers else 0
        out.append(_line(bid, won, base, bonus, loot_pts[p], stake if exact[p] else -stake))
    return out


_SKULL_KING = Scoring.SKULL_KING
_new = object.__new__
_SET_LINE = tuple(
    PlayerRound.__dict__[name].__set__
    for name in ("bid", "tricks", "base", "bonus", "loot", "wager")
)


def _line(bid: int, tricks: int, base: int, bonus: int, loot: int, wager: int) -> PlayerRound:
    """`PlayerRound(...)` through its slots, without the frozen __init__'s object.__setattr__
    calls (twice as dear): every seat of every round makes one."""
    line = _new(PlayerRound)
    s_bid, s_tricks, s_base, s_bonus, s_loot, s_wager = _SET_LINE
    s_bid(line, bid)
    s_tricks(line, tricks)
    s_base(line, base)
    s_bonus(line, bonus)
    s_loot(line, loot)
    s_wager(line, wager)
    return line


def _base_and_bonus(
    scoring: Scoring, cards: int, bid: int, tricks: int, captures: int, mode: Mode | None
) -> tuple[int, int]:
    diff = abs(bid - tricks)
    if scoring is Scoring.SKULL_KING:
        if bid == 0:
            return (10 * cards, captures) if diff == 0 else (-10 * cards, 0)
        return (20 * bid, captures) if diff == 0 else (-10 * diff, 0)
    if mode is Mode.CANNONBALL:
        return (15 * cards, captures) if diff == 0 else (0, 0)
    potential = 10 * cards
    if diff == 0:
        return potential, captures
    if diff == 1:
        return potential // 2, captures // 2
    return 0, 0
