"""New Shed game: 2-4 seats, the hand's size (its row: ShedOptions' field), the computer
players' pace; and its table (the shared card table as it is)."""

from __future__ import annotations

from skully_game.scenes.cardtable.setup import TableSetup
from skully_game.scenes.cardtable.table import CardTable
from tests.shedding.scenes.adapter import GAME


class ShedTable(CardTable):
    """The card table playing Shed."""


class ShedSetup(TableSetup):
    game = GAME
    table_class = ShedTable
    default_kinds = ("first", "strong")
