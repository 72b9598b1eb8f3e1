"""Skull King's play hint follows the bid (issue 40's play-test): with tricks still needed it
takes a trick it can likely have (it once said "Play the green parrot 3: it cannot win this
trick" holding the black 5 against a purple 14, needing 2 of 3), and with the bid made it plays
the card least likely to win, never calling a Mermaid lead "unlikely to win" with no pirate out."""

from __future__ import annotations

import random

from cards.skull_king import SkullKingOptions, SkullKingState
from cards.skull_king.bidhint import play_hint
from skully_game.scenes.skull_king.hints import play_hint_words


def _rigged(hands: list[list[str]], bids: dict[int, int], *plays: str) -> SkullKingState:
    """Round 1 of 3 players with chosen hands and bids, then `plays` (seat 0 leads)."""
    state = SkullKingState(SkullKingOptions(players=3), seed=0, record=True)
    state.hands = [list(h) for h in hands]
    state.cards = len(hands[0])
    while state.current_player() is not None and state.phase.name == "BID":
        state.apply_action(f"BID:{bids[state.current_player()]}")
    for action in plays:
        state.apply_action(action)
    return state


def _hint(state: SkullKingState, seat: int):
    obs = state.observation(seat)
    found = play_hint(obs, state.legal_actions(), random.Random(1), deals=40)
    return found, play_hint_words(obs, seat, found)


def test_needing_two_of_three_the_black_5_trumps_the_purple_14() -> None:
    hands = [["P14", "Y2", "Y3"], ["G3", "G7", "B5"], ["G1", "G2", "P2"]]
    state = _rigged(hands, {0: 1, 1: 2, 2: 1}, "P14")
    found, words = _hint(state, 1)
    assert found.action == "B5"
    assert "you need 2 of the 3 tricks left" in words
    assert "trumps the purple" in words and "cannot win" not in words


def test_needing_every_trick_left_the_likeliest_winner_is_played() -> None:
    hands = [["P14", "Y2"], ["G3", "SKULLKING"], ["G1", "P2"]]
    state = _rigged(hands, {0: 0, 1: 2, 2: 0}, "P14")
    found, words = _hint(state, 1)
    assert found.action == "SKULLKING"
    assert "you need all 2 tricks left" in words


def test_with_the_bid_made_a_mermaid_lead_is_not_hinted_as_unlikely_to_win() -> None:
    hands = [["MERMAID", "G2", "Y9", "G5"], ["G3", "G7", "B5", "Y1"], ["G1", "G4", "P2", "Y2"]]
    state = _rigged(hands, {0: 1, 1: 1, 2: 1}, "Y9", "Y1", "Y2")
    assert state.current_player() == 0 and state.tricks_won[0] == 1
    found, words = _hint(state, 0)
    assert found.action != "MERMAID"
    assert found.chance(found.action) < found.chance("MERMAID")
    assert words.startswith("Lead the green") and "you want no more tricks" in words


def test_when_every_card_is_likely_to_win_the_words_say_so() -> None:
    hands = [["MERMAID", "SKULLKING", "Y9"], ["G3", "G7", "Y1"], ["G1", "G4", "Y2"]]
    state = _rigged(hands, {0: 1, 1: 1, 2: 1}, "Y9", "Y1", "Y2")
    found, words = _hint(state, 0)
    assert min(p for _, p in found.chances) >= 0.5
    assert "unlikely" not in words
    assert "least often" in words or "only" in words
