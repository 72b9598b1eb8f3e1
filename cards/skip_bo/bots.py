"""Skip-Bo computer players."""

from __future__ import annotations

import random
from collections.abc import Callable

from cards.bots import Bot, RandomBot

BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
}


def make_bot(name: str, rng: random.Random, **settings: float) -> Bot:
    """Bot factory for the table and self-play: a name of `BOTS` (+ its settings)."""
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(BOTS)})")
    return BOTS[name](rng, **settings)
