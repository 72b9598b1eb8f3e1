"""The killer diller says what to shoot at, as a player would: the word to say and the skull's
section it must land in, by the number chalked there ("“a” into the skull's 4 or 8"),
in the prompt, the panel and How to play (it said "going for word 1 of 4": at what?)."""

from __future__ import annotations

from dataclasses import replace

from skully_game.scenes.skully.howto import rules
from skully_game.skully.caps import CapType
from skully_game.skully.geometry import Trapezoid
from skully_game.skully.rules import status
from skully_game.skully.rules.course import KILLER_THIRTEEN
from skully_game.skully.rules.state import Player

B, L, T, R = Trapezoid.BOTTOM, Trapezoid.LEFT, Trapezoid.TOP, Trapezoid.RIGHT
NUMBERS = (2, 4, 6, 8)  # the classic board's: bottom, left, top, right


def _at(*made: Trapezoid) -> Player:
    step = KILLER_THIRTEEN + len(made)
    return replace(Player("A", CapType.CROWN, (0.0, 0.0)), step=step, diller=made)


def test_each_word_says_where_it_must_land_by_the_skulls_numbers():
    assert status(_at(), NUMBERS) == "killer diller: “I'm” into any skull section"
    assert status(_at(B), NUMBERS) == "killer diller: “a” into the skull's 4 or 8"
    assert status(_at(B, L), NUMBERS) == "killer diller: “killer” into the skull's 6"
    assert status(_at(B, R, T), NUMBERS) == "killer diller: “diller” into the skull's 4"


def test_another_boards_numbers_and_a_board_without_distinct_ones():
    assert status(_at(T), (4, 6, 8, 10)) == "killer diller: “a” into the skull's 6 or 10"
    assert (
        status(_at(T), (2, 2, 2, 2)) == "killer diller: “a” into the skull's left or right section"
    )
    assert (
        status(_at(T, L), (2, 2, 2, 2)) == "killer diller: “killer” into the skull's bottom section"
    )


def test_without_the_board_it_still_says_where_in_words():
    assert status(_at(T)) == "killer diller: “a” into a section next to the first"
    assert status(_at(T, L)) == "killer diller: “killer” into the next section round"


def test_how_to_play_says_where_each_word_goes():
    killers = dict(rules())["Killers"]
    text = " ".join(part for part in killers if isinstance(part, str))
    assert "“I'm” into any section" in text and "“a” into a section beside it" in text
