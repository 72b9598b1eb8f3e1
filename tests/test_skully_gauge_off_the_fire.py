"""The power gauge and its words ("last", "58% ±9%") keep off the line of fire and inside the
free area (a play-tester at 1024x640 found them lying over the aim line: the first spot beside
the cap, pushed in from the view's edge, landed on it)."""

from __future__ import annotations

import math

import pytest

from skully_game.skully.caps import CapType
from skully_game.skully.game_setup import GameSetup, Seat
from skully_game.skully.hand import HandLevel, Input
from tests.ui_helpers import make_app, open_skully_game, settle_view


@pytest.fixture
def app():  # type: ignore[no-untyped-def]
    app = make_app((1024, 640))
    yield app
    app.stack.clear()


def _crossings(app, hand: HandLevel) -> tuple[int, int, int]:  # type: ignore[no-untyped-def]
    seats = [
        Seat("Ace", 0, CapType.CROWN, hand=hand, input=Input.SLINGSHOT),
        Seat("Bo", 1, CapType.CROWN),
    ]
    scene = open_skully_game(app, GameSetup(seats=seats, seed=5))
    table = scene.table
    settle_view(app, table)
    table.last_powers = {0: 0.5}
    frame = table.camera.frame
    crossed = outside = tries = 0
    # the cap near each edge and corner of the free area, and in the middle, aimed every way
    for fx in (0.04, 0.5, 0.96):
        for fy in (0.04, 0.5, 0.96):
            at = (frame.x + fx * frame.w, frame.y + fy * frame.h)
            table.positions[0] = table.camera.to_world(at)
            table.select(0)
            table.mode = table.mode.KEYS
            for degrees in range(0, 360, 30):
                for power in (0.25, 0.6):
                    table.power, table.aim_angle = power, math.radians(degrees)
                    app.draw(1.0)
                    meter = table.drawn["meter"]
                    # the aim line as drawn: from the cap, as long as the power makes it
                    x, y = table.camera.to_screen(table.positions[0])
                    reach = 14 + 40 + 120 * power
                    tip = (
                        x + reach * math.cos(table.aim_angle),
                        y - reach * math.sin(table.aim_angle),
                    )
                    crossed += bool(meter.clipline((x, y), tip))
                    outside += not table.camera.frame.contains(meter)
                    tries += 1
    return crossed, outside, tries


@pytest.mark.parametrize("hand", [HandLevel.STEADY, HandLevel.REGULAR])
def test_the_gauge_never_lies_over_the_line_of_fire_at_1024x640(app, hand) -> None:  # type: ignore[no-untyped-def]
    crossed, outside, tries = _crossings(app, hand)
    assert tries == 216
    assert crossed <= 0.02 * tries, f"{crossed} of {tries} over the line of fire"
    assert outside == 0, f"{outside} of {tries} outside the free area"
