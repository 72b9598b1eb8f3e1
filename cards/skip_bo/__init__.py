"""Skip-Bo, the build-pile card game for 2-6 players or pairs: a pure engine, no pygame.

The rules and rulings are in `state.py`'s docstring; the computer players in `bots.py` and
`strong.py`, by name in `players.py`. `GAME` gives the registry, self-play, the fuzz and the
benchmarks what they need.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from cards.engine import GameState
from cards.registry import GameEntry, SeatResult, seat_result
from cards.skip_bo.cards import WILD, describe
from cards.skip_bo.options import HAND, SkipBoOptions, random_options
from cards.skip_bo.players import BOT_WORDS, BOTS, make_bot
from cards.skip_bo.state import GameRecord, Observation, SkipBoState

# How a game ended (GameRecord.by) -> its name in self-play's counts: self-play reports the
# share of games each way ended, so a match of random players shows that the stalemate ruling
# (or the turn limit) ends the games they cannot win.
_ENDS = (("stock", "stock"), ("stalemate", "stalemate"), ("limit", "turn_limit"))
_END_KEYS = tuple((by, f"by_{name}") for by, name in _ENDS)  # each game's results use them
_END_COUNTS = tuple(by for by, _ in _ENDS)


def _results(state: GameState[Any]) -> list[SeatResult]:
    """A seat's win is its share of the win (a pair's two seats share one game's win, so every
    game hands out 1 in all and an equal share is 1/players); its score is its side's match
    points, or, for one game, the stock cards it played. Its tallies: cards played to building
    piles and turns taken; the game's: turns, cards played, how it ended."""
    assert isinstance(state, SkipBoState)
    winners = state.won_by
    games = state.games
    played = max(1, len(games))
    turns, ends = 0, dict.fromkeys(_END_COUNTS, 0)
    for g in games:
        turns += g.turns
        if g.by in ends:
            ends[g.by] += 1
    # The game's figures, the same for every seat (each seat's own come first in its counts).
    shared = {"turns": turns, "cards": sum(state.cards_played)}
    for by, key in _END_KEYS:
        shared[key] = ends[by] / played
    options = state.options
    match_to, stock_size = options.match_to, options.stock_size
    share = 1.0 / len(winners) if winners else 0.0
    scores, side_of, stocks = state.scores, state.side_of, state.stocks
    return [
        seat_result(
            float(scores[side_of[p]]) if match_to else float(stock_size - len(stocks[p])),
            share if p in winners else 0.0,
            {"cards_played": played_p, "turns_taken": turns_p, **shared},
        )
        for p, (played_p, turns_p) in enumerate(
            zip(state.cards_played, state.turns_taken, strict=True)
        )
    ]


def _all_cards(state: GameState[Any]) -> Counter[str]:
    """Every card of the deal, by kind, wherever it lies: never made or lost."""
    assert isinstance(state, SkipBoState)
    out: Counter[str] = Counter()
    for pile in (state.draw, state.set_aside, *state.build, *state.stocks, *state.hands):
        out.update(map(describe, pile))
    for piles in state.discards:
        for pile in piles:
            out.update(map(describe, pile))
    return out


def _kept_figures(state: SkipBoState) -> tuple[object, ...]:
    """What play keeps up to date for the views, pile by pile (refresh_tops works it out anew)."""
    return (
        state.needs_now,
        state.needs_bits_now,
        state.wild_ok_now,
        state.stock_tops_now,
        state.discard_tops_now,
        state.discard_bits_now,
        tuple(state.hand_bits),
    )


def _invariants(state: GameState[Any]) -> None:
    """Every card accounted for, building piles in order, hands of at most five, a seat's view
    holding no hidden card, the winners named exactly at the end, the tops kept for views the
    piles' own."""
    assert isinstance(state, SkipBoState)
    o = state.options
    assert state.card_count() == o.deck_size, f"{state.card_count()} cards, not {o.deck_size}"
    for i, pile in enumerate(state.build):
        assert len(pile) < 12, f"building pile {i} holds {len(pile)} cards"
        for place, card in enumerate(pile, 1):
            assert card in (WILD, place), f"building pile {i}: {describe(card)} at place {place}"
            if not o.edition_1980 and place > 1:
                assert not (card == WILD and pile[place - 2] == WILD), f"pile {i}: wild on wild"
    for p, hand in enumerate(state.hands):
        assert len(hand) <= HAND, f"seat {p} holds {len(hand)} cards"
    kept = _kept_figures(state)
    state.refresh_tops()
    fresh = _kept_figures(state)
    assert kept == fresh, f"the kept tops {kept} are not the piles' {fresh}"
    assert (len(state.winners()) > 0) == state.is_terminal(), "winners exactly at the end"
    if not state.is_terminal():
        seat = state.current_player()
        view = state.observation((seat + 1) % state.num_players).values()
        others = [state.hands[q] for q in range(state.num_players) if q != view["player"]]
        assert "hands" not in view and view["hand"] == tuple(state.hands[view["player"]])
        assert not any(isinstance(v, list) for v in view.values()), "a view shares live lists"
        assert len(view["hand_sizes"]) == len(others) + 1


def _rules(players: int, partners: bool, edition_1980: bool, match_to: int) -> Any:
    """Options for a seat count under one rule set (pairs only where pairs can sit)."""
    return lambda seats: SkipBoOptions(
        players=players if partners else seats,
        partners=partners,
        edition_1980=edition_1980,
        match_to=match_to,
        stock=10 if match_to else 0,
    )


# Every rule set, for tools/fuzz_cards.py.
FUZZ_SETS = {
    "individual": _rules(0, False, False, 0),
    "1980 edition": _rules(0, False, True, 0),
    "pairs of 4": _rules(4, True, False, 0),
    "pairs of 6": _rules(6, True, False, 0),
    "match to 200": _rules(0, False, False, 200),
}

GAME = GameEntry(
    bot_names=tuple(BOTS),
    bot_words=BOT_WORDS,
    state=SkipBoState,
    make_bot=make_bot,
    results=_results,
    players=(2, 6),
    fuzz_options=random_options,
    invariants=_invariants,
    all_cards=_all_cards,
    rates={"cards_per_turn": ("cards_played", "turns_taken")},
    game_counts=("turns", "cards", *(f"by_{name}" for _, name in _ENDS)),
    quick_bots={"strong": {"worlds": 2, "candidates": 3, "nodes": 3000}},
)

__all__ = [
    "BOTS",
    "GAME",
    "WILD",
    "GameRecord",
    "Observation",
    "SkipBoOptions",
    "SkipBoState",
    "describe",
    "make_bot",
]
