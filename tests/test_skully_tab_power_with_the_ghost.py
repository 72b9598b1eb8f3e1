"""Tab's first power where the flick guide's ghost is on (issue 39): the ghost already shows a
pull how far the cap goes, so Tab starts from the power that slides to the goal rather than at
40 % whatever the distance; where no guide shows the length it still starts at 40 %."""

from __future__ import annotations

import math

import pygame
import pytest

from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skully.capkit import START_POWER
from skully_game.skully.caps import CapType
from skully_game.skully.game_setup import GameSetup, Seat
from skully_game.skully.guide import GuideMode
from skully_game.skully.physics import MAX_SPEED, G
from tests.ui_helpers import ev, make_app, open_skully_game


@pytest.fixture
def app():  # type: ignore[no-untyped-def]
    app = make_app((1280, 800))
    app.stack.push(MenuScene(app))
    yield app
    app.stack.clear()


def _tab_power(app, mode: GuideMode) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """Tab's first power, and the power that slides the picked cap to its goal."""
    seats = [Seat("Ace", 0, CapType.CROWN), Seat("Bo", 1, CapType.CROWN)]
    scene = open_skully_game(app, GameSetup(seats=seats, seed=3, flick_guide=mode))
    table = scene.table
    table.select(None)
    app.dispatch(ev(pygame.KEYDOWN, key=pygame.K_TAB, mod=0))
    cap = table.positions[table.selected]
    goal = table.aim_at(table.selected)
    assert goal is not None
    reach = math.sqrt(2 * CapType.CROWN.spec.mu * G * math.dist(cap, goal)) / MAX_SPEED
    return table.power, reach


@pytest.mark.parametrize("mode", [GuideMode.ALWAYS, GuideMode.LEARNING])
def test_with_the_ghost_on_tab_starts_from_the_power_that_reaches_the_goal(app, mode):
    power, reach = _tab_power(app, mode)
    assert power == pytest.approx(reach)
    assert power != pytest.approx(START_POWER, abs=0.02)


def test_with_the_guide_off_tab_starts_at_a_middling_pull(app):
    power, _ = _tab_power(app, GuideMode.OFF)
    assert power == START_POWER
