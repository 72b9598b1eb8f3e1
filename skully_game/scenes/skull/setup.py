"""New Skull game: 2-8 seats, each a person or a computer player of a character; one deck or
three, the two variants, the computer players' pace; the rules. The last choices come back."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from cards.skull.options import ONE_DECK_MOST, SkullOptions, decks_for
from skully_game.scenes.cardtable.seating import PACES
from skully_game.scenes.cardtable.setup import OptionRow, TableSetup
from skully_game.scenes.skull.adapter import GAME
from skully_game.scenes.skull.rules import SkullRules
from skully_game.scenes.skull.table import SkullReplay, SkullTable

THREE_DECKS_NOTE = f"One deck holds four Kings: more than {ONE_DECK_MOST} players need three decks."


TIPS = {  # each rule row's tooltip, by the option's name
    "decks": "One deck seats 4 (it holds four Kings); three decks seat more",
    "open_bid": "Anyone may bid at any time while bidding, not only in turn",
    "bold": "The Challenger always starts the next round, win or lose",
}


def rule_rows(options: SkullOptions, players: int) -> list[OptionRow]:
    """The rule options, each a row of choices: at this desk's setup and on the Host page (the
    decks shown are those the seats will use: three whenever one deck's four Kings are too few)."""
    o = options
    return [
        ("Cards", [(1, "One deck"), (3, "Three decks")], decks_for(players, o.decks), "decks"),
        ("Open Bid", [(False, "Off"), (True, "On")], o.open_bid, "open_bid"),
        ("Fortune favours the Bold", [(False, "Off"), (True, "On")], o.bold, "bold"),
    ]


class SkullSetup(TableSetup):
    game = GAME
    table_class = SkullTable
    replay_class = SkullReplay
    rules_class = SkullRules
    default_kinds = ("cautious", "bold", "strong")

    def decks(self) -> int:
        """The decks the game will use: three whenever one deck's four Kings are too few."""
        return decks_for(len(self.seats), self.options.decks)

    option_tips: ClassVar[dict[str, str]] = TIPS

    def option_rows(self) -> list[OptionRow]:
        return [
            *rule_rows(self.options, len(self.seats)),
            ("Computer pace", PACES, self.pace, "pace"),
        ]

    def _seats_changed(self) -> None:
        self.message = THREE_DECKS_NOTE if self.decks() != self.options.decks else ""
        self._layout()  # (not the base's: it would forget the message)

    def changed(self, name: str, value: object) -> dict[str, object]:
        if name == "decks" and decks_for(len(self.seats), value) != value:  # type: ignore[arg-type]
            self.message = THREE_DECKS_NOTE
            return {}
        return {name: value}

    def final_options(self) -> Any:
        return replace(self.options, players=len(self.seats), decks=self.decks())
