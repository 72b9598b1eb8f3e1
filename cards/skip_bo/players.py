"""Every Skip-Bo computer player by name, for the table, self-play and the benchmarks."""

from __future__ import annotations

import random
from collections.abc import Callable

from cards.bots import RANDOM_WORDS, Bot, RandomBot
from cards.skip_bo.bots import BuildFirst
from cards.skip_bo.strong import StrongBot

BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "build-first": BuildFirst,
    "strong": StrongBot,
}

# Each in a newcomer's words: a plain name and how it plays (GameEntry.bot_words).
BOT_WORDS = {
    "random": RANDOM_WORDS,
    "build-first": (
        "Builder",
        "Builder: plays to the building piles first",
    ),
    "strong": (
        "Expert",
        "Expert: plans whole turns and blocks your stock card",
    ),
}


def make_bot(name: str, rng: random.Random, **settings: float) -> Bot:
    """Bot factory: a name of `BOTS` (+ its settings, e.g. the strong player's `worlds`)."""
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(BOTS)})")
    return BOTS[name](rng, **settings)
