"""Shed at the spy fuzz: a random hand size, a random position; the cards in another hand and
the deck are what only others know."""

from __future__ import annotations

import random
from typing import Any

from skully_game.scenes.cardtable.match import Match, Pace
from skully_game.scenes.cardtable.spykit import SeatsFor, Setup, SpyHooks, history
from skully_game.shell.app import App
from tests.shedding.engine.state import ShedOptions, describe
from tests.shedding.scenes.adapter import GAME
from tests.shedding.scenes.setup import ShedTable


def truth(state: Any, viewer: int | None) -> set[str]:
    mine = set(state.hands[viewer]) if viewer is not None else set()
    others = {c for p, hand in enumerate(state.hands) if p != viewer for c in hand}
    return (others | set(state.deck)) - mine - set(state.pile)


def setup(app: App, rng: random.Random, seed: int, people: int, seats: SeatsFor) -> Setup:
    players = people + 1
    options = ShedOptions(players=players, hand=rng.randint(3, 5))
    match = Match(GAME, options, seed, seats(players), Pace.FAST)
    match.state = GAME.replay(match.state, history(GAME, options, seed, rng, 200))
    return Setup(ShedTable(app, match), GAME, truth, describe)


SPY = SpyHooks(setup, truth)
