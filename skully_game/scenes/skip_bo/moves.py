"""A Skip-Bo card flying from place to place: the shared card tables' move (cardtable/moving.py),
named here too for the code that has always found it here."""

from __future__ import annotations

from skully_game.scenes.cardtable.moving import Move, Moved, move_times

__all__ = ["Move", "Moved", "move_times"]
