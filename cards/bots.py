"""What every table-game bot is: a seeded chooser that sees an observation, never the state."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from cards.engine import GameState


class Bot(Protocol):
    """Chooses one of `legal` from what its seat may see; all randomness from its own rng.

    A bot that names its action from its view and seldom looks at `legal` sets the class
    attribute `reads_legal = False`: self-play then hands it the legal actions unlisted (a
    `LegalActions`, listed only if read), which spares building a list it would not read."""

    name: str

    def act(self, observation: Any, legal: Sequence[Any]) -> Any: ...


BotFactory = Callable[[random.Random], Bot]

# The random player in a newcomer's words (GameEntry.bot_words), the same at every table.
RANDOM_WORDS = (
    "Beginner",
    "Beginner: makes any move the rules allow, at random",
)


class RandomBot:
    """Uniform over the legal actions: the floor every other bot must clear. It never looks
    at its view (`reads_view`: self-play then makes none for it); a subclass that does sets
    `reads_view = True`."""

    name = "random"
    reads_view = False

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self._draw = rng.random  # bound once: every decision draws

    def act(self, observation: Any, legal: Sequence[Any]) -> Any:
        if not legal:  # pick(legal, self.rng), inlined: self-play's every random move
            raise ValueError("pick from an empty sequence")
        return legal[int(self._draw() * len(legal))]


def uniform_draw(bot: Bot) -> Callable[[], float] | None:
    """The draw of a bot that is exactly `RandomBot` (no subclass, no `act` of its own), else
    None: an engine's `play_bots` may then choose `legal[int(draw() * len(legal))]` itself,
    the same choice from the same draw, with no copy of the list to hand over and no check
    of an action taken from the list itself."""
    if type(bot) is RandomBot and "act" not in bot.__dict__:
        return bot._draw
    return None


def play_out(state: GameState[Any], bots: Sequence[Bot]) -> GameState[Any]:
    """Run a game to the end, one bot per seat; each bot sees only its own observation (a
    glance: a bot chooses from it before the next action, and keeps its own notes if it must
    remember; none for a bot that never looks), and every action it names is checked
    (`GameState.play_bots`)."""
    unlisted = [not reads_legal(bot) for bot in bots]
    blind = [not reads_view(bot) for bot in bots]
    if any(blind):
        return state.play_bots(bots, unlisted, blind)
    return state.play_bots(bots, unlisted)


def reads_view(bot: Bot) -> bool:
    """Whether the bot looks at its view at all (see `RandomBot`)."""
    return bool(getattr(bot, "reads_view", True))


def reads_legal(bot: Bot) -> bool:
    """Whether the bot reads the legal list at most decisions (see `Bot`)."""
    return bool(getattr(bot, "reads_legal", True))
