"""Shed's engine package (see state.py for the rules): its state, its computer players and the
GameEntry the registry reads (GAME)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from cards.bots import RANDOM_WORDS, Bot, RandomBot
from cards.engine import GameState
from cards.registry import GameEntry, SeatResult, seat_result
from tests.shedding.engine.state import DECK, PLAY, Observation, ShedOptions, ShedState


class First:
    """Plays the first card it may, else draws or passes."""

    name = "first"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, observation: Any, legal: Sequence[str]) -> str:
        return legal[0]


class Strong:
    """Plays the card of the colour it holds most of, keeping its options open."""

    name = "strong"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, observation: Any, legal: Sequence[str]) -> str:
        colours = Counter(code[-1] for code in observation.hand)
        plays = [a for a in legal if a.startswith(PLAY)]
        if not plays:
            return legal[0]
        return max(plays, key=lambda a: (colours[a[-1]], -plays.index(a)))


BOTS = {"random": RandomBot, "first": First, "strong": Strong}
BOT_WORDS = {  # each in a newcomer's words (GameEntry.bot_words)
    "random": RANDOM_WORDS,
    "first": ("Eager", "Eager: plays the first card it may"),
    "strong": ("Expert", "Expert: plays the colour it holds most of"),
}


def make_bot(name: str, rng: random.Random, **settings: float) -> Bot:
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(BOTS)})")
    return BOTS[name](rng)  # type: ignore[no-any-return]


def _results(state: GameState[Any]) -> list[SeatResult]:
    assert isinstance(state, ShedState)
    won = state.winners()
    return [
        seat_result(-float(len(hand)), (1.0 / len(won)) if p in won else 0.0, {})
        for p, hand in enumerate(state.hands)
    ]


def _all_cards(state: GameState[Any]) -> Counter[str]:
    assert isinstance(state, ShedState)
    out: Counter[str] = Counter(state.pile)
    out.update(state.deck)
    for hand in state.hands:
        out.update(hand)
    return out


def _invariants(state: GameState[Any]) -> None:
    assert isinstance(state, ShedState)
    assert sorted(_all_cards(state).elements()) == sorted(DECK), "every card once"
    assert state.is_terminal() == bool(state.won), "a winner exactly at the end"


def _random_options(rng: random.Random) -> ShedOptions:
    return ShedOptions(players=rng.randint(2, 4), hand=rng.randint(3, 5))


GAME = GameEntry(
    bot_names=tuple(BOTS),
    bot_words=BOT_WORDS,
    state=ShedState,
    make_bot=make_bot,
    results=_results,
    players=(2, 4),
    fuzz_options=_random_options,
    invariants=_invariants,
    all_cards=_all_cards,
)

__all__ = ["GAME", "Observation", "ShedOptions", "ShedState"]
