"""A miss is told against what the player was trying: a shot aimed at a cap (a killer at its
victim, a player at a cap a hit pays for) says how far it passed the cap, or how far short of it
it stopped ("passed 12 cm left of Bobby"), not how far it was from a box nobody aimed at."""

from __future__ import annotations

import math

import pytest

from skully_game.core.settings import Units
from skully_game.skully.board import preset
from skully_game.skully.caps import CapType
from skully_game.skully.geometry import Board
from skully_game.skully.misses import (
    CapAim,
    Goal,
    cap_aims,
    explain_shot,
    goals_for,
    miss_callout,
    miss_words,
)
from skully_game.skully.rules import course
from skully_game.skully.rules.events import Missed
from skully_game.skully.rules.state import Player

R = 0.016  # a crown cap's radius, about
REACH = 2 * R
MISSED = (Missed("Ace hit nobody: turn over", 0),)
BOX_4 = Goal(((0.0, 1.0), (0.2, 1.0), (0.2, 1.2), (0.0, 1.2)), "4")  # straight up, 1 m away


def told(goals, angle, rest, start=(0.0, 0.0)):
    return explain_shot(goals, 0, MISSED, angle, start, rest, touched=False)


def test_a_killers_shot_that_passes_beside_its_victim_says_by_how_much_and_which_side():
    bobby = CapAim((1.0, 0.0), REACH, "Bobby")
    # flicked a little left of Bobby (anticlockwise, y up), slid well past him
    angle = math.atan2(0.12 + REACH, 1.0)
    rest = (1.5 * math.cos(angle), 1.5 * math.sin(angle))
    miss = told([bobby], angle, rest)
    gap = 1.0 * math.sin(angle) - REACH  # the caps' edges, at the closest pass
    assert miss.short == 0 and miss.side == pytest.approx(gap)
    assert miss_words(miss, Units.METRIC) == "passed 12 cm left of Bobby"
    assert miss_callout(miss, Units.METRIC) == "12 cm left of Bobby"
    # and to the right, in feet and inches
    right = told([bobby], -angle, (rest[0], -rest[1]))
    assert miss_words(right, Units.IMPERIAL) == "passed 5 in right of Bobby"


def test_a_shot_at_a_cap_that_stops_short_says_how_far_short_and_where_it_was_heading():
    bobby = CapAim((1.0, 0.0), REACH, "Bobby")
    straight = told([bobby], 0.0, (0.6, 0.0))
    assert straight.side == 0 and straight.short == pytest.approx(1.0 - REACH - 0.6)
    assert (
        miss_words(straight, Units.METRIC)
        == "stopped 37 cm short of Bobby (the direction was good)"
    )
    assert miss_callout(straight, Units.METRIC) == "37 cm short of Bobby"
    angle = math.atan2(-(0.1 + REACH), 1.0)  # heading 10 cm right of him
    off = told([bobby], angle, (0.5 * math.cos(angle), 0.5 * math.sin(angle)))
    assert off.short > 0 and off.side == pytest.approx(-(math.sin(-angle) - REACH))
    assert off.short == pytest.approx(math.cos(angle) - 0.5)  # to where it would be level
    assert miss_words(off, Units.METRIC) == "stopped 49 cm short, heading 10 cm right of Bobby"


def test_an_aim_that_pointed_at_a_cap_is_told_against_it_not_against_the_box():
    """The issue's own case: a player aims at Bobby, far off the line to the box, and misses;
    "1.40 m short, 23° left of 4" was said, but the player was trying for Bobby."""
    bobby = CapAim((0.9, 0.3), REACH, "Bobby")  # off to the right of the way to 4
    angle = math.atan2(0.3, 0.9) + math.radians(4)  # a little left of Bobby
    rest = (1.3 * math.cos(angle), 1.3 * math.sin(angle))
    miss = told([BOX_4, bobby], angle, rest)
    assert miss_words(miss, Units.METRIC).startswith("passed ") and "left of Bobby" in miss_words(
        miss, Units.METRIC
    )


def test_an_aim_into_the_box_is_told_against_the_box_even_past_a_cap():
    bobby = CapAim((0.12, 0.5), REACH, "Bobby")  # near the line to 4, passed by
    miss = told([BOX_4, bobby], math.atan2(1.1, 0.1), (0.05, 0.55))
    assert miss_words(miss, Units.METRIC).endswith("of 4 (the direction was good)")


def test_a_cap_far_from_the_aim_is_not_what_the_player_tried_for():
    bobby = CapAim((1.0, -0.6), REACH, "Bobby")  # the aim passes 40 cm from him
    angle = math.atan2(1.1, 0.1) - math.radians(30)  # well right of 4, nowhere near Bobby
    miss = told([BOX_4, bobby], angle, (0.5 * math.cos(angle), 0.5 * math.sin(angle)))
    assert miss_words(miss, Units.METRIC).endswith("right of 4")


def test_who_may_be_aimed_at():
    """A killer aims at any cap in play; a player a hit pays aims at caps too; before 2 forwards
    (a hit is a foul) and in the killer diller (hits earn nothing) only the box counts."""
    ace = Player("Ace", CapType.CROWN, (0.0, 0.0), step=course.KILLER)
    bobby = Player("Bobby", CapType.LEAD, (1.0, 0.0), step=5)
    gone = Player("Carmen", CapType.WAX, None, step=7, eliminated=True)
    aims = cap_aims((ace, bobby, gone), 0)
    assert [a.name for a in aims] == ["Bobby"]
    assert aims[0].reach == pytest.approx(ace.radius + bobby.radius)
    assert cap_aims((bobby, ace), 0)  # going for 6 forwards: a hit pays
    assert cap_aims((Player("Dee", pos=(0, 0), step=0), ace), 0) == ()  # going for 1
    diller = Player("Dee", pos=(0, 0), step=course.KILLER_THIRTEEN)
    assert cap_aims((diller, ace), 0) == ()


def test_a_game_players_miss_at_a_cap_on_a_real_board():
    """Going for 6, Ace aims at Bobby sitting in the open and slides past him: said against
    Bobby, though the box is a goal too."""
    board = Board(preset("classic"))
    ace = Player("Ace", CapType.CROWN, (0.5, 0.5), step=5)
    bobby = Player("Bobby", CapType.CROWN, (1.3, 0.6), step=5)
    goals = (*goals_for(board, ace), *cap_aims((ace, bobby), 0))
    bearing = math.atan2(0.1, 0.8)
    angle = bearing + math.radians(6)
    rest = (0.5 + 1.1 * math.cos(angle), 0.5 + 1.1 * math.sin(angle))
    miss = explain_shot(goals, 0, MISSED, angle, ace.pos, rest, touched=False)
    assert "left of Bobby" in miss_words(miss, Units.METRIC)


def test_a_cap_that_stopped_clear_of_the_goal_beside_a_good_line_is_told_how_far_out() -> None:
    """The line flicked along crossed box 4 and the length was right, but the cap came to rest
    3 cm beside the place that counts (a hit, a nudge): it is not 'on its line'."""
    from skully_game.core.settings import Units
    from skully_game.skully.misses import Goal, miss_callout, miss_report, miss_words

    box = Goal(((1.0, 0.0), (1.2, 0.0), (1.2, 0.2), (1.0, 0.2)), "4")
    report = miss_report((0.0, 0.1), (1.1, 0.23), 0.0, [box])
    assert report is not None and report.exact
    assert miss_words(report, Units.METRIC) == "3 cm outside 4"
    assert miss_callout(report, Units.METRIC) == "3 cm outside"
    near = miss_report((0.0, 0.1), (1.1, 0.205), 0.0, [box])
    assert near is not None and miss_words(near, Units.METRIC) == "a hair out of 4: on its line"
