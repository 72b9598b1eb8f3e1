"""The bid hint names the cards a player would call their trick-takers (issue 40's play-test:
"your black Jolly Roger 2" was named while the black 5 was held) and says how often the bid
came out exact in plain words ("made in about 6 of 10 deals")."""

from __future__ import annotations

from types import SimpleNamespace

from cards.skull_king.bidhint import BidHint, likely_winners
from skully_game.scenes.skull_king.hints import bid_hint_words


def _hint(chances: dict[str, float], bid: int = 2, made: float = 0.63) -> BidHint:
    return BidHint(f"BID:{bid}", 30.0, made, tuple(chances.items()))


def test_a_low_trump_that_took_the_tricks_is_named_as_the_highest_trump_held() -> None:
    hint = _hint({"B2": 0.8, "B5": 0.3, "SKULLKING": 0.9, "G4": 0.1})
    assert likely_winners(hint) == ["SKULLKING", "B5"]


def test_two_named_of_a_suit_are_its_two_highest() -> None:
    hint = _hint({"G2": 0.7, "G9": 0.6, "G12": 0.2, "Y3": 0.1})
    assert likely_winners(hint) == ["G12", "G9"]


def test_the_words_name_the_high_card_and_say_the_share_in_plain_words() -> None:
    obs = SimpleNamespace(hand=["B2", "B5", "SKULLKING", "G4"])
    words = bid_hint_words(obs, _hint({"B2": 0.8, "B5": 0.3, "SKULLKING": 0.9, "G4": 0.1}))
    assert "Jolly Roger 5" in words and "Jolly Roger 2" not in words
    assert words.endswith("made in about 6 of 10 deals")
