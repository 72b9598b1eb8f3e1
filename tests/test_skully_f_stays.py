"""F is a toggle the player owns: the whole board stays turn after turn (after a shot, after a
cap is put down) till F again or the wheel (issue 39, item 1)."""

from __future__ import annotations

import pygame
import pytest

from skully_game.skully.game_setup import GameSetup, Seat
from tests.test_skully_framing import place_all, shoot_to
from tests.ui_helpers import ev, key, open_skully_game, settle_view


def whole_scale(table) -> float:
    cam = table.camera
    return cam.fit(table.whole_rect())[1]


def test_f_stays_after_a_placement_and_a_shot_until_f_again(app) -> None:
    scene = open_skully_game(app, GameSetup(seats=[Seat("Ace", 0), Seat("Bo", 1)], seed=4))
    table = scene.table
    app.dispatch(key(pygame.K_f))
    settle_view(app, table)
    assert table.camera.scale == pytest.approx(whole_scale(table), rel=1e-3)
    session = scene.session
    place_all(session)
    scene._sync()
    settle_view(app, table)
    assert table.whole_shown
    assert table.camera.scale == pytest.approx(whole_scale(table), rel=1e-3)
    me = session.state.to_play
    x, y = session.state.players[me].pos
    shoot_to(session, (x + 0.2, y + 0.6))
    place_all(session)
    scene._sync()
    settle_view(app, table)
    assert table.whole_shown, "a shot does not cancel F"
    assert table.camera.scale == pytest.approx(whole_scale(table), rel=1e-3)
    app.dispatch(key(pygame.K_f))
    settle_view(app, table)
    assert not table.whole_shown
    assert table.camera.scale == pytest.approx(table.view_scale(), rel=1e-3)


def test_the_wheel_ends_f_and_the_next_turn_is_at_the_wheels_scale(app) -> None:
    scene = open_skully_game(app, GameSetup(seats=[Seat("Ace", 0), Seat("Bo", 1)], seed=4))
    table = scene.table
    app.dispatch(key(pygame.K_f))
    settle_view(app, table)
    table.mouse = table.camera.viewport.center
    app.dispatch(ev(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0))
    assert not table.whole_shown
    session = scene.session
    place_all(session)
    scene._sync()
    settle_view(app, table)
    assert table.camera.scale == pytest.approx(table.view_scale(), rel=1e-3)
