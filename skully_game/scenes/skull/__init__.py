"""Skull at the shared card table: the setup screen, and the adapter the table plays with."""

from skully_game.scenes.skull.adapter import GAME as TABLE_GAME
from skully_game.scenes.skull.setup import SkullSetup as SetupScene

__all__ = ["TABLE_GAME", "SetupScene"]
