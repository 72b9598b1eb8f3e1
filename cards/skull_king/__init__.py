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

from cards.skull_king.bots import BOTS, make_bot
from cards.skull_king.cards import BASE_DECK, FULL_DECK, Kind, describe
from cards.skull_king.options import (
    PRESETS,
    KrakenLeader,
    RoundPlan,
    Scoring,
    SkullKingOptions,
)
from cards.skull_king.scoring import Mode, PlayerRound, score_round
from cards.skull_king.state import (
    LogEntry,
    Observation,
    Phase,
    RoundRecord,
    SkullKingState,
    TrickRecord,
)
from cards.skull_king.tricks import TrickResult, illegal_reason, legal_plays, resolve, resolve_trick


def new_game(options: SkullKingOptions | None = None, seed: int = 0) -> SkullKingState:
    """A fresh game, dealt from `seed`: the UI's entry point."""
    return SkullKingState(options, seed)


__all__ = [
    "BASE_DECK",
    "BOTS",
    "FULL_DECK",
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
