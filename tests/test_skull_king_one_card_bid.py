"""With one card there is no trick to duck: the strong player (and so the hint) bids 0 with a
low number card, as its worlds say (a lone yellow 5 in a three-player first round was hinted
"Bid 1", which wins about 3 rounds in 10: a play-test)."""

from __future__ import annotations

import random

from cards.skull_king import SkullKingOptions
from cards.skull_king.bots import StrongBot
from cards.skull_king.state import SkullKingState


def _low_lone_cards(found: int = 3) -> list[SkullKingState]:
    """First rounds of three players where seat 0's one card is a number card from 2 to 6."""
    out = []
    for seed in range(400):
        state = SkullKingState(SkullKingOptions(players=3), seed)
        (card,) = state.hands[0]
        if card[0] in "YPG" and card[1:].isdigit() and 2 <= int(card[1:]) <= 6:
            out.append(state)
            if len(out) == found:
                break
    return out


def test_a_lone_low_number_card_bids_0() -> None:
    states = _low_lone_cards()
    assert len(states) == 3
    for state in states:
        while state.current_player() != 0:
            state.apply_action("BID:0")
        bot = StrongBot(random.Random(7))
        assert bot.act(state.observation(0), state.legal_actions()) == "BID:0", state.hands[0]
