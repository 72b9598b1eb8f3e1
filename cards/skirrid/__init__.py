"""Skirrid, the shape-placement board game for 2-6 players or pairs: a pure engine, no pygame.

The board is a reconstruction (data/board.json, each fact of the design note proved by
tools/skirrid_board_check.py; data/board-1.json, its first edition, for older saves); the
rules and rulings are in `state.py`'s docstring, the computer players in `bots.py`. `GAME`
gives the registry, self-play, the fuzz and the benchmarks what they need.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from cards.engine import GameState
from cards.registry import GameEntry, SeatResult, seat_result
from cards.skirrid.bots import BOT_WORDS, BOTS, make_bot
from cards.skirrid.options import SkirridOptions, random_options
from cards.skirrid.state import Observation, SkirridState


def _results(state: GameState[Any]) -> list[SeatResult]:
    """A seat's win is its share of the win (a pair's two seats share one game's win); its
    score is its own points; its tallies: shapes placed and blocks."""
    assert isinstance(state, SkirridState)
    n = state.num_players
    winners = state.winners()
    out = []
    for p in range(n):
        placed = [x for x in state.placed if x[0] == p]
        blocks = sum(1 for _, _, pid, _ in placed if state.geo.placements[pid].block)
        counts = {"placed": len(placed), "blocks": blocks, "turns": state.turn_count}
        win = 1.0 / len(winners) if p in winners else 0.0
        out.append(seat_result(float(state.scores[p]), win, counts))
    return out


def _invariants(state: GameState[Any]) -> None:
    """No two shapes overlap; every score is the board's sum for what lies there; every shape
    is either placed or still held; the winners are named exactly at the end."""
    assert isinstance(state, SkirridState)
    geo, numbers = state.geo, state.numbers
    covered = 0
    squares = 0
    totals = [0] * state.num_players
    for seat, piece, pid, score in state.placed:
        p = geo.placements[pid]
        assert not covered & p.mask, f"{piece} at {p.row},{p.col} overlaps a placed shape"
        covered |= p.mask
        squares += len(p.squares)
        assert score == state.score_of(piece, p), f"{piece} scored {score}"
        assert score == (
            sum(numbers[i] for i in p.squares) // 2
            if p.block
            else sum(numbers[i] for i in p.squares)
            + ((int(piece[-1]) if piece[-1] in "23" and state.options.marks else 1) - 1)
            * numbers[p.mark]
        )
        totals[seat] += score
    assert covered == state.occ and squares == state.occ.bit_count(), "covered squares"
    assert totals == state.scores, f"scores {state.scores}, board sums {totals}"
    for seat in range(state.num_players):
        dealt = Counter(state.options.pieces(seat))
        used = Counter(piece for s, piece, _, _ in state.placed if s == seat)
        assert used + state.left[seat] == dealt, f"seat {seat}'s shapes"
    assert (len(state.winners()) > 0) == state.is_terminal(), "winners exactly at the end"


def _all_pieces(state: GameState[Any]) -> Counter[str]:
    """Every shape of the game, placed or held: none is ever made or lost (the fuzz's check)."""
    assert isinstance(state, SkirridState)
    out: Counter[str] = Counter(piece for _, piece, _, _ in state.placed)
    for held in state.left:
        out.update(held)
    return out


def _rules(players: int, pairs: bool, dice: bool) -> Any:
    return lambda seats: SkirridOptions(players=players, pairs=pairs, dice=dice)


# Every rule set, for tools/fuzz_cards.py.
FUZZ_SETS = {
    "two": _rules(2, False, False),
    "three": _rules(3, False, False),
    "four in pairs": _rules(4, True, False),
    "four alone": _rules(4, False, False),
    "five": _rules(5, False, False),
    "six": _rules(6, False, False),
    "two with the die": _rules(2, False, True),
}

GAME = GameEntry(
    bot_names=tuple(BOTS),
    bot_words=BOT_WORDS,
    state=SkirridState,
    make_bot=make_bot,
    results=_results,
    players=(2, 6),
    fuzz_options=random_options,
    invariants=_invariants,
    all_cards=_all_pieces,
    quick_bots={"strong": {"width": 3, "blocks": 1}},
    rates={"blocks_per_shape": ("blocks", "placed")},
    game_counts=("turns",),
)

__all__ = ["BOTS", "GAME", "Observation", "SkirridOptions", "SkirridState", "make_bot"]
