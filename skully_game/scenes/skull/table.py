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
from skully_game.scenes.cardtable.game import RoundEnded
from skully_game.scenes.cardtable.match import HUMAN, Pace, TableSeat
from skully_game.scenes.cardtable.table import CardReplay, CardTable
from skully_game.scenes.skull.adapter import GAME
from skully_game.shell.app import App


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


class SkullTable(CardTable):
    """The card table playing Skull: a card of the hand is clicked, chosen with the keys, or
    carried onto one's own mat (the stack in front of one's seat) to be placed."""

    def __init__(self, app: App, match: tables.Match) -> None:
        super().__init__(app, match)
        self._show_unseen_round_end()

    def _show_unseen_round_end(self) -> None:
        """A game saved by the move that ended a round (a draw, a discard, the last Flower
        turned) comes back to that round's end, as it was left: the drawer's pass screen to
        look at their card, then the round's summary (a Resume skipped both)."""
        if self.pending or self.game.is_over(self.state):
            return  # a new game deals out; a finished one has its own screen
        before = self.game.before_last(self.state)
        if before is None:
            return
        start = self.game.event_count(before)
        ends = self.game.happenings(self.state, start, self.told_names())
        if not any(isinstance(item, RoundEnded) for item in ends):
            return
        self.cursor_events = start
        self.passing = None
        self._absorb()
        self._next_happening()
        if self.glance is None and self.summary is None:
            self._start_pass(first=True)
        self._layout()

    def drop_rect(self) -> pygame.Rect | None:
        """One's own mat: the stack in front of one's seat and its Win Markers, with a margin
        (an empty mat still shows where the stack goes)."""
        mat = next((p.rect for p in self.spot_layout() if p.spot.seat == self.viewer), None)
        return mat.inflate(16, 16) if mat is not None else None

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
