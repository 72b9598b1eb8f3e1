"""The power meter keeps off the board's numbers, the skull's red ones as well as the boxes'
(issue 39: a meter over a number hides what the player aims for)."""

from __future__ import annotations

import math

from skully_game.skully.caps import CapType
from skully_game.skully.game_setup import GameSetup, Seat
from skully_game.skully.hand import HandLevel, Input
from tests.ui_helpers import open_skully_game, settle_view


def test_the_meter_finds_a_spot_clear_of_every_number_nearly_always(app):
    """A cap 12 cm from each number on the board (box and skull), aimed every way: the meter
    covered a number in 4.1 % of these with two spots a side, 1.9 % with three."""
    seats = [
        Seat("Ace", 0, CapType.CROWN, hand=HandLevel.REGULAR, input=Input.SLINGSHOT),
        Seat("Bo", 1, CapType.CROWN),
    ]
    scene = open_skully_game(app, GameSetup(seats=seats, seed=3))
    table = scene.table
    settle_view(app, table)
    assert len(table.painter.marks) >= 12 + 1 + 4, "every box's number, 13's, the skull's four"
    covered = tries = 0
    for mark in table.painter.marks:
        for dx, dy in ((0.12, 0), (-0.12, 0), (0, 0.12), (0, -0.12)):
            for degrees in range(0, 360, 45):
                table.positions[0] = (mark.at[0] + dx, mark.at[1] + dy)
                table.camera.centre = table.positions[0]
                table.camera.target = (table.positions[0], table.camera.scale)
                table.select(0)
                table.mode = table.mode.KEYS
                table.power, table.aim_angle = 0.2, math.radians(degrees)
                app.draw(1.0)
                meter = table.drawn["meter"]
                covered += any(meter.colliderect(r) for r in table._number_rects())
                tries += 1
    assert covered <= 0.03 * tries, f"{covered} of {tries}"
