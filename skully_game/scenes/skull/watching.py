"""Skull watched by a spectator: nobody's view, whose cards the engine imagines for every seat
(a spectator's table draws none of them: scenes/online/publicgame.py)."""

from __future__ import annotations

import random
from typing import Any

from skully_game.scenes.online.publicgame import NOBODY


def fill(data: dict[str, Any], rng: random.Random) -> None:
    """Nobody's view: Skull's engine imagines every seat's cards from what the table showed
    when the view's seat is none of them (its own hand, stack, losses and draws left empty)."""
    data.update(player=NOBODY, hand=[], my_stack=[], my_lost=[], my_draws=[])
    gone = data.get("skull_gone") or []
    data["skull_gone"] = [known is True for known in gone]  # (not known by all: not known)


FILL = fill
