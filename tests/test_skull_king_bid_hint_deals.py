"""The bid a hint shows: each bid played out on the same sampled deals, the best expected score
chosen, said with the cards held that took their tricks in those deals. Its words name only the
seat's own cards (never a card another seat holds), and the table's Hint uses it for bids."""

from __future__ import annotations

import random
import re

import pytest

from cards.skull_king import SkullKingOptions, SkullKingState
from cards.skull_king.bidhint import ZERO_SURE, bid_hint
from cards.skull_king.cards import FULL_DECK
from cards.skull_king.words import card_name
from skully_game.scenes.skull_king.adapter import GAME as SKULL_KING
from skully_game.scenes.skull_king.hints import bid_hint_words


def _bid_position(seed: int, players: int = 3, cards: int = 3) -> SkullKingState:
    """A seeded game at the bids of a round of `cards` cards (earlier rounds played quickly)."""
    state = SkullKingState(SkullKingOptions(players=players, advanced_cards=seed % 2 == 0), seed)
    while state.cards < cards:
        state.apply_action(state.legal_actions()[0])
    return state


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_reason_names_only_the_seats_own_cards(seed: int) -> None:
    state = _bid_position(seed)
    seat = state.current_player()
    obs = state.observation(seat).detached()
    hint = bid_hint(obs, state.legal_actions(), random.Random(seed), deals=30)
    words = bid_hint_words(obs, hint)
    assert words.startswith(f"Bid {hint.action[4:]}:"), words
    held = set(obs.hand)
    for code in set(FULL_DECK) - held:
        name = card_name(code).removeprefix("the ")
        assert not re.search(rf"your {re.escape(name)}\b", words), (code, words)


def test_the_hinted_bid_has_the_best_expected_score() -> None:
    state = _bid_position(7, players=4, cards=4)
    obs = state.observation(state.current_player()).detached()
    hint = bid_hint(obs, state.legal_actions(), random.Random(7), deals=30)
    allowed = [(a, p) for a, p, made in hint.weighed if a != "BID:0" or made >= ZERO_SURE]
    assert hint.action == max(allowed, key=lambda item: item[1])[0]
    assert 0.0 <= hint.made <= 1.0 and len(hint.chances) == len(obs.hand)


def test_the_same_position_and_seed_give_the_same_hint() -> None:
    state = _bid_position(5)
    obs = state.observation(state.current_player()).detached()
    legal = state.legal_actions()
    first = bid_hint(obs, legal, random.Random(3), deals=20)
    assert bid_hint(obs, legal, random.Random(3), deals=20) == first


def test_the_tables_hint_for_a_bid_is_the_deals_bid() -> None:
    state = _bid_position(9, cards=2)
    seat = state.current_player()
    hint = SKULL_KING.hinter(random.Random(4))(state, seat)()
    found = bid_hint(state.observation(seat).detached(), state.legal_actions(), random.Random(4))
    assert hint.action == found.action
    assert hint.words.startswith(f"Bid {hint.action[4:]}:")
