"""Skip-Bo's rule options in one frozen dataclass (see cards/options.py for reading and saving)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from cards.options import OptionSet, rule
from cards.skip_bo.cards import WILDS, WILDS_1980

STOCK_SIZES = (0, 10, 15, 20, 30, 40)  # 0: the seed's size for the player count
HAND = 5


def standard_stock(players: int) -> int:
    """The seed's stock: 30 cards for 2-4 players, 20 for 5 or 6."""
    return 30 if players <= 4 else 20


@dataclass(frozen=True)
class SkipBoOptions(OptionSet):
    """Rule options; the defaults are the seed's game for four players, each for themselves."""

    players: int = 4  # 2-6
    # cards in each stock: 10, 15, 20, 30 or 40; 0 = 30 for 2-4 players, 20 for 5-6 (the
    # setup's row offers the sizes the seats can have: scenes/skip_bo/setup.py)
    stock: int = field(
        default=0,
        metadata=rule(
            "Stock cards each",
            "Cards in each stock: fewer make a shorter game",
            [(n, str(n) if n else "Standard") for n in STOCK_SIZES],
        ),
    )
    # 4 or 6 players in pairs, partners sitting opposite
    partners: bool = field(
        default=False,
        metadata=rule(
            "Partners (4 or 6 players)", "Partners sit opposite and play from each other's piles"
        ),
    )
    # 24 SKIP-BO cards (168 in all), and a wild may go on a wild
    edition_1980: bool = field(
        default=False,
        metadata=rule(
            "Rules",
            "1980: 24 SKIP-BO cards, and one may go on another",
            [(False, "Today's"), (True, "1980: 24 wilds")],
        ),
    )
    # 0: one game; else games are scored and the first to this many wins
    match_to: int = field(
        default=0,
        metadata=rule(
            "Scoring",
            "One game, or games until a side reaches the score",
            [(0, "One game"), (250, "To 250"), (500, "To 500"), (1000, "To 1000")],
        ),
    )
    turn_limit: int = 0  # 0: none; else a game ends as a stalemate after this many turns

    def __post_init__(self) -> None:
        for name in ("partners", "edition_1980"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name}: expected true/false, got {getattr(self, name)!r}")
        if not isinstance(self.players, int) or not 2 <= self.players <= 6:
            raise ValueError(f"players: expected 2-6, got {self.players!r}")
        if self.stock not in STOCK_SIZES or isinstance(self.stock, bool):
            raise ValueError(
                f"stock: expected 0 (standard), 10, 15, 20, 30 or 40, got {self.stock!r}"
            )
        if self.partners and self.players not in (4, 6):
            raise ValueError(f"partners: pairs need 4 or 6 players, not {self.players}")
        need = self.players * (self.stock_size + HAND)
        if need > self.deck_size:
            raise ValueError(
                f"stock: {self.stock_size} cards each for {self.players} players needs {need} "
                f"cards with their hands; the deck has {self.deck_size}"
            )
        for name in ("match_to", "turn_limit"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ValueError(f"{name}: expected 0 or a positive whole number, got {value!r}")

    @property
    def stock_size(self) -> int:
        return self.stock or standard_stock(self.players)

    @property
    def wilds(self) -> int:
        return WILDS_1980 if self.edition_1980 else WILDS

    @property
    def deck_size(self) -> int:
        return 144 + self.wilds

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """Who plays together: pairs of partners sitting opposite, or each player alone."""
        n = self.players
        if self.partners:
            half = n // 2
            return tuple((p, p + half) for p in range(half))
        return tuple((p,) for p in range(n))


def random_options(r: random.Random) -> SkipBoOptions:
    """A random rule set, for the fuzz (short stocks often, so games finish by emptying one)."""
    players = 2 + int(r.random() * 5)
    partners = players in (4, 6) and r.random() < 0.4
    sizes = [s for s in STOCK_SIZES if s == 0 or players * (s + HAND) <= 144 + 18]
    return SkipBoOptions(
        players=players,
        stock=sizes[int(r.random() * len(sizes))],
        partners=partners,
        edition_1980=r.random() < 0.3,
        match_to=100 if r.random() < 0.2 else 0,
    )
