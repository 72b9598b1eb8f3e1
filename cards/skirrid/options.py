"""Skirrid's rule options in one frozen dataclass (see cards/options.py for reading and saving)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from cards.options import OptionSet, rule
from cards.skirrid.board import BOARDS, EDITION

# The seed's split of a pair's 18 shapes: the first of each pair, then the partner.
PAIR_SPLIT = (
    ("Gun", "Gun2", "Door3", "Snake", "Snake2", "Quoin3", "Rod", "Rod2", "Eye3"),
    ("Gun3", "Door", "Door2", "Snake3", "Quoin", "Quoin2", "Rod3", "Eye", "Eye2"),
)
NAMES = ("Eye", "Rod", "Quoin", "Snake", "Door", "Gun")


@dataclass(frozen=True)
class SkirridOptions(OptionSet):
    """Rule options; the defaults are the seed's game for two."""

    players: int = 2  # 2-6
    # four players in two pairs, partners opposite
    pairs: bool = field(
        default=False,
        metadata=rule(
            "Pairs (4 players)", "Four players in two pairs, sitting opposite, scoring together"
        ),
    )
    # a die picks the shape each turn (its face = the shape's squares)
    dice: bool = field(
        default=False,
        metadata=rule(
            "Dice choose the shape",
            "A die roll picks the shape each turn; no such shape: a missed turn",
        ),
    )
    board: int = EDITION  # the board's edition (board.BOARDS): an older one for an older save

    def __post_init__(self) -> None:
        for name in ("pairs", "dice"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name}: expected true/false, got {getattr(self, name)!r}")
        if not isinstance(self.players, int) or isinstance(self.players, bool):
            raise ValueError(f"players: expected 2-6, got {self.players!r}")
        if not 2 <= self.players <= 6:
            raise ValueError(f"players: expected 2-6, got {self.players}")
        if self.pairs and self.players != 4:
            raise ValueError(f"pairs: pairs need 4 players, not {self.players}")
        if isinstance(self.board, bool) or self.board not in BOARDS:
            raise ValueError(
                f"board: expected one of {', '.join(map(str, BOARDS))}, got {self.board!r}"
            )

    @property
    def arena(self) -> bool:
        """Whether a player stays inside the Arena until they have 75: two or three players."""
        return self.players <= 3

    @property
    def marks(self) -> bool:
        """Whether the 2s and 3s count: not with three, five or six players."""
        return self.players in (2, 4)

    @property
    def block_for_one_turn(self) -> bool:
        """Two players and pairs: a block binds the next player's turn only. Otherwise it holds
        until its player's next turn, and in the Arena nobody blocks twice in a row."""
        return self.players == 2 or self.pairs

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        if self.pairs:
            return ((0, 2), (1, 3))
        return tuple((p,) for p in range(self.players))

    def pieces(self, seat: int) -> tuple[str, ...]:
        """The shapes a seat starts with ("Door3": a Door marked 3)."""
        if self.players == 2:
            return tuple(f"{n}{m}" for n in NAMES for m in ("", "2", "3"))
        if self.players == 3:
            return tuple(n for n in NAMES for _ in range(2))
        if self.players == 4:
            return PAIR_SPLIT[seat // 2]  # seats 0, 1 first of their pair; 2, 3 the partners
        return NAMES


def random_options(r: random.Random) -> SkirridOptions:
    """A random rule set, for the fuzz."""
    players = 2 + int(r.random() * 5)
    return SkirridOptions(
        players=players, pairs=players == 4 and r.random() < 0.5, dice=r.random() < 0.25
    )
