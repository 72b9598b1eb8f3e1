"""What the menu lists (rlcard's register, PySolFC's registerGame): Skully's modes here, and every
table game of `cards.registry`, whose scenes live in `skully_game.scenes.<package>`.

Entries name their scene as "module:attr" and import it only when opened, so this module imports
no scene (and no scene imports it).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cards.registry import GAMES
from skully_game.core.games import scene_package

if TYPE_CHECKING:
    from skully_game.shell.app import App
    from skully_game.shell.scene import Scene


@dataclass(frozen=True)
class Mode:
    key: str
    title: str
    blurb: str
    scene: str  # "module:attr", a callable (app) -> Scene
    order: int = 50  # place in the menu, lowest first

    def make(self, app: App) -> Scene:
        module, _, attr = self.scene.partition(":")
        return getattr(importlib.import_module(module), attr)(app)


SKULLY_MODES: tuple[Mode, ...] = (
    Mode(
        "learn",
        "Learn Skully",
        "Short lessons on the real board, one rule at a time; and how to play.",
        "skully_game.scenes.skully.tutorial:LessonsScene",
        15,
    ),
    Mode(
        "skully",
        "New game",
        "Skully for 2-6 players at one desk.",
        "skully_game.scenes.skully.setup:SkullySetupScene",
        10,
    ),
    Mode(
        "practice",
        "Practice",
        "Flick caps on your own and learn the board.",
        "skully_game.scenes.skully.practice:PracticeScene",
        20,
    ),
    Mode(
        "tuner",
        "Board tuner",
        "Change the board's proportions and see how hard each shot is.",
        "skully_game.scenes.tuner.scene:TunerScene",
        25,
    ),
    Mode(
        "replays",
        "Skully replays",
        "Watch saved Skully games and shots again; try a shot again.",
        "skully_game.scenes.replay.viewer:ReplaysScene",
        30,
    ),
)


def load_modes() -> list[Mode]:
    """Every mode the menu lists, in menu order."""
    cards = [
        Mode(g.key, g.title, g.blurb, f"{scene_package(g)}:SetupScene", g.order)
        for g in GAMES
        if g.table
    ]
    return sorted([*SKULLY_MODES, *cards], key=lambda m: m.order)
