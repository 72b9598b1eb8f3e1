"""The beginner computer plays as a person learning: it aims at the plain things (the middle of
its next box, an easy hit on a near cap), misses by being too soft or too hard and a few degrees
off, and now and then makes a good shot; every draw from the injected seeded generator."""

from __future__ import annotations

import math
import random
import statistics
from dataclasses import replace

from skully_game.skully.ai import LEARNER_HIT_REACH, Planner
from skully_game.skully.board import preset
from skully_game.skully.caps import CapType
from skully_game.skully.rules import RuleOptions
from skully_game.skully.session import Seat, Session
from skully_game.skully.skill import Learner, Level, Skill


def draws(n: int = 3000, seed: int = 4) -> list[tuple[float, float]]:
    """(aim error in degrees, speed factor) of `n` beginner flicks meaning (0 rad, 2 m/s)."""
    rng = random.Random(seed)
    touch = Level.BEGINNER.touch
    out = []
    for _ in range(n):
        angle, speed = touch.perturb(0.0, 2.0, rng)
        out.append((math.degrees(angle), speed / 2.0))
    return out


def test_the_computer_beginner_misses_as_a_learner_and_a_persons_hand_keeps_its_wobble():
    assert isinstance(Level.BEGINNER.touch, Learner)
    assert Level.REGULAR.touch is Level.REGULAR.skill  # the other levels are unchanged
    assert Level.BEGINNER.skill == Skill("beginner", 9.0, 0.27)  # a person's beginner hand


def test_most_misses_are_clearly_too_soft_or_too_hard_and_a_few_degrees_off():
    shots = draws()
    near = [f for _, f in shots if abs(f - 1.0) < 0.05]
    soft = [f for _, f in shots if f <= 0.9]
    hard = [f for _, f in shots if f >= 1.1]
    # near-exact power is the good shots' (about one in five), not the usual
    assert 0.05 < len(near) / len(shots) < 0.2
    assert len(soft) > len(hard) > 0.2 * len(shots)  # soft more often: fear of overshooting
    aims = [a for a, _ in shots]
    assert 2.5 < statistics.pstdev(aims) < 4.5  # a few degrees, never the old 9
    assert max(abs(a) for a in aims) < 20


def test_now_and_then_a_shot_comes_off():
    good = sum(1 for a, f in draws() if abs(a) < 2.0 and abs(f - 1.0) < 0.06)
    assert 0.07 < good / 3000 < 0.2


def test_the_learners_draws_come_from_the_seeded_generator_only():
    assert draws(50, seed=11) == draws(50, seed=11)
    assert draws(50, seed=11) != draws(50, seed=12)


def near_position() -> tuple[Session, object]:
    """Two caps on the sidewalk board, A going for 5 with B's cap 60 cm away and a far cap C."""
    seats = tuple(Seat(n, CapType.CROWN, i, "beginner") for i, n in enumerate("ABC"))
    session = Session(preset("sidewalk"), RuleOptions(), seats, 3)
    state = session.state
    a, b, c = state.players
    state = replace(
        state,
        players=(
            replace(a, pos=(0.5, 0.9), step=4),
            replace(b, pos=(1.1, 0.9), step=3),
            replace(c, pos=(1.6, 1.6), step=3),
        ),
        pending=(),
        turn=1,
    )
    return session, state


def test_the_beginner_aims_at_the_middle_of_its_box_and_at_near_caps_only():
    session, state = near_position()
    beginner = Planner(Level.BEGINNER, random.Random(1))
    regular = Planner(Level.REGULAR, random.Random(1))
    mine = beginner.candidates(state, session)
    kinds = {c.kind for c in mine}
    assert kinds == {"target", "hit"}  # no banks or knock-ins
    assert len({round(c.angle, 6) for c in mine if c.kind == "target"}) == 1  # the middle
    me = state.players[0].pos
    hit_angles = {round(c.angle, 6) for c in mine if c.kind == "hit"}
    towards_b = round(math.atan2(0.0, 0.6), 6)
    assert hit_angles == {towards_b}  # B, 60 cm off; not C, farther than an easy hit
    assert math.dist(me, state.players[2].pos) > LEARNER_HIT_REACH
    assert {"bank", "push"} <= {c.kind for c in regular.candidates(state, session)}


def test_the_setup_tells_the_computer_beginner_as_a_learner_not_by_a_persons_wobble():
    from skully_game.skully.game_setup import SEAT_CHOICES

    notes = {value: note for value, _, note in SEAT_CHOICES}
    assert "learning" in notes["beginner"] and "9°" not in notes["beginner"]
    assert "9°" in notes["slingshot:beginner"]  # a person's beginner hand still wobbles so
    assert "6°" in notes["regular"]
