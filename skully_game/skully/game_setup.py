"""What a new Skully game is made of, as chosen at the setup screen: seats, rules, board, order.

Pure data (no pygame): the setup screen fills it in, the table and the tuner read it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from cards.engine import shuffled
from skully_game.skully.board import PRESETS, BoardSpec
from skully_game.skully.caps import CapType
from skully_game.skully.rules.options import RuleOptions

DEFAULT_NAMES = ("Ace", "Bobby", "Carmen", "Dee", "Eddie", "Frankie")


@dataclass
class Seat:
    name: str
    colour: int  # index into theme.PLAYER_COLOURS
    cap: CapType = CapType.CROWN
    kind: str = "human"  # or a computer player's level


@dataclass
class GameSetup:
    """What the setup screen hands to the table."""

    seats: list[Seat] = field(default_factory=lambda: [Seat(DEFAULT_NAMES[i], i) for i in range(2)])
    options: RuleOptions = field(default_factory=RuleOptions)
    board: str = "classic"  # a preset's name, used when board_spec is None
    shuffle: bool = False
    seed: int = 0
    board_spec: BoardSpec | None = None  # a tuned or saved board, instead of the preset
    board_file: str = ""  # the file board_spec came from ("" if none), kept in the game record

    def spec(self) -> BoardSpec:
        """The board the game is played on."""
        return self.board_spec if self.board_spec is not None else PRESETS[self.board]

    def ordered(self) -> list[Seat]:
        """The seats in order of play: as listed, or shuffled with the game's seeded RNG."""
        if not self.shuffle:
            return list(self.seats)
        return shuffled(self.seats, random.Random(self.seed))

    def problem(self) -> str | None:
        names = [s.name.strip() for s in self.seats]
        if any(not n for n in names):
            return "Every player needs a name."
        if len(set(n.lower() for n in names)) != len(names):
            return "Two players have the same name."
        if len({s.colour for s in self.seats}) != len(self.seats):
            return "Two players have the same colour."
        return None
