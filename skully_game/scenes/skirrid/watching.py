"""Skirrid watched by a spectator: nothing on its board is hidden, so the public view is every
seat's as it is (scenes/online/publicgame.py)."""

from __future__ import annotations

import random
from typing import Any


def fill(data: dict[str, Any], rng: random.Random) -> None:
    """A game with nothing hidden (Skirrid's board): the public view is every seat's."""


FILL = fill
