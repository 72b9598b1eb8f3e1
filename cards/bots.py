"""What every table-game bot is: a seeded chooser that sees an observation, never the state."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from cards.engine import GameState, pick


class Bot(Protocol):
    """Chooses one of `legal` from what its seat may see; all randomness from its own rng.

    A bot that names its action from its view and seldom looks at `legal` sets the class
    attribute `reads_legal = False`: self-play then hands it the legal actions unlisted (a
    `LegalActions`, listed only if read), which spares building a list it would not read."""

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
    """Run a game to the end, one bot per seat; each bot sees only its own observation (a
    glance: a bot chooses from it before the next action, and keeps its own notes if it must
    remember)."""
    seats = len(bots)
    unlisted = [not reads_legal(bot) for bot in bots]
    while not state.is_terminal():
        seat = state.current_player()
        if not 0 <= seat < seats:
            raise RuntimeError(f"no bot can act for player id {seat}")
        legal = state.lazy_legal_actions() if unlisted[seat] else state.legal_actions()
        state.apply_action(bots[seat].act(state.glance(seat), legal))
    return state


def reads_legal(bot: Bot) -> bool:
    """Whether the bot reads the legal list at most decisions (see `Bot`)."""
    return bool(getattr(bot, "reads_legal", True))
