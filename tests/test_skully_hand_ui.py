"""The hand at the table, as a player meets it: a flick made with the pointer, a slingshot that a
hand level spoils (and a replay that stays exact), a
view that holds still after a cap is put down, and a resumed game that keeps its computer players
and its story."""

from __future__ import annotations

import math

import pygame
import pytest

from skully_game.scenes.skully.caplabels import POINTER
from skully_game.scenes.skully.captable import TOO_SLOW, WEAK_SHOT, AimMode
from skully_game.scenes.skully.capview import FIRST_ZOOM
from skully_game.scenes.skully.chalk import MIN_MARK_PX, chalk_width
from skully_game.scenes.skully.gamedraw import PLACE_HINT
from skully_game.scenes.skully.gamestory import seat_tag
from skully_game.scenes.skully.practice import PracticeScene
from skully_game.scenes.skully.table import SkullyGameScene
from skully_game.shell import theme
from skully_game.skully.caps import CapType
from skully_game.skully.game_setup import GameSetup, Seat
from skully_game.skully.hand import (
    MIN_FLICK_SPEED,
    WEAK_FLICK_SPEED,
    HandLevel,
    Input,
    flick_speed,
)
from skully_game.skully.replay_check import check_record
from skully_game.skully.session import ShotAction, load_session
from tests.ui_helpers import ev, key, run_until_still, settle_view, wait_for_turn


def start_game(app, *seats: Seat, seed: int = 7) -> SkullyGameScene:
    scene = SkullyGameScene.new(app, GameSetup(seats=list(seats), seed=seed))
    app.stack.push(scene)
    for _ in range(200):  # every cap down behind the start line, at the suggested spot
        placing = scene._placement()
        if placing is None:
            break
        if placing.player not in scene.planners:  # a computer player puts its own down
            wait_for_turn(app)
            app.dispatch(key(pygame.K_RETURN))
        app.run_frames(1)
    settle_view(app, scene.table)
    return scene


def flick_path(app, at, direction, px_per_s, *, steps=8, dt=0.008, t0=100.0, rel=True):
    """Press on the cap and move the pointer through it at a steady speed, stamped in time."""
    ux, uy = direction
    app.dispatch(ev(pygame.MOUSEBUTTONDOWN, pos=(round(at[0]), round(at[1])), button=1, t=t0))
    x, y = at
    for k in range(1, steps + 1):
        nx, ny = at[0] + ux * px_per_s * dt * k, at[1] + uy * px_per_s * dt * k
        step = (round(nx) - round(x), round(ny) - round(y)) if rel else (0, 0)
        x, y = nx, ny
        pos = (round(x), round(y))
        app.dispatch(ev(pygame.MOUSEMOTION, pos=pos, rel=step, buttons=(1, 0, 0), t=t0 + dt * k))
    app.dispatch(
        ev(pygame.MOUSEBUTTONUP, pos=(round(x), round(y)), button=1, t=t0 + dt * steps + 0.002)
    )


def last_shot(scene: SkullyGameScene) -> ShotAction:
    return next(a for a in reversed(scene.session.actions) if isinstance(a, ShotAction))


def test_a_flick_takes_the_pointers_direction_and_speed(app):
    scene = start_game(
        app, Seat("Ace", 0, CapType.CROWN, input=Input.FLICK), Seat("Bo", 1, CapType.CROWN)
    )
    table = scene.table
    assert table.input is Input.FLICK
    at = table.camera.to_screen(table.positions[0])
    up_right = (math.cos(math.radians(60)), -math.sin(math.radians(60)))  # screen y is down
    flick_path(app, at, up_right, 1200.0)
    assert table.busy
    run_until_still(app, table)
    flick = last_shot(scene).flick
    assert math.degrees(flick.angle) == pytest.approx(60, abs=1.5)
    assert flick.speed == pytest.approx(flick_speed(1200.0), rel=0.05)


def test_a_flick_too_slow_to_count_is_cancelled_with_a_word(app):
    scene = start_game(
        app, Seat("Ace", 0, CapType.CROWN, input=Input.FLICK), Seat("Bo", 1, CapType.CROWN)
    )
    table = scene.table
    at = table.camera.to_screen(table.positions[0])
    slow = MIN_FLICK_SPEED * 400 * 0.5  # px/s: half the slowest flick that counts
    flick_path(app, at, (0.0, -1.0), slow)
    assert not table.busy and table.mode is AimMode.IDLE
    assert scene.state.shots == 0
    assert any(t.message == TOO_SLOW for t in app.toasts)


def test_a_weak_flick_is_still_a_shot_and_the_table_says_so_at_once(app):
    # rules 3.2.0.0: anything more than a near immeasurable movement is judged a shot
    scene = start_game(
        app, Seat("Ace", 0, CapType.CROWN, input=Input.FLICK), Seat("Bo", 1, CapType.CROWN)
    )
    table = scene.table
    at = table.camera.to_screen(table.positions[0])
    weak = (MIN_FLICK_SPEED + WEAK_FLICK_SPEED) / 2 * 400  # px/s at sensitivity 1
    flick_path(app, at, (0.0, -1.0), weak, steps=16)
    assert any(t.message == WEAK_SHOT for t in app.toasts)
    assert table.busy or scene.state.shots == 1


def test_a_slingshot_is_spoiled_by_the_hand_and_replays_exactly(app, tmp_path):
    scene = start_game(
        app,
        Seat("Ace", 0, CapType.CROWN, hand=HandLevel.BEGINNER),
        Seat("Bo", 1, CapType.CROWN, hand=HandLevel.BEGINNER),
    )
    table = scene.table
    assert table.hand is HandLevel.BEGINNER
    table.select(0)
    table.aim_angle, table.power = math.radians(80), 0.5
    table.mode = AimMode.KEYS
    meant = table.current_flick()
    wait_for_turn(app)
    app.dispatch(key(pygame.K_SPACE))
    run_until_still(app, table)
    made = last_shot(scene).flick
    assert made != meant  # a beginner's hand wobbles
    assert abs(made.angle - meant.angle) < math.radians(30)
    # the record keeps the flick made: the replay draws nothing again
    checks = check_record(load_session(scene.path))
    assert checks and all(c.matches for c in checks)


def cap_above_the_bottom(app, gap: float, faces_up: bool | None = None) -> SkullyGameScene:
    """A game in the player's own view with Ace's cap `gap` px above the window's bottom edge;
    `faces_up` True or False: its goal straight up or down the board (pulled down or up)."""
    scene = start_game(app, Seat("Ace", 0, hand=HandLevel.STEADY), Seat("Bo", 1))
    table, cam = scene.table, scene.table.camera
    y = cam.to_screen(table.positions[0])[1]
    cam.centre = (cam.centre[0], cam.centre[1] + (app.size[1] - gap - y) / cam.scale)
    cam.target = (cam.centre, cam.scale)
    table.manual_view = True
    if faces_up is not None:
        cx, cy = table.positions[0]
        table.aim_at = lambda i: (cx, cy + (2.0 if faces_up else -2.0))
    return scene


def test_a_cap_picked_by_key_aims_at_its_goal_not_the_last_aim(app):
    scene = start_game(app, Seat("Ace", 0, hand=HandLevel.STEADY), Seat("Bo", 1))
    table = scene.table
    table.aim_angle = -2.5  # whatever an earlier shot left
    app.dispatch(key(pygame.K_TAB))
    assert table.selected == 0 and table.mode is AimMode.KEYS
    x0, y0, x1, y1 = scene.session.board.boxes[1]  # Ace goes for 1
    x, y = table.positions[0]
    assert table.aim_angle == pytest.approx(math.atan2((y0 + y1) / 2 - y, (x0 + x1) / 2 - x))
    table.cancel()


def test_the_power_meter_keeps_off_another_cap(app):
    scene = start_game(app, Seat("Ace", 0, hand=HandLevel.STEADY), Seat("Bo", 1))
    table, cam = scene.table, scene.table.camera
    app.dispatch(key(pygame.K_TAB))  # Ace aims by key: the meter shows beside the cap
    app.run_frames(1)
    first = table.drawn["meter"]
    table.positions[1] = cam.to_world(first.center)  # Bo's cap right where it was
    app.run_frames(1)
    meter = table.drawn["meter"]
    bo = cam.to_screen(table.positions[1])
    r = cam.length(table.radius(1))
    assert not meter.colliderect(pygame.Rect(bo[0] - r, bo[1] - r, 2 * r, 2 * r))
    assert "label 0" not in table.drawn  # the aimed cap's own label gives way to the meter
    table.cancel()


def test_the_view_holds_still_after_a_cap_is_put_down(app):
    scene = SkullyGameScene.new(
        app, GameSetup(seats=[Seat("Ace", 0, hand=HandLevel.STEADY), Seat("Bo", 1)], seed=3)
    )
    app.stack.push(scene)
    table = scene.table
    settle_view(app, table)
    wait_for_turn(app)
    app.dispatch(key(pygame.K_RETURN))  # Ace puts the cap down
    app.run_frames(1)
    settle_view(app, table)
    wait_for_turn(app)
    app.dispatch(key(pygame.K_RETURN))  # Bo too; Ace shoots first
    app.run_frames(1)
    settle_view(app, table)
    assert scene.actor() == 0 and scene._placement() is None
    view = (table.camera.centre, table.camera.scale)
    app.run_frames(30)
    assert (table.camera.centre, table.camera.scale) == view
    # a press where the cap is drawn takes it
    at = table.camera.to_screen(table.positions[0])
    app.dispatch(ev(pygame.MOUSEBUTTONDOWN, pos=(round(at[0]), round(at[1])), button=1))
    assert table.mode is AimMode.DRAG and table.selected == 0
    table.cancel()


def test_the_table_keeps_one_scale_from_turn_to_turn_and_the_wheel_sets_it(app):
    """One scale all game (README: the same stroke looks the same in every turn): a turn's view
    pans to the cap and its goal and never zooms; the player's wheel sets the scale, which the
    next turns keep; F shows the whole board, and F again comes back to the player's scale."""
    scene = start_game(app, Seat("Ace", 0), Seat("Bo", 1))
    table = scene.table
    whole = table.camera.fit(table.home)[1]
    assert table.camera.scale == pytest.approx(table.view_scale())
    # closer than the whole board (its caps were 14 px across at 1024x640): the turn framed
    assert table.camera.scale == pytest.approx(FIRST_ZOOM * table.board_scale())
    assert table.camera.scale > 1.5 * whole
    assert table.in_frame(0)
    box = scene.session.board.boxes[1]
    for corner in ((box[0], box[1]), (box[2], box[3])):
        assert table.camera.frame.collidepoint(table.camera.to_screen(corner))
    at = table.camera.viewport.center
    table.mouse = at
    app.dispatch(ev(pygame.MOUSEWHEEL, x=0, y=3, flipped=False, precise_x=0.0, precise_y=3.0))
    zoomed = table.camera.scale
    assert zoomed == pytest.approx(table.view_scale())
    assert zoomed > 1.4 * FIRST_ZOOM * whole
    app.dispatch(key(pygame.K_f))  # F: the whole board
    settle_view(app, table)
    assert table.camera.scale == pytest.approx(whole, rel=0.05)
    app.dispatch(key(pygame.K_f))  # again: back to the player's scale, at the turn
    settle_view(app, table)
    assert table.camera.scale == pytest.approx(zoomed)
    assert table.in_frame(0)
    scene.framed_for = None  # the next turn is framed afresh: panned, at the same scale
    table.manual_view = False
    scene._frame()
    settle_view(app, table)
    assert table.camera.scale == pytest.approx(zoomed)
    assert table.in_frame(0)


def test_resume_keeps_computer_players_and_tells_the_story_again(app):
    scene = start_game(app, Seat("Ace", 0, hand=HandLevel.STEADY), Seat("Cy", 1, kind="regular"))
    table = scene.table
    table.select(0)
    table.aim_angle, table.power = math.radians(80), 0.3
    table.mode = AimMode.KEYS
    wait_for_turn(app)
    app.dispatch(key(pygame.K_SPACE))
    run_until_still(app, table)
    app.run_frames(2)
    told = [line for line, _ in scene.log]
    resumed = SkullyGameScene.from_save(app, scene.path)
    retold = [line for line, _ in resumed.log]
    assert retold[: len(told)] == told  # the same story, from the record's actions
    assert retold[-1] == "Resumed after 1 shot"
    assert 1 in resumed.planners and seat_tag(resumed.session.seats[1]) == "computer, regular"
    app.stack.push(resumed)
    for _ in range(3000):  # the computer player takes its turn after the Resume
        app.run_frames(1)
        if resumed.thinking is not None:  # a busy test loop must not starve its thinking
            resumed.thinking.result(timeout=60)
        if resumed.state.shots >= 2:
            break
    assert resumed.state.shots >= 2


def test_practice_offers_both_inputs_and_undo_counts_back(app):
    practice = PracticeScene(app, seed=5)
    app.stack.push(practice)
    hand = next(w for w in practice.widgets.widgets if w.label == "Shoot with")
    practice.set_hand("flick")
    assert practice.table.input is Input.FLICK
    practice.set_hand("slingshot:regular")
    assert (practice.table.input, practice.table.hand) == (Input.SLINGSHOT, HandLevel.REGULAR)
    assert PracticeScene(app, seed=6).hand.who == "slingshot:regular"  # kept for next time
    assert {v for v, _ in hand.options} >= {"flick", "slingshot:steady", "slingshot:beginner"}
    table = practice.table
    before = dict(table.labels)
    table.select(0)
    table.aim_angle, table.power = math.radians(85), 0.4
    table.mode = AimMode.KEYS
    wait_for_turn(app)
    app.dispatch(key(pygame.K_SPACE))
    app.run_frames(2)
    assert table.busy
    assert table.labels.get(1) == before[1]  # the cap that did not move keeps its place
    run_until_still(app, table)
    assert practice.shots == 1
    practice.undo()
    assert practice.shots == 0


def test_nothing_drawn_on_the_board_hides_what_a_player_reads(app):
    """The prompt band keeps clear of the board, the power meter of the aim line, and a cap's
    label stays inside the view (it was cut under the side panel: 'off the bo')."""
    scene = start_game(app, Seat("Ace", 0, hand=HandLevel.SKILLED), Seat("Bo", 1))
    table = scene.table
    app.dispatch(key(pygame.K_f))  # the whole board
    settle_view(app, table)
    board = scene.session.board
    for box in board.boxes.values():
        top = table.camera.to_screen((box[0], box[3]))[1]
        assert top >= table.camera.frame.top - 1  # no box under the prompt band
    # aiming: the meter sits clear of the aim line and of the cap
    table.select(0)
    table.mode = AimMode.KEYS
    for degrees in (0, 45, 90, 135, 200, 300):
        table.aim_angle = math.radians(degrees)
        table.power = 0.6
        app.run_frames(1)
        meter = table.drawn["meter"]
        x, y = table.camera.to_screen(table.positions[0])
        line = [
            (x + math.cos(table.aim_angle) * d, y - math.sin(table.aim_angle) * d)
            for d in range(0, 160, 4)
        ]
        assert not any(meter.collidepoint(p) for p in line), degrees
    table.cancel()
    # a cap at the right edge of the view: its label is kept inside the view
    view = table.camera.viewport
    table.positions[1] = table.camera.to_world((view.right - 3, view.centery))
    table.labels[1] = "off the board"
    app.run_frames(1)
    assert view.contains(table.drawn["label 1"])
    # a cap out of view above: its label, and the arrowhead pointing up at it, stay below the
    # prompt band (the arrowhead was drawn under the band's edge)
    frame = table.camera.frame
    for x in (frame.centerx, frame.right + 100):
        table.positions[1] = table.camera.to_world((x, frame.top - 200))
        app.run_frames(1)
        label = table.drawn["label 1"]
        assert frame.contains(label) and label.top - POINTER > frame.top, (x, label, frame)
        assert label.right + POINTER < frame.right


def test_a_computer_putting_its_cap_down_is_told_of_not_told_how(app, monkeypatch):
    scene = SkullyGameScene.new(
        app, GameSetup(seats=[Seat("Bo", 1, kind="regular"), Seat("Ace", 0)], seed=3)
    )
    app.stack.push(scene)
    app.run_frames(1)
    drawn: list[str] = []
    real = theme.text
    monkeypatch.setattr(
        theme, "text", lambda s, m, *a, **k: (drawn.append(m), real(s, m, *a, **k))[1]
    )
    scene._draw_banner(app.screen)
    assert scene._placement() is not None and scene._placement().player == 0
    assert "Bo puts the cap down behind the start line" in drawn
    assert PLACE_HINT not in drawn and not any("your" in t for t in drawn)


def test_a_label_beside_a_two_digit_box_number_leaves_the_number_readable(app):
    """The report: 'in 12' lay over the right half of the 12 chalked in its box (a number's
    place was taken as a square one digit wide), with the view close in, as in a lesson."""
    scene = start_game(app, Seat("Ace", 0, hand=HandLevel.SKILLED), Seat("Bo", 1))
    table = scene.table
    twelve = next(m for m in table.painter.marks if m.text == "12")
    cam = table.camera
    cam.centre, cam.scale = twelve.at, 40 / twelve.height  # close in: the number 40 px tall
    cam.target = (cam.centre, cam.scale)
    px = max(round(twelve.height * cam.scale), MIN_MARK_PX)
    cx, cy = cam.to_screen(twelve.at)
    table.positions[1] = cam.to_world((cx + px * 0.2, cy + px * 0.2))  # on the 2 of 12
    table.labels[1] = "in 12"
    table.draw(app.screen, 1.0)
    label = table.drawn["label 1"]
    wide = chalk_width("12", px)
    number = pygame.Rect(round(cx - wide / 2), round(cy - px / 2), wide, px)
    assert not label.colliderect(number.inflate(-4, -4)), (label, number)
