"""No cap a player needs lies under the banner above the board: the view frames the turn in the
part of the board not covered, from the first frame after a Resume (issue 29, section 3)."""

from __future__ import annotations

import math

import pygame
import pytest

import skully_game.scenes.skully.captable as capsdraw
from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skully.table import SkullyGameScene
from skully_game.skully.caps import CapType
from skully_game.skully.game_setup import GameSetup, Seat
from skully_game.skully.rules import suggested_spot
from skully_game.skully.session import Session
from tests.ui_helpers import make_app, settle_view

SIZES = [(1280, 800), (1024, 640)]


def shoot_to(session: Session, target: tuple[float, float]) -> None:
    """The player to shoot slides their cap to `target` (aimed again until it stops there)."""
    me = session.state.to_play
    x, y = session.state.players[me].pos
    angle, speed = math.atan2(target[1] - y, target[0] - x), 2.0
    for _ in range(40):
        flick, result, caps = session.simulate(angle, speed)
        rest = result.rest[caps.index(me)]
        if math.dist(rest, target) < 0.01:
            break
        speed *= math.sqrt(math.dist(target, (x, y)) / max(math.dist(rest, (x, y)), 1e-3))
        angle += math.atan2(target[1] - y, target[0] - x) - math.atan2(rest[1] - y, rest[0] - x)
    assert math.dist(rest, target) < 0.02
    session.judge(flick, result)


def place_all(session: Session) -> None:
    while session.state.pending:
        d = session.state.pending[0]
        session.place(d.player, suggested_spot(session.state, session.board, d))


def resumed(size: tuple[int, int], ace_at: tuple[float, float], bo_shoots: bool):
    """A two-person game saved with Ace's cap at `ace_at` (as a fraction of the board's side),
    then opened again from Resume: the table as it comes up."""
    app = make_app(size)
    app.stack.push(MenuScene(app))
    seats = [Seat("Ace", 0, CapType.CROWN), Seat("Bo", 1, CapType.CROWN)]
    first = SkullyGameScene.new(app, GameSetup(seats=seats, seed=3))
    session = first.session
    place_all(session)
    side = session.board_spec.board_side
    shoot_to(session, (ace_at[0] * side, ace_at[1] * side))
    place_all(session)
    if bo_shoots:  # a little shot: Ace to shoot again
        bx, by = session.state.players[1].pos
        shoot_to(session, (bx + 0.05, by + 0.03))
        place_all(session)
    session.save(first.path)
    scene = SkullyGameScene.from_save(app, first.path)
    app.stack.push(scene)
    return app, scene


def drawn_caps(app, monkeypatch) -> dict[tuple[int, int, int], pygame.Rect]:
    """Where each cap is drawn in one frame, by its colour."""
    seen: dict[tuple[int, int, int], pygame.Rect] = {}
    real = capsdraw.draw_cap

    def spy(surface, kind, colour, symbol, at, r, *rest):
        seen[tuple(colour)] = pygame.Rect(at[0] - r, at[1] - r, 2 * r, 2 * r)
        return real(surface, kind, colour, symbol, at, r, *rest)

    with monkeypatch.context() as patch:
        patch.setattr(capsdraw, "draw_cap", spy)
        app.draw(0.0)
    return seen


def assert_clear(app, scene: SkullyGameScene, monkeypatch, who: int, seen: bool = True) -> None:
    """Cap `who` is not drawn under the banner (and, if `seen`, is drawn inside the view)."""
    cap = drawn_caps(app, monkeypatch)[tuple(scene.looks[who].colour)]
    assert not seen or scene.table.camera.viewport.contains(cap), "the cap is in the view"
    assert not cap.colliderect(scene.banner_rect()), (cap, scene.banner_rect())


@pytest.mark.parametrize("size", SIZES)
def test_a_cap_at_the_far_top_is_clear_of_the_banner_after_resume(size, monkeypatch) -> None:
    app, scene = resumed(size, (0.5, 0.99), bo_shoots=True)
    assert scene.state.to_play == 0
    assert_clear(app, scene, monkeypatch, 0)  # the first frame
    settle_view(app, scene.table)
    assert_clear(app, scene, monkeypatch, 0)  # and once the view is still
    app.stack.clear()


@pytest.mark.parametrize("size", SIZES)
def test_another_cap_just_above_the_turns_view_is_not_under_the_banner(size, monkeypatch) -> None:
    """Bo shoots from the start; Ace's cap lies a little above what Bo's turn frames."""
    app, scene = resumed(size, (0.1, 0.276), bo_shoots=False)
    assert scene.state.to_play == 1
    settle_view(app, scene.table)
    assert_clear(app, scene, monkeypatch, 1)
    assert_clear(app, scene, monkeypatch, 0, seen=False)  # in the clear, or out of view
    app.stack.clear()


@pytest.mark.parametrize("trap", [0, 1, 2, 3])
def test_a_caps_label_does_not_hide_a_skull_number(app, trap: int) -> None:
    """A cap beside a trapezoid's number: its label goes where the number still reads."""
    from skully_game.skully.geometry import Trapezoid

    seats = [Seat("Ace", 0, CapType.CROWN), Seat("Bo", 1, CapType.CROWN)]
    scene = SkullyGameScene.new(app, GameSetup(seats=seats, seed=3))
    app.stack.push(scene)
    place_all(scene.session)
    scene._sync()
    table, cam = scene.table, scene.table.camera
    table.aim_frame = None  # the whole board, as F shows it
    table.frame_view(snap=True)
    board, spec = scene.session.board, scene.session.board_spec
    x, y = board.trapezoid_centre(Trapezoid(trap))
    table.positions[1] = (x - spec.thirteen_side * 0.3, y - spec.thirteen_side * 0.25)
    table.relabel()
    app.draw(0.0)
    px = max(round(spec.thirteen_side * 0.42 * cam.scale), 16)
    sx, sy = cam.to_screen((x, y))
    number = pygame.Rect(round(sx - px / 2), round(sy - px / 2), px, px)
    assert not table.drawn["label 1"].colliderect(number), (table.drawn["label 1"], number)
    app.stack.clear()
