"""Skirrid at the spy fuzz (cardtable/spykit.py): open information, so its frames are counted
and must raise nothing; a random seat count, dice sometimes."""

from __future__ import annotations

import random

from skully_game.scenes.cardtable.match import Pace
from skully_game.scenes.cardtable.spykit import SeatsFor, Setup, SpyHooks, history
from skully_game.shell.app import App


def setup(app: App, rng: random.Random, seed: int, people: int, seats: SeatsFor) -> Setup:
    from cards.skirrid import SkirridOptions
    from skully_game.scenes.cardtable.match import Match
    from skully_game.scenes.skirrid.adapter import GAME
    from skully_game.scenes.skirrid.table import SkirridTable

    players = people + 1
    options = SkirridOptions(players=players, dice=rng.random() < 0.3)
    match = Match(GAME, options, seed, seats(players), Pace.FAST)
    match.state = GAME.replay(match.state, history(GAME, options, seed, rng, 400))
    return Setup(SkirridTable(app, match), GAME, None, None)


SPY = SpyHooks(setup, faces=False)  # a board: no card faces
