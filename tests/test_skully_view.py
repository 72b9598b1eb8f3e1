"""F's whole board: every cap in, the out-of-town line beside a cap beyond the board."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from skully_game.scenes.skully.table import SkullyGameScene
from skully_game.skully.game_setup import GameSetup, Seat
from tests.ui_helpers import key, open_skully_game, settle_view


def test_f_with_a_cap_far_out_of_town_shows_it_and_its_line_and_keeps_the_board_large(app):
    """F shows every cap and, for a cap beyond the board, the out-of-town line on its side;
    not the whole square round the board, which shrank the board to 150 px at 1024x640."""
    scene = open_skully_game(app, GameSetup(seats=[Seat("Ace", 0), Seat("Bo", 1)], seed=4))
    side = scene.session.board_spec.board_side
    state = scene.session.state
    far = (-0.9 * side, 0.6 * side)
    scene.session.state = replace(
        state, players=(state.players[0], replace(state.players[1], pos=far))
    )
    scene._sync()
    table = scene.table
    app.dispatch(key(pygame.K_f))
    settle_view(app, table)
    cam = table.camera
    for i in table.visible():
        assert cam.frame.collidepoint(cam.to_screen(table.positions[i]))
    d = scene.session.board_spec.out_of_town
    assert cam.frame.collidepoint(cam.to_screen((-d, far[1])))  # the line on the cap's side
    for corner in ((0, 0), (side, side)):  # the board whole
        assert cam.frame.collidepoint(cam.to_screen(corner))
    # the board larger than when F framed the out-of-town square all round it
    all_round = min(cam.frame.w, cam.frame.h) / (side + 2 * d + 0.6)
    assert cam.scale >= 1.15 * all_round


def test_the_wheels_scale_is_kept_for_a_resumed_game(app):
    from skully_game.skully.session import load_session
    from tests.ui_helpers import ev

    scene = SkullyGameScene.new(app, GameSetup(seats=[Seat("Ace", 0), Seat("Bo", 1)], seed=4))
    app.stack.push(scene)
    table = scene.table
    table.mouse = table.camera.viewport.center
    app.dispatch(ev(pygame.MOUSEWHEEL, x=0, y=2, flipped=False, precise_x=0.0, precise_y=2.0))
    chosen = table.zoom_factor
    assert chosen > 1.0
    scene.save()
    again = SkullyGameScene(app, load_session(scene.path))
    assert again.table.zoom_factor == pytest.approx(chosen, rel=1e-3)
    assert again.table.camera.scale == pytest.approx(again.table.view_scale())


def test_a_new_killer_offered_the_out_of_town_line_sees_where_it_goes(app):
    """A play-tester became a killer and was asked to put the cap on the out-of-town line with
    the board's middle in view and the line off screen: the view pans to the spot offered."""
    from skully_game.skully.rules.state import Decision, DecisionKind

    scene = open_skully_game(app, GameSetup(seats=[Seat("Ace", 0), Seat("Bo", 1)], seed=4))
    state = scene.session.state
    side = scene.session.board_spec.board_side
    from skully_game.skully.rules.state import KILLER

    ace = replace(state.players[0], step=KILLER, fresh_killer=True, pos=(side / 2, side / 2))
    offer = Decision(DecisionKind.PLACE_OUT_OF_TOWN, 0)
    scene.session.state = replace(
        state, players=(ace, *state.players[1:]), to_play=0, pending=(), offers=(offer,)
    )
    scene._sync()
    scene.take_offer(offer)
    table = scene.table
    settle_view(app, table)
    spot = scene._default_spot(offer)
    assert table.camera.frame.collidepoint(table.camera.to_screen(spot))
