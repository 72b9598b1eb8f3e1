"""Skull's hint: the strong player's move with one line why, read from the asking seat's own
observation alone ("Bid 2: you can turn your own 2 Flowers first")."""

from __future__ import annotations

import random

from cards.bots import RandomBot
from cards.skull import Phase, SkullOptions, SkullState
from cards.skull.cards import describe, is_skull
from skully_game.scenes.skull.adapter import GAME


def _flowers_down(players: int = 3) -> SkullState:
    """Everyone lays a Flower first; the first seat to act lays a second one."""
    state = SkullState(SkullOptions(players=players), 8)
    while state.phase is Phase.FIRST:
        seat = state.current_player()
        flower = next(c for c in state.hands[seat] if not is_skull(c))
        state.apply_action(f"PLACE:{flower}")
    seat = state.current_player()
    flower = next(c for c in state.hands[seat] if not is_skull(c))
    state.apply_action(f"PLACE:{flower}")
    return state


def test_a_bid_on_ones_own_flowers_says_so() -> None:
    state = _flowers_down()
    seat = next(p for p in range(3) if len(state.stacks[p]) == 2)
    obs = state.observation(seat)
    assert GAME.hint_words(obs, seat, "BID:2") == "Bid 2: you can turn your own 2 Flowers first"
    words = GAME.hint_words(obs, seat, "BID:4")
    assert words == "Bid 4: your own 2 Flowers, then 2 cards from the stacks that look safest"


def test_a_bid_over_ones_own_skull_is_called_a_bluff() -> None:
    state = SkullState(SkullOptions(players=3), 8)
    while state.phase is Phase.FIRST:
        seat = state.current_player()
        skull = next(c for c in state.hands[seat] if is_skull(c))
        state.apply_action(f"PLACE:{skull}")
    seat = state.current_player()
    words = GAME.hint_words(state.observation(seat), seat, "BID:2")
    assert words.startswith("Bid 2: a bluff")
    assert GAME.hint_words(
        state.observation(seat), seat, "PLACE:" + state.hands[seat][0]
    ).startswith("Place a Flower")


def test_hints_read_only_what_the_seat_may_see() -> None:
    """Through whole games: every hint names no card the seat cannot see, and is the same from
    a detached copy of the seat's view (nothing else is read)."""
    for seed in range(6):
        state = SkullState(SkullOptions(players=4), seed)
        bots = [RandomBot(random.Random(seed * 10 + p)) for p in range(4)]
        while not state.is_terminal():
            seat = state.current_player()
            obs, legal = state.observation(seat), state.legal_actions()
            seen = {describe(c) for c in obs.hand} | {describe(c) for c in obs.my_stack}
            hidden = {
                describe(c)
                for p in range(4)
                if p != seat
                for c in (*state.hands[p], *state.stacks[p])
            } - seen
            for action in legal[:6]:
                words = GAME.hint_words(obs, seat, action)
                assert words and words[0].isupper() and "_" not in words
                assert not any(f"the {h})" in words for h in hidden)
                assert words == GAME.hint_words(obs.detached(), seat, action)
            state.apply_action(bots[seat].act(obs, legal))
