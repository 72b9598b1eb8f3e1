"""New Skirrid game: 2-6 seats, each a person or a computer player of a level; pairs (four
players) and the dice variant; the computer players' pace; the rules. What the player count
brings with it (the Arena, the marks, the shapes each) is said under the options."""

from __future__ import annotations

from typing import Any, ClassVar

import pygame

from cards.skirrid import SkirridOptions
from skully_game.scenes.cardtable.seating import PACES
from skully_game.scenes.cardtable.setup import OptionRow, TableSetup
from skully_game.scenes.skirrid.adapter import GAME
from skully_game.scenes.skirrid.rules import SkirridRules
from skully_game.scenes.skirrid.table import SkirridReplay, SkirridTable
from skully_game.shell import theme
from skully_game.shell.widgets import Widget

OFF_ON = [(False, "Off"), (True, "On")]


def count_words(options: SkirridOptions) -> str:
    """What this many players means, in a sentence."""
    n = len(options.pieces(0))
    parts = {
        2: f"Two players: {n} shapes each, marks count, the Arena until 75; a block closes its "
        "sides for the next turn.",
        3: f"Three players: {n} unmarked shapes each, the Arena until 75; a block holds until "
        "its player's next turn.",
        4: f"Four players: {n} shapes each, marks count, no Arena; "
        + (
            "partners sit opposite and add their scores, a block binds the next turn."
            if options.pairs
            else "a block holds until its player's next turn."
        ),
    }
    words = parts.get(
        options.players,
        f"{options.players} players: one unmarked shape of each kind each, no Arena; a block "
        "holds until its player's next turn.",
    )
    if options.dice:
        words += " Dice: each turn a die says how many squares the shape must have."
    return words


def rule_rows(options: SkirridOptions, players: int) -> list[OptionRow]:
    """The rule options, each a row of choices: at this desk's setup and on the Host page."""
    return [
        ("Pairs (4 players)", OFF_ON, options.pairs, "pairs"),
        ("Dice choose the shape", OFF_ON, options.dice, "dice"),
    ]


TIPS = {  # each rule row's tooltip, by the option's name
    "pairs": "Four players in two pairs, sitting opposite, scoring together",
    "dice": "A die roll picks the shape each turn; no such shape: a missed turn",
}


class SkirridSetup(TableSetup):
    game = GAME
    table_class = SkirridTable
    replay_class = SkirridReplay
    rules_class = SkirridRules
    rules_tip = "How Skirrid is played, and where its board comes from"
    default_kinds = ("greedy",)

    option_tips: ClassVar[dict[str, str]] = TIPS

    def option_rows(self) -> list[OptionRow]:
        return [
            *rule_rows(self.options, len(self.seats)),
            ("Computer pace", PACES, self.pace, "pace"),
        ]

    def widgets_below(self, x: int, y: int, width: int) -> list[Widget]:
        self._words_at = (x, y + 52, width)
        return super().widgets_below(x, y, width)

    def _seats_changed(self) -> None:
        self.options, self.message = self._fit(self.asked)
        self._layout()  # (not the base's: it would forget the message)

    def changed(self, name: str, value: object) -> dict[str, object]:
        fitted, self.message = self._fit({name: value})
        return fitted.to_dict()

    def _fit(self, changes: dict[str, object]) -> tuple[SkirridOptions, str]:
        """The options with `changes`, made to suit the seats: pairs only with four (asked for
        with another count, they are off and the reason is said; back at four, on again)."""
        players = len(self.seats)
        values = {**self.options.to_dict(), **changes, "players": players}
        problem = ""
        if values["pairs"] and players != 4:
            values["pairs"] = False
            problem = f"Pairs need 4 players: with {players}, everyone plays alone."
        return SkirridOptions(**values), problem  # type: ignore[arg-type]

    def final_options(self) -> Any:
        return self._fit({})[0]

    def draw_words(self, surface: pygame.Surface) -> None:
        x, y, width = getattr(self, "_words_at", (0, 0, 0))
        for k, line in enumerate(theme.wrap(count_words(self.final_options()), 19, width)[:4]):
            theme.text(surface, line, (x, y + k * 22), 19, theme.TEXT_DIM)
