"""Skull, the bluffing game, with standard playing cards: a pure engine, no pygame.

The rules and rulings are in `state.py`'s docstring; the computer players are in `bots.py`
(random; three characters, cautious, bold and bluffer; and strong, a determinized search whose
sampled worlds come from `belief.py`). `GAME` gives the registry, self-play, the fuzz and the
benchmarks what they need; `quick_bots` holds the strong bot's test-speed settings.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from cards.engine import GameState
from cards.registry import GameEntry, SeatResult, seat_result
from cards.skull.bots import BOT_WORDS, BOTS, make_bot
from cards.skull.cards import describe, is_skull
from cards.skull.options import SkullOptions, decks_for, most_players, random_options
from cards.skull.state import Observation, Outcome, Phase, RoundRecord, SkullState


def _results(state: GameState[Any]) -> list[SeatResult]:
    """The winner takes the game; a seat's score is its Win Markers turned down. Its tallies:
    challenges won and lost, bids (raises included) and bluffs among them (made with a Skull on
    one's own stack), and the game's rounds."""
    assert isinstance(state, SkullState)
    n = state.num_players
    challenges, won = [0] * n, [0] * n  # per seat, in one pass over the rounds
    rounds, winning = state.rounds, Outcome.WON
    for r in rounds:
        c = r.challenger
        challenges[c] += 1
        if r.outcome is winning:
            won[c] += 1
    winners = state.winners()
    played, markers, bids, bluffs = len(rounds), state.won, state.bids_made, state.bluffs
    return [
        seat_result(
            float(markers[p]),
            1.0 if p in winners else 0.0,
            {
                "challenges_won": won[p],
                "challenges_lost": challenges[p] - won[p],
                "bids": bids[p],
                "bluffs": bluffs[p],
                "rounds": played,
            },
        )
        for p in range(n)
    ]


def _all_cards(state: GameState[Any]) -> Counter[str]:
    """Every card dealt to a player is in a hand, on a stack or lost: never made or destroyed."""
    assert isinstance(state, SkullState)
    out: Counter[str] = Counter()
    for p in range(state.num_players):
        out.update(state.hands[p])
        out.update(state.stacks[p])
        out.update(state.lost[p])
    return out


def _invariants(state: GameState[Any]) -> None:
    """Bids in range, nobody out with cards on the table, one Skull at most each, a winner at the
    end and only then."""
    assert isinstance(state, SkullState)
    on_table = state.on_table()
    assert 0 <= state.bid <= on_table or state.phase not in (Phase.BID, Phase.REVEAL), "bid range"
    for p in range(state.num_players):
        cards = [*state.hands[p], *state.stacks[p], *state.lost[p]]
        assert len(cards) == 4, f"seat {p} has {len(cards)} cards in all"
        assert sum(map(is_skull, cards)) == 1, f"seat {p}'s Skull"
        assert state.won[p] <= 2, f"seat {p}'s markers"
    assert (state.winner is not None) == state.is_terminal(), "a winner exactly at the end"


def _rules(decks: int, open_bid: bool, bold: bool) -> Any:
    """Options for a seat count under one rule set (seats beyond one deck's four: three decks)."""
    return lambda players: SkullOptions(
        players=min(players, most_players(decks)),
        decks=decks,
        open_bid=open_bid,
        bold=bold,
    )


# Every rule set, for tools/fuzz_cards.py: the seat counts cycle through 2-8 (2-4 with one deck).
FUZZ_SETS = {
    f"{decks} deck{'s' if decks > 1 else ''}{', open bid' if open_bid else ''}"
    f"{', bold' if bold else ''}": _rules(decks, open_bid, bold)
    for decks in (1, 3)
    for open_bid in (False, True)
    for bold in (False, True)
}

GAME = GameEntry(
    bot_names=tuple(BOTS),
    bot_words=BOT_WORDS,
    state=SkullState,
    make_bot=make_bot,
    results=_results,
    players=(2, 8),
    seat_defaults=lambda players: {"decks": decks_for(players)},
    fuzz_options=random_options,
    invariants=_invariants,
    all_cards=_all_cards,
    rates={"bluff_rate": ("bluffs", "bids")},
    game_counts=("rounds",),
    quick_bots={"strong": {"rollouts": 24, "min_samples": 3}},
)

__all__ = [
    "BOTS",
    "GAME",
    "Observation",
    "Outcome",
    "Phase",
    "RoundRecord",
    "SkullOptions",
    "SkullState",
    "describe",
    "make_bot",
]
