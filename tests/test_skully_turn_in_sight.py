"""Issue 39, the view: at every turn of a game the shooter's cap and its goal lie inside the free
area (the board's part of the window below the banner and beside the panel), at one scale the
player chose, zoomed out only for a turn that cannot be shown at it; a turn already in view
does not move the view."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skully.capview import TURN_ROOM
from skully_game.scenes.skully.gamepanel import PANEL_W
from skully_game.scenes.skully.table import SkullyGameScene
from skully_game.skully.ai import Planner
from skully_game.skully.caps import CapType
from skully_game.skully.game_setup import GameSetup, Seat
from skully_game.skully.physics import simulate
from skully_game.skully.rules import shot_setup
from skully_game.skully.skill import level
from tests.ui_helpers import make_app, open_skully_game, settle_view

SIZES = [(1280, 800), (1024, 640), (1024, 580)]  # 580: a 1024x640 screen less the desktop's bars


@pytest.fixture(params=SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def app(request):  # type: ignore[no-untyped-def]
    app = make_app(request.param)
    app.stack.push(MenuScene(app))
    yield app
    app.stack.clear()


def _game(app, seats: int = 2, seed: int = 4) -> SkullyGameScene:
    people = [Seat(f"P{i}", i, CapType.CROWN) for i in range(seats)]
    return open_skully_game(app, GameSetup(seats=people, seed=seed))


def _free_area_is_the_board_drawn_uncovered(scene: SkullyGameScene) -> None:
    """The free area is taken from what is drawn: below the banner, left of the panel."""
    w, h = scene.app.size
    frame = scene.table.camera.frame
    assert frame.top >= scene.banner_rect().bottom
    assert frame.right <= w - PANEL_W and frame.bottom <= h
    assert frame.h >= h - scene.banner_rect().h - 1  # and all of it: nothing else is cut off


def _in_sight(scene: SkullyGameScene) -> None:
    """Where the view is heading shows the one who acts and what they go for, whole."""
    table = scene.table
    need = table.aim_frame
    assert need is not None
    assert table.holds(need, table.camera.target, 0), (scene.state.shots, need)
    who = scene.actor()
    if who is not None and scene._placement() is None:
        pos = scene.state.players[who].pos
        assert pos is None or table.holds((*pos, *pos), table.camera.target, 0)
        goal = scene._aim_point(who)
        assert goal is None or table.holds((*goal, *goal), table.camera.target, 0)


@pytest.mark.slow
def test_every_turn_of_a_whole_game_between_computer_players_is_in_sight(app):
    """Three regular computer players' game, each move made on the table's game as the
    table's computer seats make it, the view checked at every turn and placement."""
    scene = _game(app, seats=3, seed=11)
    _free_area_is_the_board_drawn_uncovered(scene)
    session = scene.session
    rng = random.Random(5)
    planners = [Planner(level("regular"), random.Random(rng.random()), samples=4) for _ in range(3)]
    scales: set[float] = set()
    player_scale = scene.table.view_scale()
    turns = 0
    while not session.state.over and session.state.shots < 90:
        state = session.state
        who = state.pending[0].player if state.pending else state.to_play
        _in_sight(scene)
        if (state.pending or state.offers) and planners[who].decide(session) is not None:
            scene._sync()
            continue
        turns += 1
        scales.add(round(scene.table.camera.target[1], 6))
        flick, _ = planners[who].flick(session)
        setup = shot_setup(state, session.options)
        result = simulate(
            session.board_spec, setup.caps, setup.positions, flick, setup.pinned, trace=False
        )
        session.judge(flick, result)
        scene._sync()
    assert turns >= 40
    # the player's scale in most turns; a turn zoomed out is never closer than it
    assert max(scales) == pytest.approx(player_scale)


def _turn(scene: SkullyGameScene, at: tuple[float, float], step: int, to_play: int = 0) -> None:
    """Make it `to_play`'s turn with its cap at `at`, `step` steps along the course, framed as
    a new turn is."""
    state = scene.session.state
    p = replace(state.players[to_play], pos=at, step=step)
    players = list(state.players)
    players[to_play] = p
    scene.session.state = replace(state, players=tuple(players), to_play=to_play)
    scene.framed_for = None
    scene._sync()


def test_a_turn_too_wide_for_the_scale_zooms_out_just_enough_and_the_next_comes_back(app):
    scene = _game(app)
    table, board = scene.table, scene.session.board
    player = table.view_scale()
    _turn(scene, board.box_centre(1), step=1)  # in 1, going for 2 across the board
    need = table.aim_frame
    (_, scale) = table.camera.target
    assert scale < player  # zoomed out for this turn
    assert table.holds(need, table.camera.target, TURN_ROOM - 1)
    frame = table.camera.frame  # just enough: it spans the free area less the room, one way
    spans = ((need[2] - need[0]) * scale, (need[3] - need[1]) * scale)
    assert max(spans[0] - (frame.w - 2 * TURN_ROOM), spans[1] - (frame.h - 2 * TURN_ROOM)) == (
        pytest.approx(0, abs=1.0)
    )
    assert table.zoom_factor == pytest.approx(player / table.board_scale())  # not the player's
    x0, y0, _x1, _y1 = board.boxes[2]
    _turn(scene, (x0 - 0.3, y0 - 0.3), step=1)  # next to 2: fits at the player's scale
    assert table.camera.target[1] == pytest.approx(player)
    assert table.holds(table.aim_frame, table.camera.target, 0)


def test_the_players_wheel_zoom_survives_the_next_turn(app):
    scene = _game(app)
    table, board = scene.table, scene.session.board
    settle_view(app, table)
    at = table.camera.to_screen(table.positions[0])
    table.zoom((round(at[0]), round(at[1])), 1.15**-1)  # a notch out, about the cap
    chosen = table.camera.scale
    settle_view(app, table)
    x0, _y0, _x1, y1 = board.boxes[12]
    _turn(scene, (x0 - 0.15, y1 + 0.1), step=12, to_play=1)  # P1 by 12, going for 13
    assert table.fits(table.aim_frame)  # (the turn fits the player's scale)
    settle_view(app, table)
    assert table.camera.scale == pytest.approx(chosen)
    assert table.holds(table.aim_frame, table.camera.target, 0)
    _turn(scene, board.box_centre(1), step=1)  # a turn too wide even for it: zoomed out
    assert table.camera.target[1] < chosen
    _turn(scene, (x0 - 0.15, y1 + 0.1), step=12, to_play=1)  # and back at the player's
    assert table.camera.target[1] == pytest.approx(chosen)


def test_a_turn_already_well_in_view_does_not_move_it(app):
    """Bo shoots from beside Ace at the start line for the same box: the view stays put."""
    scene = _game(app)
    table = scene.table
    settle_view(app, table)
    before = table.camera.target
    me = scene.state.players[0].pos
    scene.session.state = replace(scene.session.state, to_play=1)
    bo = scene.state.players[1].pos
    assert abs(me[0] - bo[0]) < 0.3 and abs(me[1] - bo[1]) < 0.3  # both behind the start line
    scene.framed_for = None
    scene._sync()
    assert scene.actor() == 1
    assert table.camera.target == before  # no motion for nothing
    assert table.holds(table.aim_frame, before, 0)


def test_a_turn_out_of_view_glides_there_in_about_a_third_of_a_second(app):
    scene = _game(app)
    table, board = scene.table, scene.session.board
    settle_view(app, table)
    x0, _y0, _x1, y1 = board.boxes[8]
    _turn(scene, (x0 - 0.2, y1 + 0.1), step=8)  # going for 9, at the top of the board
    start, goal = table.camera.centre, table.camera.target[0]
    assert start != goal  # a pan, not a jump
    table.update(0.3)
    left = abs(table.camera.centre[1] - goal[1]) + abs(table.camera.centre[0] - goal[0])
    assert left <= 0.06 * (abs(start[1] - goal[1]) + abs(start[0] - goal[0]))


def test_the_power_meter_stays_in_the_free_area_by_a_cap_at_its_edges(app):
    """The meter beside a cap near the bottom (or any edge) of the free area is drawn whole
    inside it: never under the banner, the panel, or off the window's bottom."""
    import math

    scene = _game(app)
    table = scene.table
    settle_view(app, table)
    frame, surface = table.camera.frame, app.screen
    edges = [
        (frame.left + 20, frame.bottom - 4),
        (frame.centerx, frame.bottom - 10),
        (frame.right - 6, frame.bottom - 6),
        (frame.right - 10, frame.top + 6),
        (frame.left + 6, frame.top + 10),
    ]
    for at in edges:
        for degrees in range(0, 360, 30):
            table.selected = 0
            table.positions[0] = table.camera.to_world(at)
            table.aim_angle, table.power = math.radians(degrees), 1.0
            table.drawn = {}
            table._draw_power(surface, at, 5.0, 0.5)
            assert frame.contains(table.drawn["meter"]), (at, degrees)
