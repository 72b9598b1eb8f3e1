"""A cap miss narrower than the units can say is told as brushing past, never "passed 0 cm
left of Bobby" (a play-tester read that after a shot that hit nobody)."""

from __future__ import annotations

from skully_game.core.settings import Units
from skully_game.skully.misses import CapMiss, _cap_words


def test_a_hairs_breadth_miss_is_brushed_past_in_every_unit():
    for units in Units:
        words = _cap_words(CapMiss(0.0, 0.003, "Bobby"), units, False)
        assert words == "brushed past Bobby by a hair", (units, words)
        assert "0 " not in _cap_words(CapMiss(0.0, -0.004, "Bobby"), units, True)


def test_a_wider_miss_still_says_how_far_and_which_side():
    assert _cap_words(CapMiss(0.0, 0.12, "Bobby"), Units.METRIC, False) == (
        "passed 12 cm left of Bobby"
    )
    assert _cap_words(CapMiss(0.3, -0.05, "Bobby"), Units.METRIC, False) == (
        "stopped 30 cm short, heading 5 cm right of Bobby"
    )
