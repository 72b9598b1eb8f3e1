"""New Skull game: 2-8 seats, each a person or a computer player of a character; one deck or
three, the two variants (their rows: SkullOptions' fields), the computer players' pace; the
rules. More than four seats take three decks (the registry's seat default): the decks row then
says so in place of a choice, and no note stands under the seats. The last choices come back."""

from __future__ import annotations

from dataclasses import replace

from cards.skull.options import ONE_DECK_MOST
from skully_game.scenes.cardtable.setup import TableSetup
from skully_game.scenes.skull.adapter import GAME
from skully_game.scenes.skull.rules import SkullRules
from skully_game.scenes.skull.table import SkullReplay, SkullTable


class SkullSetup(TableSetup):
    game = GAME
    table_class = SkullTable
    replay_class = SkullReplay
    rules_class = SkullRules
    default_kinds = ("cautious", "bold", "strong")

    def _remembered(self) -> None:
        """The last game's choices; but three decks remembered from a game of more than four
        seats were the seats' doing (one deck could not seat them), not the person's: they
        come back as one deck, so removing seats goes back to one (it stayed at three)."""
        super()._remembered()
        if self.options.decks == 3 and len(self.seats) > ONE_DECK_MOST:
            self.options = replace(self.options, decks=1, players=ONE_DECK_MOST)

    def unavailable(self, name: str) -> str:
        """More than four seats leave no choice of decks: the row reads "Three decks for 5
        players", disabled (a note under the seats that one deck holds four Kings stayed after
        three decks were chosen, and came back at each click on the row: issue 40)."""
        players = len(self.seats)
        if name == "decks" and players > ONE_DECK_MOST:
            return f"Three decks for {players} players"
        return ""
