"""Only Enter (or a click) puts a cap down, as the prompt says: Space skips a shot's replay and
flicks, so a player who taps it twice after a good shot must not give away their choice of spot."""

from __future__ import annotations

import pygame

from skully_game.scenes.skully.table import SkullyGameScene
from skully_game.skully.caps import CapType
from skully_game.skully.game_setup import GameSetup, Seat
from skully_game.skully.hand import HandLevel
from skully_game.skully.rules import DecisionKind, target
from tests.ui_helpers import flick_to_stop_at, key, wait_for_turn

STEADY = HandLevel.STEADY


def new_game(app) -> SkullyGameScene:
    seats = [Seat("Ace", 0, CapType.CROWN, hand=STEADY), Seat("Bo", 1, CapType.CROWN, hand=STEADY)]
    scene = SkullyGameScene.new(app, GameSetup(seats=seats, seed=11))
    app.stack.push(scene)
    return scene


def test_space_does_not_put_a_cap_down_behind_the_start_line(app) -> None:
    scene = new_game(app)
    assert scene._placement().kind is DecisionKind.PLACE_START
    wait_for_turn(app)
    app.dispatch(key(pygame.K_SPACE))
    wait_for_turn(app)
    app.dispatch(key(pygame.K_SPACE))
    assert scene.state.players[0].pos is None, "Space put the cap down"
    wait_for_turn(app)
    app.dispatch(key(pygame.K_RETURN))
    assert scene.state.players[0].pos is not None


def test_space_twice_after_making_a_box_skips_the_replay_and_keeps_the_choice(app) -> None:
    scene = new_game(app)
    for _ in range(2):
        wait_for_turn(app)
        app.dispatch(key(pygame.K_RETURN))
    table = scene.table
    box = target(scene.state.players[0]).boxes[0]
    flick_to_stop_at(app, table, 0, scene.session.board.box_centre(box))
    assert table.busy
    wait_for_turn(app)
    app.dispatch(key(pygame.K_SPACE))  # skip the replay
    assert not table.busy
    placing = scene._placement()
    assert placing is not None and placing.player == 0 and placing.box == box
    wait_for_turn(app)
    app.dispatch(key(pygame.K_SPACE))  # the second tap
    assert scene._placement() == placing, "Space put the cap down at the default spot"
    assert scene.state.shots == 1 and not table.busy  # nor did it flick
    wait_for_turn(app)
    app.dispatch(key(pygame.K_RETURN))
    assert scene._placement() is None
