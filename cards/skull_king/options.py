"""Every Skull King rule option in one frozen dataclass, so a save names its rules completely."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import Enum

from cards.engine import pick
from cards.options import OptionSet, rule
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
    round_plan: RoundPlan = field(
        default=RoundPlan.STANDARD,
        metadata=rule(
            "Rounds", "Standard 1 to 10 cards; Blitz 5 x 5; Whirlpool 9-7-5-3-1; Broadside 10 x 10"
        ),
    )
    scoring: Scoring = field(
        default=Scoring.SKULL_KING,
        metadata=rule(
            "Scoring",
            "Skull King's points, or Rascal's: 10 a card, half if one off",
            [(Scoring.SKULL_KING, "Skull King"), (Scoring.RASCAL, "Rascal")],
        ),
    )
    # Rascal only: secret Buckshot / Cannonball choice after bidding
    cannonball: bool = field(
        default=False,
        metadata=rule(
            "Cannonball (Rascal)", "Rascal: bid all or nothing for 15 a card, chosen in secret"
        ),
    )
    # the five named pirates' powers (seed section 8)
    pirate_powers: bool = field(
        default=False,
        metadata=rule("Pirate powers", "A trick won with a pirate uses that pirate's power"),
    )
    # Loot x2, Kraken, White Whale: 74 cards instead of 70
    advanced_cards: bool = field(
        default=False,
        metadata=rule("Advanced cards", "Adds the Kraken, the White Whale and the two Loot cards"),
    )
    kraken_leader: KrakenLeader = field(
        default=KrakenLeader.WOULD_HAVE_WON,
        metadata=rule(
            "After the Kraken",
            "Who leads after the Kraken destroys a trick",
            [
                (KrakenLeader.WOULD_HAVE_WON, "would-be winner leads"),
                (KrakenLeader.LEFT_OF_KRAKEN, "next player leads"),
            ],
        ),
    )
    # 2 players only: the ghost of Greybeard plays a third hand
    greybeard: bool = field(
        default=True,
        metadata=rule(
            "Greybeard (2 players)",
            "Two players: a ghost's third hand flips its top card",
            [(True, "On"), (False, "Off")],
        ),
    )

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
