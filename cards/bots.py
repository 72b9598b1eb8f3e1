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
    remember), and every action it names is checked (`GameState.play_bots`)."""
    return state.play_bots(bots, [not reads_legal(bot) for bot in bots])


def reads_legal(bot: Bot) -> bool:
    """Whether the bot reads the legal list at most decisions (see `Bot`)."""
    return bool(getattr(bot, "reads_legal", True))
