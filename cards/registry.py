"""Every table game, one line each: the menu, self-play, the fuzz test and the setup screens read it.

Entries are lazy: nothing of a game is imported until it is played. A game named `package` has its
engine in `cards.<package>` (exporting GAME, its `GameEntry`) and its table scenes in
the app's `scenes.<package>` (exporting SetupScene); so a new game is one engine package, one
scene package and one line here.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class GameInfo:
    key: str  # the command-line and save-folder name, e.g. "skull-king"
    title: str
    blurb: str
    package: str  # the engine's package under cards/, and the scene package's name
    order: int  # place in the menu, lowest first

    def entry(self) -> Any:
        """The engine's GameEntry (options, bots, state factory), imported on first use."""
        return importlib.import_module(f"cards.{self.package}").GAME


GAMES: tuple[GameInfo, ...] = (
    GameInfo(
        "skull-king",
        "Skull King",
        "The pirate trick-taking game, with people and computer players.",
        "skull_king",
        40,
    ),
)


def game(key: str) -> GameInfo:
    """The game registered under `key`; KeyError names the ones there are."""
    for info in GAMES:
        if info.key == key:
            return info
    raise KeyError(f"no game {key!r}; there are {', '.join(g.key for g in GAMES)}")
