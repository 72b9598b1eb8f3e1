"""Skull King at the spy fuzz (cardtable/spykit.py): a random rule set and position; its unique
cards in another hand, never played in the open, are what only others know."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from skully_game.scenes.cardtable.match import Pace
from skully_game.scenes.cardtable.spykit import SeatsFor, Setup, SpyHooks, history, seen_alone
from skully_game.shell.app import App


@cache
def _unique() -> frozenset[str]:
    from cards.skull_king.cards import deck_counter

    return frozenset(c for c, n in deck_counter(True).items() if n == 1)


def truth(state: Any, viewer: int | None) -> set[str]:
    """Skull King's unique cards in another hand that were never played in the open."""
    from cards.skull_king import events as ev

    played = set()
    for e in state.events:
        if isinstance(e, ev.CardPlayed):
            played |= {e.card, e.played}
    known: set[str] = set()
    if viewer is not None:
        known = set(state.hands[viewer]) | set(state.observation(viewer).undealt_seen or ())
        known |= seen_alone(state.events, viewer)  # an earlier round's own cards
    others = {c for p, hand in enumerate(state.hands) if p != viewer for c in hand}
    return (others & _unique()) - played - known


def setup(app: App, rng: random.Random, seed: int, people: int, seats: SeatsFor) -> Setup:
    from cards.skull_king import RoundPlan, Scoring, SkullKingOptions
    from cards.skull_king.cards import NUMBER_CARDS, PIRATES, describe
    from skully_game.scenes.cardtable.match import Match
    from skully_game.scenes.skull_king.adapter import GAME
    from skully_game.scenes.skull_king.adapter import GAME as SKULL_KING
    from skully_game.scenes.skull_king.table import SkullKingTable

    rascal = rng.random() < 0.3
    options = SkullKingOptions(
        players=people + 1,
        round_plan=rng.choice(list(RoundPlan)),
        scoring=Scoring.RASCAL if rascal else Scoring.SKULL_KING,
        cannonball=rascal and rng.random() < 0.5,
        pirate_powers=rng.random() < 0.6,
        advanced_cards=rng.random() < 0.5,
    )
    match = Match(SKULL_KING, options, seed, seats(people + 1), Pace.FAST)
    match.state = GAME.replay(match.state, history(GAME, options, seed, rng, 2000))
    # "Skull King", "Mermaid", "Escape" are also the game's words: only numbers and the
    # named pirates are looked for in the text
    named = set(NUMBER_CARDS) | set(PIRATES)
    return Setup(SkullKingTable(app, match), GAME, truth, describe, named.__contains__)


# 9, 7, 5, 3 and 1 cards: a shorter game online
SPY = SpyHooks(setup, truth, quick={"round_plan": "whirlpool"})
