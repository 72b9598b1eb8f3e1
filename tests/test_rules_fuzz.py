"""Seeded random playouts with the real physics, invariants checked after every step.

Games from the start rarely finish, so games are also started from random mid-game positions
(many killers, players in the killer diller) where eliminations and winners happen.
A longer run: tools/fuzz_rules.py.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from skully_game.skully.board import PRESETS
from skully_game.skully.geometry import Board
from skully_game.skully.rules import KIND
from skully_game.skully.rules.playout import (
    VARIANTS,
    new_random_game,
    playout,
    random_state,
    transition_checker,
)

BOARD = Board(PRESETS["classic"])


def _check_end(run_state_over: bool, live: tuple[int, ...], winner: int | None) -> None:
    if run_state_over:
        assert live == (winner,)
    else:
        assert winner is None and len(live) >= 2


@pytest.mark.parametrize("name", list(VARIANTS))
def test_games_from_the_start(name: str) -> None:
    options = VARIANTS[name]
    check = transition_checker(options, BOARD)
    kinds: Counter[str] = Counter()
    for players in range(2, 7):
        for seed in range(2):
            rng = random.Random(1000 * players + seed)
            state = new_random_game(players, options, BOARD, rng)
            run = playout(state, options, BOARD, rng, max_shots=100, check=check)
            _check_end(run.state.over, run.state.live(), run.state.winner)
            kinds.update(KIND[type(e)] for e in run.events)
    assert kinds["made"] and kinds["turn_passed"] and kinds["placed"] and kinds["foul"]


@pytest.mark.parametrize("name", list(VARIANTS))
def test_games_from_advanced_positions(name: str) -> None:
    options = VARIANTS[name]
    check = transition_checker(options, BOARD)
    kinds: Counter[str] = Counter()
    winners = 0
    for players in range(2, 7):
        for seed in range(3):
            rng = random.Random(seed * 100 + players)
            state = random_state(players, options, BOARD, rng)
            run = playout(state, options, BOARD, rng, max_shots=150, check=check)
            _check_end(run.state.over, run.state.live(), run.state.winner)
            winners += run.state.over
            kinds.update(KIND[type(e)] for e in run.events)
    assert winners >= 5, f"only {winners} of 15 advanced games reached a winner"
    assert kinds["eliminated"] and kinds["killer_hit"]
