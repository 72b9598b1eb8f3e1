"""The hint's words say why truly (issue 40's play-test: "Play the yellow chest 10: it cannot
win this trick, so it costs you least" while the player also held the yellow 3)."""

from __future__ import annotations

from types import SimpleNamespace

from skully_game.scenes.skull_king.hints import hint_words


def _obs(hand: list[str]) -> SimpleNamespace:
    return SimpleNamespace(
        hand=hand,
        bids=[2, 1, 1],
        tricks_won=[0, 0, 0],
        adjustments=[0, 0, 0],
        trick=[(1, "Y12")],
        hand_sizes=[len(hand), 3, 3],
    )


def test_a_losing_card_that_is_not_the_lowest_is_not_said_to_cost_least() -> None:
    obs = _obs(["Y10", "Y3", "B14"])
    high = hint_words(obs, 0, "Y10")
    low = hint_words(obs, 0, "Y3")
    assert "costs you least" not in high and "cannot win this trick" in high
    assert "costs you least" in low


def test_a_bid_is_said_made_only_when_no_trick_is_left_to_break_it() -> None:
    """Issue 40's play-test: "your bid is made" while a trick still to play could break it."""
    met = dict(bids=[2, 1, 1], tricks_won=[2, 0, 0], adjustments=[0, 0, 0])
    early = SimpleNamespace(hand=["ESCAPE", "B14", "G2"], trick=[(1, "Y12")],
                            hand_sizes=[3, 3, 3], **met)  # fmt: skip
    words = hint_words(early, 0, "ESCAPE")
    assert "bid is made" not in words
    assert words.endswith("you have your 2 tricks: lose the rest")
    last = SimpleNamespace(hand=["ESCAPE"], trick=[(1, "Y12"), (2, "G3")],
                           hand_sizes=[1, 0, 0], **met)  # fmt: skip
    assert hint_words(last, 0, "ESCAPE").endswith("and your bid is made")
    zero = SimpleNamespace(hand=["ESCAPE", "B14"], trick=[(1, "Y12")], hand_sizes=[2, 2, 2],
                           bids=[0, 1, 1], tricks_won=[0, 0, 0], adjustments=[0, 0, 0])  # fmt: skip
    assert hint_words(zero, 0, "ESCAPE").endswith("as your bid of 0 needs: lose every trick")
