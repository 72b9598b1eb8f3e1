"""New Skull King game: 2-8 seats, each a person or a computer player of a strength; every rule
option and round plan; the computer players' pace; the rules. The last choices come back next
time."""

from __future__ import annotations

from typing import ClassVar

from cards.skull_king import KrakenLeader, RoundPlan, Scoring, SkullKingOptions
from skully_game.scenes.cardtable.seating import PACES
from skully_game.scenes.cardtable.setup import OptionRow, TableSetup
from skully_game.scenes.skull_king.adapter import GAME
from skully_game.scenes.skull_king.rules import SkullKingRules
from skully_game.scenes.skull_king.table import SkullKingReplay, SkullKingTable
from skully_game.shell.widgets import Widget

CANNONBALL_NOTE = "Cannonball is part of Rascal scoring, so scoring is now Rascal."
MESSAGE_ABOVE_FOOT = 118  # the setup's message is written this far above the window's foot


TIPS = {  # each rule row's tooltip, by the option's name
    "round_plan": "Standard 1 to 10 cards; Blitz 5 x 5; Whirlpool 9-7-5-3-1; Broadside 10 x 10",
    "scoring": "Skull King's points, or Rascal's: 10 a card, half if one off",
    "cannonball": "Rascal: bid all or nothing for 15 a card, chosen in secret",
    "pirate_powers": "A trick won with a pirate uses that pirate's power",
    "advanced_cards": "Adds the Kraken, the White Whale and the two Loot cards",
    "kraken_leader": "Who leads after the Kraken destroys a trick",
    "greybeard": "Two players: a ghost's third hand flips its top card",
}


def rule_rows(options: SkullKingOptions, players: int) -> list[OptionRow]:
    """The rule options, each a row of choices: at this desk's setup and on the Host page."""
    o = options
    return [
        ("Rounds", [(p, p.value.capitalize()) for p in RoundPlan], o.round_plan, "round_plan"),
        (
            "Scoring",
            [(s, s.value.replace("-", " ").title()) for s in Scoring],
            o.scoring,
            "scoring",
        ),
        ("Cannonball (Rascal)", [(False, "Off"), (True, "On")], o.cannonball, "cannonball"),
        ("Pirate powers", [(False, "Off"), (True, "On")], o.pirate_powers, "pirate_powers"),
        ("Advanced cards", [(False, "Off"), (True, "On")], o.advanced_cards, "advanced_cards"),
        (
            "After the Kraken",
            [
                (KrakenLeader.WOULD_HAVE_WON, "would-be winner leads"),
                (KrakenLeader.LEFT_OF_KRAKEN, "next player leads"),
            ],
            o.kraken_leader,
            "kraken_leader",
        ),
        ("Greybeard (2 players)", [(True, "On"), (False, "Off")], o.greybeard, "greybeard"),
    ]


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

    option_tips: ClassVar[dict[str, str]] = TIPS

    def option_rows(self) -> list[OptionRow]:
        return [
            *rule_rows(self.options, len(self.seats)),
            ("Computer pace", PACES, self.pace, "pace"),
        ]

    def widgets_below(self, x: int, y: int, width: int) -> list[Widget]:
        # eight option rows: in a 640-high window the usual gap under them would put the
        # button's foot on the setup's message line (h - 118), so it moves up a little
        y = min(y, self.app.size[1] - MESSAGE_ABOVE_FOOT - 44)
        return super().widgets_below(x, y, width)

    def changed(self, name: str, value: object) -> dict[str, object]:
        changes, note = follow(self.options, name, value)
        if note:
            self.message = note
        return changes
