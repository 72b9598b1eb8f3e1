"""Skirrid at the app's table: its setup screen, its board scene, and the adapter they share."""

from skully_game.scenes.skirrid.adapter import GAME as TABLE_GAME
from skully_game.scenes.skirrid.setup import SkirridSetup as SetupScene

__all__ = ["TABLE_GAME", "SetupScene"]
