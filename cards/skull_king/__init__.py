"""Skull King, the pirate trick-taking bidding game: a pure engine, its bots, no pygame.

Rulings beyond the design note (docs: shared/design/table-games.md):
- Seat players-1 deals round 1, so seat 0 leads it; the deal passes clockwise each round.
- Bids (and Rascal's Buckshot/Cannonball choice) are entered one seat at a time in secret and
  revealed together when the last seat has chosen.
- Greybeard plays second; when he leads (after winning), the player left of the dealer follows
  him, then the other. He never uses pirate powers, and Loot allied with him pays nobody.
- Rosie may hand the lead to any seat, Greybeard included. Rosie, Will and Juanita do nothing
  after the last trick of a round; Rascal and Harry still act.
- Will draws the top 2 undealt cards (fewer if fewer remain) and discards as many face down.
- Juanita sees the undealt cards as they are at that moment; nobody else sees them.
- Harry changes the bid by -1, 0 or +1 after the last trick, never below 0.
- Rascal's stake (0/10/20) is public, won with an exact bid and lost otherwise, in both systems.
- Loot makes no alliance with its own player; it still allies in a White Whale trick (the Whale
  takes away the specials' power to win, not Loot's bonus).
- With the Kraken-leader option, "left of the Kraken's player" is the next seat in play order.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from cards.engine import GameState
from cards.registry import GameEntry, SeatResult, seat_result
from cards.skull_king.bots import BOT_WORDS, BOTS, make_bot
from cards.skull_king.cards import BASE_DECK, FULL_DECK, Kind, deck, describe
from cards.skull_king.options import (
    PRESETS,
    KrakenLeader,
    RoundPlan,
    Scoring,
    SkullKingOptions,
    random_options,
)
from cards.skull_king.scoring import Mode, PlayerRound, score_round
from cards.skull_king.state import (
    LogEntry,
    Observation,
    Phase,
    RoundRecord,
    SkullKingState,
    TrickRecord,
    all_cards,
)
from cards.skull_king.tricks import TrickResult, illegal_reason, legal_plays, resolve, resolve_trick


def new_game(options: SkullKingOptions | None = None, seed: int = 0) -> SkullKingState:
    """A fresh game, dealt from `seed`: the UI's entry point."""
    return SkullKingState(options, seed)


def _results(state: GameState[Any]) -> list[SeatResult]:
    """Final scores, wins (a tie for first shares the win) and bids made exactly, per seat."""
    assert isinstance(state, SkullKingState)
    winners = state.winners()
    rounds = state.rounds
    return [
        seat_result(
            float(score),
            1.0 / len(winners) if seat in winners else 0.0,
            {"bids": len(rounds), "exact": sum(r.lines[seat].exact for r in rounds)},
        )
        for seat, score in enumerate(state.scores)
    ]


def _invariants(state: GameState[Any]) -> None:
    """The whole deck is dealt each round; the running scores are the rounds' sums."""
    assert isinstance(state, SkullKingState)
    assert len(all_cards(state)) == len(deck(state.options.advanced_cards)), "deck size"
    for p, score in enumerate(state.scores):
        assert score == sum(r.totals[p] for r in state.rounds), f"seat {p}'s score"


def _all_cards(state: GameState[Any]) -> Counter[str]:
    assert isinstance(state, SkullKingState)
    return Counter(all_cards(state))


GAME = GameEntry(
    bot_names=tuple(BOTS),
    bot_words=BOT_WORDS,
    state=SkullKingState,
    make_bot=make_bot,
    results=_results,
    players=(2, 8),
    fuzz_options=random_options,
    invariants=_invariants,
    all_cards=_all_cards,
    quick_bots={"strong": {"rollouts": 16, "min_samples": 2}},
    rates={"bid_accuracy": ("exact", "bids")},
)

__all__ = [
    "BASE_DECK",
    "BOTS",
    "FULL_DECK",
    "GAME",
    "PRESETS",
    "Kind",
    "KrakenLeader",
    "LogEntry",
    "Mode",
    "Observation",
    "Phase",
    "PlayerRound",
    "RoundPlan",
    "RoundRecord",
    "Scoring",
    "SkullKingOptions",
    "SkullKingState",
    "TrickRecord",
    "TrickResult",
    "describe",
    "illegal_reason",
    "legal_plays",
    "make_bot",
    "new_game",
    "resolve",
    "resolve_trick",
    "score_round",
]
