"""The strong player's bluffs stay cheap (issue 40: it bid 4 of 7 with its own Skull alone on
its stack, nobody outbid it, and it lost a card). A bid past the Flowers above its own Skull
turns that Skull: it pays only if someone outbids it, which a low bid invites most, so such a
bid is never more than one above the lowest bid it may make. `tools/skull_bluffs.py bluffs`
prints what bluffs are worth."""

from __future__ import annotations

import random

from cards.skull import SkullOptions, SkullState
from cards.skull.bots import StrongBot, clean_run, make_bot
from cards.skull.cards import is_skull

QUICK = {"rollouts": 24, "min_samples": 4}


def test_a_bluff_bid_is_never_more_than_one_above_the_lowest() -> None:
    bluffs = 0
    for game in range(40):
        state = SkullState(SkullOptions(players=4), 900 + game)
        bots = [StrongBot(random.Random(game), **QUICK)]
        bots += [make_bot(n, random.Random(game + k)) for k, n in enumerate(("bold", "bluffer", "cautious"), 1)]  # fmt: skip
        while not state.is_terminal():
            seat = state.current_player()
            legal, obs = state.legal_actions(), state.observation(seat)
            action = bots[seat].act(obs, legal)
            stack = obs.my_stack
            if seat == 0 and action.startswith("BID:") and any(is_skull(c) for c in stack):
                bid = int(action[4:])
                if bid > clean_run(stack):
                    bluffs += 1
                    lowest = min(int(a[4:]) for a in legal if a.startswith("BID:"))
                    assert bid <= lowest + 1, (game, action, lowest, stack)
            state.apply_action(action)
    assert bluffs >= 5, "it still bluffs"
