"""The bold character dares less among many players: at a full table the highest hope wins
the bid and is the likeliest too high (six bold players won a fifth of their challenges and a
game took 16 rounds; now about two in five, in 8 or 9). At three players it is as bold as ever."""

from __future__ import annotations

import random

from cards.bots import play_out
from cards.skull import SkullOptions, SkullState
from cards.skull.bots import BOLD, CAUTIOUS, Seen, make_bot, nerve_now
from cards.skull.rounds import Outcome, Phase


def _seen(left: list[int]) -> Seen:
    n = len(left)
    return Seen(
        me=0, hand=("KS",), stack=(), heights=(0,) * n, flipped=(0,) * n, left=tuple(left),
        gone=(False,) * n, bidders=frozenset(), bluff=(0.1,) * n, skulls=(0.3,) * n,
        bid=0, open_bid=False, phase=Phase.BID,
    )  # fmt: skip


def test_bold_nerve_rises_with_the_players_still_in() -> None:
    three, six = _seen([4, 4, 4]), _seen([4] * 6)
    assert nerve_now(BOLD, BOLD.raise_nerve, three) == BOLD.raise_nerve
    assert nerve_now(BOLD, BOLD.raise_nerve, six) > BOLD.raise_nerve + 0.2
    assert nerve_now(CAUTIOUS, CAUTIOUS.raise_nerve, six) == CAUTIOUS.raise_nerve


def test_six_bold_players_finish_in_a_sensible_number_of_rounds() -> None:
    rounds = won = 0
    games = 24
    for g in range(games):
        bots = [make_bot("bold", random.Random(g * 10 + p)) for p in range(6)]
        state = play_out(SkullState(SkullOptions(players=6, decks=3), 500 + g), bots)
        rounds += len(state.rounds)
        won += sum(1 for r in state.rounds if r.outcome is Outcome.WON)
    assert rounds / games <= 11, rounds / games  # it was 16
    assert won / rounds >= 0.3, won / rounds  # challenges won: it was 0.21
