"""Skull's rule options in one frozen dataclass (see cards/options.py for reading and saving)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from cards.options import OptionSet, rule

ONE_DECK_MOST = 4  # a deck holds four Kings: one Skull each
MOST = 8


def most_players(decks: int) -> int:
    """The seats `decks` decks deal for: one deck's four Kings seat four, three decks eight."""
    return ONE_DECK_MOST if decks == 1 else MOST


def decks_for(players: int, asked: int = 1) -> int:
    """The decks a game of `players` uses: the ones asked for, or three whenever one deck's
    Kings are too few (the one deck rule: the engine, the registry and the setup read it)."""
    return asked if players <= most_players(asked) else 3


@dataclass(frozen=True)
class SkullOptions(OptionSet):
    """Rule options; the defaults are the seed's game for four players with one deck."""

    players: int = 4  # 2-8 (2-4 with one deck)
    # 1, or 3: then each player's three Flowers are identical cards
    decks: int = field(
        default=1,
        metadata=rule(
            "Cards",
            "One deck seats 4 (it holds four Kings); three decks seat more",
            [(1, "One deck"), (3, "Three decks")],
        ),
    )
    # variant: anyone still in may raise after any bid (played as a round of offers in turn)
    open_bid: bool = field(
        default=False,
        metadata=rule(
            "Open Bid",
            "After a bid, the others in turn may raise or let it stand",
        ),
    )
    # variant "Fortune favours the Bold": the Challenger always starts next
    bold: bool = field(
        default=False,
        metadata=rule(
            "Fortune favours the Bold", "The Challenger always starts the next round, win or lose"
        ),
    )

    def __post_init__(self) -> None:
        if not isinstance(self.decks, int) or self.decks not in (1, 3):
            raise ValueError(f"decks: expected 1 or 3, got {self.decks!r}")
        most = most_players(self.decks)
        if not isinstance(self.players, int) or not 2 <= self.players <= most:
            raise ValueError(
                f"players: expected 2-{most} with {self.decks} deck"
                f"{'s' if self.decks > 1 else ''}, got {self.players!r}"
            )
        for name in ("open_bid", "bold"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name}: expected true/false, got {getattr(self, name)!r}")


def random_options(r: random.Random) -> SkullOptions:
    """A random rule set, for the fuzz."""
    decks = 1 if r.random() < 0.5 else 3
    most = most_players(decks)
    return SkullOptions(
        players=2 + int(r.random() * (most - 1)),
        decks=decks,
        open_bid=r.random() < 0.4,
        bold=r.random() < 0.4,
    )
