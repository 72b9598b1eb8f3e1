"""A lesson's wobble cannot be learned: each retry of a lesson draws its own hand's wobble (it
was the same "3 degrees left, 3 % softer" on every retry, so a learner could aim against it), and
each attempt's record still re-creates its shot exactly."""

from __future__ import annotations

import math

import pygame
import pytest

from skully_game.scenes.skully.tutorial import LessonScene, LessonsScene
from skully_game.skully.rules import shot_setup
from skully_game.skully.session import ShotAction
from skully_game.skully.tutorial import (
    Progress,
    attempt_seed,
    lessons,
    save_progress,
)
from tests.ui_helpers import click, key, run_until_still

AIM = (math.radians(70), 0.35)  # the same aim and power on every attempt: (angle, power)


def _lesson(key_: str):
    return next(ls for ls in lessons() if ls.key == key_)


def _shoot_the_same(app, scene: LessonScene):
    """Aim the same way with the keys, shoot, and wait: the flick meant and the flick made."""
    table = scene.table
    table.select(scene.lesson.learner)
    table.aim_angle, table.power = AIM
    meant = table.current_flick()
    app.dispatch(key(pygame.K_SPACE))  # keys: the first Space takes the aim, the second shoots
    app.dispatch(key(pygame.K_SPACE))
    run_until_still(app, table)
    app.run_frames(1)
    k = max(i for i, a in enumerate(scene.session.actions) if hasattr(a, "flick"))
    return meant, scene.session.actions[k].flick, k


@pytest.mark.parametrize("lesson", ["killer", "out-of-town"])  # lessons 9 and 11
def test_two_retries_of_a_lesson_draw_different_wobbles_and_each_replays_exactly(app, lesson):
    save_progress(Progress(frozenset(), "slingshot:regular"))
    listing = LessonsScene(app)
    app.stack.push(listing)
    click(app, next(b for b, ls in listing.buttons if ls.key == lesson).rect.center)
    scene = app.stack.top
    assert isinstance(scene, LessonScene)
    app.dispatch(key(pygame.K_RETURN))  # Start
    shots = []
    for attempt in (1, 2, 3):
        assert isinstance(scene, LessonScene) and scene.attempt_no == attempt
        meant, made, k = _shoot_the_same(app, scene)
        shots.append((scene.session, meant, made, k))
        assert scene.card in ("passed", "failed")
        app.dispatch(key(pygame.K_r))  # try again (or Again, once passed)
        scene = app.stack.top
    turns = [made.angle - meant.angle for _, meant, made, _ in shots]
    factors = [made.speed / meant.speed for _, meant, made, _ in shots]
    assert len({round(t, 9) for t in turns}) == 3, "each attempt turns the aim its own way"
    assert len({round(f, 9) for f in factors}) == 3, "and its own speed"
    assert len({session.seed for session, *_ in shots}) == 3
    for session, meant, made, k in shots:
        # the attempt again from what it keeps (its seed and its actions): the same game, each
        # shot re-simulated bit for bit, and the wobble drawn again gives back the flick meant
        again, _ = _lesson(lesson).session("slingshot:regular", session.seed)
        for action in session.actions:
            if isinstance(action, ShotAction):
                setup = shot_setup(again.state, again.options)
                record = action.record(again.board_spec, setup.caps, setup.pinned)
                assert record.simulate(trace=False).rest == action.rest
            again.apply(action)
        assert again.state == session.state
        assert again.actions[k].flick == made
        back = again.meant_flick(k)
        assert back is not None
        assert back.angle == pytest.approx(meant.angle)
        assert back.speed == pytest.approx(meant.speed)


def test_an_attempts_seed_is_its_own_and_the_same_again():
    seeds = {attempt_seed("killer", 7, n) for n in range(1, 50)}
    assert len(seeds) == 49, "no two attempts of a series share a seed"
    assert attempt_seed("killer", 7, 3) == attempt_seed("killer", 7, 3)
    assert attempt_seed("killer", 7, 3) != attempt_seed("diller", 7, 3)
    assert attempt_seed("killer", 7, 3) != attempt_seed("killer", 8, 3)
