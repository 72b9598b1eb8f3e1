"""A computer player's miss is explained as a person's is (issue 39's play-test): the log and
the banner say "Bobby: 17 cm short of 3", not only "Bobby missed"."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skully.captable import AimMode
from skully_game.skully.caps import CapType
from skully_game.skully.game_setup import GameSetup, Seat
from skully_game.skully.guide import GuideMode
from skully_game.skully.hand import HandLevel
from tests.ui_helpers import ev, make_app, open_skully_game


@pytest.fixture
def app():  # type: ignore[no-untyped-def]
    app = make_app((1280, 800))
    app.stack.push(MenuScene(app))
    yield app
    app.stack.clear()


def test_a_computer_players_short_shot_is_told_how_short(app) -> None:
    steady = HandLevel.STEADY
    seats = [Seat("Bobby", 0, CapType.CROWN, hand=steady), Seat("Ace", 1, CapType.CROWN)]
    scene = open_skully_game(app, GameSetup(seats=seats, seed=5, flick_guide=GuideMode.OFF))
    assert scene.actor() == 0
    # Bobby's seat made a computer's (its shot made here, as the computer's turn makes it)
    session = scene.session
    session.seats = (dataclasses.replace(session.seats[0], kind="regular"), *session.seats[1:])
    table = scene.table
    table.select(0)
    table.mode = AimMode.KEYS
    table.aim_angle = table.aim_angle  # at its goal
    table.power = 0.05  # far short
    app.dispatch(ev(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0))
    assert table.busy
    table.finish_playback()
    said = [text for text, _ in scene.log]
    told = [t for t in said if t.startswith("Bobby: ") and "short" in t]
    assert told, said
    assert any(text == told[0] for text, _ in scene.banner)
    assert "softer" not in told[0] and "harder" not in told[0]  # no wobble told of a computer
