"""Skip-Bo at the shared card table: the setup screen, and the adapter the table plays with."""

from skully_game.scenes.skip_bo.adapter import GAME as TABLE_GAME
from skully_game.scenes.skip_bo.setup import SkipBoSetup as SetupScene

__all__ = ["TABLE_GAME", "SetupScene"]
