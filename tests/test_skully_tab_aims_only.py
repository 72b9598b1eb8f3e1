"""Tab aims, it never sets the power that reaches the goal (issue 39's play-test: with the ghost
on, Tab set the exact power and the first game's steady hand made every shot pipsies). The
power is the seat's last power, or 40 % before the first shot, and the ghost shows where that
ends; a cap in the skull starts at a gentle shot that just leaves it."""

from __future__ import annotations

import math

import pygame
import pytest

from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skully.capkit import START_POWER, skull_exit_power, slide_distance
from skully_game.skully.caps import CapType
from skully_game.skully.game_setup import GameSetup, Seat
from skully_game.skully.geometry import Board
from skully_game.skully.guide import GuideMode
from skully_game.skully.physics import MAX_SPEED, G
from tests.ui_helpers import ev, make_app, open_skully_game


@pytest.fixture
def app():  # type: ignore[no-untyped-def]
    app = make_app((1280, 800))
    app.stack.push(MenuScene(app))
    yield app
    app.stack.clear()


def _game(app, mode: GuideMode):  # type: ignore[no-untyped-def]
    seats = [Seat("Ace", 0, CapType.CROWN), Seat("Bo", 1, CapType.CROWN)]
    return open_skully_game(app, GameSetup(seats=seats, seed=3, flick_guide=mode))


def _tab(app) -> None:  # type: ignore[no-untyped-def]
    app.dispatch(ev(pygame.KEYDOWN, key=pygame.K_TAB, mod=0))


@pytest.mark.parametrize("mode", [GuideMode.ALWAYS, GuideMode.LEARNING, GuideMode.OFF])
def test_tab_aims_at_the_goal_and_keeps_a_middling_power(app, mode) -> None:
    table = _game(app, mode).table
    table.select(None)
    _tab(app)
    i = table.selected
    cap, goal = table.positions[i], table.aim_at(i)
    assert goal is not None
    assert table.aim_angle == pytest.approx(math.atan2(goal[1] - cap[1], goal[0] - cap[0]))
    reach = math.sqrt(2 * CapType.CROWN.spec.mu * G * math.dist(cap, goal)) / MAX_SPEED
    assert table.power == START_POWER != pytest.approx(reach, abs=0.02)


def test_tab_keeps_the_seats_last_power_with_the_ghost_on(app) -> None:
    table = _game(app, GuideMode.ALWAYS).table
    table.select(None)
    table.last_powers = {0: 0.58, 1: 0.58}
    _tab(app)
    assert table.power == 0.58


def test_a_cap_in_the_skull_starts_at_a_gentle_shot_that_just_leaves_it(app) -> None:
    table = _game(app, GuideMode.ALWAYS).table
    table.select(None)
    table.last_powers = {0: 0.58, 1: 0.58}
    board = table.board
    mid = (board.skull[0] + board.skull[2]) / 2
    for i in range(len(table.positions)):
        table.positions[i] = (mid - 0.3 + 0.05 * i, mid + 0.05)  # both caps in the skull
    _tab(app)
    i = table.selected
    assert board.in_skull(table.positions[i], table.radius(i))
    assert table.power < 0.58
    kind = table.looks[i].kind
    slid = slide_distance(kind, table.power * MAX_SPEED)
    x, y = table.positions[i]
    end = (x + slid * math.cos(table.aim_angle), y + slid * math.sin(table.aim_angle))
    assert not board.in_skull(end, kind.spec.radius), "the gentle shot leaves the skull"
    assert slid < board.spec.skull_side, "and goes no further than a skull's width or so"


def test_skull_exit_power_clears_the_edge_in_every_direction() -> None:
    from skully_game.skully.board import BoardSpec

    board = Board(BoardSpec())
    kind = CapType.CROWN
    mid = (board.skull[0] + board.skull[2]) / 2
    at = (mid - 0.3, mid + 0.05)
    for k in range(16):
        angle = 2 * math.pi * k / 16
        slid = slide_distance(kind, skull_exit_power(board, kind, at, angle) * MAX_SPEED)
        end = (at[0] + slid * math.cos(angle), at[1] + slid * math.sin(angle))
        assert not board.in_skull(end, kind.spec.radius)
        half = board.spec.skull_side / 2 + board.spec.line_width
        assert max(abs(end[0] - mid), abs(end[1] - mid)) < half + kind.spec.radius + 0.05
