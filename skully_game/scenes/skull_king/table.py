"""Skull King at the shared card table: the table of `scenes.cardtable` with Skull King's adapter.

The table only ever draws what the seat it shows may see. With two or more people, a pass screen
hides every hand before each person's turn. Every action is saved at once (options, seed, the
action list), so a game resumes exactly and can be replayed action by action.
"""

from __future__ import annotations

from pathlib import Path

from cards.skull_king import SkullKingOptions
from skully_game.scenes.cardtable import match as tables
from skully_game.scenes.cardtable.match import HUMAN, Pace, TableSeat
from skully_game.scenes.cardtable.table import CardReplay, CardTable
from skully_game.scenes.skull_king.adapter import GAME


class Match(tables.Match):
    """A Skull King table: options, seed and seats (the game is always Skull King)."""

    def __init__(
        self,
        options: SkullKingOptions,
        seed: int,
        seats: list[TableSeat],
        pace: Pace = Pace.NORMAL,
    ) -> None:
        super().__init__(GAME, options, seed, seats, pace)

    @staticmethod
    def load(path: Path) -> tables.Match:  # type: ignore[override]
        """A saved Skull King table; a bad file raises DataError naming the file and field."""
        return tables.Match.load(GAME, path)


def saves_dir() -> Path:
    return tables.saves_dir(GAME)


def unfinished_tables() -> list[Path]:
    return tables.unfinished(GAME)


def finished_tables() -> list[Path]:
    return tables.finished(GAME)


class SkullKingTable(CardTable):
    """The card table playing Skull King."""

    def replay_scene(self) -> type[SkullKingReplay]:
        return SkullKingReplay


class SkullKingReplay(CardReplay):
    """A finished Skull King game, action by action."""


__all__ = [
    "HUMAN",
    "Match",
    "SkullKingReplay",
    "SkullKingTable",
    "TableSeat",
    "finished_tables",
    "saves_dir",
    "unfinished_tables",
]
