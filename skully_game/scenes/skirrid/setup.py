"""New Skirrid game: 2-6 seats, each a person or a computer player of a level; pairs (four
players) and the dice variant (their rows: SkirridOptions' fields); the computer players' pace;
the rules. What the player count brings with it (the Arena, the marks, the shapes each) is said
under the options."""

from __future__ import annotations

import pygame

from cards.skirrid import SkirridOptions
from skully_game.scenes.cardtable.setup import TableSetup
from skully_game.scenes.skirrid.adapter import GAME
from skully_game.scenes.skirrid.rules import SkirridRules
from skully_game.scenes.skirrid.table import SkirridReplay, SkirridTable
from skully_game.shell import theme
from skully_game.shell.widgets import Widget


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


class SkirridSetup(TableSetup):
    game = GAME
    table_class = SkirridTable
    replay_class = SkirridReplay
    rules_class = SkirridRules
    rules_tip = "How Skirrid is played, and where its board comes from"
    default_kinds = ("greedy",)

    def widgets_below(self, x: int, y: int, width: int) -> list[Widget]:
        self._words_at = (x, y + 52, width)
        return super().widgets_below(x, y, width)

    def gave_way(self, name: str, players: int) -> str:
        if name == "pairs":
            return f"Pairs need 4 players: with {players}, everyone plays alone."
        return super().gave_way(name, players)

    def draw_words(self, surface: pygame.Surface) -> None:
        x, y, width = getattr(self, "_words_at", (0, 0, 0))
        for k, line in enumerate(theme.wrap(count_words(self.final_options()), 19, width)[:4]):
            theme.text(surface, line, (x, y + k * 22), 19, theme.TEXT_DIM)
