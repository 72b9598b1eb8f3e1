"""Skull King at the shared card table: the setup screen and the table."""

from skully_game.scenes.skull_king.setup import SkullKingSetup as SetupScene

__all__ = ["SetupScene"]
