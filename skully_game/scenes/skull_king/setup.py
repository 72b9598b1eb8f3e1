"""New Skull King game: 2-8 seats, each a person or a computer player of a strength; every rule
option and round plan (their rows: SkullKingOptions' fields); the computer players' pace; the
rules. Cannonball and Rascal scoring follow each other. The last choices come back next time."""

from __future__ import annotations

from cards.skull_king import Scoring, SkullKingOptions
from skully_game.scenes.cardtable.setup import TableSetup
from skully_game.scenes.skull_king.adapter import GAME
from skully_game.scenes.skull_king.rules import SkullKingRules
from skully_game.scenes.skull_king.table import SkullKingReplay, SkullKingTable

CANNONBALL_NOTE = "Cannonball is part of Rascal scoring, so scoring is now Rascal."


def follow(options: SkullKingOptions, name: str, value: object) -> tuple[dict[str, object], str]:
    """The option changes one choice makes, and what gave way ("" when nothing): Cannonball
    belongs to Rascal scoring, so each follows the other."""
    changes: dict[str, object] = {name: value}
    note = ""
    if name == "scoring" and value is not Scoring.RASCAL and options.cannonball:
        changes["cannonball"] = False
        note = "Cannonball is part of Rascal scoring: it is off now."
    if name == "cannonball" and value and options.scoring is not Scoring.RASCAL:
        changes["scoring"] = Scoring.RASCAL
        note = CANNONBALL_NOTE
    return changes, note


class SkullKingSetup(TableSetup):
    game = GAME
    table_class = SkullKingTable
    replay_class = SkullKingReplay
    rules_class = SkullKingRules
    default_kinds = ("heuristic", "heuristic", "heuristic")

    def changed(self, name: str, value: object) -> dict[str, object]:
        changes, note = follow(self.options, name, value)
        if note:
            self.message = note
        return changes
