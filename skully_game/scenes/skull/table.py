"""Skull at the shared card table: the table of `scenes.cardtable` with Skull's adapter.

The table only ever draws what the seat it shows may see. With two or more people, a pass screen
hides every hand before each person's turn (the first placement included: it is secret). Every
action is saved at once (options, seed, the action list), so a game resumes exactly and can be
replayed action by action.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from cards.skull import SkullOptions
from skully_game.scenes.cardtable import match as tables
from skully_game.scenes.cardtable.match import HUMAN, Pace, TableSeat
from skully_game.scenes.cardtable.table import CardReplay, CardTable
from skully_game.scenes.skull.adapter import GAME


class Match(tables.Match):
    """A Skull table: options, seed and seats (the game is always Skull)."""

    def __init__(
        self,
        options: SkullOptions,
        seed: int,
        seats: list[TableSeat],
        pace: Pace = Pace.NORMAL,
    ) -> None:
        super().__init__(GAME, options, seed, seats, pace)

    @staticmethod
    def load(path: Path) -> tables.Match:  # type: ignore[override]
        """A saved Skull table; a bad file raises DataError naming the file and field."""
        return tables.Match.load(GAME, path)


ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class SkullTable(CardTable):
    """The card table playing Skull."""

    def _key(self, event: pygame.event.Event) -> None:
        """Enter turns the one stack there is to turn (the Challenger's own, outlined and
        asked for) without first stepping onto it with the arrows."""
        only = self._only_spot() if event.key in ENTER and self.spot_cursor < 0 else None
        if only is not None:
            self.act(only)
            return
        super()._key(event)

    def _only_spot(self) -> str | None:
        """The action of the one stack the viewer may choose now, if there is just one."""
        if self.sheet or self.passing is not None or self.summary is not None:
            return None
        choosable = self.choosable_spots()
        return choosable[0].spot.action if len(choosable) == 1 else None

    def replay_scene(self) -> type[SkullReplay]:
        return SkullReplay


class SkullReplay(CardReplay):
    """A finished Skull game, action by action."""


__all__ = [
    "HUMAN",
    "Match",
    "SkullReplay",
    "SkullTable",
    "TableSeat",
]
