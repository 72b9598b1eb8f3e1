"""A person whose opponent sits stuck in the skull is told once that knocking the cap out pays
its number and frees them (a play-tester waited 34 shots alone, not knowing why)."""

from __future__ import annotations

from dataclasses import replace

from skully_game.scenes.menu import MenuScene
from tests.test_skully_turn_in_sight import _game, _turn
from tests.ui_helpers import make_app


def _told(scene) -> list[str]:  # type: ignore[no-untyped-def]
    return [line for line, _ in scene.log if line.startswith("Tip:")]


def test_a_stuck_opponent_is_pointed_out_once_with_what_freeing_pays() -> None:
    app = make_app((1024, 640))
    app.stack.push(MenuScene(app))
    scene = _game(app)
    board = scene.session.board
    at = board.trapezoid_centre(0)
    state = scene.session.state
    stuck = replace(state.players[1], pos=at, step=8, stuck=True)
    scene.session.state = replace(state, players=(state.players[0], stuck))
    _turn(scene, board.box_centre(5), step=5)
    tips = _told(scene)
    n = board.locate(at, stuck.cap.spec.radius).skull_number
    assert tips == [f"Tip: P1 is stuck in the skull: knock the cap out for +{n} (it frees them)"]
    _turn(scene, board.box_centre(6), step=6)
    assert len(_told(scene)) == 1, "said once"
