"""Skip-Bo at the spy fuzz (cardtable/spykit.py): a random seat count, partners sometimes, a
short stock; a seat's view shows all it may know (its cards are numbers, spelt as codes)."""

from __future__ import annotations

import random
from typing import Any

from skully_game.scenes.cardtable.match import Pace
from skully_game.scenes.cardtable.spykit import SeatsFor, Setup, SpyHooks, history
from skully_game.shell.app import App


def setup(app: App, rng: random.Random, seed: int, people: int, seats: SeatsFor) -> Setup:
    from cards.skip_bo import SkipBoOptions
    from skully_game.scenes.cardtable.match import Match
    from skully_game.scenes.skip_bo.adapter import GAME
    from skully_game.scenes.skip_bo.adapter import GAME as SKIP_BO
    from skully_game.scenes.skip_bo.table import SkipBoTable

    players = people + 1
    partners = players == 4 and rng.random() < 0.3
    options = SkipBoOptions(players=players, stock=10, partners=partners)
    match = Match(SKIP_BO, options, seed, seats(players), Pace.FAST)
    match.state = GAME.replay(match.state, history(GAME, options, seed, rng, 1500))
    return Setup(SkipBoTable(app, match), GAME, None, None)


def view_codes(state: Any, seat: int) -> set[str]:
    """The faces in `seat`'s view: its hand, the stock tops, the discards and the builds."""
    from cards.skip_bo.cards import code

    obs = state.observation(seat)
    cards = [*obs.hand, *(t for t in obs.stock_tops if t is not None)]
    cards += [c for piles in obs.discards for pile in piles for c in pile]
    cards += [c for pile in obs.build for c in pile]
    return {code(c) for c in cards}


SPY = SpyHooks(setup, view_codes=view_codes)
