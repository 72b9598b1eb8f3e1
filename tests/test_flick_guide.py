"""The flick guide's ghost is where the shot comes to rest: the same physics, drawn early."""

from __future__ import annotations

import math

import pytest

from skully_game.skully.board import PRESETS
from skully_game.skully.caps import CapType
from skully_game.skully.guide import flick_guide
from skully_game.skully.physics import Flick, simulate

SPEEDS = (0.3, 0.8, 1.5, 2.4, 3.6, 5.0, 7.0)
ANGLES = (0.0, 0.7, 1.9, 3.3, 5.1)


@pytest.mark.parametrize("kind", [CapType.CROWN, CapType.LEAD, CapType.GLIDE])
def test_the_ghost_lands_where_a_perfect_hand_shot_of_that_flick_rests(kind: CapType) -> None:
    board = PRESETS["classic"]
    start = (1.2, 1.3)
    for speed in SPEEDS:
        for angle in ANGLES:
            guide = flick_guide([kind], [start], 0, angle, speed)
            shot = simulate(board, [kind], [start], Flick(0, angle, speed))
            assert guide.touches is None
            assert math.dist(guide.rest, shot.rest[0]) < 0.01, (speed, angle)


def test_other_caps_out_of_the_way_leave_the_ghost_where_the_shot_rests() -> None:
    """A game's world holds every cap in play: they set its step, and the ghost still agrees."""
    board = PRESETS["classic"]
    caps = [CapType.CROWN, CapType.VIAL, CapType.LEAD]
    places = [(0.5, 0.5), (2.6, 0.2), (0.2, 2.6)]
    for speed in SPEEDS:
        guide = flick_guide(caps, places, 0, math.pi / 4, speed)
        shot = simulate(board, caps, places, Flick(0, math.pi / 4, speed))
        assert guide.touches is None
        assert math.dist(guide.rest, shot.rest[0]) < 0.01, speed


def test_the_guide_stops_at_the_first_cap_it_would_touch() -> None:
    caps = [CapType.CROWN, CapType.CROWN, CapType.CROWN]
    r = CapType.CROWN.spec.radius
    places = [(0.0, 0.0), (1.0, 0.01), (0.5, -0.005)]
    guide = flick_guide(caps, places, 0, 0.0, 5.0)
    assert guide.touches == 2  # the nearer of the two in its path
    assert math.dist(guide.rest, places[2]) == pytest.approx(2 * r, abs=1e-9)
    assert guide.rest[0] < 0.5
    # a cap not on the table is not in the way
    assert flick_guide(caps, [places[0], places[1], None], 0, 0.0, 5.0).touches == 1
    # nor is one behind the cap, or one the slide stops short of
    assert flick_guide(caps, places, 0, math.pi, 5.0).touches is None
    assert flick_guide(caps, places, 0, 0.0, 0.5).touches is None
