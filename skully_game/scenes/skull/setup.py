"""New Skull game: 2-8 seats, each a person or a computer player of a character; one deck or
three, the two variants (their rows: SkullOptions' fields), the computer players' pace; the
rules. More than four seats take three decks (the registry's seat default). The last choices
come back."""

from __future__ import annotations

from dataclasses import replace

from cards.skull.options import ONE_DECK_MOST
from skully_game.scenes.cardtable.setup import TableSetup
from skully_game.scenes.skull.adapter import GAME
from skully_game.scenes.skull.rules import SkullRules
from skully_game.scenes.skull.table import SkullReplay, SkullTable

THREE_DECKS_NOTE = f"One deck holds four Kings: more than {ONE_DECK_MOST} players need three decks."


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

    def gave_way(self, name: str, players: int) -> str:
        return THREE_DECKS_NOTE if name == "decks" else super().gave_way(name, players)
