"""A turn's view keeps the shooter and its goal in sight and, where it can at the player's scale,
every other cap near the line of fire out from under the banner (a play-tester saw caps just
past the goal hidden under it on their turn)."""

from __future__ import annotations

import math

import pytest

from skully_game.scenes.skully.turnview import NEAR_FIRE, near_the_line
from skully_game.shell.view import around, union
from tests.test_skully_turn_in_sight import SIZES, _game, _turn
from tests.ui_helpers import make_app, settle_view


@pytest.fixture(params=SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def app(request):  # type: ignore[no-untyped-def]
    from skully_game.scenes.menu import MenuScene

    app = make_app(request.param)
    app.stack.push(MenuScene(app))
    yield app
    app.stack.clear()


def _place(scene, who: int, at: tuple[float, float]) -> None:  # type: ignore[no-untyped-def]
    from dataclasses import replace

    state = scene.session.state
    players = list(state.players)
    players[who] = replace(players[who], pos=at)
    scene.session.state = replace(state, players=tuple(players))


def test_near_the_line_reaches_a_little_past_the_goal() -> None:
    assert near_the_line((0, 0), (1, 0), (0.5, NEAR_FIRE - 0.01))
    assert near_the_line((0, 0), (1, 0), (1 + NEAR_FIRE - 0.02, 0))
    assert not near_the_line((0, 0), (1, 0), (0.5, NEAR_FIRE + 0.01))
    assert not near_the_line((0, 0), (1, 0), (-0.2, 0.25))  # behind the shooter, off the line


def test_a_cap_just_past_the_goal_is_framed_when_it_fits(app) -> None:  # type: ignore[no-untyped-def]
    scene = _game(app, seats=2)
    table, board = scene.table, scene.session.board
    settle_view(app, table)
    hidden = fitted = 0
    # the shooter a short shot from its box, the other cap just past the box along the line
    for step in range(2, 12):
        box = step + 1
        goal = board.box_centre(box)
        for angle in range(0, 360, 45):
            a = math.radians(angle)
            start = (goal[0] - 0.6 * math.cos(a), goal[1] - 0.6 * math.sin(a))
            past = (goal[0] + 0.32 * math.cos(a), goal[1] + 0.32 * math.sin(a))
            _place(scene, 1, past)
            _turn(scene, start, step=step, to_play=0)
            core = scene._aim_frame(0)
            if core is None or not table.fits(union(core, around([past], 0.06) or core)):
                continue
            fitted += 1
            hidden += not table.holds(around([past], 0.03), table.camera.target, 0)
    assert fitted >= 20
    assert hidden == 0, f"{hidden} of {fitted} caps by the line left out of the free area"
