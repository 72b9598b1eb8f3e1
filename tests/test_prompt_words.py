"""The line a person is asked at the table reads as one sentence after their name ("Bea: ..."):
a prompt with a colon of its own read "Bea: nothing to build: discard a card"; and it fits the
table at 1024x640 whole, not cut short with "..."."""

from __future__ import annotations

import random

import pygame
import pytest

from cards.skip_bo import SkipBoOptions, SkipBoState
from cards.skull import SkullOptions, SkullState
from cards.skull_king import SkullKingOptions, SkullKingState
from skully_game.scenes.skip_bo.adapter import GAME as SKIP_BO
from skully_game.scenes.skull.adapter import GAME as SKULL
from skully_game.scenes.skull_king.adapter import GAME as SKULL_KING
from skully_game.shell import theme

NAMES = ["Calico", "Calico", "Calico"]
TABLE_AT_1024 = 700  # the table's width at 1024x640, less its margins
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
def test_no_prompt_has_a_colon_of_its_own_and_each_fits(key: str) -> None:
    pygame.init()
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
    bold = theme.font(26, True)
    assert [p for p in seen if bold.size(f"Calico: {p}")[0] > TABLE_AT_1024] == []
