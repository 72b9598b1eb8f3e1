"""Why a shot missed, in a player's terms: short or long of the target, left or right of it,
in the units the player chose, from the flick, the cap's rest and the target alone."""

from __future__ import annotations

import math

import pytest

from skully_game.core.settings import Units
from skully_game.skully.board import preset
from skully_game.skully.geometry import Board
from skully_game.skully.misses import Goal, goals_for, miss_report, miss_words, wobble_words
from skully_game.skully.rules.state import Player

SQUARE = Goal(((1.0, -0.1), (1.2, -0.1), (1.2, 0.1), (1.0, 0.1)), "3")  # 1.0-1.2 m ahead


def test_straight_but_short():
    report = miss_report((0, 0), (0.7, 0), 0.0, [SQUARE])
    assert report is not None
    assert report.along == pytest.approx(-0.3) and report.side_deg == 0
    assert miss_words(report, Units.METRIC) == "30 cm short of 3 (the direction was good)"


def test_straight_but_long_in_feet_and_inches():
    report = miss_report((0, 0), (1.5, 0), 0.0, [SQUARE])
    assert report.along == pytest.approx(0.3)
    assert miss_words(report, Units.IMPERIAL) == "1 ft past 3 (the direction was good)"
    shorter = miss_report((0, 0), (0.8, 0), 0.0, [SQUARE])
    assert miss_words(shorter, Units.IMPERIAL) == "8 in short of 3 (the direction was good)"


def test_left_and_right_are_the_players_left_and_right():
    """Angles grow anticlockwise (y up): aiming above the goal, going right, is left of it."""
    edge = math.degrees(math.atan2(0.1, 1.0))  # the goal's upper edge seen from the start
    report = miss_report((0, 0), (1.1, 0.3), math.radians(edge + 8), [SQUARE])
    assert report.side_deg == pytest.approx(8, abs=1e-6) and report.along == 0
    assert miss_words(report, Units.METRIC) == "8° left of 3 (the length was right)"
    right = miss_report((0, 0), (0.5, -0.3), math.radians(-edge - 5), [SQUARE])
    assert right.side_deg == pytest.approx(-5) and right.along < 0
    assert miss_words(right, Units.METRIC).endswith("short, 5° right of 3")


def test_a_hair_out_is_said_so_and_no_goal_or_no_move_says_nothing():
    report = miss_report((0, 0), (1.1, 0.0), 0.0, [SQUARE])
    assert report.exact and "on its line" in miss_words(report, Units.METRIC)
    assert miss_report((0, 0), (0.5, 0), 0.0, []) is None
    assert miss_report((0, 0), (0, 0), 0.0, [SQUARE]) is None


def test_the_nearest_of_several_goals_is_the_one_meant():
    other = Goal(((-1.2, -0.1), (-1.0, -0.1), (-1.0, 0.1), (-1.2, 0.1)), "the skull's 8")
    report = miss_report((0, 0), (-0.8, 0), math.pi, [SQUARE, other])
    assert report.goal == "the skull's 8" and report.along == pytest.approx(-0.2)


def test_a_box_goal_is_the_inside_less_the_caps_radius():
    board = Board(preset("classic"))
    player = Player("Ace", step=2)  # going for 3
    (goal,) = goals_for(board, player)
    xs = [p[0] for p in goal.polygon]
    x0, _, x1, _ = board.inner_rect(3)
    assert goal.name == "3"
    assert min(xs) == pytest.approx(x0 + player.radius) and max(xs) == pytest.approx(
        x1 - player.radius
    )
    diller = Player("Ace", step=26)  # the first word: any of the four sections
    assert len(goals_for(board, diller)) == 4


def test_the_hands_wobble_is_told_apart_from_the_aim():
    said = wobble_words(0.0, 2.0, math.radians(3), 1.88)
    assert said == "the hand's wobble: 3° left, power 29% → 27%"  # as the power meter says
    assert wobble_words(1.0, 2.0, 1.0, 2.0) == "the hand did not wobble"


def test_a_cap_as_the_goal_and_a_miss_told_only_when_the_rules_say_missed():
    from skully_game.skully.misses import CapAim, explain_shot
    from skully_game.skully.rules.events import Hit, Missed

    bobby = CapAim((1.0, 0.0), 0.032, "Bobby")
    missed = (Missed("Ace hit nobody: turn over", 0),)
    report = explain_shot([bobby], 0, missed, 0.0, (0, 0), (0.5, 0), touched=False)
    assert (
        miss_words(report, Units.METRIC) == "stopped 47 cm short of Bobby (the direction was good)"
    )
    assert explain_shot([bobby], 0, missed, 0.0, (0, 0), (0.5, 0), touched=True) is None
    hit = (Hit("Ace hit Bobby: +1", 0, 1, 1),)
    assert explain_shot([bobby], 0, hit, 0.0, (0, 0), (0.5, 0), touched=False) is None
    assert explain_shot([], 0, missed, 0.0, (0, 0), (0.5, 0), touched=False) is None
