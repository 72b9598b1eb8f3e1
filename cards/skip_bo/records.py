"""Skip-Bo's public record of a finished game (of a match): shared by the state, the views and
positions as text (position.py)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A finished game of the match, as everyone saw it end."""

    game_index: int
    starter: int
    winners: tuple[int, ...]  # seats (a pair, or those sharing a tie)
    by: str  # "stock", "stalemate" or "limit"
    points: int  # each winning side's points (0 when games are not scored)
    stocks_left: tuple[int, ...]  # per seat
    turns: int
