"""Skip-Bo's hint says the real reason when a discard holds back a card that would let an
opponent's stock go on ("Discard the 1: Calico's stock shows a 2")."""

from __future__ import annotations

from cards.skip_bo import SkipBoOptions, SkipBoState
from skully_game.scenes.skip_bo.adapter import GAME


def _laid(hand, their_stock, players=2) -> SkipBoState:
    state = SkipBoState(SkipBoOptions(players=players), 1)
    state.hands[0] = sorted(hand)
    state.stocks[0] = [9, 7]
    state.stocks[1] = list(their_stock)
    state.build = [[], [], [], []]
    state.refresh_tops()
    return state


def test_a_discard_that_holds_a_card_back_from_an_opponents_stock_says_so():
    state = _laid([1, 9, 11], [5, 2])
    words = GAME.hint_words(state.observation(0), 0, "H1>D0")
    assert words == (
        "Discard the 1 on your discard pile 1: your opponent's stock shows a 2, and building "
        "it would let that go on"
    )
    three = _laid([1, 9, 11], [5, 2], players=3)
    said = GAME.hint_words(three.observation(0), 0, "H1>D0")
    assert "the next player's stock shows a 2" in said, said


def test_no_block_is_claimed_when_the_card_cannot_build_or_the_stock_does_not_follow():
    assert "stock shows" not in GAME.hint_words(_laid([1, 9], [5, 3]).observation(0), 0, "H1>D0")
    assert "stock shows" not in GAME.hint_words(_laid([1, 9], [5, 10]).observation(0), 0, "H9>D0")
