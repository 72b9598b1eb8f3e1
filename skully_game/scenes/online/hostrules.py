"""A table game's rule options as *Host a game* offers them: the rows its setup at one desk
shows (its options' fields, cards.options.rule, or the setup module's own `rule_rows`, with its
`unavailable` and `follow` when it has them), kept right for the seats as they are added or
removed (GameEntry.fit_options, as at one desk), and sent as the options' wire form."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from cards.options import rule_rows, rule_tips
from cards.registry import GAMES
from skully_game.core.games import scene_package

HINTS = "hints"  # the host's own row: whether the table's Hint button works
HINTS_TIP = "On: each player may ask for a hint on their turn (H). Off: nobody may."
CLOCK = "clock_ms"  # the host's own row: a time per move, kept by the server (net/rooms.py)
CLOCK_TIP = (
    "How long each person has for a move. When it runs out, a computer player makes that one "
    "move for them."
)
CLOCK_CHOICES: list[tuple[Any, str]] = [
    (0, "Off"),
    (30_000, "30 s"),
    (60_000, "1 min"),
    (120_000, "2 min"),
]
GAME_CLOCK = "game_clock_ms"  # the host's own row: each person's time for the whole game
GAME_CLOCK_TIP = (
    "How long each person has for all their moves in the game; it counts down only on their "
    "turn. When it runs out, a computer player makes their moves."
)
GAME_CLOCK_CHOICES: list[tuple[Any, str]] = [
    (0, "Off"),
    (300_000, "5 min"),
    (600_000, "10 min"),
    (1_200_000, "20 min"),
]
# (label, choices, value, name, why it cannot apply with these seats: "" when it can)
HostRow = tuple[str, list[tuple[Any, str]], Any, str, str]


@dataclass
class HostRules:
    """The host's choices for one table game (`key`), remembered as asked: a choice the seats
    cannot have is left at its default, with the reason said, and comes back when they can."""

    key: str
    asked: dict[str, Any] = field(default_factory=dict)
    hints: bool = True  # the table's Hint button works for everyone (not an engine option)
    clock_ms: int = 0  # each person's time per move (0: no clock; not an engine option)
    game_clock_ms: int = 0  # each person's time for the whole game (0: none; the server's)

    @property
    def setup(self) -> ModuleType:
        """The game's setup module at one desk: its rule rows are this page's."""
        package = next(scene_package(g) for g in GAMES if g.key == self.key)
        return importlib.import_module(f"{package}.setup")

    @property
    def tips(self) -> dict[str, str]:
        options = next(g for g in GAMES if g.key == self.key).options
        tips = {**rule_tips(options), **dict(getattr(self.setup, "TIPS", {}))}
        return {**tips, HINTS: HINTS_TIP, CLOCK: CLOCK_TIP, GAME_CLOCK: GAME_CLOCK_TIP}

    def fitted(self, players: int) -> tuple[Any, list[str]]:
        """The options for `players` seats with every asked choice they can have, and the names
        of those they cannot."""
        entry = next(g for g in GAMES if g.key == self.key).entry()
        return entry.fit_options(players, self.asked)

    def rows(self, players: int) -> list[HostRow]:
        """The rule rows as the desk's setup shows them for this many seats."""
        options, _ = self.fitted(players)
        unavailable = getattr(self.setup, "unavailable", None)
        own = getattr(self.setup, "rule_rows", None)
        rows: list[HostRow] = []
        for label, choices, value, name in own(options, players) if own else rule_rows(options):
            why = unavailable(name, players) if unavailable else ""
            rows.append((label, choices, value, name, why))
        rows.append(("Hints", [(True, "On"), (False, "Off")], self.hints, HINTS, ""))
        rows.append(("Time per move", CLOCK_CHOICES, self.clock_ms, CLOCK, ""))
        rows.append(("Time per game", GAME_CLOCK_CHOICES, self.game_clock_ms, GAME_CLOCK, ""))
        return rows

    def choose(self, name: str, value: Any, players: int) -> str:
        """The host picks `value` for option `name`: what else gave way, or why the seats cannot
        have it, in a player's words ("" when nothing)."""
        if name == HINTS:
            self.hints = bool(value)
            return self.note(players)
        if name == CLOCK:
            self.clock_ms = int(value)
            return self.note(players)
        if name == GAME_CLOCK:
            self.game_clock_ms = int(value)
            return self.note(players)
        follow = getattr(self.setup, "follow", None)
        options, _ = self.fitted(players)
        changes, note = follow(options, name, value) if follow else ({name: value}, "")
        self.asked.update(changes)
        return note or self.note(players)

    def note(self, players: int) -> str:
        """What the host asked for that these seats cannot have, and what stands instead."""
        _, dropped = self.fitted(players)
        for label, choices, value, name, why in self.rows(players):
            if name in dropped and not why:
                words = dict(choices)
                asked = words.get(self.asked[name], str(self.asked[name]))
                shown = words.get(value, str(value))
                return f"{label}: {asked} is not possible with {players} players ({shown} it is)."
        return ""

    def wire(self, players: int) -> dict[str, Any]:
        """The chosen options as `create` sends them: their `to_dict()` form, seats left out
        (the server counts them)."""
        options, _ = self.fitted(players)
        wire = {k: v for k, v in options.to_dict().items() if k != "players"}
        clock = {CLOCK: self.clock_ms} if self.clock_ms else {}  # no clock: nothing sent
        if self.game_clock_ms:
            clock[GAME_CLOCK] = self.game_clock_ms
        return {**wire, HINTS: "on" if self.hints else "off", **clock}

    def words(self, reason: str) -> str:
        """A server's refusal with an option's name put as its row says it."""
        for label, _, _, name, _ in self.rows(2):
            if reason.lower().startswith(f"{name}:"):
                return f"{label}{reason[len(name) :]}"
        return reason
