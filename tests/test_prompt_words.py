"""The line a person is asked at the table reads as one sentence after their name ("Bea: ..."):
a prompt with a colon of its own read "Bea: nothing to build: discard a card"; and it fits the
table at 1024x640 whole, not cut short with "..."."""

from __future__ import annotations

import importlib
import random
from typing import Any

import pygame
import pytest

from cards.registry import GAMES
from skully_game.core.games import scene_package
from skully_game.scenes.cardtable.game import TableGame
from skully_game.shell import theme

NAMES = ["Calico"] * 8
TABLE_AT_1024 = 700  # the table's width at 1024x640, less its margins


def card_games() -> list[str]:
    """Every registered game at the card table (a TableGame adapter, which asks in a prompt)."""
    return [
        info.key
        for info in GAMES
        if info.table
        and isinstance(importlib.import_module(scene_package(info)).TABLE_GAME, TableGame)
    ]


def deal(key: str, seed: int) -> Any:
    """Three seats at the default rules (even seeds), or a rule set the game's fuzz draws."""
    entry = next(info for info in GAMES if info.key == key).entry()
    if seed % 2 and entry.fuzz_options is not None:
        return entry.new_state(entry.fuzz_options(random.Random(seed)), seed)
    return entry.new_state(entry.make_options(3, {}), seed)


@pytest.mark.parametrize("key", card_games())
def test_no_prompt_has_a_colon_of_its_own_and_each_fits(key: str) -> None:
    pygame.init()
    adapter = importlib.import_module(
        scene_package(next(g for g in GAMES if g.key == key))
    ).TABLE_GAME
    seen: set[str] = set()
    for seed in range(4):
        state = deal(key, seed)
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
