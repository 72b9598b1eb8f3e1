"""Tab aims at the nearest of the places the goal allows: in the killer diller, "a" into the
skull's 4 or 8 aims at the one beside the cap (it aimed across 13 at the far one: a
play-test)."""

from __future__ import annotations

import math
from dataclasses import replace

from skully_game.scenes.menu import MenuScene
from skully_game.skully.rules import course
from skully_game.skully.rules.areas import trapezoid_polygon
from skully_game.skully.rules.state import target
from tests.test_skully_turn_in_sight import _game, _turn
from tests.ui_helpers import make_app


def _middle(board, t):  # type: ignore[no-untyped-def]
    corners = list(trapezoid_polygon(board, t))
    return (sum(c[0] for c in corners) / len(corners), sum(c[1] for c in corners) / len(corners))


def test_tab_aims_at_the_nearer_of_two_skull_parts() -> None:
    app = make_app((1024, 640))
    app.stack.push(MenuScene(app))
    scene = _game(app)
    board = scene.session.board
    step = next(
        s for s in range(60) if (stop := course.target_stop(s)) and stop.word == 2
    )  # the diller's second word: one part made, two beside it allowed
    first = course.diller_targets(())[0]
    state = scene.session.state
    me = replace(state.players[0], step=step, diller=(first,))
    scene.session.state = replace(state, players=(me, *state.players[1:]))
    allowed = target(me).trapezoids
    assert len(allowed) == 2
    far, near = (_middle(board, t) for t in allowed)  # the cap beside the second
    at = (near[0] + 0.6 * (near[0] - far[0]), near[1] + 0.6 * (near[1] - far[1]))
    _turn(scene, at, step=step)
    aim = scene._aim_point(0)
    assert aim is not None and math.dist(aim, near) < 1e-9
