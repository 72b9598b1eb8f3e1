"""Skull at the spy fuzz (cardtable/spykit.py): a random rule set and position; the cards in
another's hand or stack, drawn or lost by another and never turned, are what only others know."""

from __future__ import annotations

import random
from typing import Any

from skully_game.scenes.cardtable.match import Pace
from skully_game.scenes.cardtable.spykit import SeatsFor, Setup, SpyHooks, history
from skully_game.shell.app import App


def truth(state: Any, viewer: int | None) -> set[str]:
    """Skull's cards in another's hand or stack, drawn or lost by another, never turned."""
    public = {c for rec in state.rounds for _, c in rec.revealed} | {c for _, c in state.revealed}
    public |= {c for markers in state.markers for c in markers}
    known: set[str] = set()
    if viewer is not None:
        known = set(state.hands[viewer]) | set(state.stacks[viewer]) | set(state.lost[viewer])
        known |= {c for _, c in state.drawn[viewer]}
    others: set[str] = set()
    for p in range(state.num_players):
        if p != viewer:
            others |= set(state.hands[p]) | set(state.stacks[p]) | set(state.lost[p])
            others |= {c for _, c in state.drawn[p]}
    return others - public - known


def setup(app: App, rng: random.Random, seed: int, people: int, seats: SeatsFor) -> Setup:
    from cards.skull import SkullOptions
    from cards.skull.cards import describe
    from skully_game.scenes.cardtable.match import Match
    from skully_game.scenes.skull.adapter import GAME
    from skully_game.scenes.skull.adapter import GAME as SKULL
    from skully_game.scenes.skull.table import SkullTable

    players = people + 1
    options = SkullOptions(players=players, open_bid=rng.random() < 0.3, bold=rng.random() < 0.2)
    match = Match(SKULL, options, seed, seats(players), Pace.FAST)
    match.state = GAME.replay(match.state, history(GAME, options, seed, rng, 2000))
    return Setup(SkullTable(app, match), GAME, truth, describe)


SPY = SpyHooks(setup, truth)
