"""A Skull King round summary's columns follow the options (issue 40): the Loot and stake column
shows only where Loot is dealt (advanced cards) or Rascal may stake (pirate powers), named for
what it holds, and every points column keeps its colour by sign."""

from __future__ import annotations

import random

from cards.skull_king import SkullKingOptions
from cards.skull_king import events as ev
from skully_game.scenes.skull_king.adapter import GAME


def first_round(options: SkullKingOptions):
    """A state whose first round (1 card each) is scored, by seeded legal moves."""
    state = GAME.new_state(options, 5)
    pick = random.Random(5)
    for _ in range(50):  # bids, one trick, maybe a power's choice
        if any(isinstance(e, ev.RoundScored) for e in state.events):
            return state
        state.apply_action(pick.choice(state.legal_actions()))
    raise AssertionError("round 1 was not scored in 50 moves")


def test_the_loot_and_stake_column_follows_the_options():
    names = ["You", "Anne", "Bo"]
    expected = {
        (False, False): None,
        (True, False): "Loot",
        (False, True): "Stake",
        (True, True): "Loot, stake",
    }
    for (advanced, powers), heading in expected.items():
        options = SkullKingOptions(players=3, advanced_cards=advanced, pirate_powers=powers)
        summary = GAME.round_summary(first_round(options), 0, names)
        extra = [h for h in summary.headings if h in expected.values()]
        assert extra == ([heading] if heading else []), summary.headings
        assert all(len(row) == len(summary.headings) for row in summary.rows)
        points = summary.headings.index("Bid points")
        assert summary.signed == tuple(range(points, len(summary.headings)))
        assert summary.headings[-2:] == ("Round", "Total")
