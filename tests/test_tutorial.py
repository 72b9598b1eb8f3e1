"""Learn Skully without the screen: every lesson is data the rules can read, every lesson can
be passed with the computer player's aim, an attempt is judged by the rules' events, and the
ticks are kept between runs."""

from __future__ import annotations

import copy
import json
import math
import random

import pytest

from skully_game.core.errors import DataError
from skully_game.skully.ai import stop_speed
from skully_game.skully.lessons import LESSONS
from skully_game.skully.skill import Level
from skully_game.skully.tutorial import (
    Attempt,
    Outcome,
    Progress,
    done_note,
    lesson_from_dict,
    lessons,
    load_progress,
    planned_flick,
    progress_path,
    save_progress,
    walk_lesson,
)


def by_key(name: str):
    return next(ls for ls in lessons() if ls.key == name)


# --- the lessons as data ---------------------------------------------------------------------


def test_every_lesson_reads_and_covers_the_topics_of_the_issue():
    found = lessons()
    assert len(found) == len(LESSONS) >= 10
    keys = [ls.key for ls in found]
    for topic in ("flick", "course", "backwards", "hits", "pipsies", "skull", "thirteen"):
        assert topic in keys
    for topic in ("linesies", "killer", "diller", "out-of-town", "killers"):
        assert topic in keys
    for lesson in found:
        assert lesson.wants and lesson.goal and lesson.words and lesson.passed
        assert lesson.names[lesson.learner] == "Ace"  # the learner is the first seat
        session, _ = lesson.session()
        assert not session.state.over


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d.update(colour="red"), "lessons[0].colour"),
        (lambda d: d.update(key="Not A Key"), "lessons[0].key"),
        (lambda d: d.update(goal=""), "lessons[0].goal"),
        (lambda d: d.update(shots=0), "lessons[0].shots"),
        (lambda d: d["wants"][0].update(kind="landed"), "lessons[0].wants[0].kind"),
        (lambda d: d["wants"][0].update(player="Zed"), "lessons[0].wants[0].player"),
        (lambda d: d["wants"][0].update(colour=3), "lessons[0].wants[0].colour"),
        (lambda d: d["scenario"]["players"][0].update(going_for="14 forwards"), "going_for"),
        (lambda d: d["scenario"].update(expect={}), "lessons[0].scenario.expect"),
    ],
)
def test_a_bad_lesson_is_refused_in_one_line_naming_the_field(change, field):
    raw = copy.deepcopy(LESSONS[0])
    change(raw)
    with pytest.raises(DataError) as caught:
        lesson_from_dict(raw, "lessons[0]")
    message = str(caught.value)
    assert field in message and "\n" not in message


# --- the proof: the planner's aim passes every lesson --------------------------------------


@pytest.mark.parametrize("lesson", lessons(), ids=lambda ls: ls.key)
def test_every_lesson_is_passed_with_a_steady_hand_aimed_by_the_planner(lesson):
    assert walk_lesson(lesson, Level.PERFECT, seed=1, tries=1) == 1


def test_a_street_legend_passes_every_lesson_within_a_few_tries():
    for lesson in lessons():
        assert walk_lesson(lesson, Level.STREET_LEGEND, seed=3, tries=8) is not None, lesson.key


# --- an attempt, judged by the rules' events ------------------------------------------------


def shoot(session, angle, speed):
    flick, result, _ = session.simulate(angle, speed)
    return session.judge(flick, result)


def test_a_miss_fails_the_attempt_and_says_why():
    lesson = by_key("flick")
    session, _ = lesson.session()
    attempt = Attempt.begin(lesson, session.state)
    events = shoot(session, 0.8, 0.3)  # a touch towards nothing
    assert attempt.add(session.state, events) is Outcome.FAILED
    assert "missed 1" in attempt.reason()


def test_the_course_waits_for_the_cap_to_be_put_down_then_passes():
    lesson = by_key("course")
    session, _ = lesson.session()
    attempt = Attempt.begin(lesson, session.state)
    angle, speed = planned_flick(attempt, session, Level.PERFECT, random.Random(1))
    assert attempt.add(session.state, shoot(session, angle, speed)) is Outcome.GOING
    decision = session.state.decision
    assert decision is not None and decision.box == 3
    placed = session.place(0, session.board.box_centre(3))
    assert attempt.add(session.state, placed) is Outcome.PASSED


def test_landing_in_the_box_without_the_goal_event_is_not_a_pass():
    """The hits lesson wants a hit: making a box instead earns boxes but not the lesson."""
    lesson = by_key("hits")
    session, _ = lesson.session()
    attempt = Attempt.begin(lesson, session.state)
    me = session.state.players[0].pos
    x, y = session.board.box_centre(6)
    speed = stop_speed(session.state.players[0].cap.spec.mu, math.dist(me, (x, y)))
    events = shoot(session, math.atan2(y - me[1], x - me[0]), speed)
    assert attempt.add(session.state, events) is Outcome.FAILED


# --- progress ---------------------------------------------------------------------------------


def test_progress_is_kept_between_runs():
    save_progress(Progress(frozenset({"flick", "hits"}), "flick"))
    progress, warning = load_progress()
    assert warning is None
    assert progress.done == {"flick", "hits"} and progress.hand == "flick"
    assert done_note() == f" (2/{len(LESSONS)} done)"


def test_progress_file_holds_plain_json():
    save_progress(Progress(frozenset({"killers"})))
    data = json.loads(progress_path().read_text())
    assert data == {
        "format": "skully-tutorial-progress",
        "version": 1,
        "done": ["killers"],
        "hand": "slingshot:steady",
    }


def test_the_walk_tool_passes_every_lesson_and_says_so_last():
    import contextlib
    import io
    import runpy
    import sys

    out = io.StringIO()
    argv = sys.argv
    try:
        sys.argv = ["tutorial_walk.py", "--tries", "2"]
        with contextlib.redirect_stdout(out), contextlib.suppress(SystemExit):
            runpy.run_path("tools/tutorial_walk.py", run_name="__main__")
    finally:
        sys.argv = argv
    last = json.loads(out.getvalue().splitlines()[-1])
    assert last == {"lessons": len(LESSONS), "passed": len(LESSONS)}
