"""A stray Space at a turn's start never shoots (issue 39's play-test: one tap just after the
turn armed fired "1.61 m short"). The first press picks and aims the cap as Tab does, the
banner says "Space again to flick", and only the press after that shoots."""

from __future__ import annotations

import math

import pygame
import pytest

from skully_game.scenes.menu import MenuScene
from skully_game.skully.caps import CapType
from skully_game.skully.game_setup import GameSetup, Seat
from skully_game.skully.guide import GuideMode
from skully_game.skully.hand import HandLevel
from tests.ui_helpers import ev, make_app, open_skully_game

STEADY = HandLevel.STEADY


@pytest.fixture
def app():  # type: ignore[no-untyped-def]
    app = make_app((1280, 800))
    app.stack.push(MenuScene(app))
    yield app
    app.stack.clear()


@pytest.mark.parametrize("key", [pygame.K_SPACE, pygame.K_RETURN])
def test_the_first_press_aims_and_the_second_shoots(app, key) -> None:
    seats = [Seat("Ace", 0, CapType.CROWN, hand=STEADY), Seat("Bo", 1, CapType.CROWN, hand=STEADY)]
    scene = open_skully_game(app, GameSetup(seats=seats, seed=5, flick_guide=GuideMode.ALWAYS))
    table = scene.table
    assert "again" not in scene._prompt()
    app.dispatch(ev(pygame.KEYDOWN, key=key, mod=0))
    assert not table.busy, "the first press at a turn's start never shoots"
    i = table.selected
    cap, goal = table.positions[i], table.aim_at(i)
    assert goal is not None
    assert table.aim_angle == pytest.approx(math.atan2(goal[1] - cap[1], goal[0] - cap[0]))
    assert scene._prompt().endswith("(Space again to flick)")
    app.dispatch(ev(pygame.KEYDOWN, key=key, mod=0))
    assert table.busy, "the press after the aim shoots"
