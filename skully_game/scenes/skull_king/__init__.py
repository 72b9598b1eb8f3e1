"""Skull King at the shared card table: the setup screen, and the adapter the table plays with."""

from skully_game.scenes.skull_king.adapter import GAME as TABLE_GAME
from skully_game.scenes.skull_king.setup import SkullKingSetup as SetupScene

__all__ = ["TABLE_GAME", "SetupScene"]
