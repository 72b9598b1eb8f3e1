"""A Skip-Bo hint follows through on what it said: "Play the 11 from your discard pile 1 … it
uncovers a 12 beneath it to play" is followed by playing that 12, not a twin from the hand."""

from __future__ import annotations

import random

from skully_game.scenes.skip_bo import hints
from skully_game.scenes.skip_bo.adapter import GAME
from tests.test_skip_bo_hints import _laid

ELEVEN = [[], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [], []]  # building pile B needs an 11


def test_the_uncovered_card_is_played_before_its_twin_in_the_hand():
    state = _laid([12, 3, 5], [4, 7], ELEVEN, discards=[[12, 11], [], [], []])
    first = GAME.hinter(random.Random(2))(state, 0)()
    assert first.action == "D0.0>B1"
    assert first.words.endswith("it uncovers a 12 beneath it to play")
    state.apply_action(first.action)
    legal = state.legal_actions()
    assert {"H12>B1", "D0.0>B1"} <= set(legal)
    obs = state.observation(0)
    assert hints.follow_through(obs, legal, "H12>B1") == "D0.0>B1"
    then = GAME.hinter(random.Random(2))(state, 0)()
    assert then.action != "H12>B1", then  # (seed 2: without following through, it was)


def test_a_last_card_in_the_hand_still_plays_from_the_hand():
    """An empty hand draws five more: the hand's 12 stays the better play."""
    state = _laid([12], [4, 7], [[], [*range(1, 12)], [], []], discards=[[12], [], [], []])
    legal = state.legal_actions()
    assert hints.follow_through(state.observation(0), legal, "H12>B1") == "H12>B1"
    assert hints.follow_through(state.observation(0), legal, "H12>D1") == "H12>D1"
