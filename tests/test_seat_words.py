"""One wording for a seat everywhere (issue 39's play-test: "CPU regular" at the setup read
"computer, regular" at the table): the table says what the setup's list said."""

from __future__ import annotations

import pytest

from skully_game.scenes.skully.gamestory import seat_tag
from skully_game.skully.caps import CapType
from skully_game.skully.game_setup import SEAT_CHOICES
from skully_game.skully.game_setup import Seat as SetupSeat
from skully_game.skully.session import Seat


@pytest.mark.parametrize(("who", "label"), [(v, label) for v, label, _ in SEAT_CHOICES])
def test_the_table_says_what_the_setup_list_said(who: str, label: str) -> None:
    chosen = SetupSeat("Ace", 0)
    chosen.choose(who)
    seat = Seat("Ace", CapType.CROWN, 0, chosen.kind, chosen.hand, chosen.input)
    assert seat_tag(seat).lower() == label.lower()
    assert "CPU" not in label  # the player's word: a computer player


def test_a_computer_player_reads_the_same_at_the_setup_and_the_table() -> None:
    labels = {v: label for v, label, _ in SEAT_CHOICES}
    assert labels["regular"] == "Computer, regular"
    assert seat_tag(Seat("Cy", CapType.CROWN, 1, "regular")) == "computer, regular"
