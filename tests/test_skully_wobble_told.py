"""A person's miss is told with their own shot: why it missed and what their hand's wobble did,
in one line of the turn log named for them, never as news under the next player's turn (where
"Carmen to shoot / (the hand's wobble: ...)" read as Carmen's)."""

from __future__ import annotations

import math

import pygame
import pytest

from skully_game.scenes.skully.captable import AimMode
from skully_game.scenes.skully.table import SkullyGameScene
from skully_game.skully.caps import CapType
from skully_game.skully.game_setup import GameSetup, Seat
from skully_game.skully.hand import HandLevel
from skully_game.skully.rules import target
from tests.ui_helpers import flick_to_stop_at, key, run_until_still, wait_for_turn


def test_the_wobble_is_told_with_the_miss_it_spoiled(app) -> None:
    seats = [
        Seat("Ace", 0, CapType.CROWN, hand=HandLevel.BEGINNER),
        Seat("Carmen", 2, CapType.CROWN, kind="regular"),
    ]
    scene = SkullyGameScene.new(app, GameSetup(seats=seats, seed=11))
    app.stack.push(scene)
    for _ in range(100):  # Ace puts the cap down; Carmen puts her own
        if scene.state.to_play == 0 and scene._placement() is None:
            break
        if scene._placement() is not None and scene._placement().player == 0:
            wait_for_turn(app)
            app.dispatch(key(pygame.K_RETURN))
        app.run_frames(1)
    table, board = scene.table, scene.session.board
    x, y = table.positions[0]
    gx, gy = board.box_centre(target(scene.state.players[0]).boxes[0])
    k = 0.4 / math.dist((x, y), (gx, gy))  # well short of the box, clear of Carmen's cap
    flick_to_stop_at(app, table, 0, (x + (gx - x) * k, y + (gy - y) * k))
    run_until_still(app, table)
    app.run_frames(1)
    assert scene.state.to_play == 1, "Ace missed: Carmen is next"
    assert scene.wobble_note, "a beginner's hand wobbles"
    log = [text for text, _ in scene.log]
    told = [n for n, text in enumerate(log) if scene.wobble_note in text]
    assert len(told) == 1, "the wobble is in the turn log"
    line = log[told[0]]
    assert line.startswith("Ace: ") and scene.miss_note in line, "with Ace's miss, named"
    assert told[0] < log.index("Carmen to shoot"), "before the next player's turn"
    news = [text for text, _ in scene.banner]
    assert all(text.startswith("Ace: ") for text in news if "wobble" in text)
    resumed = SkullyGameScene.from_save(app, scene.path)
    assert line in [text for text, _ in resumed.log], "a Resume tells it again, the same"


def test_a_records_seed_gives_back_the_flick_a_person_meant(app) -> None:
    """The record keeps only the flick made; the wobble is drawn from the game's seed, so the
    flick meant (and the words about the wobble) come back exactly after a Resume."""
    seats = [
        Seat("Ace", 0, CapType.CROWN, hand=HandLevel.BEGINNER),
        Seat("Bo", 1, CapType.CROWN, hand=HandLevel.STEADY),
    ]
    scene = SkullyGameScene.new(app, GameSetup(seats=seats, seed=5))
    app.stack.push(scene)
    for _ in range(2):
        wait_for_turn(app)
        app.dispatch(key(pygame.K_RETURN))
    table = scene.table
    table.aim_angle, table.power = math.radians(80), 0.3
    table.mode = AimMode.KEYS
    meant = table.current_flick()
    wait_for_turn(app)
    app.dispatch(key(pygame.K_SPACE))
    run_until_still(app, table)
    session = scene.session
    k = len(session.actions) - 1
    made = session.actions[k].flick
    assert made != meant
    back = session.meant_flick(k)
    assert back is not None
    assert back.angle == pytest.approx(meant.angle) and back.speed == pytest.approx(meant.speed)
    assert session.meant_flick(0) is None  # a cap put down: no flick
