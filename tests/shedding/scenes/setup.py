"""New Shed game: 2-4 seats, the hand's size, the computer players' pace; and its table (the
shared card table as it is) and match."""

from __future__ import annotations

from typing import ClassVar

from skully_game.scenes.cardtable.seating import PACES
from skully_game.scenes.cardtable.setup import OptionRow, TableSetup
from skully_game.scenes.cardtable.table import CardReplay, CardTable
from tests.shedding.scenes.adapter import GAME


class ShedTable(CardTable):
    """The card table playing Shed."""


class ShedSetup(TableSetup):
    game = GAME
    table_class = ShedTable
    replay_class = CardReplay
    default_kinds = ("first", "strong")
    option_tips: ClassVar[dict[str, str]] = {"hand": "The cards dealt to each player"}

    def option_rows(self) -> list[OptionRow]:
        hand = [(n, f"{n} cards") for n in (3, 4, 5)]
        return [
            ("Hand", hand, self.options.hand, "hand"),
            ("Computer pace", PACES, self.pace, "pace"),
        ]
