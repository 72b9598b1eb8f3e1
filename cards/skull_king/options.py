"""Every Skull King rule option in one frozen dataclass, so a save names its rules completely."""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import Enum

from cards.engine import pick
from cards.options import OptionSet
from cards.skull_king.cards import deck


class Scoring(Enum):
    SKULL_KING = "skull-king"
    RASCAL = "rascal"


class RoundPlan(Enum):
    """Cards dealt per round (seed section 9)."""

    STANDARD = "standard"  # 1, 2, ..., 10
    BLITZ = "blitz"  # 5 rounds of 5
    WHIRLPOOL = "whirlpool"  # 9, 7, 5, 3, 1
    BROADSIDE = "broadside"  # 10 rounds of 10


class KrakenLeader(Enum):
    """Who leads after the Kraken destroys a trick."""

    WOULD_HAVE_WON = "would-have-won"
    LEFT_OF_KRAKEN = "left-of-kraken"  # the player after the Kraken's player in that trick


PLAN_CARDS: dict[RoundPlan, tuple[int, ...]] = {
    RoundPlan.STANDARD: tuple(range(1, 11)),
    RoundPlan.BLITZ: (5,) * 5,
    RoundPlan.WHIRLPOOL: (9, 7, 5, 3, 1),
    RoundPlan.BROADSIDE: (10,) * 10,
}
WAGERS = (0, 10, 20)  # Rascal the Gambler's stakes


@dataclass(frozen=True)
class SkullKingOptions(OptionSet):
    """Rule options; defaults are the seed's first-game rules for four players.

    Fixed rules (not options): the deal cap (cards per player never exceed deck size // hands,
    e.g. 8 each for 8 players with 70 cards) and Greybeard's Tigress always being an Escape.
    """

    players: int = 4  # 2-8 seats that bid and score
    round_plan: RoundPlan = RoundPlan.STANDARD
    scoring: Scoring = Scoring.SKULL_KING
    cannonball: bool = False  # Rascal only: secret Buckshot / Cannonball choice after bidding
    pirate_powers: bool = False  # the five named pirates' powers (seed section 8)
    advanced_cards: bool = False  # Loot x2, Kraken, White Whale: 74 cards instead of 70
    kraken_leader: KrakenLeader = KrakenLeader.WOULD_HAVE_WON
    greybeard: bool = True  # 2 players only: the ghost of Greybeard plays a third hand

    def __post_init__(self) -> None:
        if not isinstance(self.players, int) or not 2 <= self.players <= 8:
            raise ValueError(f"players: expected 2-8, got {self.players!r}")
        for name, enum in (
            ("round_plan", RoundPlan),
            ("scoring", Scoring),
            ("kraken_leader", KrakenLeader),
        ):
            if not isinstance(getattr(self, name), enum):
                allowed = ", ".join(m.value for m in enum)
                raise ValueError(f"{name}: expected one of {allowed}, got {getattr(self, name)!r}")
        if self.cannonball and self.scoring is not Scoring.RASCAL:
            raise ValueError("cannonball: only with Rascal scoring")

    @property
    def has_greybeard(self) -> bool:
        return self.greybeard and self.players == 2

    @property
    def hands(self) -> int:
        """Hands dealt each round: the players, plus Greybeard's pile."""
        return self.players + (1 if self.has_greybeard else 0)

    @property
    def deck_size(self) -> int:
        return len(deck(self.advanced_cards))

    def round_cards(self) -> tuple[int, ...]:
        """Cards per player in each round, after the deal cap."""
        cap = self.deck_size // self.hands
        return tuple(min(c, cap) for c in PLAN_CARDS[self.round_plan])


def random_options(r: random.Random) -> SkullKingOptions:
    """A spread of rule sets for the fuzz test: every option varies across seeds."""
    players = 2 + int(r.random() * 7)
    rascal = r.random() < 0.4
    return SkullKingOptions(
        players=players,
        round_plan=pick(list(RoundPlan), r),
        scoring=Scoring.RASCAL if rascal else Scoring.SKULL_KING,
        cannonball=rascal and r.random() < 0.5,
        pirate_powers=r.random() < 0.6,
        advanced_cards=r.random() < 0.6,
        kraken_leader=pick(list(KrakenLeader), r),
        greybeard=r.random() < 0.75,
    )


PRESETS: dict[str, SkullKingOptions] = {
    "first-game": SkullKingOptions(),
    "advanced": SkullKingOptions(pirate_powers=True, advanced_cards=True),
    "rascal": SkullKingOptions(scoring=Scoring.RASCAL, cannonball=True),
    "blitz": SkullKingOptions(round_plan=RoundPlan.BLITZ),
}
