"""Tab's first power where no guide shows the length (issue 39's play-test: once the ghost
stepped back, Tab's power quietly fell to 40 %): it starts at this seat's last shot's power,
the gauge's "last" mark a player adjusts from, and at 40 % only before their first shot."""

from __future__ import annotations

import pygame
import pytest

from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skully.capkit import START_POWER
from skully_game.scenes.skully.captable import AimMode
from skully_game.skully.caps import CapType
from skully_game.skully.game_setup import GameSetup, Seat
from skully_game.skully.guide import GuideMode
from skully_game.skully.hand import HandLevel
from tests.ui_helpers import ev, make_app, open_skully_game, wait_for_turn

STEADY = HandLevel.STEADY


@pytest.fixture
def app():  # type: ignore[no-untyped-def]
    app = make_app((1280, 800))
    app.stack.push(MenuScene(app))
    yield app
    app.stack.clear()


def tab(app) -> None:  # type: ignore[no-untyped-def]
    app.dispatch(ev(pygame.KEYDOWN, key=pygame.K_TAB, mod=0))


def shoot_by_keys(app, scene, power: float) -> None:  # type: ignore[no-untyped-def]
    """The one to play shoots by the keys at `power`, up and away from every cap."""
    table = scene.table
    wait_for_turn(app, scene)
    tab(app)
    table.aim_angle, table.power = 1.4, power
    table.mode = AimMode.KEYS
    app.dispatch(ev(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0))
    assert table.busy
    app.dispatch(ev(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0))  # the replay skipped
    assert not table.busy


def test_with_the_guide_off_tab_starts_at_the_seats_last_power(app) -> None:
    seats = [Seat("Ace", 0, CapType.CROWN, hand=STEADY), Seat("Bo", 1, CapType.CROWN, hand=STEADY)]
    setup = GameSetup(seats=seats, seed=5, flick_guide=GuideMode.OFF)
    scene = open_skully_game(app, setup)
    table = scene.table
    table.select(None)
    tab(app)
    assert scene.actor() == 0 and table.power == START_POWER  # no shot yet: a middling pull
    shoot_by_keys(app, scene, 0.23)
    assert scene.actor() == 1
    shoot_by_keys(app, scene, 0.61)
    assert scene.actor() == 0
    table.select(None)
    tab(app)
    assert table.selected == 0
    assert table.power == pytest.approx(0.23), "Tab forgot Ace's last power"
