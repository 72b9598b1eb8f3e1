"""The line a person is asked at the table reads as one sentence after their name ("Bea: ..."):
a prompt with a colon of its own read "Bea: nothing to build: discard a card"."""

from __future__ import annotations

import random

import pytest

from cards.skip_bo import SkipBoOptions, SkipBoState
from cards.skull import SkullOptions, SkullState
from cards.skull_king import SkullKingOptions, SkullKingState
from skully_game.scenes.skip_bo.adapter import GAME as SKIP_BO
from skully_game.scenes.skull.adapter import GAME as SKULL
from skully_game.scenes.skull_king.adapter import GAME as SKULL_KING

NAMES = ["Bea", "Anne", "Calico"]
GAMES = {
    "skull": (SKULL, lambda seed: SkullState(SkullOptions(players=3), seed)),
    "skull-king": (
        SKULL_KING,
        lambda seed: SkullKingState(
            SkullKingOptions(players=3, pirate_powers=True, advanced_cards=True), seed
        ),
    ),
    "skip-bo": (
        SKIP_BO,
        lambda seed: SkipBoState(SkipBoOptions(players=3, stock=10), seed),
    ),
}


@pytest.mark.parametrize("key", sorted(GAMES))
def test_no_prompt_has_a_colon_of_its_own(key: str) -> None:
    adapter, deal = GAMES[key]
    seen: set[str] = set()
    for seed in range(4):
        state = deal(seed)
        rng = random.Random(seed)
        for _ in range(300):
            if state.is_terminal():
                break
            seat = state.current_player()
            if seat >= 0:
                seen.add(adapter.prompt(state, seat, NAMES))
            state.apply_action(rng.choice(state.legal_actions()))
    assert len(seen) >= 2, seen  # the walk met more than one kind of question
    assert [p for p in seen if ":" in p] == []
