"""The cautious character is no weaker than random play at four seats in teams, nor against
the near-random player of another project (issue 40: there it won only 0.385 of two-player
games). Seeded, seats alternated on the same deals; `tools/skull_bluffs.py floor` prints the
full figures (2000 games each)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import pytest
from skull_bluffs import floor_rate, wilson


@pytest.mark.parametrize(("kind", "players", "games"), [("coin", 2, 300), ("uniform", 4, 400)])
def test_cautious_beats_random_play(kind: str, players: int, games: int) -> None:
    wins = floor_rate(kind, players, games, seed=3)
    lo, _ = wilson(wins, games)
    assert lo > 0.5, f"cautious won {wins} of {games} against {kind} random at {players} seats"
