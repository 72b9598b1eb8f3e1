"""Skull's cards, stacks and Win Markers say what they are and what they do, in our words."""

from __future__ import annotations

from skully_game.scenes.skull.adapter import GAME, marker


def test_each_card_says_what_it_does() -> None:
    assert GAME.card_words("7C") == "The 7 of clubs: a Flower (safe for whoever turns it)"
    assert GAME.card_words("KH") == "The king of hearts: your Skull (it stops whoever turns it)"
    words = GAME.card_words(marker("5S"))
    assert words == "The 5 of spades: a Win Marker (turned down for each win)"
    for code in ("7C", "KH", marker("KS")):
        assert len(GAME.card_words(code)) <= 64, "one line beside the hand, at 1024x640 too"
