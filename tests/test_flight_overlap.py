"""Caps never pass into each other in flight: a hit is judged by contact, so the hardest flick a
hand can make into a packed crowd (held caps too) must never press two caps more than 1 mm into
each other in any step. New shots are stepped by the guarded policy (as the swept one before
it, at about half the steps); older records keep the policy they were made with and replay
exactly as they ran."""

from __future__ import annotations

import json
import math
import random

import pytest

from skully_game.skully.ai import Planner
from skully_game.skully.board import BoardSpec, preset
from skully_game.skully.caps import CapType
from skully_game.skully.guide import flick_guide
from skully_game.skully.physics import (
    MAX_SPEED,
    NEWEST,
    Flick,
    StepPolicy,
    WatchedWorld,
    World,
    simulate,
)
from skully_game.skully.records import (
    SHOT_VERSION,
    ShotRecord,
    check_shot,
    shot_from_dict,
    shot_to_dict,
)
from skully_game.skully.replay_check import check_record
from skully_game.skully.rules import RuleOptions
from skully_game.skully.rules.facts import shot_setup
from skully_game.skully.session import RECORD_VERSION, Seat, Session, session_from_dict
from skully_game.skully.skill import Level

SPEC = BoardSpec()
MID = SPEC.board_side / 2
Vec = tuple[float, float]
Shot = tuple[list[CapType], list[Vec], frozenset[int], Flick]


def packed(rng: random.Random) -> tuple[list[CapType], list[Vec]]:
    """Eight cap kinds, and seven of them packed round the middle, touching or up to 3 mm
    apart: cap k + 1's place is places[k] (the striker, cap 0, is placed by the caller)."""
    while True:
        caps = [rng.choice(list(CapType)) for _ in range(8)]
        places: list[Vec] = [(MID, MID)]
        for k in range(2, 8):
            for _ in range(1000):
                base = rng.randrange(len(places))
                gap = caps[k].spec.radius + caps[base + 1].spec.radius
                gap += rng.choice((0.0, rng.uniform(0.0, 0.003)))
                a = rng.uniform(0, 2 * math.pi)
                p = (places[base][0] + gap * math.cos(a), places[base][1] + gap * math.sin(a))
                if all(
                    math.dist(p, q) >= caps[k].spec.radius + caps[i + 1].spec.radius - 1e-12
                    for i, q in enumerate(places)
                ):
                    places.append(p)
                    break
        if len(places) == 7:
            break
    return caps, places


def crowd(rng: random.Random) -> Shot:
    """Seven caps of any kinds packed round the middle, each touching or up to 3 mm off one
    put down before it, up to two of them held, and an eighth flicked into the pack as hard as
    a hand can, straight or off-centre, from 5 cm to a metre off."""
    caps, places = packed(rng)
    a, d = rng.uniform(0, 2 * math.pi), caps[0].spec.radius + rng.uniform(0.15, 1.1)
    striker = (MID + d * math.cos(a), MID + d * math.sin(a))
    target = places[rng.randrange(7)]
    angle = math.atan2(target[1] - striker[1], target[0] - striker[0]) + rng.uniform(-0.05, 0.05)
    held = frozenset(rng.sample(range(1, 8), rng.choice((0, 1, 2))))
    offset = rng.choice((0.0, 0.5, -1.0))
    return caps, [striker, *places], held, Flick(0, angle, MAX_SPEED, offset)


SHOTS = [crowd(random.Random(4100 + seed)) for seed in range(16)]


def deepest(shot: Shot, policy: StepPolicy) -> float:
    """The most two caps overlap after any step of the shot, m."""
    caps, places, held, flick = shot
    world = WatchedWorld(SPEC, caps, places, held, policy=policy)
    world.shoot(flick)
    return world.deepest


def test_the_hardest_flicks_into_a_crowd_never_press_caps_a_millimetre_into_each_other() -> None:
    worst = max(deepest(shot, NEWEST) for shot in SHOTS)
    assert worst <= 0.001, f"{worst * 1000:.2f} mm"
    # the same shots stepped as the adaptive policy (game versions 3 to 5) stepped them: caps
    # passed several millimetres into each other, which these shots are hard enough to show
    assert max(deepest(shot, StepPolicy.ADAPTIVE) for shot in SHOTS) > 0.003


@pytest.mark.parametrize("offset", [0.0, 1.0])
def test_a_cap_flicked_head_on_into_a_held_cap_never_passes_into_it(offset: float) -> None:
    caps = [CapType.GLASS, CapType.CROWN, CapType.LEAD]
    places = [(0.6, 0.6), (1.0, 1.0), (1.0 + 0.0321, 1.0)]
    angle = math.atan2(0.4, 0.4)
    for held in (frozenset({1}), frozenset({1, 2})):
        shot = (caps, places, held, Flick(0, angle, MAX_SPEED, offset))
        assert deepest(shot, NEWEST) <= 0.001
        assert deepest(shot, StepPolicy.ADAPTIVE) > 0.001  # as the shots before did


def test_a_guarded_shot_is_the_same_drawn_or_not_and_replays_bit_for_bit() -> None:
    for caps, places, held, flick in SHOTS[:6]:
        drawn = simulate(SPEC, caps, places, flick, held, trace=True)
        quick = simulate(SPEC, caps, places, flick, held, trace=False)
        assert drawn.policy is NEWEST is StepPolicy.GUARDED
        assert (drawn.rest, drawn.contacts, drawn.steps) == (
            quick.rest,
            quick.contacts,
            quick.steps,
        )
        record = ShotRecord.of(SPEC, tuple(caps), flick, quick, held)
        data = json.loads(json.dumps(shot_to_dict(record)))
        assert data["steps"] == "guarded" and data["version"] == SHOT_VERSION == 4
        again = shot_from_dict(data, "shot.json")
        assert again == record and check_shot(again).matches


def test_the_guarded_policy_steps_a_break_at_about_half_the_swept_steps() -> None:
    """The same hardest flicks into crowds, stepped as the swept policy (shot version 3) and as
    the guarded one: as few caps pass into each other, at far fewer steps."""
    swept = guarded = 0
    for caps, places, held, flick in SHOTS:
        swept += simulate(
            SPEC, caps, places, flick, held, trace=False, policy=StepPolicy.SWEPT
        ).steps
        guarded += simulate(SPEC, caps, places, flick, held, trace=False).steps
    assert guarded < 0.7 * swept, (guarded, swept)


def test_a_version_3_shot_replays_by_its_own_swept_policy_exactly() -> None:
    for caps, places, held, flick in SHOTS[:3]:
        old = simulate(SPEC, caps, places, flick, held, trace=False, policy=StepPolicy.SWEPT)
        data = shot_to_dict(ShotRecord.of(SPEC, tuple(caps), flick, old, held))
        data["version"] = 3
        assert data["steps"] == "swept"
        record = shot_from_dict(json.loads(json.dumps(data)), "old-shot.json")
        assert record.policy is StepPolicy.SWEPT and check_shot(record).matches
        new = simulate(SPEC, caps, places, flick, held, trace=False)
        assert new.steps != old.steps  # the guarded policy steps it differently: each its own


def test_a_version_2_shot_replays_by_its_own_adaptive_policy_exactly() -> None:
    caps, places, held, flick = SHOTS[0]
    old = simulate(SPEC, caps, places, flick, held, trace=False, policy=StepPolicy.ADAPTIVE)
    data = shot_to_dict(ShotRecord.of(SPEC, tuple(caps), flick, old, held))
    data["version"] = 2
    assert data["steps"] == "adaptive"
    record = shot_from_dict(data, "old-shot.json")
    assert record.policy is StepPolicy.ADAPTIVE and check_shot(record).matches
    new = simulate(SPEC, caps, places, flick, held, trace=False)
    assert new.rest != old.rest  # the guarded policy steps it differently: each keeps its own


@pytest.mark.parametrize(("version", "policy"), [(5, StepPolicy.ADAPTIVE), (6, StepPolicy.SWEPT)])
def test_an_older_game_loads_and_replays_its_shots_as_they_were_played(
    version: int, policy: StepPolicy
) -> None:
    seats = (Seat("A", CapType.CROWN), Seat("B", CapType.GLASS))
    session = Session(preset("classic"), RuleOptions(), seats, 5)
    rng = random.Random(41)
    planners = [Planner(Level.REGULAR, random.Random(i), samples=1, budget=3) for i in range(2)]
    shots = 0
    while shots < 4 and not session.state.over:
        state = session.state
        who = state.pending[0].player if state.pending else state.to_play
        if (state.pending or state.offers) and planners[who].decide(session) is not None:
            continue
        shots += 1
        setup = shot_setup(session.state, session.options)
        flick = setup.flick(rng.uniform(0.6, 1.0), rng.uniform(1.0, 3.0)).clamped()
        result = simulate(
            session.board_spec,
            setup.caps,
            setup.positions,
            flick,
            setup.pinned,
            policy=policy,
        )
        session.judge(flick, result)
    data = json.loads(json.dumps(session.to_dict()))
    assert data["version"] == RECORD_VERSION == 9
    data["version"] = version
    back = session_from_dict(data, "old-game.json")
    shots = [a for a in back.actions if hasattr(a, "policy")]
    assert shots and all(a.policy is policy for a in shots)
    assert back.state == session.state
    assert all(c.matches for c in check_record(back))
    assert all(a["steps"] == policy.value for a in back.to_dict()["actions"] if a["kind"] == "shot")


def test_a_slide_past_a_crowd_rests_where_the_guide_and_the_adaptive_steps_say() -> None:
    """A hard slide that passes a packed crowd 2 mm off, touching nothing, is stepped as the
    adaptive policy steps it: the flick guide's lone-slide sum and the planner's stay exact."""
    caps = [CapType.CROWN, CapType.LEAD, CapType.GLASS, CapType.WAX]
    places = [(0.4, 1.0), (1.2, 1.0 + 0.016 + 0.016 + 0.002), (1.25, 1.06), (1.3, 1.09)]
    for speed in (3.0, 5.0, MAX_SPEED):
        flick = Flick(0, 0.0, speed)
        for policy in (StepPolicy.SWEPT, NEWEST):
            swept = simulate(SPEC, caps, places, flick, trace=False, policy=policy)
            adaptive = simulate(SPEC, caps, places, flick, trace=False, policy=StepPolicy.ADAPTIVE)
            assert swept.contacts == () and swept.rest[0][0] > 1.3
            assert (swept.rest, swept.steps) == (adaptive.rest, adaptive.steps)
            guide = flick_guide(caps, places, 0, 0.0, speed)
            assert guide.touches is None and math.dist(guide.rest, swept.rest[0]) < 1e-9
            summed = World(SPEC, caps, places, policy=policy).shoot(flick)
            assert math.dist(summed.rest[0], swept.rest[0]) < 1e-9
            assert summed.steps == swept.steps
