"""Shed's scene package: its setup screen and the adapter its table plays with."""

from tests.shedding.scenes.adapter import GAME as TABLE_GAME
from tests.shedding.scenes.setup import ShedSetup as SetupScene

__all__ = ["TABLE_GAME", "SetupScene"]
