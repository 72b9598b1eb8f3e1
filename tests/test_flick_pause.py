"""A flick that stops before the button comes up (issue 39's play-test: "only touched", while
the cue and the flick guide still showed the stroke's shot): the stroke is the flick, so the
shot made is the one the table showed while the hand was held still."""

from __future__ import annotations

import math

import pygame
import pytest

from skully_game.scenes.skully.capkit import TOO_SLOW
from skully_game.scenes.skully.table import SkullyGameScene
from skully_game.skully.caps import CapType
from skully_game.skully.game_setup import GameSetup, Seat
from skully_game.skully.hand import Input, flick_speed
from skully_game.skully.physics import MAX_SPEED
from skully_game.skully.session import ShotAction
from tests.ui_helpers import ev, key, run_until_still, settle_view, wait_for_turn


def _table(app) -> SkullyGameScene:
    seats = [Seat("Ace", 0, CapType.CROWN, input=Input.FLICK), Seat("Bo", 1, CapType.CROWN)]
    scene = SkullyGameScene.new(app, GameSetup(seats=seats, seed=7))
    app.stack.push(scene)
    for _ in range(20):
        if scene._placement() is None:
            break
        wait_for_turn(app)
        app.dispatch(key(pygame.K_RETURN))
        app.run_frames(1)
    settle_view(app, scene.table)
    return scene


def _stroke(app, at, px_per_s: float, t0: float = 50.0) -> tuple[float, tuple[int, int]]:
    """Press on the cap, stroke up through it for 64 ms: the time and place it stopped."""
    app.dispatch(ev(pygame.MOUSEBUTTONDOWN, pos=(round(at[0]), round(at[1])), button=1, t=t0))
    pos = (round(at[0]), round(at[1]))
    for k in range(1, 9):
        pos = (round(at[0]), round(at[1] - px_per_s * 0.008 * k))
        app.dispatch(
            ev(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0), t=t0 + k * 0.008)
        )
    return t0 + 0.064, pos


@pytest.mark.parametrize("pause", [0.1, 0.6])
def test_a_stroke_held_still_before_letting_go_shoots_as_the_cue_showed(app, pause) -> None:
    scene = _table(app)
    table = scene.table
    at = table.camera.to_screen(table.positions[0])
    stopped, pos = _stroke(app, at, 900.0)
    app.run_frames(3)  # the hand held still: the cue and the guide still show the stroke
    shown = table.power * MAX_SPEED
    assert shown == pytest.approx(flick_speed(900.0), rel=0.03)
    app.dispatch(ev(pygame.MOUSEBUTTONUP, pos=pos, button=1, t=stopped + pause))
    assert table.busy, "the stroke was the shot"
    run_until_still(app, table)
    shot = next(a for a in reversed(scene.session.actions) if isinstance(a, ShotAction))
    assert shot.flick.speed == pytest.approx(shown, rel=1e-6)
    assert math.degrees(shot.flick.angle) == pytest.approx(90, abs=1)
    assert not any(t.message == TOO_SLOW for t in app.toasts)


def test_a_cap_pressed_and_let_go_without_a_stroke_is_only_touched(app) -> None:
    scene = _table(app)
    table = scene.table
    x, y = (round(v) for v in table.camera.to_screen(table.positions[0]))
    app.dispatch(ev(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, t=50.0))
    for k, (dx, dy) in enumerate([(1, 0), (1, 1), (0, 1), (0, 0)], start=1):  # a tremble
        app.dispatch(
            ev(
                pygame.MOUSEMOTION,
                pos=(x + dx, y + dy),
                rel=(0, 0),
                buttons=(1, 0, 0),
                t=50 + k * 0.008,
            )
        )
    app.dispatch(ev(pygame.MOUSEBUTTONUP, pos=(x, y), button=1, t=50.8))
    assert not table.busy and scene.state.shots == 0
    assert any(t.message == TOO_SLOW for t in app.toasts)
