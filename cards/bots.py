"""What every table-game bot is: a seeded chooser that sees an observation, never the state."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from cards.engine import GameState, pick


class Bot(Protocol):
    """Chooses one of `legal` from what its seat may see; all randomness from its own rng."""

    name: str

    def act(self, observation: Any, legal: Sequence[Any]) -> Any: ...


BotFactory = Callable[[random.Random], Bot]


class RandomBot:
    """Uniform over the legal actions: the floor every other bot must clear."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, observation: Any, legal: Sequence[Any]) -> Any:
        return pick(legal, self.rng)


def play_out(state: GameState[Any], bots: Sequence[Bot]) -> GameState[Any]:
    """Run a game to the end, one bot per seat; each bot sees only its own observation."""
    seats = len(bots)
    while not state.is_terminal():
        seat = state.current_player()
        if not 0 <= seat < seats:
            raise RuntimeError(f"no bot can act for player id {seat}")
        state.apply_action(bots[seat].act(state.observation(seat), state.legal_actions()))
    return state
