"""What the table says after a shot reads as a newcomer's English, not as the program's terms.

A fresh play-tester read "(3 past 13 dropped)", "back in 1 backwards" and "114° left of the
skull's 8" (a shot that went the wrong way), and a cap lying on 13's line labelled "skull 4"."""

from __future__ import annotations

import itertools
import math
import random
import re

from skully_game.core.settings import Units
from skully_game.skully.board import preset
from skully_game.skully.geometry import Board, Trapezoid
from skully_game.skully.misses import (
    WRONG_WAY_DEG,
    Goal,
    MissReport,
    miss_callout,
    miss_report,
    miss_words,
)
from skully_game.skully.rules import course
from skully_game.skully.rules.areas import trapezoid_polygon
from skully_game.skully.rules.state import beyond_thirteen, turned_back

BOARD = Board(preset("classic"))


def _goal(box: int) -> Goal:
    x0, y0, x1, y1 = BOARD.inner_rect(box)
    return Goal(((x0, y0), (x1, y0), (x1, y1), (x0, y1)), str(box))


def test_a_shot_the_wrong_way_says_where_to_point_not_how_many_degrees() -> None:
    skull8 = Goal(tuple(trapezoid_polygon(BOARD, Trapezoid.RIGHT)), "the skull's 8")
    start = (BOARD.centre[0] + 0.9, BOARD.centre[1] - 0.2)  # right of the skull, shot away
    angle = math.radians(20)
    rest = (start[0] + math.cos(angle), start[1] + math.sin(angle))
    report = miss_report(start, rest, angle, [skull8])
    assert report is not None and abs(report.side_deg) >= WRONG_WAY_DEG
    said = miss_words(report, Units.METRIC)
    assert said == "went away from the skull's 8: aim the arrow at it"
    assert miss_callout(report, Units.METRIC) == "wrong way"


def test_every_miss_phrase_reads_plainly() -> None:
    """A sweep of shots at boxes and a trapezoid, every phrase the miss words can make: no
    count of degrees past a right angle, nothing in the program's own terms."""
    rng = random.Random(7)
    goals = [
        _goal(1),
        _goal(7),
        _goal(13),
        Goal(tuple(trapezoid_polygon(BOARD, Trapezoid.TOP)), "the skull's 6"),
    ]
    said: set[str] = set()
    for goal in goals:
        for _ in range(400):
            start = (rng.uniform(0, 2.9), rng.uniform(0, 2.9))
            angle = rng.uniform(-math.pi, math.pi)
            d = rng.uniform(0.01, 3.0)
            rest = (start[0] + d * math.cos(angle), start[1] + d * math.sin(angle))
            report = miss_report(start, rest, angle, [goal])
            if report is None:
                continue
            for units in Units:
                said |= {miss_words(report, units), miss_callout(report, units)}
    assert any("went away from" in s for s in said)  # the sweep reached the wrong way
    for phrase in said:
        for degrees in re.findall(r"(\d+)°", phrase):
            assert int(degrees) < WRONG_WAY_DEG, phrase
        assert "backwards" not in phrase and "dropped" not in phrase, phrase
        assert "_" not in phrase and "None" not in phrase, phrase


def test_a_right_angle_off_is_still_told_in_degrees_below_it() -> None:
    report = MissReport(along=-0.3, side_deg=60.0, goal="3")
    assert miss_words(report, Units.METRIC) == "30 cm short, 60° left of 3"


def test_steps_lost_past_13_are_said_plainly() -> None:
    assert beyond_thirteen(2) == "13 is as far as you go now: 2 extra steps are lost"
    assert beyond_thirteen(1) == "13 is as far as you go now: 1 extra step is lost"


def test_backwards_is_explained_once_when_the_course_turns_round() -> None:
    explained = [
        (a, b)
        for a in range(course.KILLER)
        for b in range(a + 1, course.KILLER + 1)
        if turned_back(a, b)
    ]
    assert explained and all(a < course.THIRTEEN_FORWARDS <= b for a, b in explained)
    # whatever steps a player's awards take, the words come at one of them only
    steps = [0, 5, 12, 14, 20, course.ONE_BACKWARDS]
    told = [turned_back(a, b) for a, b in itertools.pairwise(steps) if turned_back(a, b)]
    assert told == [" (backwards: now back down the boxes to 1)"]


def test_a_cap_on_13s_line_is_labelled_with_the_line_and_what_the_rules_made_of_it() -> None:
    _x0, y0, x1, y1 = BOARD.inner_rect(13)
    radius = 0.016
    place = BOARD.locate((x1, (y0 + y1) / 2), radius)  # centred on 13's right line
    assert place.in_skull and 13 in place.lines and place.box is None
    assert place.label() == f"on 13's line: skull {place.skull_number}"
    clear = BOARD.locate((x1 + 0.1, (y0 + y1) / 2), radius)  # in the trapezoid, off 13's line
    assert clear.label() == f"skull {clear.skull_number}"
